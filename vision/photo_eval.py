"""The general mode measured on whole real photos: every photo read as it is (:func:`vision.photo_reading.read_photo`, no
boxes given, no calibration, no deck taught), scored at the console's confidence threshold.

- ``corner_photos`` ("Card Detection" v12 by the Roboflow user cadyzedevelopmenthub, as published in the GitHub repository
  Ammememe/CardCounterML, CC BY 4.0): only the photos held out from training (:func:`vision.photo_split.corner_photo_split`,
  by scene). A card of a photo is one card class among its labelled index boxes (backs and jokers aside); it is **read**
  when a reading at or above the threshold names it inside one of its boxes (the reading's centre in the box). A reading
  at or above the threshold that names a card not boxed where it lies is a **confident misread**, unless nothing is boxed
  there and the photo holds that card (``read_unboxed``: its other corner index, which the labels often leave out when
  it is half hidden or at the photo's edge; neither right nor a misread); a reading below the threshold is **asked** (the
  dealer confirms), **asked right** when its best guess is the card boxed there.
- ``rank_photos`` (Apache-2.0): whole cards boxed with their rank only; a card is read when a confident reading inside
  its box has its rank.

``python -m vision.photo_eval [--threshold 0.9] [--rank-photos]`` prints the figures, then one line of JSON with
``recall``, ``precision``, ``confident_misreads``, ``asked``, ``asked_right``, ``ms_per_frame``;
``--write-expected CSV`` writes the held-out corner photos as ``vision-eval``'s expected CSV instead.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .allocator import keep_freed_blocks
from .cli import DEFAULT_THRESHOLD
from .corner_model import CornerModel
from .photo_reading import PhotoReading, read_photo
from .photo_split import corner_photo_split

__all__ = ["PhotoScore", "corner_photos_eval", "rank_photos_eval", "score_photo"]

Rect = tuple[float, float, float, float]


@dataclass
class PhotoScore:
    """Cards expected and read, readings applied and asked, over a set of photos."""

    threshold: float
    photos: int = 0
    cards: int = 0
    read: int = 0
    confident: int = 0
    confident_misreads: int = 0
    asked: int = 0
    asked_right: int = 0
    unboxed: int = 0
    """Confident readings of a card the photo holds, where nothing is boxed: most likely its other corner index, which
    the labels leave out (half hidden, or at the photo's edge); neither right nor a misread."""
    ms: list[float] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "recall": round(self.read / self.cards, 4) if self.cards else 0.0,
            "precision": round((self.confident - self.confident_misreads) / self.confident, 5) if self.confident else 0.0,
            "confident_misreads": self.confident_misreads, "asked": self.asked, "asked_right": self.asked_right,
            "ms_per_frame": round(statistics.fmean(self.ms), 2) if self.ms else None, "photos": self.photos, "cards": self.cards,
            "cards_read": self.read, "confident_readings": self.confident, "read_unboxed": self.unboxed, "threshold": self.threshold,
        }


def score_photo(name: str, readings: Sequence[PhotoReading], boxes: Sequence[tuple[str, Rect]], score: PhotoScore,
                same: Callable[[str, str], bool] = str.__eq__) -> None:
    """Count one photo: ``boxes`` are its labelled ``(card, box)`` pairs; ``same(read, labelled)`` says a reading names the
    labelled card (rank-only labels compare ranks)."""
    score.photos += 1
    cards = {card for card, _ in boxes}
    score.cards += len(cards)
    read: set[str] = set()
    for r in readings:
        cx, cy = (r.box.x0 + r.box.x1) / 2, (r.box.y0 + r.box.y1) / 2
        there = [card for card, (x0, y0, x1, y1) in boxes if x0 <= cx <= x1 and y0 <= cy <= y1]
        right = [card for card in there if same(r.best, card)]
        if r.card is not None and r.confidence >= score.threshold:
            if not there and any(same(r.best, card) for card in cards):
                score.unboxed += 1
                continue
            score.confident += 1
            if right:
                read.update(right)
            else:
                score.confident_misreads += 1
                if len(score.examples) < 20:
                    score.examples.append(f"{name}: read {r.card} at ({cx:.0f}, {cy:.0f}) confidence {r.confidence:.2f};"
                                          f" boxed there: {' '.join(there) or 'nothing'}")
        else:
            score.asked += 1
            score.asked_right += bool(right)
    score.read += len(read)


