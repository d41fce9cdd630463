"""One amount convention on the whole screen (docs/ui.md, Amounts): a bet or a raise is named by its total ("to"), a
call by the chips it adds, and where a raise or an all-in also calls, the call is said beside it. The action bar's
buttons, the sensor panel's "To call" column and the chip reader's proposal, for the same state of the same hand,
must say the same figures.

Table: no-limit Omaha, blinds 1/2, button seat 1 (seat 3 small blind, seat 5 big blind, seat 7 first to act). Seat 7
raises to 7, seat 1 folds, seat 3 moves all-in for 180: seat 7 owes 173 to make 180 (the case "Call 173 / All-in 180").
The bet zones are fed to the sensors as the board's reader would (``TableSensors.on_frame``), with no board or thread.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtWidgets import QApplication

from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.table_session import TableSession
from dealer_console.ui.action_bar import ActionBar
from dealer_console.ui.sensor_panel import SensorPanel
from drivers.board import Received
from drivers.codec import ChipCount, Frame, ZoneReading
from tests.ui.conftest import make_session

TO_CALL = 4
"""The sensor panel's "To call" column."""


def facing_all_in(seat_7: int, *, big_blind_calls: bool) -> TableSession:
    """Seat 7 (``seat_7`` chips) to act after its raise to 7 and seat 3's all-in for 180 (the big blind calls it or folds)."""
    session = make_session("O", {1: 200, 3: 180, 5: 300, 7: seat_7}, button=1, structure="no-limit")
    session.start_hand()
    session.deal_hole_cards()
    session.raise_to(7)  # seat 7
    session.fold()  # seat 1
    session.all_in()  # seat 3: to 180
    session.call() if big_blind_calls else session.fold()  # seat 5
    assert session.legal_actions() is not None and session.legal_actions().seat == 7
    return session


def screen(qtbot, session: TableSession, zone: int) -> tuple[dict[str, str], SensorPanel]:  # type: ignore[no-untyped-def]
    """The action bar's shown buttons (their words, without the key) and the sensor panel with seat 7's zone showing
    ``zone`` (7 in front when the action reached it, as a 5 and two 1s)."""
    bar = ActionBar(session)
    qtbot.addWidget(bar)
    bar._on_session_change(session)
    hub = DeviceHub(session)
    board = SimpleNamespace(name="zones")
    hub.sensors.on_frame(board, Received(Frame(1, ZoneReading(7, 7, (ChipCount(5, 1), ChipCount(1, 2)))), 0))  # type: ignore[arg-type]
    hub.sensors.mark_turn(7)
    hub.sensors.on_frame(board, Received(Frame(1, ZoneReading(7, zone, None)), 0))  # type: ignore[arg-type]
    panel = SensorPanel(hub)
    qtbot.addWidget(panel)
    QApplication.processEvents()
    shown = dict(bar.labels)
    return shown, panel


def to_call(panel: SensorPanel, seat: int) -> str:
    rows = {panel.table.item(row, 0).text(): row for row in range(panel.table.rowCount())}
    return panel.table.item(rows[str(seat)], TO_CALL).text()


def test_call_173_to_180_said_alike_by_the_bar_the_zones_and_the_chip_reader(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The case seen before: "Call 173" beside "All-in 180" read as two different sums. Seat 7 holds exactly 180, so its
    all-in only calls: the bar says "Call 173" and "All-in to 180", the zones "173 (to 180)", the reader "call 173"."""
    shown, panel = screen(qtbot, facing_all_in(180, big_blind_calls=False), zone=180)
    assert shown["call"] == "Call 173"
    assert shown["all_in"] == "All-in to 180"  # the same total the call makes, and no second call figure beside it
    assert to_call(panel, 7) == "173 (to 180)"
    assert panel.shown is not None and panel.shown.call == 173
    assert "call 173" in panel.proposal_label.text()
    assert panel.accept.text().startswith("Accept call 173")


def test_a_raise_and_an_all_in_over_the_call_say_their_total_and_the_call_beside_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The big blind calls the 180, so seat 7 (400) may raise: every raising figure is a "to" total with "call 173"."""
    session = facing_all_in(400, big_blind_calls=True)
    legal = session.legal_actions()
    assert legal is not None and legal.can_raise and legal.min_to == 353  # 180 + the last raise's 173
    shown, panel = screen(qtbot, session, zone=353)
    assert shown["call"] == "Call 173"
    assert shown["min"] == "Raise to 353 (min, call 173)"
    assert shown["all_in"] == "All-in to 400 (call 173)"
    assert shown["wager"] == "Raise to keypad amount (353–400)"
    assert to_call(panel, 7) == "173 (to 180)"
    assert panel.shown is not None and (panel.shown.action.value, panel.shown.amount_to, panel.shown.call) == ("raise", 353, 173)
    assert "raise to 353 (call 173)" in panel.proposal_label.text()
    assert panel.accept.text() == "Confirm raise to 353 (call 173) (Y)"  # a raise read from chips is confirmed


@pytest.mark.parametrize(("zone", "words"), [(180, "call 173"), (400, "all-in to 400 (call 173)")])
def test_the_chip_reader_uses_the_bar_s_words(qtbot, zone: int, words: str) -> None:  # type: ignore[no-untyped-def]
    """What the reader proposes is, word for word, one of the buttons shown (only the capital differs)."""
    shown, panel = screen(qtbot, facing_all_in(400, big_blind_calls=True), zone=zone)
    assert words in panel.proposal_label.text()
    assert words in {text.lower() for text in shown.values()}


def test_a_bet_is_its_total_and_a_check_says_no_amount(qtbot) -> None:  # type: ignore[no-untyped-def]
    """On the flop with nothing bet, the bar offers "Check" and "Bet 2 (min)"; a zone of 20 is read as "bet 20", and the
    "To call" column says 0 (nothing to add)."""
    session = make_session("O", {1: 200, 3: 200, 5: 200}, button=1, structure="no-limit")
    session.start_hand()
    session.deal_hole_cards()
    session.call()  # seat 1
    session.call()  # seat 3
    session.check()  # seat 5
    session.deal_board()
    seat = session.legal_actions().seat  # type: ignore[union-attr]
    bar = ActionBar(session)
    qtbot.addWidget(bar)
    bar._on_session_change(session)
    shown = dict(bar.labels)
    assert shown["check"] == "Check" and shown["min"] == "Bet 2 (min)" and "call" not in shown
    hub = DeviceHub(session)
    hub.sensors.on_frame(SimpleNamespace(name="zones"), Received(Frame(1, ZoneReading(seat, 20, None)), 0))  # type: ignore[arg-type]
    panel = SensorPanel(hub)
    qtbot.addWidget(panel)
    assert to_call(panel, seat) == "0"
    assert panel.shown is not None and (panel.shown.action.value, panel.shown.amount_to, panel.shown.call) == ("bet", 20, 0)
    assert "bet 20" in panel.proposal_label.text() and "call" not in panel.proposal_label.text()
