"""Corner-index proposals on a whole photo, without calibration.

``propose_indices`` finds candidate boxes around card corner indices (a rank glyph over a suit pip, in any
rotation) at any scale and on any surface. It looks for ink, not for paper: a glyph is a small blob much darker
than its own surroundings (morphological black-hat on the darkest colour channel, so red ink is as dark as
black), found at five scales half an octave apart; blobs of similar size close together are paired as rank
and suit in any direction (a "10" is two rank blobs, joined first), each pair is scored by a small network
fitted on ``corner_photos`` (``vision.proposals_fit``, weights in ``vision.proposal_weights``) and boxed
axis-aligned with the margin the labelled boxes there have around their glyphs. The boxes are meant for a
classifier that also says "not an index", so the proposer errs on the generous side and leaves the rejecting
to it. docs/vision_proposals.md says how and what was measured.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision import proposal_weights as weights

from .errors import VisionError

__all__ = [
    "Box",
    "FEATURES",
    "MARGINS",
    "pair_candidates",
    "ProposalError",
    "propose_indices",
    "score_pairs",
]


class ProposalError(VisionError):
    """An image the proposer cannot read (empty, wrong type or shape) or settings it cannot use."""


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in the pixels of the image given, with the proposer's plausibility score."""

    x0: float
    y0: float
    x1: float
    y1: float
    score: float = 0.0

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def cut(self, image: np.ndarray) -> np.ndarray:
        """The pixels of ``image`` inside the box, at least one each way (a view, not a copy)."""
        top, left = int(self.y0), int(self.x0)
        return image[top:max(int(math.ceil(self.y1)), top + 1), left:max(int(math.ceil(self.x1)), left + 1)]

    def iou(self, other: Box) -> float:
        """Intersection over union with ``other``."""
        iw = min(self.x1, other.x1) - max(self.x0, other.x0)
        ih = min(self.y1, other.y1) - max(self.y0, other.y0)
        if iw <= 0 or ih <= 0:
            return 0.0
        inter = iw * ih
        return inter / (self.width * self.height + other.width * other.height - inter)


# Working resolution: the short side is brought down to this (never enlarged), so the cost is bounded.
WORK_SIDE = 640
# Glyph blobs are looked for at these heights in the pixels of each pyramid level; the levels shrink the
# working image by these factors (half an octave apart, so every glyph is well inside one level's range).
GLYPH_MIN_PX = 4
GLYPH_MAX_PX = 26
LEVELS = (1.0, 2**0.5, 2.0, 2**1.5, 4.0)
# Black-hat window (pixels of a level): larger than any glyph looked for there, so a whole pip is filled.
HAT_PX = 31
# Ink: darker than the local paper (the closing) by this fraction of it and by at least this many levels.
INK_RELATIVE = (0.16, 0.32)
INK_ABSOLUTE = 14
# Blobs joined into one glyph: their boxes at most this fraction of the larger one apart, sizes within this ratio.
MERGE_GAP = 0.3
MERGE_RATIO = 1.8
# Rank and suit: centres 0.45-1.9 of the larger glyph apart, sizes within this ratio.
PAIR_MIN_DIST = 0.45
PAIR_MAX_DIST = 1.9
PAIR_RATIO = 2.8
# What the scorer is told of a pair (``_pairs``), in this order, then whether a glyph was joined from two blobs.
FEATURES = ("distance", "size_ratio", "gap", "contrast_min", "contrast_max", "fill_min", "fill_max", "ink_inside", "ink_ring", "fill_difference")
# Each pair is boxed with each margin (a fraction of its union's long side on every side), the score lowered by
# the margin's cost: the webcam labels sit close around the glyphs, the phone labels leave more paper.
MARGINS = ((0.1, 0.0), (0.2, 2.0))
# Suppression looks at this many times the proposals asked for, the best scored.
NMS_POOL = 20


