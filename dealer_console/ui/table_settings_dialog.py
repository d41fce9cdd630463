"""The table's standing agreements, changed by a signed-in floor manager and recorded naming them
(SPEC: "Each table keeps standing agreements (straddles allowed, Mississippi authorized by whom and when,
extra boards allowed)"). They apply from the next hand on."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from dealer_console.floor.facade import StaffMember
from dealer_console.live.table_session import TableSession

__all__ = ["TableSettingsDialog"]


class TableSettingsDialog(QDialog):
    """Straddles allowed, extra boards allowed, Mississippi authorized (by the manager signed in)."""

    def __init__(self, session: TableSession, manager: StaffMember, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("table_settings_dialog")
        self.setWindowTitle(self.tr("Table settings"))
        self.session = session
        self.manager = manager
        """The floor manager as the sign-in returned them: the store takes no other as authority."""
        agreements = session.table.agreements
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Floor manager: {0}. Changes apply from the next hand.").format(manager.name)))
        self.straddles = QCheckBox(self.tr("Straddles and re-straddles allowed"))
        self.straddles.setObjectName("setting_straddles_allowed")
        self.straddles.setChecked(agreements.straddles_allowed)
        self.extra_boards = QCheckBox(self.tr("Extra boards allowed"))
        self.extra_boards.setObjectName("setting_extra_boards_allowed")
        self.extra_boards.setChecked(agreements.extra_boards_allowed)
        authorized = agreements.mississippi
        text = self.tr("Mississippi straddles authorized")
        if authorized is not None:
            text += self.tr(" (by {0}, {1:%Y-%m-%d %H:%M})").format(authorized.manager, authorized.at)
        self.mississippi = QCheckBox(text)
        self.mississippi.setObjectName("setting_mississippi")
        self.mississippi.setChecked(authorized is not None)
        for box in (self.straddles, self.extra_boards, self.mississippi):
            layout.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Save).setObjectName("save_settings")
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setStyleSheet("QCheckBox, QPushButton { font-size: 16pt; min-height: 48px; }")

    def save(self) -> None:
        """Record the agreements if they changed, naming the manager."""
        current = self.session.table.agreements
        mississippi = current.mississippi
        if self.mississippi.isChecked() and mississippi is None:
            from dealer_console.engine.table_events import MississippiAuthorization

            mississippi = MississippiAuthorization(manager=self.manager.name, at=datetime.now(UTC))
        elif not self.mississippi.isChecked():
            mississippi = None
        wanted = replace(current, straddles_allowed=self.straddles.isChecked(), extra_boards_allowed=self.extra_boards.isChecked(),
                         mississippi=mississippi)
        if wanted != current:
            self.session.change_agreements(wanted, by=self.manager)
        self.accept()
