"""The learned corner-index reader (vision/corner_model.py) and the corner photos' split.

Sources: docs/corner_model.md (the model card: what the reader promises and the figures measured on
the held-out scenes); the corner photos are "Card Detection" v12 by the Roboflow user
cadyzedevelopmenthub, published in the GitHub repository Ammememe/CardCounterML (CC BY 4.0), read
from the shared data (``DEALER_SHARED_DATA``); the tests that need them skip without them.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from vision.corner_model import CARD_CLASSES, DEFAULT_MODEL_PATH, NOT_INDEX, CornerModel, CornerModelError, IndexGuess, preprocess
from vision.photo_split import PhotoNameError, corner_photo_parts, corner_photo_split, photo_scenes
from vision.training.evaluate import calibration_error, evaluate, reading_figures
from vision.training.photos import label_card, load_boxes, shared_data_dir

DATA = shared_data_dir()
needs_photos = pytest.mark.skipif(DATA is None, reason="shared data absent: set DEALER_SHARED_DATA to the folder holding corner_photos/")


@pytest.fixture(scope="module")
def model() -> CornerModel:
    return CornerModel.load()


def _index_like(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    crop = np.full((40, 24, 3), 235, np.uint8)
    crop[4:20, 6:18] = rng.integers(0, 60, (16, 12, 3), dtype=np.uint8)
    return crop


def test_the_shipped_model_loads_with_opencv_alone_and_is_small() -> None:
    """The runtime needs numpy and OpenCV only: loading and reading in a fresh interpreter imports no torch or onnx."""
    script = (
        "import sys, numpy as np\n"
        "from vision.corner_model import CornerModel\n"
        "guesses = CornerModel.load().read([np.full((30, 20, 3), 200, np.uint8)])\n"
        "assert len(guesses) == 1\n"
        "print(sorted(name for name in ('torch', 'onnx', 'PIL') if name in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    assert result.stdout.strip() == "[]"
    assert DEFAULT_MODEL_PATH.stat().st_size < 1_000_000


def test_a_batch_gives_one_guess_per_crop_with_probabilities(model: CornerModel) -> None:
    """Any size, grey or colour: one guess each; the 53 class probabilities sum to 1 and the guess follows them."""
    crops = [_index_like(1), np.full((9, 31), 120, np.uint8), _index_like(2)[:, :, :1], np.zeros((64, 64, 4), np.uint8)]
    probabilities = model.probabilities(crops)
    assert probabilities.shape == (4, NOT_INDEX + 1)
    assert np.allclose(probabilities.sum(axis=1), 1.0, atol=1e-4)
    for guess, row in zip(model.read(crops), probabilities, strict=True):
        assert isinstance(guess, IndexGuess)
        assert guess.best == CARD_CLASSES[int(np.argmax(row[:NOT_INDEX]))]
        assert guess.not_index == pytest.approx(float(row[NOT_INDEX]), abs=1e-6)
        assert (guess.card is None) == (row[NOT_INDEX] > row[:NOT_INDEX].max())
        assert 0.0 <= guess.confidence <= 1.0


def test_a_crop_turned_a_right_angle_reads_the_same(model: CornerModel) -> None:
    """Each crop is read at its four right-angle turns and averaged, so turning it changes nothing."""
    crop = _index_like(3)
    turned = [np.ascontiguousarray(np.rot90(crop, turn)) for turn in range(4)]
    probabilities = model.probabilities(turned)
    assert np.allclose(probabilities, probabilities[0], atol=1e-5)


@pytest.mark.parametrize(
    ("crop", "message"),
    [
        (np.zeros((0, 0, 3), np.uint8), "0x0 pixels"),
        (np.zeros((2, 30, 3), np.uint8), "30x2 pixels"),
        (np.zeros((30, 20, 3), np.float32), "dtype float32"),
        (np.zeros((30, 20, 2), np.uint8), "shape"),
        (np.zeros((2, 30, 20, 3), np.uint8), "shape"),
        ([[1, 2], [3, 4]], "not a numpy array"),
    ],
)
def test_bad_crops_get_a_clear_error(model: CornerModel, crop: object, message: str) -> None:
    """An empty crop, a crop too small to hold an index, the wrong dtype or shape: a CornerModelError naming it."""
    with pytest.raises(CornerModelError, match=message):
        model.read([crop])  # type: ignore[list-item]


def test_no_crops_and_a_missing_model_get_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CornerModelError, match="no crops"):
        preprocess([])
    with pytest.raises(CornerModelError, match="no corner model"):
        CornerModel.load(tmp_path / "absent.onnx")
    broken = tmp_path / "broken.onnx"
    broken.write_bytes(b"not a model")
    with pytest.raises(CornerModelError, match="cannot load"):
        CornerModel.load(broken)


def test_preprocessing_keeps_the_aspect_or_pads_only_to_two_to_one_and_reads_grey_as_colour() -> None:
    """A grey crop and its BGR copy give the same input. A crop four times as tall as wide is padded with its own edge:
    to a square (the shipped reader), its ink a tenth of the input's width; to twice as tall (``max_aspect`` 2, a model
    trained with ``--max-aspect 2``), its ink keeps its height and is drawn twice as wide."""
    grey = np.full((40, 10), 230, np.uint8)
    grey[10:30, 3:7] = 20
    same = preprocess([grey, np.dstack([grey] * 3)])
    assert np.allclose(same[0], same[1])
    for max_aspect, widths in ((1.0, (3, 5)), (2.0, (6, 8))):
        column = preprocess([grey], max_aspect)[0, 0]
        assert column[:, 0].max() == pytest.approx(column[:, 0].min())  # the padding copies the paper edge
        dark = column < 0
        assert 15 <= np.count_nonzero(dark.any(axis=1)) <= 17  # 20 of 40 rows: half the input's height, as the crop's
        assert widths[0] <= np.count_nonzero(dark.any(axis=0)) <= widths[1]  # 4 of 10 columns: 3.2 of 32, or 6.4 padded to 20
    wide = np.full((10, 20), 230, np.uint8)
    wide[3:7, 5:15] = 20
    assert 11 <= np.count_nonzero((preprocess([wide], 2.0)[0, 0] < 0).any(axis=1)) <= 13  # two to one already, not padded (a square: 7)
    with pytest.raises(CornerModelError, match="ratio of 1 or more"):
        preprocess([wide], 0.5)


def test_a_model_reads_its_crops_padded_as_its_report_says(model: CornerModel, tmp_path: Path) -> None:
    """The shipped reader pads to a square (its report says nothing else); a model trained with ``--max-aspect 2`` says
    so in its report and is read that way; a report that cannot be read, or gives no ratio, is refused with its name."""
    assert model.max_aspect == 1.0
    copy = tmp_path / "reader.onnx"
    copy.write_bytes(DEFAULT_MODEL_PATH.read_bytes())
    assert CornerModel.load(copy).max_aspect == 1.0  # no report beside it
    copy.with_suffix(".json").write_text('{"epochs": 45, "max_aspect": 2.0}', encoding="utf-8")
    padded = CornerModel.load(copy)
    tall = np.full((40, 10, 3), 230, np.uint8)
    tall[10:30, 3:7] = 20
    assert padded.max_aspect == 2.0
    assert np.allclose(padded.logits(preprocess([tall], 2.0)), model.logits(preprocess([tall], 2.0)))  # the same network
    assert not np.allclose(padded.probabilities([tall]), model.probabilities([tall]))  # read as its report says
    for report, message in (("{not json", "cannot be read"), ('{"max_aspect": 0.5}', "not a ratio"), ('{"max_aspect": "2"}', "not a ratio"),
                            ("[2]", "cannot be read"), ('{"max_aspect": true}', "not a ratio")):
        copy.with_suffix(".json").write_text(report, encoding="utf-8")
        with pytest.raises(CornerModelError, match=message) as raised:
            CornerModel.load(copy)
        assert "reader.json" in str(raised.value)


def _names(*stamps: str) -> list[str]:
    return [f"{stamp}.jpg" for stamp in stamps]


def test_scenes_break_at_pauses_longer_than_a_minute() -> None:
    """Pictures of one kind less than a minute apart are one scene; a longer pause or the other kind starts another."""
    names = _names("IMG_20220921_193915", "IMG_20220921_193950", "IMG_20220921_194100", "WIN_20240627_11_36_02_Pro", "WIN_20240627_11_36_40_Pro")
    scenes = photo_scenes(names)
    assert scenes == [names[:2], names[2:3], names[3:]]
    with pytest.raises(PhotoNameError, match="IMG_2022"):
        photo_scenes(["IMG_2022.jpg"])


def test_the_split_keeps_scenes_whole_and_disjoint_on_made_up_names() -> None:
    names = [f"WIN_20240627_{hour:02d}_{minute:02d}_{second:02d}_Pro.jpg" for hour in range(9, 13) for minute in (0, 20, 40) for second in (0, 30)]
    fit, validation, test = corner_photo_parts(names)
    assert sorted(fit + validation + test) == sorted(names)
    assert not set(fit) & set(test) and not set(validation) & set(test) and not set(fit) & set(validation)
    for scene in photo_scenes(names):
        assert sum(set(scene) <= set(part) for part in (fit, validation, test)) == 1
    train, held_out = corner_photo_split(names)
    assert held_out == test and sorted(train) == sorted(fit + validation)


@needs_photos
def test_the_real_split_holds_out_whole_scenes_of_both_kinds() -> None:
    """About 25-30 % of the card boxes held out, IMG and WIN scenes both, each scene wholly in one part."""
    assert DATA is not None
    photos = load_boxes(DATA / "corner_photos")
    fit, validation, test = corner_photo_parts(photos)
    boxes = Counter({part: sum(1 for name in names for box in photos[name] if box.card) for part, names in (("fit", fit), ("val", validation), ("test", test))})
    assert 0.25 <= boxes["test"] / sum(boxes.values()) <= 0.30
    assert {name[:3] for name in test} == {"IMG", "WIN"}
    for scene in photo_scenes(photos):
        assert sum(set(scene) <= set(part) for part in (fit, validation, test)) == 1


def test_labels_map_to_the_console_notation() -> None:
    assert label_card("10C") == "Tc" and label_card("AS") == "As" and label_card("QD") == "Qd"
    assert label_card("BACK") is None and label_card("RED JOKER") is None


def test_the_figures_count_what_they_say() -> None:
    """Recall needs the right card at or above the threshold; a wrong confident card is a misread; asked_right counts the best guess."""

    def guess(card: str | None, confidence: float, best: str) -> IndexGuess:
        return IndexGuess(card, confidence, best, confidence, best[0], confidence, best[1], confidence, 0.0)

    figures = reading_figures([guess("As", 0.95, "As"), guess("Ks", 0.99, "Ks"), guess("Qh", 0.5, "Qh"), guess(None, 0.6, "2c")], ["As", "Kc", "Qh", "2d"])
    assert (figures.right_confident, figures.confident_misreads, figures.asked, figures.asked_right) == (1, 1, 2, 1)
    assert figures.recall == 0.25
    assert calibration_error([0.95, 0.95], [True, False]) == pytest.approx(0.45)


@needs_photos
@pytest.mark.slow
def test_held_out_photos_are_read_to_the_measured_figures(model: CornerModel) -> None:
    """The figures of docs/corner_model.md on the held-out scenes, at the 0.90 threshold, as floors and ceilings."""
    assert DATA is not None
    report = evaluate(model, DATA / "corner_photos")
    exact, jittered, negatives = report["exact"], report["jittered"], report["negatives"]
    assert isinstance(exact, dict) and isinstance(jittered, dict) and isinstance(negatives, dict)
    assert exact["crops"] == 553
    assert exact["recall"] >= EXACT_RECALL_FLOOR
    assert exact["confident_misreads"] <= EXACT_MISREADS_CEILING
    assert jittered["recall"] >= JITTERED_RECALL_FLOOR
    assert jittered["confident_misreads"] <= JITTERED_MISREADS_CEILING
    assert negatives["confident_false_cards"] <= NEGATIVE_FALSE_CEILING


EXACT_RECALL_FLOOR = 0.815
"""Measured 0.8192 (453 of 553 boxes right at >= 0.90), docs/corner_model.md."""
EXACT_MISREADS_CEILING = 3
"""Measured 3 (club/spade on small pips: 5s read 5c, Jc Js, 6s 6c; at 0.97: none, recall 0.689)."""
JITTERED_RECALL_FLOOR = 0.795
"""Measured 0.8005 (1328 of 1659 jittered crops)."""
JITTERED_MISREADS_CEILING = 2
"""Measured 2."""
NEGATIVE_FALSE_CEILING = 0
"""Measured 0 of 2,000 patches away from the boxes."""
