"""Rank-and-suit recognition from a card's corner index, with a confidence and rejection to unknown.

A card is read wherever one of its two indices shows, so hole cards overlapping at showdown are
read from the corner left uncovered.  Two readers:

- Corner patches (:mod:`vision.corners`, taught decks): the corners of the cards' paper found, and
  the whole patch where an index is printed compared with the taught deck's.  Nothing is cut out
  of the print, so an index touching a court card's picture, a "10" or a blurred index is read too.
- Index glyphs (:mod:`vision.glyphs`): a rank glyph with its suit glyph just below it, found
  directly on the frame, turned upright and normalised once.  For a taught deck they are looked
  for only where no card was read from its corners (a corner merged with glare or a chip, the
  upper card of a pair whose index lies over the lower card).

Where an index corner lies over another card its paper has no outline there, so no corner is found
at it; the patch is then read where the card's other corners imply it (a corner that shows no index
lies beside both index corners of its card) or where a glyph pair found there implies it.

Two modes:

- Taught deck: the dealer lays the deck out in reading order and tells the console which cards
  they are (:func:`teach`); each card's two indices give its corner patches and its rank and suit
  glyphs, and the index geometry of that deck (glyph sizes, where the card's centre lies from its
  index) is learnt too.
- General (:func:`general_deck`): glyphs rendered from several fonts and suit shapes drawn here,
  for decks never taught; stricter thresholds, and every doubt is "unknown".

A reading is confident only when the best rank and the best suit each beat the best *other* rank
or suit by a clear margin, the ink colour (red or black) agrees with the suit, the card the index
implies lies on card-coloured area of the frame, and no other index of the same card names another
card.  Otherwise it is ``unknown`` (``card`` is ``None``), with the best guess kept for the
dealer's prompt.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import cv2
import numpy as np

from .background import TableDifference
from .corners import (
    SKEWED_FROM,
    UNSURE_BELOW,
    Corner,
    CornerBook,
    CornerReading,
    find_corners,
    localise,
    off_square,
    paper_and_pale,
    read_corners,
    with_table_corners,
)
from .detect import Detection, DetectorConfig, detect_cards, quads_area, segment, shrink
from .errors import VisionError
from .glyphs import JUNK, FinderConfig, GlyphBook, GlyphScore, IndexCandidate, fill_each, find_indices
from .learned import CONFIRM_BELOW, NAMED_RIGHT, Verdict, agreeing, confirm, unread_by_model, verdicts
from .outlines import OutlineConfig, outline_quads
from .synthetic import CARD_ASPECT, RANKS, Deck
from .untaught import untaught_reasons, unteachable

T = TypeVar("T")
FACE_W = 200
FACE_H = int(FACE_W * CARD_ASPECT)
# Corner index window on the normalised face (pixels, x0, y0, x1, y1): evidence crops and read_face.
QUERY = (0, 0, 60, 96)
# A card read from a corner patch lies where that corner says to within a few pixels (the card's size varies a
# little across the table); the hole cards of an overlapping pair lie 0.35 card widths apart or more.
PATCH_GROUP = 0.25
RIM_CUT = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
"""What :func:`unread_area` cuts: anything under three coarse pixels across (24 frame pixels; an index is 0.2 card widths)."""
SEGMENT_SCALE = 0.125  # felt-model segmentation for reading runs at an eighth of the resolution (refined at full resolution)
PAPER_AREA_OPEN = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
"""What :func:`card_area` opens the coarse paper with before filling it: a printed felt's light lines and lettering, which
the paper mask keeps, joined to a card's paper made one blob of the two, and the glyph search over it lost cards."""
PAPER_AREA_GROWN = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
"""How far :func:`card_area` grows the filled coarse paper (two coarse pixels, 16 frame pixels): an index printed close
to the card's edge notches the paper's outline, and the glyph search must take it in."""


