"""Cards read from the corners of their paper: the whole corner patch compared with the taught deck's.

The glyph reader (:mod:`vision.glyphs`) must first cut a rank and a suit out of the print; it misses
an index whose print touches a court card's picture frame, a "10" whose digits were gathered
differently, or a rank and suit joined by blur.  This reader does not cut anything: it finds the
corners of the card-coloured paper (a convex corner of about 90 degrees between two straight
edges), lays a frame on each (``right`` and ``down`` along the edges, the card inside), and compares
the patch there, where a corner index is printed, with the patches taught for every card:

1. Paper: lighter than the local felt (the felt's lightness a coarse lower envelope, as in
   :func:`vision.detect.segment`), at half resolution, with no hull: corners must stay corners.
2. Corners: each paper blob's outline is approximated by a polygon; two long sides (a fifth of a
   card width or more) meeting at 60-120 degrees on the outside of the blob, directly or across a
   few short sides (a rounded corner, an index printed close to the edge), or carried on across a
   chip's ring or glare merged with the corner, make a corner, placed where lines fitted to the
   middle of the two sides meet.  Where two overlapping cards' sides
   cross the outline turns inwards: not a corner.
3. Patch: the corner's frame turned upright at a fixed scale (``CANON_W`` pixels per card width),
   ``PATCH`` card widths across and down.  Of a card's four corners only two carry an index; the
   other two (and corners of glare or chips) match nothing.
4. Comparison: each patch aligned on the mean taught patch (within the taught margin, and followed
   uphill beyond it where the best lies on the margin's edge), then normalised correlation with every
   card's template (the mean of its taught patches) at the nine shifts within a pixel; the rank is
   decided on the rank's rows, the suit on the suit's rows, and each must lead the best *other*
   rank or suit clearly, and on the index's own columns (without the big pips and pictures beside
   it) the suit must come first again and the rank lead clearly; on the rank's own rows searched a
   few pixels further no other rank may lead clearly (a card nearer the camera than the calibrated
   size has its rank a little off its suit).  A card whose suit lead falls short may still be read when its small
   pip leads on the index's own columns and its suit's rows lead by a fair part of the usual margin, or its suit
   stands out among the four cards of its rank on what differs between them.
   Where the frame has colour, the index's ink must not be of another suit's taught colour.  Else unknown.

Teaching uses the same corner finder on the laid-out deck, so a taught patch and a read patch are
cut the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from .detect import DetectorConfig, felt_level
from .synthetic import CARD_ASPECT, RANKS, SUITS

__all__ = [
    "CANON_W",
    "COLOUR_COLUMNS",
    "COLOUR_OWN_AT_MOST",
    "Corner",
    "CornerBook",
    "CornerReading",
    "find_corners",
    "ink_colour",
    "ink_colours",
    "localise",
    "INDEX_LIKE",
    "MASK_SCALE",
    "MIN_COLOUR_APART",
    "off_square",
    "PAPER_DELTA",
    "paper_mask",
    "PATCH",
    "patch_at",
    "RANK_SHIFT",
    "read_corners",
    "READ_SHIFT",
    "SHIFT",
    "SKEWED_FROM",
    "SQUARE_WITHIN",
    "UNSURE_BELOW",
    "with_table_corners",
]

CANON_W = 100.0  # pixels per card width in the patch
PATCH = (0.21, 0.46)  # patch size in card widths (right, down) from the corner
SHIFT = 5  # margin of a taught patch, canonical pixels each way; a patch read is aligned within this first
# ...and, where the best alignment within SHIFT lies on its edge, followed uphill this far: where two sides' lines meet
# can lie a few pixels off the paper's corner, and a patch aligned short of its index compares part of one glyph with
# another (a 6d 7 pixels off, its alignment stopped at 4, read 9d at 0.83).  Not searched that far everywhere: a
# court card's picture then outbids its own index.
READ_SHIFT = 8
RANK_SHIFT = 3  # the rank's rows searched this far up and down on their own, as a check
INDEX_LIKE = 0.2
"""A corner's patch correlating less than this with the mean taught patch, where it aligns on it best, shows no index and is
read no further: on 80 synthetic scenes (seeds 7100-7107, five surfaces, both art sets) every corner read at a whole-patch
score of 0.70 or more (``CornerBook.pair_min_score``, the least that counts) correlated 0.27 or more there, and of those
below 0.2 (a quarter of the corners found: a card's corners without an index, chips, glare) none scored above 0.59."""
MASK_SCALE = 0.5
MIN_COLOUR_APART = 0.4  # two suits' taught ink colours this far apart (see ink_colour) are told apart by colour
COLOUR_OWN_AT_MOST = 0.15  # an index with no more of its ink nearer its suit's colour than another's says another suit
COLOUR_COLUMNS = 16  # canonical columns of a corner patch whose print gives the index's colour (the index, no big pip)
PAPER_DELTA = 38.0  # paper is lighter than the local felt by this many grey levels
PALE_TABLE = 170  # a table whose grey level is above this is pale: paper cannot stand PAPER_DELTA above it
PALE_DELTA = 8  # on a pale table learnt empty, what lies on it and is this much lighter than it is paper


@dataclass
class Corner:
    """A convex corner of paper: where it is and the card's frame there (card inside, right x down > 0)."""

    at: np.ndarray  # frame pixels
    right: np.ndarray  # unit vector along one edge
    down: np.ndarray  # unit vector along the other edge
    # A card's width in frame pixels measured along ``right`` and along ``down`` where this corner lies (from the table
    # calibration, :func:`localise`); 0: the frame's nominal card width.
    wr: float = 0.0
    wd: float = 0.0

    def widths(self, card_width_px: float) -> tuple[float, float]:
        """A card's width along ``right`` and along ``down`` here, in frame pixels."""
        return self.wr or card_width_px, self.wd or card_width_px

    @classmethod
    def of_quad(cls, quad: np.ndarray, k: int) -> Corner:
        """The corner at point ``k`` of a card's outline (``quad``: its four points in order round it), its two sides
        taken as a corner of the paper has them: the card right of and below it (right x down > 0)."""
        a, b = quad[(k + 1) % 4] - quad[k], quad[(k + 3) % 4] - quad[k]
        a, b = a / max(float(np.linalg.norm(a)), 1e-6), b / max(float(np.linalg.norm(b)), 1e-6)
        return cls(np.array(quad[k], np.float32), *((a, b) if float(a[0] * b[1] - a[1] * b[0]) > 0 else (b, a)))


def localise(corners: Sequence[Corner], cfg: DetectorConfig) -> None:
    """Give each corner the card size where it lies (:meth:`DetectorConfig.widths_along`); nothing without the table
    calibration's homography."""
    if not corners or cfg.to_plan is None:
        return
    at, right, down = (np.array([getattr(c, a) for c in corners], np.float64).reshape(-1, 2) for a in ("at", "right", "down"))
    wr, wd = cfg.widths_along(at, right, down)
    for c, r, d in zip(corners, wr.tolist(), wd.tolist(), strict=True):
        c.wr, c.wd = r, d


def paper_mask(frame: np.ndarray, cfg: DetectorConfig, delta: float = PAPER_DELTA, on_table: np.ndarray | None = None) -> np.ndarray:
    """Card paper at MASK_SCALE: much lighter than the local felt (the felt's level is a coarse lower envelope over
    about two card widths, as in :func:`vision.detect.segment`, so uneven light moves with it).  No hull and no
    chroma test: corners must stay where the paper ends.

    ``on_table``: what differs from the empty table learnt (:meth:`vision.background.TableBackground.foreground`, a mask
    at any scale), when it was learnt.  Where the table is pale (its level above :data:`PALE_TABLE`: white laminate, light
    wood), paper cannot stand ``delta`` above it; there, what lies on the table and is :data:`PALE_DELTA` lighter than
    the table is paper too."""
    return paper_and_pale(frame, cfg, delta, on_table)[0]


def paper_and_pale(frame: np.ndarray, cfg: DetectorConfig, delta: float = PAPER_DELTA,
                   on_table: np.ndarray | None = None) -> tuple[np.ndarray, bool]:
    """:func:`paper_mask`, and whether any of the paper was taken from a pale table's difference from the empty table
    (its outline is then less sure: the reader has every card read there checked, see :func:`vision.recognize.read_frame`).
    ``on_table``: what differs from the empty table (:meth:`vision.background.TableBackground.foreground`), where it was
    learnt; on a dark table what does not is never paper, on a pale one what does and is a little lighter is."""
    h, w = frame.shape[:2]
    size = (int(w * MASK_SCALE), int(h * MASK_SCALE))
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(gray, size, interpolation=cv2.INTER_AREA)
    felt = felt_level(small, cfg.card_width_px, MASK_SCALE)
    # Lighter than the felt by more than ``delta`` levels, in OpenCV's passes (the difference saturates at 0).
    m = cv2.compare(cv2.subtract(small, felt), int(delta), cv2.CMP_GT)  # type: ignore[call-overload]  # OpenCV takes a scalar; its stubs omit it
    pale = False
    if on_table is not None:
        on = cv2.resize(on_table, size, interpolation=cv2.INTER_LINEAR) >= 128
        extra = on & (felt > PALE_TABLE) & (small.astype(np.int16) - felt > PALE_DELTA)
        pale = bool(extra.any())
        m[extra] = 255
        if not pale:
            # On a dark table, where paper stands out by its lightness, what the empty table shows as well (a printed
            # felt's lines and lettering) is not paper: joined to a card's outline it took the corners away (validation
            # seeds 7000-7059, docs/vision.md). Not on a table pale anywhere: a shadow there is dark, and a white card on
            # white differs from the empty table too little to be kept (a Byron Knoll 8d in a white table's shadow lost
            # its corners, and the model alone placed it a third of a card off: seed 5138).
            m[~on & (felt <= PALE_TABLE)] = 0
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    return cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))), pale


