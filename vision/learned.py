"""The learned corner reader on a camera frame: in the general mode each index the glyph finder found is read by the
corner model; with a taught deck, each card the deck read unsure or left unknown is confirmed or doubted by the model on
the corner it was read from (:func:`confirm`). A taught deck (:class:`vision.recognize.TaughtDeck`) is the room's refinement on top of
the model, which reads any deck:

- **general mode** (no deck taught): the model's card, its confidence at most :data:`ALONE` (the dealer confirms); an
  index the model takes for no index (its "not an index" class the likeliest) is dropped: a pip or a glyph in a picture;
- **taught deck**: where the deck and the model name the same card, the two confidences together (:func:`agreeing`); where the model
  is sure enough of another card (:data:`DOUBT`), the card is unknown (one of the two misreads, and nothing says which);
  where the deck left a card unknown and the model names its best guess, that card at the model's confidence.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from .corner_model import DEFAULT_MODEL_PATH, MIN_CROP_SIDE, CornerModel, CornerModelError, IndexGuess, guesses_from, pooled_again

if TYPE_CHECKING:
    from .glyphs import GlyphScore, IndexCandidate
    from .recognize import Reading, TaughtDeck

__all__ = ["agreeing", "ALONE", "confirm", "CONFIRM_BELOW", "DOUBT", "DOUBT_SURE", "index_crop", "shared_model", "Verdict", "verdicts", "with_learned_reader"]

DOUBT = 0.5
"""The model's confidence in another card from which a taught deck's reading of an index is doubted."""
ALONE = 0.5
"""The most confidence a card read by the model alone is given: below any threshold a room would set, so the dealer
confirms it (the model's best guess offered). On whole real photos held out from its training, its readings at 0.90 or
more were wrong 3 times in 445, each on a card nobody labelled that looks right, and on their index boxes cut as
labelled 3 times in 456 (club/spade on small pips; docs/vision.md): a card room cannot apply a card on that without
asking."""

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


ON_PAPER = 0.97
"""On a pale table, a glyph pair the taught deck cannot read (the lower card of an overlapping pair, whose index the
deck's glyphs score far below their threshold) is read by the model alone where the model is this sure and the card's
paper says which way up the index is (``recognize._read_glyphs``, ``recognize.ONE_SIDE``); such a card gives way to any
reading of the deck's that disagrees (``Reading.alone``). On 100 scenes per art set and surface (seeds 7000-7099, the
empty table learnt, 1,340 visible indices each) at 0.90: Aguilar white 80.8 % -> 82.4 %, wood 94.3 % -> 94.7 %; Byron
Knoll white 69.7 % -> 70.8 %, wood 83.8 % -> 84.6 %; no confident misread."""
BOTH_CORNERS_FROM = 0.8
"""A glyph pair the taught deck cannot read, named by the model this surely (under :data:`ON_PAPER`), is a card where its
card's other corner index is named alike (:func:`unread_by_model`'s ``weaker``)."""

CONFIRM_BELOW = 0.9
"""A taught deck's readings less sure than this (the console's default threshold: the ones the dealer would be asked
about) are the ones the model is asked about; the model reads a crop in about half a millisecond on one core, and asking
about every card would cost a frame a fifth more. Between this and 0.95 (asked about before): on 480 synthetic scenes
(seeds 20000-20039 and 7300-7339 on each of five surfaces, the empty table learnt, both art sets) 572 readings, none
wrong, and the model doubted 15 of them, all right."""


DOUBT_SURE = 0.9
"""The model's confidence in another card from which a sure reading (:data:`CONFIRM_BELOW` or more, asked about only
on a pale table's paper) is doubted: as sure as the console's threshold. On 341 sure readings on a pale table's paper
(seeds 7000-7029, wood and white, both art sets) none was wrong, and the model named another card for 17 of them, at
0.23-0.71 (a 6c read 9c most often); the one misread it has caught there it named at 0.999 (a blurred 6h read 5h)."""

NAMED_RIGHT = 0.99
"""How often a card the taught deck names is the card there, whatever the deck's own confidence, as the model's second look
(:data:`AGAIN_TURNS`) takes it where it names the same card at :data:`DOUBT` or more (:func:`confirm`). The deck's
confidence is a ramp above its thresholds (:meth:`vision.corners.CornerBook.confidence`), not the chance it is right: a
court card's picture beside its index keeps the whole patch's score and the suit's lead low. On calibration scenes
(``bench/vision_surfaces.py --deck-named --empty-table``, seeds 3000-3099 on the five surfaces and 3100-3399 on white
and wood, both art sets; never used to measure) the deck named 27,304 cards, and 21 of them were not the card there: 5
of 1,519 under 0.5 of its own confidence, 3 of 10,036 from 0.5 to 0.90, 13 of 15,749 above (99.67 %, 99.97 % and 99.92 %
right); none of the 21 was left named at the end. Agreeing on the deck's own confidence instead, 346 right readings were
left under 0.90, most of them court cards (the dealer asked to confirm a clear Byron Knoll Qs: the deck at 0.65, the
model at 0.70). A card the model read alone (``Reading.alone``) is not one the deck named and keeps its own confidence;
nor does the upright look count so, a single turn of a small crop, not the look the model's confidence was fitted on."""

