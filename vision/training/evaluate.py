"""Score the corner reader on the held-out corner photos (numpy and OpenCV only).

``python -m vision.training.evaluate`` prints one JSON line. For every labelled box of the held-out
scenes (:func:`vision.photo_split.corner_photo_split`; backs and jokers skipped) the box is cut and
read, as labelled and jittered (each side moved by up to 10 % of the box, :data:`JITTER_VIEWS` times a
box, seeded): ``recall`` = right with confidence >= the threshold, ``confident_misreads`` = wrong
with confidence >= the threshold, ``asked`` = confidence below it (the dealer is asked),
``asked_right`` = of those, how many had the right card first. Then random patches of the held-out
photos away from every box ("not an index"): ``confident_false_cards`` = named a card with
confidence >= the threshold.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from vision.corner_model import CornerModel, IndexGuess
from vision.photo_split import corner_photo_split
from vision.training.photos import PhotoBox, corner_photos_dir, crop, jittered, load_boxes, photo_negative, read_photo

THRESHOLD = 0.90
JITTER = 0.10
JITTER_VIEWS = 3
NEGATIVE_CROPS = 2000


@dataclass(frozen=True)
class ReadingFigures:
    """How the reader did on a set of labelled crops at one confidence threshold."""

    crops: int
    recall: float
    right_confident: int
    confident_misreads: int
    asked: int
    asked_right: int
    top1_accuracy: float
    calibration_error: float
    """Expected calibration error of ``confidence`` against "``card`` is right" (10 equal-width bins)."""


@dataclass(frozen=True)
class NegativeFigures:
    """How the reader did on patches that hold no index."""

    crops: int
    confident_false_cards: int
    confident_false_rate: float
    named_a_card: int


def reading_figures(guesses: Iterable[IndexGuess], truths: Iterable[str], threshold: float = THRESHOLD) -> ReadingFigures:
    """Recall, confident misreads, asked and asked-right of ``guesses`` against the true cards."""
    pairs = list(zip(guesses, truths, strict=True))
    if not pairs:
        raise ValueError("no crops to score")
    right = sum(1 for guess, truth in pairs if guess.card == truth and guess.confidence >= threshold)
    wrong = sum(1 for guess, truth in pairs if guess.card != truth and guess.confidence >= threshold)
    asked = [(guess, truth) for guess, truth in pairs if guess.confidence < threshold]
    first = sum(1 for guess, truth in pairs if guess.best == truth)
    return ReadingFigures(
        crops=len(pairs),
        recall=round(right / len(pairs), 4),
        right_confident=right,
        confident_misreads=wrong,
        asked=len(asked),
        asked_right=sum(1 for guess, truth in asked if guess.best == truth),
        top1_accuracy=round(first / len(pairs), 4),
        calibration_error=round(calibration_error([guess.confidence for guess, _ in pairs], [guess.card == truth for guess, truth in pairs]), 4),
    )


def calibration_error(confidences: list[float], right: list[bool], bins: int = 10) -> float:
    """Expected calibration error: the crops' share in each confidence bin times |mean confidence - accuracy| there, summed."""
    values = np.asarray(confidences, np.float64)
    hits = np.asarray(right, np.float64)
    which = np.minimum((values * bins).astype(int), bins - 1)
    total = 0.0
    for number in range(bins):
        chosen = which == number
        if chosen.any():
            total += chosen.mean() * abs(values[chosen].mean() - hits[chosen].mean())
    return float(total)


def negative_figures(guesses: list[IndexGuess], threshold: float = THRESHOLD) -> NegativeFigures:
    """How many patches without an index were confidently read as a card."""
    if not guesses:
        raise ValueError("no crops to score")
    false = sum(1 for guess in guesses if guess.card is not None and guess.confidence >= threshold)
    return NegativeFigures(len(guesses), false, round(false / len(guesses), 4), sum(1 for guess in guesses if guess.card is not None))


def _read_all(model: CornerModel, crops: list[npt.NDArray[np.uint8]], chunk: int = 256) -> list[IndexGuess]:
    guesses: list[IndexGuess] = []
    for start in range(0, len(crops), chunk):
        guesses.extend(model.read(crops[start : start + chunk]))
    return guesses


def held_out_crops(
    folder: Path, seed: int = 7, jitter_views: int = JITTER_VIEWS, negatives: int = NEGATIVE_CROPS
) -> tuple[dict[str, tuple[list[npt.NDArray[np.uint8]], list[str]]], list[npt.NDArray[np.uint8]]]:
    """The held-out boxes as labelled crops (``exact``, ``jittered``, and per kind ``exact_IMG``, ``exact_WIN``) and the negative patches."""
    rng = np.random.default_rng(seed)
    photos = load_boxes(folder)
    _, test = corner_photo_split(photos)
    sets: dict[str, tuple[list[npt.NDArray[np.uint8]], list[str]]] = {key: ([], []) for key in ("exact", "jittered", "exact_IMG", "exact_WIN")}
    pictures = {name: read_photo(folder, name) for name in test}
    for name in test:
        boxes: list[PhotoBox] = [box for box in photos[name] if box.card is not None]
        for box in boxes:
            assert box.card is not None
            for key in ("exact", f"exact_{name[:3]}"):
                sets[key][0].append(crop(pictures[name], box.box))
                sets[key][1].append(box.card)
            for _ in range(jitter_views):
                sets["jittered"][0].append(crop(pictures[name], jittered(box.box, JITTER, rng)))
                sets["jittered"][1].append(box.card)
    patches: list[npt.NDArray[np.uint8]] = []
    while len(patches) < negatives:
        name = test[int(rng.integers(len(test)))]
        patch = photo_negative(pictures[name], photos[name], rng)
        if patch is not None:
            patches.append(patch)
    return sets, patches


def evaluate(model: CornerModel, folder: Path, threshold: float = THRESHOLD, seed: int = 7) -> dict[str, object]:
    """Every figure on the held-out photos, as a JSON-ready dictionary."""
    sets, patches = held_out_crops(folder, seed)
    report: dict[str, object] = {"threshold": threshold, "model": str(model.path)}
    for key, (crops, truths) in sets.items():
        report[key] = asdict(reading_figures(_read_all(model, crops), truths, threshold))
    report["negatives"] = asdict(negative_figures(_read_all(model, patches), threshold))
    return report


def main(argv: list[str] | None = None) -> int:
    """The command line: evaluate a model on the held-out photos and print one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m vision.training.evaluate", description="Score the corner reader on the held-out corner photos.")
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder (default: DEALER_SHARED_DATA)")
    parser.add_argument("--model", type=Path, default=None, help="the ONNX model (default: the shipped one)")
    parser.add_argument("--threshold", type=float, default=THRESHOLD)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if not 0.0 < args.threshold < 1.0:
        parser.error(f"--threshold must lie between 0 and 1, got {args.threshold}")
    report = evaluate(CornerModel.load(args.model), corner_photos_dir(args.data), args.threshold, args.seed)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
