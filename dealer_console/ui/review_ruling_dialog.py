"""A floor manager's ruling on the hand: rule cited, decision, pot held, disputed amount, and whether it comes late."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dealer_console.floor.facade import DisputeKind, DisputeWindows
from dealer_console.ui.sentences import translate_sentence

__all__ = ["ReviewRulingDialog"]


class ReviewRulingDialog(QDialog):
    """The ruling's fields; the dispute windows and the reportable threshold are shown as the ruling is typed."""

    def __init__(self, windows: DisputeWindows, *, reportable_threshold: int,
                 record: Callable[[str, str, bool, int, DisputeKind], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_ruling")
        self.setWindowTitle(self.tr("Record a ruling"))
        self.windows, self.threshold, self._record = windows, reportable_threshold, record
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.dispute = QComboBox()
        for kind in DisputeKind:
            self.dispute.addItem(QCoreApplication.translate("DisputeKind", kind.value), kind)
        self.rule = QLineEdit()
        self.rule.setObjectName("ruling_rule")
        self.rule.setPlaceholderText(self.tr("e.g. TDA 15 (cards speak)"))
        self.decision = QLineEdit()
        self.decision.setObjectName("ruling_decision")
        self.pot_held = QCheckBox(self.tr("the pot was held while the floor decided"))
        self.amount = QLineEdit("0")
        self.amount.setObjectName("ruling_amount")
        form.addRow(self.tr("Dispute about"), self.dispute)
        form.addRow(self.tr("Rule cited"), self.rule)
        form.addRow(self.tr("Decision"), self.decision)
        form.addRow("", self.pot_held)
        form.addRow(self.tr("Disputed amount"), self.amount)
        layout.addLayout(form)
        self.status = QLabel()
        self.status.setObjectName("ruling_status")
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        self.record_button = QPushButton(self.tr("Record ruling"))
        self.record_button.setObjectName("ruling_record")
        cancel = QPushButton(self.tr("Cancel"))
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
            raise ValueError(self.tr("the disputed amount must be a whole number of chips, not {0!r}").format(text))
        return int(text)

    def _on_input_change(self, *_: object) -> None:
        kind = self.dispute.currentData()
        lines = [escape(translate_sentence(line)) for line in self.windows.lines()]
        if self.windows.closed(kind):
            lines.append(self.tr("<b>The {0} window has closed: this ruling will be recorded as LATE.</b>").format(
                QCoreApplication.translate("DisputeKind", kind.value)))
        try:
            reportable = self._amount() >= self.threshold
            lines.append(self.tr("Reportable (disputed amount at or above {0}): <b>{1}</b>").format(
                self.threshold, self.tr("YES") if reportable else self.tr("no")))
        except ValueError as error:
            lines.append(f"<b>{escape(str(error))}</b>")
        self.status.setText("<br>".join(lines))

    def _on_record_click(self) -> None:
        try:
            amount = self._amount()
            if not self.rule.text().strip() or not self.decision.text().strip():
                raise ValueError(self.tr("give the rule cited and the decision"))
            self._record(self.rule.text(), self.decision.text(), self.pot_held.isChecked(), amount, self.dispute.currentData())
        except Exception as error:  # shown in the dialog; nothing was stored
            self.status.setText(self.tr("<b>Not recorded:</b> {0}").format(escape(translate_sentence(str(error)))))
            return
        self.accept()
