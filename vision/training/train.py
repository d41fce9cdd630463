"""Train the corner-index reader and export it as ONNX for ``cv2.dnn``.

``python -m vision.training.train`` (needs the ``[train]`` extra and the shared data) builds the
training and validation sets from a seed (:mod:`vision.training.dataset`), trains a small CNN on the
CPU, fits the temperature on the validation scenes (probabilities averaged over the four right-angle
turns, as :class:`vision.corner_model.CornerModel` reads), exports the network with the temperature
inside, checks that ``cv2.dnn`` gives the same outputs as torch, and writes a JSON of what it did
beside the model.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import torch
from torch import nn
from torch.nn import functional

from vision.corner_model import CLASS_COUNT, DEFAULT_MODEL_PATH, INPUT_SIZE, SQUARE, CornerModel, turn_averaged, with_turns
from vision.training.dataset import CropSet, SetSizes, build_training_set, build_validation_set
from vision.training.photos import corner_photos_dir

OPSET = 13


def _block(inputs: int, outputs: int, convolutions: int) -> nn.Sequential:
    layers: list[nn.Module] = []
    for number in range(convolutions):
        layers += [nn.Conv2d(inputs if number == 0 else outputs, outputs, 3, padding=1, bias=False), nn.BatchNorm2d(outputs), nn.ReLU(inplace=True)]
    return nn.Sequential(*layers, nn.MaxPool2d(2))


WIDTHS = (20, 40, 80)
CONVOLUTIONS = (1, 2, 2)


class CornerNet(nn.Module):
    """Three blocks of 3x3 convolutions (by default 20 channels once, 40 twice, 80 twice; each block halves the size:
    32 -> 4 pixels), global average, dropout, one linear layer to 53 classes: 113 k parameters, about 12 M multiply-adds a
    crop."""

    def __init__(self, widths: tuple[int, int, int] = WIDTHS, convolutions: tuple[int, int, int] = CONVOLUTIONS) -> None:
        super().__init__()
        self.features = nn.Sequential(_block(3, widths[0], convolutions[0]), _block(widths[0], widths[1], convolutions[1]),
                                      _block(widths[1], widths[2], convolutions[2]))
        self.dropout = nn.Dropout(0.2)
        self.classes = nn.Linear(widths[2], CLASS_COUNT)

    def forward(self, batch: torch.Tensor) -> torch.Tensor:
        pooled = self.features(batch).mean(dim=(2, 3))
        return self.classes(self.dropout(pooled))  # type: ignore[no-any-return]


class Scaled(nn.Module):
    """The network with its logits divided by the fitted temperature (what is exported)."""

    def __init__(self, net: CornerNet, temperature: float) -> None:
        super().__init__()
        self.net = net
        self.register_buffer("inverse", torch.tensor(1.0 / temperature, dtype=torch.float32))

    def forward(self, batch: torch.Tensor) -> torch.Tensor:
        return self.net(batch) * self.inverse  # type: ignore[no-any-return]


def _turned_batches(inputs: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """Each sample turned by its own random multiple of 90 degrees (any turn of an axis-aligned crop is a real view)."""
    turns = torch.randint(0, 4, (inputs.shape[0],), generator=generator)
    out = inputs.clone()
    for turn in range(1, 4):
        chosen = turns == turn
        if bool(chosen.any()):
            out[chosen] = torch.rot90(inputs[chosen], turn, dims=(2, 3))
    return out


def validation_logits(net: nn.Module, validation: CropSet) -> npt.NDArray[np.float32]:
    """The network's logits on the validation crops at their four turns (turn-major, as :func:`with_turns` lays them)."""
    net.eval()
    with torch.no_grad():
        turned = with_turns(validation.inputs.astype(np.float32))
        return np.concatenate([net(torch.from_numpy(chunk)).numpy() for chunk in np.array_split(turned, max(1, len(turned) // 1024))])


def turn_nll(logits: npt.NDArray[np.float32], labels: npt.NDArray[np.int64], temperature: float) -> float:
    """Mean negative log-likelihood of the turn-averaged probabilities at a temperature."""
    probabilities = turn_averaged(logits, len(labels), temperature)
    return float(-np.log(np.clip(probabilities[np.arange(len(labels)), labels], 1e-9, 1.0)).mean())


def fit_temperature(logits: npt.NDArray[np.float32], labels: npt.NDArray[np.int64]) -> float:
    """The temperature minimising the validation NLL (a grid, then a finer grid around the best)."""
    grid = np.exp(np.linspace(np.log(0.3), np.log(8.0), 60))
    best = min(grid, key=lambda value: turn_nll(logits, labels, float(value)))
    fine = np.linspace(best * 0.93, best * 1.07, 29)
    return float(min(fine, key=lambda value: turn_nll(logits, labels, float(value))))


def train(training: CropSet, validation: CropSet, *, epochs: int, seed: int, log: Callable[[str], None] = print,
          widths: tuple[int, int, int] = WIDTHS, convolutions: tuple[int, int, int] = CONVOLUTIONS) -> tuple[CornerNet, dict[str, float]]:
    """Train the network (AdamW, one-cycle learning rate); keep the epoch with the lowest validation NLL."""
    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed)
    net = CornerNet(widths, convolutions).to(memory_format=torch.channels_last)  # type: ignore[call-overload]
    batch_size = 128
    steps = epochs * int(np.ceil(len(training) / batch_size))
    optimiser = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=5e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps, pct_start=0.15)
    inputs = torch.from_numpy(training.inputs)
    labels = torch.from_numpy(training.labels)
    best: tuple[float, dict[str, torch.Tensor], int] = (float("inf"), {}, -1)
    for epoch in range(epochs):
        net.train()
        started, total = time.monotonic(), 0.0
        order = torch.randperm(len(training), generator=generator)
        for start in range(0, len(order), batch_size):
            chosen = order[start : start + batch_size]
            batch = _turned_batches(inputs[chosen].float(), generator).contiguous(memory_format=torch.channels_last)
            loss = functional.cross_entropy(net(batch), labels[chosen], label_smoothing=0.02)
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(chosen)
        logits = validation_logits(net, validation)
        nll = turn_nll(logits, validation.labels, 1.0)
        accuracy = float((turn_averaged(logits, len(validation), 1.0).argmax(axis=1) == validation.labels).mean())
        seconds = time.monotonic() - started
        log(f"epoch {epoch + 1}/{epochs}: train loss {total / len(training):.4f}, validation NLL {nll:.4f}, accuracy {accuracy:.4f} ({seconds:.0f} s)")
        if nll < best[0]:
            best = (nll, {name: value.clone() for name, value in net.state_dict().items()}, epoch + 1)
    net = net.to(memory_format=torch.contiguous_format)
    net.load_state_dict(best[1])
    net.eval()
    return net, {"best_epoch": best[2], "validation_nll": best[0]}


def export(net: CornerNet, temperature: float, path: Path, check: npt.NDArray[np.float32]) -> float:
    """Write the ONNX model (temperature inside, any batch size); the largest difference between cv2.dnn's and torch's logits."""
    scaled = Scaled(net, temperature).eval()
    path.parent.mkdir(parents=True, exist_ok=True)
    example = torch.zeros(1, 3, INPUT_SIZE, INPUT_SIZE)
    torch.onnx.export(
        scaled,
        (example,),
        str(path),
        input_names=["crops"],
        output_names=["logits"],
        dynamic_axes={"crops": {0: "batch"}, "logits": {0: "batch"}},
        opset_version=OPSET,
        dynamo=False,
    )
    with torch.no_grad():
        expected = scaled(torch.from_numpy(check)).numpy()
    got = CornerModel.load(path).logits(check)
    return float(np.abs(got - expected).max())


def _three(text: str) -> tuple[int, int, int]:
    """Three positive whole numbers, comma-separated (``20,40,80``)."""
    try:
        values = tuple(int(part) for part in text.split(","))
    except ValueError:
        values = ()
    if len(values) != 3 or min(values) < 1:
        raise argparse.ArgumentTypeError(f"expected three positive whole numbers separated by commas, not {text!r}")
    return values[0], values[1], values[2]


def main(argv: list[str] | None = None) -> int:
    """The command line: build the sets, train, calibrate, export, check; print what was done as JSON."""
    parser = argparse.ArgumentParser(prog="python -m vision.training.train", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder (default: DEALER_SHARED_DATA)")
    parser.add_argument("--out", type=Path, default=DEFAULT_MODEL_PATH, help="where to write the ONNX model")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--epochs", type=int, default=45)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every count of the training set (a quick run: 0.1)")
    parser.add_argument("--widths", type=_three, default=WIDTHS, help="channels of the three blocks (default %(default)s)")
    parser.add_argument("--max-aspect", type=float, default=SQUARE,
                        help="pad each crop to at most this ratio of its sides, not to a square (default %(default)s: a square, as"
                             " shipped); written to the model's report, which CornerModel.load reads")
    parser.add_argument("--convolutions", type=_three, default=CONVOLUTIONS, help="3x3 convolutions in each block (default %(default)s)")
    parser.add_argument("--proposal-negatives", type=int, default=0, metavar="N",
                        help="teach up to N index proposals outside rank_photos' boxed cards (its train split) as no index"
                             " (default 0, as shipped; scaled by --scale)")
    args = parser.parse_args(argv)
    if not args.max_aspect >= 1:
        parser.error(f"--max-aspect must be 1 or more (a ratio of the sides), not {args.max_aspect}")
    if args.proposal_negatives < 0:
        parser.error(f"--proposal-negatives must be 0 or more, not {args.proposal_negatives}")
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    data = corner_photos_dir(args.data).parent
    started = time.monotonic()
    base = SetSizes()
    sizes = SetSizes(**{name: max(1, int(round(getattr(base, name) * args.scale))) for name in base.__dataclass_fields__})
    sizes = dataclasses.replace(sizes, proposal_negatives=int(round(args.proposal_negatives * args.scale)))
    training = build_training_set(data, args.seed, sizes, max_aspect=args.max_aspect)
    validation = build_validation_set(data, args.seed + 1, max_aspect=args.max_aspect)
    built = time.monotonic() - started
    print(f"training set {len(training)} crops, validation {len(validation)} ({built:.0f} s)")
    net, summary = train(training, validation, epochs=args.epochs, seed=args.seed, widths=args.widths, convolutions=args.convolutions)
    logits = validation_logits(net, validation)
    temperature = fit_temperature(logits, validation.labels)
    check = with_turns(validation.inputs[:64].astype(np.float32))
    difference = export(net, temperature, args.out, check)
    report = {
        "seed": args.seed,
        "epochs": args.epochs,
        "scale": args.scale,
        "max_aspect": args.max_aspect,
        "proposal_negatives": sizes.proposal_negatives,
        "training_crops": len(training),
        "validation_crops": len(validation),
        "temperature": round(temperature, 4),
        "validation_nll_at_1": round(turn_nll(logits, validation.labels, 1.0), 4),
        "validation_nll_calibrated": round(turn_nll(logits, validation.labels, temperature), 4),
        "best_epoch": summary["best_epoch"],
        "cv2_dnn_max_logit_difference": difference,
        "widths": list(args.widths),
        "convolutions": list(args.convolutions),
        "parameters": sum(parameter.numel() for parameter in net.parameters()),
        "model_bytes": args.out.stat().st_size,
        "build_seconds": round(built),
        "total_seconds": round(time.monotonic() - started),
        "torch": torch.__version__,
        "opencv": cv2.__version__,
    }
    args.out.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report))
    return 0 if difference < 1e-3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
