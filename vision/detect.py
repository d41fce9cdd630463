"""Card detection on an overhead frame.

Segmentation uses a model of the felt, not one global threshold: the felt's chroma is the frame's
median chroma, its lightness is estimated locally (a coarse lower envelope, so uneven light and soft
glare move the reference with them).  A pixel is "card" when it is much lighter than the local felt
or far from the felt's chroma.  Blobs are then judged against the card size expected from the
calibration scale (``card_width_px``): a blob the size of one card becomes one card; a blob the size
of two overlapping cards (hole cards at showdown) becomes two hypotheses, one at each end, so that
each card can be read from its visible corner index.

On a table as light as the paper (white laminate, pale wood) the felt model finds no card: cards apart are then found
by their outlines (:mod:`vision.outlines`), whatever the table's colour, and merged with the felt model's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from .outlines import outline_cover, outline_quads
from .synthetic import CARD_ASPECT

__all__ = ["detect_cards", "Detection", "DetectorConfig", "felt_level", "quads_area", "segment", "shrink"]


@dataclass
class Detection:
    quad: np.ndarray  # 4x2 float32 in frame coords, ordered so the long side is vertical (TL, TR, BR, BL)
    kind: str  # 'single' or 'pair-part'
    blob: int  # id of the blob it came from; alternatives from one blob share it
    alternatives: list[np.ndarray] | None = None  # other plausible quads for the same card (e.g. 90-degree ambiguity)


@dataclass
class DetectorConfig:
    card_width_px: float = 115.0  # from the table calibration (card width at the plan's scale)
    scale: float = 0.5  # working resolution as a fraction of the frame
    light_delta: float = 38.0  # card lighter than the local felt by this much (Lab L, 0-255)
    chroma_delta: float = 40.0  # or this far from the felt's chroma (Lab a,b)
    size_tolerance: float = 0.25  # a single card's sides within +-25 % of nominal
    # The table calibration's homography (camera pixels -> plan, in any unit) and a card's width in that unit.  With
    # both, a card is read at the size it has where it lies: the camera is never quite overhead, so a card near the
    # camera's side of the table shows up to a tenth larger than one across it, and longer in one direction than in
    # the other (``card_width_px`` stays the nominal size, for the tolerances).
    to_plan: np.ndarray | None = None
    card_width_plan: float = 0.0
    # The empty table learnt (a :class:`vision.background.TableBackground`): with it, the card area is what differs from
    # the empty table, whatever the table's colours, instead of what is lighter than or far in colour from the felt.
    background: Any = None
    # Cards found by their outlines too (vision.outlines), where the felt model finds none: on a table as light as the
    # paper.  Off: the felt model alone, as before.
    outlines: bool = True

    def widths_along(self, at: np.ndarray, *directions: np.ndarray) -> list[np.ndarray]:
        """A card's width in frame pixels measured along each of ``directions`` (unit vectors, one row per point of
        ``at``, N x 2) at the points ``at``: the nominal ``card_width_px`` everywhere without a calibration's homography."""
        at = np.asarray(at, np.float64).reshape(-1, 2)
        if self.to_plan is None or self.card_width_plan <= 0:
            return [np.full(len(at), self.card_width_px) for _ in directions]
        h = np.asarray(self.to_plan, np.float64)
        p = np.column_stack([at, np.ones(len(at))])
        w = p @ h[2]
        u, v = (p @ h[0]) / w, (p @ h[1]) / w
        # The homography's Jacobian at each point: plan units per frame pixel along x and y.
        jux, juy = (h[0, 0] - u * h[2, 0]) / w, (h[0, 1] - u * h[2, 1]) / w
        jvx, jvy = (h[1, 0] - v * h[2, 0]) / w, (h[1, 1] - v * h[2, 1]) / w
        out = []
        for d in directions:
            d = np.asarray(d, np.float64).reshape(-1, 2)
            plan = np.hypot(jux * d[:, 0] + juy * d[:, 1], jvx * d[:, 0] + jvy * d[:, 1])
            out.append(self.card_width_plan / np.maximum(plan, 1e-12))
        return out


