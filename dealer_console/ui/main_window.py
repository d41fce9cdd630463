"""The dealer's main window: the felt, the action bar and the notification area."""

from __future__ import annotations

from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QVBoxLayout, QWidget

from dealer_console.live.table_session import Notice, TableSession
from dealer_console.ui.action_bar import ActionBar
from dealer_console.ui.felt_widget import FeltWidget
from dealer_console.ui.notification_area import NotificationArea, NotificationManager


class DealerWindow(QMainWindow):
    """A live table: re-reads the session after each change; every action on a key."""

    def __init__(self, session: TableSession, *, four_colour: bool = True) -> None:
        super().__init__()
        self.setObjectName("dealer_window")
        self.session = session
        self.four_colour = four_colour
        self.setWindowTitle(f"Dealer console — {session.table.config.name}")
        self.notifications = NotificationManager(self)
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
        colours = QAction("Four-colour deck", self)
        colours.setCheckable(True)
        colours.setChecked(four_colour)
        colours.toggled.connect(self._on_four_colour_change)
        self.menuBar().addMenu("View").addAction(colours)
        self._unsubscribe = [session.subscribe(self._on_session_change), session.subscribe_notices(self.notifications.post)]
        self._on_session_change(session)

    def _on_four_colour_change(self, on: bool) -> None:
        self.four_colour = on
        self._on_session_change(self.session)

    def _on_session_change(self, session: TableSession) -> None:
        plan, hand = session.plan, session.hand
        if plan is None or hand is None:
            self.title.setText(f"{session.table.config.name}: no hand yet")
        else:
            actor = f" — seat {hand.actor} to act" if hand.actor is not None else ""
            self.title.setText(f"Hand {plan.number}: {plan.game.name}, blinds {plan.game.stakes.small_blind}/"
                               f"{plan.game.stakes.big_blind} — {hand.phase.value}{actor}")
        self.felt._on_session_change(session, four_colour=self.four_colour)
        self.action_bar._on_session_change(session)

    def post(self, notice: Notice) -> None:
        """Show ``notice`` in the notification area (from any thread)."""
        self.notifications.post(notice)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Run the action on this key if its button is shown now."""
        name = self.keys.get(QKeySequence(event.keyCombination()).toString())
        button = self.action_bar.buttons.get(name) if name else None
        if button is None:
            super().keyPressEvent(event)
            return
        if not button.isHidden():
            button.click()
        event.accept()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
        super().closeEvent(event)
