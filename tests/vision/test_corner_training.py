"""Building and calibrating the corner reader (vision/training): the parts that can be checked without a long run.

Source: docs/corner_model.md ("How it was trained"): seeded sets, temperature scaling on the
validation scenes, crops cut around the index's ink after the warp.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch", reason="the [train] extra (torch, onnx, pillow) is not installed")
pytest.importorskip("PIL", reason="the [train] extra (torch, onnx, pillow) is not installed")

from vision.corner_model import CLASS_COUNT, NOT_INDEX, TURNS, preprocess
from vision.proposals import propose_indices
from vision.rank_photos import load_split, read_picture
from vision.training.augment import LOOSE_GROWTH, LOOSE_SHARE, camera, loosened, warped_crop
from vision.training.dataset import PROPOSED_OUTSIDE, SetSizes, _add_proposal_negatives, _Collector, build_training_set, proposals_outside_cards
from vision.training.photos import PhotoDataError, covered, shared_data_dir
from vision.training.render import drawn_index, lone_pip
from vision.training.train import CornerNet, export, fit_temperature, main


def test_temperature_scaling_finds_the_temperature_that_made_the_labels() -> None:
    """Labels drawn from softmax(z / 2.5): the fitted temperature is 2.5 within 10 %."""
    rng = np.random.default_rng(5)
    logits = rng.normal(0, 6, (3000, CLASS_COUNT)).astype(np.float32)
    probabilities = np.exp(logits / 2.5 - (logits / 2.5).max(axis=1, keepdims=True))
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    labels = np.array([rng.choice(CLASS_COUNT, p=row) for row in probabilities], np.int64)
    fitted = fit_temperature(np.tile(logits, (TURNS, 1)), labels)
    assert fitted == pytest.approx(2.5, rel=0.1)


@pytest.mark.parametrize("label", [0, 19, 34, 51])
def test_a_drawn_index_becomes_a_crop_around_its_ink(label: int) -> None:
    """The crop is the warped ink's box, jittered: 12-90 pixels long (+-15 %), holding dark or red ink on lighter paper."""
    rng = np.random.default_rng(label)
    for _ in range(20):
        item = drawn_index(label, rng)
        assert item.label == label and item.ink.shape == item.picture.shape[:2] and item.ink.any()
        crop = warped_crop(item, rng, jitter=0.0)
        assert 10 <= max(crop.shape[:2]) <= 110
        assert camera(crop, rng).dtype == np.uint8
    assert lone_pip(rng).label == NOT_INDEX


@pytest.mark.skipif(shared_data_dir() is None, reason="shared data absent: set DEALER_SHARED_DATA to the folder holding corner_photos/ and cards/")
@pytest.mark.slow
def test_the_training_set_is_the_same_for_the_same_seed() -> None:
    """Same seed, same crops (the model can be rebuilt), proposals outside rank_photos' cards included; another seed,
    other crops."""
    data = shared_data_dir()
    assert data is not None
    sizes = SetSizes(drawn_per_card=1, art_per_card_and_deck=1, photo_views_per_box=1, photo_negatives=50, art_negatives=5, lone_pips=5, bare_tables=5,
                     proposal_negatives=5)
    first = build_training_set(data, 3, sizes, log=lambda _: None)
    again = build_training_set(data, 3, sizes, log=lambda _: None)
    assert np.array_equal(first.inputs, again.inputs) and np.array_equal(first.labels, again.labels)
    drawn = [warped_crop(drawn_index(7, np.random.default_rng(seed)), np.random.default_rng(seed)) for seed in (3, 3, 4)]
    assert np.array_equal(drawn[0], drawn[1]) and not np.array_equal(drawn[0], drawn[2])
    assert set(first.labels.tolist()) == set(range(NOT_INDEX + 1))
    assert first.inputs.shape[1:] == preprocess([np.zeros((8, 8), np.uint8)]).shape[1:]
    padded = build_training_set(data, 3, sizes, log=lambda _: None, max_aspect=2.0)  # --max-aspect 2: the same crops, padded less
    assert np.array_equal(padded.labels, first.labels) and not np.array_equal(padded.inputs, first.inputs)


@pytest.mark.skipif(shared_data_dir() is None, reason="shared data absent: set DEALER_SHARED_DATA to the folder holding corner_photos/ and rank_photos/")
def test_what_is_proposed_outside_rank_photos_boxed_cards_is_taught_as_no_index(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Print, barcodes and logos proposed outside every boxed card of rank_photos' train split are "not an index"; the
    proposals on the cards are left out; a missing rank_photos folder is named."""
    data = shared_data_dir()
    assert data is not None
    photo = load_split(data / "rank_photos", "train")[0]
    picture = read_picture(photo)
    assert picture is not None
    cards = [(b.x0, b.y0, b.x1, b.y1) for b in photo.boxes]
    outside = proposals_outside_cards(picture, cards)
    assert 0 < len(outside) < len(propose_indices(picture))
    assert all(covered((b.x0, b.y0, b.x1, b.y1), card) < PROPOSED_OUTSIDE for b in outside for card in cards)
    out = _Collector(lambda _: None)
    _add_proposal_negatives(out, data / "rank_photos", 3, np.random.default_rng(1))
    taught = out.result()
    assert 1 <= len(taught) <= 3 and set(taught.labels.tolist()) == {NOT_INDEX}
    with pytest.raises(PhotoDataError, match="rank_photos not found"):
        _add_proposal_negatives(_Collector(lambda _: None), tmp_path / "rank_photos", 3, np.random.default_rng(1))


def test_a_network_of_other_widths_exports_and_reads_alike_through_opencv(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``--widths`` and ``--convolutions`` build another network: exported with its temperature, cv2.dnn gives torch's logits."""
    import torch

    torch.manual_seed(1)
    net = CornerNet((8, 12, 16), (1, 1, 1)).eval()
    assert sum(p.numel() for p in net.parameters()) < sum(p.numel() for p in CornerNet().parameters()) / 10
    check = preprocess([np.random.default_rng(2).integers(0, 255, (20, 14, 3), dtype=np.uint8) for _ in range(4)])
    assert export(net, 0.5, tmp_path / "small.onnx", check) < 1e-3


@pytest.mark.parametrize(("option", "value", "message"), [
    *(("--widths", widths, "three positive whole numbers") for widths in ("16,32", "16,32,0", "a,b,c")),
    *(("--max-aspect", ratio, "--max-aspect must be 1 or more") for ratio in ("0.5", "0", "nan")),
    ("--proposal-negatives", "-1", "--proposal-negatives must be 0 or more"),
])
def test_the_training_command_refuses_a_bad_network_shape_padding_or_count(option: str, value: str, message: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([option, value])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_some_crops_are_cut_loose_outwards_and_never_inwards() -> None:
    """``loosened``: about LOOSE_SHARE of the boxes grow, each side out by at most LOOSE_GROWTH of the box; the rest are
    left as they are (the index is always whole in the crop)."""
    rng = np.random.default_rng(11)
    box = (10.0, 20.0, 30.0, 60.0)
    grown = [b for b in (loosened(box, rng) for _ in range(2000)) if b != box]
    assert abs(len(grown) / 2000 - LOOSE_SHARE) < 0.04
    for left, top, right, bottom in grown:
        assert 10 - 20 * LOOSE_GROWTH <= left <= 10 and 20 - 40 * LOOSE_GROWTH <= top <= 20
        assert 30 <= right <= 30 + 20 * LOOSE_GROWTH and 60 <= bottom <= 60 + 40 * LOOSE_GROWTH
