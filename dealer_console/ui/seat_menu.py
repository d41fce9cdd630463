"""The seat menu: a tap on a seat (or Alt+its number) offers the operations legal for that seat now; an empty seat offers
"Seat a player". The Seats menu of the window has the same, and the floor's "Close the table".

What is legal comes from :func:`dealer_console.live.seating.seat_operations` (the engine's rules); the menu only
shows it, one large button per operation, and hands the session the command (or opens the dialog that asks for the
amount, the name or the seat).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QDialog, QLabel, QMenuBar, QPushButton, QVBoxLayout, QWidget

from dealer_console.live.commands import LeaveTable, SitBack, SitOut
from dealer_console.live.seating import SeatOperation, SeatOperationKind, seat_operations
from dealer_console.live.table_session import TableSession
from dealer_console.ui.dialogs import DialogHost, show_dialog, with_floor
from dealer_console.ui.felt_widget import FeltWidget

__all__ = ["SeatMenu", "SeatMenuHost", "install_seat_menu", "open_close_table", "open_seat_menu"]


class SeatMenuHost(DialogHost, Protocol):
    """The dealer's window as the seat menu sees it: the felt's seats and the menu bar."""

    felt: FeltWidget

    def menuBar(self) -> QMenuBar:
        """The window's menu bar."""

    def addAction(self, action: QAction) -> None:
        """Give the window ``action`` (its key then works wherever the focus is in the window)."""


class SeatMenu(QDialog):
    """One seat's operations, as large buttons (``seat_op_<kind>``)."""

    def __init__(self, host: DialogHost, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seat_menu")
        self.host, self.seat = host, seat
        session = host.session
        view = session.table.seat(seat)
        self.setWindowTitle(self.tr("Seat {0}").format(seat) if view is None else self.tr("Seat {0}: {1}").format(seat, view.player))
        layout = QVBoxLayout(self)
        self.operations = seat_operations(session, seat)
        self.buttons: dict[SeatOperationKind, QPushButton] = {}
        if view is not None and view.stack == 0 and session.table.pending_chips(seat) == 0:
            layout.addWidget(QLabel(self.tr("{0} has no chips: a rebuy, or they leave.").format(view.player)))
        if not self.operations:
            layout.addWidget(QLabel(self.tr("Nothing can be done for this seat now.")))
        for operation in self.operations:
            button = QPushButton(self._label(operation))
            button.setObjectName(f"seat_op_{operation.kind.name.lower()}")
            button.clicked.connect(lambda _=False, op=operation: self._choose(op))
            layout.addWidget(button)
            self.buttons[operation.kind] = button
        cancel = QPushButton(self.tr("Cancel"))
        cancel.clicked.connect(self.reject)
        layout.addWidget(cancel)
        self.setStyleSheet("QPushButton { font-size: 16pt; min-height: 48px; }")

    def _label(self, operation: SeatOperation) -> str:
        kind = operation.kind
        texts = {
            SeatOperationKind.SEAT_PLAYER: self.tr("Seat a player"),
            SeatOperationKind.REBUY: self.tr("Rebuy (at least {0})").format(operation.minimum),
            SeatOperationKind.ADD_ON: self.tr("Add on"),
            SeatOperationKind.SIT_OUT: self.tr("Sit out"),
            SeatOperationKind.SIT_BACK_POST: self.tr("Sit back: post the blinds missed now"),
            SeatOperationKind.SIT_BACK_WAIT: self.tr("Sit back: wait for the big blind"),
            SeatOperationKind.CHANGE_SEAT: self.tr("Change seat…"),
            SeatOperationKind.LEAVE: self.tr("Leave (cash out {0})").format(operation.maximum or 0),
        }
        return texts[kind]

    def _choose(self, operation: SeatOperation) -> None:
        from dealer_console.ui import seat_dialogs

        host, session, parent = self.host, self.host.session, self.host.window()
        self.accept()
        seat = operation.seat
        direct: dict[SeatOperationKind, SitOut | SitBack | LeaveTable] = {
            SeatOperationKind.SIT_OUT: SitOut(seat), SeatOperationKind.SIT_BACK_POST: SitBack(seat, True),
            SeatOperationKind.SIT_BACK_WAIT: SitBack(seat, False), SeatOperationKind.LEAVE: LeaveTable(seat)}
        if operation.kind in direct:
            session.perform(direct[operation.kind])
            return
        dialog: QDialog
        if operation.kind is SeatOperationKind.SEAT_PLAYER:
            dialog = seat_dialogs.SeatPlayerDialog(session, operation, parent)
        elif operation.kind is SeatOperationKind.CHANGE_SEAT:
            dialog = seat_dialogs.MoveSeatDialog(session, operation, parent)
        else:
            dialog = seat_dialogs.ChipsDialog(session, operation, parent)
        show_dialog(host, dialog, follow_busy=True)


def open_seat_menu(host: DialogHost, seat: int) -> QDialog:
    """The menu of ``seat`` (what is legal for it now)."""
    return show_dialog(host, SeatMenu(host, seat, host.window()), follow_busy=True)


def open_close_table(host: DialogHost) -> QDialog | None:
    """A floor manager signs in, then closes the table (everyone cashed out, the session's chip audit shown and recorded)."""
    from dealer_console.ui.seat_dialogs import CloseTableDialog

    return with_floor(host, QCoreApplication.translate("SeatMenu", "Closing the table is the floor's."),
                      lambda member: show_dialog(host, CloseTableDialog(host.session, member, host.window()), follow_busy=True))


def _opener(window: SeatMenuHost, seat: int) -> Callable[[], object]:
    return lambda: open_seat_menu(window, seat)


class _SeatKeys(QObject):
    """The seat menu's keys as the window receives them (a key event the shortcuts did not take)."""

    def __init__(self, window: SeatMenuHost, keys: dict[str, Callable[[], object]]) -> None:
        super().__init__(window.window())
        self.keys = keys

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            opener = self.keys.get(QKeySequence(event.keyCombination()).toString())
            if opener is not None:
                opener()
                return True
        return False


def install_seat_menu(window: SeatMenuHost) -> None:
    """Seats open their menu when tapped; the Seats menu has each seat (Alt+number; Alt+0 for seat 10) and the close."""
    session: TableSession = window.session
    for seat, widget in window.felt.seats.items():
        widget.clicked.connect(_opener(window, seat))
    menu = window.menuBar().addMenu(QCoreApplication.translate("SeatMenu", "Seats"))
    keys: dict[str, Callable[[], object]] = {}
    for seat in range(1, session.table.config.seat_count + 1):
        action = QAction(QCoreApplication.translate("SeatMenu", "Seat {0}…").format(seat), window.window())
        action.setShortcut(QKeySequence(f"Alt+{seat % 10}"))
        action.triggered.connect(_opener(window, seat))
        menu.addAction(action)
        window.addAction(action)  # the key works with the menu closed
        keys[action.shortcut().toString()] = _opener(window, seat)
    close = QAction(QCoreApplication.translate("SeatMenu", "Close the table (floor)…"), window.window())
    close.setShortcut(QKeySequence("Ctrl+Shift+W"))
    close.triggered.connect(lambda: open_close_table(window))
    menu.addAction(close)
    window.addAction(close)
    keys[close.shortcut().toString()] = lambda: open_close_table(window)
    window.window().installEventFilter(_SeatKeys(window, keys))
