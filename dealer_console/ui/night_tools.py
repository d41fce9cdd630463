"""The dealer's window's tools for a night at the table: the dealer push (Table menu, Ctrl+P), the action clock (a status
bar widget; Ctrl+L calls it, Ctrl+Shift+L confirms the outcome at zero) and the pace on the status bar."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from dealer_console.live.action_clock import ActionClock
from dealer_console.live.dealer_duty import PaceMeter
from dealer_console.ui.clock_widget import ClockWidget
from dealer_console.ui.dealer_push_dialog import open_dealer_push
from dealer_console.ui.dialogs import DialogHost
from dealer_console.ui.pace_status import PaceStatus

__all__ = ["NightHost", "NightTools", "attach_night_tools"]


class NightHost(DialogHost, Protocol):
    """What the tools need of the dealer's window: a dialog host with a status bar and a menu bar, and the dealer's name shown."""

    def add_status_widget(self, widget: QWidget, closer: Callable[[], None] | None = None) -> None: ...

    def on_close(self, closer: Callable[[], None]) -> None: ...

    def show_dealer(self, name: str) -> None: ...

    def menuBar(self) -> QMenuBar: ...


@dataclass(frozen=True, slots=True)
class NightTools:
    """What the window holds for the night: the clock and its widget, the pace meter and its status text."""

    clock: ActionClock
    clock_widget: ClockWidget
    meter: PaceMeter
    pace: PaceStatus


def attach_night_tools(window: NightHost) -> NightTools:
    """Add the push, the clock and the pace to ``window`` (its Table menu and status bar); they stop when it closes."""
    session = window.session
    clock, meter = ActionClock(session), PaceMeter(session)
    stop_meter = meter.attach()  # before the status text subscribes, so the text reads the meter after it saw the change
    tools = NightTools(clock, ClockWidget(clock), meter, PaceStatus(meter))
    window.add_status_widget(tools.clock_widget, closer=tools.clock_widget.timer.stop)
    window.add_status_widget(tools.pace, closer=tools.pace.stop)
    for closer in (stop_meter, session.subscribe(lambda s: window.show_dealer(s.dealer)), clock.close):
        window.on_close(closer)
    table_title = QCoreApplication.translate("DealerWindow", "Table")
    menu = next((action.menu() for action in window.menuBar().actions() if action.text() == table_title), None)
    if not isinstance(menu, QMenu):
        menu = window.menuBar().addMenu(table_title)
    for text, key, run in (
        (QCoreApplication.translate("NightTools", "Dealer push…"), "Ctrl+P", lambda: open_dealer_push(window)),
        (QCoreApplication.translate("NightTools", "Call the clock"), "Ctrl+L", lambda: clock.call()),
        (QCoreApplication.translate("NightTools", "Confirm the clock's outcome"), "Ctrl+Shift+L", lambda: clock.confirm()),
    ):
        action = QAction(text, menu)
        action.setShortcut(QKeySequence(key))
        action.triggered.connect(run)
        menu.addAction(action)
    return tools
