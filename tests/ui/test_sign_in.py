"""Sign-in of the dealer at the start (automatic at the demo table) and of the floor for what needs the floor.

Sources: SPEC (Records and review: "Dealers and floor managers sign in (PIN or password, hashed); only a floor
manager may record a correction or a ruling, or authorize a Mississippi"); issue 7 ("Sign-in of the dealer (and the
floor, for what needs the floor)"; "On a fresh clone the README's start command opens the demo table").
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLineEdit

from dealer_console.cli import main
from dealer_console.live.console import demo_sign_in
from dealer_console.live.tables import DEMO_DEALER, DEMO_FLOOR
from dealer_console.store import Store
from dealer_console.store.errors import NotAuthorizedError, RecordNotFoundError
from dealer_console.store.kinds import Role
from dealer_console.ui.app import run_console
from dealer_console.ui.sign_in_dialog import SignInDialog
from tests.support.staff import add_staff


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(f"sqlite:///{tmp_path / 'staff.sqlite3'}") as opened:
        add_staff(opened, ("Oleg", Role.DEALER, "1111"), ("Nadia", Role.FLOOR_MANAGER, "4321"))
        yield opened


def sign(qtbot, dialog: SignInDialog, name: str, pin: str) -> None:  # type: ignore[no-untyped-def]
    dialog.name_edit.setText(name)
    dialog.secret_edit.setText(pin)
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: dialog.buttons.isEnabled(), timeout=10_000)


def test_dealer_signs_in_with_the_right_pin_and_is_refused_with_a_wrong_one(store: Store, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A wrong PIN is refused with the store's plain sentence (same for an unknown name); the right one signs in."""
    dialog = SignInDialog(store.sign_in, floor=False)
    qtbot.addWidget(dialog)
    dialog.open()
    sign(qtbot, dialog, "Oleg", "9999")
    assert dialog.member is None and "sign-in refused for 'Oleg'" in dialog.message.text()
    assert dialog.secret_edit.text() == "", "a refused PIN is not left in the field"
    sign(qtbot, dialog, "Oleg", "1111")
    assert dialog.member is not None and dialog.member.name == "Oleg" and dialog.result() == SignInDialog.DialogCode.Accepted


def test_floor_sign_in_refuses_a_dealer(store: Store, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Only a floor manager may sign in for the floor's acts; a dealer's right PIN is not enough."""
    dialog = SignInDialog(store.sign_in, floor=True)
    qtbot.addWidget(dialog)
    dialog.open()
    sign(qtbot, dialog, "Oleg", "1111")
    assert dialog.member is None and "a floor manager must sign in" in dialog.message.text()
    sign(qtbot, dialog, "Nadia", "4321")
    assert dialog.member is not None and dialog.member.role is Role.FLOOR_MANAGER


def test_empty_fields_are_asked_for_without_touching_the_store(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Nothing typed: a sentence saying what to type; the store is not asked."""
    asked: list[str] = []
    dialog = SignInDialog(lambda name, _: asked.append(name), floor=False)  # type: ignore[arg-type, return-value]
    qtbot.addWidget(dialog)
    dialog.buttons.accepted.emit()
    assert not asked and "Type the name" in dialog.message.text()


def test_demo_makes_its_accounts_once_and_signs_the_demo_dealer_in(store: Store, tmp_path: Path) -> None:
    """The demo's dealer and floor accounts are created on first use (PINs hashed like any other) and reused after; a
    store with floor managers of its own gets no demo accounts (SPEC, Insiders: only a floor manager signed in adds one)."""
    with Store.open(f"sqlite:///{tmp_path / 'demo.sqlite3'}") as demo:
        assert demo_sign_in(demo).name == DEMO_DEALER[0]
        assert demo_sign_in(demo).role is Role.DEALER
        assert demo.sign_in(*DEMO_FLOOR).role is Role.FLOOR_MANAGER
    with pytest.raises(NotAuthorizedError, match="has its own floor managers"):
        demo_sign_in(store)
    with pytest.raises(RecordNotFoundError):
        store.staff_member(DEMO_DEALER[0])


def test_start_command_opens_the_demo_table_signed_in_without_typing(tmp_path: Path, qapp) -> None:  # type: ignore[no-untyped-def]
    """``dealer-console`` (the README's start command, through the command line) with no players configured: the
    demo table opens with its demo dealer signed in automatically, and every record of the table names that dealer."""
    config = tmp_path / "config.toml"
    config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path}"\n[devices]\ncamera = "none"\nsensors = "none"\n', encoding="utf-8")
    seen: list[str] = []

    def look() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "dealer_window" and w.isVisible()]
        if windows:
            seen.extend([windows[0].dealer_label.text(), *windows[0].notification_area.messages()])

    QTimer.singleShot(300, look)
    assert main(["--config", str(config), "--seed", "3", "--quit-after-ms", "600"]) == 0
    assert seen and seen[0] == f"Dealer: {DEMO_DEALER[0]}"
    assert any("signed in automatically as Demo dealer" in message for message in seen)
    with Store.open(f"sqlite:///{tmp_path / 'dealer-console.sqlite3'}") as store:
        [table] = store.tables()
        actors = {event.actor for event in store.events(table.id)}
    assert actors == {DEMO_DEALER[0]}


def test_a_configured_table_asks_the_dealer_to_sign_in_first(tmp_path: Path, qapp) -> None:  # type: ignore[no-untyped-def]
    """With ``[[players]]`` configured the console is a real table: the dealer signs in before the window opens,
    and the table's records name them."""
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    with Store.open(url) as store:
        add_staff(store, ("Nadia", Role.FLOOR_MANAGER, "4321"), ("Oleg", Role.DEALER, "1111"))
    config = tmp_path / "config.toml"
    config.write_text(
        'schema_version = 1\n[table]\nname = "Table 2"\n[game]\nvariant = "O"\n'
        '[[players]]\nseat = 2\nname = "Ann"\nbuy_in = 100\n[[players]]\nseat = 6\nname = "Ben"\nbuy_in = 150\n'
        f'[store]\ndatabase_url = "{url}"\n[devices]\ncamera = "none"\nsensors = "none"\n', encoding="utf-8")

    def answer() -> None:
        dialogs = [w for w in QApplication.topLevelWidgets() if w.objectName() == "dealer_sign_in" and w.isVisible()]
        if not dialogs:
            QTimer.singleShot(50, answer)
            return
        dialogs[0].findChild(QLineEdit, "sign_in_name").setText("Oleg")
        dialogs[0].findChild(QLineEdit, "sign_in_secret").setText("1111")
        dialogs[0].buttons.accepted.emit()

    QTimer.singleShot(50, answer)
    assert run_console(config=str(config), seed=3, quit_after_ms=400) == 0
    with Store.open(url) as store:
        [table] = store.tables()
        events = store.events(table.id)
    assert table.name == "Table 2" and {event.actor for event in events} == {"Oleg"}
    assert [(e.payload["seat"], e.payload["player"]) for e in events if e.kind == "seated"] == [(2, "Ann"), (6, "Ben")]
