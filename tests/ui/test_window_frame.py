"""The window's frame: side panels docked beside the felt, the signed-in dealer in the status bar, the Table menu."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QLabel

from tests.ui.conftest import make_session


def test_a_side_panel_docks_beside_the_felt_and_the_dealer_shows_in_the_status_bar(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """``add_panel`` gives other parts (camera, sensors) a place on the screen without touching the felt's layout;
    the status bar names the signed-in dealer (SPEC: Dealers and floor managers sign in)."""
    session = make_session("O", {1: 100, 3: 100}, button=1)
    session.dealer = "Oleg"
    window = open_window(session)
    panel = QLabel("panel body")
    panel.setObjectName("test_panel")
    dock = window.add_panel(panel, "Test panel")
    assert isinstance(dock, QDockWidget) and dock.windowTitle() == "Test panel" and dock.widget() is panel
    qtbot.waitUntil(panel.isVisible, timeout=2000)
    assert window.felt.isVisible()
    window.show_dealer(session.dealer)
    assert window.dealer_label.text() == "Dealer: Oleg"
    menus = {action.text() for action in window.menuBar().actions()}
    assert {"View", "Table"} <= menus


def test_floor_dialogs_need_staff_records(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A table that records nothing has no staff to sign in: the floor's dialog is refused with a plain sentence."""
    from dealer_console.ui import dialogs

    window = open_window(make_session("O", {1: 100, 3: 100}, button=1))
    assert dialogs.open_table_settings(window) is None
    assert "needs the staff records" in window.notification_area.messages()[0]
