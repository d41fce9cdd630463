"""The Mississippi straddle with its authorization: a floor manager signed in authorizes it for this hand,
or for the table from now on; either way the record names the manager (SPEC: Mississippi straddle)."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtWidgets import QCheckBox, QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_console.floor.facade import StaffMember
from dealer_console.live.table_session import TableSession

__all__ = ["MississippiDialog"]


class MississippiDialog(QDialog):
    """Shows the authorizing manager; posts the button's Mississippi straddle (and the standing authorization if ticked)."""

    def __init__(self, session: TableSession, manager: StaffMember, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mississippi_dialog")
        self.setWindowTitle(self.tr("Mississippi straddle"))
        self.session = session
        self.manager = manager
        """The floor manager as the sign-in returned them: the store takes no other as authority."""
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("mississippi_heading")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.standing = QCheckBox(self.tr("Authorize Mississippi straddles at this table from now on"))
        self.standing.setObjectName("mississippi_standing")
        layout.addWidget(self.standing)
        self.post_button = QPushButton()
        self.post_button.setObjectName("post_mississippi")
        self.post_button.clicked.connect(self._post)
        layout.addWidget(self.post_button)
        close = QPushButton(self.tr("Close"))
        close.setObjectName("close_dialog")
        close.clicked.connect(self.close)
        layout.addWidget(close)
        self.setStyleSheet("QPushButton, QCheckBox { font-size: 16pt; min-height: 56px; } QLabel { font-size: 15pt; }")
        self._unsubscribe = session.subscribe(self._on_session_change)
        self._on_session_change(session)

    def _on_session_change(self, session: TableSession) -> None:
        hand = session.hand
        seat = hand.seats[-1] if hand is not None and hand.seats else None
        standing = session.table.agreements.mississippi
        on_record = self.tr(" Standing authorization on record: {0}.").format(standing.manager) if standing is not None else ""
        self.heading.setText(self.tr("Authorized by floor manager {0}.").format(self.manager.name) + on_record)
        if hand is None or seat is None:
            self.post_button.hide()
            return
        self.post_button.show()
        self.post_button.setText(self.tr("Seat {0} (button) posts a Mississippi straddle of {1}").format(seat, 2 * hand.game.stakes.big_blind))

    def _post(self) -> None:
        if self.standing.isChecked() and self.session.table.agreements.mississippi is None:
            self.session.authorize_mississippi(manager=self.manager, at=datetime.now(UTC))
        if self.session.post_mississippi(authorized_by=self.manager):
            self.close()

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self._unsubscribe()
        super().closeEvent(event)
