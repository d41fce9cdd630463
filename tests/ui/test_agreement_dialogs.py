"""The agreement dialogs through the window: re-straddle consents one tap per player, the Mississippi with a floor
manager's authorization, and the floor's table and house settings, each recorded naming the manager.

Sources: SPEC (Blinds, button, straddles: "A re-straddle needs the consent of every player in the hand: the console
records each player's yes or no, and refuses the re-straddle on any no"; "Mississippi straddle: only where the table
has the manager's authorization on record"; Records and review: "only a floor manager may ... authorize a
Mississippi"; house settings "each stored with every hand it applies to"); omaha-club-rules.txt, STRADDLE/RESTRADDLE
and MISSISSIPPI; issue 7 ("Dialogs for agreements ... table settings and house settings for the floor").
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLineEdit, QPushButton

from dealer_console.engine.events import BlindKind, BlindPosted
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.live.deck import stacked_deck
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import recorded_session
from dealer_console.store import Store
from dealer_console.store.kinds import Role, Source
from dealer_console.ui import dialogs
from tests.support.staff import add_staff
from tests.ui.conftest import make_session
from tests.ui.test_play_hands import key, shown
from tests.ui.test_window_store import settle


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A SQLite store with a floor manager (Nadia, PIN 4321) and a dealer (Oleg, PIN 1111)."""
    with Store.open(f"sqlite:///{tmp_path / 'table.sqlite3'}") as opened:
        add_staff(opened, ("Nadia", Role.FLOOR_MANAGER, "4321"), ("Oleg", Role.DEALER, "1111"))
        yield opened


def recorded_table(store: Store, name: str = "Table 4") -> TableSession:
    """Four players (seats 1, 3, 5, 7; button 1), blinds 1/2 pot-limit Omaha, no Mississippi authorization on record."""
    table = Table(TableConfig(name=name, seat_count=9, schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2), min_buy_in=20,
                              max_buy_in=400))
    for seat in (1, 3, 5, 7):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=100)
    table.place_button(seat=1)
    return recorded_session(store, table, deck_for_hand=lambda _: stacked_deck(""), dealer="Oleg")


def floor_signs_in(qtbot, window, name: str = "Nadia", pin: str = "4321") -> None:  # type: ignore[no-untyped-def]
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "floor_sign_in"
    dialog.findChild(QLineEdit, "sign_in_name").setText(name)
    dialog.findChild(QLineEdit, "sign_in_secret").setText(pin)
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: window.dialog is not dialog or "dealer" in dialog.message.text() or "refused" in dialog.message.text(),
                    timeout=10_000)