def warp_face(frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card under ``quad`` (TL, TR, BR, BL) as an upright FACE_W x FACE_H image."""
    dst = np.array([[0, 0], [FACE_W - 1, 0], [FACE_W - 1, FACE_H - 1], [0, FACE_H - 1]], np.float32)
    M = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(frame, M, (FACE_W, FACE_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def corner_crops(face: np.ndarray) -> list[np.ndarray]:
    """The two corner-index windows of a face, each upright (top-left, and bottom-right turned 180)."""
    x0, y0, x1, y1 = QUERY
    rot = cv2.rotate(face, cv2.ROTATE_180)
    return [np.ascontiguousarray(face[y0:y1, x0:x1]), np.ascontiguousarray(rot[y0:y1, x0:x1])]


@dataclass
class Reading:
    """One card read (or not) on a frame."""

    card: str | None  # None when unknown
    best: str  # best-scoring card even when rejected (for the dealer's prompt)
    score: float
    margin: float
    confidence: float  # 0..1; readings below the threshold are 'unknown' with confidence 0
    quad: np.ndarray  # the card's outline on the frame (TL, TR, BR, BL of the face), as implied by its index
    crop: np.ndarray  # the upright corner index the reading came from (evidence)
    blob: int = -1  # readings of one card (its two corners) share this id
    corners: int = 1  # how many corner indices of the card agreed
    alone: bool = False
    """Named by the learned reader alone from a glyph pair the taught deck could not read, its way up taken from the
    paper (:func:`_read_glyphs`): it gives way to any reading of the taught deck that disagrees with it or names its card
    elsewhere."""
    faint: bool = False
    """From a corner patch under the deck's least index score (:data:`FAINT_FROM`): a card only where the learned reader
    names the deck's guess too, else dropped; it gives way to every other reading near it or of its card."""
    other_corner: float = 0.0
    """The confidence of the card's other index corner (turned 180 degrees from the one read, a card length away) naming
    it alike on its own; 0 when none did (:func:`_second_corner`)."""

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the card's outline, in frame pixels."""
        x, y = np.asarray(self.quad, np.float64).reshape(-1, 2).mean(axis=0)
        return (float(x), float(y))

    @property
    def gives_way(self) -> bool:
        """Named by the model alone, or from a faint patch: a reading of the taught deck naming its card elsewhere stands."""
        return self.alone or self.faint


@dataclass
class IndexGeometry:
    """Where a deck prints its index, in card widths (learnt when the deck is taught)."""

    rank_blob: tuple[float, float]  # size of the rank glyph's blob (largest side, any rotation)
    suit_blob: tuple[float, float]
    pair_dist: tuple[float, float]  # distance between the rank's and the suit's centres
    centre: tuple[float, float]  # card centre from the suit's centre, upright index frame (right, down)
    rank_h: float  # typical rank glyph height

    def finder(self, card_width_px: float, slack: float = 0.0) -> FinderConfig:
        cw = card_width_px
        lo, hi = 0.8 - slack, 1.2 + slack
        return FinderConfig(glyph_h=(self.rank_h * cw * lo, self.rank_h * cw * hi),
                            rank_blob=(self.rank_blob[0] * cw * lo, self.rank_blob[1] * cw * hi),
                            suit_blob=(self.suit_blob[0] * cw * lo, self.suit_blob[1] * cw * hi),
                            pair_dist=(self.pair_dist[0] * cw * lo, self.pair_dist[1] * cw * hi),
                            # A whole index, rank top to suit bottom: the centres' distance plus half of each glyph.
                            joined=((self.pair_dist[0] + (self.rank_blob[0] + self.suit_blob[0]) / 2) * cw * (lo - 0.05),
                                    (self.pair_dist[1] + (self.rank_blob[1] + self.suit_blob[1]) / 2) * cw * (hi - 0.05)))


# For decks never taught: wide enough for both shared art sets and the drawn deck (rank glyphs 0.09-0.16
# card widths high; the card centre 0.34-0.42 card widths right and 0.41-0.46 down from the suit glyph).
GENERAL_GEOMETRY = IndexGeometry((0.07, 0.36), (0.06, 0.22), (0.08, 0.30), (0.39, 0.43), 0.14)


@dataclass
class TaughtDeck:
    """A deck's glyphs and index geometry, with the confidence thresholds of its mode."""

    book: GlyphBook = field(default_factory=GlyphBook)
    geometry: IndexGeometry | None = None
    # Set on calibration seeds 0-39 of all three synthetic decks (no confident misread from 0.70 / 0.20 up; see
    # docs/vision.md), with a little room kept.
    min_score: float = 0.72
    min_margin: float = 0.22  # relative lead over the runner-up rank, see glyphs._rel_margin
    # Suits need a wider lead: a spade and a club a dozen pixels high differ only in the top lobe (0.32 let one
    # 3c through as 3s in 2,000 aguilar scenes, suit lead 0.376; 0.40 costs about 4 % recall on seeds 0-39).
    min_suit_margin: float = 0.40
    # Both corner indices of one card (turned 180 degrees to each other, implying the same card centre) naming the
    # same card are two independent readings: each may then pass these lower thresholds (see docs/vision.md).
    pair_min_score: float = 0.66
    pair_min_margin: float = 0.15
    pair_min_suit_margin: float = 0.25
    general: bool = False
    # Cards on the teaching pictures learnt by neither reader: no index glyphs found and no corner patch taught (the
    # console cannot read them), and why each was not (vision.untaught), for the dealer.
    untaught: set[str] = field(default_factory=set)
    untaught_reasons: dict[str, str] = field(default_factory=dict)
    glyph_untaught: set[str] = field(default_factory=set)  # cards on the teaching pictures whose index glyphs were not found
    corners: CornerBook | None = None  # the taught corner patches (taught decks only, see vision.corners)
    model: Any = None  # the learned corner reader (a vision.corner_model.CornerModel) the glyphs are read with too
    _samples: list[tuple[float, float, float, float, float, float]] = field(default_factory=list)

    @property
    def templates(self) -> dict[str, int]:
        """How many index samples were taught per card."""
        out: dict[str, int] = {}
        for r, s in zip(self.book.rank_labels[::2], self.book.suit_labels, strict=True):
            out[r + s] = out.get(r + s, 0) + 1
        return out

    def add_index(self, card: str, cand: IndexCandidate, centre: np.ndarray | None = None, card_width_px: float | None = None) -> None:
        """Teach one corner index of ``card``; with the card's true centre and width, learn the geometry too."""
        self.book.add(card[0], card[1], cand)
        if centre is not None and card_width_px:
            cw = card_width_px
            right = np.array([-cand.up[1], cand.up[0]], np.float32)
            v = centre - cand.anchor
            rb, sb, d = cand.geometry
            self._samples.append((rb / cw, sb / cw, d / cw, float(v @ right) / cw, float(v @ -cand.up) / cw, cand.rank_h / cw))

    def fit_geometry(self) -> None:
        """Summarise the taught samples (called by :func:`teach`)."""
        if len(self._samples) < 4:
            return
        a = np.asarray(self._samples, np.float32)
        lo = a.min(axis=0)
        hi = a.max(axis=0)
        med = np.median(a, axis=0)
        self.geometry = IndexGeometry((float(lo[0]), float(hi[0])), (float(lo[1]), float(hi[1])), (float(lo[2]), float(hi[2])),
                                      (float(med[3]), float(med[4])), float(med[5]))

    def judge(self, cand: IndexCandidate) -> tuple[GlyphScore, bool]:
        """Scores of one index, and whether they pass this deck's thresholds."""
        g = self.book.score(cand)
        return g, self._passes(g)

    def _passes(self, g: GlyphScore) -> bool:
        return g.rank != JUNK and g.score >= self.min_score and g.rank_margin >= self.min_margin and g.suit_margin >= self.min_suit_margin

    def _passes_as_pair(self, g: GlyphScore) -> bool:
        return (g.rank != JUNK and g.score >= self.pair_min_score and g.rank_margin >= self.pair_min_margin
                and g.suit_margin >= self.pair_min_suit_margin)

    def score_crop(self, crop: np.ndarray) -> tuple[dict[str, float], dict[str, float]]:
        """Best score per rank and per suit for an upright corner crop (rank above suit); empty dicts when no index is found."""
        cands = [c for c in _face_candidates(crop, self) if c.up[1] < -0.8]
        ranks: dict[str, float] = {}
        suits: dict[str, float] = {}
        for c in cands:
            g = self.book.score(c)
            if g.rank != JUNK and g.rank_score > ranks.get(g.rank, -9.0):
                ranks[g.rank] = g.rank_score
            if g.suit_score > suits.get(g.suit, -9.0):
                suits[g.suit] = g.suit_score
        return ranks, suits

    def read_face(self, face: np.ndarray, quad: np.ndarray, blob: int = -1) -> Reading:
        """Read a card already warped upright to FACE_W x FACE_H from its two corner indices."""
        found: list[tuple[GlyphScore, bool, IndexCandidate]] = []
        for k, crop in enumerate(corner_crops(face)):
            cands = [c for c in _face_candidates(crop, self) if c.up[1] < -0.8]
            scored = [(self.book.score(c), c) for c in cands]
            scored = [(g, c) for g, c in scored if g.rank != JUNK]
            if not scored:
                continue
            g, c = max(scored, key=lambda gc: gc[0].score)
            found.append((g, self._passes(g), c))
            del k
        if not found:
            return Reading(None, "", 0.0, 0.0, 0.0, quad, corner_crops(face)[0], blob, 0)
        g, ok, c = max(found, key=lambda t: t[0].score)
        names = {f[0].rank + f[0].suit for f in found if f[1]}
        ok = ok and len(names) == 1
        card = g.rank + g.suit
        return Reading(card if ok else None, card, g.score, g.margin, self._confidence(g) if ok else 0.0, quad, c.crop, blob,
                       sum(1 for f in found if f[1] and f[0].rank + f[0].suit == card))

    def _confidence(self, g: GlyphScore, pair: bool = False) -> float:
        """0..1 above the thresholds the reading passed (``pair``: the two-corner thresholds)."""
        lo, lm, ls = (self.pair_min_score, self.pair_min_margin, self.pair_min_suit_margin) if pair else (self.min_score, self.min_margin, self.min_suit_margin)
        lead = min(g.rank_margin / (2 * lm), g.suit_margin / (2 * ls))
        return float(np.clip(min((g.score - lo) / (1 - lo), lead), 0.01, 1))


def _face_candidates(crop: np.ndarray, deck: TaughtDeck) -> list[IndexCandidate]:
    geo = deck.geometry or GENERAL_GEOMETRY
    cfg = geo.finder(FACE_W, slack=0.15)
    return find_indices(crop, cfg)


def reading_order(quads: list[np.ndarray], row_tol: float) -> list[int]:
    """Indices of quads in reading order: rows top to bottom (centres within row_tol), left to right."""
    centres = [q.mean(0) for q in quads]
    idx = sorted(range(len(quads)), key=lambda i: centres[i][1])
    rows: list[list[int]] = []
    for i in idx:
        if rows and abs(centres[i][1] - np.mean([centres[j][1] for j in rows[-1]])) <= row_tol:
            rows[-1].append(i)
        else:
            rows.append([i])
    return [i for row in rows for i in sorted(row, key=lambda j: centres[j][0])]


class TeachError(VisionError):
    """A teaching frame that cannot be taught (wrong card count, an index not found); the message is for the dealer."""


def _index_near_corner(cands: list[IndexCandidate], placed: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], quad: np.ndarray,
                       corner: int, cw: float) -> IndexCandidate | None:
    """The index printed at corner 0 (top-left) or 2 (bottom-right) of a portrait quad, among ``cands`` (``placed``: their
    :func:`_placed` arrays, made once for every corner looked at)."""
    rank_at, up, anchor, joined = placed
    c = quad[corner].astype(np.float64)
    down = (quad[3] - quad[0]).astype(np.float64)
    right = (quad[1] - quad[0]).astype(np.float64)
    down /= np.linalg.norm(down)
    right /= np.linalg.norm(right)
    sgn = 1.0 if corner == 0 else -1.0
    v = (rank_at - c) * sgn
    x, y = v @ right, v @ down
    ok = (up @ (-down * sgn) >= 0.9) & (x > 0) & (x < 0.3 * cw) & (y > 0) & (y < 0.3 * cw)  # NaN (no rank) fails
    if not ok.any():
        return None
    # The index hugs the corner: rank and suit both near it (a pip paired with the rank lies further in).
    # Two separate glyphs are taken before a blob cut in two (the cut is a guess where the print joins).
    d = np.hypot(*(rank_at - c).T) + np.hypot(*(anchor - c).T) + cw * joined
    return cands[int(np.flatnonzero(ok)[np.argmin(d[ok])])]


