"""A rendered table for the vision tests: a felt of known size with cards at known plan positions, seen through a known homography."""

from __future__ import annotations

import cv2
import numpy as np

from vision.calibration import Zone
from vision.synthetic import CARD_ASPECT, Deck

PLAN = (1600.0, 900.0)  # felt of a test table, mm
PLAN_B = (1000.0, 560.0)  # a close view: cards about 115 px wide on a 1920x1080 picture
VIEW = cv2.getPerspectiveTransform(np.array([[0, 0], [PLAN_B[0], 0], [PLAN_B[0], PLAN_B[1]], [0, PLAN_B[1]]], np.float32),
                                   np.array([(90, 40), (1830, 60), (1880, 1050), (40, 1030)], np.float32)).astype(np.float64)
ZONES = [  # zones of the close view
    Zone("board", "board", ((260, 110), (740, 110), (740, 450), (260, 450))),
    Zone("seat 2", "showdown", ((30, 20), (250, 20), (250, 200), (30, 200)), 2),
    Zone("seat 5", "showdown", ((750, 20), (970, 20), (970, 200), (750, 200)), 5),
    Zone("muck", "muck", ((40, 400), (240, 400), (240, 540), (40, 540))),
]


def render_table(deck: Deck, plan_to_image: np.ndarray, cards: list[tuple[str, float, float, float]], *, felt: tuple[int, int, int] = (40, 105, 30),
                 oval: bool = False, size: tuple[int, int] = (1920, 1080), seed: int = 0, plan: tuple[float, float] = PLAN) -> np.ndarray:
    """A rectangular (or oval) felt of ``plan`` mm with cards (id, x_mm, y_mm, angle), seen through ``plan_to_image``, on a wooden floor."""
    rng = np.random.default_rng(seed)
    ppm = 2.0  # render the plan at 2 px/mm, then warp
    pw, ph = int(plan[0] * ppm), int(plan[1] * ppm)
    canvas = np.zeros((ph, pw, 3), np.float32)
    canvas[:] = felt
    canvas += rng.normal(0, 4, canvas.shape).astype(np.float32)
    for card, x, y, ang in cards:
        face = deck.faces[card]
        cw, ch = 63 * ppm, 63 * CARD_ASPECT * ppm
        src = np.array([[0, 0], [face.shape[1] - 1, 0], [face.shape[1] - 1, face.shape[0] - 1], [0, face.shape[0] - 1]], np.float32)
        a = np.deg2rad(ang)
        R = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        corners = (np.array([[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]]) @ R.T + [x * ppm, y * ppm]).astype(np.float32)
        x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 2, 0)
        x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 2, (pw, ph))
        M = cv2.getPerspectiveTransform(src, corners - np.array([x0, y0], np.float32))
        warped = cv2.warpPerspective(face, M, (int(x1 - x0), int(y1 - y0)), flags=cv2.INTER_AREA)
        alpha = warped[:, :, 3:4].astype(np.float32) / 255
        roi = canvas[y0:y1, x0:x1]
        roi[:] = roi * (1 - alpha) + warped[:, :, :3].astype(np.float32) * alpha
    mask = np.zeros((ph, pw), np.uint8)
    if oval:
        cv2.ellipse(mask, (pw // 2, ph // 2), (pw // 2 - 2, ph // 2 - 2), 0, 0, 360, 255, -1)
    else:
        mask[:] = 255
    W, H = size
    to_img = plan_to_image @ np.diag([1 / ppm, 1 / ppm, 1.0])
    warped_plan = cv2.warpPerspective(canvas, to_img, (W, H), flags=cv2.INTER_AREA)
    warped_mask = cv2.warpPerspective(mask, to_img, (W, H), flags=cv2.INTER_AREA).astype(np.float32)[..., None] / 255
    floor = np.zeros((H, W, 3), np.float32)
    floor[:] = (40, 70, 110)  # wood
    floor += cv2.resize(rng.normal(0, 12, (H // 8, W // 8, 3)).astype(np.float32), (W, H))
    img = floor * (1 - warped_mask) + warped_plan * warped_mask
    img += rng.normal(0, 2.0, img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)
