"""The learned corner reader on a camera frame: in the general mode each index the glyph finder found is read by the
corner model; with a taught deck, each card the deck read unsure is confirmed or doubted by the model on the corner it
was read from (:func:`confirm`). A taught deck (:class:`vision.recognize.TaughtDeck`) is the room's refinement on top of
the model, which reads any deck:

- **general mode** (no deck taught): the model's card, its confidence at most :data:`ALONE` (the dealer confirms); an
  index the model takes for no index (its "not an index" class the likeliest) is dropped: a pip or a glyph in a picture;
- **taught deck**: where the deck and the model name the same card, the higher of the two confidences; where the model
  is sure enough of another card (:data:`DOUBT`), the card is unknown (one of the two misreads, and nothing says which).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .corner_model import DEFAULT_MODEL_PATH, CornerModel, CornerModelError, IndexGuess

if TYPE_CHECKING:
    from .glyphs import GlyphScore, IndexCandidate
    from .recognize import Reading, TaughtDeck

__all__ = ["ALONE", "confirm", "CONFIRM_BELOW", "DOUBT", "shared_model", "Verdict", "verdicts", "with_learned_reader"]

DOUBT = 0.5
"""The model's confidence in another card from which a taught deck's reading of an index is doubted."""
ALONE = 0.5
"""The most confidence a card read by the model alone is given: below any threshold a room would set, so the dealer
confirms it (the model's best guess offered). On whole real photos held out from its training, its readings at 0.90 or
more were right 92 % of the time (docs/vision.md): not yet a probability to apply a card on without asking."""

_LOCK = threading.Lock()
_MODELS: dict[Path, CornerModel] = {}


def shared_model(path: Path | None = None) -> CornerModel | None:
    """The corner model, loaded once per process (``None`` when its file is missing: the taught deck reads alone)."""
    where = Path(path) if path is not None else DEFAULT_MODEL_PATH
    with _LOCK:
        if where not in _MODELS:
            try:
                _MODELS[where] = CornerModel.load(where)
            except CornerModelError:
                if path is not None:
                    raise
                return None
        return _MODELS[where]


CONFIRM_BELOW = 0.95
"""A taught deck's readings less sure than this are the ones the model is asked about (the model reads a crop in about
3 ms on one core: asking about every card would cost a frame more than it reads)."""


CONFIRM_TURNS = 1
"""A taught deck's reading comes with its corner turned upright: the model reads it that way only."""


def confirm(readings: Sequence[Reading], model: CornerModel) -> None:
    """A taught deck's readings below :data:`CONFIRM_BELOW`, each confirmed or doubted by the model on the corner it was
    read from (its ``crop``), in one pass: a card the model reads alike takes the higher of the two confidences; a card
    the model is sure enough is another card (:data:`DOUBT`) becomes unknown. An unknown reading stays unknown (the deck
    had its reason)."""
    named = [r for r in readings if r.card is not None and r.confidence < CONFIRM_BELOW and r.crop is not None and min(r.crop.shape[:2]) >= 4]
    if not named:
        return
    for r, g in zip(named, model.read([r.crop for r in named], turns=CONFIRM_TURNS), strict=True):
        if g.card == r.card:
            r.confidence = max(r.confidence, g.confidence)
        elif g.card is not None and g.confidence >= DOUBT:
            r.card, r.confidence = None, 0.0


def with_learned_reader(deck: TaughtDeck) -> TaughtDeck:
    """``deck`` reading its indices with the learned corner reader too (a copy; the deck itself is left as it is). Without
    the model's file the deck reads alone."""
    import dataclasses

    return dataclasses.replace(deck, model=shared_model())


@dataclass
class Verdict:
    """What is made of one index: the card it names (its best guess when not ``ok``), whether it passes, how sure."""

    card: str
    ok: bool
    confidence: float
    score: float
    """The reading's score (the deck's glyph score, or the model's probability where the model decided)."""
    margin: float
    glyph: GlyphScore | None
    """The taught deck's scores of the index (``None`` in the general mode read by the model alone)."""


def verdicts(cands: Sequence[IndexCandidate], scores: Sequence[tuple[GlyphScore, bool, float] | None],
             model: CornerModel | None) -> list[Verdict | None]:
    """One verdict per candidate (``None``: not an index). ``scores``: the deck's ``(scores, passes, confidence)`` of each
    candidate, ``None`` where the deck takes it for no index; with a ``model`` (the general mode), the model reads each
    candidate instead."""
    if model is None or not cands:
        return [_by_deck(scored) for scored in scores]
    return [_by_model(guess) for guess in model.read([k.crop for k in cands])]


def _by_deck(scored: tuple[GlyphScore, bool, float] | None) -> Verdict | None:
    if scored is None:
        return None
    g, ok, confidence = scored
    return Verdict(g.rank + g.suit, ok, confidence if ok else 0.0, g.score, g.margin, g)


def _by_model(guess: IndexGuess) -> Verdict | None:
    if guess.card is None:
        return None
    return Verdict(guess.card, True, min(guess.confidence, ALONE), guess.confidence, guess.best_probability - guess.not_index, None)
