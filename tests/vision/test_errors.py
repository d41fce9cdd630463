"""Issue 24: one vision error hierarchy. Every error ``vision/`` raises on bad input is a :class:`vision.errors.VisionError`,
so a caller that catches it shows the message of any of them."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

from vision.calibration import Calibration, CalibrationError
from vision.errors import VisionError

VISION = Path(__file__).resolve().parents[2] / "vision"


def test_every_error_class_of_vision_is_a_vision_error() -> None:
    """Every exception class defined in ``vision/`` (read from the source, so a new one cannot be missed) derives from
    VisionError, and VisionError stays a ValueError (callers that caught ValueError still do)."""
    found = []
    for path in sorted(VISION.rglob("*.py")):
        if path.parent.name == "training" and importlib.util.find_spec("torch") is None:
            continue  # the [train] extra's modules import torch
        module = importlib.import_module(".".join(path.relative_to(VISION.parent).with_suffix("").parts))
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                value = getattr(module, node.name)
                if isinstance(value, type) and issubclass(value, BaseException):
                    found.append(value)
                    assert issubclass(value, VisionError), f"{path.name}: {node.name} is not a VisionError"
    assert {error.__name__ for error in found} >= {"VisionError", "CalibrationError", "TeachError", "EvidenceError", "EvalInputError"}
    assert issubclass(VisionError, ValueError)


def test_a_bad_calibration_is_caught_as_a_vision_error(tmp_path: Path) -> None:
    """A real failure caught by the root class, with its own message."""
    bad = tmp_path / "table.toml"
    bad.write_text("not toml [", encoding="utf-8")
    with pytest.raises(VisionError) as caught:
        Calibration.load(bad)
    assert isinstance(caught.value, CalibrationError) and "not valid TOML" in str(caught.value)