def _order_portrait(pts: np.ndarray) -> np.ndarray:
    """Order 4 corners TL, TR, BR, BL (image sense) and rotate so the first edge is a short side."""
    c = pts.mean(0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    p = pts[np.argsort(ang)]  # clockwise in image coords starting near -pi (left)
    # Make p[0]->p[1] the short edge.
    if np.linalg.norm(p[1] - p[0]) > np.linalg.norm(p[2] - p[1]):
        p = np.roll(p, -1, axis=0)
    return p.astype(np.float32)


def felt_level(light: np.ndarray, card_width_px: float, scale: float) -> np.ndarray:
    """The felt's local lightness under ``light`` (a lightness image at ``scale`` of the frame): a lower envelope on a
    coarse grid (cards are lighter than felt, so a min filter over about two card widths removes them), opened back up
    to the felt's level and smoothed, so uneven light and soft glare move the reference with them."""
    h, w = light.shape
    f = max(2, int(round(32 * scale)))  # coarse cells of ~32 frame pixels whatever the working resolution
    # Averaged over columns, then over rows, in float: the cells of one INTER_AREA pass (none of 79,200 differed on 40
    # scenes of both art sets), in a quarter of the time where the columns' factor is a whole number.
    cols = cv2.resize(light.astype(np.float32, copy=False), (max(1, w // f), h), interpolation=cv2.INTER_AREA)
    coarse = cv2.resize(cols, (max(1, w // f), max(1, h // f)), interpolation=cv2.INTER_AREA)
    if light.dtype == np.uint8:
        coarse = np.rint(coarse).astype(np.uint8)
    k = max(3, int(2.2 * card_width_px * scale / f) | 1)
    env = cv2.erode(coarse, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    env = cv2.dilate(env, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))  # opening: back up to local felt level
    env = cv2.GaussianBlur(env, (0, 0), 2)
    return cv2.resize(env, (w, h), interpolation=cv2.INTER_LINEAR)


def shrink(image: np.ndarray, scale: float) -> np.ndarray:
    """``image`` averaged down to ``scale`` of its size (INTER_AREA).  An eighth, a quarter, ... of a frame whose sides it
    divides is taken by halving again and again: each halving is a vectorised 2x2 mean, and three of them cost half of
    one 8x8 pass (each rounds to whole levels, so a pixel can differ from the one pass's by a level)."""
    h, w = image.shape[:2]
    halvings = -math.log2(scale) if 0 < scale < 1 else 0.0
    if halvings < 1 or halvings != int(halvings) or h % (1 << int(halvings)) or w % (1 << int(halvings)):
        return cv2.resize(image, (int(round(w * scale)), int(round(h * scale))), interpolation=cv2.INTER_AREA)
    for _ in range(int(halvings)):
        image = cv2.resize(image, (image.shape[1] // 2, image.shape[0] // 2), interpolation=cv2.INTER_AREA)
    return image


def _median(levels: np.ndarray) -> float:
    """``np.median`` of a uint8 image, from its histogram (a sort of every pixel costs ten times as much)."""
    below = np.bincount(levels.ravel(), minlength=256).cumsum()
    n = levels.size
    lo, hi = np.searchsorted(below, [(n - 1) // 2, n // 2], side="right").tolist()
    return float(lo + hi) / 2


def segment(frame: np.ndarray, cfg: DetectorConfig) -> np.ndarray:
    """Binary card mask at working resolution."""
    small = shrink(frame, cfg.scale)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    L = lab[:, :, 0].astype(np.float32)
    ab = lab[:, :, 1:].astype(np.float32)
    # Felt chroma: the peak of the chroma histogram among the darker half of the pixels (cards are light,
    # and may cover half the frame when a deck is laid out for teaching, so a plain median would drift).
    dark = L <= _median(lab[:, :, 0])
    hist = cv2.calcHist([lab[:, :, 1:]], [0, 1], dark.astype(np.uint8), [64, 64], [0, 256, 0, 256])
    pa, pb = np.unravel_index(int(np.argmax(hist)), hist.shape)
    felt_ab = np.array([pa * 4 + 2, pb * 4 + 2], np.float32)
    d_ab = ab - felt_ab
    chroma = np.sqrt(d_ab[:, :, 0] ** 2 + d_ab[:, :, 1] ** 2)  # a sum over a last axis of two is slow in numpy
    felt_L = felt_level(L, cfg.card_width_px, cfg.scale)
    mask = ((L - felt_L) > cfg.light_delta) | (chroma > cfg.chroma_delta)
    m = mask.astype(np.uint8) * 255
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    return m


def quads_area(shape: tuple[int, ...], quads: Sequence[np.ndarray], scale: float) -> np.ndarray:
    """The cards whose outlines are ``quads`` (frame pixels) as a mask at ``scale`` of a frame of ``shape``, with a working
    pixel of slack: where cards lie when they were found by their outlines (on a table as light as the paper, its
    colour is no guide)."""
    h, w = shape[:2]
    area = np.zeros((int(round(h * scale)), int(round(w * scale))), np.uint8)
    for q in quads:
        cv2.fillConvexPoly(area, np.round(np.asarray(q) * scale).astype(np.int32), 255)
    return np.asarray(cv2.dilate(area, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))), np.uint8)


def _rect_quad(center: np.ndarray, u: np.ndarray, v: np.ndarray, half_u: float, half_v: float) -> np.ndarray:
    pts = np.array([center - u * half_u - v * half_v, center + u * half_u - v * half_v,
                    center + u * half_u + v * half_v, center - u * half_u + v * half_v], np.float32)
    return _order_portrait(pts)


def detect_cards(frame: np.ndarray, cfg: DetectorConfig | None = None) -> list[Detection]:
    """Cards apart and overlapping pairs on ``frame`` at the calibrated size: blobs of the felt model, and (with
    ``cfg.outlines``, on a colour frame) cards found by their outlines wherever the felt model found none (a white or
    light wooden table, whose colour the paper shares)."""
    cfg = cfg or DetectorConfig()
    found = _felt_blobs(frame, cfg)
    if not cfg.outlines or frame.ndim != 3:
        return found
    s = cfg.scale
    small = shrink(frame, s)
    first = 1 + max((d.blob for d in found), default=-1)
    bigger = _larger_cards(segment(frame, cfg), cfg.card_width_px * s)
    outlined = [Detection(_order_portrait(q / s), "single", first + k)
                for k, q in enumerate(outline_quads(small, cfg.card_width_px * s, cfg.size_tolerance))
                if not any(float(np.linalg.norm(q.mean(axis=0) - c)) < r for c, r in bigger)]
    # Where both found a card apart, its outline places it (the felt model's blob may hold glare or a vein with it); a
    # card the felt model alone found must show most of its outline (a patch of glare or of a pale vein does not).
    centres = [d.quad.mean(axis=0) for d in outlined]
    alone = [d for d in found if d.kind == "single"
             and all(float(np.linalg.norm(d.quad.mean(axis=0) - c)) > 0.5 * cfg.card_width_px for c in centres)]
    cover = outline_cover(small, [d.quad * s for d in alone])
    kept = [d for d in found if d.kind != "single"] + [d for d, c in zip(alone, cover.tolist(), strict=True) if c >= 0.6]
    return kept + outlined


def _larger_cards(mask: np.ndarray, cw: float) -> list[tuple[np.ndarray, float]]:
    """The middles of the card-shaped blobs of ``mask`` (a filled rectangle of aspect about 1.4) much larger than a card
    ``cw`` wide, each with a radius (a sixth of its width): a card seen larger than the calibration says, in the middle
    of which a printed frame or a block of pips would otherwise pass for a card of the calibrated size."""
    out = []
    for k in cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        hull = cv2.convexHull(k)
        area = cv2.contourArea(hull)
        (_, _), (w, h), _ = cv2.minAreaRect(hull)
        short, long_ = sorted((w, h))
        if short >= 1.4 * cw and long_ >= 1.4 * cw * CARD_ASPECT and area / (w * h) > 0.9 and 1.3 <= long_ / short <= 1.5:
            out.append((hull.reshape(-1, 2).mean(axis=0), 0.15 * short))
    return out


def _felt_blobs(frame: np.ndarray, cfg: DetectorConfig) -> list[Detection]:
    m = segment(frame, cfg)
    s = cfg.scale
    cw = cfg.card_width_px * s
    ch = cw * CARD_ASPECT
    tol = cfg.size_tolerance
    area1 = cw * ch
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: list[Detection] = []
    for bi, cnt in enumerate(contours):
        cnt = cv2.convexHull(cnt)  # black pips touching the edge leave notches; the card itself is convex
        area = cv2.contourArea(cnt)
        if area < 0.45 * area1 or area > 2.6 * area1:
            continue
        (cx, cy), (rw, rh), ang = cv2.minAreaRect(cnt)
        if rw <= 0 or rh <= 0:
            continue
        fill = area / (rw * rh)
        a = np.deg2rad(ang)
        u = np.array([np.cos(a), np.sin(a)], np.float32)  # along rw
        v = np.array([-np.sin(a), np.cos(a)], np.float32)  # along rh
        c = np.array([cx, cy], np.float32)
        short, long_ = sorted((rw, rh))
        if abs(short - cw) <= tol * cw and abs(long_ - ch) <= tol * ch and fill > 0.8:
            out.append(Detection(_rect_quad(c, u, v, rw / 2, rh / 2) / s, "single", bi))
            continue
        # Two overlapping cards: one side matches a card side, the other is longer than a card's.
        hyps: list[np.ndarray] = []
        for (da, ua), (db, ub) in (((rw, u), (rh, v)), ((rh, v), (rw, u))):
            # da: the side spanned by both cards; db: the shared side.
            for shared, spanned_len in ((ch, cw), (cw, ch)):
                if abs(db - shared) <= tol * shared and 1.1 * spanned_len < da < 2.05 * spanned_len:
                    for sign in (-1.0, 1.0):
                        cc = c + ua * sign * (da / 2 - spanned_len / 2)
                        hyps.append(_rect_quad(cc, ua, ub, spanned_len / 2, db / 2))
        if hyps and fill > 0.7:
            # Hypotheses come in end pairs; keep all, the recogniser picks by confidence.
            for h in hyps:
                out.append(Detection(h / s, "pair-part", bi))
    return out
