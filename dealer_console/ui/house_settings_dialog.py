"""The house settings (rake, jackpot drop, the house rules where card rooms differ), changed by a signed-in
floor manager: recorded as a floor event naming them, applied from the next hand (SPEC: house settings)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from dealer_console.engine.table_config import HOUSE_SETTING_NAMES
from dealer_console.live.table_session import TableSession

if TYPE_CHECKING:
    from dealer_console.floor.facade import StaffMember

__all__ = ["HouseSettingsDialog"]


class HouseSettingsDialog(QDialog):
    """One field per house setting; Save records the ones changed."""

    def __init__(self, session: TableSession, manager: StaffMember, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("house_settings_dialog")
        self.setWindowTitle(self.tr("House settings"))
        self.session = session
        self.manager = manager
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Floor manager: {0}. Changes apply from the next hand.").format(manager.name)))
        form = QFormLayout()
        layout.addLayout(form)
        self.fields: dict[str, QWidget] = {}
        for name in HOUSE_SETTING_NAMES:
            value = self.current(name)
            editor: QWidget
            if isinstance(value, bool):
                editor = QCheckBox()
                editor.setChecked(value)
            elif isinstance(value, enum.Enum):
                editor = QComboBox()
                for member in type(value):
                    editor.addItem(QCoreApplication.translate("HouseChoice", str(member.value)), str(member.value))
                editor.setCurrentIndex(editor.findData(str(value.value)))
            else:
                editor = QLineEdit("" if value is None else str(value))
            editor.setObjectName(f"house_{name}")
            form.addRow(self._label(name), editor)
            self.fields[name] = editor
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Save).setObjectName("save_settings")
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _label(self, name: str) -> str:
        labels = {
            "rake.percent": self.tr("Rake, percent of the pot"),
            "rake.cap": self.tr("Rake cap (empty: none)"),
            "rake.no_flop_no_drop": self.tr("No flop, no drop"),
            "rake.jackpot_drop": self.tr("Jackpot drop"),
            "rake.jackpot_threshold": self.tr("Jackpot drop from a pot of at least"),
            "house.limit_raises_per_round": self.tr("Limit: raises per round"),
            "house.limit_heads_up_uncapped": self.tr("Limit: no cap heads-up"),
            "house.mississippi_preflop_order": self.tr("Pre-flop order under a Mississippi"),
            "house.straddle_precedence": self.tr("Straddle or Mississippi first"),
            "house.button_straddle_in_limit": self.tr("Button straddles in Limit"),
            "house.odd_chip_to_first_run": self.tr("Odd chip between runs to the first run"),
            "house.max_runs": self.tr("Most runs of a pot"),
            "house.action_clock_seconds": self.tr("Action clock, seconds (0: no clock)"),
            "house.time_bank_seconds": self.tr("Time bank per player, seconds"),
        }
        return labels.get(name, name)

    def current(self, name: str) -> Any:
        """The setting's value at the table now."""
        group, _, key = name.partition(".")
        config = self.session.table.config
        return getattr(config.rake if group == "rake" else config.house, key)

    def changes(self) -> list[tuple[str, str]]:
        """(setting, new value as text) for every field that differs from the table's value."""
        found = []
        for name, editor in self.fields.items():
            if isinstance(editor, QCheckBox):
                text = str(editor.isChecked())
            elif isinstance(editor, QComboBox):
                text = str(editor.currentData())
            else:
                assert isinstance(editor, QLineEdit)
                text = editor.text().strip() or "None"
            value = self.current(name)
            shown = str(value.value) if isinstance(value, enum.Enum) else str(value)
            if text != shown:
                found.append((name, text))
        return found

    def save(self) -> None:
        """Record the changes (the session refuses a bad value with a message naming it; the dialog then stays open)."""
        changes = self.changes()
        if not changes or self.session.change_house_settings(changes, by=self.manager):
            self.accept()