def _placed(cands: Sequence[IndexCandidate]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each candidate's rank glyph (NaN where it has none), up, anchor and whether its glyphs were cut from one blob."""
    nan = (np.nan, np.nan)
    rank_at = np.array([nan if k.rank_at is None else k.rank_at for k in cands], np.float64).reshape(-1, 2)
    up = np.array([k.up for k in cands], np.float64).reshape(-1, 2)
    anchor = np.array([k.anchor for k in cands], np.float64).reshape(-1, 2)
    return rank_at, up, anchor, np.array([k.joined for k in cands], np.float64)


def teach(frames: list[tuple[np.ndarray, list[str]]], card_width_px: float, deck: TaughtDeck | None = None,
          cfg: DetectorConfig | None = None) -> TaughtDeck:
    """Teach a deck from frames of cards laid out (not overlapping) with their ids in reading order.

    ``cfg``: the table calibration's settings for these frames (:meth:`vision.calibration.Calibration.detector_config`),
    so that each card is taught at the size and shape it has where it lies, as it is read; else every card is taken at
    ``card_width_px``."""
    deck = deck or TaughtDeck()
    cfg = replace(cfg, card_width_px=card_width_px) if cfg is not None else DetectorConfig(card_width_px=card_width_px)
    cw = card_width_px
    picks: list[tuple[str, IndexCandidate, np.ndarray]] = []
    on_pictures: list[str] = []
    laid_out: list[tuple[np.ndarray, list[np.ndarray], list[str]]] = []
    for n, (frame, cards) in enumerate(frames, 1):
        dets = [d for d in detect_cards(frame, cfg) if d.kind == "single"]
        if len(dets) != len(cards):
            raise TeachError(f"teaching picture {n}: found {len(dets)} cards, expected {len(cards)}; lay the cards apart, face up, and retake it")
        order = reading_order([d.quad for d in dets], row_tol=cw * CARD_ASPECT / 2)
        deck.corners = deck.corners or CornerBook()
        quads = [dets[i].quad for i in order]
        # A card burnt out by glare, blurred past reading or blank teaches nothing: its patches would be no card's likeness.
        spoilt = unteachable(frame, quads, cards)
        clear = [(q, c) for q, c in zip(quads, cards, strict=True) if c not in spoilt]
        deck.corners.teach_laid_out(frame, [q for q, _ in clear], [c for _, c in clear], cw, cfg)
        finder = FinderConfig(glyph_h=(0.05 * cw, 0.3 * cw), max_candidates=1_000_000)
        cands = find_indices(frame, finder, quads_area(frame.shape, quads, SEGMENT_SCALE), SEGMENT_SCALE)
        placed = _placed(cands)
        for card, quad in zip(cards, quads, strict=True):
            on_pictures.append(card)
            for corner in (0, 2):
                k = _index_near_corner(cands, placed, quad, corner, cw)
                if k is not None:
                    picks.append((card, k, quad.mean(0)))
        laid_out.append((frame, quads, list(cards)))
    if picks:
        # A pick whose glyph sizes or spacing stray from the deck's typical index is a rank paired with a pip
        # (the real suit glyph was not found): leave it out rather than teach a wrong shape.
        geo = np.array([k.geometry for _, k, _ in picks], np.float32)
        med = np.median(geo, axis=0)
        good = np.all(np.abs(geo / np.maximum(med, 1e-6) - 1) <= 0.3, axis=1)
        picks = [p for p, g in zip(picks, good.tolist(), strict=True) if g]
    taught_now = {card for card, _, _ in picks}
    for (card, k, centre), (wr, wu) in zip(picks, _index_widths([k for _, k, _ in picks], cfg), strict=True):
        deck.add_index(card, k, centre, (wr + wu) / 2)
    deck.glyph_untaught = (deck.glyph_untaught | set(on_pictures)) - taught_now - set(deck.templates)
    deck.untaught = deck.glyph_untaught - (set(deck.corners.labels) if deck.corners is not None else set())
    for frame, quads, cards in laid_out:  # why: measured on the picture where the card lay
        deck.untaught_reasons.update(untaught_reasons(frame, quads, cards, deck.untaught))
    deck.untaught_reasons = {c: r for c, r in deck.untaught_reasons.items() if c in deck.untaught}
    deck.fit_geometry()
    if deck.corners is not None:
        deck.corners.build()  # now rather than on the first frame read
    return deck


_GENERAL: dict[tuple[str, ...], TaughtDeck] = {}


def general_deck(decks: Sequence[Deck] = ()) -> TaughtDeck:
    """General mode: indices learnt from other decks (the standard fonts, and any art ``decks`` given, never the
    deck being read), with strict thresholds.  Built once per set of decks; the fonts' part once for all."""
    from .synthetic import FONT_STYLES, font_decks, teach_layout

    key = tuple(d.name for d in decks)
    if key in _GENERAL:
        return _GENERAL[key]
    if decks:  # the fonts' deck taught the art sets too, as if all were taught in one go
        deck, first, taught = copy.deepcopy(general_deck()), len(FONT_STYLES), list(decks)
    else:
        deck, first, taught = TaughtDeck(min_score=0.85, min_margin=0.40, min_suit_margin=0.45, general=True), 0, font_decks()
    for i, d in enumerate(taught, 880001 + first):
        s = teach_layout(d, i)
        teach([(s.image, [c.card for c in s.cards])], s.card_width_px, deck)
    deck.geometry = GENERAL_GEOMETRY
    deck.corners = None  # a corner patch is one deck's design: the general mode reads glyphs only
    _GENERAL[key] = deck
    return deck


def card_area(frame: np.ndarray, cfg: DetectorConfig, on_table: np.ndarray | None = None,
              paper: np.ndarray | None = None) -> np.ndarray:
    """The card area at SEGMENT_SCALE, where the glyph search looks: what differs from the empty table, where
    ``cfg.background`` has it (``on_table`` when the caller has it already); else the cards' paper as the corner finder
    found it (``paper``, :func:`vision.corners.paper_and_pale`'s mask at MASK_SCALE), where the caller has it; else the
    felt model's segmentation of the frame. Each blob is filled (dark print on a face, even at its edge where an index
    sits, is still the card).

    From the paper: a coarse pixel is card area where half of it is paper, opened (:data:`PAPER_AREA_OPEN`), each blob
    filled within its outline and grown (:data:`PAPER_AREA_GROWN`). Without the empty table, on 60 synthetic scenes per
    art set and surface (validation seeds 7000-7059) against the felt model's segmentation: as many cards or more read at
    0.90 on felt, printed felt, wood and white (Aguilar 790, 775, 684 -> 688, 423 -> 437 of 798; Byron Knoll 775,
    737 -> 739, 615 -> 623, 399 -> 413), two fewer of Byron Knoll's on stone (758 -> 756), no confident misread, and the
    frame's colour is not segmented again (felt 24.7 -> 20.3 ms a frame). Each blob filled to its convex hull instead, as
    the other two are: 18 fewer cards on printed felt, its light lines joined to the cards."""
    size = (round(frame.shape[1] * SEGMENT_SCALE), round(frame.shape[0] * SEGMENT_SCALE))
    if cfg.background is not None:
        mask = _coarse(cfg.background.foreground(frame) if on_table is None else on_table, size)
    elif paper is not None:
        return _filled(cv2.morphologyEx(_coarse(paper, size), cv2.MORPH_OPEN, PAPER_AREA_OPEN), PAPER_AREA_GROWN, hulls=False)
    else:
        mask = segment(frame, replace(cfg, scale=SEGMENT_SCALE))
    # One working pixel of slack: the quarter-resolution outline can fall a few frame pixels inside the card.
    return _filled(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)), hulls=True)