CONFIRM_TURNS = 1
"""A taught deck's reading comes with its corner turned upright: the model reads it that way first."""
AGAIN_TURNS = 4
"""A reading the upright look leaves short of :data:`CONFIRM_BELOW` (or unknown) is looked at again at all four
right-angle turns, the four probability vectors averaged (as the temperature was fitted), and judged on that instead: one
look of a small crop is noisier than four. On 300 synthetic scenes per art set (seeds 7000-7059, five surfaces, the empty
table learnt) 45 more of aguilar's 2,573 readings asked about and 52 more of byron knoll's 2,053 reached 0.90 and were
right, none wrong (all four turns for every reading instead: +19 and -10); the few left short cost a crop every few
frames."""


def confirm(readings: Sequence[Reading], model: CornerModel, *, every: bool = False) -> None:
    """A taught deck's readings below :data:`CONFIRM_BELOW`, and its unknown ones, each confirmed or doubted by the model
    on the corner it was read from (its ``crop``), upright and, where that leaves it short, at every turn
    (:data:`AGAIN_TURNS`): a card the model reads alike takes the two confidences together (:func:`agreeing`); a card
    the model is sure enough is another card (:data:`DOUBT`, :data:`DOUBT_SURE` for a sure reading) becomes unknown. An
    unknown reading whose best guess the model names too is that card, with the model's confidence (the deck gave it
    none); else it stays unknown; a faint one (``Reading.faint``) so named must be named alike over four turns too
    (:func:`_faint_turned_alike`). ``every``: the sure readings too (where the card's outline was less sure).

    The unknown ones: on 200 synthetic scenes (seeds 7000-7019, five surfaces, both art sets, the empty table learnt) 85
    readings were unknown, 56 of them with a best guess the model named too, every one of them right; where the deck's
    guess was wrong (22), the model never named it."""
    asked = [r for r in readings if (r.card is None or every or r.confidence < CONFIRM_BELOW) and r.crop is not None
             and min(r.crop.shape[:2]) >= MIN_CROP_SIDE]
    if not asked:
        return
    crops = [index_crop(r.crop, upright=True) for r in asked]
    deck = [(r.card, r.confidence) for r in asked]
    for r, g in zip(asked, model.read(crops, turns=CONFIRM_TURNS), strict=True):
        _judge(r, g)
    again = [i for i, r in enumerate(asked) if r.card is None or r.confidence < CONFIRM_BELOW]
    if again:
        for i, g in zip(again, _looked_again(model, [asked[i].crop for i in again], [crops[i] for i in again]), strict=True):
            asked[i].card, asked[i].confidence = deck[i]
            _judge(asked[i], g, again=True)
    _faint_turned_alike(asked, crops, model)


