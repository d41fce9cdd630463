"""The training and validation sets of the corner reader, built from a seed.

Training material: (a) drawn indices (DejaVu and Hershey fonts, drawn and font suit shapes, red and black), (b)
indices cut from the two card-art sets, (c) the boxes of the corner photos' *fit* scenes
(:func:`vision.photo_split.corner_photo_parts`), each seen many times turned, shrunk and jittered, (d) "not an index":
photo patches away from the boxes, card backs and jokers, pips and pictures from the card art, lone big pips, bare
tables and paper; and, where ``SetSizes.proposal_negatives`` asks for them (not in the shipped recipe), the index
proposals (:func:`vision.proposals.propose_indices`) of ``rank_photos``' *train* split that lie outside every boxed
card: print, barcodes, logos and grain, as a whole photo is read. Validation: the boxes of the *validation* scenes, as
cut and jittered by up to 10 %, and patches of those photos away from the boxes, with no augmentation. The held-out
scenes and ``rank_photos``' test split are never opened here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from vision.corner_model import CARD_CLASSES, MIN_CROP_SIDE, NOT_INDEX, SQUARE, preprocess
from vision.photo_split import corner_photo_parts
from vision.proposals import Box as ProposedBox
from vision.proposals import propose_indices
from vision.rank_photos import load_split, read_picture
from vision.training.augment import camera, photo_crop, warped_crop
from vision.training.photos import Box, PhotoBox, PhotoDataError, covered, crop, jittered, load_boxes, photo_negative, read_photo
from vision.training.render import ArtCard, Picture, _card_corner, art_picture, background, drawn_index, load_art, lone_pip

EVAL_JITTER = 0.10


@dataclass(frozen=True)
class SetSizes:
    """How many crops of each kind the training set holds."""

    drawn_per_card: int = 300
    art_per_card_and_deck: int = 40
    photo_views_per_box: int = 24
    photo_negatives: int = 9000
    art_negatives: int = 2000
    lone_pips: int = 2000
    bare_tables: int = 2000
    proposal_negatives: int = 0
    """Index proposals outside the boxed cards of ``rank_photos``' train split (at most this many, spread evenly over
    its photos; fewer where a photo has fewer such proposals). None in the shipped model's recipe
    (docs/corner_model.md, "Known limits")."""


@dataclass
class CropSet:
    """Preprocessed crops (``N x 3 x 32 x 32``, float16 to save memory) and their classes."""

    inputs: npt.NDArray[np.float16]
    labels: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.labels)


class _Collector:
    """Crops gathered in chunks and preprocessed as they come, with progress on stdout."""

    def __init__(self, log: Callable[[str], None], max_aspect: float = SQUARE) -> None:
        self.max_aspect = max_aspect
        self.inputs: list[npt.NDArray[np.float16]] = []
        self.labels: list[int] = []
        self._pending: list[Picture] = []
        self._log = log
        self._started = time.monotonic()

    def add(self, picture: Picture, label: int) -> None:
        self._pending.append(picture)
        self.labels.append(label)
        if len(self._pending) >= 2048:
            self.flush()

    def flush(self) -> None:
        if self._pending:
            self.inputs.append(preprocess(self._pending, self.max_aspect).astype(np.float16))
            self._pending = []

    def done(self, name: str) -> None:
        self.flush()
        self._log(f"{name}: {len(self.labels)} crops so far ({time.monotonic() - self._started:.0f} s)")

    def result(self) -> CropSet:
        self.flush()
        return CropSet(np.concatenate(self.inputs), np.asarray(self.labels, np.int64))


def photo_label(box: PhotoBox) -> int:
    """The class a real box teaches: its card, or "not an index" for backs and jokers."""
    return CARD_CLASSES.index(box.card) if box.card is not None else NOT_INDEX


def _add_drawn_and_art(out: _Collector, art: list[ArtCard], sizes: SetSizes, rng: np.random.Generator) -> None:
    for label in range(NOT_INDEX):
        for _ in range(sizes.drawn_per_card):
            out.add(camera(warped_crop(drawn_index(label, rng), rng), rng), label)
    out.done("drawn indices")
    for card in art:
        for _ in range(sizes.art_per_card_and_deck):
            out.add(camera(warped_crop(art_picture(card, rng), rng, loose=True), rng), card.label)
    out.done("card-art indices")
    for _ in range(sizes.art_negatives if art else 0):
        card = art[int(rng.integers(len(art)))]
        out.add(camera(warped_crop(art_picture(card, rng, negative=True), rng, jitter=0.3), rng), NOT_INDEX)
    for _ in range(sizes.lone_pips):
        out.add(camera(warped_crop(lone_pip(rng), rng, jitter=0.3), rng), NOT_INDEX)
    for _ in range(sizes.bare_tables):
        height, width = (int(np.exp(rng.uniform(np.log(10), np.log(90)))) for _ in range(2))
        bare = background(height, width, rng) if rng.random() < 0.5 else _card_corner(height, width, int(rng.integers(0, max(1, height // 2))), rng)
        out.add(camera(bare, rng), NOT_INDEX)
    out.done("drawn and art negatives")


def _add_photos(out: _Collector, folder: Path, photos: dict[str, list[PhotoBox]], names: list[str], sizes: SetSizes, rng: np.random.Generator) -> None:
    negatives_each = int(np.ceil(sizes.photo_negatives / max(1, len(names))))
    for name in names:
        picture = read_photo(folder, name)
        for box in photos[name]:
            for _ in range(sizes.photo_views_per_box):
                out.add(camera(photo_crop(picture, box, rng), rng, strength=0.5), photo_label(box))
        for _ in range(negatives_each):
            patch = photo_negative(picture, photos[name], rng)
            if patch is not None:
                out.add(camera(patch, rng, strength=0.6), NOT_INDEX)
    out.done("photo boxes and photo negatives")


PROPOSED_OUTSIDE = 0.05
"""A proposal counts as outside the boxed cards when no card's box covers this share of it or more."""


