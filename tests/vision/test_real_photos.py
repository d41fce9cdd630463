"""Reading ranks on real photos (shared ``rank_photos``: phone and webcam pictures of 9 to ace on carpets,
tables and clutter, boxed and labelled by rank only).

Sources: issue 5 'Done when' 1 ("rank precision >= 99.5 % with no confident misread, and recall
reported"); SPEC "Inputs" (a reading below the confidence threshold is never applied).  The reader is
taught from the ``train`` split only and measured on ``test``; the boxes are never used to find
cards, only to judge the readings.  To keep the suite fast this test teaches from a seventh of the
train photos and reads a quarter of the test photos; bench/vision_accuracy.py runs the whole split
(figures in docs/vision.md).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.glyphs import RANK_SIZE, SUIT_SIZE, IndexCandidate, _unit, find_indices
from vision.rank_photos import (
    RECURRING,
    Box,
    Photo,
    RankReader,
    _recurring,
    evaluate_ranks,
    finder_for,
    load_split,
    photo_candidates,
    read_picture,
    reading_candidates,
    teach_ranks,
)


@pytest.fixture(scope="module")
def photos(shared_data: Path) -> Path:
    folder = shared_data / "rank_photos"
    if not (folder / "labels_normalized.csv").is_file():
        pytest.skip("rank_photos absent from the shared data")
    return folder


def test_real_photo_ranks_have_no_confident_misread(photos: Path) -> None:
    """Issue 5 'Done when' 1: precision >= 99.5 % and no confident misread on real photos; recall is reported
    (measured on the full split in docs/vision.md: 91.6 %, target 90 %) and guarded at 65 % on this sample (taught from
    every seventh train photo and read on every fourth test photo: measured 84.6 %, 230 of 230 readings right, in half
    the time that every fifth and every third took: 89.6 %, 329 of 329; 50 % before the phone pictures were read enlarged).
    The "10", which the font glyphs do not seed, must be taught from its recurring glyph."""
    train = load_split(photos, "train")[::7]
    test = load_split(photos, "test")[::4]
    assert len(train) >= 40 and len(test) >= 15
    reader = teach_ranks(train)
    assert "T" in reader.book.rank_labels
    score = evaluate_ranks(reader, test)
    result = score.as_dict()
    print(f"rank_photos sample: {result}")
    assert score.readings > 0
    assert score.misreads + score.outside == 0, score.examples
    assert score.precision >= 0.995, result
    assert score.recall >= 0.65, result


def test_labels_are_read_from_the_shared_csv(photos: Path) -> None:
    """The evaluation reads the set's own labels: every box has a rank of the set (9 to ace) and lies inside its photo."""
    for split in ("train", "test"):
        items = load_split(photos, split)
        assert items, split
        for p in items:
            assert p.path.is_file(), p.path
            for b in p.boxes:
                assert b.rank in "9TJQKA" and b.x0 < b.x1 and b.y0 < b.y1


def _glyph(rng: np.random.Generator, base: np.ndarray | None = None, noise: float = 0.0) -> np.ndarray:
    v = rng.normal(size=RANK_SIZE[0] * RANK_SIZE[1])
    return _unit(v) if base is None else _unit(base + noise * _unit(v))


def _boxed(rank: str, glyph: np.ndarray, rng: np.random.Generator, name: str, suit_ratio: float = 0.75,
           blobs: tuple[float, float] = (30.0, 24.0)) -> tuple[Photo, list[IndexCandidate]]:
    """A photo with one box of ``rank`` and one index inside it whose rank glyph is ``glyph`` (its pip: noise); the
    suit's height over the rank's and the two blob sizes as an index prints them unless given."""
    at = np.array([20.0, 20.0], np.float32)
    cand = IndexCandidate(rank_vec=glyph, suit_vec=_unit(rng.normal(size=SUIT_SIZE[0] * SUIT_SIZE[1])), rank_aspect=0.7,
                          suit_aspect=1.0, suit_ratio=suit_ratio, redness=0.0, anchor=at + 10, up=np.array([0.0, -1.0], np.float32),
                          rank_h=20.0, crop=np.zeros((4, 4, 3), np.uint8), geometry=(blobs[0], blobs[1], 32.0), rank_at=at, corner=1.0)
    return Photo(Path(name), [Box(rank, 0, 0, 100, 100)]), [cand]


