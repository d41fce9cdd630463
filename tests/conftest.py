"""Shared test fixtures: where the shared test data lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def shared_data_dir() -> Path | None:
    """``$DEALER_SHARED_DATA`` or ``../shared/data`` beside the project, if present."""
    env = os.environ.get("DEALER_SHARED_DATA")
    candidates = [Path(env)] if env else []
    candidates.append(ROOT.parent / "shared" / "data")
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return None


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The shared data folder; tests that need it skip with a clear reason when it is absent."""
    found = shared_data_dir()
    if found is None:
        pytest.skip("shared test data not found: set DEALER_SHARED_DATA or place ../shared/data beside the project")
    return found