def _faint_turned_alike(asked: Sequence[Reading], crops: Sequence[np.ndarray], model: CornerModel) -> None:
    """Each faint reading (``Reading.faint``) among ``asked`` the model confirmed (:func:`confirm`), its index cut
    ``crops`` as first read, read again at every right-angle turn
    (:data:`AGAIN_TURNS`, the four probability vectors averaged): where the model then names another card, or none, it
    is unknown (and dropped). The model reads an index whichever way up it lies, so it cannot tell a patch cut turned
    round: a 4h's index, cut so at a corner of what differs from a white table, scored 0.61 as an Ah on the deck's
    patches, and the model read it Ah at 0.97 upright but 4h over the four turns (Aguilar, seed 7051: a confident
    misread). On 100 scenes per art set on white (seeds 7000-7099, the empty table learnt) the 25 other faint readings the
    model confirmed, all right, named their card over the four turns too."""
    named = [j for j, r in enumerate(asked) if r.faint and r.card is not None]
    if not named:
        return
    for j, g in zip(named, model.read([crops[j] for j in named], turns=AGAIN_TURNS), strict=True):
        r = asked[j]
        if g.card != r.card:
            r.card, r.confidence = None, 0.0


def _looked_again(model: CornerModel, patches: Sequence[np.ndarray], cuts: Sequence[np.ndarray]) -> list[IndexGuess]:
    """The second look at corners left unsure (:func:`confirm`): each index's cut (``cuts``, from its upright corner
    patch in ``patches``) read at every turn and, where the patch cut without its margin differs (:func:`index_crop`'s
    ``inside``: the table beyond the card's edge left out, a blurred frame line's gaps bridged), that cut read too, the
    two pooled (:func:`vision.corner_model.pooled`, as a photo's proposal is read from two cuts): where both read the
    card it keeps its confidence, where they differ it loses it. A Byron Knoll court card's patch holds the table at its
    corner, joined to the thin rank, and a frame line broken by blur beside it: its cut then keeps all of them, and the
    model reads it unsurely (a Kc at 0.62; cut without them, 0.985)."""
    inside = {j: index_crop(p, upright=True, inside=True) for j, p in enumerate(patches)}
    return guesses_from(pooled_again(model, model.probabilities(list(cuts), turns=AGAIN_TURNS), cuts, inside, turns=AGAIN_TURNS))


def _judge(r: Reading, g: IndexGuess, *, again: bool = False) -> None:
    """The deck's reading ``r`` confirmed or doubted by the model's ``g`` (:func:`confirm`); ``again``: ``g`` is the
    every-turn look, on which a card the deck named counts as sure as its named cards are (:data:`NAMED_RIGHT`)."""
    if r.card is None:
        if g.card is not None and g.card == r.best:
            r.card, r.confidence = r.best, g.confidence
    elif g.card == r.card:
        named = again and g.confidence >= DOUBT and not r.alone
        r.confidence = agreeing(max(r.confidence, NAMED_RIGHT) if named else r.confidence, g.confidence)
    elif g.card is not None and g.confidence >= (DOUBT if r.confidence < CONFIRM_BELOW else DOUBT_SURE):
        r.card, r.confidence = None, 0.0


def agreeing(deck: float, model: float) -> float:
    """The confidence in a card that the taught deck and the model both name: the chance that not both are wrong, as
    if they erred apart, ``1 - (1 - deck) * (1 - model)``. They look at one crop in two ways (the deck's templates of
    this very design, the model's fonts and photos), and on 2,315 readings it confirmed (80 synthetic scenes per art set,
    five surfaces, seeds 7000-7039) the two never named the same wrong card; the higher of the two alone left 191 of
    those right readings under 0.90 (docs/vision.md)."""
    return 1.0 - (1.0 - deck) * (1.0 - model)