def test_one_mislabelled_photo_does_not_undo_a_glyph_that_recurs_on_many():
    """A "10" boxed as a 9 on one photo (train's IMG_2396.JPG) vetoed every "10" glyph recurring in forty "10" boxes,
    so only a pip pattern beside the index was taught as the "10".  A glyph seen alike in its own boxes on at least
    ``Recurring.outvotes`` photos is kept when glyphs like it elsewhere lie on one photo only; on two photos, or with
    fewer photos of its own, the veto stands."""
    rng = np.random.default_rng(5)
    ten, nine = _glyph(rng), _glyph(rng)
    tens = [_boxed("T", _glyph(rng, ten, 0.2), rng, f"t{i}.jpg") for i in range(12)]
    nines = [_boxed("9", _glyph(rng, nine, 0.2), rng, f"n{i}.jpg") for i in range(3)]
    mislabelled = _boxed("9", _glyph(rng, ten, 0.2), rng, "ten_boxed_as_nine.jpg")

    assert len(_recurring(tens + nines, "T", RECURRING)) == 12  # nothing alike elsewhere: every sample kept
    assert len(_recurring(tens + nines + [mislabelled], "T", RECURRING)) == 12  # one photo against twelve: outvoted
    assert _recurring(tens + nines + [mislabelled], "T", replace(RECURRING, outvotes=None)) == []  # the old veto
    second = _boxed("9", _glyph(rng, ten, 0.2), rng, "another.jpg")
    assert _recurring(tens + nines + [mislabelled, second], "T", RECURRING) == []  # alike on two photos: not a "10"
    assert _recurring(tens[:6] + nines + [mislabelled], "T", RECURRING) == []  # six photos do not outvote one


def test_pairs_not_shaped_like_an_index_are_not_taught_as_the_ten():
    """Every "10" taught before was a pip pattern: the index's small pip beside the first large pip, turned, which
    recurs in every box of a ten (and shows on a nine of the same suit).  Pairs whose "suit" is as large as their
    "rank" (two pips) or much shorter than it are not taught, however often they recur."""
    rng = np.random.default_rng(9)
    ten, pips, small_beside_large = _glyph(rng), _glyph(rng), _glyph(rng)
    photos = [_boxed("T", _glyph(rng, ten, 0.2), rng, f"t{i}.jpg") for i in range(6)]
    photos += [_boxed("T", _glyph(rng, pips, 0.2), rng, f"p{i}.jpg", blobs=(60.0, 59.0)) for i in range(6)]
    photos += [_boxed("T", _glyph(rng, small_beside_large, 0.2), rng, f"s{i}.jpg", suit_ratio=0.55) for i in range(6)]
    taught = _recurring(photos, "T", RECURRING)
    assert len(taught) == 6 and all(float(k.rank_vec @ ten) > 0.9 for k in taught)
    loose = replace(RECURRING, suit_ratio=0.0, suit_blob=99.0)
    assert len(_recurring(photos, "T", loose)) == 18  # the rule off: both pip patterns recur and would be taught


def _king_and_nine_reader(rng: np.random.Generator) -> tuple[RankReader, np.ndarray]:
    """A reader taught three samples each of a K glyph and a 9 glyph, and the K's glyph."""
    king, nine = _glyph(rng), _glyph(rng)
    reader = RankReader()
    for rank, base in (("K", king), ("K", king), ("K", king), ("9", nine), ("9", nine), ("9", nine)):
        (_, (cand,)) = _boxed(rank, _glyph(rng, base, 0.1), rng, "x.jpg")
        reader.book.add(rank, "x", cand)
    return reader, king


def test_a_strong_reading_stands_without_corner_evidence_and_a_weaker_one_needs_it():
    """Cards on white cloth show no face edge beside the index (corner evidence near 0).  A reading scoring 0.90 and
    leading by 0.60 stands without it; one that merely passes the reading thresholds still needs the corner."""
    rng = np.random.default_rng(7)
    reader, king = _king_and_nine_reader(rng)
    (_, (strong,)) = _boxed("K", _glyph(rng, king, 0.1), rng, "strong.jpg")
    (_, (weaker,)) = _boxed("K", _glyph(rng, king, 0.55), rng, "weaker.jpg")
    rank, score, margin = reader.read(strong)
    assert rank == "K" and score >= reader.strong_score and margin >= reader.strong_margin
    rank, score, margin = reader.read(weaker)
    assert rank == "K" and reader.min_score <= score < reader.strong_score and margin >= reader.min_margin
    for cand in (strong, weaker):
        cand.corner = 1.0
        assert reader.confident(cand) == "K"
        cand.corner = 0.1
    assert reader.confident(strong) == "K"
    assert reader.confident(weaker) is None
    assert replace(reader, strong_score=1.01).confident(strong) is None  # the rule off: the corner is required again