def _coarse(mask: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``mask`` (0/255, any scale) at ``size``: set where half of it or more was set."""
    return cv2.threshold(cv2.resize(mask, size, interpolation=cv2.INTER_AREA), 127, 255, cv2.THRESH_BINARY)[1]


def _filled(mask: np.ndarray, grown: np.ndarray, *, hulls: bool) -> np.ndarray:
    """Each blob of ``mask`` filled (to its convex hull with ``hulls``, else within its outline), grown by ``grown``."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    fill_each(filled, [cv2.convexHull(k) for k in contours] if hulls else contours)
    return np.asarray(cv2.dilate(filled, grown), np.uint8)


def _card_quad(centre: np.ndarray, up: np.ndarray, cw: float, cw_up: float | None = None) -> np.ndarray:
    """The outline of a card centred at ``centre`` whose top is towards ``up``, ``cw`` wide (``cw_up``: a card's width
    measured along ``up``, when it differs)."""
    right = np.array([-up[1], up[0]], np.float32)
    down = -up
    hw, hh = cw / 2, (cw if cw_up is None else cw_up) * CARD_ASPECT / 2
    return np.array([centre - right * hw - down * hh, centre + right * hw - down * hh,
                     centre + right * hw + down * hh, centre - right * hw + down * hh], np.float32)


def _on_cards(quad: np.ndarray, mask: np.ndarray, scale: float) -> float:
    """Fraction of a 5x5 grid inside the card (shrunk to 80 %) that lies on card-coloured area of the mask."""
    t = np.linspace(0.1, 0.9, 5, dtype=np.float32)
    u, v = np.meshgrid(t, t)
    p = (quad[0][None, None] * ((1 - u) * (1 - v))[..., None] + quad[1][None, None] * (u * (1 - v))[..., None]
         + quad[2][None, None] * (u * v)[..., None] + quad[3][None, None] * ((1 - u) * v)[..., None]).reshape(-1, 2) * scale
    x = np.round(p[:, 0]).astype(int)
    y = np.round(p[:, 1]).astype(int)
    inside = (x >= 0) & (y >= 0) & (x < mask.shape[1]) & (y < mask.shape[0])
    hit = np.zeros(len(x), bool)
    hit[inside] = mask[y[inside], x[inside]] > 0
    return float(hit.mean())


def read_frame(frame: np.ndarray, deck: TaughtDeck, cfg: DetectorConfig) -> list[Reading]:
    """Every card whose corner index shows on ``frame``, read or rejected to unknown.

    One reading per card: the indices of one card (its two corners, read from their glyphs and, for a
    taught deck, from their corner patches) are merged, and when they name different cards the card is
    unknown.  ``cfg.card_width_px`` (from the calibration) sets the glyph sizes searched for and the tolerances; with the
    calibration's view (``cfg.to_plan``) each corner patch is cut, and each card placed from its corner or its index, at
    the size the card has where it lies (else at ``card_width_px``)."""
    pale = False  # paper taken from a pale table's difference from the empty table: every card read is checked
    book, gray = deck.corners, frame  # the taught corner patches and the grey frame they are read on
    if book is None or deck.general:
        out = _read_glyphs(frame, deck, cfg)
    else:
        # Corner patches first; the glyphs are then looked for only where no card was read from its corners.
        cw = cfg.card_width_px
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        table = cfg.background.compare(frame) if cfg.background is not None else None
        paper, pale = paper_and_pale(gray, cfg, on_table=None if table is None else table.on_table)
        corners = find_corners(paper, cw)
        if pale and table is not None and cfg.background is not None:
            corners = with_table_corners(corners, find_corners(table.on_table, cw, cfg.background.scale), cw)
        localise(corners, cfg)
        found = book.read_all(gray, corners, cw, frame=frame)
        corners, found = _squared_again(gray, corners, found, book, cfg, frame)
        crops: dict[int, np.ndarray] = {}
        faint_from = FAINT_FROM if pale else 1.0
        patches = _corner_patch_readings(frame, found, book, cw, crops, faint_from, gray)
        cands: list[IndexCandidate] = []
        done = [p.quad for p in patches if p.card is not None]
        glyphs = _read_glyphs(frame, deck, cfg, done, cands, gray, table, pale, paper)
        # An index corner whose paper has no outline there (it lies over another card, or glare joins it to the felt) is
        # still where a glyph pair found on it, or another corner of its card, says: its patch is read there too, with the
        # corners the outline gave. On a pale table, where the paper's outline can be lost to the table (an arm's
        # shadow, glare), the cards' edges give their corners too (:func:`outline_corners`), placed as an implied one.
        outlined = outline_corners(frame, cfg, [*done, *(g.quad for g in glyphs if g.card is not None)]) if pale else []
        implied = _implied_corners(cands, deck.geometry or GENERAL_GEOMETRY, corners, found, book, done, cfg, outlined)
        more = _read_implied(gray, implied, book, cfg, frame, turned=pale) if implied else []
        if any(r.score >= book.pair_min_score for r in more):
            patches = _corner_patch_readings(frame, found + more, book, cw, crops, faint_from, gray)
        out = _merge(glyphs, patches, cw)
    if deck.model is not None and not deck.general:
        # On a pale table the paper's outline is a few levels from the table and a corner can sit off its index: a blurred
        # 6h's patch read 5h at 0.99 there (the model: 6h at 0.999), so the model checks the sure readings too.
        confirm(out, deck.model, every=pale)
    if book is not None and not deck.general:
        _second_corner(frame, gray, out, book, cfg)
    _same_card_twice(out, cfg.card_width_px)
    return [r for r in out if not (r.faint and r.card is None)]  # a faint corner the model did not name is nothing


FAINT_FROM = 0.6
"""On a pale table a card's corner patch scoring this much (under :attr:`CornerBook.min_score`, from which a patch looks
like an index) is kept as a faint reading (``Reading.faint``): the learned reader is asked about it, and it is the card the
deck guessed where the model names that card too, upright and over four turns (:func:`vision.learned.confirm`),
else nothing; a patch whose corner, turned round about its index, reads higher shows its index upside down and is not
kept (:func:`_turned_round`). A whole Byron Knoll Jd on a white table, its corner
found on the table's difference (:func:`vision.corners.with_table_corners`), scored 0.71 as Jd, its suit's lead short,
and the model read it Jd at 0.98. On validation seeds 7000-7039 (white and wood, both art sets) with those corners (as first
tried, replacing the paper's only within 5 degrees): Byron Knoll white 474 -> 480 of 522 read at 0.90, wood 500 -> 503,
Aguilar white 488 -> 489, wood unchanged; no confident misread. From 0.5: a confident misread (Aguilar, white) and three
fewer cards on wood."""


TURNED = (-8.0, -4.0, 4.0, 8.0)
"""On a pale table an implied corner whose patch names no card, or names one under :data:`vision.corners.UNSURE_BELOW`
(and scores :data:`TURN_FROM` or more), is read again turned this many degrees about its index (:func:`_read_implied`).
A corner implied by a glyph pair takes its direction from the rank's and the suit's centres, a few pixels apart: an
Aguilar 6d half under an ace on a white table (seed 7017), its paper the table's level, was implied 8 degrees off its
card and read 8d at 0.70 there, and 6d at 0.96 turned 4 degrees. On validation seeds 7000-7039 (the empty table learnt,
522 visible indices each) white read 476 -> 488 for Aguilar and 462 -> 469 for Byron Knoll at 0.90, no confident
misread; every implied corner turned (not only the unsure ones) read as many; turned 5, 10 and 15 degrees either way 488
and 470, 6 and 12 486 and 470; wood (pale in part) read as many either way, and turning on every table read none more
on wood or felt."""


TURN_FROM = 0.4
"""An implied corner is read turned (:data:`TURNED`) only where its patch, read as it was implied, scores this or more
against the card it names (mostly no index lies there: 70 implied corners a frame on a white table). On validation seeds
7000-7019 (white, both art sets) no corner read as a card turned had scored under 0.40 as implied, and turning only
those cut the turned patches read from 175 to 98 a frame."""


def _turned(c: Corner, degrees: float, cw: float) -> Corner:
    """The implied corner ``c`` turned ``degrees`` about the middle of its index (a tenth of a card's width in from
    its side, a fifth down from its end), its card sizes kept."""
    wr, wd = c.widths(cw)
    pivot = c.at + c.right * (0.1 * wr) + c.down * (0.2 * wd)
    a = math.radians(degrees)
    turn = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]], np.float32)
    return Corner((pivot + turn @ (c.at - pivot)).astype(np.float32), turn @ c.right, turn @ c.down, c.wr, c.wd)


SHIFTED = tuple((a * d, b * d) for d in (0.05, 0.1) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1)))
"""On a pale table an implied corner read unsurely (as for :data:`TURNED`) is read again moved this far along its sides
(a share of a card's width along ``right``, then along ``down``), its sides kept. The corners a card's edges give
(:func:`outline_corners`, a quarter-resolution outline) and the glyph pairs' corners lie up to a tenth of a card's width
off the card's: a Byron Knoll Kh whole on a white board (seed 3010), its white border the table's level, was outlined
10-20 pixels off its corners, and its index corner was read nowhere. On validation seeds 7000-7059 (the empty table
learnt, 798 visible indices each) white read 749 -> 755 (Byron Knoll) and 764 -> 769 (Aguilar) at 0.90, wood 779 and
793 as before; no confident misread; at 1,000 scenes (seeds 5000-5999, 12,475 visible indices) Byron Knoll's white
11,716 -> 11,800. Eight patches more for each corner read turned: on 20 white frames (seeds 7000-7019, one
process, a quiet host) 247 -> 284 ms a frame at the median for Aguilar and 213 -> 221 ms for Byron Knoll; a felt or
other dark table is never pale, and reads as before. Chosen on seeds 3000-3029 (white): Byron Knoll 370 -> 374 moved
0.06 alone, 0.1 alone, or 0.05 and 0.1, 375 moved 0.04, 0.08 and 0.12; Aguilar 376 -> 379 moved 0.06, 380 moved 0.05
and 0.1. A moved reading competes as a turned one does: it can also take a card away. Of those seeds' 11 cards gained,
2 were lost: an Aguilar 6h made unknown where a moved corner read 8h beside it, and a 4s read at 0.87, no longer 0.98;
both are asked about, not misread. A moved reading kept only where it is sure gained 1 card of the two decks' 806 and
lost none; kept also where the corner named no card as implied, 4 and none."""


def _shifted(c: Corner, step: tuple[float, float], cw: float) -> Corner:
    """The implied corner ``c`` moved ``step`` (shares of a card's width along its ``right`` and its ``down``), its
    sides and card sizes kept."""
    wr, wd = c.widths(cw)
    return Corner((c.at + c.right * (step[0] * wr) + c.down * (step[1] * wd)).astype(np.float32), c.right, c.down, c.wr, c.wd)


def _squared(c: Corner) -> tuple[Corner, Corner]:
    """The corner ``c`` made square on each of its sides: its ``right`` kept and ``down`` at a right angle to it, and its
    ``down`` kept and ``right`` at a right angle to it (card sizes measured again by :func:`localise`)."""
    keep_right = Corner(c.at, c.right, np.array([-c.right[1], c.right[0]], np.float32))
    keep_down = Corner(c.at, np.array([c.down[1], -c.down[0]], np.float32), c.down)
    return keep_right, keep_down


