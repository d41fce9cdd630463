"""The dealer's main window: the felt, the action bar, the notification area, the status bar and the side panels.

A recorded table's commands run on a background recorder (the store's appends never on the screen's
thread); the action bar is disabled from a command until the store acknowledges it, and the felt
is re-read only then. The agreement dialogs (re-straddle consents, Mississippi, extra boards) and the
floor's dialogs (table settings, house settings, each behind a floor sign-in) open from the Table menu
or their keys. At a table dealt face down, a street or a hand shown that no camera reads opens the card
entry (the session's card requests; Shift+D and Shift+S open it at will).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QLabel, QMainWindow, QVBoxLayout, QWidget

from dealer_console.live.background import BackgroundRecorder
from dealer_console.live.card_requests import CardRequest
from dealer_console.live.notices import Notice
from dealer_console.live.table_session import TableSession
from dealer_console.ui.action_bar import ActionBar
from dealer_console.ui.felt_widget import FeltWidget
from dealer_console.ui.night_tools import attach_night_tools
from dealer_console.ui.notification_area import NotificationArea, NotificationManager
from dealer_console.ui.ui_thread import UiThreadDelivery

if TYPE_CHECKING:
    from dealer_console.live.console import SignIn
    from dealer_console.live.device_hub import DeviceHub

__all__ = ["DealerWindow"]


class DealerWindow(QMainWindow):
    """A live table: re-reads the session after each change; every action on a key."""

    def __init__(self, session: TableSession, *, four_colour: bool = True, sign_in: SignIn | None = None) -> None:
        super().__init__()
        self.setObjectName("dealer_window")
        self.session = session
        self.four_colour = four_colour
        self.sign_in = sign_in if sign_in is not None else _store_sign_in(session)
        """Checks a name and PIN for the floor's dialogs (the store's staff records); ``None``: no floor sign-in possible."""
        self.setWindowTitle(self.tr("Dealer console — {0}").format(session.table.config.name))
        self.notifications = NotificationManager(self)
        self._release_capture = self.notifications.capture()
        self._closers: list[Callable[[], None]] = []
        self.dialog: QDialog | None = None
        """The agreement or floor dialog open now, if any."""
        central = QWidget()
        layout = QVBoxLayout(central)
        self.title = QLabel()
        self.title.setObjectName("hand_title")
        self.title.setStyleSheet("font-size: 16pt; font-weight: bold;")
        layout.addWidget(self.title)
        self.felt = FeltWidget(session.table.config.seat_count)
        layout.addWidget(self.felt, 1)
        self.action_bar = ActionBar(session)
        layout.addWidget(self.action_bar)
        self.notification_area = NotificationArea(self.notifications)
        layout.addWidget(self.notification_area)
        self.setCentralWidget(central)
        # keys go to the window (every button refuses focus), so a key works whenever its button is shown
        self.keys: dict[str, str] = {QKeySequence(key).toString(): name for name, key in self.action_bar.shortcuts.items()}
        self.keys[QKeySequence("Backspace").toString()] = "undo"
        self.keys[QKeySequence("Enter").toString()] = "wager"
        colours = QAction(self.tr("Four-colour deck"), self)
        colours.setCheckable(True)
        colours.setChecked(four_colour)
        colours.toggled.connect(self._on_four_colour_change)
        self.menuBar().addMenu(self.tr("View")).addAction(colours)
        self._table_menu()
        self.dealer_label = QLabel()
        self.dealer_label.setObjectName("signed_in_dealer")
        self.statusBar().addWidget(self.dealer_label)
        self.show_dealer(session.dealer)
        self.recorder: BackgroundRecorder | None = None
        if session.recorder is not None:
            self._delivery = UiThreadDelivery(self)
            self.recorder = BackgroundRecorder(self._delivery.deliver)
            session.record_in_background(self.recorder)
        self._unsubscribe = [session.subscribe(self._on_session_change), session.subscribe_notices(self.notifications.post),
                             session.subscribe_busy(self._on_busy_change), session.subscribe_card_requests(self._on_cards_needed)]
        self._on_session_change(session)
        self.night = attach_night_tools(self)
        """The dealer push, the action clock and the pace (Table menu, status bar)."""

    # ------------------------------------------------------------------ frame: status bar, side panels, menus

    def show_dealer(self, name: str) -> None:
        """The signed-in dealer, in the status bar."""
        self.dealer_label.setText(self.tr("Dealer: {0}").format(name))

    def add_panel(self, widget: QWidget, title: str, area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea) -> QDockWidget:
        """A side panel (camera, sensors...) docked beside the felt; it closes with the window."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"panel_{widget.objectName() or title}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        return dock

    def add_status_widget(self, widget: QWidget, closer: Callable[[], None] | None = None) -> None:
        """A permanent widget on the right of the status bar (the card room's shipping status); ``closer`` runs on close."""
        self.statusBar().addPermanentWidget(widget)
        if closer is not None:
            self._closers.append(closer)

    def on_close(self, closer: Callable[[], None]) -> None:
        """Run ``closer`` when the window closes (background work that belongs to it)."""
        self._closers.append(closer)

    def _table_menu(self) -> None:
        from dealer_console.ui import dialogs

        self.action_bar.openers.update(restraddle=lambda: dialogs.open_restraddle(self), extra_boards=lambda: dialogs.open_extra_boards(self),
                                       card_entry_board=lambda: dialogs.open_card_entry(self, self.session.board_request()),
                                       card_entry_show=lambda: dialogs.open_card_entry(self, self.session.show_request()))

        menu = self.menuBar().addMenu(self.tr("Table"))
        for text, key, opener in (
            # G and X are the action bar's keys for these two (shown when they apply)
            (self.tr("Re-straddle consents…"), "", lambda: dialogs.open_restraddle(self)),
            (self.tr("Mississippi straddle…"), "Ctrl+I", lambda: dialogs.open_mississippi(self)),
            (self.tr("Extra boards…"), "", lambda: dialogs.open_extra_boards(self)),
            (self.tr("Table settings (floor)…"), "Ctrl+T", lambda: dialogs.open_table_settings(self)),
            (self.tr("House settings (floor)…"), "Ctrl+H", lambda: dialogs.open_house_settings(self)),
        ):
            action = QAction(text, self)
            if key:
                action.setShortcut(QKeySequence(key))
            action.triggered.connect(opener)
            menu.addAction(action)

    def _on_busy_change(self, busy: bool) -> None:
        # a command is with the recorder: nothing more until the store acknowledges it
        self.action_bar.setEnabled(not busy)
        if self.dialog is not None:
            self.dialog.setEnabled(not busy)

    def _on_cards_needed(self, request: CardRequest) -> None:
        # a street or a hand shown that no camera reads, at a table dealt face down: the dealer types it
        from dealer_console.ui import dialogs

        dialogs.open_card_entry(self, request)

    def _on_four_colour_change(self, on: bool) -> None:
        self.four_colour = on
        self._on_session_change(self.session)

    def _on_session_change(self, session: TableSession) -> None:
        plan, hand = session.plan, session.hand
        if plan is None or hand is None:
            self.title.setText(self.tr("{0}: no hand yet").format(session.table.config.name))
        else:
            actor = self.tr(" — seat {0} to act").format(hand.actor) if hand.actor is not None else ""
            phase = QCoreApplication.translate("Phase", hand.phase.value)
            self.title.setText(self.tr("Hand {0}: {1}, blinds {2}/{3} — {4}").format(
                plan.number, plan.game.name, plan.game.stakes.small_blind, plan.game.stakes.big_blind, phase) + actor)
        self.felt._on_session_change(session, four_colour=self.four_colour)
        self.action_bar._on_session_change(session)

    def attach_devices(self, hub: DeviceHub) -> None:
        """Dock the camera and sensor panels of ``hub`` at the right (keys Y and V); its notices join the notification area."""
        from dealer_console.ui.camera_panel import CameraPanel
        from dealer_console.ui.sensor_panel import SensorPanel

        self.camera_panel = CameraPanel(hub)
        self.sensor_panel = SensorPanel(hub)
        for title, panel in (("Camera", self.camera_panel), ("Sensors", self.sensor_panel)):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{panel.objectName()}_dock")
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
            dock.setWidget(panel)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.installEventFilter(panel)  # its keys (Y accept the chips, V confirm a card) reach the window
        self._unsubscribe.append(hub.subscribe_notices(self.notifications.post))
        self._devices_menu(hub)

    def _devices_menu(self, hub: DeviceHub) -> None:
        """Devices: calibrate the camera (the floor's, behind a sign-in) and teach the deck (a real camera's; docs/ui.md, Devices)."""
        from dealer_console.ui.calibration_dialog import open_calibration
        from dealer_console.ui.teach_deck_dialog import open_teach_deck

        menu = self.menuBar().addMenu(self.tr("Devices"))
        for text, opener in ((self.tr("Calibrate the camera (floor)…"), lambda: open_calibration(self, hub)),
                             (self.tr("Teach the deck…"), lambda: open_teach_deck(self, hub))):
            action = QAction(text, self)
            action.triggered.connect(opener)
            menu.addAction(action)

    def post(self, notice: Notice) -> None:
        """Show ``notice`` in the notification area (from any thread)."""
        self.notifications.post(notice)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Run the action on this key if its button is shown now."""
        name = self.keys.get(QKeySequence(event.keyCombination()).toString())
        button = self.action_bar.buttons.get(name) if name else None
        if button is None:
            super().keyPressEvent(event)
            return
        if not button.isHidden():
            button.click()
        event.accept()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.dialog is not None:
            self.dialog.close()
        for closer in self._closers:
            closer()
        self._closers = []
        if self.recorder is not None:
            # the commands already given are recorded before the window goes (nothing is lost)
            self.recorder.stop()
            self.session.record_in_background(None)
            self.recorder = None
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
        self._release_capture()
        super().closeEvent(event)


def _store_sign_in(session: TableSession) -> SignIn | None:
    recorder = session.recorder
    return None if recorder is None else recorder.store.sign_in
