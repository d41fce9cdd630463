"""pytest-qt fixtures for the dealer's window: offscreen, and no widget or thread may outlive a test (napari's habit)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtWidgets import QApplication

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import MississippiAuthorization, TableAgreements
from dealer_console.live.deck import stacked_deck
from dealer_console.live.table_session import TableSession

THREAD_GRACE_S = 30.0
"""How long a thread told to stop may take to end before a test fails for it."""


@pytest.fixture(autouse=True)
def no_leaks(qapp: QApplication) -> Iterator[None]:
    """Fail a test that leaves a top-level widget open or a thread running."""
    widgets_before = set(map(id, QApplication.topLevelWidgets()))
    threads_before = set(threading.enumerate())
    yield
    QApplication.processEvents()
    leaked = [w for w in QApplication.topLevelWidgets() if id(w) not in widgets_before and w.isVisible()]
    assert not leaked, f"widgets left open: {leaked}"
    running = threads_still_running(threads_before)
    assert not running, f"a thread outlived the test: {running}"


def threads_still_running(before: set[threading.Thread], *, grace_s: float = THREAD_GRACE_S) -> list[str]:
    """The names of the threads started since ``before`` that are still running ``grace_s`` seconds from now.

    A thread told to stop may still be finishing its last step (a camera frame read on a loaded host takes seconds), so each
    new thread is given until the deadline to end; one still running then was never stopped.
    """
    deadline = time.monotonic() + grace_s
    for thread in set(threading.enumerate()) - before:
        thread.join(max(0.0, deadline - time.monotonic()))
    return sorted(thread.name for thread in set(threading.enumerate()) - before if thread.is_alive())


def make_session(game: str, seats: dict[int, int], *, button: int, deck: str = "", structure: str = "pot-limit") -> TableSession:
    """A table with ``seats`` (seat -> buy-in), the button placed, blinds 1/2, Mississippi authorized, a stacked deck."""
    from datetime import UTC, datetime

    agreements = TableAgreements(
        mississippi=MississippiAuthorization(manager="Floor", at=datetime(2024, 1, 1, tzinfo=UTC)), extra_player_authorized_by="Floor"
    )
    config = TableConfig(seat_count=9, schedule=single_game(game, structure, small_blind=1, big_blind=2), min_buy_in=20,
                         max_buy_in=400, agreements=agreements)
    table = Table(config)
    for seat, buy_in in seats.items():
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=buy_in)
    table.place_button(seat=button)
    return TableSession(table, deck_for_hand=lambda _: stacked_deck(deck))


@pytest.fixture
def open_window(qtbot) -> Callable[[TableSession], object]:  # type: ignore[no-untyped-def]
    """Open a :class:`DealerWindow` on a session; pytest-qt closes it after the test."""
    from dealer_console.ui.main_window import DealerWindow

    def opener(session: TableSession) -> DealerWindow:
        window = DealerWindow(session)
        qtbot.addWidget(window)
        window.resize(1400, 1000)
        window.show()
        window.activateWindow()
        qtbot.waitExposed(window, timeout=3000)
        return window

    return opener