@dataclass(frozen=True)
class _Blobs:
    """Glyph blobs of one level, in working pixels: bounding boxes, contrast (a fraction of the paper's brightness), fill."""

    x0: np.ndarray
    y0: np.ndarray
    x1: np.ndarray
    y1: np.ndarray
    contrast: np.ndarray
    fill: np.ndarray


def _check_image(image: object) -> np.ndarray:
    if not isinstance(image, np.ndarray):
        raise ProposalError(f"image must be a numpy array, got {type(image).__name__}")
    if image.size == 0:
        raise ProposalError(f"image is empty (shape {image.shape})")
    if image.dtype != np.uint8:
        raise ProposalError(f"image must be 8-bit (uint8), got dtype {image.dtype}")
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[:, :, 0]
    if image.ndim == 3 and image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if not (image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 3)):
        raise ProposalError(f"image must be grey (H, W) or BGR (H, W, 3), got shape {image.shape}")
    if min(image.shape[:2]) < 32:
        raise ProposalError(f"image is too small to hold a card index: {image.shape[1]}x{image.shape[0]}")
    return image


def _darkness_channel(image: np.ndarray) -> np.ndarray:
    """The darkest channel of each pixel: red ink on white paper is as dark there as black ink."""
    if image.ndim == 2:
        return image
    return np.asarray(cv2.min(cv2.min(image[:, :, 0], image[:, :, 1]), image[:, :, 2]))


def _components(ink: np.ndarray, grow: int = 0) -> np.ndarray:
    """Connected components' boxes and areas (rows x, y, w, h, area), each box grown by ``grow`` pixels."""
    _n, _labels, stats, _cent = cv2.connectedComponentsWithStatsWithAlgorithm(ink, 8, cv2.CV_32S, cv2.CCL_GRANA)
    stats = stats[1:].copy()
    if grow:
        x0, y0 = np.maximum(stats[:, 0] - grow, 0), np.maximum(stats[:, 1] - grow, 0)
        stats[:, 2] = np.minimum(stats[:, 0] + stats[:, 2] + grow, ink.shape[1]) - x0
        stats[:, 3] = np.minimum(stats[:, 1] + stats[:, 3] + grow, ink.shape[0]) - y0
        stats[:, 0], stats[:, 1] = x0, y0
    return np.asarray(stats)


def _repeated(stats: np.ndarray) -> np.ndarray:
    """Rows that repeat an earlier row's box to within a pixel or a tenth of its size (the same glyph found by
    another cut): pairing each copy would only multiply the same pair."""
    x, y, w, h = (stats[:, i].astype(np.float32) for i in range(4))
    tol = np.maximum(1.0, 0.1 * np.maximum(w, h))
    i, j = _near_pairs(x + w / 2, tol)
    same = (np.abs(x[i] - x[j]) <= tol[i]) & (np.abs(y[i] - y[j]) <= tol[i]) & (np.abs(w[i] - w[j]) <= tol[i]) & (np.abs(h[i] - h[j]) <= tol[i])
    return np.unique(np.maximum(i[same], j[same]))


