"""The floor's search: table, time, seat, player, pot size, flags and rulings; the hands found, newest first."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_console.floor.facade import HandQuery, HandSummary, TableInfo, parse_time
from dealer_console.ui.sentences import game_title
from dealer_console.ui.translation import QT_TRANSLATE_NOOP

__all__ = ["ReviewSearchPanel"]

_COLUMNS = (QT_TRANSLATE_NOOP("SearchColumn", "table"), QT_TRANSLATE_NOOP("SearchColumn", "hand"),
            QT_TRANSLATE_NOOP("SearchColumn", "started (UTC)"), QT_TRANSLATE_NOOP("SearchColumn", "game"),
            QT_TRANSLATE_NOOP("SearchColumn", "pot"), QT_TRANSLATE_NOOP("SearchColumn", "status"), QT_TRANSLATE_NOOP("SearchColumn", "flag"))
_FIELDS = (QT_TRANSLATE_NOOP("SearchField", "Table"), QT_TRANSLATE_NOOP("SearchField", "Since"), QT_TRANSLATE_NOOP("SearchField", "Until"),
           QT_TRANSLATE_NOOP("SearchField", "Seat"), QT_TRANSLATE_NOOP("SearchField", "Player"),
           QT_TRANSLATE_NOOP("SearchField", "Pot at least"), QT_TRANSLATE_NOOP("SearchField", "Pot at most"))
"""The search fields' names (each named in its refusal too)."""


class ReviewSearchPanel(QWidget):
    """Search fields and the list of hands found; a bad field is named in words and nothing is searched."""

    search_requested = Signal(object)
    """A :class:`HandQuery`."""
    hand_chosen = Signal(int)
    """The id of the hand to open."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_search")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.table = QComboBox()
        self.table.addItem(self.tr("any table"), None)
        self.since = QLineEdit()
        self.since.setPlaceholderText(self.tr("e.g. 2026-11-30 20:00"))
        self.until = QLineEdit()
        self.until.setPlaceholderText(self.tr("ISO date or time, UTC"))
        self.seat = QSpinBox()
        self.seat.setRange(0, 10)
        self.seat.setSpecialValueText(self.tr("any seat"))
        self.player = QLineEdit()
        self.min_pot = QLineEdit()
        self.max_pot = QLineEdit()
        self.flagged = QCheckBox(self.tr("flagged only"))
        self.ruled = QCheckBox(self.tr("with a ruling"))
        self.reportable = QCheckBox(self.tr("reportable ruling"))
        for label, widget in (("Table", self.table), ("Since", self.since), ("Until", self.until), ("Seat", self.seat),
                              ("Player", self.player), ("Pot at least", self.min_pot), ("Pot at most", self.max_pot)):
            form.addRow(QCoreApplication.translate("SearchField", label), widget)
        layout.addLayout(form)
        flags = QHBoxLayout()
        for box in (self.flagged, self.ruled, self.reportable):
            flags.addWidget(box)
        layout.addLayout(flags)
        self.search_button = QPushButton(self.tr("Search"))
        self.search_button.setObjectName("search_button")
        self.search_button.clicked.connect(self._on_search_click)
        layout.addWidget(self.search_button)
        self.message = QLabel()
        self.message.setObjectName("search_message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.results = QTableWidget(0, len(_COLUMNS))
        self.results.setObjectName("search_results")
        self.results.setHorizontalHeaderLabels([QCoreApplication.translate("SearchColumn", column) for column in _COLUMNS])
        self.results.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.verticalHeader().setVisible(False)
        # each column as wide as its heading and its cells, in whatever font and language (the table scrolls sideways)
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.results.cellDoubleClicked.connect(lambda row, _column: self._choose(row))
        layout.addWidget(self.results, 1)
        self.open_button = QPushButton(self.tr("Open hand"))
        self.open_button.setObjectName("open_button")
        self.open_button.clicked.connect(lambda: self._choose(self.results.currentRow()))
        layout.addWidget(self.open_button)
        self._found: list[HandSummary] = []

    def show_tables(self, tables: list[TableInfo]) -> None:
        """Offer these tables (keeping the choice made, if still there)."""
        chosen = self.table.currentData()
        self.table.blockSignals(True)
        self.table.clear()
        self.table.addItem(self.tr("any table"), None)
        for table in tables:
            self.table.addItem(self.tr("{0} (id {1})").format(table.name, table.id), table.id)
        index = self.table.findData(chosen)
        self.table.setCurrentIndex(max(index, 0))
        self.table.blockSignals(False)

    def query(self) -> HandQuery:
        """The search as typed; raises ``ValueError`` naming the field that cannot be read."""
        def moment(field: QLineEdit, name: str):  # type: ignore[no-untyped-def]
            text = field.text().strip()
            if not text:
                return None
            try:
                return parse_time(text)
            except ValueError:
                raise ValueError(self.tr("{0}: {1!r} is not a date or time (write it as 2026-11-30 or 2026-11-30 20:15)").format(
                    QCoreApplication.translate("SearchField", name), text)) from None

        def chips(field: QLineEdit, name: str) -> int | None:
            text = field.text().strip()
            if not text:
                return None
            if not text.isdigit():
                raise ValueError(self.tr("{0}: {1!r} is not a whole number of chips").format(QCoreApplication.translate("SearchField", name), text))
            return int(text)

        return HandQuery(
            table_id=self.table.currentData(), since=moment(self.since, "Since"), until=moment(self.until, "Until"),
            seat=self.seat.value() or None, player=self.player.text().strip() or None,
            min_pot=chips(self.min_pot, "Pot at least"), max_pot=chips(self.max_pot, "Pot at most"),
            flagged=True if self.flagged.isChecked() else None, with_ruling=True if self.ruled.isChecked() else None,
            reportable=True if self.reportable.isChecked() else None, limit=200,
        )

    def _on_search_click(self) -> None:
        try:
            query = self.query()
        except ValueError as error:
            self.message.setText(self.tr("Not searched: {0}").format(error))
            return
        self.message.setText("")
        self.search_requested.emit(query)

    def show_results(self, found: list[HandSummary], table_names: dict[int, str]) -> None:
        """List the hands found (newest first)."""
        self._found = list(found)
        self.results.setRowCount(len(found))
        for row, hand in enumerate(found):
            values = (table_names.get(hand.table_id, str(hand.table_id)), f"#{hand.number}", f"{hand.started_at:%Y-%m-%d %H:%M:%S}",
                      f"{game_title(hand.game, hand.structure)} {hand.small_blind}/{hand.big_blind}", str(hand.pot_total),
                      QCoreApplication.translate("HandStatus", hand.status.value), self.tr("FLAGGED") if hand.flagged else "")
            for column, value in enumerate(values):
                self.results.setItem(row, column, QTableWidgetItem(value))
        self.message.setText(self.tr("%n hand(s) found", "", len(found)) if found else self.tr("No hands found"))
        if found:
            self.results.setCurrentCell(0, 0)

    @property
    def found(self) -> list[HandSummary]:
        return list(self._found)

    def _choose(self, row: int) -> None:
        if 0 <= row < len(self._found):
            self.hand_chosen.emit(self._found[row].id)
        else:
            self.message.setText(self.tr("Choose a hand in the list first"))
