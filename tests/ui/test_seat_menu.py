"""The seat menu in the dealer's window: a tap on a seat (or Alt+its number) offers what is legal for that seat now, and
every seat operation and the table's close run from it.

Sources: SPEC.md, "A night at the table" (sit down within the buy-in range; rebuy or add on between hands, chips bought
during a hand playing from the next; sit out and come back posting now or waiting for the big blind; change to an
empty seat; leave with the cash-out counted; closing a table cashes everyone out and records the session's chip
audit); "The dealer's screen" (touch targets; every action has a keyboard shortcut).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QPushButton, QSpinBox

from dealer_console.engine.events import BlindKind
from dealer_console.engine.table_events import ChoicesChanged, HandFinished, HandStarted, PlayerCameBack, SeatChanged, TableClosed
from dealer_console.live.table_session import TableSession
from dealer_console.store import Role, Store
from tests.support.staff import add_staff
from tests.ui.conftest import make_session
from tests.ui.test_agreement_dialogs import floor_signs_in, recorded_table
from tests.ui.test_play_hands import key
from tests.ui.test_window_store import settle


def tap_seat(qtbot, window, seat: int):  # type: ignore[no-untyped-def]
    widget = window.felt.seats[seat]
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(10, 10))
    menu = window.dialog
    assert menu is not None and menu.objectName() == "seat_menu"
    return menu


def choose(qtbot, window, seat: int, operation: str):  # type: ignore[no-untyped-def]
    """Tap ``seat`` and its ``operation``; return the dialog it opens (if any)."""
    menu = tap_seat(qtbot, window, seat)
    button = menu.findChild(QPushButton, f"seat_op_{operation}")
    assert button is not None, f"{operation} is not offered: {[b.objectName() for b in menu.findChildren(QPushButton)]}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return window.dialog


def offered(window, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    from dealer_console.live.seating import seat_operations

    return {operation.kind.name.lower() for operation in seat_operations(window.session, seat)}


def test_seating_a_player_from_an_empty_seat_and_refusals_shown_with_nothing_stored(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """An empty seat offers "Seat a player": a name, a buy-in within the range, post now or wait. A name already seated
    is refused with one message and nothing recorded; a configured table seats players it did not list."""
    session = make_session("O", {1: 100, 3: 100}, button=1)
    window = open_window(session)
    dialog = choose(qtbot, window, 5, "seat_player")
    assert dialog.objectName() == "seat_player_dialog"
    spin = dialog.findChild(QSpinBox, "seat_player_buy_in")
    assert (spin.minimum(), spin.maximum()) == (20, 400)
    dialog.findChild(QComboBox, "seat_player_name").setCurrentText("P1")
    before = len(session.table.events)
    dialog.buttons.accepted.emit()
    assert len(session.table.events) == before
    assert "P1 is already in seat 1" in window.notification_area.messages()[0]
    dialog = choose(qtbot, window, 5, "seat_player")
    dialog.findChild(QComboBox, "seat_player_name").setCurrentText("Vera")
    spin = dialog.findChild(QSpinBox, "seat_player_buy_in")
    spin.setValue(150)
    dialog.findChild(QCheckBox, "seat_player_post_now").setChecked(True)
    dialog.buttons.accepted.emit()
    view = session.table.seat(5)
    assert view is not None and (view.player, view.stack, view.choices.wait_for_big_blind) == ("Vera", 150, False)
    assert "Vera" in window.felt.seats[5].name_label.text()


def test_key_alt_number_opens_the_seat_menu(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Every action has a keyboard shortcut: Alt+3 opens seat 3's menu."""
    window = open_window(make_session("O", {1: 100, 3: 100}, button=1))
    key(qtbot, window, "Alt+3")
    assert window.dialog is not None and window.dialog.objectName() == "seat_menu" and window.dialog.seat == 3


def busted_session() -> TableSession:
    """Seat 3 lost every chip in hand 1 (its record as the table took it)."""
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    table = session.table
    plan = table.next_hand()
    table.apply(HandStarted(plan=plan))
    table.apply(HandFinished(plan=plan, final_stacks=((1, 150), (3, 0), (5, 150))))
    return session


