"""Every event of a reviewed hand, one row each: seq, time, source, who, what, and what the floor made of it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QTableWidgetItem, QWidget

from dealer_console.floor.facade import ReviewStep
from dealer_console.ui.event_words import describe_event
from dealer_console.ui.headed_table import HeadedTable
from dealer_console.ui.sentences import translate_sentence
from dealer_console.ui.translation import QT_TRANSLATE_NOOP

__all__ = ["ReviewTimeline"]

_COLUMNS = (QT_TRANSLATE_NOOP("TimelineColumn", "seq"), QT_TRANSLATE_NOOP("TimelineColumn", "recorded (UTC)"),
            QT_TRANSLATE_NOOP("TimelineColumn", "source"), QT_TRANSLATE_NOOP("TimelineColumn", "by"),
            QT_TRANSLATE_NOOP("TimelineColumn", "event"), QT_TRANSLATE_NOOP("TimelineColumn", "floor"))
_EVENT = 4
"""The event's column: it stretches over the room the others leave."""
_SOURCE_COLOURS = {"floor": "#fde9c9", "camera": "#e3efff", "sensor": "#e8f6e8", "dealer": "#ffffff"}


class ReviewTimeline(HeadedTable):
    """Rows coloured by source (and named: colour is never the only signal); a corrected or voided event is struck through."""

    step_chosen = Signal(int)
    """The index of the step the floor manager clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(_COLUMNS), _EVENT, parent)  # the event's column no narrower than its heading
        self.setObjectName("review_timeline")
        self.setHorizontalHeaderLabels([QCoreApplication.translate("TimelineColumn", column) for column in _COLUMNS])
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self._syncing = False
        self.currentCellChanged.connect(self._on_current_cell_change)

    def show_steps(self, steps: list[ReviewStep]) -> None:
        """Fill the rows (one per step)."""
        self._syncing = True
        self.setRowCount(len(steps))
        voided = {step.event.voids_seq for step in steps if step.voided_by_floor}
        for row, step in enumerate(steps):
            values = (str(step.seq), f"{step.event.recorded_at:%H:%M:%S.%f}"[:-3], QCoreApplication.translate("Source", step.source.value),
                      step.who, describe_event(step.event.kind, step.event.payload), translate_sentence(step.note))
            struck = step.corrected_by is not None or step.seq in voided
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setBackground(QBrush(QColor(_SOURCE_COLOURS.get(step.source.value, "#ffffff"))))
                item.setForeground(QBrush(QColor("#111111")))
                if struck:
                    font = QFont(item.font())
                    font.setStrikeOut(True)
                    item.setFont(font)
                self.setItem(row, column, item)
        self.resizeColumnsToContents()
        self.updateGeometries()
        self._syncing = False

    def show_position(self, index: int) -> None:
        """Select the row of the current step without echoing it back as a choice."""
        self._syncing = True
        self.setCurrentCell(index, 0)
        item = self.item(index, 0)
        if item is not None:
            self.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)
        self._syncing = False

    def _on_current_cell_change(self, row: int, _column: int, _previous_row: int, _previous_column: int) -> None:
        if not self._syncing and row >= 0:
            self.step_chosen.emit(row)

    def row_texts(self, row: int) -> list[str]:
        """The texts of one row."""
        return [item.text() if (item := self.item(row, column)) is not None else "" for column in range(self.columnCount())]

    def is_struck(self, row: int) -> bool:
        """Whether the row is shown struck through (corrected or voided)."""
        item = self.item(row, 0)
        return item is not None and item.font().strikeOut()


