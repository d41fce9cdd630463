"""Cards found by their outlines, whatever the table's colour.

The felt model (:func:`vision.detect.segment`) finds paper much lighter than the table or far from its colour: on a
white laminate or a pale wooden table a card is neither.  Its outline still shows: a straight edge, however faint, in
the lightness all along its sides (the card's edge and the thin shadow it casts), round a margin of paper, at the
calibrated card's size and aspect 1.4.

Straight edges are found with the line segment detector on the lightness, kept where they run beside paper (light and
nearly grey, within a few levels of the lightest about it: a pale wood a tenth darker than the card beside it is not
paper, whatever the light) and where they are no longer than a card (a plank's seam, a printed betting line are).  Each
makes candidates: two edges meeting at right angles near their ends are a card's corner; one edge nearly as long as a
card's side is that side, the card lying on either side of it, slid along it to where the outline shows best.  A
candidate is a card when edges (Canny on the three Lab channels) cover most of its outline, two whole sides meeting at
a corner among them, and the band just inside it is paper (in an arm's shadow too: judged against the lightest about
each part of it).  Where candidates overlap, the best covered is kept; of those as well covered, the one whose margin is
most paper.  Cards read already are not looked for again: their edges and print make no candidate, nor does a place
where one lies (a read card's own candidate, best covered, kept out the card beside or under it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .synthetic import CARD_ASPECT

__all__ = ["OutlineConfig", "outline_cover", "outline_quads"]

_SAMPLES = 24  # points per side where a candidate's outline is checked


@dataclass(frozen=True)
class OutlineConfig:
    """How outlines are found and judged (the card's width and the size tolerance come from the detector's settings)."""

    light_edges: tuple[int, int] = (12, 30)  # Canny thresholds (low, high) on the lightness: faint outlines count
    colour_edges: tuple[int, int] = (8, 20)  # and on the two colour channels
    least_side: float = 0.3  # straight edges at least this long (card widths) make candidates
    least_side_share: float = 0.45  # an edge this share of a card's side long or more is a piece of that side
    apart: float = 0.8  # least distance between two cards' centres (card widths): closer candidates are one card
    min_outline_cover: float = 0.85  # share of a candidate's outline the edges must cover
    min_side_cover: float = 0.7  # share of a side they must cover for it to count whole (two whole sides must meet)
    min_paper_light: float = 110.0  # paper is at least this light (Lab L, 0-255)
    max_paper_chroma: float = 24.0  # and at most this far from grey (Lab a, b)
    paper_below_top: float = 14.0  # and within this of the lightest level about it (Lab L)
    # The band just inside a card's outline, as fractions of the way from its middle (clear of the colour a JPEG smears
    # over the paper's edge): this share of it is paper, within this of the band's lightest (Lab L; noise and JPEG).
    paper_band: tuple[float, float] = (0.84, 0.93)
    min_paper_share: float = 0.6
    margin_below_top: float = 20.0
    min_ink_drop: float = 60.0  # the darkest print inside a card lies this far below its paper (Lab L)


def outline_quads(small: np.ndarray, card_width_px: float, size_tolerance: float, cfg: OutlineConfig | None = None,
                  read: Sequence[np.ndarray] = (), read_apart: float = 0.0) -> list[np.ndarray]:
    """Rectangles (4 x 2 corner points at the resolution of ``small``, in no set order) of the cards whose outline shows
    on ``small`` (BGR), a card ``card_width_px`` wide there (each side within ``size_tolerance`` of it). ``read``: the
    outlines of cards read already (4 x 2 each, at the same resolution), whose edges and print make no candidate, nor
    does a place within ``read_apart`` card widths of one's centre (the caller's distance for one card)."""
    cfg = cfg or OutlineConfig()
    if small.ndim != 3 or small.shape[2] != 3:
        raise ValueError(f"outlines are found on a colour picture (H x W x 3), got shape {small.shape}")
    if card_width_px <= 0:
        raise ValueError(f"card width must be positive, got {card_width_px}")
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    cw, ch = card_width_px, card_width_px * CARD_ASPECT
    near_paper = cv2.dilate(_paper_pixels(lab, cw, cfg), cv2.getStructuringElement(cv2.MORPH_RECT, (7, 7)))
    segs = _off_cards(_segments(lab[:, :, 0], near_paper, cw, ch, size_tolerance, cfg.least_side), read)
    edges = _edges(lab, cfg)
    quads = _corner_quads(segs, cw, ch, size_tolerance) + _side_quads(segs, edges, cw, ch, cfg)
    if read and quads and read_apart > 0:
        taken = np.array([q.mean(axis=0) for q in read], np.float32)
        quads = [q for q in quads if float(np.min(np.hypot(*(taken - q.mean(axis=0)).T))) > read_apart * cw]
    if not quads:
        return []
    cand = np.stack(quads)
    cover = _coverage(cand, edges, cw, cfg)
    centres = cand.mean(axis=1).astype(np.float64)
    far = cfg.apart * cw
    shade = np.dstack([lab, _lightest_about(lab, cw)])
    out: list[np.ndarray] = []
    kept = np.empty((0, 2), np.float64)
    tried: set[int] = set()
    for i in np.argsort(-cover, kind="stable").tolist():
        if cover[i] <= 0:
            break
        if i in tried or not _apart(kept, centres[i], far):
            continue
        # Cards apart do not overlap: of candidates closer than that, the one whose outline shows best, and of those as
        # well covered the one whose margin is most paper (a card's outline turned a quarter, through its picture, can
        # be as well covered).
        margin = {j: _paper_margin(shade, cand[j], cfg) for j in np.flatnonzero(cover == cover[i]).tolist()
                  if j not in tried and float(np.hypot(*(centres[j] - centres[i]))) <= far}
        for j in sorted(margin, key=lambda j: -margin[j]):
            tried.add(j)
            if margin[j] >= cfg.min_paper_share and _apart(kept, centres[j], far) and _index_ink(lab, cand[j], cfg):
                out.append(cand[j])
                kept = np.vstack([kept, centres[j]])
                break
    return out


def _lightest_about(lab: np.ndarray, cw: float) -> np.ndarray:
    """The lightest of ``lab``'s lightness within about a third of a card's width (``cw``) of each pixel, smoothed a
    little first (a speck of glare or noise is not the paper's level)."""
    k = max(3, int(cw / 3) | 1)
    smooth = cv2.GaussianBlur(np.ascontiguousarray(lab[:, :, 0]), (0, 0), 1.0)
    return np.asarray(cv2.dilate(smooth, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))))