def proposals_outside_cards(picture: npt.NDArray[np.uint8], cards: list[Box]) -> list[ProposedBox]:
    """The index proposals of ``picture`` that no card's box (``cards``) covers by :data:`PROPOSED_OUTSIDE` or more, of
    those the general mode reads (:func:`vision.photo_reading.read_photo`: cut by :meth:`vision.proposals.Box.cut`, at
    least :data:`vision.corner_model.MIN_CROP_SIDE` pixels each way)."""
    return [b for b in propose_indices(picture) if min(b.cut(picture).shape[:2]) >= MIN_CROP_SIDE
            and all(covered((b.x0, b.y0, b.x1, b.y1), card) < PROPOSED_OUTSIDE for card in cards)]


def _add_proposal_negatives(out: _Collector, folder: Path, wanted: int, rng: np.random.Generator) -> None:
    """What the proposal finder proposes outside every boxed card of ``rank_photos``' train split, as "not an index":
    the print, barcodes and logos that a whole photo's reading must not take for a card (read as the general mode reads
    them, from the picture as :func:`vision.rank_photos.read_picture` gives it)."""
    if wanted <= 0:
        return
    try:
        photos = load_split(folder, "train")
    except OSError as error:
        raise PhotoDataError(f"rank_photos not found ({error}): set DEALER_SHARED_DATA to the shared data folder") from error
    visited = [photos[int(i)] for i in rng.permutation(len(photos))[:wanted]]
    each = int(np.ceil(wanted / max(1, len(visited))))
    for photo in visited:
        picture = read_picture(photo)
        if picture is None:
            raise PhotoDataError(f"{photo.path}: not a readable picture")
        outside = proposals_outside_cards(picture, [(b.x0, b.y0, b.x1, b.y1) for b in photo.boxes])
        for i in rng.permutation(len(outside))[:each]:
            patch = outside[int(i)].cut(picture)
            out.add(camera(np.ascontiguousarray(np.rot90(patch, int(rng.integers(4)))), rng, strength=0.6), NOT_INDEX)
    out.done("proposals outside rank_photos' boxed cards")


def build_training_set(data: Path, seed: int, sizes: SetSizes = SetSizes(), log: Callable[[str], None] = print,
                       max_aspect: float = SQUARE) -> CropSet:
    """The training crops: drawn, card art, the fit scenes' photos, and negatives (seeded), preprocessed with
    ``max_aspect`` (:func:`vision.corner_model.preprocess`)."""
    rng = np.random.default_rng(seed)
    folder = data / "corner_photos"
    photos = load_boxes(folder)
    fit, _, _ = corner_photo_parts(photos)
    out = _Collector(log, max_aspect)
    _add_drawn_and_art(out, load_art(data / "cards"), sizes, rng)
    _add_photos(out, folder, photos, fit, sizes, rng)
    _add_proposal_negatives(out, data / "rank_photos", sizes.proposal_negatives, rng)
    return out.result()


def build_validation_set(data: Path, seed: int, negatives_per_photo: int = 6, max_aspect: float = SQUARE) -> CropSet:
    """The validation scenes' boxes, as cut and jittered by up to 10 % twice, and patches away from the boxes."""
    rng = np.random.default_rng(seed)
    folder = data / "corner_photos"
    photos = load_boxes(folder)
    _, validation, _ = corner_photo_parts(photos)
    crops: list[Picture] = []
    labels: list[int] = []
    for name in validation:
        picture = read_photo(folder, name)
        for box in photos[name]:
            for jitter in (0.0, EVAL_JITTER, EVAL_JITTER):
                crops.append(crop(picture, jittered(box.box, jitter, rng) if jitter else box.box))
                labels.append(photo_label(box))
        for _ in range(negatives_per_photo):
            patch = photo_negative(picture, photos[name], rng)
            if patch is not None:
                crops.append(patch)
                labels.append(NOT_INDEX)
    return CropSet(preprocess(crops, max_aspect).astype(np.float16), np.asarray(labels, np.int64))