Line = tuple[float, float, float, float]
"""A line fitted to points: its direction (a unit vector) and a point on it, ``(vx, vy, x0, y0)`` as ``cv2.fitLine`` gives
them, in plain floats."""


def _side_line(pts: np.ndarray, idx: list[int], j: int) -> Line | None:
    """A line fitted to the middle of polygon side ``j`` (contour points ``idx[j]`` to ``idx[j + 1]``), away from the
    corners at its ends."""
    n = len(pts)
    i0, span = idx[j], (idx[(j + 1) % len(idx)] - idx[j]) % n
    a, b = i0 + int(0.15 * span), i0 + int(0.85 * span) + 1
    seg = pts[a:b] if b <= n else pts[np.arange(a, b) % n]  # a slice unless the side runs past the outline's start
    if len(seg) < 4:
        return None
    vx, vy, x0, y0 = cv2.fitLine(np.ascontiguousarray(seg), cv2.DIST_L2, 0, 0.01, 0.01).ravel().tolist()
    return vx, vy, x0, y0


def _intersect(a: Line, b: Line) -> tuple[float, float] | None:
    """Where line ``a`` meets line ``b`` (plain floats: this runs for every pair of sides, and numpy's small-array calls
    cost more than the arithmetic)."""
    ax, ay, ax0, ay0 = a
    bx, by, bx0, by0 = b
    det = by * ax - bx * ay
    if abs(det) < 1e-3:
        return None
    t = (bx * (by0 - ay0) - by * (bx0 - ax0)) / -det
    return ax0 + ax * t, ay0 + ay * t


def find_corners(mask: np.ndarray, card_width_px: float, scale: float = MASK_SCALE) -> list[Corner]:
    """Convex paper corners of about 90 degrees (frame pixels), from the outlines of ``mask`` at ``scale``.

    A corner is two long straight stretches of an outline meeting at 60-120 degrees, directly or across a
    few short ones (a card's rounded corner is often cut into one or two short sides by the polygon, an
    index printed into the corner notches it); it lies where lines fitted to the middle of the two
    stretches meet.  Two long sides further apart on the outline (a chip's ring or glare merged with the
    corner, the outline running round it) make a corner too when, carried on, they meet at 72-108
    degrees within 0.7 card widths of where each stops."""
    cw = card_width_px * scale
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    out: list[Corner] = []
    min_edge, max_cut = 0.2 * cw, 0.35 * cw
    for cnt in contours:
        if cv2.contourArea(cnt) < 0.25 * cw * cw:
            continue
        pts = cnt[:, 0, :].astype(np.float32)
        poly = cv2.approxPolyDP(cnt, 0.04 * cw, True)[:, 0, :]
        m = len(poly)
        if m < 3:
            continue
        # Contour index of each polygon vertex (approxPolyDP keeps contour points).
        key = cnt[:, 0, 0].astype(np.int64) * 65536 + cnt[:, 0, 1]
        order = np.argsort(key, kind="stable")
        idx = order[np.searchsorted(key[order], poly[:, 0].astype(np.int64) * 65536 + poly[:, 1])].tolist()
        orient = cv2.contourArea(poly.astype(np.float32), oriented=True)
        fpoly = poly.astype(np.float32)
        vertices = fpoly.tolist()
        vec = np.concatenate([fpoly[1:], fpoly[:1]]) - fpoly  # side j: vertex j -> j + 1
        length = np.sqrt(np.add.reduce(vec * vec, axis=1))  # np.linalg.norm's sum, without its checks
        longs = np.flatnonzero(length >= min_edge).tolist()
        # Each long side with the next, then (a detour) with any later one: where a chip's ring or a patch of glare merges
        # with the card's corner the outline runs round them, and the card's two sides stop short of the corner.
        n = len(longs)
        unit = vec[longs] / length[longs, None]
        cos = np.abs(unit @ unit.T)
        convex = (np.outer(unit[:, 0], unit[:, 1]) - np.outer(unit[:, 1], unit[:, 0])) * orient > 0
        # A detour's two sides are both a good part of a card's side (shorter ones, with the detour, find corners of one
        # card's side and another's, which cost time and read nothing).
        long_run = length[longs] >= 0.4 * cw
        # Pairs near 90 degrees and convex (where two cards overlap the outline turns inwards), the next side first: row
        # u - 1, column t of these is side t with side t + u.
        t_of, u_of = np.arange(n)[None, :], np.arange(1, n)[:, None]
        other = (t_of + u_of) % n
        turn = cos[t_of, other]
        near_square = np.where(u_of == 1, turn <= 0.5, (turn <= 0.3) & long_run[t_of] & long_run[other])
        rows, columns = np.nonzero(convex[t_of, other] & near_square)
        pairs = list(zip(columns.tolist(), (rows + 1).tolist(), strict=True))
        units = unit.tolist()
        # Long sides whose end, or start, already makes a corner: no detour from there (the side does not stop short).
        ends: set[int] = set()
        starts: set[int] = set()
        lines: dict[int, Line | None] = {}  # each side's line, fitted once
        for t, u in pairs:
            ja, jb = longs[t], longs[(t + u) % n]
            if u > 1 and (t in ends or (t + u) % n in starts):
                continue
            (ex, ey), (sx, sy) = vertices[(ja + 1) % m], vertices[jb]
            cut = [(ja + 1 + i) % m for i in range((jb - ja - 1) % m)] if u == 1 else []
            # The stretch between the two sides, measured straight across (an index printed into the corner notches
            # the outline in and out; that zig-zag is longer than the stretch it spans).
            if u == 1 and (math.hypot(sx - ex, sy - ey) > max_cut or float(length[cut].sum()) > 2 * max_cut):
                continue
            for j in (ja, jb):
                if j not in lines:
                    lines[j] = _side_line(pts, idx, j)
            la, lb = lines[ja], lines[jb]
            if la is None or lb is None:
                continue
            p = _intersect(la, lb)
            if p is None:
                continue
            px, py = p
            (uax, uay), (ubx, uby) = units[t], units[(t + u) % n]
            if u == 1:
                # The two sides must meet at the stretch between them (not far beyond it: two cards' sides).
                if min(math.hypot(px - vertices[i][0], py - vertices[i][1]) for i in (*cut, jb)) > 0.12 * cw:
                    continue
            elif not (-0.05 * cw <= (px - ex) * uax + (py - ey) * uay <= 0.7 * cw and -0.05 * cw <= (sx - px) * ubx + (sy - py) * uby <= 0.7 * cw):
                continue  # a detour: both sides, carried on, must meet within a chip's width of where they stop
            back = -1.0 if la[0] * uax + la[1] * uay > 0 else 1.0  # from the corner back along side ja
            on = 1.0 if lb[0] * ubx + lb[1] * uby > 0 else -1.0  # from the corner along side jb
            d1, d2 = np.array([la[0] * back, la[1] * back], np.float32), np.array([lb[0] * on, lb[1] * on], np.float32)
            # Right x down > 0 in image coordinates (y down): the card lies right of and below the corner.
            right, down = (d1, d2) if float(d1[0] * d2[1] - d1[1] * d2[0]) > 0 else (d2, d1)
            out.append(Corner(np.array([(px + 0.5) / scale - 0.5, (py + 0.5) / scale - 0.5], np.float32), right, down))
            ends.add(t)
            starts.add((t + u) % n)
    return out


