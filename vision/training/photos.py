"""The real corner photos and their boxes ("Card Detection" v12, cadyzedevelopmenthub, CC BY 4.0).

The folder ``corner_photos`` of the shared data holds ``images/NAME.jpg`` (640 x 640) and
``labels/NAME.txt`` (YOLO lines ``class cx cy w h``, fractions of the picture), with class names in
``classes.txt`` (``10C`` ... ``QS``, ``BACK``, ``BLACK JOKER``, ``RED JOKER``). Source: the Roboflow
user cadyzedevelopmenthub's "Card Detection" v12, as published in the GitHub repository
Ammememe/CardCounterML.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.corner_model import CARD_CLASSES
from vision.errors import VisionError

SUIT_LETTERS = {"C": "c", "D": "d", "H": "h", "S": "s"}
Box = tuple[float, float, float, float]
"""``(left, top, right, bottom)`` in a photo's pixels."""


class PhotoDataError(VisionError):
    """The corner photos are missing or malformed."""


@dataclass(frozen=True)
class PhotoBox:
    """One labelled corner index: its photo, its label as published, the card (``None`` for backs and jokers), its box in pixels."""

    photo: str
    label: str
    card: str | None
    box: Box
    """``(left, top, right, bottom)`` in the photo's pixels."""


def shared_data_dir() -> Path | None:
    """The shared data folder from ``DEALER_SHARED_DATA`` or ``../shared/data`` beside the project (None when absent)."""
    named = os.environ.get("DEALER_SHARED_DATA")
    candidates = [Path(named)] if named else []
    candidates.append(Path(__file__).resolve().parents[3] / "shared" / "data")
    for candidate in candidates:
        if (candidate / "corner_photos" / "classes.txt").is_file():
            return candidate
    return None


def corner_photos_dir(data: Path | None = None) -> Path:
    """The ``corner_photos`` folder, or a clear error when it is absent."""
    base = data if data is not None else shared_data_dir()
    if base is None or not (base / "corner_photos" / "classes.txt").is_file():
        raise PhotoDataError("corner_photos not found: set DEALER_SHARED_DATA to the shared data folder")
    return base / "corner_photos"


def label_card(label: str) -> str | None:
    """The card a published label names (``10C`` -> ``Tc``), None for ``BACK`` and the jokers."""
    if len(label) < 2 or label[-1] not in SUIT_LETTERS or label[:-1] not in ("10", *"23456789JQKA"):
        return None
    rank = "T" if label[:-1] == "10" else label[:-1]
    card = rank + SUIT_LETTERS[label[-1]]
    assert card in CARD_CLASSES
    return card


def load_boxes(folder: Path, size: int = 640) -> dict[str, list[PhotoBox]]:
    """Every photo's name (``NAME.jpg``) and its labelled boxes."""
    classes = (folder / "classes.txt").read_text(encoding="utf-8").splitlines()
    photos: dict[str, list[PhotoBox]] = {}
    for image in sorted((folder / "images").glob("*.jpg")):
        label_file = folder / "labels" / (image.stem + ".txt")
        boxes = []
        lines = label_file.read_text(encoding="utf-8").split("\n") if label_file.is_file() else []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            fields = line.split()
            if len(fields) != 5 or not fields[0].isdigit() or int(fields[0]) >= len(classes):
                raise PhotoDataError(f"{label_file}:{number}: expected 'class cx cy w h', got {line!r}")
            cx, cy, width, height = (float(value) * size for value in fields[1:])
            label = classes[int(fields[0])]
            box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
            boxes.append(PhotoBox(image.name, label, label_card(label), box))
        photos[image.name] = boxes
    return photos


def read_photo(folder: Path, name: str) -> npt.NDArray[np.uint8]:
    """A photo as BGR pixels."""
    picture = cv2.imread(str(folder / "images" / name), cv2.IMREAD_COLOR)
    if picture is None:
        raise PhotoDataError(f"cannot read {folder / 'images' / name}")
    return np.asarray(picture, dtype=np.uint8)


def jittered(box: Box, fraction: float, rng: np.random.Generator) -> Box:
    """The box with each side moved by up to ``fraction`` of the box's size in its direction, in or out."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    moves = rng.uniform(-fraction, fraction, 4)
    return left + moves[0] * width, top + moves[1] * height, right + moves[2] * width, bottom + moves[3] * height


def crop(picture: npt.NDArray[np.uint8], box: Box) -> npt.NDArray[np.uint8]:
    """The pixels inside ``box`` (clipped to the picture; at least 4 x 4)."""
    height, width = picture.shape[:2]
    left = int(np.clip(round(box[0]), 0, width - 4))
    top = int(np.clip(round(box[1]), 0, height - 4))
    right = int(np.clip(round(box[2]), left + 4, width))
    bottom = int(np.clip(round(box[3]), top + 4, height))
    return picture[top:bottom, left:right].copy()


def photo_negative(photo: npt.NDArray[np.uint8], boxes: list[PhotoBox], rng: np.random.Generator, tries: int = 30) -> npt.NDArray[np.uint8] | None:
    """A box-sized patch of a photo that holds no index: overlapping no labelled box by more than a few per cent."""
    if not boxes:
        return None
    height, width = photo.shape[:2]
    for _ in range(tries):
        model = boxes[int(rng.integers(len(boxes)))].box
        box_w = (model[2] - model[0]) * rng.uniform(0.6, 1.8)
        box_h = (model[3] - model[1]) * rng.uniform(0.6, 1.8)
        if rng.random() < 0.5:
            box_w, box_h = box_h, box_w
        left, top = rng.uniform(0, width - box_w), rng.uniform(0, height - box_h)
        candidate = (left, top, left + box_w, top + box_h)
        if all(covered(other.box, candidate) < 0.15 for other in boxes):
            turned = np.rot90(photo[int(top) : int(top + box_h) + 1, int(left) : int(left + box_w) + 1], int(rng.integers(4)))
            if min(turned.shape[:2]) >= 4:
                return np.ascontiguousarray(turned)
    return None


def covered(box: Box, by: Box) -> float:
    """The share of ``box`` that ``by`` covers."""
    width = min(box[2], by[2]) - max(box[0], by[0])
    height = min(box[3], by[3]) - max(box[1], by[1])
    if width <= 0 or height <= 0:
        return 0.0
    return float(width * height / ((box[2] - box[0]) * (box[3] - box[1])))
