"""Turning an upright index picture (or a real photo's box) into the crop a camera would give.

Geometry: any rotation, a little perspective, the photos' stretched aspect, the index 16-80 pixels
long; the crop is the tight box of the index's ink *after* the warp (what a hand-drawn axis-aligned
box holds), each side moved by up to :data:`BOX_JITTER` of the box. Light and camera: colour
casts, contrast, shadow ramps, glare, blur, noise, salt-and-pepper specks, JPEG, sometimes grey.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.training.photos import PhotoBox, jittered
from vision.training.render import IndexPicture, Picture

BOX_JITTER = 0.15
LOOSE_SHARE = 0.35
"""The share of crops cut loose (:func:`loosened`): the console hands the reader a corner's patch, and a proposal finder
its box, round more than the index alone."""
LOOSE_GROWTH = 0.4
"""How far a loose crop's sides move out, at most, as a share of the box's size."""
Box = tuple[float, float, float, float]


def _homography(centre: tuple[float, float], angle: float, scale: float, stretch: float, warp: float, rng: np.random.Generator) -> npt.NDArray[np.float64]:
    cx, cy = centre
    to_origin = np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1]], np.float64)
    cos, sin = np.cos(angle), np.sin(angle)
    turn = np.array([[cos, -sin, 0], [sin, cos, 0], [0, 0, 1]], np.float64)
    squash = np.diag([scale * stretch, scale / stretch, 1.0])
    tilt = np.eye(3)
    tilt[2, :2] = rng.uniform(-warp, warp, 2)
    return tilt @ squash @ turn @ to_origin


def _apply(matrix: npt.NDArray[np.float64], points: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    return np.asarray(cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32), matrix), np.float32).reshape(-1, 2)


def _render(source: Picture, matrix: npt.NDArray[np.float64], box: Box, long_side: float) -> Picture:
    """The warped source inside ``box`` (output pixels), drawn finer and shrunk when small so nothing aliases."""
    fine = max(1.0, min(4.0, 48.0 / max(long_side, 1.0)))
    left, top, right, bottom = box
    width, height = max(4, int(round(right - left))), max(4, int(round(bottom - top)))
    shift = np.array([[fine, 0, -left * fine], [0, fine, -top * fine], [0, 0, 1]], np.float64)
    size = (max(4, int(round(width * fine))), max(4, int(round(height * fine))))
    drawn = cv2.warpPerspective(source, shift @ matrix, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    if fine > 1.0:
        drawn = cv2.resize(drawn, (width, height), interpolation=cv2.INTER_AREA)
    return np.asarray(drawn, np.uint8)


def loosened(box: Box, rng: np.random.Generator) -> Box:
    """The box, or (:data:`LOOSE_SHARE` of the time) the box with each side moved out by up to :data:`LOOSE_GROWTH` of its
    size: the print beside an index (a big pip's edge, a court card's frame line, the card's edge) then comes into the
    crop, as it does in a corner patch cut by the console, and the index must still be read."""
    if rng.random() >= LOOSE_SHARE:
        return box
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    out = rng.uniform(0.0, LOOSE_GROWTH, 4)
    return left - out[0] * width, top - out[1] * height, right + out[2] * width, bottom + out[3] * height


def warped_crop(item: IndexPicture, rng: np.random.Generator, jitter: float = BOX_JITTER, loose: bool = False) -> Picture:
    """The axis-aligned crop around the index of ``item`` seen at a random angle, size and tilt (``loose``: sometimes cut
    loose, :func:`loosened`; for an index on a whole card face, whose print beside it is real)."""
    points = cv2.findNonZero(item.ink)
    if points is None:
        raise ValueError("an index picture without ink")
    ink = points.reshape(-1, 2).astype(np.float32)
    if len(ink) > 400:
        ink = ink[rng.choice(len(ink), 400, replace=False)]
    centre = (float(ink[:, 0].mean()), float(ink[:, 1].mean()))
    long_side = float(np.exp(rng.uniform(np.log(16), np.log(80))))
    matrix = _homography(centre, rng.uniform(0, 2 * np.pi), 1.0, np.exp(rng.uniform(-0.25, 0.25)), 0.0015, rng)
    moved = _apply(matrix, ink)
    extent = max(float(moved[:, 0].max() - moved[:, 0].min()), float(moved[:, 1].max() - moved[:, 1].min()), 1.0)
    matrix = np.diag([long_side / extent, long_side / extent, 1.0]) @ matrix
    moved = _apply(matrix, ink)
    box = jittered((float(moved[:, 0].min()), float(moved[:, 1].min()), float(moved[:, 0].max()) + 1, float(moved[:, 1].max()) + 1), jitter, rng)
    return _render(item.picture, matrix, loosened(box, rng) if loose else box, long_side)


def photo_crop(photo: Picture, box: PhotoBox, rng: np.random.Generator, jitter: float = BOX_JITTER) -> Picture:
    """A real box re-seen: turned a right angle or a few degrees more, stretched, shrunk, its sides jittered."""
    left, top, right, bottom = box.box
    centre = ((left + right) / 2, (top + bottom) / 2)
    tilt = rng.uniform(-0.2, 0.2) if rng.random() < 0.5 else 0.0
    angle = rng.integers(4) * np.pi / 2 + tilt
    extent = max(right - left, bottom - top)
    scale = float(np.clip(np.exp(rng.uniform(np.log(0.6), np.log(1.1))), 16.0 / extent, 90.0 / extent))
    matrix = _homography(centre, angle, scale, np.exp(rng.uniform(-0.2, 0.2)), 0.0008, rng)
    shrink = 0.9 - 0.6 * abs(np.sin(tilt))  # a tilted box's corners lie outside its ink
    half_w, half_h = (right - left) / 2 * shrink, (bottom - top) / 2 * shrink
    corners = np.array([[centre[0] + sx * half_w, centre[1] + sy * half_h] for sx in (-1, 1) for sy in (-1, 1)], np.float32)
    moved = _apply(matrix, corners)
    tight = (float(moved[:, 0].min()), float(moved[:, 1].min()), float(moved[:, 0].max()), float(moved[:, 1].max()))
    return _render(photo, matrix, loosened(jittered(tight, jitter, rng), rng), max(tight[2] - tight[0], tight[3] - tight[1]))


def camera(crop: Picture, rng: np.random.Generator, strength: float = 1.0) -> Picture:
    """Light and camera faults on a crop: cast, contrast, shadow, glare, blur, noise, specks, JPEG, grey."""
    picture = crop.astype(np.float32)
    height, width = picture.shape[:2]
    picture *= rng.uniform(1 - 0.2 * strength, 1 + 0.2 * strength, 3).astype(np.float32)
    picture = (picture - 128) * rng.uniform(1 - 0.4 * strength, 1 + 0.15 * strength) + 128 + rng.uniform(-40, 30) * strength
    if rng.random() < 0.4 * strength:
        ramp = np.linspace(rng.uniform(0.45, 1.0), 1.0, width if rng.random() < 0.5 else height, dtype=np.float32)
        picture *= (ramp[None, :, None] if len(ramp) == width else ramp[:, None, None])
    if rng.random() < 0.25 * strength:
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        spot = np.exp(-((xx - rng.uniform(0, width)) ** 2 + (yy - rng.uniform(0, height)) ** 2) / (2 * (max(height, width) * rng.uniform(0.2, 0.6)) ** 2))
        picture += (spot * rng.uniform(60, 200))[:, :, None]
    picture = np.clip(picture, 0, 255)
    sigma = rng.uniform(0, 1.0) * strength * max(1.0, min(height, width) / 30)
    if sigma > 0.3:
        picture = np.asarray(cv2.GaussianBlur(picture, (0, 0), sigma), np.float32)
    picture += rng.normal(0, rng.uniform(0, 8) * strength, picture.shape).astype(np.float32)
    if rng.random() < 0.3 * strength:
        specks = rng.random((height, width)) < rng.uniform(0.002, 0.03)
        picture[specks] = rng.choice([0.0, 255.0], (int(specks.sum()), 1))
    out = np.clip(picture, 0, 255).astype(np.uint8)
    if rng.random() < 0.5 * strength:
        ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            out = np.asarray(decoded, np.uint8)
    if rng.random() < 0.08:
        out = np.asarray(cv2.cvtColor(out, cv2.COLOR_BGR2GRAY), np.uint8)
    return np.asarray(out, np.uint8)
