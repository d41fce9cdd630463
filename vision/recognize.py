"""Rank-and-suit recognition from a card's corner index, taught-deck mode.

A detected card is warped to a normalised portrait face (``FACE_W`` x ``FACE_H``).  Its corner index
sits at the top-left and, by the face's 180-degree symmetry, at the bottom-right; both are read, so a
card whose other half is covered (hole cards overlapping at showdown) is still read from the corner
that shows.  Teaching: the dealer lays the deck out in reading order and tells the console which
cards they are; each card's two corner crops become its templates.  Reading: normalised
cross-correlation (colour, small shift search) against every taught template.  The confidence is the
best score and its margin over the best *other* card; below either threshold the reading is
``unknown``, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .detect import Detection, DetectorConfig, detect_cards
from .synthetic import CARD_ASPECT

FACE_W = 200
FACE_H = int(FACE_W * CARD_ASPECT)
# Corner index crop on the normalised face (pixels): query is the search window, template the inner part.
QUERY = (0, 0, 46, 84)  # x0, y0, x1, y1
MARGIN = 5


def warp_face(frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
    dst = np.array([[0, 0], [FACE_W - 1, 0], [FACE_W - 1, FACE_H - 1], [0, FACE_H - 1]], np.float32)
    M = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(frame, M, (FACE_W, FACE_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def corner_crops(face: np.ndarray) -> list[np.ndarray]:
    """The two corner-index windows of a face, each upright (top-left, and bottom-right turned 180)."""
    x0, y0, x1, y1 = QUERY
    rot = cv2.rotate(face, cv2.ROTATE_180)
    return [np.ascontiguousarray(face[y0:y1, x0:x1]), np.ascontiguousarray(rot[y0:y1, x0:x1])]


DS = 2  # crops are compared at half the normalised face resolution
SHIFT = 5  # search +-SHIFT pixels (at DS scale) for alignment: a detected quad is a rectangle, the card a slight trapezoid


def _normalise(crop: np.ndarray) -> np.ndarray:
    """Light-invariant, downsampled version of a crop (colour kept: red and black suits differ)."""
    small = cv2.resize(crop, (crop.shape[1] // DS, crop.shape[0] // DS), interpolation=cv2.INTER_AREA).astype(np.float32)
    lo = np.percentile(small, 3)
    hi = np.percentile(small, 97)
    return np.clip((small - lo) / max(hi - lo, 1.0), 0, 1.2).astype(np.float32)


def _unit(v: np.ndarray) -> np.ndarray:
    v = v.reshape(v.shape[0], -1)
    v = v - v.mean(axis=1, keepdims=True)
    return v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-6)


SPLIT = 0.5  # rank occupies the upper half of the index template, suit the lower half


def _shifted_windows_rows(q: np.ndarray, r0: int, r1: int, tw: int, th: int) -> np.ndarray:
    """Rows r0..r1 of every (th x tw) window of q over the shift range, as unit vectors."""
    wins = [q[y + r0:y + r1, x:x + tw] for y in range(0, q.shape[0] - th + 1) for x in range(0, q.shape[1] - tw + 1)]
    return _unit(np.stack(wins))


def _shifted_windows(q: np.ndarray, th: int, tw: int) -> np.ndarray:
    """All (th x tw) windows of q at offsets 0..2*SHIFT, as unit vectors (rows)."""
    wins = [q[y:y + th, x:x + tw] for y in range(0, q.shape[0] - th + 1) for x in range(0, q.shape[1] - tw + 1)]
    return _unit(np.stack(wins))


@dataclass
class Reading:
    card: str | None  # None when unknown
    best: str  # best-scoring card even when rejected (for the dealer's prompt)
    score: float
    margin: float
    confidence: float  # 0..1; readings below the threshold are 'unknown'
    quad: np.ndarray
    crop: np.ndarray  # the corner crop the reading came from (evidence)
    blob: int = -1


@dataclass
class TaughtDeck:
    templates: dict[str, list[np.ndarray]] = field(default_factory=dict)
    min_score: float = 0.75
    min_margin: float = 0.30  # relative margin, see _rel_margin; thresholds set on calibration seeds 0-11

    def add(self, card: str, face: np.ndarray) -> None:
        for crop in corner_crops(face):
            q = _normalise(crop)
            t = q[SHIFT:q.shape[0] - SHIFT, SHIFT:q.shape[1] - SHIFT]
            self.templates.setdefault(card, []).append(np.ascontiguousarray(t))
        self._matrix = None
        self._part_mats = None

    _matrix: tuple[list[str], np.ndarray] | None = None

    def _compiled(self) -> tuple[list[str], np.ndarray]:
        if self._matrix is None:
            labels = [c for c in sorted(self.templates) for _ in self.templates[c]]
            mats = [t for c in sorted(self.templates) for t in self.templates[c]]
            self._matrix = (labels, _unit(np.stack(mats)))
        return self._matrix

    def _parts(self) -> tuple[list[str], np.ndarray, np.ndarray, int]:
        labels, _ = self._compiled()
        if self._part_mats is None:
            mats = [t for c in sorted(self.templates) for t in self.templates[c]]
            k = int(mats[0].shape[0] * SPLIT)
            self._part_mats = (_unit(np.stack([m[:k] for m in mats])), _unit(np.stack([m[k:] for m in mats])), k)
        r, su, k = self._part_mats
        return labels, r, su, k

    _part_mats: tuple[np.ndarray, np.ndarray, int] | None = None

    def score_crop(self, crop: np.ndarray) -> tuple[dict[str, float], dict[str, float]]:
        """Best normalised correlation per taught rank and per taught suit, over small shifts.

        Rank and suit are scored on their own parts of the index (rank above, suit below), so the
        margin of a reading is the margin over the next *rank* and the next *suit*, not over a card
        that shares one of them.
        """
        labels, rmat, smat, k = self._parts()
        q = _normalise(crop)
        th = q.shape[0] - 2 * SHIFT
        tw = q.shape[1] - 2 * SHIFT
        wr = _shifted_windows_rows(q, 0, k, tw, th)
        ws = _shifted_windows_rows(q, k, th, tw, th)
        br = (wr @ rmat.T).max(axis=0)
        bs = (ws @ smat.T).max(axis=0)
        ranks: dict[str, float] = {}
        suits: dict[str, float] = {}
        for lab, a, b in zip(labels, br, bs, strict=True):
            ranks[lab[0]] = max(ranks.get(lab[0], -2.0), float(a))
            suits[lab[1]] = max(suits.get(lab[1], -2.0), float(b))
        return ranks, suits

    def read_face(self, face: np.ndarray, quad: np.ndarray, blob: int = -1) -> Reading:
        best: tuple[float, str, float, float, np.ndarray] | None = None
        strong: set[str] = set()  # cards read above min_score from either corner
        for crop in corner_crops(face):
            ranks, suits = self.score_crop(crop)
            rr = sorted(ranks.items(), key=lambda kv: -kv[1])
            ss = sorted(suits.items(), key=lambda kv: -kv[1])
            score = min(rr[0][1], ss[0][1])
            margin = min(_rel_margin(rr), _rel_margin(ss))
            if score >= self.min_score:
                strong.add(rr[0][0] + ss[0][0])
            if best is None or score > best[0]:
                best = (score, rr[0][0] + ss[0][0], margin, 0.0, crop)
        assert best is not None
        score, card, margin, _, crop = best
        conf = float(np.clip(min((score - self.min_score) / (1 - self.min_score), margin / (2 * self.min_margin)), 0, 1))
        # The two corner indices of one card must not name two different cards.
        ok = score >= self.min_score and margin >= self.min_margin and len(strong) <= 1
        return Reading(card if ok else None, card, score, margin, conf if ok else 0.0, quad, crop, blob)

def _rel_margin(ranked: list[tuple[str, float]]) -> float:
    """How far the best is ahead of the runner-up, relative to the runner-up's distance from a perfect match.

    Two near-perfect scores (0.97 vs 0.95) are told apart as well as 0.80 vs 0.60; an absolute gap would
    treat the first pair as a tie."""
    s1 = ranked[0][1]
    s2 = ranked[1][1] if len(ranked) > 1 else -1.0
    return (s1 - s2) / max(1.0 - s2, 1e-6)


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


class TeachError(ValueError):
    pass


def teach(frames: list[tuple[np.ndarray, list[str]]], card_width_px: float, deck: TaughtDeck | None = None) -> TaughtDeck:
    """Teach a deck from frames of cards laid out (not overlapping) with their ids in reading order."""
    deck = deck or TaughtDeck()
    cfg = DetectorConfig(card_width_px=card_width_px)
    for frame, cards in frames:
        dets = [d for d in detect_cards(frame, cfg) if d.kind == "single"]
        if len(dets) != len(cards):
            raise TeachError(f"found {len(dets)} cards on the teaching frame, expected {len(cards)}")
        order = reading_order([d.quad for d in dets], row_tol=card_width_px * CARD_ASPECT / 2)
        for card, i in zip(cards, order, strict=True):
            deck.add(card, warp_face(frame, dets[i].quad))
    return deck


def read_frame(frame: np.ndarray, deck: TaughtDeck, cfg: DetectorConfig) -> list[Reading]:
    """Detect and read every card; for overlapping-pair blobs keep the two best distinct readings."""
    dets: list[Detection] = detect_cards(frame, cfg)
    singles = [d for d in dets if d.kind == "single"]
    out = [deck.read_face(warp_face(frame, d.quad), d.quad, d.blob) for d in singles]
    by_blob: dict[int, list[Reading]] = {}
    for d in dets:
        if d.kind == "pair-part":
            by_blob.setdefault(d.blob, []).append(deck.read_face(warp_face(frame, d.quad), d.quad, d.blob))
    for rs in by_blob.values():
        rs.sort(key=lambda r: -r.score)
        chosen: list[Reading] = []
        for r in rs:
            if len(chosen) == 2:
                break
            # Distinct card and a different place (centres at least half a card width apart).
            if all(r.best != c.best and np.linalg.norm(r.quad.mean(0) - c.quad.mean(0)) > 0.3 * cfg.card_width_px for c in chosen):
                chosen.append(r)
        out.extend(chosen)
    return out
