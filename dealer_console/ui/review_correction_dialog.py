"""A floor correction of one event: void it or enter the right card or amount, see the hand before and after, record it."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from dealer_console.engine.events import EVENT_TYPES, Event, Voided
from dealer_console.floor.facade import (
    CorrectionError,
    CorrectionPreview,
    HandReview,
    ReviewStep,
    editable_fields,
    parse_replacement,
)
from dealer_console.ui.event_words import describe_event
from dealer_console.ui.sentences import translate_sentence

__all__ = ["ReviewCorrectionDialog"]


class ReviewCorrectionDialog(QDialog):
    """Shows the event, the choice (void / replace), the fields of the replacement, the reason; Preview, then Record."""

    def __init__(self, review: HandReview, step: ReviewStep, *, by: str, record: Callable[[int, Event | None, str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_correction")
        self.setWindowTitle(self.tr("Correct seq {0}").format(step.seq))
        self.review, self.step, self.by, self._record = review, step, by, record
        self.preview: CorrectionPreview | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Event seq {0} ({1}, {2}): {3}").format(step.seq, escape(step.who), QCoreApplication.translate(
            "Source", step.source.value), escape(describe_event(step.event.kind, step.event.payload)))))
        choice = QHBoxLayout()
        self.void = QRadioButton(self.tr("Void it"))
        self.replace = QRadioButton(self.tr("Replace it with"))
        self.replace.setChecked(True)
        choice.addWidget(self.void)
        choice.addWidget(self.replace)
        self.kind = QComboBox()
        for kind in EVENT_TYPES:
            if kind != Voided.kind:
                self.kind.addItem(QCoreApplication.translate("EventKind", kind), kind)
        self.kind.setCurrentIndex(self.kind.findData(step.event.kind))
        choice.addWidget(self.kind)
        layout.addLayout(choice)
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.fields: dict[str, QLineEdit] = {}
        self.reason = QLineEdit()
        self.reason.setObjectName("correction_reason")
        reason_row = QFormLayout()
        reason_row.addRow(self.tr("Reason"), self.reason)
        layout.addLayout(reason_row)
        self.outcome = QLabel()
        self.outcome.setObjectName("correction_outcome")
        self.outcome.setTextFormat(Qt.TextFormat.RichText)
        self.outcome.setWordWrap(True)
        layout.addWidget(self.outcome)
        buttons = QHBoxLayout()
        self.preview_button = QPushButton(self.tr("Preview before and after"))
        self.preview_button.setObjectName("correction_preview")
        self.record_button = QPushButton(self.tr("Record correction"))
        self.record_button.setObjectName("correction_record")
        self.record_button.setEnabled(False)
        cancel = QPushButton(self.tr("Cancel"))
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.record_button)
        buttons.addWidget(cancel)
        layout.addLayout(buttons)
        self.preview_button.clicked.connect(self._on_preview_click)
        self.record_button.clicked.connect(self._on_record_click)
        cancel.clicked.connect(self.reject)
        self.kind.currentIndexChanged.connect(lambda _index: self._on_kind_change(str(self.kind.currentData())))
        self.void.toggled.connect(self._on_choice_change)
        for widget in (self.reason,):
            widget.textChanged.connect(self._on_input_change)
        self._on_kind_change(step.event.kind)

    def _on_kind_change(self, kind: str) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = {}
        record = self.step.event.record()
        template = editable_fields(record) if isinstance(record, Event) and record.kind == kind else \
            {name: "" for name in EVENT_TYPES[kind].__dataclass_fields__ if name != "kind"}
        for name, value in template.items():
            field = QLineEdit(value)
            field.setObjectName(f"field_{name}")
            field.textChanged.connect(self._on_input_change)
            self.form.addRow(QCoreApplication.translate("EventField", name), field)
            self.fields[name] = field
        self._on_input_change()

    def _on_choice_change(self, _void: bool) -> None:
        for field in self.fields.values():
            field.setEnabled(not self.void.isChecked())
        self.kind.setEnabled(not self.void.isChecked())
        self._on_input_change()

    def _on_input_change(self, *_: object) -> None:
        self.preview = None
        self.record_button.setEnabled(False)

    def replacement(self) -> Event | None:
        """The event entered (``None``: voided); raises :class:`CorrectionError` naming a field that cannot be read."""
        if self.void.isChecked():
            return None
        return parse_replacement(str(self.kind.currentData()), {name: field.text() for name, field in self.fields.items()})

    def _on_preview_click(self) -> None:
        try:
            self.preview = self.review.preview_correction(self.step.seq, self.replacement(), reason=self.reason.text(), by=self.by)
        except CorrectionError as error:
            self.outcome.setText(self.tr("<b>Refused:</b> {0}").format(escape(translate_sentence(str(error)))))
            return
        changes = self.preview.changes()
        moved = "; ".join(f"seat {seat}: {old} → {new}" for seat, (old, new) in changes.items()) or "no stack changes"
        self.outcome.setText(
            "<b>Before</b><br>" + "<br>".join(escape(line) for line in self.preview.before.lines())
            + "<br><b>After</b><br>" + "<br>".join(escape(line) for line in self.preview.after.lines())
            + f"<br><b>Stacks that change:</b> {escape(moved)}")
        self.record_button.setEnabled(True)

    def _on_record_click(self) -> None:
        if self.preview is None:
            return
        try:
            self._record(self.step.seq, self.replacement(), self.reason.text())
        except Exception as error:  # shown in the dialog; nothing was stored
            self.outcome.setText(self.tr("<b>Not recorded:</b> {0}").format(escape(translate_sentence(str(error)))))
            self.record_button.setEnabled(False)
            return
        self.accept()