INDEX_MARGIN = 0.15
"""The margin round an index's ink in :func:`index_crop`, a share of its longer side (the training boxes' jitter)."""
LONG_DOWN, LONG_ACROSS = 0.7, 0.8
"""Ink down more than this share of a crop's height, or across more than this share of its width, is a line (a frame, an
edge), not the index: in :func:`index_crop`, a blob that long, and on an upright patch a straight run that long."""

OUTSIDE = 0.4
"""On an upright corner patch, ink touching its top or left side and reaching no further in than this share of its width
lies beyond the card's edge (the patch's margin: the table, the rounded corner)."""

THIN = 0.35
"""On an upright corner patch a blob that long is a line only when it is this thin or thinner (its width a share of its
length): a rank glyph as wide as the narrow patch (Byron Knoll's "10", "Q", "K": 18 of its 21 pixels) is not one, and
was left out, the model handed the pip alone. On 20 synthetic scenes per surface (seeds 7000-7019, five kinds, the empty
table learnt) Byron Knoll's deck read 17 more of 1,260 visible indices at 0.90, Aguilar's the same, no misread. A
photo's proposal is cut as before: there it read one card fewer on rank_photos and made one more confident misread on
the held-out corner photos."""


def index_crop(crop: np.ndarray, *, upright: bool = False, inside: bool = False) -> np.ndarray:
    """The corner index of a corner crop, cut as tightly as the model's training boxes were drawn: the box of
    its ink (rank and suit pip) with a margin of :data:`INDEX_MARGIN` of its longer side.

    A corner patch holds more than the index: the edge of a big pip coming in from the side, a court card's frame line,
    the card's edge. The model was taught on boxes drawn round the index alone, and such a piece, squared up with the
    rest, reads as another suit (an 8s with half a big spade beside it read 8c at 0.94). Ink is what is darker than
    the paper (Otsu on the grey); a blob reaching the crop's far side from its outer half, or as long as most of the
    crop (a frame line, an edge), is not the index. A crop in which nothing is left is returned as it is.

    ``upright``: the crop is a taught deck's corner patch, turned upright, where a straight line down most of its height
    or across most of its width is a frame or an edge, never a stroke of the index: such lines are cut away first, so
    that a small pip touching one (Byron Knoll's court cards and small pips against their frame) is not left out with
    it. On 36 synthetic scenes per art set (seeds 7000-7011, felt, white and wood, the empty table learnt) this made 11
    more of Byron Knoll's 283 and 5 more of Aguilar's 331 confirmed readings reach 0.90, no more misread. A proposal on
    a photo lies at any angle, where a rank's upright stroke can run down most of a sideways crop: it is cut without
    this (on rank_photos the cut with it read 2 fewer cards of 111).

    ``inside`` (with ``upright``): the patch's margin left out too, ink touching its top or left side that reaches no
    further in than :data:`OUTSIDE` (the table beyond the card's edge, its rounded corner), and gaps of a pixel along a
    line bridged before the lines are found (a thin frame line broken by blur). A second cut (:func:`_looked_again`):
    alone in its place it read Byron Knoll's court cards better and some of the rest worse (validation seeds 7000-7039,
    felt, stone and wood: +6 of 1,566 for Byron Knoll, -2 of 1,566 for Aguilar)."""
    grey = crop if crop.ndim == 2 else cv2.cvtColor(np.ascontiguousarray(crop[:, :, :3]), cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    if min(h, w) < 8 or int(grey.max()) - int(grey.min()) < 24:
        return crop
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    if upright:
        ink &= ~_lines(ink, bridged=inside)
    stats = cv2.connectedComponentsWithStats(ink, connectivity=8)[2]
    least = max(4, int(0.004 * h * w))
    boxes = []
    for x, y, bw, bh, area in stats[1:].tolist():
        beside = (x + bw >= w - 1 and x > 0.5 * w) or (y + bh >= h - 1 and y > 0.6 * h and bw > 0.5 * w)
        if upright and inside and ((x <= 1 and x + bw <= OUTSIDE * w) or (y <= 1 and y + bh <= OUTSIDE * w)):
            continue  # beyond the card's edge (the patch's margin): the table, the rounded corner
        long = (bh > LONG_DOWN * h or bw > LONG_ACROSS * w) and (not upright or min(bw, bh) < THIN * max(bw, bh))
        if area >= least and not beside and not long:
            boxes.append((x, y, x + bw, y + bh))
    if not boxes:
        return crop
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if (y1 - y0) < 0.3 * h:
        return crop  # a speck, not an index
    margin = max(2, int(round(INDEX_MARGIN * max(x1 - x0, y1 - y0))))
    cut = crop[max(0, y0 - margin):min(h, y1 + margin), max(0, x0 - margin):min(w, x1 + margin)]
    return cut if min(cut.shape[:2]) >= 8 else crop  # a sliver at the crop's edge (a card's edge, a line): not an index


def _lines(ink: np.ndarray, bridged: bool = False) -> np.ndarray:
    """The straight lines of an ink mask: runs of ink down :data:`LONG_DOWN` of its height or across :data:`LONG_ACROSS`
    of its width (a court card's frame, the card's edge, a neighbour's edge); ``bridged``: gaps of a pixel along them
    bridged first. A small pip touching one would otherwise be one blob with it, and left out with it as "long"."""
    h, w = ink.shape
    down, across = (cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones(k, np.uint8)) if bridged else ink for k in ((3, 1), (1, 3)))
    down = cv2.morphologyEx(down, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, max(3, int(LONG_DOWN * h)))))
    across = cv2.morphologyEx(across, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, int(LONG_ACROSS * w)), 1)))
    lines: np.ndarray = cv2.bitwise_or(down, across)
    return lines


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
    usable = [i for i, k in enumerate(cands) if min(k.crop.shape[:2]) >= MIN_CROP_SIDE]  # a sliver is no index
    guesses = dict(zip(usable, model.read([cands[i].crop for i in usable]), strict=True)) if usable else {}
    return [_by_model(guesses[i]) if i in guesses else None for i in range(len(cands))]


