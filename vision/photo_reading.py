"""Reading the cards of a whole photo without a calibration: the corner indices proposed anywhere on it
(:mod:`vision.proposals`, any size, any table) read by the learned corner reader (:mod:`vision.corner_model`).

This is the general mode on a picture that is not the calibrated camera's (a phone photo, a teaching picture taken
another way): no card size, no table, no deck taught. One reading per place: where proposals overlap, the likeliest
reading stands, and when another box of nearly the same extent (:data:`SAME_INDEX`) names another card with a confidence
of :data:`vision.learned.DOUBT` or more the place is unknown (its best guess kept for the dealer). A card shows two
corner indices, so the same card read in two places is not a contradiction here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .corner_model import CornerModel, IndexGuess
from .errors import VisionError
from .learned import DOUBT
from .proposals import Box, ProposalError, propose_indices

__all__ = ["PhotoReading", "read_photo"]

SAME_PLACE = 0.3
"""Two boxes overlapping this much (intersection over the smaller box) are one place."""
SAME_INDEX = 0.5
"""Two boxes of one place overlapping this much (intersection over union) are two readings of one index, so that one
naming another card is doubt; a box over a part of the index (its pip alone, its rank and the print beside it) is not a
reading of the index, and what it is read as says nothing of it. Without this, 178 of the 553 held-out index boxes
read right at 0.90 were made unknown by such partial boxes (docs/vision.md)."""


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
    crops = [image[int(b.y0):max(int(math.ceil(b.y1)), int(b.y0) + 1), int(b.x0):max(int(math.ceil(b.x1)), int(b.x0) + 1)] for b in boxes]
    usable = [i for i, c in enumerate(crops) if min(c.shape[:2]) >= 4]
    guesses = model.read([crops[i] for i in usable]) if usable else []
    found = [(boxes[i], g) for i, g in zip(usable, guesses, strict=True) if g.card is not None]
    found.sort(key=lambda f: -f[1].confidence)
    return _one_per_place(found)


def _one_per_place(found: Sequence[tuple[Box, IndexGuess]]) -> list[PhotoReading]:
    places: list[list[tuple[Box, IndexGuess]]] = []
    for box, guess in found:
        place = next((p for p in places if _overlap(p[0][0], box) >= SAME_PLACE), None)
        if place is None:
            places.append([(box, guess)])
        else:
            place.append((box, guess))
    out = []
    for place in places:
        box, first = place[0]
        card, confidence = first.best, first.confidence
        if any(g.card != card and g.confidence >= DOUBT and box.iou(other) >= SAME_INDEX for other, g in place[1:]):
            out.append(PhotoReading(box, None, card, 0.0))
        else:
            out.append(PhotoReading(box, card, card, float(confidence)))
    return out


def _overlap(a: Box, b: Box) -> float:
    """Intersection over the smaller box's area."""
    iw = min(a.x1, b.x1) - max(a.x0, b.x0)
    ih = min(a.y1, b.y1) - max(a.y0, b.y0)
    if iw <= 0 or ih <= 0:
        return 0.0
    return iw * ih / max(min(a.width * a.height, b.width * b.height), 1e-9)