def _level_blobs(grey: np.ndarray) -> tuple[_Blobs, np.ndarray]:
    """Dark blobs of glyph size on one pyramid level (black-hat over the local paper's brightness).

    The ink is cut at a low and at a high contrast: a faint or blurred glyph shows only at the low one, and a
    glyph touching a card's shadowed edge or a picture's frame comes apart from it at the high one or once the
    low one's ink is eroded a pixel (its thin bridge goes first). Returns the blobs and the integral image of
    the low cut's ink.
    """
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (HAT_PX, HAT_PX))
    closed = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, kernel)
    hat = cv2.subtract(closed, grey)
    paper = closed.astype(np.float32)
    cuts = [(hat > np.maximum(paper * rel, INK_ABSOLUTE)).astype(np.uint8) for rel in INK_RELATIVE]
    thin = cv2.erode(cuts[0], cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3)))
    stats = np.concatenate([_components(c) for c in cuts] + [_components(thin, grow=1)])
    x, y, w, h, area = (stats[:, i] for i in range(5))
    long_side = np.maximum(w, h)
    keep = (long_side >= GLYPH_MIN_PX) & (long_side <= GLYPH_MAX_PX) & (np.minimum(w, h) >= 2) & (area >= 0.12 * w * h)
    keep[np.nonzero(keep)[0][_repeated(stats[keep])]] = False
    x, y, w, h, area = x[keep], y[keep], w[keep], h[keep], area[keep]
    f32 = np.float32
    x0, y0, x1, y1 = x.astype(f32), y.astype(f32), (x + w).astype(f32), (y + h).astype(f32)
    # contrast: the ink's mean depth in the blob's box, a fraction of the paper's mean brightness there
    ink_sum = cv2.integral(cuts[0])
    depth = _box_mean(cv2.integral(cv2.multiply(hat, cuts[0])), x0, y0, x1, y1) / np.maximum(_box_mean(ink_sum, x0, y0, x1, y1), 1e-3)
    contrast = depth / np.maximum(_box_mean(cv2.integral(closed), x0, y0, x1, y1), 1.0)
    return _Blobs(x0, y0, x1, y1, contrast.astype(f32), (area / (w * h)).astype(f32)), ink_sum


def _near_pairs(cx: np.ndarray, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i, j), i != j, whose centres lie within ``reach`` of the first's across x (sorted sweep)."""
    order = np.argsort(cx, kind="stable")
    xs, rs = cx[order], reach[order]
    hi = np.searchsorted(xs, xs + rs, side="right")
    count = hi - np.arange(len(xs)) - 1
    first = np.repeat(np.arange(len(xs)), count)
    offset = np.arange(first.size) - np.repeat(np.cumsum(count) - count, count)
    return order[first], order[first + 1 + offset]


