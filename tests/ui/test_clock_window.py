"""The action clock through the window: called on the player to act, counted down by an injected time source, the time bank
after it, and at zero the dealer confirms the fold facing a bet, or the check otherwise; nothing happens by itself.

Sources: SPEC.md, A night at the table ("An optional action clock (TDA): called by the floor or dealer on a seat, counted down
on screen, time banks if the house sets them; at zero the dealer confirms the outcome (fold facing a bet, else check);
nothing happens by itself"); Poker TDA Rules 2022, Rule 30; docs/ui.md, Dealer push, clock and pace.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_console.engine.events import Checked
from dealer_console.live.deck import stacked_deck
from dealer_console.live.table_session import TableSession
from tests.live.test_action_clock import FakeTime, clocked_config
from tests.live.test_dealer_push import DECK, template
from tests.ui.test_dealer_push_window import action


def test_clock_call_countdown_time_bank_and_confirmed_fold_then_check(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Call the clock (button), the countdown and the time bank on screen as the time source moves, nothing at zero until the
    dealer confirms (Ctrl+Shift+L's action): a fold facing the big blind, then a check for the big blind."""
    session = TableSession(template(config=clocked_config(seconds=30, bank=15)), deck_for_hand=lambda _: stacked_deck(DECK))
    window = open_window(session)
    time = FakeTime()
    clock = window.night.clock
    clock.now = time
    widget = window.night.clock_widget
    session.start_hand()
    session.deal_hole_cards()
    widget.refresh()
    assert widget.isVisible() and widget.label.text() == "Clock: off"
    qtbot.mouseClick(widget.call_button, Qt.MouseButton.LeftButton)
    widget.refresh()
    assert widget.label.text() == "Seat 1 on the clock: 30 s" and not widget.call_button.isVisible()
    time.now += 20
    widget.refresh()
    assert widget.label.text() == "Seat 1 on the clock: 10 s"
    time.now += 15
    widget.refresh()
    assert widget.label.text() == "Seat 1 on the time bank: 10 s"
    time.now += 10
    widget.refresh()
    assert widget.label.text() == "Seat 1: time. The rule gives a fold" and widget.confirm_button.isVisible()
    assert session.hand.actor == 1  # nothing happened by itself
    confirm = action(window, "Confirm the clock's outcome")
    assert confirm.shortcut().toString() == "Ctrl+Shift+L"
    confirm.trigger()
    widget.refresh()
    assert session.hand.is_folded(1) and widget.label.text() == "Clock: off"
    assert session.call()  # seat 3 calls; the big blind may check
    action(window, "Call the clock").trigger()
    time.now += 30  # seat 5's bank is its own: 15 seconds more
    widget.refresh()
    assert widget.label.text() == "Seat 5 on the time bank: 15 s"
    time.now += 15
    widget.refresh()
    assert widget.confirm_button.text() == "Confirm the check [Ctrl+Shift+L]"
    qtbot.mouseClick(widget.confirm_button, Qt.MouseButton.LeftButton)
    assert isinstance(session.hand.events[-1], Checked) and session.hand.events[-1].seat == 5


def test_clock_refused_without_the_house_setting_or_before_zero(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A house without a clock shows no clock and refuses the call plainly; confirming before zero is refused plainly."""
    window = open_window(TableSession(template(), deck_for_hand=lambda _: stacked_deck(DECK)))
    window.session.start_hand()
    window.session.deal_hole_cards()
    assert not window.night.clock_widget.isVisible()
    action(window, "Call the clock").trigger()
    assert "without an action clock" in window.notification_area.messages()[0]
    window.close()  # one dealer's window at a time (each captures the threads' errors while it is open)
    session = TableSession(template(config=clocked_config()), deck_for_hand=lambda _: stacked_deck(DECK))
    other = open_window(session)
    other.night.clock.now = FakeTime()
    session.start_hand()
    session.deal_hole_cards()
    action(other, "Call the clock").trigger()
    action(other, "Confirm the clock's outcome").trigger()
    assert "The clock has not run out: 30 seconds are left" in other.notification_area.messages()[0]
    assert session.hand.actor == 1


def test_the_clock_and_the_pace_speak_russian(qapp, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """SPEC, The dealer's screen: English and Russian through Qt's translation system, these texts too."""
    from dealer_console.ui.translation import install_translation

    install_translation(qapp, "ru")
    try:
        session = TableSession(template(config=clocked_config()), deck_for_hand=lambda _: stacked_deck(DECK), dealer="Dana")
        window = open_window(session)
        window.night.clock.now = FakeTime()
        session.start_hand()
        session.deal_hole_cards()
        window.night.clock.call()
        window.night.clock_widget.refresh()
        assert window.night.clock_widget.label.text() == "Место 1 на часах: 30 с"
        assert window.night.pace.text().startswith("Темп: стол")
        assert action(window, "Смена дилера…").shortcut().toString() == "Ctrl+P"
    finally:
        install_translation(qapp, "en")
