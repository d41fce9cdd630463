"""Keys a dealer cannot trip over (docs/ui.md, Keys): digits type the keypad's amount, Backspace and Escape edit it and
nothing else, Ctrl+Z undoes saying what it takes back and asks before taking back dealt cards, Ctrl+Q quits with
everything recorded, a key that does nothing says why, and the messages of a hand leave with it.

Table: pot-limit Omaha, blinds 1/2, seats 1, 3, 5 with 100 each, button seat 1 (seat 3 small blind, seat 5 big blind,
seat 1 first to act pre-flop)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_console.engine.events import HoleCardsDealt
from tests.ui.conftest import make_session
from tests.ui.screen_states import Screens


def test_digits_type_the_amount_and_backspace_escape_only_edit_it(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    session.deal_hole_cards()
    events = len(session.hand.events)
    qtbot.keyClick(window, Qt.Key.Key_1)
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.KeypadModifier)  # the number pad's 2
    qtbot.keyClick(window, Qt.Key.Key_7)
    assert window.action_bar.amount_edit.text() == "127"
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert window.action_bar.amount_edit.text() == "12"
    assert len(session.hand.events) == events, "Backspace took back nothing of the hand"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.action_bar.amount_edit.text() == ""
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert len(session.hand.events) == events and session.hand.hole_cards(3), "Backspace never undoes the deal"
    for key in (Qt.Key.Key_6, Qt.Key.Key_Return):
        qtbot.keyClick(window, key)
    assert session.hand.bets[1] == 6, "the typed amount is the raise-to total"


def test_the_undo_button_calls_a_blind_a_blind_and_a_straddle_a_straddle(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Right after the blinds the undo takes back the big blind's post, not a straddle; after seat 1's straddle, that."""
    session = make_session("O", {1: 100, 3: 100, 5: 100, 7: 100}, button=7)
    window = open_window(session)
    session.start_hand()  # seat 1 small blind, seat 3 big blind
    assert window.action_bar.labels["undo"].startswith("Undo: seat 3's blind")
    session.post_straddle()  # seat 5, left of the big blind
    assert window.action_bar.labels["undo"].startswith("Undo: seat 5's straddle")


def test_ctrl_z_names_what_it_undoes_and_asks_before_taking_back_dealt_cards(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    session.deal_hole_cards()
    assert window.action_bar.labels["undo"].startswith("Undo: seat 1's hole cards")

    def answer(button: QMessageBox.StandardButton) -> None:
        def press() -> None:
            box = window.undo_confirmation
            if box is None:
                QTimer.singleShot(10, press)
                return
            box.button(button).click()
        QTimer.singleShot(0, press)

    answer(QMessageBox.StandardButton.No)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(session.hand.events_in_force[-1], HoleCardsDealt), "No keeps the cards dealt"
    assert window.notification_area.messages()[0] == "Not undone: Undo: seat 1's hole cards"
    answer(QMessageBox.StandardButton.Yes)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not session.hand.hole_cards(1), "Yes takes seat 1's cards back"
    # an action is undone at once, the button saying which
    while session.hand.legal_actions() is None:
        session.deal_hole_cards()
    qtbot.keyClick(window, Qt.Key.Key_C)
    assert window.action_bar.labels["undo"].startswith("Undo: seat 1's action")
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.hand.actor == 1 and session.hand.bets[1] == 0


def test_a_key_that_does_nothing_says_why(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    qtbot.keyClick(window, Qt.Key.Key_F)  # no fold before the deal
    assert window.notification_area.messages()[0] == "Refused: Key F: not possible now (only the actions shown on the buttons are)"
    qtbot.keyClick(window, Qt.Key.Key_7)  # no amount asked before the deal
    assert window.notification_area.messages()[0] == "Refused: Key 7: no amount is asked for now"
    qtbot.keyClick(window, Qt.Key.Key_J)
    assert window.notification_area.messages()[0] == "Refused: Key J does nothing; the keys are on the buttons"


def test_messages_belong_to_their_hand(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    qtbot.keyClick(window, Qt.Key.Key_J)
    assert window.notification_area.count() == 1
    session.misdeal()
    session.start_hand()
    assert window.notification_area.count() == 0, "the next hand starts with no old warnings"
    assert (1, "Refused: Key J does nothing; the keys are on the buttons") in window.notification_area.history


def test_ctrl_q_quits_after_the_store_has_every_command(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    screens = Screens(tmp_path)
    try:
        session = screens.table("O", {1: 100, 3: 100, 5: 100}, button=1)
        window = screens.window(session)
        session.start_hand()
        screens.settle(session)
        qtbot.keyClick(window, Qt.Key.Key_D)
        qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
        QApplication.processEvents()
        assert not window.isVisible()
        stored = [event.kind for event in screens.store.events(session.recorder.table_id)]
        assert len([kind for kind in stored if "hole" in kind]) == 3, f"the deal given before Ctrl+Q is in the store: {stored}"
    finally:
        screens.close()
