"""Fitting the pair scorer of ``vision.proposals`` on the photos of ``corner_photos`` outside the held-out half.

``python -m vision.proposals_fit`` finds every rank-and-suit pair on those photos (``pair_candidates``), marks
the pairs whose box, at one of the margins, lies on a labelled index (IoU >= 0.5), and fits a small network
(one hidden layer of ``HIDDEN`` tanh units, logistic loss, Adam) that ranks them. Each labelled index weighs
the same however many pairs find it, and each photo's other pairs weigh the same in all as any photo's, so the
scorer learns to bring every index into a photo's best few, not to find the easy ones many times. The result
is written as ``vision/proposal_weights.py``. Data: "Card Detection" v12 by the Roboflow user
cadyzedevelopmenthub (GitHub repository Ammememe/CardCounterML), CC BY 4.0.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.proposals import FEATURES, MARGINS, _inputs, pair_candidates
from vision.proposals_eval import CornerPhoto, held_out, load_corner_photos, shared_data

__all__ = ["fit_scorer", "main", "PairTable", "pair_table", "write_weights"]

HIDDEN = 32
STEPS = 5000
BATCH = 4096
LEARNING_RATE = 3e-3
# Networks fitted from successive seeds and averaged (one seed's ranking varies by a point of recall).
NETWORKS = 3


@dataclass
class PairTable:
    """The scorer's inputs for every pair, whether it finds an index, its weight and its photo."""

    inputs: np.ndarray
    positive: np.ndarray
    weight: np.ndarray
    photo: np.ndarray