def _squared_again(gray: np.ndarray, corners: list[Corner], found: list[CornerReading], book: CornerBook, cfg: DetectorConfig,
                   frame: np.ndarray) -> tuple[list[Corner], list[CornerReading]]:
    """The paper's ``corners`` whose sides meet :data:`vision.corners.SKEWED_FROM` degrees or more off a right angle, and
    whose patch names no card (or none was read: it did not look like an index) or names one under
    :data:`vision.corners.UNSURE_BELOW`, read again made square on each side (:func:`_squared`); where one of those reads
    better (a named card first, then the higher score, as :func:`_read_implied` keeps a turned corner), its reading is
    kept and its corner stands in the skewed one's place. The corners and their readings (``found``), as amended.

    A card's corner is a right angle; the corner finder takes 60-120 degrees, for the outline's sides are lines fitted to
    a polygon and one side can run round whatever touches the card there. A Byron Knoll 9h on stone (seed 3040), half
    under a 3h, a chip against its long side: its index corner was found with its sides 38 degrees off square, the patch cut
    across the "9" (9c its best guess at 0.26), and the card was read nowhere; squared on its top edge, 9h at 1.00."""
    cw = cfg.card_width_px
    read = {id(r.corner): r for r in found}
    unsure = [c for c in corners if off_square(c) >= SKEWED_FROM
              and ((r := read.get(id(c))) is None or r.card is None or book.confidence(r) < UNSURE_BELOW)]
    if not unsure:
        return corners, found
    again = [(id(c), sq) for c in unsure for sq in _squared(c)]
    localise([sq for _, sq in again], cfg)
    best = {id(c): read[id(c)] for c in unsure if id(c) in read}
    _keep_better(best, again, book, gray, cw, frame, implied=False)
    best = {k: r for k, r in best.items() if r is not read.get(k)}  # the corners a squared reading replaces
    if not best:
        return corners, found
    kept = [best[id(c)].corner if id(c) in best else c for c in corners]
    amended = [best.pop(id(r.corner), r) for r in found]
    return kept, [*amended, *best.values()]


def _read_implied(gray: np.ndarray, implied: list[Corner], book: CornerBook, cfg: DetectorConfig, frame: np.ndarray,
                  *, turned: bool) -> list[CornerReading]:
    """The ``implied`` corners read as implied (:meth:`CornerBook.read_all`); ``turned`` (a pale table): each whose
    patch scores :data:`TURN_FROM` or more but names no card, or names one under :data:`vision.corners.UNSURE_BELOW`,
    read again at each of :data:`TURNED` and moved by each of :data:`SHIFTED`, and the reading kept that names a card
    with the highest score among those (one reading a corner)."""
    cw = cfg.card_width_px
    read = book.read_all(gray, implied, cw, implied=True, frame=frame)
    if not turned:
        return read
    where = {id(c): i for i, c in enumerate(implied)}
    best = {where[id(r.corner)]: r for r in read}
    unsure = [i for i, r in best.items() if r.score >= TURN_FROM and (r.card is None or book.confidence(r) < UNSURE_BELOW)]
    again = [(i, _turned(implied[i], d, cw)) for d in TURNED for i in unsure]
    again += [(i, _shifted(implied[i], step, cw)) for step in SHIFTED for i in unsure]
    _keep_better(best, again, book, gray, cw, frame, implied=True)
    return [best[i] for i in sorted(best)]


def _keep_better(best: dict[int, CornerReading], again: Sequence[tuple[int, Corner]], book: CornerBook, gray: np.ndarray,
                 cw: float, frame: np.ndarray, *, implied: bool) -> None:
    """Each corner of ``again`` (another way to place the corner keyed by its first item) read, and its reading put in
    ``best`` under that key where it reads better than what ``best`` holds there, or where it holds nothing: a named card
    first, then the higher score."""
    owner = {id(c): k for k, c in again}
    for r in book.read_all(gray, [c for _, c in again], cw, implied=implied, frame=frame):
        k = owner[id(r.corner)]
        old = best.get(k)
        if old is None or (r.card is not None, r.score) > (old.card is not None, old.score):
            best[k] = r


def _second_corner(frame: np.ndarray, gray: np.ndarray, read: Sequence[Reading], book: CornerBook, cfg: DetectorConfig) -> None:
    """A card read less surely than :data:`vision.learned.CONFIRM_BELOW` (once the learned reader had its say) whose two
    index corners each name it alike on their own was seen twice: the two confidences are taken together
    (:func:`vision.learned.agreeing`, ``Reading.other_corner``). A card read from one corner alone has its other index
    corner read for this: the corner opposite on the outline the first implies (turned 180 degrees from it; the corner
    finder found none there, or it would have been read: it lies over another card, or the paper's outline is lost there),
    read as an implied corner (:attr:`CornerBook.min_implied_score`); whatever else is read there changes nothing (the
    corner may lie under another card). Court cards' patches, a picture's frame and a big pip beside a thin index, are
    where one corner is seldom sure (Byron Knoll's J, Q and K at 0.4-0.85). After the model: it is asked about each card
    as the deck first read it, and its doubt makes a card unknown before a second corner can lift it. The other corner
    counts for at least :data:`OTHER_CORNER_NAMED`: the deck named the card there, and a card it names is right."""
    unsure = [r for r in read if r.card is not None and r.confidence < CONFIRM_BELOW]
    lone = [r for r in unsure if r.corners == 1]  # a card whose two corners both passed counts them already
    if lone:
        other = [Corner.of_quad(r.quad, 2) for r in lone]
        localise(other, cfg)
        seen = {id(c.corner): c for c in book.read_all(gray, other, cfg.card_width_px, implied=True, frame=frame)}
        for r, corner in zip(lone, other, strict=True):
            got = seen.get(id(corner))
            if got is not None and got.card == r.card:
                r.other_corner, r.corners = book.confidence(got), 2
    for r in unsure:
        if r.other_corner > 0:
            r.confidence = agreeing(r.confidence, max(r.other_corner, OTHER_CORNER_NAMED))


OTHER_CORNER_NAMED = NAMED_RIGHT
"""The least a card's other index corner counts for where the taught deck names the card there too, on its own
(:func:`_second_corner`): a card the deck names is right as often as :data:`vision.learned.NAMED_RIGHT` says, whatever
its own confidence, a ramp above its thresholds. On calibration scenes (seeds 3000-3099, the five surfaces, both art
sets, the empty table learnt) 5,234 cards were read from two corners naming them alike, every one of them right, and 21
of them under 0.90 (20 Byron Knoll's, most of them jacks: the deck 0.6-0.7 at each corner, the model's best a king at
0.3-0.5), which the dealer was asked to confirm. Both corners are the deck's reading, each of its own patch: one
misread alike at both (a blurred 3c read 3s at both corners) is what :func:`_same_card_twice` is for."""


def _implied_corners(cands: Sequence[IndexCandidate], geo: IndexGeometry, corners: Sequence[Corner], found: Sequence[CornerReading],
                     book: CornerBook, done: Sequence[np.ndarray], cfg: DetectorConfig, outlined: Sequence[Corner] = ()) -> list[Corner]:
    """Index corners implied where the paper's outline gave none: the corners of cards found by their edges
    (``outlined``), the corner of the card in which each glyph pair would be its index (at the deck's taught offsets),
    and the two index corners of a card of which ``corners`` has a corner that shows no index (taken as the corner
    beside both: its first edge then runs along the card's length).  None
    within a tenth of a card width of a corner found with its sides alike (:data:`ALIKE_WITHIN`) or a twentieth of one
    already implied, nor implying a card where one was read already (``done``: its centre within the grouping distance).
    Sizes are the card's where it lies (``cfg``, :func:`vision.corners.localise`)."""
    cw = cfg.card_width_px
    hyps: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = [(c.at, c.right, c.down) for c in outlined]
    index_like = {id(r.corner) for r in found if r.score >= book.pair_min_score}
    for c in corners:  # first: a corner's edges place the card more closely than a glyph pair does
        if id(c) not in index_like:
            wr, wd = c.widths(cw)
            hyps.append((c.at + c.down * wd, -c.down, c.right))
            hyps.append((c.at + c.right * (wr * CARD_ASPECT), c.down, -c.right))
    for k, (wr, wu) in zip(cands, _index_widths(cands, cfg), strict=True):
        right = np.array([-k.up[1], k.up[0]], np.float32)
        centre = k.anchor + _centre_offset(k, geo, wr, wu)
        hyps.append((centre - right * (wr / 2) + k.up * (wu * CARD_ASPECT / 2), right, -k.up))
    if not hyps:
        return []
    at, right, down = (np.array(v, np.float32).reshape(-1, 2) for v in zip(*hyps, strict=True))
    made = [Corner(*v) for v in zip(at, right, down, strict=True)]
    localise(made, cfg)
    centre = _card_centres(at, right, down, *_widths(made, cw))

    def near(p: np.ndarray, q: list[np.ndarray], d: float) -> np.ndarray:
        """Which points of ``q`` lie within ``d`` of each point of ``p`` (len(p) x len(q))."""
        within: np.ndarray = np.hypot(*(p[:, None] - np.array(q, np.float32).reshape(1, -1, 2)).transpose(2, 0, 1)) < d
        return within

    # A corner found stands for an implied one beside it only where their sides lie alike.
    alike = right @ np.array([c.right for c in corners], np.float32).reshape(-1, 2).T >= math.cos(math.radians(ALIKE_WITHIN)) - 1e-6
    stands_for = (near(at, [c.at for c in corners], 0.1 * cw) & alike).any(axis=1)
    free = ~stands_for & ~near(centre, list(np.asarray(done, np.float32).reshape(-1, 4, 2).mean(axis=1)), PATCH_GROUP * cw).any(axis=1)
    return [g[0] for g in _groups([made[i] for i in np.flatnonzero(free)], lambda c: c.at, 0.05 * cw)]