def _timed(model: CornerModel, image: np.ndarray, score: PhotoScore) -> list[PhotoReading]:
    started = time.perf_counter()
    readings = read_photo(image, model)
    score.ms.append((time.perf_counter() - started) * 1000)
    return readings


def corner_photos_eval(model: CornerModel, folder: Path, *, threshold: float = DEFAULT_THRESHOLD, names: Iterable[str] | None = None) -> PhotoScore:
    """The held-out corner photos (or ``names``) read whole and scored."""
    from .training.photos import load_boxes
    from .training.photos import read_photo as load_photo

    photos = load_boxes(folder)
    chosen = list(names) if names is not None else corner_photo_split(photos)[1]
    score = PhotoScore(threshold)
    for name in chosen:
        boxes = [(b.card, b.box) for b in photos[name] if b.card is not None]
        if boxes:
            score_photo(name, _timed(model, load_photo(folder, name), score), boxes, score)
    return score


def rank_photos_eval(model: CornerModel, folder: Path, *, split: str = "test", threshold: float = DEFAULT_THRESHOLD) -> PhotoScore:
    """The ``rank_photos`` pictures of ``split`` read whole; a card counts on its rank."""
    from .rank_photos import load_split

    score = PhotoScore(threshold)
    for photo in load_split(folder, split):
        image = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
        if image is None:
            continue
        k = 1.0 / photo.scale  # the boxes are given in the pixels of the picture enlarged; it is read as it is
        boxes = [(box.rank, (box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)) for box in photo.boxes]
        score_photo(photo.path.name, _timed(model, image, score), boxes, score, same=lambda read, rank: read[0] == rank)
    return score


def write_expected(folder: Path, out: Path) -> int:
    """The held-out corner photos' labelled cards as ``vision-eval``'s expected CSV (one row a box: image, card, box), so
    ``dealer-console vision-eval --general --test corner_photos/images --expected out.csv`` reads them; the rows written."""
    import csv

    from .training.photos import load_boxes

    photos = load_boxes(folder)
    rows = [(name, b.card, *(f"{v:.1f}" for v in b.box)) for name in corner_photo_split(photos)[1] for b in photos[name] if b.card is not None]
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["image", "card", "xmin", "ymin", "xmax", "ymax"])
        writer.writerows(rows)
    return len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.photo_eval", description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder (default: DEALER_SHARED_DATA or ../shared/data)")
    parser.add_argument("--model", type=Path, default=None, help="the ONNX corner model (default: the one shipped)")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    parser.add_argument("--rank-photos", action="store_true", help="read rank_photos' test split instead of the held-out corner photos")
    parser.add_argument("--write-expected", type=Path, metavar="CSV",
                        help="only write the held-out corner photos' boxes as vision-eval's expected CSV")
    args = parser.parse_args(argv)
    from .training.photos import PhotoDataError, corner_photos_dir, shared_data_dir

    cv2.setNumThreads(1)
    keep_freed_blocks()  # every photo of the set, one after another
    data = args.data or shared_data_dir()
    try:
        if args.write_expected is not None:
            print(f"{write_expected(corner_photos_dir(data), args.write_expected)} boxes of held-out photos written to {args.write_expected}")
            return 0
        model = CornerModel.load(args.model)
        if args.rank_photos:
            if data is None or not (data / "rank_photos").is_dir():
                raise PhotoDataError("rank_photos not found: set DEALER_SHARED_DATA to the shared data folder")
            score = rank_photos_eval(model, data / "rank_photos", threshold=args.threshold)
        else:
            score = corner_photos_eval(model, corner_photos_dir(data), threshold=args.threshold)
    except PhotoDataError as error:
        print(f"vision.photo_eval: {error}", file=sys.stderr)
        return 2
    for example in score.examples:
        print(f"  misread {example}")
    print(json.dumps(score.as_dict()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
