"""Corner-index proposals on a whole photo, without calibration (``vision.proposals``).

Sources: the index-proposal brief ("every real index must get a box close to its label", any scale, any
surface, white cards on a light table included; bad input gets a clear error). Real photos: shared
``corner_photos`` ("Card Detection" v12 by the Roboflow user cadyzedevelopmenthub, GitHub repository
Ammememe/CardCounterML, CC BY 4.0). The whole set is measured by ``python -m vision.proposals_eval``; this
test reads a third of the held-out half (the photos the pair scorer was not fitted on) to stay quick.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.proposals import Box, ProposalError, propose_indices
from vision.proposals_eval import held_out, load_corner_photos, recall_on_corner_photos


@pytest.fixture(scope="module")
def corner_photos(shared_data: Path) -> Path:
    folder = shared_data / "corner_photos"
    if not (folder / "images").is_dir():
        pytest.skip(f"shared corner_photos not found under {shared_data}")
    return folder


def test_real_corner_indices_get_a_box_close_to_their_label(corner_photos: Path) -> None:
    """On the held-out scenes (vision.photo_split: neither the proposals' scorer nor the corner reader was fitted on
    them), 96.0 % of the 553 labelled indices have a proposal of IoU >= 0.5 and 97.7 % one of IoU >= 0.3 (97.1 % and
    98.4 % of all 1,862, measured by ``vision.proposals_eval``), at most 150 boxes a photo."""
    photos = [p for p in load_corner_photos(corner_photos) if held_out(p)]
    result = recall_on_corner_photos(photos)
    assert result["all"]["boxes"] == 553
    assert result["all"]["recall_iou50"] >= 0.955
    assert result["all"]["recall_iou30"] >= 0.97
    assert result["WIN"]["recall_iou50"] >= 0.975  # webcam views from above of many overlapping cards
    assert result["all"]["proposals_per_photo"] <= 150


def _white_on_white(angle: float, ink: tuple[int, int, int]) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """An off-white card with a rank over a suit pip in its corner, turned ``angle`` degrees, on a white table
    with gentle shading; the index's box (the glyphs' bounds turned with the card, axis-aligned)."""
    rng = np.random.default_rng(5)
    table = np.full((480, 640, 3), 238, np.uint8)
    table = cv2.add(table, np.linspace(0, 14, 640, dtype=np.float32).astype(np.uint8)[None, :, None].repeat(480, 0).repeat(3, 2))
    card = np.full((240, 170, 3), 246, np.uint8)
    cv2.putText(card, "7", (14, 48), cv2.FONT_HERSHEY_SIMPLEX, 1.3, ink, 3, cv2.LINE_AA)
    pip = np.array([[26, 58], [38, 74], [26, 90], [14, 74]], np.int32)  # a diamond below the rank
    cv2.fillPoly(card, [pip], ink, cv2.LINE_AA)
    glyphs = np.array([[12, 16], [44, 16], [44, 92], [12, 92]], np.float32)
    big = np.zeros((480, 640), np.uint8)
    mask = np.full((240, 170), 255, np.uint8)
    centre = (320.0, 240.0)
    turn = cv2.getRotationMatrix2D((85.0, 120.0), angle, 1.0)
    turn[:, 2] += np.array(centre) - np.array([85.0, 120.0])
    warped = cv2.warpAffine(card, turn, (640, 480), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    big = cv2.warpAffine(mask, turn, (640, 480), flags=cv2.INTER_NEAREST)
    scene = np.where(big[:, :, None] > 0, warped, table)
    scene = np.clip(scene.astype(np.int16) + rng.normal(0, 2, scene.shape), 0, 255).astype(np.uint8)
    corners = cv2.transform(glyphs[None], turn)[0]
    x0, y0 = corners.min(0)
    x1, y1 = corners.max(0)
    return scene, (float(x0), float(y0), float(x1), float(y1))


@pytest.mark.parametrize("angle", [0.0, 30.0, 90.0, 200.0])
@pytest.mark.parametrize("ink", [(20, 20, 20), (40, 40, 200)], ids=["black", "red"])
def test_an_index_on_a_white_card_on_a_white_table_is_proposed(angle: float, ink: tuple[int, int, int]) -> None:
    """Paper and table differ by a few grey levels: the index is found from its ink alone, in any rotation."""
    scene, (x0, y0, x1, y1) = _white_on_white(angle, ink)
    truth = Box(x0, y0, x1, y1)
    boxes = propose_indices(scene)
    assert 1 <= len(boxes) <= 150
    assert max(b.iou(truth) for b in boxes) >= 0.5


def test_an_empty_scene_gives_no_proposals() -> None:
    """Plain paper with noise: no ink, nothing proposed."""
    rng = np.random.default_rng(1)
    blank = np.clip(rng.normal(230, 2, (300, 400, 3)), 0, 255).astype(np.uint8)
    assert propose_indices(blank) == []


def test_proposals_are_bounded_sorted_and_inside_the_image(corner_photos: Path) -> None:
    img = cv2.imread(str(sorted((corner_photos / "images").glob("WIN_*.jpg"))[0]))
    boxes = propose_indices(img, max_proposals=40)
    assert 0 < len(boxes) <= 40
    scores = [b.score for b in boxes]
    assert scores == sorted(scores, reverse=True)
    assert all(0 <= b.x0 < b.x1 <= img.shape[1] and 0 <= b.y0 < b.y1 <= img.shape[0] for b in boxes)


@pytest.mark.parametrize(
    ("image", "message"),
    [
        (np.zeros((0, 0, 3), np.uint8), "empty"),
        (np.zeros((100, 100, 3), np.float32), "uint8"),
        (np.zeros((100, 100, 2), np.uint8), "shape"),
        (np.zeros((10, 10), np.uint8), "too small"),
        ([[0, 1], [2, 3]], "numpy array"),
    ],
    ids=["empty", "float", "two-channels", "tiny", "list"],
)
def test_bad_images_are_refused_with_a_clear_error(image: object, message: str) -> None:
    with pytest.raises(ProposalError, match=message):
        propose_indices(image)  # type: ignore[arg-type]


def test_a_box_cuts_the_pixels_it_covers_and_never_nothing() -> None:
    """``Box.cut``, as the general mode and the training cut a proposal: from the pixel the box starts in to the one it
    ends in, at least one pixel each way."""
    image = np.arange(20 * 30).reshape(20, 30)
    assert Box(2.4, 3.6, 7.2, 9.0).cut(image).tolist() == image[3:9, 2:8].tolist()
    assert Box(5.0, 5.0, 5.0, 5.0).cut(image).shape == (1, 1)


def test_bad_settings_are_refused() -> None:
    img = np.full((100, 100), 200, np.uint8)
    with pytest.raises(ProposalError, match="min_size"):
        propose_indices(img, min_size=0.3, max_size=0.2)
    with pytest.raises(ProposalError, match="max_proposals"):
        propose_indices(img, max_proposals=0)
    assert issubclass(ProposalError, ValueError)


def test_averaged_networks_stored_as_one_give_the_mean_logit(tmp_path: Path) -> None:
    """``proposals_fit``: networks fitted from several seeds are written as one whose logit is their mean, and
    the written module reads back as the same numbers (five significant digits)."""
    import importlib.util

    from vision.proposals_fit import PairTable, fit_scorer, merged_networks, write_weights

    rng = np.random.default_rng(3)
    inputs = rng.normal(0, 1, (600, 11)).astype(np.float32)
    positive = inputs[:, 0] + 0.5 * inputs[:, 3] > 0.8
    table = PairTable(inputs, positive, np.ones(600), np.zeros(600, int))
    nets = [fit_scorer(table, hidden=4, steps=150, seed=s) for s in (0, 1)]

    def logit(net: dict[str, np.ndarray], z: np.ndarray) -> np.ndarray:
        h = np.tanh(((z - net["MEAN"]) / net["SCALE"]) @ net["HIDDEN"] + net["HIDDEN_BIAS"])
        return np.asarray(h @ net["OUTPUT"] + net["OUTPUT_BIAS"][0])

    merged = merged_networks(nets)
    assert merged["HIDDEN"].shape == (11, 8)
    np.testing.assert_allclose(logit(merged, inputs), (logit(nets[0], inputs) + logit(nets[1], inputs)) / 2, rtol=1e-4, atol=1e-4)
    # the fitted scorer ranks the pairs it was fitted on: positives above negatives far more often than not
    score = logit(merged, inputs)
    assert score[positive].mean() > score[~positive].mean() + 1.0

    out = tmp_path / "weights.py"
    write_weights(merged, out, "a test table")
    spec = importlib.util.spec_from_file_location("weights_read_back", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    np.testing.assert_allclose(np.asarray(module.HIDDEN), merged["HIDDEN"], rtol=1e-4, atol=1e-6)
    assert module.OUTPUT_BIAS == pytest.approx(float(merged["OUTPUT_BIAS"][0]), rel=1e-4)