def click(qtbot, dialog, name: str) -> None:  # type: ignore[no-untyped-def]
    button = dialog.findChild(QPushButton, name)
    assert button is not None and button.isVisible() and button.isEnabled(), f"{name} is not offered"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_restraddle_needs_a_yes_from_every_other_player_one_tap_each(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Straddle by seat 7 (facing the big blind), then seat 1 asks to re-straddle 8: seats 3, 5 and 7 each answer
    with one tap; while one has not answered, or after a no, the re-straddle is refused. With every yes it is posted,
    seat 3 acts first, and everyone folds to the re-straddler: 1 + 2 + 4 + 8 = 15. By hand: 107, 99, 98, 96."""
    session = make_session("O", {1: 100, 3: 100, 5: 100, 7: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "G")
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "restraddle_dialog"
    click(qtbot, dialog, "post_straddle")
    assert "restraddle" in shown(window)
    assert "Seat 1 asks to re-straddle 8" in dialog.heading.text()
    click(qtbot, dialog, "consent_yes_3")
    click(qtbot, dialog, "consent_yes_5")
    assert not dialog.findChild(QPushButton, "post_restraddle").isEnabled()
    assert not session.post_restraddle()
    assert "waiting for seat(s) 7" in window.notification_area.messages()[0]
    click(qtbot, dialog, "consent_yes_7")
    click(qtbot, dialog, "post_restraddle")
    posted = [e for e in session.hand.events_in_force if isinstance(e, BlindPosted) and e.blind is BlindKind.RESTRADDLE]
    assert posted == [BlindPosted(seat=1, amount=8, blind=BlindKind.RESTRADDLE)]
    dialog.close()
    key(qtbot, window, "D")
    assert session.hand.actor == 3
    for _ in range(3):
        key(qtbot, window, "F")
    assert session.hand.stacks == {1: 107, 3: 99, 5: 98, 7: 96}


def test_restraddle_refused_on_any_no(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """One player's no: the dialog offers no re-straddle and the engine refuses it, naming the seat."""
    session = make_session("O", {1: 100, 3: 100, 5: 100, 7: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "T")
    dialog = dialogs.open_restraddle(window)
    click(qtbot, dialog, "consent_yes_3")
    click(qtbot, dialog, "consent_no_5")
    click(qtbot, dialog, "consent_yes_7")
    assert "Seat 5: NO" in [label.text() for label, _, _ in dialog.rows.values()]
    assert not dialog.findChild(QPushButton, "post_restraddle").isEnabled()
    assert not session.post_restraddle()
    assert "seat 5 said no" in window.notification_area.messages()[0]
    dialog.close()


def test_mississippi_needs_a_floor_sign_in_and_records_the_manager(store: Store, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Without an authorization on record the button's Mississippi is refused; a floor manager signs in, authorizes it
    for this hand and for the table, and both records name them (a floor event for the standing authorization)."""
    session = recorded_table(store)
    window = open_window(session)
    session.start_hand()
    settle(qtbot, session)
    assert "mississippi" not in shown(window)
    dialogs.open_mississippi(window)
    floor_signs_in(qtbot, window, "Oleg", "1111")
    assert "a floor manager must sign in" in window.dialog.message.text()
    window.dialog.close()
    dialogs.open_mississippi(window)
    floor_signs_in(qtbot, window)
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "mississippi_dialog"
    dialog.findChild(QCheckBox, "mississippi_standing").setChecked(True)
    click(qtbot, dialog, "post_mississippi")
    settle(qtbot, session)
    posted = [e for e in session.hand.events_in_force if isinstance(e, BlindPosted) and e.blind is BlindKind.MISSISSIPPI]
    assert posted and posted[0].seat == 1 and posted[0].authorized_by == "Nadia"
    assert session.table.agreements.mississippi is not None and session.table.agreements.mississippi.manager == "Nadia"
    standing = store.events(session.recorder.table_id, kinds=("agreements",))
    assert [(e.actor, e.source) for e in standing] == [("Nadia", Source.FLOOR)]
    key(qtbot, window, "D")
    settle(qtbot, session)
    assert session.hand.actor == 3, "the small blind acts first under a Mississippi (house default)"


def test_table_settings_are_changed_by_the_floor_and_apply_from_the_next_hand(store: Store, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """The floor turns straddles off: recorded as a floor event naming the manager; the next hand offers no straddle."""
    session = recorded_table(store)
    window = open_window(session)
    session.start_hand()
    settle(qtbot, session)
    assert "straddle" in shown(window)
    dialogs.open_table_settings(window)
    floor_signs_in(qtbot, window)
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "table_settings_dialog"
    dialog.findChild(QCheckBox, "setting_straddles_allowed").setChecked(False)
    dialog.save()
    settle(qtbot, session)
    assert not session.table.agreements.straddles_allowed
    [change] = store.events(session.recorder.table_id, kinds=("agreements",))
    assert (change.actor, change.source, change.record().by) == ("Nadia", Source.FLOOR, "Nadia")
    key(qtbot, window, "Ctrl+Shift+M")
    settle(qtbot, session)
    key(qtbot, window, "N")
    settle(qtbot, session)
    assert session.plan is not None and session.plan.number == 2
    assert "straddle" not in shown(window) and session.can_straddle() is None


def test_house_settings_are_recorded_by_the_floor_apply_next_hand_and_survive_a_restart(store: Store, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A rake of 10% capped at 3 from the next hand: a bad value is refused naming the setting; the change is a
    floor event naming the manager; the next hand's game carries it; a console restarted on the same store rebuilds
    the table with the change where it was made and deals the following hand with it."""
    session = recorded_table(store)
    window = open_window(session)
    session.start_hand()
    settle(qtbot, session)
    dialogs.open_house_settings(window)
    floor_signs_in(qtbot, window)
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "house_settings_dialog"
    dialog.findChild(QLineEdit, "house_rake.percent").setText("ten")
    dialog.save()
    settle(qtbot, session)
    assert "rake.percent must be a number" in window.notification_area.messages()[0]
    assert not store.events(session.recorder.table_id, kinds=("house_settings",))
    dialog.findChild(QLineEdit, "house_rake.percent").setText("10")
    dialog.findChild(QLineEdit, "house_rake.cap").setText("3")
    assert dialog.changes() == [("rake.percent", "10"), ("rake.cap", "3")]
    dialog.save()
    settle(qtbot, session)
    [change] = store.events(session.recorder.table_id, kinds=("house_settings",))
    assert (change.actor, change.source) == ("Nadia", Source.FLOOR)
    assert session.hand.game.rake.percent == 0, "the hand in progress keeps its rake"
    key(qtbot, window, "Ctrl+Shift+M")
    settle(qtbot, session)
    key(qtbot, window, "N")
    settle(qtbot, session)
    assert (session.hand.game.rake.percent, session.hand.game.rake.cap) == (10.0, 3)
    key(qtbot, window, "Ctrl+Shift+M")
    settle(qtbot, session)
    window.close()
    resumed = recorded_table(store)
    assert (resumed.table.config.rake.percent, resumed.table.config.rake.cap) == (10.0, 3)
    assert resumed.start_hand() and resumed.hand.game.rake.percent == 10.0 and resumed.plan.number == 3
