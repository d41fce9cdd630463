"""The dealer's main window: the felt, the action bar, the notification area, the status bar and the side panels.

A recorded table's commands run on a background recorder (the store's appends never on the screen's
thread); the action bar is disabled from a command until the store acknowledges it, and the felt
is re-read only then. The agreement dialogs (re-straddle consents, Mississippi, extra boards) and the
floor's dialogs (table settings, house settings, each behind a floor sign-in) open from the Table menu
or their keys. At a table dealt face down, a street or a hand shown that no camera reads opens the card
entry (the session's card requests; Shift+D and Shift+S open it at will).

Keys: digits (top row or keypad) type the amount while the keypad shows, Backspace and Escape edit it and
nothing else; Ctrl+Z undoes, naming what it takes back and asking once before it takes back dealt cards;
Ctrl+Q quits (the commands given are recorded first). A key that does nothing now says why in the
notification area. The window opens within the screen's available area; its fonts follow its size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QCloseEvent, QFont, QKeyEvent, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QDialog, QDockWidget, QLabel, QMainWindow, QMessageBox, QVBoxLayout, QWidget

from dealer_console.live.background import BackgroundRecorder
from dealer_console.live.card_requests import CardRequest
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.offers import OfferKind
from dealer_console.live.table_session import TableSession
from dealer_console.ui.action_bar import ActionBar
from dealer_console.ui.elided_label import ElidedLabel
from dealer_console.ui.felt_widget import FeltWidget
from dealer_console.ui.night_tools import attach_night_tools
from dealer_console.ui.notification_area import NotificationArea, NotificationManager
from dealer_console.ui.seat_menu import install_seat_menu
from dealer_console.ui.sentences import game_name
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
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        self.title = ElidedLabel()  # elided at the window's width, whole in its tooltip
        self.title.setObjectName("hand_title")
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
        self.keys[QKeySequence("Enter").toString()] = "wager"
        self.undo_confirmation: QMessageBox | None = None
        """The question asked before an undo takes back dealt cards, while it is open."""
        self._hand_number: int | None = None
        self._fitted = False
        colours = QAction(self.tr("Four-colour deck"), self)
        colours.setCheckable(True)
        colours.setChecked(four_colour)
        colours.toggled.connect(self._on_four_colour_change)
        console_menu = self.menuBar().addMenu(self.tr("Console"))
        quit_action = QAction(self.tr("Quit"), self)
        quit_action.setObjectName("quit")
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        quit_action.triggered.connect(self.close)
        console_menu.addAction(quit_action)
        self.addAction(quit_action)
        self.menuBar().addMenu(self.tr("View")).addAction(colours)
        self._table_menu()
        install_seat_menu(self)  # a tap on a seat, or Alt+its number, opens its menu
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
        number = plan.number if plan is not None else None
        if number != self._hand_number:
            if self._hand_number is not None:
                self.notification_area.new_hand(number)
            self.notification_area.hand = number
            self._hand_number = number
        if plan is None or hand is None:
            self.title.set_full_text(self.tr("{0}: no hand yet").format(session.table.config.name))
        else:
            actor = self.tr(" — seat {0} to act").format(hand.actor) if hand.actor is not None else ""
            phase = QCoreApplication.translate("Phase", hand.phase.value)
            self.title.set_full_text(self.tr("Hand {0}: {1}, blinds {2}/{3} — {4}").format(
                plan.number, game_name(plan.game.name), plan.game.stakes.small_blind, plan.game.stakes.big_blind, phase) + actor)
        self.felt._on_session_change(session, four_colour=self.four_colour)
        self.action_bar._on_session_change(session)

    def attach_devices(self, hub: DeviceHub) -> None:
        """Dock the camera and sensor panels of ``hub`` at the right (keys Y and V); its notices join the notification area."""
        from dealer_console.ui.camera_panel import CameraPanel
        from dealer_console.ui.sensor_panel import SensorPanel

        self.camera_panel = CameraPanel(hub)
        self.sensor_panel = SensorPanel(hub)
        docks = []
        for title, panel in ((self.tr("Camera"), self.camera_panel), (self.tr("Sensors"), self.sensor_panel)):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{panel.objectName()}_dock")
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
            dock.setWidget(panel)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.installEventFilter(panel)  # its keys (Y accept the chips, V confirm a card) reach the window
            docks.append(dock)
        self.tabifyDockWidget(docks[0], docks[1])  # one above the other would not fit a 720-line screen
        docks[0].raise_()
        self.resizeDocks(docks, [max(300, self.width() // 4)] * 2, Qt.Orientation.Horizontal)
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
        """Digits, Backspace and Escape edit the keypad's amount; every other key runs the action on it if its button is
        shown now; a key that does nothing says why."""
        event.accept()
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        typed = {Qt.Key.Key_Backspace: "<", Qt.Key.Key_Escape: "C"}.get(Qt.Key(key), event.text() if event.text().isdigit() else "")
        if typed and modifiers == Qt.KeyboardModifier.NoModifier:
            if self.action_bar.type_key(typed):
                return
            if not (typed.isdigit() and self._run_key(QKeySequence(event.keyCombination()).toString())):
                self.refuse(self.tr("Key {0}: no amount is asked for now").format(_key_name(event)))
            return
        if key in (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta, Qt.Key.Key_AltGr):
            return
        combination = QKeySequence(event.keyCombination()).toString()
        if event.modifiers() & Qt.KeyboardModifier.KeypadModifier and key in (Qt.Key.Key_Enter, Qt.Key.Key_Return):
            combination = QKeySequence("Enter").toString()
        if combination == QKeySequence("Ctrl+Z").toString():
            self.undo()
        elif not self._run_key(combination):
            self.refuse(self._refusal(combination, event))

    def _run_key(self, combination: str) -> bool:
        name = self.keys.get(combination)
        button = self.action_bar.buttons.get(name) if name else None
        if button is None or button.isHidden() or not self.action_bar.isEnabled():
            return False
        button.click()
        return True

    def _refusal(self, combination: str, event: QKeyEvent) -> str:
        name = self.keys.get(combination)
        if name is not None and not self.action_bar.isEnabled():
            return self.tr("Key {0}: wait, the last step is still being recorded").format(_key_name(event))
        if name is not None:
            return self.tr("Key {0}: not possible now (only the actions shown on the buttons are)").format(_key_name(event))
        return self.tr("Key {0} does nothing; the keys are on the buttons").format(_key_name(event))

    def refuse(self, text: str) -> None:
        """Say in the notification area why a key did nothing."""
        self.notifications.post(Notice(NoticeLevel.ERROR, text))

    def undo(self) -> bool:
        """Ctrl+Z: undo what the button names; before it takes back dealt cards, ask once. ``True``: the undo was given."""
        offer = self.action_bar.offers.get("undo")
        if offer is None or offer.kind is not OfferKind.UNDO or self.action_bar.buttons["undo"].isHidden():
            self.refuse(self.tr("Ctrl+Z: nothing to undo now"))
            return False
        words = self.action_bar.undo_words(offer)
        if offer.takes_back_cards:
            question = QMessageBox(QMessageBox.Icon.Question, self.tr("Undo"),
                                   self.tr("{0}? The cards go back on top of the deck.").format(words),
                                   QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
            question.setObjectName("undo_confirmation")
            question.setDefaultButton(QMessageBox.StandardButton.No)
            self.undo_confirmation = question
            try:
                if question.exec() != QMessageBox.StandardButton.Yes:
                    self.notifications.post(Notice(NoticeLevel.INFO, self.tr("Not undone: {0}").format(words)))
                    return False
            finally:
                self.undo_confirmation = None
        self.notifications.post(Notice(NoticeLevel.INFO, words))
        return self.session.perform(offer.command) if offer.command is not None else False

    # ------------------------------------------------------------------ size

    def showEvent(self, event: QShowEvent) -> None:
        if not self._fitted:
            self._fitted = True
            self.fit_to_screen()
        super().showEvent(event)

    def fit_to_screen(self) -> None:
        """No larger than the screen's available area (the status bar stays on the screen)."""
        screen = self.screen()
        if screen is None:
            return
        area = screen.availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size()
        width, height = area.width() - frame.width(), area.height() - frame.height()
        if self.width() > width or self.height() > height:
            self.resize(min(self.width(), width), min(self.height(), height))
            self.move(area.topLeft())

    def resizeEvent(self, event: QResizeEvent) -> None:
        scale = max(0.6, min(1.5, min(self.width() / 1920, self.height() / 1080)))
        font = QFont(self.title.font())
        font.setPixelSize(max(14, int(28 * scale)))
        font.setBold(True)
        self.title.setFont(font)
        status = QFont(self.statusBar().font())
        status.setPixelSize(max(12, int(20 * scale)))
        self.statusBar().setFont(status)  # the dealer signed in, readable from the dealer's chair
        self.notification_area.set_scale(scale)
        self.action_bar.set_scale(scale)
        super().resizeEvent(event)

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


def _key_name(event: QKeyEvent) -> str:
    return QKeySequence(event.keyCombination()).toString() or event.text() or "?"


def _store_sign_in(session: TableSession) -> SignIn | None:
    recorder = session.recorder
    return None if recorder is None else recorder.store.sign_in
