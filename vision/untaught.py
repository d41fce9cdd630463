"""Why a card laid out for teaching could not be learnt, measured on the teaching picture.

A card whose index is not found is left untaught (:attr:`vision.recognize.TaughtDeck.untaught`); the dealer is told why,
so that the picture can be retaken the right way:

- ``glare``: a light's reflection burns out the card's index corners (a share of their pixels saturated in every
  channel, and their ink washed out): tilt the lamp or the card, or move the phone's light;
- ``blur``: the index corners are much less sharp than the other cards' on the same picture (the variance of their
  Laplacian per unit of their contrast, which falls as a picture blurs): hold the camera still, focus;
- ``not found``: neither (a card face down, a card not where the list says, a design whose index was not made out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .synthetic import CARD_ASPECT

__all__ = ["CardLook", "UNTAUGHT_REASONS", "card_look", "unteachable", "untaught_message", "untaught_reasons", "why_untaught"]

UNTAUGHT_REASONS = ("not found", "glare", "blur")

_W = 100  # the card turned upright at this width (pixels) to be measured
_CORNER = (0.30, 0.30)  # an index corner: this share of the card's width and of its height
_EDGE = 0.04  # less this share of the card's width along its edges

GLARE_SATURATED = 0.15  # share of an index corner's pixels saturated for it to be burnt out
GLARE_CONTRAST = 0.5  # and its spread of grey at most this share of the picture's typical card's
BLANK_CONTRAST = 0.25  # an index corner whose spread of grey is at most this share of the typical card's shows no index
BLUR_SHARPNESS = 0.3  # an index corner this share as sharp as the picture's typical card's, or less, is blurred
SATURATED_LEVEL = 250


@dataclass(frozen=True)
class CardLook:
    """What a laid-out card looks like on its teaching picture, at its index corners."""

    saturated: float  # the larger share, of its two index corners, of pixels saturated in every channel
    sharpness: float  # the variance of the Laplacian over each index corner over that of its grey levels, the mean of two
    contrast: float  # the lesser, of its two index corners, of the spread of grey levels (98th less 2nd percentile)


def card_look(frame: np.ndarray, quad: np.ndarray) -> CardLook:
    """Measure the card whose outline is ``quad`` (4 x 2: top-left, top-right, bottom-right, bottom-left of a portrait
    card, frame pixels) on ``frame`` (BGR or grey)."""
    quad = np.asarray(quad, np.float32)
    if quad.shape != (4, 2):
        raise ValueError(f"a card's outline has 4 corners (4 x 2), got shape {quad.shape}")
    w, h = _W, int(round(_W * CARD_ASPECT))
    box = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    card = cv2.warpPerspective(frame, cv2.getPerspectiveTransform(quad, box), (w, h), flags=cv2.INTER_LINEAR)
    cw, chh = int(_CORNER[0] * w), int(_CORNER[1] * h)
    mx, my = int(_EDGE * w), int(_EDGE * w)  # clear of the card's edge and of the table beside it
    corners = [card[my:chh, mx:cw], card[h - chh:h - my, w - cw:w - mx]]
    saturated = max(float(np.mean(np.all(c.reshape(c.shape[0], c.shape[1], -1) >= SATURATED_LEVEL, axis=2))) for c in corners)
    grey = [c if c.ndim == 2 else cv2.cvtColor(c, cv2.COLOR_BGR2GRAY) for c in corners]
    # Per unit of contrast: a sparse index (an ace's) is as sharp as a crowded one, a blurred one is not.
    sharpness = float(np.mean([cv2.Laplacian(g, cv2.CV_32F).var() / max(float(g.astype(np.float32).var()), 1.0) for g in grey]))
    contrast = min(float(np.percentile(g, 98) - np.percentile(g, 2)) for g in grey)
    return CardLook(saturated, sharpness, contrast)


def why_untaught(look: CardLook, typical: CardLook) -> str:
    """The reason (one of :data:`UNTAUGHT_REASONS`) a card that looks like ``look`` was not learnt, on a picture whose
    cards typically look like ``typical``: glare when its index corners are burnt out (saturated, and their ink washed
    out to less than half the typical spread of grey), blur when they are much less sharp than the typical card's."""
    if look.saturated >= GLARE_SATURATED and look.contrast < GLARE_CONTRAST * typical.contrast:
        return "glare"
    if typical.sharpness > 0 and look.sharpness <= BLUR_SHARPNESS * typical.sharpness:
        return "blur"
    return "not found"


def unteachable(frame: np.ndarray, quads: Sequence[np.ndarray], cards: Sequence[str]) -> dict[str, str]:
    """The cards laid out on ``frame`` (``cards`` with their outlines ``quads``) that must teach nothing, with why: their
    index corners burnt out by glare, blurred, or blank (hardly any ink: a card face down, a blank), so that no reader
    learns the likeness of a glare, a blur or a blank as that card."""
    looks = [card_look(frame, q) for q in quads]
    if not looks:
        return {}
    typical = _typical(looks)
    out = {}
    for card, look in zip(cards, looks, strict=True):
        reason = why_untaught(look, typical)
        if reason != "not found" or look.contrast < BLANK_CONTRAST * typical.contrast:
            out[card] = reason
    return out


def _typical(looks: Sequence[CardLook]) -> CardLook:
    return CardLook(0.0, float(np.median([k.sharpness for k in looks])), float(np.median([k.contrast for k in looks])))


def untaught_reasons(frame: np.ndarray, quads: Sequence[np.ndarray], cards: Sequence[str], missing: set[str]) -> dict[str, str]:
    """For each of ``missing`` laid out on ``frame`` (``cards`` with their outlines ``quads``), why it was not learnt."""
    looks = [card_look(frame, q) for q in quads]
    if not looks:
        return {}
    typical = _typical(looks)
    return {card: why_untaught(look, typical) for card, look in zip(cards, looks, strict=True) if card in missing}


def untaught_message(reasons: Mapping[str, str]) -> str:
    """The dealer's message for the cards not learnt (``card -> reason``), e.g. ``not learnt: 7h (glare), Qs (blur)``;
    empty when every card was learnt."""
    if not reasons:
        return ""
    return "not learnt: " + ", ".join(f"{card} ({reason})" for card, reason in sorted(reasons.items()))