TAUGHT_WITHIN = 5.0
"""A card laid out to be taught takes a corner the corner finder found for its index corner only where both of that
corner's sides lie within this many degrees of the card's outline; else the outline's own corner
(:meth:`CornerBook.teach_laid_out`). A found corner 12 degrees off along its ``down`` side taught Byron Knoll's Kc on
felt a patch turned off its index, and the template blurred toward the Ks's: a whole Kc then read unknown, a Ks its
best guess, in 4 of 100 felt scenes."""
SQUARE_WITHIN = 6.0
"""A corner of what differs from a pale table learnt empty (:func:`with_table_corners`) is a card's corner where its sides
meet within this many degrees of a right angle: white paper on a white table differs from it by its print alone, and the
corners of a patchy blob there are the print's."""
SKEWED_FROM = 10.0
"""A corner of the paper whose sides meet this many degrees or more off a right angle gives way to a square corner of what
differs from the empty table within a tenth of a card's width (:func:`with_table_corners`)."""


def off_square(c: Corner) -> float:
    """How many degrees the corner's two sides meet off a right angle."""
    return abs(math.degrees(math.acos(max(-1.0, min(1.0, float(c.right @ c.down))))) - 90.0)


def with_table_corners(paper: Sequence[Corner], table: Sequence[Corner], card_width_px: float) -> list[Corner]:
    """The paper's corners (``paper``, :func:`find_corners` on :func:`paper_mask`) with the square corners of what differs
    from a pale table learnt empty (``table``: :func:`find_corners` on the difference's ``on_table``), where the paper gave
    none within a tenth of a card's width, or gave only skewed ones there (:data:`SKEWED_FROM`), which they replace.

    On a pale table the paper is a few levels above the table, and its mask takes in the table's brighter parts: a whole
    Byron Knoll Jd on top of a 3s had no corner, or one 20 degrees off its card whose patch cut its index away, while what
    differs from the empty table had the card's outline whole. On validation seeds 7000-7039 (the empty table learnt, 522
    visible indices each) read at 0.90, with :data:`vision.recognize.FAINT_FROM`: Byron Knoll white 469 -> 480, wood 492
    -> 500; Aguilar white 488 -> 489, wood 513 -> 516; no confident misread. Every such corner instead (skewed ones too,
    none replaced): white 463 and 481 (the patchy blobs' corners read as other cards and cast doubt)."""
    near = 0.1 * card_width_px
    out, replaced = list(paper), set()
    for t in table:
        if off_square(t) > SQUARE_WITHIN:
            continue
        close = [i for i, c in enumerate(paper) if math.dist(c.at.tolist(), t.at.tolist()) < near]
        if all(off_square(paper[i]) >= SKEWED_FROM for i in close):
            out.append(t)
            replaced.update(close)
    return [c for i, c in enumerate(out) if i not in replaced]