def _apart(kept: np.ndarray, centre: np.ndarray, least: float) -> bool:
    """Whether ``centre`` lies more than ``least`` from every centre of ``kept`` (N x 2)."""
    return bool(np.all(np.hypot(*(kept - centre).T) > least))


def outline_cover(small: np.ndarray, quads: list[np.ndarray], cfg: OutlineConfig | None = None) -> np.ndarray:
    """For each of ``quads`` (4 x 2 corners at the resolution of ``small``), the share of its outline that edges cover
    (0 to 1, whatever the sides)."""
    cfg = cfg or OutlineConfig()
    if not quads:
        return np.zeros(0)
    edges = _edges(cv2.cvtColor(small, cv2.COLOR_BGR2LAB), cfg)
    hit, _ = _hits(edges, _outline_points(np.stack(quads).astype(np.float32), _SAMPLES, inset=1.5))
    return np.asarray(hit.mean(axis=1), np.float64)


def _edges(lab: np.ndarray, cfg: OutlineConfig) -> np.ndarray:
    """Edges of the three Lab channels (Canny), thickened by a pixel."""
    out = np.zeros(lab.shape[:2], np.uint8)
    for i in range(3):
        channel = cv2.GaussianBlur(np.ascontiguousarray(lab[:, :, i]), (0, 0), 1.0)
        lo, hi = cfg.light_edges if i == 0 else cfg.colour_edges
        out |= np.asarray(cv2.Canny(channel, lo, hi, L2gradient=True), np.uint8)
    return cv2.dilate(out, cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3)))