def test_a_busted_player_is_offered_a_rebuy_or_to_leave_and_rebuys_from_the_window(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """docs/table.md (going broke): a rebuy is at least the minimum buy-in; the menu says the player has no chips."""
    session = busted_session()
    window = open_window(session)
    assert offered(window, 3) >= {"rebuy", "leave"} and "add_on" not in offered(window, 3)
    dialog = choose(qtbot, window, 3, "rebuy")
    amount = dialog.findChild(QSpinBox, "chips_amount")
    assert amount.minimum() == 20
    amount.setValue(80)
    dialog.buttons.accepted.emit()
    assert session.table.seat(3).stack == 80  # type: ignore[union-attr]


def test_an_add_on_during_a_hand_plays_from_the_next_hand(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """SPEC (table stakes): chips bought during a hand play from the next."""
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    dialog = choose(qtbot, window, 5, "add_on")
    dialog.findChild(QSpinBox, "chips_amount").setValue(40)
    dialog.buttons.accepted.emit()
    assert session.table.pending_chips(5) == 40 and session.table.seat(5).stack == 100  # type: ignore[union-attr]


def test_sit_out_then_sit_back_posting_now_or_waiting_for_the_big_blind(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """SPEC (missed blinds: post now or wait for the big blind)."""
    session = make_session("O", {1: 100, 3: 100, 5: 100, 7: 100}, button=1)
    window = open_window(session)
    choose(qtbot, window, 5, "sit_out")
    assert session.table.seat(5).sitting_out  # type: ignore[union-attr]
    assert "sit_out" not in offered(window, 5) and {"sit_back_post", "sit_back_wait"} <= offered(window, 5)
    choose(qtbot, window, 5, "sit_back_wait")
    assert not session.table.seat(5).sitting_out and session.table.seat(5).choices.wait_for_big_blind  # type: ignore[union-attr]
    choose(qtbot, window, 5, "sit_out")
    choose(qtbot, window, 5, "sit_back_post")
    assert isinstance(session.table.events[-2], ChoicesChanged) and isinstance(session.table.events[-1], PlayerCameBack)
    assert not session.table.seat(5).choices.wait_for_big_blind  # type: ignore[union-attr]
    assert BlindKind.LIVE not in {post.blind for post in session.table.next_hand().posts}  # owed nothing yet: no hand passed


def test_leave_with_the_cash_out_and_no_leave_for_a_player_in_the_hand(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A player in the hand cannot leave until it is over (the menu does not offer it; the command is refused with
    nothing stored); between hands they leave with the whole stack."""
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    assert "leave" not in offered(window, 1)
    from dealer_console.live.commands import LeaveTable

    before = len(session.table.events)
    assert not session.perform(LeaveTable(1))
    assert len(session.table.events) == before and "cannot leave" in window.notification_area.messages()[0]
    session.misdeal()
    choose(qtbot, window, 1, "leave")
    assert session.table.seat(1) is None and session.table.chip_audit().cash_outs == 100


def test_a_seat_change_to_an_empty_seat(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """SPEC (change to an empty seat): only empty seats are offered."""
    session = make_session("O", {1: 100, 3: 100}, button=1)
    window = open_window(session)
    dialog = choose(qtbot, window, 3, "change_seat")
    combo = dialog.findChild(QComboBox, "move_seat_to")
    seats = [combo.itemData(index) for index in range(combo.count())]
    assert 1 not in seats and 3 not in seats and 8 in seats
    combo.setCurrentIndex(seats.index(8))
    dialog.buttons.accepted.emit()
    assert isinstance(session.table.events[-1], SeatChanged) and session.table.seat(8) is not None


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(f"sqlite:///{tmp_path / 'close.sqlite3'}") as opened:
        add_staff(opened, ("Nadia", Role.FLOOR_MANAGER, "4321"), ("Oleg", Role.DEALER, "1111"))
        yield opened


def test_the_floor_closes_the_table_from_the_window_and_the_audit_and_report_are_shown(store: Store, tmp_path: Path, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """SPEC (Closing a table cashes everyone out and records the session's chip audit): a floor manager signs in, the
    audit is shown before and after, the close is recorded under their name, and the session report renders."""
    session = recorded_table(store)
    window = open_window(session)
    key(qtbot, window, "Ctrl+Shift+W")
    floor_signs_in(qtbot, window)
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "close_table_dialog"
    assert "Closing cashes out 4 players" in dialog.audit_label.text() and "Buy-ins: 400" in dialog.audit_label.text()
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    settle(qtbot, session)
    qtbot.waitUntil(lambda: dialog.report_html is not None, timeout=10_000)
    assert "Table closed by Nadia" in dialog.audit_label.text() and "The audit balances." in dialog.audit_label.text()
    assert "Cash-outs: 400" in dialog.audit_label.text()
    assert "Session report: Table 4" in dialog.report_html and dialog.save_button.isEnabled()
    dialog.save_pdf(str(tmp_path / "session.pdf"))
    assert (tmp_path / "session.pdf").read_bytes().startswith(b"%PDF")
    [closed] = store.events(session.recorder.table_id, kinds=("table_closed",))  # type: ignore[union-attr]
    assert closed.actor == "Nadia" and isinstance(closed.record(), TableClosed)
    assert not session.table.seats
    dialog.accept()


def test_the_seat_menu_speaks_russian(qapp, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """SPEC (Languages: English and Russian through Qt's own translation system): the menu and its dialogs."""
    from dealer_console.ui.translation import install_translation

    install_translation(qapp, "ru")
    try:
        window = open_window(busted_session())
        menu = tap_seat(qtbot, window, 3)
        assert menu.findChild(QPushButton, "seat_op_rebuy").text() == "Ребай (не меньше 20)"
        assert "нет фишек" in " ".join(label.text() for label in menu.findChildren(QLabel))
        menu = tap_seat(qtbot, window, 6)
        assert menu.findChild(QPushButton, "seat_op_seat_player").text() == "Посадить игрока"
    finally:
        install_translation(qapp, "en")