def _king_index_picture() -> np.ndarray:
    """An 800x600 picture of light paper with a black K index (its letter centred near (118, 143), a round suit below)."""
    img = np.full((600, 800, 3), 235, np.uint8)
    cv2.putText(img, "K", (100, 160), cv2.FONT_HERSHEY_DUPLEX, 1.6, (20, 20, 20), 4, cv2.LINE_AA)
    cv2.circle(img, (118, 195), 11, (20, 20, 20), -1)  # the suit below it
    return img


def test_a_rank_letter_touching_a_blue_picture_frame_is_found_on_the_blue_channel():
    """At phone-picture sizes a court card's blue frame line touches the rank letter beside it: on grey the two are one
    blob of ink and no index is found.  The pictures are also searched on their blue channel, where the blue line is as
    light as the paper and black (or red) print stays dark."""
    img = _king_index_picture()
    cv2.rectangle(img, (135, 110), (500, 520), (200, 90, 40), 3)  # the picture's frame, its left side against the K
    letter = np.array([118.0, 143.0])

    def near(cands: list[IndexCandidate]) -> list[IndexCandidate]:
        return [k for k in cands if k.rank_at is not None and np.linalg.norm(k.rank_at - letter) < 6]

    assert near(find_indices(img, finder_for(img))) == []  # on grey: the letter is part of the frame
    assert len(near(reading_candidates(img))) == 1
    clear = img.copy()
    cv2.rectangle(clear, (135, 110), (500, 520), (235, 235, 235), 3)  # without the frame, grey alone finds it
    assert len(near(find_indices(clear, finder_for(clear)))) == 1


def test_a_weaker_score_stands_only_with_a_wider_lead_and_samples_agreeing_at_that_score():
    """Small and blurred indices correlate less with every template. A reading under ``min_score`` but at least
    ``wide_score`` stands when it leads every other rank and "not a rank" by ``wide_margin``, with its corner, and when
    taught samples agree with it at that score; with a narrower lead, without the corner, or with one sample agreeing,
    it does not."""
    rng = np.random.default_rng(11)
    reader, king = _king_and_nine_reader(rng)
    (_, (blurred,)) = _boxed("K", _glyph(rng, king, 0.85), rng, "blurred.jpg")
    rank, score, margin = reader.read(blurred)
    assert rank == "K" and reader.wide_score <= score < reader.min_score and margin >= reader.wide_margin, (score, margin)
    assert reader.agreeing("K", blurred, reader.wide_score) == 3 and reader.agreeing("K", blurred) == 0
    assert reader.confident(blurred) == "K"
    assert replace(reader, wide_score=reader.min_score).confident(blurred) is None  # the level off: too weak
    assert replace(reader, wide_margin=margin + 0.01).confident(blurred) is None  # a narrower lead than asked
    assert replace(reader, min_agree=4).confident(blurred) is None  # fewer samples agree than asked
    blurred.corner = 0.1
    assert reader.confident(blurred) is None  # no corner evidence: the weaker reading is not strong


def test_a_picture_is_also_read_enlarged_and_those_candidates_land_where_the_index_is(tmp_path: Path):
    """A small or thin index that breaks up at one size can come out whole at another: a photo is
    read at its own scale and again from the file at ``READ_ALSO`` times that, and the second pass's candidates are moved
    back onto the first's coordinates and sizes, so that they are judged against the same boxes."""
    img = _king_index_picture()
    path = tmp_path / "k.png"
    cv2.imwrite(str(path), img)
    photo = Photo(path, [Box("K", 90, 110, 150, 215)])
    letter = np.array([118.0, 143.0])
    as_read = read_picture(photo)
    assert as_read is not None
    own = [k for k in reading_candidates(as_read) if k.rank_at is not None and np.linalg.norm(k.rank_at - letter) < 6]
    both = [k for k in photo_candidates(photo) or [] if k.rank_at is not None and photo.boxes[0].contains(k.rank_at)]
    assert len(own) == 2 and len(both) == 4  # grey and blue, at each size
    for k in both:
        assert k.rank_at is not None and np.linalg.norm(k.rank_at - letter) < 6
        assert abs(k.rank_h - own[0].rank_h) < 0.15 * own[0].rank_h and abs(k.geometry[2] - own[0].geometry[2]) < 0.15 * own[0].geometry[2]
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a picture")
    assert photo_candidates(Photo(broken, [])) is None  # an undecodable file: no candidates, and the evaluation skips it
