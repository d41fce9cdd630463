"""Reading the cards of a whole photo without a calibration: the corner indices proposed anywhere on it
(:mod:`vision.proposals`, any size, any table) read by the learned corner reader (:mod:`vision.corner_model`).

This is the general mode on a picture that is not the calibrated camera's (a phone photo, a teaching picture taken
another way): no card size, no table, no deck taught. One reading per place: where proposals overlap, the box read
most surely leads the place, and the place is read from every box of nearly the same extent as that one
(:data:`SAME_INDEX`: several cuts of one index) by :func:`pooled`, so a cut that reads another card lowers the place's
confidence as much as it is sure of it. A card shows two corner indices, so the same card read in two places is not a
contradiction here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .corner_model import MIN_CROP_SIDE, NOT_INDEX, CornerModel, guesses_from, pooled, pooled_again
from .errors import VisionError
from .learned import index_crop
from .proposals import Box, ProposalError, propose_indices

__all__ = ["PhotoReading", "pooled", "read_photo", "two_cuts"]

AGAIN_FROM = 0.05
"""A proposal is read again from its ink alone (:func:`two_cuts`) where its box gives some card this probability or more:
the rest (nine in ten of a photo's proposals: print, pips, pictures) are not indices however cut. On both real photo sets
the same readings as with every proposal read twice, for a sixth more time a photo instead of twice as much."""
SAME_PLACE = 0.3
"""Two boxes overlapping this much (intersection over the smaller box) are one place."""
SAME_INDEX = 0.5
"""Two boxes of one place overlapping this much (intersection over union) are two cuts of one index, read together
(:func:`pooled`); a box over a part of the index (its pip alone, its rank and the print beside it) is not a reading of
the index, and what it is read as says nothing of it. Without this, 178 of the 553 held-out index boxes read right at
0.90 were made unknown by such partial boxes (docs/vision.md)."""


@dataclass(frozen=True)
class PhotoReading:
    """One corner index read on a photo: its box, the card (``None`` when unsure), the best guess and the confidence."""

    box: Box
    card: str | None
    best: str
    confidence: float

    @property
    def quad(self) -> np.ndarray:
        """The box's four corners (TL, TR, BR, BL), as a reading's outline."""
        b = self.box
        return np.array([[b.x0, b.y0], [b.x1, b.y0], [b.x1, b.y1], [b.x0, b.y1]], np.float32)


def read_photo(image: np.ndarray, model: CornerModel, *, max_proposals: int = 150) -> list[PhotoReading]:
    """Every corner index read on ``image`` (BGR, uint8), likeliest first."""
    try:
        boxes = propose_indices(image, max_proposals=max_proposals)
    except ProposalError as error:
        raise VisionError(str(error)) from error
    if not boxes:
        return []
    crops = [b.cut(image) for b in boxes]
    usable = [i for i, c in enumerate(crops) if min(c.shape[:2]) >= MIN_CROP_SIDE]
    if not usable:
        return []
    return _one_per_place([boxes[i] for i in usable], two_cuts([crops[i] for i in usable], model))


def two_cuts(crops: Sequence[np.ndarray], model: CornerModel) -> np.ndarray:
    """The class probabilities of each proposed index (one row per crop), read from two cuts of it where its box gives a
    card :data:`AGAIN_FROM` or more, :func:`pooled`: the box as proposed and the box of its ink alone
    (:func:`vision.learned.index_crop`, as the model's training boxes were drawn), where that differs. A proposal round a
    court card's or an ace's index often holds a piece of its picture or of a big pip, which the model takes for part of
    the index and reads the card less surely; the tight cut alone reads the index better, but sometimes cuts a piece of
    it away (on rank_photos it made one confident misread that the box as proposed did not). Pooled, a card both cuts
    read keeps its confidence and one they differ on loses it: on rank_photos' test split 137 of 143 boxed cards were
    read at 0.90 from the box alone, 140 from the two (no misread), and on the held-out corner_photos 442 and 447 of 553
    index boxes, with 3 and 2 confident misreads (docs/vision.md)."""
    out = model.probabilities(list(crops))
    named: list[int] = np.flatnonzero(out[:, :NOT_INDEX].max(axis=1) >= AGAIN_FROM).tolist()
    return pooled_again(model, out, crops, {i: index_crop(np.ascontiguousarray(crops[i])) for i in named})


def _one_per_place(boxes: Sequence[Box], probabilities: np.ndarray) -> list[PhotoReading]:
    """One reading per place (boxes overlapping by :data:`SAME_PLACE`, led by the box read most surely as a card), read
    from the boxes of nearly the same extent as the leading one; boxes read as no index take no part."""
    guesses = guesses_from(probabilities)
    named = sorted((i for i, g in enumerate(guesses) if g.card is not None), key=lambda i: -guesses[i].confidence)
    places: list[list[int]] = []
    for i in named:
        place = next((p for p in places if _overlap(boxes[p[0]], boxes[i]) >= SAME_PLACE), None)
        if place is None:
            places.append([i])
        else:
            place.append(i)
    out = []
    for place in places:
        box = boxes[place[0]]
        cuts = [i for i in place if box.iou(boxes[i]) >= SAME_INDEX]
        guess = guesses_from(pooled(probabilities[cuts])[None])[0]
        if guess.card is None:
            out.append(PhotoReading(box, None, guess.best, 0.0))
        else:
            out.append(PhotoReading(box, guess.card, guess.card, guess.confidence))
    out.sort(key=lambda r: -r.confidence)
    return out


def _overlap(a: Box, b: Box) -> float:
    """Intersection over the smaller box's area."""
    iw = min(a.x1, b.x1) - max(a.x0, b.x0)
    ih = min(a.y1, b.y1) - max(a.y0, b.y0)
    if iw <= 0 or ih <= 0:
        return 0.0
    return iw * ih / max(min(a.width * a.height, b.width * b.height), 1e-9)