def unread_by_model(cands: Sequence[IndexCandidate], found: list[Verdict | None], model: CornerModel,
                    weaker: dict[int, Verdict] | None = None) -> set[int]:
    """The glyph pairs a taught deck takes for no index (``None`` in ``found``) read by the model: where it names a card
    at :data:`ON_PAPER` or more, ``found`` takes its verdict. Their positions, returned, are cards the model alone names,
    whose way up the model cannot tell (it reads an index alike at any right-angle turn): the caller places each only
    where the card's paper lies on one side of the index alone (``recognize._read_glyphs``). ``weaker``, when given,
    receives the model's verdicts from :data:`BOTH_CORNERS_FROM` up to :data:`ON_PAPER` (by position): such an index is
    a card only with its card's other corner index named alike (``recognize._both_corners``)."""
    unread = [i for i, v in enumerate(found) if v is None and min(cands[i].crop.shape[:2]) >= MIN_CROP_SIDE]
    named: set[int] = set()
    if not unread:
        return named
    for i, guess in zip(unread, model.read([cands[i].crop for i in unread]), strict=True):
        if guess.card is not None and guess.confidence >= ON_PAPER:
            found[i] = _by_model(guess, most=1.0)
            named.add(i)
        elif weaker is not None and guess.confidence >= BOTH_CORNERS_FROM and (verdict := _by_model(guess, most=1.0)) is not None:
            weaker[i] = verdict
    return named


def _by_deck(scored: tuple[GlyphScore, bool, float] | None) -> Verdict | None:
    if scored is None:
        return None
    g, ok, confidence = scored
    return Verdict(g.rank + g.suit, ok, confidence if ok else 0.0, g.score, g.margin, g)


def _by_model(guess: IndexGuess, most: float = ALONE) -> Verdict | None:
    """The model's reading as a verdict, its confidence at ``most`` at most."""
    if guess.card is None:
        return None
    return Verdict(guess.card, True, min(guess.confidence, most), guess.confidence, guess.best_probability - guess.not_index, None)
