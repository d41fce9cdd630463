"""A floor manager's ruling on the hand: rule cited, decision, pot held, disputed amount, and whether it comes late."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dealer_console.floor.facade import DisputeKind, DisputeWindows

__all__ = ["ReviewRulingDialog"]


class ReviewRulingDialog(QDialog):
    """The ruling's fields; the dispute windows and the reportable threshold are shown as the ruling is typed."""

    def __init__(self, windows: DisputeWindows, *, reportable_threshold: int,
                 record: Callable[[str, str, bool, int, DisputeKind], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_ruling")
        self.setWindowTitle("Record a ruling")
        self.windows, self.threshold, self._record = windows, reportable_threshold, record
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.dispute = QComboBox()
        for kind in DisputeKind:
            self.dispute.addItem(kind.value, kind)
        self.rule = QLineEdit()
        self.rule.setObjectName("ruling_rule")
        self.rule.setPlaceholderText("e.g. TDA 15 (cards speak)")
        self.decision = QLineEdit()
        self.decision.setObjectName("ruling_decision")
        self.pot_held = QCheckBox("the pot was held while the floor decided")
        self.amount = QLineEdit("0")
        self.amount.setObjectName("ruling_amount")
        form.addRow("Dispute about", self.dispute)
        form.addRow("Rule cited", self.rule)
        form.addRow("Decision", self.decision)
        form.addRow("", self.pot_held)
        form.addRow("Disputed amount", self.amount)
        layout.addLayout(form)
        self.status = QLabel()
        self.status.setObjectName("ruling_status")
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        self.record_button = QPushButton("Record ruling")
        self.record_button.setObjectName("ruling_record")
        cancel = QPushButton("Cancel")
        buttons.addWidget(self.record_button)
        buttons.addWidget(cancel)
        layout.addLayout(buttons)
        self.record_button.clicked.connect(self._on_record_click)
        cancel.clicked.connect(self.reject)
        self.dispute.currentIndexChanged.connect(self._on_input_change)
        self.amount.textChanged.connect(self._on_input_change)
        self._on_input_change()

    def _amount(self) -> int:
        text = self.amount.text().strip()
        if not text.isdigit():
            raise ValueError(f"the disputed amount must be a whole number of chips, not {text!r}")
        return int(text)

    def _on_input_change(self, *_: object) -> None:
        kind = self.dispute.currentData()
        lines = [escape(line) for line in self.windows.lines()]
        if self.windows.closed(kind):
            lines.append(f"<b>The {kind.value} window has closed: this ruling will be recorded as LATE.</b>")
        try:
            reportable = self._amount() >= self.threshold
            lines.append(f"Reportable (disputed amount at or above {self.threshold}): <b>{'YES' if reportable else 'no'}</b>")
        except ValueError as error:
            lines.append(f"<b>{escape(str(error))}</b>")
        self.status.setText("<br>".join(lines))

    def _on_record_click(self) -> None:
        try:
            amount = self._amount()
            if not self.rule.text().strip() or not self.decision.text().strip():
                raise ValueError("give the rule cited and the decision")
            self._record(self.rule.text(), self.decision.text(), self.pot_held.isChecked(), amount, self.dispute.currentData())
        except Exception as error:  # shown in the dialog; nothing was stored
            self.status.setText(f"<b>Not recorded:</b> {escape(str(error))}")
            return
        self.accept()