ALIKE_WITHIN = 30.0
"""A corner found stands for an implied one (:func:`_implied_corners`) only where their ``right`` sides lie within this many
degrees of each other: a corner found turned a right angle or more from it reads another patch. Board cards a few pixels
apart on a pale table are one blob of paper, and its corners at an inner card's index corners can be found with their
sides turned a right angle from the card's (a Byron Knoll Kh between an Ad and a 9h on wood, seed 7005: its outline
found by its edges, neither index corner read). On validation seeds 7000-7059 (the empty table learnt, 798 visible
indices each) Byron Knoll's wood read 767 -> 768 at 0.90, every other kind and art set the same cards; no confident
misread; on 60 felt frames of ``bench/vision.py`` 5 implied corners more in all and the same readings. At 1,000 scenes
a cell (seeds 5000-5999, 12,475 visible indices each): wood and white, both art sets, 2 to 12 cards more, no confident
misread (docs/vision.md)."""


OUTLINE_SCALE = 0.25
"""Cards are found by their edges (:func:`outline_corners`) at this share of the frame's resolution."""
READ_PAPER_SHARE = 0.4
"""When reading, an outline is a card where this share of its margin is paper (teaching asks 0.6,
``OutlineConfig.min_paper_share``): an outline found a quarter-resolution pixel off its card measures the margin on the
card's edge and the print beside it (a Byron Knoll 8h, its big pips close to its edges: 0.69 on its true outline, 0.40-0.46
on the outlines found), and a card found when reading is read only where its corners read as an index, while a teaching
picture must hold no card more than was laid out. On validation seeds 7000-7019 (white and wood, both art sets, the
empty table learnt) 901 -> 909 of 1,008 visible indices read at 0.90 at 0.5, 915 at 0.4; seeds 7020-7059 1,920 -> 1,939
of 2,184 at 0.5, 1,944 at 0.4; no confident misread."""


def outline_corners(frame: np.ndarray, cfg: DetectorConfig, read: Sequence[np.ndarray] = ()) -> list[Corner]:
    """The four corners of every card whose outline shows on ``frame`` (:func:`vision.outlines.outline_quads`: its edges,
    whatever the table's colour), each with its two sides as a corner of the paper has them (the card right of and below
    it); on a grey frame, none. ``read``: the outlines of the cards read already (frame pixels), not looked for again
    (nor anything centred within :data:`PATCH_GROUP` of one, the distance within which two readings are one card)."""
    if frame.ndim != 3:
        return []
    s = OUTLINE_SCALE
    known = [(np.asarray(q, np.float32) + 0.5) * s - 0.5 for q in read]
    found = outline_quads(shrink(frame, s), cfg.card_width_px * s, cfg.size_tolerance, OutlineConfig(min_paper_share=READ_PAPER_SHARE),
                          read=known, read_apart=PATCH_GROUP)
    quads = [(q.astype(np.float32) + 0.5) / s - 0.5 for q in found]
    return [Corner.of_quad(q, k) for q in quads for k in range(4)]


def _index_widths(cands: Sequence[IndexCandidate], cfg: DetectorConfig) -> list[tuple[float, float]]:
    """A card's width along each index's ``right`` and ``up`` where it lies, in frame pixels."""
    if not cands:
        return []
    at = np.array([k.anchor for k in cands], np.float64).reshape(-1, 2)
    up = np.array([k.up for k in cands], np.float64).reshape(-1, 2)
    wr, wu = cfg.widths_along(at, np.column_stack([-up[:, 1], up[:, 0]]), up)
    return list(zip(wr.tolist(), wu.tolist(), strict=True))


def _widths(corners: Sequence[Corner], cw: float) -> tuple[np.ndarray, np.ndarray]:
    """Each corner's card width along its ``right`` and along its ``down`` (columns for :func:`_card_centres`)."""
    w = np.array([c.widths(cw) for c in corners], np.float32).reshape(-1, 2)
    return w[:, :1], w[:, 1:]


def unread_area(mask: np.ndarray, done: Sequence[np.ndarray]) -> np.ndarray:
    """The card area ``mask`` (at :data:`SEGMENT_SCALE`) less the outlines ``done`` of the cards read already, where the
    glyph search still looks. What is left of a read card beside its outline, a rim a coarse pixel or two wide, is
    cut too (an opening by :data:`RIM_CUT`): each blob left is searched at full resolution, and round 15 read cards
    those rims were most of the search (a tenth of a frame's time), while the strip of a card under another, where
    its index shows, is several coarse pixels wide."""
    if not len(done):
        return mask
    search = mask.copy()
    for q in done:
        cv2.fillConvexPoly(search, np.round(q * SEGMENT_SCALE).astype(np.int32), 0)
    return cv2.morphologyEx(search, cv2.MORPH_OPEN, RIM_CUT)


PRINT_GROWN = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
"""How far :func:`print_area` grows the print round an index (two coarse pixels, a sixth of a card's width): the paper
round it, whose level the glyph search takes the ink against."""


def print_area(darker: np.ndarray, mask: np.ndarray, done: Sequence[np.ndarray]) -> np.ndarray:
    """Where the glyph search looks on a pale table beyond the card area ``mask`` (:data:`SEGMENT_SCALE`): the print
    ``darker`` than the empty table (:class:`vision.background.TableDifference`, any scale), grown by :data:`PRINT_GROWN`,
    a coarse pixel apart from the card area (each blob of a search is a face of its own: the card area's faces are as
    before) and outside the cards read already (``done``).

    A white card on a white table differs from the table by its print alone: its big pips and its picture are card area,
    while its corner index, a few thin strokes, is not, and the index of a three or an ace can lie a third of a card's
    width from the nearest pip. The glyph pairs found there only imply index corners, whose patches are read as any
    implied corner's are (:func:`_implied_corners`); they are not read as cards themselves. On validation seeds
    7000-7039 (white, the empty table learnt, both art sets) 5 and 4 more of 522 visible indices were read at 0.90
    (Byron Knoll 458 -> 463, Aguilar 472 -> 476), no confident misread, at the same median time a frame (75.4 -> 75.7 ms
    on 20 of those frames; the slowest 143 -> 159 ms). Read as cards too (the taught deck, then the learned reader for
    the pairs it cannot read): 462 and 476, and up to twice the time on a frame of many low cards (a third of the
    print's pairs go to the learned reader); read so, print 16 levels darker, or grown by three coarse pixels, read as
    many as 24 levels and two."""
    coarse = (mask.shape[1], mask.shape[0])
    area = cv2.dilate(np.where(cv2.resize(darker, coarse, interpolation=cv2.INTER_AREA) > 0, 255, 0).astype(np.uint8), PRINT_GROWN)
    area[cv2.dilate(mask, RIM_CUT) > 0] = 0
    return unread_area(area, done)


ONE_SIDE = (0.95, 0.6)
"""A card the learned reader alone names from a glyph pair (:func:`vision.learned.unread_by_model`) is placed only where
that card would lie on card area at this fraction or more (the first) and the card the index would imply turned round
lies on less than the second: on 20 scenes of Byron Knoll on white (seeds 7000-7019), 0.3 read 74.2 % of the visible
indices at 0.90 and 0.6 read 75.0 % (73.8 % without the model's readings, 73.4 % with them placed either way up)."""