def _ious(label: tuple[float, float, float, float], boxes: np.ndarray) -> np.ndarray:
    iw = np.clip(np.minimum(label[2], boxes[:, 2]) - np.maximum(label[0], boxes[:, 0]), 0, None)
    ih = np.clip(np.minimum(label[3], boxes[:, 3]) - np.maximum(label[1], boxes[:, 1]), 0, None)
    inter = iw * ih
    area = (label[2] - label[0]) * (label[3] - label[1]) + (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    return np.asarray(inter / np.maximum(area - inter, 1e-6))


def pair_table(photos: Sequence[CornerPhoto]) -> PairTable:
    """Every pair on the photos, marked and weighted as the module's docstring says."""
    inputs, positive, weight, owner = [], [], [], []
    for k, photo in enumerate(photos):
        img = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError(f"cannot decode {photo.path}")
        union, feats = pair_candidates(img)
        side = np.maximum(union[:, 2] - union[:, 0], union[:, 3] - union[:, 1])[:, None]
        w = np.zeros(len(union))
        for label in photo.boxes:
            hit = np.zeros(len(union), bool)
            for margin, _cost in MARGINS:
                hit |= _ious(label, np.concatenate([union[:, :2] - margin * side, union[:, 2:] + margin * side], 1)) >= 0.5
            if hit.any():
                w[hit] += 1.0 / hit.sum()
        pos = w > 0
        w[~pos] = 1.0 / max(int((~pos).sum()), 1)
        inputs.append(_inputs(feats))
        positive.append(pos)
        weight.append(w)
        owner.append(np.full(len(union), k))
    table = PairTable(np.concatenate(inputs), np.concatenate(positive), np.concatenate(weight), np.concatenate(owner))
    pos = table.positive
    table.weight[pos] *= table.weight[~pos].sum() / max(table.weight[pos].sum(), 1e-9)
    return table


def fit_scorer(table: PairTable, *, hidden: int = HIDDEN, steps: int = STEPS, seed: int = 0) -> dict[str, np.ndarray]:
    """A one-hidden-layer network fitted to the table (weighted logistic loss, Adam): its arrays by name."""
    rng = np.random.default_rng(seed)
    mean = table.inputs.mean(0)
    scale = table.inputs.std(0) + 1e-6
    z = ((table.inputs - mean) / scale).astype(np.float32)
    params = [
        rng.normal(0, 0.5, (z.shape[1], hidden)).astype(np.float32),
        np.zeros(hidden, np.float32),
        rng.normal(0, 0.5, hidden).astype(np.float32),
        np.zeros(1, np.float32),
    ]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    chance = table.weight / table.weight.sum()
    for step in range(1, steps + 1):
        pick = rng.choice(len(z), BATCH, p=chance)
        x, y = z[pick], table.positive[pick].astype(np.float32)
        act = np.tanh(x @ params[0] + params[1])
        prob = 1.0 / (1.0 + np.exp(-(act @ params[2] + params[3][0])))
        g = (prob - y) / BATCH
        g_act = np.outer(g, params[2]) * (1 - act * act)
        grads = [x.T @ g_act, g_act.sum(0), act.T @ g, np.array([g.sum()], np.float32)]
        for p, grad, m, v in zip(params, grads, first, second, strict=True):
            m[...] = 0.9 * m + 0.1 * grad
            v[...] = 0.999 * v + 0.001 * grad * grad
            p -= LEARNING_RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return {"MEAN": mean, "SCALE": scale, "HIDDEN": params[0], "HIDDEN_BIAS": params[1], "OUTPUT": params[2], "OUTPUT_BIAS": params[3]}


def merged_networks(nets: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """Networks fitted on one table (same standardisation) as one: their hidden units side by side, the output the
    mean of their logits."""
    k = len(nets)
    return {
        "MEAN": nets[0]["MEAN"],
        "SCALE": nets[0]["SCALE"],
        "HIDDEN": np.concatenate([n["HIDDEN"] for n in nets], 1),
        "HIDDEN_BIAS": np.concatenate([n["HIDDEN_BIAS"] for n in nets]),
        "OUTPUT": np.concatenate([n["OUTPUT"] for n in nets]) / k,
        "OUTPUT_BIAS": np.mean([n["OUTPUT_BIAS"] for n in nets], 0),
    }


def _literal(values: np.ndarray, indent: str = "    ") -> str:
    """A tuple literal, eight numbers a line (a matrix: a tuple of such rows)."""
    if values.ndim == 2:
        return "(\n" + "".join(f"{indent}{_literal(row, indent + '    ')},\n" for row in values) + indent[:-4] + ")"
    numbers = [f"{float(v):.5g}" for v in values]
    if len(numbers) <= 8:
        return "(" + ", ".join(numbers) + ("," if len(numbers) == 1 else "") + ")"
    rows = [", ".join(numbers[i : i + 8]) for i in range(0, len(numbers), 8)]
    return "(\n" + "".join(f"{indent}{row},\n" for row in rows) + indent[:-4] + ")"


def write_weights(arrays: dict[str, np.ndarray], path: Path, note: str) -> None:
    """Write the fitted arrays as the Python module ``vision.proposal_weights``."""
    inputs = ", ".join((*FEATURES, "merged"))
    lines = [
        '"""The pair scorer of ``vision.proposals``, as fitted by ``python -m vision.proposals_fit``.',
        "",
        f"Fitted on {note}.",
        f"Inputs: {inputs}.",
        "Standardised by MEAN and SCALE, then tanh(x @ HIDDEN + HIDDEN_BIAS) @ OUTPUT + OUTPUT_BIAS (a logit).",
        '"""',
        "",
    ]
    for name in ("MEAN", "SCALE", "HIDDEN", "HIDDEN_BIAS", "OUTPUT"):
        lines.append(f"{name} = {_literal(np.asarray(arrays[name]))}")
    lines.append(f"OUTPUT_BIAS = {float(arrays['OUTPUT_BIAS'][0]):.5g}")
    path.write_text("\n".join(lines) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.proposals_fit", description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder (default: DEALER_SHARED_DATA)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("proposal_weights.py"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--networks", type=int, default=NETWORKS, help="networks fitted from successive seeds and averaged")
    args = parser.parse_args(argv)
    data = args.data or shared_data()
    if data is None:
        parser.error("no shared data: set DEALER_SHARED_DATA or pass --data")
    cv2.setNumThreads(1)
    photos = [p for p in load_corner_photos(data / "corner_photos") if not held_out(p)]
    table = pair_table(photos)
    arrays = merged_networks([fit_scorer(table, seed=args.seed + k) for k in range(args.networks)])
    note = (
        f"{len(photos)} photos outside the held-out scenes, {int(table.positive.sum())} of {len(table.positive)} pairs on an index, "
        f"{args.networks} networks of {HIDDEN} units averaged, seeds from {args.seed}"
    )
    write_weights(arrays, args.out, note)
    print(note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
