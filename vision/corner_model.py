"""The learned corner-index reader: a small CNN (ONNX, run through ``cv2.dnn``) reading rank and suit.

A crop is an axis-aligned BGR (or grey) picture around one corner index (the rank glyph and the
suit pip beside or below it), as tight as a hand-drawn box, at any size, the index at any angle
(cards lie at any angle). :func:`preprocess` turns crops into the network's input; training
(``vision/training``) calls the same function, so what the network learnt from is what it reads.

The network has one softmax over 53 classes: the 52 cards (class ``(rank - 2) * 4 + suit``, the
order of ``dealer_console.engine.cards``) and "not an index". One head over whole cards, not a
rank head and a suit head, because the probability the console needs is that of the *card*
(rank and suit together) and of "no index here"; the rank and suit are its marginals. The
logits leave the graph already divided by the temperature fitted on validation photos, so the
probabilities are calibrated. Each crop is read at its four right-angle turns in the same
forward pass and the four probability vectors averaged (the temperature was fitted that way).

Only numpy and OpenCV are imported: the model runs wherever the console runs.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from .errors import VisionError

RANKS = "23456789TJQKA"
"""Rank letters in the console's card notation (``dealer_console.engine.cards.RANKS``)."""
SUITS = "cdhs"
"""Suit letters in the console's card notation (``dealer_console.engine.cards.SUITS``)."""
CARD_CLASSES = tuple(rank + suit for rank in RANKS for suit in SUITS)
"""The 52 card classes in the network's output order (``As`` is class 51)."""
NOT_INDEX = len(CARD_CLASSES)
"""The class index of "not an index" (52)."""
CLASS_COUNT = NOT_INDEX + 1
INPUT_SIZE = 32
"""The network reads a crop as a 3 x 32 x 32 picture."""
SQUARE = 1.0
"""The shipped reader's crops are padded to a square before they are resized (``max_aspect`` 1; a model trained with
``--max-aspect`` records its own ratio in its report, which :meth:`CornerModel.load` reads)."""
TURNS = 4
"""Each crop is read at 0, 90, 180 and 270 degrees and the probabilities averaged."""
MIN_CROP_SIDE = 4
DEFAULT_MODEL_PATH = Path(__file__).resolve().parent / "models" / "corner_reader.onnx"

FloatArray = npt.NDArray[np.float32]


class CornerModelError(VisionError):
    """Bad input to the corner reader, or a model file it cannot use."""


@dataclass(frozen=True)
class IndexGuess:
    """What the reader makes of one crop.

    ``card`` is the most probable card (``"As"``, ``"Td"``), or ``None`` when "not an index" is
    the most probable class; ``confidence`` is the calibrated probability that ``card`` is right
    (for ``None``: that the crop holds no index). ``best`` is the most probable card even then
    (for the dealer's prompt) with its probability ``best_probability``. ``rank`` and ``suit``
    are the most probable rank and suit summed over the other letter (``rank_probability``,
    ``suit_probability``); ``not_index`` is the probability that the crop holds no index at all.
    """

    card: str | None
    confidence: float
    best: str
    best_probability: float
    rank: str
    rank_probability: float
    suit: str
    suit_probability: float
    not_index: float


def _as_bgr(crop: object, position: int) -> npt.NDArray[np.uint8]:
    if not isinstance(crop, np.ndarray):
        raise CornerModelError(f"crop {position} is a {type(crop).__name__}, not a numpy array")
    if crop.dtype != np.uint8:
        raise CornerModelError(f"crop {position} has dtype {crop.dtype}, expected uint8 (8-bit BGR or grey)")
    if crop.ndim == 3 and crop.shape[2] == 1:
        crop = crop[:, :, 0]
    if crop.ndim == 2:
        picture = cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
    elif crop.ndim == 3 and crop.shape[2] in (3, 4):
        picture = np.ascontiguousarray(crop[:, :, :3])
    else:
        raise CornerModelError(f"crop {position} has shape {crop.shape}, expected HxW (grey) or HxWx3 (BGR)")
    height, width = picture.shape[:2]
    if min(height, width) < MIN_CROP_SIDE:
        raise CornerModelError(f"crop {position} is {width}x{height} pixels, at least {MIN_CROP_SIDE}x{MIN_CROP_SIDE} needed (an empty crop?)")
    return np.asarray(picture, dtype=np.uint8)