def _read_glyphs(frame: np.ndarray, deck: TaughtDeck, cfg: DetectorConfig, done: Sequence[np.ndarray] = (),
                 seen: list[IndexCandidate] | None = None, gray: np.ndarray | None = None,
                 table: TableDifference | None = None, pale: bool = False, paper: np.ndarray | None = None) -> list[Reading]:
    """The cards read from their index glyphs (:mod:`vision.glyphs`), not looked for inside the outlines ``done``
    (cards already read another way); ``seen``, when given, receives every glyph pair found; ``gray``: the frame in
    grey, ``table``: the frame against the empty table learnt, and ``paper``: the corner finder's paper mask, when the
    caller has them (the card area, :func:`card_area`). On a ``pale`` table the
    pairs a taught deck cannot read are read by its learned reader (:func:`vision.learned.unread_by_model`), each
    card placed only where its paper lies on one side of the index alone (:data:`ONE_SIDE`), and the glyph pairs of the
    print darker than the empty table (``table.darker``, :func:`print_area`) go to ``seen`` as well."""
    cw = cfg.card_width_px
    geo = deck.geometry or GENERAL_GEOMETRY
    mask = card_area(frame, cfg, None if table is None else table.on_table, paper)
    search = unread_area(mask, done)
    finder = geo.finder(cw, slack=max(cfg.size_tolerance - 0.25, 0.0))
    cands = find_indices(frame, finder, search, SEGMENT_SCALE, gray=gray)
    if seen is not None:
        seen.extend(cands)
        if pale and table is not None:
            seen.extend(find_indices(frame, finder, print_area(table.darker, mask, done), SEGMENT_SCALE, gray=gray))
    found: list[tuple[Verdict, bool, IndexCandidate, np.ndarray]] = []
    judged = _verdicts(deck, cands)
    weaker: dict[int, Verdict] = {}
    by_model = unread_by_model(cands, judged, deck.model, weaker) if pale and deck.model is not None and not deck.general else set()
    widths = _index_widths(cands, cfg)
    offsets = [_centre_offset(k, geo, wr, wu) for k, (wr, wu) in zip(cands, widths, strict=True)]
    both_corners = _both_corners(cands, judged, offsets, by_model, weaker, cw)
    for i, (k, v, (wr, wu)) in enumerate(zip(cands, judged, widths, strict=True)):
        if v is None:
            continue
        ok = v.ok
        offset = offsets[i]
        quad = _card_quad(both_corners[i] if i in both_corners else k.anchor + offset, k.up, wr, wu)
        # The card this index implies must lie on card-coloured area: two pips, or a glyph in a picture,
        # imply a card hanging off the real one.
        on = _on_cards(quad, mask, SEGMENT_SCALE)
        if on < 0.85:
            continue
        if i in by_model and i not in both_corners:
            # The model cannot tell which way up the index is: the card is where its paper is, and only where the
            # index turned round would not imply a card on paper as well.
            if on < ONE_SIDE[0] or _on_cards(_card_quad(k.anchor - offset, -k.up, wr, wu), mask, SEGMENT_SCALE) >= ONE_SIDE[1]:
                continue
        found.append((v, ok, k, quad))
    found.sort(key=lambda f: -f[0].score)
    out: list[Reading] = []
    for gi, grp in enumerate(_groups(found, lambda f: f[3].mean(0), 0.33 * cw)):
        confident = [f for f in grp if f[1]]
        names = {f[0].card for f in confident}
        v, ok, k, quad = confident[0] if confident else grp[0]
        card, confidence = v.card, v.confidence
        if not confident and not deck.general:
            # Neither index passes alone: the card's two corners, each turned 180 degrees from the other, agreeing on
            # one card under the lower pair thresholds, and no index of the group naming another card that way.
            named = [f for f in grp if f[0].glyph is not None and deck._passes_as_pair(f[0].glyph)]
            if len({f[0].card for f in named}) == 1 and any(
                    _opposite_corners(a[2], b[2], cw) for i, a in enumerate(named) for b in named[i + 1:]):
                v, ok, k, quad = named[0][0], True, named[0][2], named[0][3]
                assert v.glyph is not None
                card, confidence = v.card, deck._confidence(v.glyph, True)
                confident = named
        if len(names) > 1:
            ok = False  # two indices of one card naming different cards
        # Two readings of one pair of symbols (rank/suit taken either way round) are one index, not two corners.
        corners = len({(round(float(f[2].anchor[0]) / 4), round(float(f[2].anchor[1]) / 4)) for f in confident if f[0].card == card})
        out.append(Reading(card if ok else None, card, v.score, v.margin, confidence if ok else 0.0, quad, k.crop, gi, corners,
                           alone=bool(by_model) and ok and v.glyph is None))
    return out


def _centre_offset(k: IndexCandidate, geo: IndexGeometry, wr: float, wu: float) -> np.ndarray:
    """From an index's anchor to the centre of the card it is the index of (a card ``wr`` wide along its right, ``wu``
    along its up), at the deck's taught offsets."""
    right = np.array([-k.up[1], k.up[0]], np.float32)
    offset: np.ndarray = right * (geo.centre[0] * wr) - k.up * (geo.centre[1] * wu)
    return offset


def _opposite_corners(a: IndexCandidate, b: IndexCandidate, cw: float) -> bool:
    """Two indices that may be one card's two corners: turned 180 degrees from each other and more than 0.8 card widths
    apart."""
    return _turned_apart(a.up, a.anchor, b.up, b.anchor, cw)


def _opposite(a: Corner, b: Corner, cw: float) -> bool:
    """:func:`_opposite_corners` for two corners of the paper."""
    return _turned_apart(a.right, a.at, b.right, b.at, cw)


def _turned_apart(u: np.ndarray, p: np.ndarray, v: np.ndarray, q: np.ndarray, cw: float) -> bool:
    """Directions ``u`` and ``v`` turned 180 degrees from each other, points ``p`` and ``q`` more than 0.8 card widths
    apart."""
    return float(u @ v) < -0.8 and float(np.linalg.norm(p - q)) > 0.8 * cw


def _both_corners(cands: Sequence[IndexCandidate], judged: list[Verdict | None], offsets: Sequence[np.ndarray],
                  by_model: set[int], weaker: dict[int, Verdict], cw: float) -> dict[int, np.ndarray]:
    """The indices the learned reader alone names (``by_model``, and ``weaker``: named less surely) that are one of a
    card's two corners: another index it names the same card, turned 180 degrees from it and more than 0.8 card widths
    away, implies the same card (their centres within :data:`BOTH_CORNERS` card widths). Which way up each is, the other
    says; its paper need not. A pair with a weaker index joins ``by_model``, each index at the two's geometric mean.
    Returned: each such index's card centre, halfway between the two indices (a card is symmetric about its centre)."""
    named = sorted(by_model | weaker.keys())
    verdict = {i: weaker[i] if i in weaker else judged[i] for i in named}
    out: dict[int, np.ndarray] = {}
    for n, i in enumerate(named):
        a, vi = cands[i], verdict[i]
        for j in named[n + 1:]:
            b, vj = cands[j], verdict[j]
            centres_apart = float(np.linalg.norm(a.anchor + offsets[i] - b.anchor - offsets[j]))
            if (vi is not None and vj is not None and vi.card == vj.card and _opposite_corners(a, b, cw)
                    and centres_apart < BOTH_CORNERS * cw):
                out[i] = out[j] = (a.anchor + b.anchor) / 2
                if i in weaker or j in weaker:
                    both = math.sqrt(vi.confidence * vj.confidence)
                    judged[i], judged[j] = replace(vi, confidence=both), replace(vj, confidence=both)
                    by_model.update((i, j))
    return out


BOTH_CORNERS = 0.5
"""Two corner indices imply one card where the centres they imply (at the deck's taught offsets) lie within this many card
widths: a glyph pair's way up can lie 15-20 degrees off its card's on a pale table (an Aguilar Jh, seed 7008 on white:
the two centres 0.46 card widths apart, the card's centre halfway between its indices)."""


def _verdicts(deck: TaughtDeck, cands: Sequence[IndexCandidate]) -> list[Verdict | None]:
    """What is made of each index: the taught deck's glyph scores, and the learned reader's where the deck has one."""
    scores: list[tuple[GlyphScore, bool, float] | None] = []
    for k in cands:
        g, ok = deck.judge(k)
        scores.append(None if g.rank == JUNK or g.score < deck.min_score - 0.2 else (g, ok, deck._confidence(g) if ok else 0.0))
    # a taught deck's readings are confirmed by the model once they are made (learned.confirm); the general mode's indices are read by it
    return verdicts(cands, scores, deck.model if deck.general else None)


def _groups(items: list[T], centre: Callable[[T], np.ndarray], radius: float) -> list[list[T]]:
    """Items (best first) grouped by where each lies (``centre``: the card centre it implies, or a corner): within
    ``radius`` of a group's first is of that group. The groups' firsts are the items kept at least ``radius`` apart."""
    return _grouped(items, np.array([centre(it) for it in items], np.float32).reshape(-1, 2), radius)


def _grouped(items: list[T], centres: np.ndarray, radius: float) -> list[list[T]]:
    """:func:`_groups` with the centres given (float32, one row per item)."""
    near = (np.hypot(*(centres[:, None] - centres[None]).transpose(2, 0, 1)) < radius).tolist()
    groups: list[list[T]] = []
    firsts: list[int] = []
    for i, it in enumerate(items):
        g = next((g for g, f in enumerate(firsts) if near[i][f]), None)
        if g is None:
            firsts.append(i)
            groups.append([it])
        else:
            groups[g].append(it)
    return groups