def patch_at(gray: np.ndarray, corner: Corner, card_width_px: float, margin: int = 0,
             window: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """The corner's patch turned upright at CANON_W pixels per card width, ``margin`` canonical pixels wider each way;
    ``window`` (top, left, height, width in the patch's pixels): that part of it alone, cut as the whole patch would
    show it."""
    wr, wd = corner.widths(card_width_px)
    (rx, ry), (dx, dy), (cx, cy) = corner.right.tolist(), corner.down.tolist(), corner.at.tolist()
    rx, ry, dx, dy = rx * (wr / CANON_W), ry * (wr / CANON_W), dx * (wd / CANON_W), dy * (wd / CANON_W)
    if window is None:
        top = left = -margin
        pw, ph = int(round(PATCH[0] * CANON_W)) + 2 * margin, int(round(PATCH[1] * CANON_W)) + 2 * margin
    else:
        top, left, ph, pw = window[0] - margin, window[1] - margin, window[2], window[3]
    a = np.array([[rx, dx, cx + rx * left + dx * top], [ry, dy, cy + ry * left + dy * top]], np.float32)
    return cv2.warpAffine(gray, a, (pw, ph), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)


def ink_colour(bgr: np.ndarray) -> np.ndarray | None:
    """The colour of each ink pixel of an upright BGR patch of an index: (red - green, blue - green) against the paper's,
    per grey level of darkness (so a blurred edge, red mixed with white, keeps the colour of the red), one row per
    pixel; ``None`` when the patch has too little ink or paper (blank paper, a grey frame)."""
    if bgr.ndim != 3:
        return None
    colours, ink = ink_colours(bgr[None])
    return colours[0][ink[0]] if ink[0].any() else None


def ink_colours(bgrs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`ink_colour` of upright BGR patches alike in size (``bgrs``: n x h x w x 3) at once: every pixel's colour
    (n x h*w x 2) and which pixels are ink (n x h*w; none in a patch with too little ink or paper)."""
    n, h, w = bgrs.shape[:3]
    flat = bgrs.reshape(n, h * w, 3)
    gray = cv2.cvtColor(bgrs.reshape(n * h, w, 3), cv2.COLOR_BGR2GRAY).reshape(n, h * w)
    k = int(0.9 * (h * w - 1))
    level = np.partition(gray, k, axis=1)[:, k:k + 1].astype(np.float64)
    ink = gray < 0.7 * level
    paper = gray > 0.9 * level
    count = np.count_nonzero(paper, axis=1)
    ink &= ((np.count_nonzero(ink, axis=1) >= 12) & (count >= 12))[:, None]
    # The paper's colour (a mean: a felt or chip pixel is not this light), as cv2.mean gives it.
    b, g, r = (np.einsum("np,np->n", flat[:, :, c].astype(np.float64), paper) * (1.0 / np.maximum(count, 1)) for c in range(3))
    px = flat.astype(np.float32)
    # The paper's lightness and colour differences in float32, as a Python float meets a float32 array.
    lum = (0.114 * b + 0.587 * g + 0.299 * r).astype(np.float32)[:, None]
    dark = np.maximum(lum - gray.astype(np.float32), np.float32(1.0))
    out = np.empty((n, h * w, 2), np.float32)
    out[:, :, 0] = (px[:, :, 2] - px[:, :, 1] - (r - g).astype(np.float32)[:, None]) / dark
    out[:, :, 1] = (px[:, :, 0] - px[:, :, 1] - (b - g).astype(np.float32)[:, None]) / dark
    return out, ink


def _centred(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row less its mean (float32), and the norm of what is left (a column: ``np.linalg.norm``'s sum, without its
    checks)."""
    rows = rows.astype(np.float32, copy=False) - rows.mean(axis=1, keepdims=True, dtype=np.float32)
    return rows, np.sqrt(np.add.reduce(rows * rows, axis=1, keepdims=True))


def _normalise(rows: np.ndarray) -> np.ndarray:
    rows, n = _centred(rows)
    unit: np.ndarray = rows / np.maximum(n, 1e-6)
    return unit


@dataclass
class CornerReading:
    """What one corner's patch showed: the card when confident (else ``None``), the best guess, and the scores."""

    corner: Corner
    card: str | None  # None when not confident
    best: str
    score: float  # whole-patch correlation of the best card
    rank_lead: float
    suit_lead: float
    patch: np.ndarray
    split_verdict: bool = False  # the index's own columns (or the rank's rows searched on their own) put another rank or suit first
    rank_index_lead: float = 0.0  # relative lead of the rank read over the best other rank on the index's own columns
    suit_index_lead: float = 0.0  # the same for the suit (below zero: another suit first there)
    ink_differs: bool = False  # the index's ink is of another suit's colour than the suit read (a split verdict too)
    aligned: tuple[int, int] = (READ_SHIFT - SHIFT, READ_SHIFT - SHIFT)
    """Where ``patch`` lies (top, left) in the corner's patch with READ_SHIFT pixels of margin (:func:`patch_at`): where
    the card read aligned (by default unshifted)."""

    def evidence(self, frame: np.ndarray, card_width_px: float) -> np.ndarray:
        """The window read, cut from ``frame`` (colour, for the learned reader and the dealer): the corner's patch where it
        aligned, with the taught margin of SHIFT pixels round it. Where the sides' lines meet can lie a few pixels off the
        paper's corner, so the patch at the corner itself can cut the top of a rank away (Byron Knoll's court cards, their
        index close to the corner)."""
        return patch_at(frame, self.corner, card_width_px, READ_SHIFT, (*self.aligned, *self.patch.shape[:2]))

    def quad(self, card_width_px: float) -> np.ndarray:
        """The card's outline implied by this corner (TL, TR, BR, BL of the face)."""
        wr, wd = self.corner.widths(card_width_px)
        c, r, d = self.corner.at, self.corner.right * wr, self.corner.down * wd * CARD_ASPECT
        return np.array([c, c + r, c + r + d, c + d], np.float32)


@dataclass
class CornerBook:
    """Taught corner patches (each with SHIFT pixels of margin), with the card each shows, and the thresholds."""

    labels: list[str] = field(default_factory=list)
    patches: list[np.ndarray] = field(default_factory=list)
    colours: list[np.ndarray | None] = field(default_factory=list)  # each taught patch's ink colour (:func:`ink_colour`)
    # Set on calibration seeds 0-99 of both art sets (see docs/vision.md).
    min_score: float = 0.75
    min_rank_lead: float = 0.20
    min_suit_lead: float = 0.35
    # A suit lead short of min_suit_lead is enough when the suit leads by min_suit_lead_index on the index's own columns
    # (the small pip) and the lead is min_suit_lead_index_backed or more, or at least min_suit_lead_within with the suit
    # standing out among the cards of the rank read (what differs from their mean) by min_suit_gap_within.
    min_suit_lead_index: float = 0.10
    min_suit_lead_index_backed: float = 0.20
    min_suit_lead_within: float = 0.15
    min_suit_gap_within: float = 0.15
    # Another corner of the card naming it alike, whose only doubt is its suit a near tie (this relative lead or better)
    # on the index's own columns, casts no doubt on the card (a club and a spade a few pixels high, blurred).
    min_suit_tie_index: float = -0.12
    # On the index's own columns the rank read must lead the best other rank by this much (relative lead), not merely come
    # first: a blurred 6h read 5h at 0.93 led by 0.03 there, and a faded 6h read 5h at 0.78 by 0.17 (docs/vision.md).
    # Right outline readings on calibration seeds 0-299 of both art sets lead by 0.20 or more but for 19 of 10,637.
    min_rank_lead_index: float = 0.20
    # A corner implied by its card's other corners or by a glyph pair (not found on an outline) is placed less surely:
    # its patch must score this much to be read on its own (an implied 3c whose "3" was cut by a card over it read 2c
    # at 0.76).
    min_implied_score: float = 0.80
    # ... and its rank must lead the best other rank by this much (relative lead, on the rank's rows): a corner implied
    # from a corner 1.4 card widths away, on a card nearer the camera than the calibrated size, falls short of the index
    # and cuts its rank glyph (byron knoll 27918: a 3d read 4d at 0.85, its rank leading by 0.25).  Right implied
    # readings on calibration seeds 0-299 of both art sets lead by 0.30 or more but for 5 of 288.
    min_implied_rank_lead: float = 0.30
    # The rank's rows searched a few pixels further: another rank may come first there by a little (a "10" whose rows,
    # shifted, resemble a J's by 0.01-0.04) but not lead clearly (relative lead; 9826's cut "2" led the 4 by -1.1).
    min_rank_lead_rows: float = -0.3
    # A sharp patch of a taught card scores about this against its template (right readings on calibration seeds 0-59:
    # median 0.93, 90th percentile 0.96): full confidence as far as the score goes.
    full_score: float = 0.95
    # A card's two index corners (turned 180 degrees to each other) naming it alike may each pass these instead.
    pair_min_score: float = 0.70
    pair_min_rank_lead: float = 0.10
    pair_min_suit_lead: float = 0.15
    split: int = 0  # first row of the suit, canonical pixels
    width: int = 0  # the index's columns, canonical pixels
    _cards: list[str] = field(default_factory=list)
    _templates: np.ndarray | None = None  # cards x rows x columns: each card's template (the mean of its taught patches)
    _rank: np.ndarray | None = None
    _suit: np.ndarray | None = None
    _mean: np.ndarray | None = None
    _court_mean: np.ndarray | None = None
    _whole_from: np.ndarray | None = None  # 4 x cards: the whole patch's score from the rank and suit blocks' products
    _rank_index: np.ndarray | None = None
    _suit_index: np.ndarray | None = None
    _rank_both: np.ndarray | None = None
    _suit_both: np.ndarray | None = None
    _ranks: np.ndarray | None = None
    _suits: np.ndarray | None = None
    _untaught_ranks: set[str] = field(default_factory=set)
    _untaught_suits: set[str] = field(default_factory=set)
    _colour_rivals: dict[str, np.ndarray] = field(default_factory=dict)  # per suit: its colour, then those of other colours

    def add(self, card: str, patch: np.ndarray, colour: np.ndarray | None = None) -> None:
        """One taught corner of ``card``: its patch with SHIFT pixels of margin (:func:`patch_at`), and its ink colour
        when the teaching frame had colour."""
        self.labels.append(card)
        self.patches.append(patch.astype(np.float32))
        self.colours.append(colour)
        self._templates = None

    def teach_laid_out(self, frame: np.ndarray, quads: list[np.ndarray], cards: list[str], card_width_px: float,
                       cfg: DetectorConfig | None = None) -> None:
        """Teach the two index corners of laid-out cards (``quads`` TL, TR, BR, BL in the order of ``cards``).

        Where the corner finder finds a card's corner (both its sides within :data:`TAUGHT_WITHIN` of the outline's) its
        frame is used, as when reading; else the outline's own.  With
        the table calibration's settings (``cfg``) each patch is cut at the card's size where it lies, as when reading."""
        cw = card_width_px
        cfg = cfg or DetectorConfig(card_width_px=cw)
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        corners = find_corners(paper_mask(gray, cfg), cw)
        ats = np.array([c.at for c in corners], np.float64).reshape(-1, 2)
        rights = np.array([c.right for c in corners], np.float64).reshape(-1, 2)
        downs = np.array([c.down for c in corners], np.float64).reshape(-1, 2)
        along = math.cos(math.radians(TAUGHT_WITHIN))
        chosen: list[tuple[str, Corner]] = []
        for card, q in zip(cards, quads, strict=True):
            for k in (0, 2):  # the index corners of a portrait quad: top-left and bottom-right
                own = Corner.of_quad(q, k)
                d = np.hypot(*(ats - q[k]).T)
                near = np.flatnonzero((d < 0.15 * cw) & (rights @ own.right > along) & (downs @ own.down > along))
                chosen.append((card, corners[int(near[np.argmin(d[near])])] if len(near) else own))
        localise([c for _, c in chosen], cfg)
        for card, c in chosen:
            self.add(card, patch_at(gray, c, cw, SHIFT), ink_colour(patch_at(frame, c, cw)[:, :COLOUR_COLUMNS]))

    @property
    def untaught(self) -> set[str]:
        return {r + s for r in RANKS for s in SUITS} - set(self.labels)

    def build(self) -> None:
        """The templates, from the taught patches (teaching ends with this; reading builds them if needed)."""
        ph, pw = int(round(PATCH[1] * CANON_W)), int(round(PATCH[0] * CANON_W))
        # Every taught patch aligned on the mean of them all (twice), so that a patch read can be aligned once for
        # every template, a card's patches that differ there aligned on one another (:func:`_aligned_alike`); then one
        # template per card, the mean of its patches.
        wins = [np.lib.stride_tricks.sliding_window_view(b, (ph, pw)).reshape(-1, ph, pw) for b in self.patches]
        at = np.full(len(wins), _UNSHIFTED)  # each patch's window (row-major in its margin): unshifted first
        for _ in range(2):
            at = _aligned_on(wins, at)
        cards = sorted(set(self.labels))
        mine = {card: [j for j, c in enumerate(self.labels) if c == card] for card in cards}
        for own in mine.values():
            if len(own) > 1:
                at[own] = _aligned_alike([wins[j] for j in own], at[own])
        p = np.stack([np.mean([wins[j][at[j]] for j in mine[card]], axis=0) for card in cards])
        # Split rank from suit at the emptiest row between them (the rows' mean darkness over every card).
        dark = (255 - p).mean(axis=(0, 2))
        lo, hi = int(0.12 * CANON_W), int(0.30 * CANON_W)  # a rank glyph ends between these (card widths from the corner)
        self.split = lo + int(np.argmin(dark[lo:hi]))
        # The index's own columns: up to where the rank rows' darkness falls away after its peak.  Beyond lie the big
        # pips and the court pictures, which help tell cards apart in general but can hide the rank glyph's difference
        # (a 5h and a 6h share their top pips): the rank and suit read on these columns alone must agree.
        cols = (255 - p[:, : self.split]).mean(axis=(0, 1))
        peak = int(np.argmax(cols))
        after = np.flatnonzero(cols[peak:] < 0.35 * cols[peak])
        self.width = peak + int(after[0]) + 1 if after.size else pw
        k = len(p)
        self._cards = cards
        self._templates = p
        self._rank = _normalise(p[:, : self.split].reshape(k, -1))
        self._suit = _normalise(p[:, self.split:].reshape(k, -1))
        self._rank_index = _normalise(p[:, : self.split, : self.width].reshape(k, -1))
        self._suit_index = _normalise(p[:, self.split:, : self.width].reshape(k, -1))
        # The templates of the rank's and the suit's rows side by side with those of the index's columns, zero beyond them,
        # then the sums that give a block's spread (every pixel of it, and the index's columns): a patch's rows are
        # compared with all of them in one product (see :func:`_block_scores`).
        pad = np.zeros((k, ph, pw), np.float32)
        pad[:, : self.split, : self.width] = self._rank_index.reshape(k, self.split, self.width)
        pad[:, self.split:, : self.width] = self._suit_index.reshape(k, ph - self.split, self.width)
        sums = np.zeros((2, ph, pw), np.float32)
        sums[0] = 1
        sums[1, :, : self.width] = 1
        self._rank_both = np.concatenate([self._rank, pad[:, : self.split].reshape(k, -1), sums[:, : self.split].reshape(2, -1)]).T.copy()
        self._suit_both = np.concatenate([self._suit, pad[:, self.split:].reshape(k, -1), sums[:, self.split:].reshape(2, -1)]).T.copy()
        # The whole patch's score from the two blocks' products: x . (p - mean) is the rank block's x . (p_r - mean_r)
        # rescaled, plus the sum of x over the block times (mean_r - mean), and the same for the suit block.
        q = p.astype(np.float64)
        mean, whole_norm = q.mean(axis=(1, 2)), np.linalg.norm((q - q.mean(axis=(1, 2))[:, None, None]).reshape(k, -1), axis=1)
        parts = []
        for block in (q[:, : self.split], q[:, self.split:]):
            m = block.mean(axis=(1, 2))
            parts += [np.linalg.norm((block - m[:, None, None]).reshape(k, -1), axis=1), m - mean]
        self._whole_from = (np.stack(parts) / np.maximum(whole_norm, 1e-6)).astype(np.float32)
        self._mean = p.mean(axis=0).astype(np.float32)
        court = [i for i, c in enumerate(cards) if c[0] in COURT]
        self._court_mean = p[court].mean(axis=0).astype(np.float32) if court else None
        self._ranks = np.array([c[0] for c in cards])
        self._suits = np.array([c[1] for c in cards])
        # A card never taught would be read as its nearest taught neighbour: no reading may then name its rank or suit.
        missing = self.untaught
        self._untaught_ranks = {c[0] for c in missing}
        self._untaught_suits = {c[1] for c in missing}
        by_suit: dict[str, list[np.ndarray]] = {}
        for card, colour in zip(self.labels, self.colours, strict=True):
            if colour is not None:
                by_suit.setdefault(card[1], []).append(np.median(colour, axis=0))
        taught = {suit: np.median(v, axis=0).astype(np.float32) for suit, v in by_suit.items()}
        self._colour_rivals = {suit: np.stack([own, *(c for t, c in taught.items() if t != suit and float(np.linalg.norm(c - own)) >= MIN_COLOUR_APART)])
                               for suit, own in taught.items()}

    def colour_disagrees(self, suit: str, colour: np.ndarray | None) -> bool:
        """Whether an index's ink (``colour``, from :func:`ink_colour`) is mostly of the taught colour of a suit printed
        in another colour (a red suit's for a black one, or, in a four-colour deck, any other suit's) and hardly of
        ``suit``'s own: the shape says one suit and the ink another.  Each ink pixel counts for the nearer of the two
        colours, so felt or a picture's frame in the patch does not hide a red index.  Never when the colour, or the
        suit's taught colour, is unknown."""
        if colour is None:
            return False
        return bool(self.colours_disagree([suit], colour[None], np.ones((1, len(colour)), bool))[0])

    def colours_disagree(self, suits: Sequence[str], colours: np.ndarray, ink: np.ndarray) -> np.ndarray:
        """:meth:`colour_disagrees` for many indices at once: ``suits`` read, and their pixels' colours and ink masks
        (from :func:`ink_colours`); an index without ink never disagrees."""
        out = np.zeros(len(suits), bool)
        rows = [j for j, suit in enumerate(suits) if len(self._colour_rivals.get(suit, ())) >= 2]
        if not rows:
            return out
        # Each index's own suit's colour, then its rivals', padded with colours infinitely far: one pass for them all.
        table = np.full((len(rows), max(len(self._colour_rivals[suits[j]]) for j in rows), 2), np.inf, np.float32)
        for i, j in enumerate(rows):
            rivals = self._colour_rivals[suits[j]]
            table[i, :len(rivals)] = rivals
        c, m = colours[rows], ink[rows]
        x, y = c[:, :, 0], c[:, :, 1]
        # squared distance of each pixel's colour to each taught colour: its suit's own, then the nearest rival's
        d = [(x - t[:, None, 0]) * (x - t[:, None, 0]) + (y - t[:, None, 1]) * (y - t[:, None, 1]) for t in table.transpose(1, 0, 2)]
        other = d[1]
        for e in d[2:]:
            other = np.minimum(other, e)
        own = np.count_nonzero((d[0] < other) & m, axis=1)
        inked = np.count_nonzero(m, axis=1)
        out[rows] = (inked > 0) & (own / np.maximum(inked, 1) <= COLOUR_OWN_AT_MOST)
        return out

    def nameable(self, card: str) -> bool:
        """Whether a reading may name ``card``: not when a card sharing its rank or suit was never taught."""
        if self._templates is None:
            self.build()
        return card[0] not in self._untaught_ranks and card[1] not in self._untaught_suits

    def confidence(self, r: CornerReading, pair: bool = False) -> float:
        """0..1 above the thresholds the reading passed (``pair``: the two-corner thresholds): the score's way from the
        threshold to ``full_score`` and each lead's to twice its threshold, the least of the three."""
        lo, lr, ls = (self.pair_min_score, self.pair_min_rank_lead, self.pair_min_suit_lead) if pair else (
            self.min_score, self.min_rank_lead, self.min_suit_lead)
        lead = min(r.rank_lead / (2 * lr), r.suit_lead / (2 * ls))
        return max(0.01, min(float((r.score - lo) / (self.full_score - lo)), float(lead), 1.0))  # np.clip's, for one number

    def _stands_out(self, suit_rows: np.ndarray, card: str, same_r: np.ndarray) -> bool:
        """Whether ``card``'s suit stands out among the cards of its rank on a patch's suit rows (``suit_rows``): on what
        differs between their templates (court cards of one rank differ only in a small part of the suit's rows)."""
        assert self._suit is not None and self._suits is not None
        within = np.flatnonzero(same_r)
        diff = self._suit[within] - self._suit[within].mean(axis=0)
        q = _normalise(suit_rows.reshape(1, -1))[0]
        sc = (diff @ q) / np.maximum(np.linalg.norm(diff, axis=1), 1e-6)
        order = np.argsort(-sc)
        return bool(self._suits[within[order[0]]] == card[1] and len(order) > 1 and float(sc[order[0]] - sc[order[1]]) >= self.min_suit_gap_within)

    def suit_tie_only(self, r: CornerReading) -> bool:
        """Whether a corner's only split verdict is a near tie of its suit on the index's own columns (its rank leading
        there as it must, its ink not another suit's colour)."""
        return (r.split_verdict and not r.ink_differs and r.rank_index_lead >= self.min_rank_lead_index
                and self.min_suit_tie_index <= r.suit_index_lead <= 0)

    def passes(self, score: float, rank_lead: float, suit_lead: float, pair: bool = False) -> bool:
        if pair:
            return score >= self.pair_min_score and rank_lead >= self.pair_min_rank_lead and suit_lead >= self.pair_min_suit_lead
        return score >= self.min_score and rank_lead >= self.min_rank_lead and suit_lead >= self.min_suit_lead

    def _rank_rows(self, bigs: np.ndarray, at: np.ndarray, pw: int) -> np.ndarray:
        """The rank's rows of patches (``bigs``, each aligned at its row of ``at``, ``pw`` wide) at every shift up to RANK_SHIFT
        pixels up or down (within the patch) and one across: one row of pixels per shift, for each patch (not normalised)."""
        ys = np.clip(at[:, :1] + np.arange(-RANK_SHIFT, RANK_SHIFT + 1), 0, 2 * READ_SHIFT)
        xs = at[:, 1:] + np.arange(-1, 2)
        rows = np.lib.stride_tricks.sliding_window_view(bigs, (self.split, pw), axis=(1, 2))
        return rows[np.arange(len(bigs))[:, None, None], ys[:, :, None], xs[:, None, :]].reshape(len(bigs), -1, self.split * pw)

    def read_all(self, gray: np.ndarray, corners: list[Corner], card_width_px: float, implied: bool = False,
                 frame: np.ndarray | None = None) -> list[CornerReading]:
        """Read every corner: each aligned on the mean taught patch (and a court card read unsurely on the court cards'
        mean too), then every card's template compared at the nine shifts within a pixel of that (the best shift kept per
        template, and per rank and suit rows).
        ``implied``: the corners were not found on an outline (``min_implied_score`` and ``min_implied_rank_lead``
        apply); ``frame``: the colour frame ``gray`` came from, when there is one (the ink's colour must then not say
        another suit)."""
        if self._templates is None:
            self.build()
        assert self._mean is not None
        bigs, kept = [], []
        for c in corners:
            big = patch_at(gray, c, card_width_px, READ_SHIFT)
            if float(cv2.meanStdDev(big)[1][0, 0]) >= 8:  # else blank paper or felt: nothing printed here
                bigs.append(big)
                kept.append(c)
        if kept:
            aligned, likeness = _align_all(bigs, self._mean, READ_SHIFT - SHIFT)
            index_like = [j for j, v in enumerate(likeness) if v >= INDEX_LIKE]
            bigs, kept = [bigs[j] for j in index_like], [kept[j] for j in index_like]
        if not kept:
            return []
        first = [aligned[j] for j in index_like]
        out = self._read_aligned(bigs, kept, first, card_width_px, implied, frame)
        if self._court_mean is not None:
            self._court_aligned(out, bigs, kept, first, card_width_px, implied, frame)
        return out

    def _court_aligned(self, out: list[CornerReading], bigs: list[np.ndarray], kept: list[Corner], first: list[tuple[int, int]],
                       card_width_px: float, implied: bool, frame: np.ndarray | None) -> None:
        """A court card's patch aligns on the mean of every card's (mostly pip cards': a rank over a small pip, then paper)
        a few pixels off its own template, its picture's frame pulling it: each patch of ``out`` read unsurely as a court
        card (:data:`UNSURE_BELOW`) is aligned on the court cards' mean too, read there where that lies more than a pixel
        from ``first``, and the reading that scores higher kept (never one naming no card for one naming a card)."""
        assert self._court_mean is not None
        unsure = [j for j, r in enumerate(out) if r.best[0] in COURT and (r.card is None or self.confidence(r) < UNSURE_BELOW)]
        if not unsure:
            return
        again, _ = _align_all([bigs[j] for j in unsure], self._court_mean, READ_SHIFT - SHIFT)
        moved = [(j, at) for j, at in zip(unsure, again, strict=True) if max(abs(at[0] - first[j][0]), abs(at[1] - first[j][1])) > 1]
        if not moved:
            return
        other = self._read_aligned([bigs[j] for j, _ in moved], [kept[j] for j, _ in moved], [at for _, at in moved],
                                   card_width_px, implied, frame)
        for (j, _), r in zip(moved, other, strict=True):
            if r.score > out[j].score and (r.card is not None or out[j].card is None):
                out[j] = r

    def _read_aligned(self, bigs: list[np.ndarray], kept: list[Corner], aligned: list[tuple[int, int]], card_width_px: float,
                      implied: bool, frame: np.ndarray | None) -> list[CornerReading]:
        """The corners ``kept`` read from their patches ``bigs`` (with READ_SHIFT pixels of margin), each aligned at
        ``aligned`` (:func:`_align_all`): every card's template compared at the nine shifts within a pixel of that."""
        assert self._templates is not None and self._rank is not None and self._suit is not None and self._mean is not None
        assert self._rank_both is not None and self._suit_both is not None and self._ranks is not None and self._suits is not None
        assert self._whole_from is not None
        ph, pw = self._mean.shape
        n = len(kept)
        at = np.array(aligned, np.int64).reshape(n, 2)
        np.clip(at, 1, 2 * READ_SHIFT - 1, out=at)
        # The nine windows within a pixel of each alignment, dy then dx.
        step = np.array([(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)], np.int64)
        ys, xs = (at[:, None, :] + step[None]).transpose(2, 0, 1)
        stack = np.stack(bigs)
        windows = np.lib.stride_tricks.sliding_window_view(stack, (ph, pw), axis=(1, 2))
        near = windows[np.arange(n)[:, None], ys, xs].astype(np.float32)
        k = len(self._cards)
        # Each window centred on its mean; its norm divides the whole patch's products alone (the blocks' scores are
        # normalised on the blocks' own spread), not every pixel.
        x, norm = _centred(near.reshape(n * 9, -1))
        norm = np.maximum(norm, 1e-6)
        cut = self.split * pw
        rank_all, rank_index_all, rank_raw, rank_sum = _block_scores(x[:, :cut], self._rank_both)
        suit_all, suit_index_all, suit_raw, suit_sum = _block_scores(x[:, cut:], self._suit_both)
        w = self._whole_from
        full = ((rank_raw * w[0] + rank_sum * w[1] + suit_raw * w[2] + suit_sum * w[3]) / norm).reshape(n, 9, k)
        rank, rank_index, suit, suit_index = (a.reshape(n, 9, k).max(axis=1) for a in (rank_all, rank_index_all, suit_all, suit_index_all))
        shift = full.argmax(axis=1)
        full = full.max(axis=1)
        # Rank and suit are each decided on their own rows (a 2d and a 2s patch differ only in the suit's rows, so the
        # whole patch cannot tell them apart); the whole patch of that card must match too.
        where = {c: i for i, c in enumerate(self._cards)}
        firsts = zip(rank.argmax(axis=1).tolist(), suit.argmax(axis=1).tolist(), full.argmax(axis=1).tolist(), strict=True)
        best = np.array([where.get(self._cards[r][0] + self._cards[s][1], f) for r, s, f in firsts], np.int64)
        same_r = self._ranks[None, :] == self._ranks[best][:, None]
        same_s = self._suits[None, :] == self._suits[best][:, None]
        rank_lead, suit_lead = _leads(rank, same_r).tolist(), _leads(suit, same_s).tolist()
        # On the index's own columns the same rank must lead clearly, and the same suit come first.
        r_ixs, s_ixs = _leads(rank_index, same_r).tolist(), _leads(suit_index, same_s).tolist()
        whole = full[np.arange(n), best].tolist()  # the whole patch's score of the card read
        found: list[tuple[str, int, float, float, bool]] = []
        index_leads: list[tuple[float, float]] = []
        ink_differs: set[int] = set()
        check: list[int] = []  # corners whose rank is checked on its own rows searched further
        for j, i in enumerate(best.tolist()):
            card, r_lead, s_lead, r_ix, s_ix = self._cards[i], rank_lead[j], suit_lead[j], r_ixs[j], s_ixs[j]
            if self.min_suit_lead > s_lead >= self.min_suit_lead_within and s_ix >= self.min_suit_lead_index and (
                    s_lead >= self.min_suit_lead_index_backed or self._stands_out(near[j, shift[j, i], self.split:], card, same_r[j])):
                # A short suit lead, with the small pip beside the rank leading on the index's own columns: the suit's rows
                # (where a court card's picture or a big pip weighs in too) lead by 0.20 at least, or among the cards of
                # the rank, what differs from their mean says the suit clearly.  Without the small pip's lead, neither:
                # a larger-than-calibrated Ac's blurred club led the spade by 0.06 there and read As on its rank's cards.
                s_lead = self.min_suit_lead
            index_leads.append((r_ix, s_ix))
            agree = r_ix >= self.min_rank_lead_index and s_ix > 0
            if agree and self.passes(whole[j], r_lead, s_lead, pair=True):
                check.append(j)
            found.append((card, i, r_lead, s_lead, agree))
        if check and frame is not None:
            # The ink's colour, where the patch aligned, must not be another suit's (a blurred As's small pip, no stem
            # left, read Ad on its shape).
            inks = np.stack([patch_at(frame, kept[j], card_width_px, READ_SHIFT, (int(at[j, 0]), int(at[j, 1]), ph, COLOUR_COLUMNS))
                             for j in check])
            differs = self.colours_disagree([found[j][0][1] for j in check], *ink_colours(inks)).tolist()
            for j in (j for j, no in zip(check, differs, strict=True) if no):
                found[j] = (*found[j][:4], False)
                ink_differs.add(j)
            check = [j for j in check if j not in ink_differs]
        if check:
            # The rank's rows searched further up and down on their own must not put another rank clearly first: a card larger than
            # the calibrated size (nearer the camera) aligns on its suit, and its rank glyph then sits a few pixels off
            # (a blurred 2s read 4s at 0.82 with its "2" cut by 3 pixels).  One product for every corner checked.
            rows = self._rank_rows(stack[check], at[check], pw)
            scores = (_normalise(rows.reshape(-1, rows.shape[-1])) @ self._rank.T).reshape(len(check), -1, len(self._cards))
            for j, lead in zip(check, _leads(scores.max(axis=1), same_r[check]).tolist(), strict=True):
                card, i, rank_lead, suit_lead, _ = found[j]
                found[j] = (card, i, rank_lead, suit_lead, lead >= self.min_rank_lead_rows)
        out: list[CornerReading] = []
        for j, (corner, (card, i, rank_lead, suit_lead, agree)) in enumerate(zip(kept, found, strict=True)):
            if not agree:
                rank_lead = suit_lead = min(rank_lead, suit_lead, 0.0)
            ok = (self.passes(whole[j], rank_lead, suit_lead) and self.nameable(card)
                  and (not implied or (whole[j] >= self.min_implied_score and rank_lead >= self.min_implied_rank_lead)))
            patch = near[j, shift[j, i]].astype(np.uint8)  # the window's own grey levels
            top, left = (int(v) for v in at[j] + step[shift[j, i]])
            out.append(CornerReading(corner, card if ok else None, card, whole[j], rank_lead, suit_lead, patch, not agree,
                                     *index_leads[j], j in ink_differs, (top, left)))
        return out


UNSURE_BELOW = 0.9
"""A corner read at this confidence or more is not read again another way: aligned on the court cards' mean
(:meth:`CornerBook.read_all`), or an implied corner turned about its index (:func:`vision.recognize._read_implied`)."""
COURT = "JQK"
"""The court cards' ranks."""


ALIGN_SIDE_BY_SIDE = 3
""":func:`_align_all` matches this many patches side by side in one ``matchTemplate``. A normalised correlation at a place
depends only on the pixels under the template there, so the patches can share one; but OpenCV correlates in Fourier
tiles a few hundred pixels wide, and across a row of every patch of a frame those tiles cost twice as much as in rows of
three (a 111-pixel row fits a 120-point transform): 45 patches of a frame aligned in 0.63 ms instead of 1.27 (single
thread), 30 in 0.41 instead of 0.57. The maps differ from one row's by rounding alone (under 1e-6)."""


def _align_all(bigs: list[np.ndarray], mean: np.ndarray, e: int) -> tuple[list[tuple[int, int]], list[float]]:
    """Where each patch (``bigs``, alike in size, with READ_SHIFT pixels of margin) aligns on the mean template: the best
    within ``e`` of its edge (the taught margin), followed uphill from there over the whole margin when it lies on that
    window's edge.  A few matchTemplates for every patch: :data:`ALIGN_SIDE_BY_SIDE` patches side by side in each (side by
    side: quicker than one above another).  Also returned: each patch's correlation with the mean template where it
    aligns."""
    bh, bw = bigs[0].shape
    th, tw = mean.shape
    mh, mw = bh - th + 1, bw - tw + 1
    n = len(bigs)
    # Each patch's map, in a frame of -inf: a step uphill never leaves the map.
    maps = np.full((n, mh + 2, mw + 2), -np.inf, np.float32)
    for first in range(0, n, ALIGN_SIDE_BY_SIDE):
        part = bigs[first:first + ALIGN_SIDE_BY_SIDE]
        every = cv2.matchTemplate(np.concatenate(part, axis=1).astype(np.float32), mean, cv2.TM_CCOEFF_NORMED)
        # Patch j's map starts at column j * bw.
        maps[first:first + len(part), 1:-1, 1:-1] = np.lib.stride_tricks.as_strided(every, (len(part), mh, mw), (bw * every.strides[1], *every.strides))
    inner = maps[:, 1 + e:1 + mh - e, 1 + e:1 + mw - e].reshape(n, -1).argmax(axis=1)
    h, w = mh - 2 * e, mw - 2 * e
    y, x = inner // w + e, inner % w + e
    # From the window's edge, every such patch steps to the best of the nine places round it until it stays put.
    climbing = np.flatnonzero(~((e < y) & (y < h - 1 + e) & (e < x) & (x < w - 1 + e)))
    nine = np.arange(3)
    while len(climbing):
        cy, cx = y[climbing], x[climbing]
        best = maps[climbing[:, None, None], cy[:, None, None] + nine[None, :, None], cx[:, None, None] + nine[None, None, :]]
        step = best.reshape(len(climbing), 9).argmax(axis=1)
        ny, nx = cy + step // 3 - 1, cx + step % 3 - 1
        moved = (ny != cy) | (nx != cx)
        y[climbing], x[climbing] = ny, nx
        climbing = climbing[moved]
    values = maps[np.arange(n), y + 1, x + 1]
    return list(zip(y.tolist(), x.tolist(), strict=True)), values.astype(np.float64).tolist()


def _aligned_on(wins: list[np.ndarray], at: np.ndarray) -> np.ndarray:
    """Each patch's window (of ``wins``: every shift of it) most like the mean of the windows ``at``."""
    mean = _normalise(np.mean([w[i] for w, i in zip(wins, at.tolist(), strict=True)], axis=0).reshape(1, -1))[0]
    return np.array([int(np.argmax(_normalise(w.reshape(len(w), -1)) @ mean)) for w in wins], np.int64)


_SIDE = 2 * SHIFT + 1
"""A taught patch's shifts within its margin: a square of this many a side (row-major)."""
_UNSHIFTED = SHIFT * _SIDE + SHIFT
"""The shift of a taught patch's window at no shift (its middle)."""


def _aligned_alike(wins: list[np.ndarray], at: np.ndarray) -> np.ndarray:
    """One card's taught patches (each at every shift within its margin: ``wins``), aligned on
    the mean of all cards' at ``at`` (row-major in a :data:`_SIDE` x :data:`_SIDE` square of shifts), aligned on one another instead
    where they differ (their mean correlation there under :data:`ALIKE_BELOW`): from no shift, on their own mean
    (:data:`ALIKE_ROUNDS` times), then moved together so that their mean shift is what the mean of all cards' gave, and
    a patch read, aligned on that mean too, meets the card's template where its own patches met it.

    A court card's picture, or red print on a grey patch, pulls its patches a few pixels apart on the mean of every
    card's: Byron Knoll's four Jd patches on wood correlated 0.1-0.3 with one another there, a number card's about 0.85,
    and the template, their mean, was a ghost of the index."""
    n = len(wins)
    now = _normalise(np.stack([w[i] for w, i in zip(wins, at.tolist(), strict=True)]).reshape(n, -1))
    if float((now @ now.T)[~np.eye(n, dtype=bool)].mean()) >= ALIKE_BELOW:
        return at
    own = np.full(n, _UNSHIFTED)
    for _ in range(ALIKE_ROUNDS):
        own = _aligned_on(wins, own)
    by = np.column_stack([own // _SIDE, own % _SIDE])
    move = np.rint(np.column_stack([at // _SIDE, at % _SIDE]).mean(axis=0) - by.mean(axis=0)).astype(np.int64)
    by = np.clip(by + move, 0, _SIDE - 1)
    moved: np.ndarray = by[:, 0] * _SIDE + by[:, 1]
    return moved


ALIKE_BELOW = 0.5
"""A card's taught patches are aligned on one another (:func:`_aligned_alike`) where their mean correlation, aligned on
the mean of every card's, is under this."""
ALIKE_ROUNDS = 3
"""How many times a card's patches are aligned on their own mean (:func:`_aligned_alike`)."""


def _leads(scores: np.ndarray, same: np.ndarray) -> np.ndarray:
    """Each row's relative lead of its best score where ``same`` (s1) over its best elsewhere (s2): (s1 - s2) / (1 - s2),
    in float64."""
    own = np.where(same, scores, -np.inf).max(axis=1).astype(np.float64)
    other = np.where(same, -np.inf, scores).max(axis=1).astype(np.float64)
    lead: np.ndarray = (own - other) / np.maximum(1e-6, 1 - other)
    return lead


def _block_scores(x: np.ndarray, both: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Normalised correlation of a block of rows of patches with the block's templates and with the index columns'.

    ``x``: the block's part of each patch row (each row of ``x`` centred on the whole patch); ``both``:
    the block's templates, then those of the index's columns padded with zeros (each template centred on what it
    covers), then two columns of ones (every pixel of the block, and the index's columns only).  A template centred on
    its block gives the same product with the block's pixels whatever is subtracted from them, so the patch is only
    rescaled by the block's own spread, from its sums over the two column sets: no copy of the block centred and
    normalised again.  Also returned: the block templates' products as they are, and the sum of each row of ``x``
    (what the whole patch's score is made of, divided by the patch's norm: see ``CornerBook._whole_from``)."""
    k = (both.shape[1] - 2) // 2
    raw = x @ both
    s1 = raw[:, 2 * k:].astype(np.float64)
    s2 = (np.square(x) @ both[:, 2 * k:]).astype(np.float64)
    count = both[:, 2 * k:].sum(axis=0, dtype=np.float64)
    spread = np.maximum(np.sqrt(np.maximum(s2 - s1 * s1 / count, 0.0)), 1e-6).astype(np.float32)
    return raw[:, :k] / spread[:, :1], raw[:, k:2 * k] / spread[:, 1:], raw[:, :k], raw[:, 2 * k:2 * k + 1]


def read_corners(frame: np.ndarray, book: CornerBook, cfg: DetectorConfig) -> list[CornerReading]:
    """Every paper corner of ``frame`` that shows something printed, read against ``book`` (one reading per corner)."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    corners = find_corners(paper_mask(gray, cfg), cfg.card_width_px)
    localise(corners, cfg)
    return book.read_all(gray, corners, cfg.card_width_px, frame=frame)