def _gaps(b: _Blobs, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """The gap between two blobs' boxes (negative where they overlap on both axes)."""
    gap_x = np.maximum(b.x0[i], b.x0[j]) - np.minimum(b.x1[i], b.x1[j])
    gap_y = np.maximum(b.y0[i], b.y0[j]) - np.minimum(b.y1[i], b.y1[j])
    return np.asarray(np.maximum(gap_x, gap_y))


def _with_merged(b: _Blobs) -> tuple[_Blobs, np.ndarray]:
    """The blobs plus unions of two near blobs of like size (a "10", a glyph broken in two); parts of each."""
    n = len(b.x0)
    size = np.maximum(b.x1 - b.x0, b.y1 - b.y0)
    i, j = _near_pairs((b.x0 + b.x1) / 2, size * MERGE_RATIO * (1 + MERGE_GAP))
    small, big = np.minimum(size[i], size[j]), np.maximum(size[i], size[j])
    near = (_gaps(b, i, j) <= MERGE_GAP * big) & (big <= MERGE_RATIO * small)
    i, j = i[near], j[near]
    parts = np.concatenate([np.stack([np.arange(n), np.arange(n)], 1), np.stack([i, j], 1)]).astype(np.int32)
    merged = _Blobs(
        np.concatenate([b.x0, np.minimum(b.x0[i], b.x0[j])]),
        np.concatenate([b.y0, np.minimum(b.y0[i], b.y0[j])]),
        np.concatenate([b.x1, np.maximum(b.x1[i], b.x1[j])]),
        np.concatenate([b.y1, np.maximum(b.y1[i], b.y1[j])]),
        np.concatenate([b.contrast, np.minimum(b.contrast[i], b.contrast[j])]),
        np.concatenate([b.fill, np.full(len(i), -1.0, np.float32)]),
    )
    return merged, parts


def _pairs(b: _Blobs, parts: np.ndarray, ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rank-and-suit pairs: their glyphs' union (x0, y0, x1, y1) and features (``FEATURES``) of each.

    Pairs are blobs of similar size a glyph or two apart in any direction, not parts of each other.
    """
    size = np.maximum(b.x1 - b.x0, b.y1 - b.y0)
    cx, cy = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
    i, j = _near_pairs(cx, size * PAIR_RATIO * PAIR_MAX_DIST)
    dist = np.hypot(cx[i] - cx[j], cy[i] - cy[j])
    small, bg = np.minimum(size[i], size[j]), np.maximum(size[i], size[j])
    pi, pj = parts[i], parts[j]
    shared = (pi[:, 0] == pj[:, 0]) | (pi[:, 0] == pj[:, 1]) | (pi[:, 1] == pj[:, 0]) | (pi[:, 1] == pj[:, 1])
    ok = (dist >= PAIR_MIN_DIST * bg) & (dist <= PAIR_MAX_DIST * bg) & (bg <= PAIR_RATIO * small) & ~shared
    i, j, dist, small, bg = i[ok], j[ok], dist[ok], small[ok], bg[ok]
    x0, y0 = np.minimum(b.x0[i], b.x0[j]), np.minimum(b.y0[i], b.y0[j])
    x1, y1 = np.maximum(b.x1[i], b.x1[j]), np.maximum(b.y1[i], b.y1[j])
    # ink over the union's box and over a ring of half a glyph around it (paper there is empty)
    inner = _box_mean(ink, x0, y0, x1, y1)
    pad = 0.5 * bg
    outer = _box_mean(ink, x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    area_in, area_out = (x1 - x0) * (y1 - y0), (x1 - x0 + 2 * pad) * (y1 - y0 + 2 * pad)
    ring = (outer * area_out - inner * area_in) / np.maximum(area_out - area_in, 1.0)
    feats = np.stack(
        [
            dist / bg,
            small / bg,
            _gaps(b, i, j) / bg,
            np.minimum(b.contrast[i], b.contrast[j]),
            np.maximum(b.contrast[i], b.contrast[j]),
            np.minimum(b.fill[i], b.fill[j]),
            np.maximum(b.fill[i], b.fill[j]),
            inner,
            ring,
            np.abs(b.fill[i] - b.fill[j]) * (b.fill[i] >= 0) * (b.fill[j] >= 0),
        ],
        1,
    )
    return np.stack([x0, y0, x1, y1], 1), feats


def _box_mean(ink: np.ndarray, x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray) -> np.ndarray:
    """Mean of an image over boxes, from its integral image (``ink``, one larger each way)."""
    hh, ww = ink.shape[0] - 1, ink.shape[1] - 1
    xa, xb = np.clip(x0, 0, ww).astype(np.int32), np.clip(x1, 0, ww).astype(np.int32)
    ya, yb = np.clip(y0, 0, hh).astype(np.int32), np.clip(y1, 0, hh).astype(np.int32)
    total = ink[yb, xb] - ink[ya, xb] - ink[yb, xa] + ink[ya, xa]
    return np.asarray(total / np.maximum((xb - xa) * (yb - ya), 1), np.float32)


def score_pairs(feats: np.ndarray) -> np.ndarray:
    """Plausibility of each pair as an index (a logit): the small network of ``vision.proposal_weights``."""
    return np.asarray(_network(_inputs(feats)), np.float32)


def _inputs(feats: np.ndarray) -> np.ndarray:
    """The scorer's inputs: the features, a merged glyph's unknown fill set to 0.5, and a merged-glyph flag."""
    f = feats.astype(np.float32)
    merged = f[:, 5] < 0
    f[:, 5:7] = np.where(f[:, 5:7] < 0, 0.5, f[:, 5:7])
    return np.concatenate([f, merged[:, None].astype(np.float32)], 1)


def _network(z: np.ndarray) -> np.ndarray:
    w = weights
    x = (z - np.asarray(w.MEAN, np.float32)) / np.asarray(w.SCALE, np.float32)
    h = np.tanh(x @ np.asarray(w.HIDDEN, np.float32) + np.asarray(w.HIDDEN_BIAS, np.float32))
    return np.asarray(h @ np.asarray(w.OUTPUT, np.float32) + np.float32(w.OUTPUT_BIAS))


def _boxed(union: np.ndarray, score: np.ndarray) -> np.ndarray:
    """Each union boxed at each margin: rows (x0, y0, x1, y1, score), the score lowered by the margin's cost."""
    x0, y0, x1, y1 = union.T
    s = np.maximum(x1 - x0, y1 - y0)
    rows = [np.stack([x0 - m * s, y0 - m * s, x1 + m * s, y1 + m * s, score - cost], 1) for m, cost in MARGINS]
    return np.concatenate(rows)


def _nms(rows: np.ndarray, iou: float, limit: int) -> np.ndarray:
    if len(rows) == 0:
        return rows
    # only the best few times the limit are considered: suppression among tens of thousands costs a second
    if len(rows) > NMS_POOL * limit:
        rows = rows[np.argpartition(-rows[:, 4], NMS_POOL * limit)[: NMS_POOL * limit]]
    xywh = np.stack([rows[:, 0], rows[:, 1], rows[:, 2] - rows[:, 0], rows[:, 3] - rows[:, 1]], 1)
    scores = rows[:, 4] - rows[:, 4].min() + 1.0  # NMSBoxes wants scores above its threshold of 0
    # top_k is not used: NMSBoxes applies it to the candidates before suppression, not to what it keeps
    keep = cv2.dnn.NMSBoxes(xywh.tolist(), scores.tolist(), 0.0, iou)
    return rows[np.asarray(keep, dtype=np.int64).reshape(-1)[:limit]]


def pair_candidates(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every rank-and-suit pair found on ``image``: the glyphs' union boxes (rows x0, y0, x1, y1, in the image's
    pixels, no margin) and their features (``FEATURES``), for scoring and for fitting the scorer."""
    img = _check_image(image)
    scale = min(1.0, WORK_SIDE / min(img.shape[:2]))
    dark = _darkness_channel(img)
    if scale < 1.0:
        dark = cv2.resize(dark, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    unions, feats = [], []
    for factor in LEVELS:
        level = dark if factor == 1 else cv2.resize(dark, None, fx=1 / factor, fy=1 / factor, interpolation=cv2.INTER_AREA)
        blobs, ink = _level_blobs(level)
        merged, parts = _with_merged(blobs)
        union, feat = _pairs(merged, parts, ink)
        unions.append(union * (factor / scale))
        feats.append(feat)
    return np.concatenate(unions).astype(np.float32), np.concatenate(feats).astype(np.float32)


def propose_indices(
    image: np.ndarray,
    *,
    min_size: float = 0.02,
    max_size: float = 0.35,
    max_proposals: int = 150,
    overlap: float = 0.7,
) -> list[Box]:
    """Candidate corner-index boxes on ``image`` (BGR or grey, uint8), best first.

    ``min_size``/``max_size``: the index box's long side as a fraction of the image's short side (the labelled
    indices of ``corner_photos`` run from 1 % to 37 %, 3.4 % of them above 25 %). At most ``max_proposals``
    boxes, none overlapping another by more than ``overlap`` (IoU). Raises ``ProposalError`` on bad input.
    """
    if not 0 < min_size < max_size <= 1:
        raise ProposalError(f"need 0 < min_size < max_size <= 1, got {min_size} and {max_size}")
    if max_proposals < 1:
        raise ProposalError(f"max_proposals must be at least 1, got {max_proposals}")
    if not 0 < overlap <= 1:
        raise ProposalError(f"overlap must be in (0, 1], got {overlap}")
    unions, feats = pair_candidates(image)
    rows = _boxed(unions, score_pairs(feats))
    h, w = image.shape[:2]
    short = min(h, w)
    long_side = np.maximum(rows[:, 2] - rows[:, 0], rows[:, 3] - rows[:, 1])
    rows = rows[(long_side >= min_size * short) & (long_side <= max_size * short)]
    kept = _nms(rows, overlap, max_proposals)
    return [Box(max(0.0, float(x0)), max(0.0, float(y0)), min(float(w), float(x1)), min(float(h), float(y1)), float(sc)) for x0, y0, x1, y1, sc in kept]
