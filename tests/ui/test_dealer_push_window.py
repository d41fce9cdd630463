"""The dealer push through the window: the Table menu's "Dealer push…" (Ctrl+P) opens the incoming dealer's sign-in between
hands, refuses during a hand with a message, and the status bar names the new dealer and their down's pace.

Sources: SPEC.md, A night at the table ("the incoming dealer signs in between hands; every event names the dealer on duty.
Pace (hands per hour per table and per dealer down) is shown"); SPEC.md, The dealer's screen ("every action has a keyboard
shortcut"); docs/ui.md, Dealer push, clock and pace.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLineEdit

from dealer_console.live.deck import stacked_deck
from dealer_console.live.tables import recorded_session
from dealer_console.store import Store
from dealer_console.store.kinds import Role
from tests.live.test_dealer_push import DECK, play_hand, template
from tests.support.staff import add_staff
from tests.ui.test_window_store import settle


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(f"sqlite:///{tmp_path / 'push.sqlite3'}") as opened:
        add_staff(opened, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"), ("Eve", Role.DEALER, "2222"))
        yield opened


def action(window, text: str) -> QAction:  # type: ignore[no-untyped-def]
    found = [a for a in window.findChildren(QAction) if a.text() == text]
    assert found, f"no action {text!r}"
    return found[0]


def test_dealer_push_from_the_menu_signs_the_next_dealer_in_between_hands(qtbot, open_window, store: Store) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+P during a hand: one clear message and no dialog; after the hand: the sign-in, then the push recorded under the
    incoming dealer, who the status bar names."""
    session = recorded_session(store, template(), deck_for_hand=lambda _: stacked_deck(DECK), dealer="Dana")
    window = open_window(session)
    push = action(window, "Dealer push…")
    assert push.shortcut().toString() == "Ctrl+P"
    session.record_in_background(None)  # the hand is played here directly; the window's recorder takes the push
    assert session.start_hand()
    push.trigger()
    assert window.dialog is None
    assert window.notification_area.messages()[0].startswith("Refused: No dealer push during a hand: finish hand 1 first")
    assert session.deal_hole_cards() and session.call() and session.call() and session.check()
    while not session.hand.is_complete:
        assert session.check() if session.legal_actions() else (session.deal_board() if session.next_board() else
                                                                session.show(session.showdown_seats()[0]))
    session.record_in_background(window.recorder)
    push.trigger()
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "dealer_push_dialog"
    dialog.findChild(QLineEdit, "sign_in_name").setText("Eve")
    dialog.findChild(QLineEdit, "sign_in_secret").setText("2222")
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: session.dealer == "Eve", timeout=10_000)
    settle(qtbot, session)
    assert window.dealer_label.text() == "Dealer: Eve" and window.dialog is None
    assert "Eve's down: 0 hands" in window.night.pace.text()
    [pushed] = store.events(session.recorder.table_id, kinds=("dealer_push",))
    assert (pushed.actor, pushed.record().outgoing, pushed.record().outgoing_hands) == ("Eve", "Dana", 1)


def test_the_pace_is_on_the_status_bar(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """SPEC: the pace of the table and of the down on the dealer's screen, re-read after each hand."""
    from dealer_console.live.table_session import TableSession

    session = TableSession(template(), deck_for_hand=lambda _: stacked_deck(DECK), dealer="Dana")
    window = open_window(session)
    minutes = [0.0]
    from datetime import UTC, datetime, timedelta

    start = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)
    window.night.meter.now = lambda: start + timedelta(minutes=minutes[0])
    window.night.meter.opened = window.night.meter.down_started = start
    for _ in range(2):
        minutes[0] += 3
        play_hand(session)
    minutes[0] = 12
    window.night.pace.refresh()
    assert window.night.pace.text() == "Pace: table 10/h (30 min) · Dana's down: 2 hands in 12 min, 10/h"
