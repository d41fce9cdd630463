"""Shared test fixtures: where the shared test data lives."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.floor.test_report_html import Reported

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


@pytest.fixture(scope="session")
def reported_hand(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Reported]:
    """The dispute report's hand (tests/floor/test_report_html.py), recorded once for its HTML and its PDF tests."""
    from dealer_console.config import StoreSettings
    from dealer_console.store import Store
    from tests.floor.test_report_html import record_reported_hand

    folder = tmp_path_factory.mktemp("reported")
    with Store.open(f"sqlite:///{folder / 'report.sqlite3'}", settings=StoreSettings(data_dir=folder / "data")) as store:
        yield record_reported_hand(store)