def _paper_pixels(lab: np.ndarray, cw: float, cfg: OutlineConfig) -> np.ndarray:
    """Pixels of paper's colour (0/1): nearly grey and within a few levels of the lightest about them (about one and a
    half card widths): a card's white is the lightest thing about it."""
    k = max(3, int(1.5 * cw) | 1)
    top = cv2.dilate(cv2.GaussianBlur(lab[:, :, 0], (0, 0), 2), cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    light = lab[:, :, 0].astype(np.int16)
    ok = light >= np.maximum(int(cfg.min_paper_light), top.astype(np.int16) - int(cfg.paper_below_top))
    a, b = lab[:, :, 1].astype(np.int32) - 128, lab[:, :, 2].astype(np.int32) - 128
    ok &= a * a + b * b <= int(cfg.max_paper_chroma ** 2)
    return ok.astype(np.uint8)


def _segments(light: np.ndarray, near_paper: np.ndarray, cw: float, ch: float, tol: float, least: float) -> np.ndarray:
    """Straight edges of the lightness (N x 4: x0, y0, x1, y1, with sub-pixel ends) ``least`` card widths long or more,
    no longer than a card's long side, whose middle lies beside paper."""
    found = cv2.createLineSegmentDetector(cv2.LSD_REFINE_STD).detect(light)[0]
    if found is None:
        return np.zeros((0, 4), np.float32)
    s = found.reshape(-1, 4).astype(np.float32)
    length = np.hypot(s[:, 2] - s[:, 0], s[:, 3] - s[:, 1])
    s = s[(length >= least * cw) & (length <= ch * (1 + tol))]
    mid = np.round((s[:, :2] + s[:, 2:]) / 2).astype(int)
    mid[:, 0] = np.clip(mid[:, 0], 0, near_paper.shape[1] - 1)
    mid[:, 1] = np.clip(mid[:, 1], 0, near_paper.shape[0] - 1)
    return np.asarray(s[near_paper[mid[:, 1], mid[:, 0]] > 0], np.float32)


READ_GROWN = 1.1
"""A straight edge with both ends within a read card's outline grown this much about its middle is that card's."""


def _off_cards(s: np.ndarray, read: Sequence[np.ndarray]) -> np.ndarray:
    """The straight edges ``s`` (N x 4) less those along or inside a card read already (both ends within its outline
    grown by :data:`READ_GROWN`): its own sides and print would only make candidates of a card that is read."""
    if not len(read) or not len(s):
        return s
    on_read = np.zeros(len(s), bool)
    for q in read:
        c = q.mean(axis=0)
        grown = (c + (q - c) * READ_GROWN).astype(np.float32).reshape(-1, 1, 2)
        on_read |= np.array([cv2.pointPolygonTest(grown, (float(x0), float(y0)), False) >= 0
                             and cv2.pointPolygonTest(grown, (float(x1), float(y1)), False) >= 0 for x0, y0, x1, y1 in s.tolist()])
    return np.asarray(s[~on_read], np.float32)


def _outline_points(quads: np.ndarray, samples: int, inset: float = 0.0) -> np.ndarray:
    """``samples`` points along each side of each quad (M x 4 x 2) moved ``inset`` pixels towards its middle:
    M x 4 * samples x 2, rounded to whole pixels, side by side in the quad's order."""
    c = quads.mean(axis=1, keepdims=True)
    if inset:
        half = np.linalg.norm(quads - c, axis=2, keepdims=True)
        quads = c + (quads - c) * (1 - inset / np.maximum(half, 1e-6))
    t = np.linspace(0, 1, samples, endpoint=False, dtype=np.float32)[None, None, :, None]
    nxt = np.roll(quads, -1, axis=1)
    pts = quads[:, :, None, :] + t * (nxt - quads)[:, :, None, :]
    return np.asarray(np.round(pts.reshape(len(quads), -1, 2)), np.int64)


def _hits(edges: np.ndarray, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Whether each point (... x 2) lies on an edge pixel, and whether it lies on the picture at all."""
    h, w = edges.shape
    inside = (pts[..., 0] >= 0) & (pts[..., 1] >= 0) & (pts[..., 0] < w) & (pts[..., 1] < h)
    x = np.clip(pts[..., 0], 0, w - 1)
    y = np.clip(pts[..., 1], 0, h - 1)
    return (edges[y, x] > 0) & inside, inside


def _side_quads(s: np.ndarray, edges: np.ndarray, cw: float, ch: float, cfg: OutlineConfig) -> list[np.ndarray]:
    """Rectangles of a card's size on one straight edge nearly as long as a card's side (a card whose other sides
    show too little to make a corner), on either side of it, slid along it to where the edges cover its outline best."""
    if len(s) == 0:
        return []
    a, b = s[:, :2], s[:, 2:]
    length = np.linalg.norm(b - a, axis=1)
    u = (b - a) / np.maximum(length, 1e-6)[:, None]
    normal = np.stack([-u[:, 1], u[:, 0]], axis=1)
    mid = (a + b) / 2
    out: list[np.ndarray] = []
    for along, across in ((cw, ch), (ch, cw)):
        keep = (length >= cfg.least_side_share * along) & (length <= 1.1 * along)
        if not keep.any():
            continue
        uk, nk, mk = u[keep], normal[keep], mid[keep]
        # A piece of a side lies anywhere along it: slid over what the side is longer than the piece, and a little more.
        slack = np.maximum(along - length[keep], 0) / 2 + 2
        shifts = np.linspace(-1, 1, 15, dtype=np.float32)[None, :] * slack[:, None]
        for sign in (-1.0, 1.0):
            p = mk[:, None, :] + shifts[:, :, None] * uk[:, None, :]  # K x S x 2: the side's middle, slid
            half, off = uk[:, None, :] * along / 2, sign * nk[:, None, :] * across
            q = np.stack([p - half, p + half, p + half + off, p - half + off], axis=2)  # K x S x 4 x 2
            hit, inside = _hits(edges, _outline_points(q.reshape(-1, 4, 2), 16))
            score = np.where(inside.all(axis=1), hit.sum(axis=1), -1).reshape(len(q), shifts.shape[1])
            best = np.argmax(score, axis=1)
            chosen = q[np.arange(len(q)), best]
            out += [c for c, sc in zip(chosen, score[np.arange(len(q)), best], strict=True) if sc >= 0]
    return out


def _corner_quads(s: np.ndarray, cw: float, ch: float, tol: float) -> list[np.ndarray]:
    """Rectangles of a card's size on two straight edges (``s``) that meet at right angles near their ends (a card's
    corner): each edge taken as the card's short side and as its long side, where its length allows."""
    if len(s) < 2:
        return []
    ends = np.concatenate([s[:, :2], s[:, 2:]])  # end k of segment k % n; its other end is at (k + n) % (2 n)
    n = len(s)
    out: list[np.ndarray] = []
    for a, b in _close_pairs(ends, 0.12 * cw):
        if a % n == b % n:
            continue
        pa, qa = ends[a], ends[(a + n) % (2 * n)]
        pb, qb = ends[b], ends[(b + n) % (2 * n)]
        ua, ub = (qa - pa) / np.linalg.norm(qa - pa), (qb - pb) / np.linalg.norm(qb - pb)
        if abs(float(ua @ ub)) > 0.12:  # not at right angles (about 83-97 degrees)
            continue
        corner = _meet(pa, ua, pb, ub)
        if corner is None or float(np.linalg.norm(corner - pa)) > 0.15 * cw or float(np.linalg.norm(corner - pb)) > 0.15 * cw:
            continue
        la, lb = float(np.linalg.norm(qa - corner)), float(np.linalg.norm(qb - corner))
        for wa, wb in ((cw, ch), (ch, cw)):
            if la <= wa * (1 + tol) and lb <= wb * (1 + tol) and max(la / wa, lb / wb) >= 0.6:
                out.append(np.array([corner, corner + ua * wa, corner + ua * wa + ub * wb, corner + ub * wb], np.float32))
    return out


def _close_pairs(points: np.ndarray, radius: float) -> list[tuple[int, int]]:
    """Pairs (i < j) of ``points`` closer than ``radius``, found through a grid of cells ``radius`` wide."""
    cells: dict[tuple[int, int], list[int]] = {}
    keys = np.floor(points / max(radius, 1e-6)).astype(int)
    for i, (kx, ky) in enumerate(keys.tolist()):
        cells.setdefault((kx, ky), []).append(i)
    out: list[tuple[int, int]] = []
    for (kx, ky), members in cells.items():
        nb = np.array([j for dx in (-1, 0, 1) for dy in (-1, 0, 1) for j in cells.get((kx + dx, ky + dy), ())])
        if len(nb) < 2:
            continue
        for i in members:
            d = np.hypot(points[nb, 0] - points[i, 0], points[nb, 1] - points[i, 1])
            out += [(i, int(j)) for j in nb[(d < radius) & (nb > i)]]
    return out


def _meet(p: np.ndarray, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray | None:
    """Where the lines p + t u and q + s v cross (None when parallel)."""
    m = np.array([[u[0], -v[0]], [u[1], -v[1]]], np.float64)
    if abs(np.linalg.det(m)) < 1e-6:
        return None
    t = np.linalg.solve(m, (q - p).astype(np.float64))[0]
    return np.asarray(p + t * u, np.float32)


def _coverage(quads: np.ndarray, edges: np.ndarray, cw: float, cfg: OutlineConfig) -> np.ndarray:
    """Share of each candidate's outline (M x 4 x 2) that edges cover, a pixel and a half inside it; 0 where that is
    too little, where no two whole sides meet at a corner, or where the outline leaves the picture."""
    hit, inside = _hits(edges, _outline_points(quads, _SAMPLES, inset=1.5))
    # A candidate a pixel or two off its card's edge (its straight edge's end, a corner rounded) still lies on it.
    hit |= _hits(edges, _outline_points(quads, _SAMPLES, inset=3.0))[0] | _hits(edges, _outline_points(quads, _SAMPLES))[0]
    sides = hit.reshape(len(quads), 4, _SAMPLES).mean(axis=2)
    whole = sides >= cfg.min_side_cover
    corner = (whole & np.roll(whole, -1, axis=1)).any(axis=1)
    cover = hit.mean(axis=1)
    return np.where(inside.all(axis=1) & corner & (cover >= cfg.min_outline_cover), cover, 0.0)


def _index_ink(lab: np.ndarray, quad: np.ndarray, cfg: OutlineConfig) -> bool:
    """Whether ``quad`` holds print much darker than its paper somewhere inside its inner 80 %, as a card's face does
    (a plank of pale wood between its seams, a printed box on the table, holds none)."""
    margin = _band(lab, quad, cfg.paper_band)
    inner = _band(lab, quad, (0.0, 0.8))
    if len(margin) == 0 or len(inner) == 0:
        return False
    return float(np.median(margin[:, 0])) - float(np.percentile(inner[:, 0], 1)) >= cfg.min_ink_drop


def _band(lab: np.ndarray, quad: np.ndarray, band: tuple[float, float]) -> np.ndarray:
    """The pixels (N x channels) of ``lab`` in the band of ``quad`` from ``band[0]`` to ``band[1]`` of the way from its
    middle."""
    c = quad.mean(axis=0)
    outer = np.round(c + band[1] * (quad - c)).astype(np.int32)
    inner = np.round(c + band[0] * (quad - c)).astype(np.int32)
    x0, y0 = np.maximum(outer.min(axis=0), 0)
    x1, y1 = np.minimum(outer.max(axis=0) + 1, (lab.shape[1], lab.shape[0]))
    if x1 <= x0 or y1 <= y0:
        return np.zeros((0, lab.shape[2]), lab.dtype)
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(mask, outer - np.array([x0, y0]), 1)
    cv2.fillConvexPoly(mask, inner - np.array([x0, y0]), 0)
    return np.asarray(lab[y0:y1, x0:x1][mask > 0])


def _paper_margin(shade: np.ndarray, quad: np.ndarray, cfg: OutlineConfig) -> float:
    """How much of the band just inside ``quad`` (``cfg.paper_band``: a card's white margin, whatever its print or
    picture) is paper on ``shade`` (the picture in Lab, and as a fourth plane the lightest about each pixel,
    :func:`_lightest_about`); a card's is ``cfg.min_paper_share`` or more. Paper is light, nearly grey, and within a few
    levels of the band's lightest (a card's white is even; a table's grain, a picture's colours are not); or in shade,
    within fewer levels (:data:`SHADE`) of the lightest about it where that is not far below the band's lightest. An
    arm's shadow across a card darkens part of its margin, which is paper still."""
    pixels = _band(shade, quad, cfg.paper_band).astype(np.float32)
    if len(pixels) == 0:
        return 0.0
    light, near = pixels[:, 0], pixels[:, 3]
    k = int(0.95 * (len(light) - 1))
    top = float(np.partition(light, k)[k])  # the 95th percentile, a little quicker
    within, below = SHADE
    paper = (light >= max(cfg.min_paper_light, top - cfg.margin_below_top)) | (
        (light >= np.maximum(cfg.min_paper_light, near - within)) & (near >= top - below))
    paper &= np.hypot(pixels[:, 1] - 128, pixels[:, 2] - 128) <= cfg.max_paper_chroma
    return float(paper.mean())


SHADE = (12.0, 60.0)
"""In shade (:func:`_paper_margin`), a card's margin lies within the first of these (Lab L) of the lightest about it, and
that lightest within the second of the whole margin's lightest. A Kc half in an arm's shadow on a white table (Aguilar's
art, seed 7005): 45 % of its margin paper judged against the margin's lightest alone, so not found by its edges; 89 %
with the shade. A rectangle between two of Byron Knoll's cards laid out on grey stone, its margin the stone's light
veins: 28 %, and 75 % without the second bound (the teaching picture then held 54 cards)."""