def _read_corner_patches(frame: np.ndarray, book: CornerBook, cfg: DetectorConfig) -> list[Reading]:
    """The cards read from the corner patches of the paper's outlines (:mod:`vision.corners`), one reading per card."""
    return _corner_patch_readings(frame, read_corners(frame, book, cfg), book, cfg.card_width_px)


def _corner_patch_readings(frame: np.ndarray, read: list[CornerReading], book: CornerBook, cw: float,
                           crops: dict[int, np.ndarray] | None = None, faint_from: float = 1.0,
                           gray: np.ndarray | None = None) -> list[Reading]:
    """One reading per card from its corners' readings ``read``; ``crops`` keeps each corner's evidence crop (by the
    corner's id) for a second call on more of the frame's corners; ``gray``: the frame in grey, when the caller has it
    (a faint patch is read again turned round on it, :func:`_turned_round`)."""
    crops = {} if crops is None else crops
    found = sorted(read, key=lambda r: -r.score)
    out: list[Reading] = []
    for grp in _grouped(found, _quad_centres(found, cw), PATCH_GROUP * cw):
        confident = [r for r in grp if r.card is not None]
        pair = False
        if not confident:
            # Neither index corner passes alone: the card's two index corners (turned 180 degrees to each other, a card
            # length apart) naming it alike under the lower pair thresholds, and no corner of it naming another card so.
            named = [r for r in grp if book.passes(r.score, r.rank_lead, r.suit_lead, pair=True) and book.nameable(r.best)]
            if len({r.best for r in named}) == 1 and any(_opposite(a.corner, b.corner, cw) for i, a in enumerate(named) for b in named[i + 1:]):
                confident, pair = named, True
        names = {r.best for r in confident}
        best = confident[0] if confident else grp[0]
        # Another index corner of the card that looks like an index (whole-patch score) but names another card, or whose
        # index columns put another rank or suit first, is doubt enough (a blurred 6h read 5h at 0.94 on one corner;
        # its other corner scored 5h too, but its "6" came first on the index's own columns) -- not a corner naming the
        # card alike whose only split is a near tie of its suit there (a club and a spade a few pixels high, blurred).
        doubt = any(r is not best and r.score >= book.min_score and (r.best != best.best or (r.split_verdict and not book.suit_tie_only(r)))
                    for r in grp)
        ok = len(names) == 1 and not doubt
        faint = False
        if not ok and best.score < book.min_score:
            if best.score >= faint_from and book.nameable(best.best) and not _turned_round(frame, best, book, cw, gray):
                faint = True
            else:
                continue  # nothing like an index here (a corner without one, glare, a chip), or an index upside down
        # The corners naming the card, those within half a card's width of one another counted once (several implied
        # corners of one index, each read, are one corner of the card).
        same = [r for r in confident if r.best == best.best]
        alike = len(_groups(same, lambda r: r.corner.at, 0.5 * cw)) if len(same) > 1 else len(same)
        # Two corners passing alone are two views of the card (:func:`_second_corner`); a pair's confidence is both's already.
        other = max((book.confidence(r) for r in confident if r.best == best.best and _opposite(r.corner, best.corner, cw)),
                    default=0.0) if ok and not pair else 0.0
        out.append(Reading(best.best if ok else None, best.best, best.score, min(best.rank_lead, best.suit_lead),
                           book.confidence(best, pair) if ok else 0.0, best.quad(cw), _crop(frame, best, cw, crops), -1,
                           alike if ok else 0, other_corner=other, faint=faint))
    return out


def _turned_round(frame: np.ndarray, read: CornerReading, book: CornerBook, cw: float, gray: np.ndarray | None = None) -> bool:
    """Whether a faint corner's patch (``read``, :data:`FAINT_FROM`) shows its index upside down: its corner turned 180
    degrees about the index (:func:`_turned`), where the corner of a card lying the other way would be, reads higher.
    The learned reader cannot tell (it reads an index alike at any turn), and the card would be placed on the wrong side
    of its index: a Byron Knoll 4d under a Kc on a white table (seed 5752), its index's corner found on what differs from
    the empty table with its sides the wrong way round, scored 0.62 as 4d upside down, was confirmed by the model and
    placed 1.3 card widths off, a confident misread (two in 1,000 white scenes, seeds 5000-5999)."""
    if gray is None:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    turned = book.read_all(gray, [_turned(read.corner, 180.0, cw)], cw, implied=True, frame=frame)
    return bool(turned) and turned[0].score > read.score


def _crop(frame: np.ndarray, read: CornerReading, cw: float, crops: dict[int, np.ndarray]) -> np.ndarray:
    """The window of ``frame`` the corner was read from (:meth:`CornerReading.evidence`), cut once per corner."""
    if id(read.corner) not in crops:
        crops[id(read.corner)] = read.evidence(frame, cw)
    return crops[id(read.corner)]


def _quad_centres(read: Sequence[CornerReading], cw: float) -> np.ndarray:
    """The centre of each corner reading's card (``CornerReading.quad``'s centre, for them all at once)."""
    at, right, down = (np.array([getattr(r.corner, a) for r in read], np.float32).reshape(-1, 2) for a in ("at", "right", "down"))
    return _card_centres(at, right, down, *_widths([r.corner for r in read], cw))


def _card_centres(at: np.ndarray, right: np.ndarray, down: np.ndarray, wr: np.ndarray, wd: np.ndarray) -> np.ndarray:
    """The centre of the card lying right of and below each corner (rows of ``at``, with its edges' unit vectors and a
    card's width along each, as columns)."""
    centres: np.ndarray = at + (right * wr + down * (wd * CARD_ASPECT)) * 0.5
    return centres


def _merge(glyphs: list[Reading], patches: list[Reading], cw: float) -> list[Reading]:
    """One reading per card from both readers: where they name different cards the card is unknown; where one is
    sure and the other is not, the sure one stands, unless the other is a corner patch that scores like an index
    (every unsure patch reading kept does) and names another card: that is doubt enough, as between a card's corners
    (a blurred 3c: its glyphs read 3s, its corner patch 3c at 0.80 but split on the index's columns)."""
    out = list(glyphs)
    centre = {id(r): tuple(r.quad.mean(0).tolist()) for r in [*glyphs, *patches]}
    for p in patches:
        if p.card is not None:  # a card the model alone placed gives way to the deck's corner patch
            out = [g for g in out if not (g.alone and math.dist(centre[id(g)], centre[id(p)]) < PATCH_GROUP * cw)]
        near = [g for g in out if math.dist(centre[id(g)], centre[id(p)]) < PATCH_GROUP * cw]
        if not near:
            p.blob = max((r.blob for r in out), default=-1) + 1  # a card of its own (ids stay unique after replacements)
            out.append(p)
            continue
        if p.faint:
            continue  # a faint patch is a card only where nothing else was read: it gives way, and casts no doubt
        names = {r.card for r in [*near, p] if r.card is not None}
        if len(names) > 1 or (names and p.card is None and p.best not in names):
            for g in near:
                g.card, g.confidence = None, 0.0
        elif names:
            sure = [g for g in near if g.card is not None]
            if sure:
                # Both readers may have read the same corners: the more of them either counted.
                sure[0].corners = max(sure[0].corners, p.corners)
            else:
                p.blob = near[0].blob
                out = [g for g in out if not any(g is n for n in near)] + [p]
    return out


def _same_card_twice(out: list[Reading], cw: float) -> None:
    """The same card cannot lie in two places.  Two confident readings of it half a card or more apart mean one is a
    misread and nothing says which (a blurred 3c read as 3s on both its corners scored higher than the real 3s): both
    become unknown.  Closer, they are two indices of one card left in two groups: the stronger is kept."""
    by_card: dict[str, list[Reading]] = {}
    for r in out:
        if r.card is not None:
            by_card.setdefault(r.card, []).append(r)
    for same in by_card.values():
        if len(same) < 2:
            continue
        if not all(r.gives_way for r in same):  # the taught deck's reading stands; the model's alone, or a faint one, gives way
            for r in same:
                if r.gives_way:
                    r.card, r.confidence = None, 0.0
            same = [r for r in same if not r.gives_way]
            if len(same) < 2:
                continue
        same.sort(key=lambda r: -r.score)
        apart = any(float(np.linalg.norm(a.quad.mean(0) - b.quad.mean(0))) >= 0.5 * cw for i, a in enumerate(same) for b in same[i + 1:])
        for r in same if apart else same[1:]:
            r.card, r.confidence = None, 0.0


def detections_for(readings: list[Reading]) -> list[Detection]:
    """The cards located by ``readings`` as detections (for code that wants outlines only)."""
    return [Detection(r.quad, "index", r.blob) for r in readings]


__all__ = ["FACE_H", "FACE_W", "GENERAL_GEOMETRY", "RANKS", "IndexGeometry", "Reading", "TaughtDeck", "TeachError", "corner_crops",
           "detections_for", "general_deck", "read_frame", "reading_order", "teach", "warp_face"]
