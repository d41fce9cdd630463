"""How well ``propose_indices`` finds the labelled corner indices of real photos.

``python -m vision.proposals_eval`` prints one JSON line. On ``corner_photos`` ("Card Detection" v12 by the
Roboflow user cadyzedevelopmenthub, from the GitHub repository Ammememe/CardCounterML, CC BY 4.0): proposal
recall (labelled index boxes, backs and jokers left out, with a proposal of IoU >= 0.5 and >= 0.3), proposals
and milliseconds per photo, for the phone photos (``IMG_*``) and the webcam photos (``WIN_*``) apart, over all
photos and over the held-out scenes (``held_out``, the split of vision.photo_split) the proposal scorer was not fitted on. On ``rank_photos``
(whole-card boxes): the fraction of boxed cards with at least one proposal inside the card's box.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.photo_split import corner_photo_split
from vision.proposals import Box, propose_indices
from vision.training.photos import load_boxes, shared_data_dir

__all__ = [
    "CornerPhoto",
    "held_out",
    "load_corner_photos",
    "load_rank_photos",
    "main",
    "recall_on_corner_photos",
    "shared_data",
    "cards_with_a_proposal",
]

@dataclass
class CornerPhoto:
    """One photo of ``corner_photos``: its file, index boxes (pixels, x0 y0 x1 y1) and its place in name order."""

    path: Path
    boxes: list[tuple[float, float, float, float]]
    order: int

    @property
    def source(self) -> str:
        """``IMG`` (phone) or ``WIN`` (webcam)."""
        return self.path.name[:3]


def shared_data() -> Path | None:
    """The shared data folder (``DEALER_SHARED_DATA``, else ``../shared/data`` beside the project), or ``None``."""
    return shared_data_dir()


def held_out(photo: CornerPhoto) -> bool:
    """Whether the photo is held out: the scenes :func:`vision.photo_split.corner_photo_split` keeps from every fitting
    (the corner reader's too), so the proposals and the reader are measured on the same unseen photos."""
    return photo.path.name in _held_out_names(photo.path.parent)


@functools.cache
def _held_out_names(images: Path) -> frozenset[str]:
    return frozenset(corner_photo_split(p.name for p in images.glob("*.jpg"))[1])


def load_corner_photos(folder: Path) -> list[CornerPhoto]:
    """``corner_photos``: every photo with its index boxes in pixels (backs and jokers left out), as
    :func:`vision.training.photos.load_boxes` reads them."""
    photos = load_boxes(folder)
    if not photos:
        raise FileNotFoundError(f"no photos in {folder / 'images'}")
    return [CornerPhoto(folder / "images" / name, [b.box for b in boxes if b.card is not None], order)
            for order, (name, boxes) in enumerate(sorted(photos.items()))]


def _best_iou(label: tuple[float, float, float, float], props: np.ndarray) -> float:
    if len(props) == 0:
        return 0.0
    iw = np.clip(np.minimum(label[2], props[:, 2]) - np.maximum(label[0], props[:, 0]), 0, None)
    ih = np.clip(np.minimum(label[3], props[:, 3]) - np.maximum(label[1], props[:, 1]), 0, None)
    inter = iw * ih
    union = (label[2] - label[0]) * (label[3] - label[1]) + (props[:, 2] - props[:, 0]) * (props[:, 3] - props[:, 1]) - inter
    return float((inter / union).max())


@dataclass
class _Tally:
    boxes: int = 0
    hit50: int = 0
    hit30: int = 0
    photos: int = 0
    proposals: int = 0
    seconds: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        return {
            "photos": self.photos,
            "boxes": self.boxes,
            "recall_iou50": round(self.hit50 / max(self.boxes, 1), 4),
            "recall_iou30": round(self.hit30 / max(self.boxes, 1), 4),
            "proposals_per_photo": round(self.proposals / max(self.photos, 1), 1),
            "ms_median": round(1000 * float(np.median(self.seconds)), 1) if self.seconds else 0.0,
            "ms_mean": round(1000 * float(np.mean(self.seconds)), 1) if self.seconds else 0.0,
        }


Proposer = Callable[[np.ndarray], list[Box]]


def recall_on_corner_photos(photos: Sequence[CornerPhoto], propose: Proposer = propose_indices) -> dict[str, dict[str, float]]:
    """Recall, proposals and CPU milliseconds per photo, by source (``IMG``, ``WIN``) and over all, for all
    photos given and for their held-out part (keys ``IMG``, ``WIN``, ``all``, ``held_out_IMG``, ...)."""
    tallies: dict[str, _Tally] = {}
    for photo in photos:
        img = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError(f"cannot decode {photo.path}")
        start = time.process_time()
        boxes = propose(img)
        spent = time.process_time() - start
        props = np.array([(b.x0, b.y0, b.x1, b.y1) for b in boxes], np.float64).reshape(-1, 4)
        keys = [photo.source, "all"] + ([f"held_out_{photo.source}", "held_out_all"] if held_out(photo) else [])
        for key in keys:
            t = tallies.setdefault(key, _Tally())
            t.photos += 1
            t.proposals += len(boxes)
            t.seconds.append(spent)
            for label in photo.boxes:
                best = _best_iou(label, props)
                t.boxes += 1
                t.hit50 += best >= 0.5
                t.hit30 += best >= 0.3
    return {k: t.summary() for k, t in sorted(tallies.items())}


def load_rank_photos(folder: Path) -> list[tuple[Path, list[tuple[float, float, float, float]]]]:
    """``rank_photos``: each photo with its whole-card boxes (pixels), train and test alike."""
    by: dict[Path, list[tuple[float, float, float, float]]] = {}
    with open(folder / "labels_normalized.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            path = folder / row["split"] / row["image_file"]
            by.setdefault(path, []).append((float(row["xmin"]), float(row["ymin"]), float(row["xmax"]), float(row["ymax"])))
    if not by:
        raise FileNotFoundError(f"no boxes in {folder / 'labels_normalized.csv'}")
    return sorted(by.items())


def cards_with_a_proposal(folder: Path, propose: Proposer = propose_indices) -> dict[str, float]:
    """The fraction of ``rank_photos``' boxed cards with at least one proposal lying wholly inside the card's box."""
    cards = found = photos = proposals = 0
    for path, boxes in load_rank_photos(folder):
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError(f"cannot decode {path}")
        props = propose(img)
        photos += 1
        proposals += len(props)
        for x0, y0, x1, y1 in boxes:
            cards += 1
            found += any(p.x0 >= x0 and p.y0 >= y0 and p.x1 <= x1 and p.y1 <= y1 for p in props)
    return {"photos": photos, "cards": cards, "with_proposal": round(found / max(cards, 1), 4), "proposals_per_photo": round(proposals / max(photos, 1), 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.proposals_eval", description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder (default: DEALER_SHARED_DATA)")
    parser.add_argument("--max-proposals", type=int, default=150)
    parser.add_argument("--every", type=int, default=1, help="every n-th corner photo only (a quick look)")
    args = parser.parse_args(argv)
    data = args.data or shared_data()
    if data is None:
        parser.error("no shared data: set DEALER_SHARED_DATA or pass --data")
    cv2.setNumThreads(1)

    def propose(img: np.ndarray) -> list[Box]:
        return propose_indices(img, max_proposals=args.max_proposals)

    out: dict[str, object] = {"corner_photos": recall_on_corner_photos(load_corner_photos(data / "corner_photos")[:: args.every], propose)}
    if args.every == 1:
        out["rank_photos"] = cards_with_a_proposal(data / "rank_photos", propose)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