def preprocess(crops: list[npt.NDArray[np.uint8]], max_aspect: float = SQUARE) -> FloatArray:
    """Crops as the network's input: ``N x 3 x 32 x 32`` float32.

    Each crop longer than ``max_aspect`` times its width (or the other way round) is padded to that shape with the
    median colour of its rim, then resized to the square input (the rest are resized as they are: with ``max_aspect``
    1, every crop is padded to a square and keeps its aspect), and its
    brightness stretched so that its 2nd and 98th percentile of grey become 0 and 1 (the same
    stretch on the three channels, so red ink stays red), then centred on 0.
    """
    if not isinstance(crops, list | tuple):
        raise CornerModelError(f"crops must be a list of numpy arrays, not a {type(crops).__name__}")
    if not crops:
        raise CornerModelError("no crops to read (an empty list)")
    if not max_aspect >= 1:
        raise CornerModelError(f"a crop is padded to at most {max_aspect}:1, which is not a ratio of 1 or more")
    small = np.empty((len(crops), INPUT_SIZE, INPUT_SIZE, 3), np.uint8)
    for position, crop in enumerate(crops):
        picture = _as_bgr(crop, position)
        height, width = picture.shape[:2]
        side = max(height, width)
        tall, wide = max(height, math.ceil(side / max_aspect)), max(width, math.ceil(side / max_aspect))
        top, left = (tall - height) // 2, (wide - width) // 2
        rim = np.concatenate([picture[0], picture[-1], picture[:, 0], picture[:, -1]])
        # The rim's median per channel (np.median's, without its overhead: a crop is read in half a millisecond).
        middle = ((len(rim) - 1) // 2, len(rim) // 2)
        rim = np.partition(rim, middle, axis=0)
        fill = [(float(low) + float(high)) / 2 for low, high in zip(rim[middle[0]].tolist(), rim[middle[1]].tolist(), strict=True)]
        padded = cv2.copyMakeBorder(picture, top, tall - height - top, left, wide - width - left, cv2.BORDER_CONSTANT, value=fill)
        interpolation = cv2.INTER_AREA if side > INPUT_SIZE else cv2.INTER_LINEAR
        small[position] = cv2.resize(padded, (INPUT_SIZE, INPUT_SIZE), interpolation=interpolation)
    # The stretch, for the whole batch at once (each crop's own percentiles). The grey is the channels' mean as
    # ``mean(axis=3)`` sums it, without numpy's reduction over an axis of three.
    pictures = small.astype(np.float32)
    grey = ((pictures[..., 0] + pictures[..., 1] + pictures[..., 2]) / np.float32(3)).reshape(len(crops), -1)
    low, high = _percentiles(grey, (0.02, 0.98))
    scale = np.maximum(high - low, 24.0)
    stretched = np.clip((pictures - low[:, None, None, None]) / scale[:, None, None, None], -0.5, 1.5) - 0.5
    batch: FloatArray = np.ascontiguousarray(stretched.transpose(0, 3, 1, 2), dtype=np.float32)
    return batch


def _percentiles(rows: FloatArray, shares: tuple[float, ...]) -> list[npt.NDArray[np.float64]]:
    """Each row's percentiles at ``shares`` (0-1), exactly as ``np.percentile(rows, 100 * share, axis=1)`` gives them
    (its linear method), from one partition of the rows round the places needed: numpy's own call costs twice as much
    on a frame's few crops."""
    n = rows.shape[1]
    places = [share * (n - 1) for share in shares]
    below = [int(math.floor(place)) for place in places]
    part = np.partition(rows, sorted({k for b in below for k in (b, min(b + 1, n - 1))}), axis=1)
    out = []
    for place, b in zip(places, below, strict=True):
        low, high, t = part[:, b], part[:, min(b + 1, n - 1)], np.float64(place - b)
        step = high - low
        out.append(low + step * t if t < 0.5 else high - step * (1 - t))  # numpy's lerp, from the nearer end
    return out


def with_turns(batch: FloatArray, turns: int = TURNS) -> FloatArray:
    """The batch followed by itself turned 90, 180 and 270 degrees (``turns * N`` inputs, turn-major; the first ``turns``
    of those)."""
    return np.concatenate([np.rot90(batch, turn, axes=(2, 3)) for turn in range(turns)]).astype(np.float32, copy=False)


def softmax(logits: FloatArray) -> FloatArray:
    """Row-wise softmax, stable for large logits."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    exps = np.exp(shifted)
    probabilities: FloatArray = (exps / exps.sum(axis=1, keepdims=True)).astype(np.float32)
    return probabilities


def turn_averaged(logits: FloatArray, count: int, temperature: float = 1.0, turns: int = TURNS) -> FloatArray:
    """The probabilities of ``count`` crops from the logits of their :func:`with_turns` batch, averaged over the turns."""
    if logits.shape != (turns * count, CLASS_COUNT):
        raise CornerModelError(f"the model gave outputs of shape {logits.shape}, expected {(turns * count, CLASS_COUNT)}")
    probabilities = softmax((logits / temperature).astype(np.float32))
    averaged: FloatArray = probabilities.reshape(turns, count, CLASS_COUNT).mean(axis=0)
    return averaged


def guesses_from(probabilities: FloatArray) -> list[IndexGuess]:
    """One :class:`IndexGuess` per row of class probabilities (52 cards then "not an index")."""
    rows = probabilities.astype(np.float64).reshape(-1, CLASS_COUNT)
    by_rank = rows[:, :NOT_INDEX].reshape(-1, len(RANKS), len(SUITS))
    rank_sums, suit_sums = by_rank.sum(axis=2), by_rank.sum(axis=1)
    best, rank, suit = rows[:, :NOT_INDEX].argmax(axis=1), rank_sums.argmax(axis=1), suit_sums.argmax(axis=1)
    at = np.arange(len(rows))
    columns = zip(best.tolist(), rows[at, best].tolist(), rows[:, NOT_INDEX].tolist(), rank.tolist(), rank_sums[at, rank].tolist(),
                  suit.tolist(), suit_sums[at, suit].tolist(), strict=True)
    return [IndexGuess(card=CARD_CLASSES[b] if p >= none else None, confidence=p if p >= none else none, best=CARD_CLASSES[b],
                       best_probability=p, rank=RANKS[r], rank_probability=rp, suit=SUITS[u], suit_probability=up, not_index=none)
            for b, p, none, r, rp, u, up in columns]


def pooled(probabilities: np.ndarray) -> np.ndarray:
    """One reading of an index from the class probabilities of several cuts of it (one row each): their normalised
    geometric mean. Cuts that agree keep their confidence; a cut that gives the card little lowers it (unlike the mean,
    a single sure cut cannot outvote one that all but rules the card out), and the result is never surer than the cuts
    are on average, as they are not independent views."""
    logs = np.log(np.clip(np.asarray(probabilities, np.float64), 1e-9, 1.0)).mean(axis=0)
    weights = np.exp(logs - logs.max())
    result: np.ndarray = (weights / weights.sum()).astype(np.float32)
    return result


class CornerModel:
    """The corner-index network loaded with ``cv2.dnn``; :meth:`read` reads a batch of crops in one forward pass."""

    def __init__(self, net: cv2.dnn.Net, path: Path, max_aspect: float = SQUARE) -> None:
        self._net = net
        self.path = path
        self.max_aspect = max_aspect

    @classmethod
    def load(cls, path: str | Path | None = None) -> CornerModel:
        """Load the ONNX model (by default the one shipped in ``vision/models``), with the ``max_aspect`` its crops were
        padded to in training as the JSON beside it records (a square where it records none)."""
        model_path = Path(path) if path is not None else DEFAULT_MODEL_PATH
        if not model_path.is_file():
            raise CornerModelError(f"no corner model at {model_path}")
        max_aspect = _trained_aspect(model_path)
        try:
            net = cv2.dnn.readNetFromONNX(str(model_path))
        except cv2.error as error:
            raise CornerModelError(f"OpenCV cannot load the corner model {model_path}: {error}") from error
        net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
        net.setPreferableTarget(cv2.dnn.DNN_TARGET_CPU)
        return cls(net, model_path, max_aspect)

    def logits(self, batch: FloatArray) -> FloatArray:
        """The network's (temperature-scaled) logits for a preprocessed batch, ``N x 53``."""
        self._net.setInput(np.ascontiguousarray(batch, dtype=np.float32))
        output = np.asarray(self._net.forward(), dtype=np.float32)
        return output.reshape(batch.shape[0], -1)

    def probabilities(self, crops: list[npt.NDArray[np.uint8]], *, turns: int = TURNS) -> FloatArray:
        """Calibrated class probabilities of each crop, ``N x 53`` (52 cards, then "not an index"). ``turns``: read at the
        first 1-4 of its right-angle turns (fewer is quicker; the temperature was fitted on all four)."""
        if not 1 <= turns <= TURNS:
            raise CornerModelError(f"a crop is read at 1 to {TURNS} turns, not {turns}")
        batch = preprocess(crops, self.max_aspect)
        return turn_averaged(self.logits(with_turns(batch, turns)), len(crops), turns=turns)

    def read(self, crops: list[npt.NDArray[np.uint8]], *, turns: int = TURNS) -> list[IndexGuess]:
        """Read every crop (axis-aligned BGR or grey, uint8, any size) in one forward pass."""
        return guesses_from(self.probabilities(crops, turns=turns))


def _trained_aspect(model_path: Path) -> float:
    """The ``max_aspect`` recorded in the training report beside a model (``model.json``), or :data:`SQUARE`."""
    report = model_path.with_suffix(".json")
    if not report.is_file():
        return SQUARE
    try:
        value = json.loads(report.read_text(encoding="utf-8")).get("max_aspect", SQUARE)
    except (OSError, ValueError, AttributeError) as error:
        raise CornerModelError(f"the corner model's report {report} cannot be read: {error}") from error
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 1:
        raise CornerModelError(f"the corner model's report {report} gives max_aspect {value!r}, not a ratio of 1 or more")
    return float(value)


def pooled_again(model: CornerModel, probabilities: FloatArray, firsts: Sequence[npt.NDArray[np.uint8]],
                 seconds: dict[int, npt.NDArray[np.uint8]], *, turns: int = TURNS) -> FloatArray:
    """Several cuts of an index read as one: ``probabilities`` (one row per crop of ``firsts``, as ``model`` read them),
    each row that has a second cut in ``seconds`` (by position) differing from its first pooled with that cut's reading
    (:func:`pooled`), in place; returned. One forward pass for the second cuts."""
    differ = [i for i, cut in seconds.items() if not np.array_equal(cut, firsts[i])]
    if differ:
        for i, row in zip(differ, model.probabilities([seconds[i] for i in differ], turns=turns), strict=True):
            probabilities[i] = pooled(np.stack([probabilities[i], row]))
    return probabilities
