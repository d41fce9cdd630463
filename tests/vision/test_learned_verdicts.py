"""Issue 24: the taught deck is the room's refinement on top of the learned corner reader. What is made of one index
when both read it (vision.learned), and of overlapping proposals on a photo (vision.photo_reading)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.corner_model import CARD_CLASSES, CLASS_COUNT, NOT_INDEX, IndexGuess, pooled
from vision.glyphs import GlyphScore
from vision.learned import (
    AGAIN_TURNS,
    ALONE,
    CONFIRM_BELOW,
    CONFIRM_TURNS,
    DOUBT,
    DOUBT_SURE,
    NAMED_RIGHT,
    _by_deck,
    _by_model,
    agreeing,
    confirm,
    index_crop,
    verdicts,
)
from vision.photo_reading import _one_per_place, two_cuts
from vision.proposals import Box
from vision.recognize import Reading


def guess(card: str | None, confidence: float, best: str | None = None) -> IndexGuess:
    named = best or card or "2c"
    return IndexGuess(card=card, confidence=confidence, best=named, best_probability=confidence if card else 0.01, rank=named[0],
                      rank_probability=confidence, suit=named[1], suit_probability=confidence,
                      not_index=1 - confidence if card else confidence)


def glyph(card: str) -> GlyphScore:
    return GlyphScore(card[0], card[1], 0.9, 0.9, 0.5, 0.5)


def test_the_general_mode_offers_the_models_card_for_the_dealer_to_confirm() -> None:
    """The model alone never applies a card: its card is offered at ALONE at most (its own probability kept as the score);
    an index it takes for no index is dropped."""
    v = _by_model(guess("Qh", 0.97))
    assert v is not None and (v.card, v.ok, v.confidence, v.score) == ("Qh", True, ALONE, 0.97)
    assert _by_model(guess(None, 0.8)) is None


def test_without_a_model_the_deck_reads_alone() -> None:
    v = _by_deck((glyph("Kc"), True, 0.7))
    assert v is not None and (v.card, v.ok, v.confidence) == ("Kc", True, 0.7)
    v = _by_deck((glyph("Kc"), False, 0.7))
    assert v is not None and (v.card, v.ok, v.confidence) == ("Kc", False, 0.0)  # named as the best guess, not passed
    assert _by_deck(None) is None


def probabilities(*rows: dict[str, float]) -> np.ndarray:
    """Class probabilities, one row per cut: the cards given ("none": not an index), the rest spread over the other
    classes."""
    out = np.zeros((len(rows), CLASS_COUNT), np.float32)
    for row, given in zip(out, rows, strict=True):
        rest = (1.0 - sum(given.values())) / (CLASS_COUNT - len(given))
        row[:] = rest
        for card, p in given.items():
            row[NOT_INDEX if card == "none" else CARD_CLASSES.index(card)] = p
    return out


def test_overlapping_proposals_are_one_place_read_from_every_cut_of_the_index() -> None:
    a, b, far = Box(10, 10, 40, 50), Box(14, 12, 42, 52), Box(200, 200, 230, 240)
    places = _one_per_place([a, b, far], probabilities({"Jc": 0.96}, {"Jc": 0.96}, {"Jc": 0.91}))
    assert [(p.card, p.box) for p in places] == [("Jc", a), ("Jc", far)]  # a card's two corners: two places
    assert places[0].confidence == pytest.approx(0.96, abs=1e-4)  # cuts that agree keep their confidence
    # A second cut of the index that is sure of another card leaves the place unsure of either (the dealer is asked).
    places = _one_per_place([a, b], probabilities({"Jc": 0.96, "Js": 0.03}, {"Js": 0.9, "Jc": 0.05}))
    assert len(places) == 1 and places[0].confidence < 0.6
    # A cut that half names another card, and still gives the leading card its share, only lowers the place a little:
    # one sure reading is not undone by a doubtful one.
    places = _one_per_place([a, b], probabilities({"Jc": 0.99, "Js": 0.005}, {"Js": DOUBT, "Jc": 0.45}))
    assert places[0].card == "Jc" and places[0].confidence > 0.9
    pip_alone = Box(12, 32, 26, 48)  # inside the index's box, a fifth of its size: a part of the index, not a cut of it
    places = _one_per_place([a, pip_alone], probabilities({"Jc": 0.96}, {"8c": 0.9}))
    assert [(p.card, p.box) for p in places] == [("Jc", a)] and places[0].confidence == pytest.approx(0.96, abs=1e-4)
    # Boxes read as no index take no part.
    places = _one_per_place([a, b], probabilities({"Jc": 0.9}, {"none": 0.99}))
    assert [(p.card, round(p.confidence, 2)) for p in places] == [("Jc", 0.9)]


class Cuts:
    """A corner model that gives each crop the probabilities listed for its shape."""

    def __init__(self, rows: dict[tuple[int, ...], np.ndarray]) -> None:
        self.rows = rows
        self.passes: list[list[tuple[int, ...]]] = []

    def probabilities(self, crops: list[np.ndarray], *, turns: int = 4) -> np.ndarray:
        self.passes.append([c.shape for c in crops])
        return np.stack([self.rows[c.shape] for c in crops])


def test_a_proposal_is_read_from_its_box_and_from_its_ink_alone() -> None:
    """``two_cuts``: a proposed index with print beside it (a court card's frame line, a big pip) is read as proposed and
    cut to its ink (``index_crop``), pooled; a proposal read as no index (a pip, print) is read once, as it is."""
    beside, blank, pip = corner_patch(), np.full((40, 20, 3), 200, np.uint8), corner_patch()[:, 2:]
    tight = index_crop(beside)
    assert tight.shape != beside.shape and index_crop(blank) is blank and index_crop(pip) is not pip
    rows = {beside.shape: probabilities({"8s": 0.6, "8c": 0.35})[0], tight.shape: probabilities({"8s": 0.97})[0],
            blank.shape: probabilities({"none": 0.99})[0], pip.shape: probabilities({"none": 0.97})[0]}
    model = Cuts(rows)
    read = two_cuts([beside, blank, pip], model)  # type: ignore[arg-type]
    assert model.passes == [[beside.shape, blank.shape, pip.shape], [tight.shape]]
    assert np.allclose(read[0], pooled(np.stack([rows[beside.shape], rows[tight.shape]])))
    assert read[0][CARD_CLASSES.index("8s")] > rows[beside.shape][CARD_CLASSES.index("8s")]  # the ink alone reads it surer
    assert np.array_equal(read[1], rows[blank.shape]) and np.array_equal(read[2], rows[pip.shape])


class Model:
    """A corner model that reads every crop as the card it is told (with the confidence it is told): ``answers`` at the
    first pass, ``again`` at a second look at every turn (:func:`confirm`); ``asked``: how many crops each pass read, at
    how many turns."""

    def __init__(self, *answers: IndexGuess, again: tuple[IndexGuess, ...] | None = None) -> None:
        self.answers, self.again = list(answers), None if again is None else list(again)
        self.asked: list[tuple[int, int]] = []

    def read(self, crops: list[np.ndarray], *, turns: int = 4) -> list[IndexGuess]:
        answers = self.again if self.again is not None and turns == AGAIN_TURNS and self.asked else self.answers
        self.asked.append((len(crops), turns))
        return [answers.pop(0) for _ in crops]

    def probabilities(self, crops: list[np.ndarray], *, turns: int = 4) -> np.ndarray:
        """The answers as class probabilities that read back as them (``guesses_from``)."""
        rows = np.zeros((len(crops), NOT_INDEX + 1), np.float32)
        for row, g in zip(rows, self.read(crops, turns=turns), strict=True):
            row[CARD_CLASSES.index(g.best)] = g.confidence if g.card is not None else g.best_probability
            row[NOT_INDEX] = 0.0 if g.card is not None else g.confidence
        return rows


def reading(card: str | None, confidence: float) -> Reading:
    return Reading(card, card or "2c", 0.8, 0.3, confidence, np.zeros((4, 2), np.float32), np.full((30, 20, 3), 255, np.uint8))


def test_a_taught_deck_is_confirmed_or_doubted_by_the_model_only_where_it_is_unsure() -> None:
    """``confirm``: a reading below CONFIRM_BELOW the model reads alike takes both confidences together (an unsure deck and
    an unsure model naming one card is a card applied: 0.75 and 0.65 give 0.9125); one the model takes for another card
    at DOUBT or more becomes unknown; a sure reading is not asked about. An unknown reading is: the model naming its best
    guess makes it that card at the model's confidence, naming another card or no index leaves it unknown."""
    sure, agreed, doubted, kept = reading("Ah", 0.99), reading("7c", 0.75), reading("3s", 0.8), reading("9d", 0.7)
    named, other, blank = reading(None, 0.0), reading(None, 0.0), reading(None, 0.0)
    named.best, other.best, blank.best = "Qh", "5d", "8s"
    model = Model(guess("7c", 0.65), guess("3c", DOUBT), guess("9h", DOUBT - 0.1), guess("Qh", 0.97), guess("6d", 0.99), guess(None, 0.9),
                  again=(guess("3c", DOUBT), guess("9h", DOUBT - 0.1), guess("6d", 0.99), guess(None, 0.9)))
    confirm([sure, agreed, doubted, kept, named, other, blank], model)  # type: ignore[arg-type]
    assert model.asked == [(6, CONFIRM_TURNS), (4, AGAIN_TURNS)], "the four left short or unknown are looked at again"
    assert (sure.card, sure.confidence) == ("Ah", 0.99)
    assert agreed.card == "7c" and agreed.confidence == pytest.approx(0.9125) and agreed.confidence == agreeing(0.75, 0.65)
    assert agreeing(0.5, 0.0) == 0.5 and agreeing(0.9, 0.3) > 0.9 and agreeing(0.3, 0.3) < 0.9
    assert (doubted.card, doubted.confidence) == (None, 0.0) and doubted.best == "3s"
    assert (kept.card, kept.confidence) == ("9d", 0.7)
    assert (named.card, named.confidence) == ("Qh", 0.97)
    assert (other.card, other.confidence, other.best) == (None, 0.0, "5d") and (blank.card, blank.confidence) == (None, 0.0)
    from vision.cli import DEFAULT_THRESHOLD

    assert CONFIRM_BELOW == DEFAULT_THRESHOLD  # what the console applies without asking is not asked about


def test_where_the_cards_outline_was_less_sure_the_model_checks_the_sure_readings_too() -> None:
    """``confirm(..., every=True)`` (paper taken from a pale table's difference from the empty table): a reading at 0.99
    is asked about as well, and one the model takes for another card becomes unknown (a blurred 6h's patch read 5h at
    0.99 on a white table; the model read 6h at 0.999), but only by a model as sure as the console's threshold
    (DOUBT_SURE: a 6c read 9c at 0.53 by the model stays 6c)."""
    sure, agreed, kept = reading("5h", 0.99), reading("Ah", 0.97), reading("6c", 1.0)
    model = Model(guess("6h", 0.999), guess("Ah", 0.9), guess("9c", DOUBT_SURE - 0.01), again=(guess("6h", 0.999),))
    confirm([sure, agreed, kept], model, every=True)  # type: ignore[arg-type]
    assert model.asked == [(3, CONFIRM_TURNS), (1, AGAIN_TURNS)]
    assert (sure.card, sure.best, sure.confidence) == (None, "5h", 0.0)
    assert agreed.card == "Ah" and agreed.confidence == pytest.approx(agreeing(0.97, 0.9))
    assert (kept.card, kept.confidence) == ("6c", 1.0), "a sure reading is doubted only by a model as sure as the threshold"
    assert DOUBT < DOUBT_SURE


def test_a_reading_the_upright_look_leaves_short_is_judged_on_every_turn_instead() -> None:
    """A reading the upright look confirms short of CONFIRM_BELOW, or leaves unknown, is read again at every turn and
    judged on that look alone, with the deck's own confidence (not on top of the first look's): confirmed (a Byron
    Knoll "J" over its small spade: 0.54 upright, 0.78 at four turns; named by the deck, so as sure as its named cards,
    NAMED_RIGHT), made unknown where the second look names another card, and kept where the first doubt was the upright
    look's alone. A reading the upright look confirms to 0.90 is not read again."""
    short, doubted, undone, done = reading("Js", 0.5), reading("8s", 0.6), reading("Qd", 0.6), reading("Kh", 0.8)
    model = Model(guess("Js", 0.54), guess("8c", 0.6), guess("Qd", 0.7), guess("Kh", 0.6),
                  again=(guess("Js", 0.85), guess("8s", 0.8), guess("Jd", 0.6)))
    confirm([short, doubted, undone, done], model)  # type: ignore[arg-type]
    assert model.asked == [(4, CONFIRM_TURNS), (3, AGAIN_TURNS)]
    assert short.card == "Js" and short.confidence == pytest.approx(agreeing(NAMED_RIGHT, 0.85)) and short.confidence >= CONFIRM_BELOW
    assert doubted.card == "8s" and doubted.confidence == pytest.approx(agreeing(NAMED_RIGHT, 0.8))
    assert (undone.card, undone.confidence) == (None, 0.0)
    assert done.card == "Kh" and done.confidence == pytest.approx(agreeing(0.8, 0.6))


def test_a_card_the_deck_names_and_the_models_second_look_names_alike_is_as_sure_as_the_decks_named_cards() -> None:
    """The deck's confidence is a ramp above its thresholds, not the chance it is right; a card it names is right 99.7 %
    of the time or more at any level of it (NAMED_RIGHT, on calibration scenes). Where the model's second look (every
    turn, the look its confidence was fitted on) names the same card at DOUBT or more, the two together are taken from
    that: a clear Byron Knoll Qs the deck read at 0.65 and the model at 0.53 upright and 0.70 at four turns is applied,
    not asked. Not so: a second look under DOUBT (the deck's own confidence, asked), the upright look (a Kd the deck
    read at 0.6 and the model at 0.8 upright is 0.92, and not read again), a card the model read alone (Reading.alone:
    the deck named nothing)."""
    qs, jc, kd, alone = reading("Qs", 0.65), reading("Jc", 0.6), reading("Kd", 0.6), reading("7h", ALONE)
    alone.alone = True
    model = Model(guess("Qs", 0.53), guess("Jc", 0.45), guess("Kd", 0.8), guess("7h", 0.6),
                  again=(guess("Qs", 0.7), guess("Jc", DOUBT - 0.01), guess("7h", 0.75)))
    confirm([qs, jc, kd, alone], model)  # type: ignore[arg-type]
    assert model.asked == [(4, CONFIRM_TURNS), (3, AGAIN_TURNS)]
    assert qs.card == "Qs" and qs.confidence == pytest.approx(agreeing(NAMED_RIGHT, 0.7)) and qs.confidence >= CONFIRM_BELOW
    assert jc.card == "Jc" and jc.confidence == pytest.approx(agreeing(0.6, DOUBT - 0.01)) and jc.confidence < CONFIRM_BELOW
    assert kd.card == "Kd" and kd.confidence == pytest.approx(agreeing(0.6, 0.8)) and kd.confidence < agreeing(NAMED_RIGHT, 0.8)
    assert alone.card == "7h" and alone.confidence == pytest.approx(agreeing(ALONE, 0.75)) and alone.confidence < CONFIRM_BELOW


def test_the_model_reads_a_crop_at_fewer_turns_when_asked() -> None:
    """The real model: one turn reads an upright crop as four turns do (the same card first), and a turn count outside
    1-4 is refused."""
    from vision.corner_model import CornerModel, CornerModelError
    from vision.synthetic import drawn_deck

    model = CornerModel.load()
    face = drawn_deck().faces["Kd"][:, :, :3]
    index = np.ascontiguousarray(face[4:int(face.shape[0] * 0.28), 2:int(face.shape[1] * 0.2)])
    assert model.read([index], turns=1)[0].best == model.read([index])[0].best
    with pytest.raises(CornerModelError, match="1 to 4 turns"):
        model.read([index], turns=0)


def corner_patch(big_pip: bool = True, frame_line: bool = False) -> np.ndarray:
    """An upright corner patch as the console cuts it (46 x 21 pixels: a tenth of a card's width per 10 pixels): a rank
    glyph over a small pip, with a big pip coming in from the right-hand side and a court card's frame line, if asked."""
    import cv2

    patch = np.full((46, 21, 3), 235, np.uint8)
    cv2.putText(patch, "8", (1, 15), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (20, 20, 20), 2, cv2.LINE_AA)
    cv2.circle(patch, (6, 24), 4, (20, 20, 20), -1, cv2.LINE_AA)
    if big_pip:
        cv2.circle(patch, (26, 36), 9, (20, 20, 20), -1, cv2.LINE_AA)
    if frame_line:
        cv2.line(patch, (15, 3), (15, 45), (120, 60, 60), 1)
    return patch


def test_the_model_is_handed_the_index_alone_not_the_print_beside_it() -> None:
    """``index_crop``: the box of the rank and the small pip with a margin; a big pip coming in from the side and a court
    card's frame line are left out (the model was taught on boxes drawn round the index)."""
    for patch in (corner_patch(), corner_patch(frame_line=True)):
        index = index_crop(patch)
        assert index.shape[1] <= 16 and index.shape[0] >= 24  # the rank and the pip, not the big pip from x 17 on
        assert index.min() < 60  # ink kept
    bare = corner_patch(big_pip=False)
    assert index_crop(bare).shape[1] <= 16


def test_a_small_pip_touching_a_frame_line_is_kept_with_the_rank_on_an_upright_patch() -> None:
    """A court card's frame line running down past the index and touching its small pip (Byron Knoll's art): on an
    upright corner patch the line is cut away and the rank and the pip kept; cut as a photo's proposal (any angle), the
    index and the line are one long blob, and the patch goes to the model whole, line and all."""
    import cv2

    patch = corner_patch(big_pip=False)
    cv2.line(patch, (10, 2), (10, 45), (40, 40, 40), 1)
    index = index_crop(patch, upright=True)
    assert index is not patch and index.shape[1] <= 16 and index.shape[0] >= 24  # the rank and the pip
    assert (index[-8:].min(axis=2) < 100).any()  # the pip's ink near its foot
    assert index_crop(patch) is patch  # the photos' cut: the index and the line one long blob, nothing left to cut


def test_a_rank_as_wide_as_the_patch_is_kept_and_a_line_across_is_not() -> None:
    """On an upright corner patch a rank glyph spanning most of its width (Byron Knoll's "10", "Q", "K": 18 of its 21
    pixels) is the index, not a line: it is kept with the small pip, while a thin line across the patch (an edge) is
    still cut away."""
    import cv2

    patch = np.full((46, 21, 3), 235, np.uint8)
    cv2.ellipse(patch, (10, 8), (8, 6), 0, 0, 360, (30, 30, 200), 2, cv2.LINE_AA)  # a "Q" 19 pixels wide, its tail
    cv2.line(patch, (12, 11), (17, 16), (30, 30, 200), 2, cv2.LINE_AA)
    cv2.circle(patch, (8, 24), 4, (30, 30, 200), -1, cv2.LINE_AA)
    index = index_crop(patch, upright=True)
    assert index is not patch and 26 <= index.shape[0] <= 40 and index.shape[1] >= 17, index.shape  # the "Q" and the pip
    lined = patch.copy()
    cv2.line(lined, (0, 40), (20, 40), (20, 20, 20), 1)
    assert index_crop(lined, upright=True).shape[0] < 40  # the line across at the foot is not part of the index


def test_the_cut_inside_an_upright_patch_leaves_out_the_table_beyond_the_cards_edge_and_a_broken_frame_line() -> None:
    """Byron Knoll's court cards: the rank printed close to the corner, so the patch's margin (the table beyond the card's
    edge, its rounded corner) touches the rank, and a frame line broken by blur runs down beside the pip with a big pip
    against it. The usual cut keeps the table with the rank and the line with the pip; the cut ``inside`` the card
    leaves out what touches the patch's top or left side and reaches no further in than ``OUTSIDE``, and finds the line
    through its gaps: the rank and the pip alone."""
    import cv2

    from vision.learned import OUTSIDE

    patch = np.full((46, 21, 3), 235, np.uint8)
    patch[:6, :5] = 70  # the table at the rounded corner, beyond the card's edge
    patch[:2, 7:] = 70  # and along the top edge (a gap where the edge's shadow is lighter)
    cv2.line(patch, (5, 3), (5, 15), (20, 20, 20), 2)  # a thin "J" touching the table at the corner
    cv2.line(patch, (5, 15), (2, 15), (20, 20, 20), 2)
    cv2.circle(patch, (6, 22), 4, (20, 20, 20), -1)  # the small pip
    for y in range(10, 46, 5):  # the frame line, broken every few pixels by blur
        cv2.line(patch, (13, y), (13, y + 3), (60, 60, 60), 1)
    cv2.line(patch, (10, 22), (13, 22), (60, 60, 60), 1)  # blur joining the pip to the frame line
    cv2.circle(patch, (20, 30), 6, (20, 20, 20), -1)  # the big pip against the line
    usual = index_crop(patch, upright=True)
    inside = index_crop(patch, upright=True, inside=True)
    assert usual.shape[0] >= 38, usual.shape  # the usual cut: the broken frame line's pieces kept, far below the pip
    assert inside.shape[1] <= 17 and 24 <= inside.shape[0] <= 32, inside.shape  # rows 2-26, columns up to 13, a margin of 4
    assert OUTSIDE * patch.shape[1] > 5  # the table's piece at the corner reaches 5 pixels in
    assert index_crop(patch, inside=True).shape == index_crop(patch).shape  # a photo's proposal is cut as before


@pytest.mark.parametrize("crop", [np.full((40, 20, 3), 200, np.uint8), np.full((6, 6), 90, np.uint8)])
def test_a_crop_with_no_index_to_cut_is_read_as_it_is(crop: np.ndarray) -> None:
    """Blank paper, or a crop too small to cut, goes to the model unchanged (the model says "not an index" or reads it)."""
    assert index_crop(crop) is crop


def test_a_speck_is_not_taken_for_the_index() -> None:
    patch = np.full((46, 21, 3), 235, np.uint8)
    patch[2:4, 3:5] = 20
    assert index_crop(patch) is patch


def test_a_sliver_of_ink_at_the_crops_edge_is_not_cut_out_for_the_model() -> None:
    """A thin line of ink at a patch's edge (a card's edge, glare's rim) left alone would be cut to a crop a few pixels
    wide, which the model cannot read (it refuses crops under 4 pixels): the patch goes as it is, and confirming a
    reading made from it raises nothing."""
    patch = np.full((40, 16, 3), 230, np.uint8)
    patch[8:30, 0:1] = 30
    assert index_crop(patch) is patch
    from vision.corner_model import CornerModel

    r = Reading("5h", "5h", 0.8, 0.3, 0.7, np.zeros((4, 2), np.float32), patch)
    confirm([r], CornerModel.load())  # no error; the reading confirmed or doubted


def test_the_general_modes_model_skips_a_sliver_it_cannot_read() -> None:
    """A glyph pair cut to a crop under the model's least size is no index (``None``), and the others are still read."""
    from types import SimpleNamespace

    cands = [SimpleNamespace(crop=np.full((30, 20, 3), 255, np.uint8)), SimpleNamespace(crop=np.full((3, 20, 3), 255, np.uint8))]
    model = Model(guess("Qh", 0.97))
    out = verdicts(cands, [None, None], model)  # type: ignore[arg-type]
    assert model.asked == [(1, 4)] and out[1] is None and out[0] is not None and out[0].card == "Qh"


def test_taught_ranks_on_a_photo_are_read_on_top_of_the_model() -> None:
    """``taught_on_model``: the learned reader's sure places and the taught rank reader's ranks together, each doubting the
    other, as the console reads a frame with a taught deck (the boxes on the picture as filed, the taught glyphs on it
    enlarged twice)."""
    from vision.photo_reading import PhotoReading
    from vision.rank_photos import taught_on_model

    def at(x: float, y: float) -> np.ndarray:
        return np.array([x, y], np.float64)

    agree, differ, unsure, doubted, alone = Box(10, 10, 30, 40), Box(100, 10, 120, 40), Box(200, 10, 220, 40), Box(300, 10, 320, 40), Box(400, 10, 420, 40)
    readings = [PhotoReading(agree, "Kh", "Kh", 0.97), PhotoReading(differ, "Qs", "Qs", 0.95), PhotoReading(unsure, "9d", "9d", 0.6),
                PhotoReading(doubted, "Td", "Td", DOUBT), PhotoReading(alone, "Ac", "Ac", 0.99), PhotoReading(Box(500, 10, 520, 40), None, "2c", 0.0)]
    taught = [("K", at(40, 50)), ("K", at(44, 60)), ("J", at(220, 50)), ("9", at(420, 50)), ("9", at(620, 50)), ("A", at(820, 50)),
              ("Q", at(1000, 50))]
    out = [(rank, tuple(float(v) for v in where)) for rank, where in taught_on_model(taught, readings, 2.0)]
    assert out == [("K", (40.0, 50.0)), ("A", (820.0, 50.0)), ("9", (420.0, 50.0)), ("Q", (1000.0, 50.0))]
    # the sure K read once (the taught glyphs in its box agree); the sure Q and the taught J beside it: neither; the
    # model's unsure 9 lets the taught 9 stand; its Td at DOUBT doubts the taught 9 there; a taught rank where the model
    # reads nothing, or no card, stands
    assert [rank for rank, _ in taught_on_model(taught, [], 2.0)] == [rank for rank, _ in taught]


class ByShape:
    """A corner model that reads each crop as the guess listed for its width."""

    def __init__(self, guesses: dict[int, IndexGuess]) -> None:
        self.guesses = guesses
        self.asked: list[int] = []

    def read(self, crops: list[np.ndarray]) -> list[IndexGuess]:
        self.asked.extend(c.shape[1] for c in crops)
        return [self.guesses[c.shape[1]] for c in crops]


def test_on_a_pale_table_the_model_reads_the_pairs_the_deck_cannot_only_when_sure() -> None:
    """``unread_by_model``: only the glyph pairs the taught deck took for no index are read by the model; one it names at
    ON_PAPER or more becomes a verdict at the model's own confidence (returned, so that its card is placed only where the
    paper says which way up it is), one it is less sure of, or takes for no index, stays unread; a pair the deck read is
    left as the deck read it, and a sliver is not read."""
    from vision.glyphs import IndexCandidate
    from vision.learned import ON_PAPER, unread_by_model

    def cand(width: int) -> IndexCandidate:
        v = np.ones(4) / 2
        return IndexCandidate(v, v, 0.5, 0.5, 0.6, 0.0, np.zeros(2), np.array([0.0, -1.0]), 12.0, np.full((30, width, 3), 200, np.uint8))

    deck_read = _by_deck((glyph("Kc"), True, 0.95))
    found = [deck_read, None, None, None, None]
    model = ByShape({11: guess("Qs", ON_PAPER + 0.01), 12: guess("Td", ON_PAPER - 0.02), 13: guess(None, 0.99), 10: guess("Kc", 0.99)})
    named = unread_by_model([cand(10), cand(11), cand(12), cand(13), cand(2)], found, model)  # type: ignore[arg-type]
    assert named == {1}
    assert found[0] is deck_read and found[2] is None and found[3] is None and found[4] is None
    assert found[1] is not None and (found[1].card, found[1].ok, found[1].glyph) == ("Qs", True, None)
    assert found[1].confidence == pytest.approx(ON_PAPER + 0.01)
    assert sorted(model.asked) == [11, 12, 13]  # neither the deck's reading nor the sliver is asked about
    assert unread_by_model([cand(10)], [deck_read], model) == set()  # type: ignore[arg-type]
