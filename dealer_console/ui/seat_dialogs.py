"""The seat operations that need an answer: who sits down and for how much, the chips of a rebuy or an add-on, the
seat to move to, and the table's close (its chip audit, then the session's report).

Each dialog only gathers the dealer's answer and hands the session one command (:mod:`dealer_console.live.seating`
checks it through the engine); a refused command comes back as a notice and nothing is recorded.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_console.floor.facade import StaffMember, session_report, session_report_html
from dealer_console.live.commands import AddChips, ChangeSeat, CloseTable, SeatPlayer
from dealer_console.live.seating import SeatOperation, SeatOperationKind, empty_seats, known_players
from dealer_console.live.table_session import TableSession
from dealer_console.ui.background_task import BackgroundTask

__all__ = ["ChipsDialog", "CloseTableDialog", "MoveSeatDialog", "SeatPlayerDialog"]

_STYLE = "QLineEdit, QComboBox, QSpinBox, QPushButton, QCheckBox { font-size: 16pt; min-height: 44px; }"
_MOST = 1_000_000_000


def _amount(minimum: int, maximum: int | None, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(minimum, maximum if maximum is not None else _MOST)
    box.setValue(min(max(value, minimum), box.maximum()))
    return box


def _buttons(dialog: QDialog, ok: str, cancel: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok)
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(cancel)
    buttons.rejected.connect(dialog.reject)
    return buttons


class SeatPlayerDialog(QDialog):
    """Seat a player: a name typed or picked from the room's list, a buy-in within the table's range, post or wait."""

    def __init__(self, session: TableSession, operation: SeatOperation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seat_player_dialog")
        self.session, self.seat = session, operation.seat
        self.setWindowTitle(self.tr("Seat {0}: seat a player").format(operation.seat))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QComboBox()
        self.name.setEditable(True)
        self.name.setObjectName("seat_player_name")
        self.players = BackgroundTask(self)
        """Reads the room's player list off the screen's thread."""
        self.players.run(lambda: known_players(session), done=self._show_players, failed=lambda _error: None)
        config = session.table.config
        self.buy_in = _amount(operation.minimum, operation.maximum, 100 * config.schedule.max_big_blind)
        self.buy_in.setObjectName("seat_player_buy_in")
        self.post_now = QCheckBox(self.tr("Post a big blind to play at once (else wait for the big blind)"))
        self.post_now.setObjectName("seat_player_post_now")
        form.addRow(self.tr("Player"), self.name)
        form.addRow(self.tr("Buy-in ({0})").format(config.buy_in_range()), self.buy_in)
        layout.addLayout(form)
        layout.addWidget(self.post_now)
        self.buttons = _buttons(self, self.tr("Seat the player"), self.tr("Cancel"))
        self.buttons.accepted.connect(self._seat)
        layout.addWidget(self.buttons)
        self.setStyleSheet(_STYLE)

    def _show_players(self, names: list[str]) -> None:
        typed = self.name.currentText()
        self.name.addItems(names)
        self.name.setCurrentText(typed)

    def _seat(self) -> None:
        command = SeatPlayer(self.seat, self.name.currentText(), self.buy_in.value(), wait_for_big_blind=not self.post_now.isChecked())
        self.accept()
        self.session.perform(command)


class ChipsDialog(QDialog):
    """A rebuy or an add-on: the chips, within what the table allows."""

    def __init__(self, session: TableSession, operation: SeatOperation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chips_dialog")
        self.session, self.seat = session, operation.seat
        rebuy = operation.kind is SeatOperationKind.REBUY
        title = self.tr("Seat {0}: rebuy") if rebuy else self.tr("Seat {0}: add on")
        self.setWindowTitle(title.format(operation.seat))
        layout = QVBoxLayout(self)
        if session.table.hand_in_progress is not None and not (session.hand is not None and session.hand.is_complete):
            layout.addWidget(QLabel(self.tr("A hand is being played: the chips play from the next hand.")))
        self.amount = _amount(operation.minimum, operation.maximum, operation.minimum)
        self.amount.setObjectName("chips_amount")
        form = QFormLayout()
        form.addRow(self.tr("Chips"), self.amount)
        layout.addLayout(form)
        self.buttons = _buttons(self, self.tr("Rebuy") if rebuy else self.tr("Add on"), self.tr("Cancel"))
        self.buttons.accepted.connect(self._buy)
        layout.addWidget(self.buttons)
        self.setStyleSheet(_STYLE)

    def _buy(self) -> None:
        self.accept()
        self.session.perform(AddChips(self.seat, self.amount.value()))


class MoveSeatDialog(QDialog):
    """A seat change: the empty seat to move to (a move the big blind reaches later owes a big blind)."""

    def __init__(self, session: TableSession, operation: SeatOperation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("move_seat_dialog")
        self.session, self.seat = session, operation.seat
        self.setWindowTitle(self.tr("Seat {0}: change seat").format(operation.seat))
        layout = QVBoxLayout(self)
        self.to_seat = QComboBox()
        self.to_seat.setObjectName("move_seat_to")
        for seat in empty_seats(session.table):
            self.to_seat.addItem(self.tr("Seat {0}").format(seat), seat)
        form = QFormLayout()
        form.addRow(self.tr("Move to"), self.to_seat)
        layout.addLayout(form)
        self.buttons = _buttons(self, self.tr("Move"), self.tr("Cancel"))
        self.buttons.accepted.connect(self._move)
        layout.addWidget(self.buttons)
        self.setStyleSheet(_STYLE)

    def _move(self) -> None:
        self.accept()
        self.session.perform(ChangeSeat(self.seat, int(self.to_seat.currentData())))


class CloseTableDialog(QDialog):
    """The floor closes the table: the chip audit now, then (once recorded) the session's audit and its report."""

    def __init__(self, session: TableSession, member: StaffMember, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("close_table_dialog")
        self.session, self.member = session, member
        self.setWindowTitle(self.tr("Close the table"))
        layout = QVBoxLayout(self)
        self.audit_label = QLabel()
        self.audit_label.setObjectName("close_table_audit")
        self.audit_label.setStyleSheet("font-size: 15pt;")
        layout.addWidget(self.audit_label)
        self.close_button = QPushButton(self.tr("Cash everyone out and close"))
        self.close_button.setObjectName("close_table_confirm")
        self.close_button.clicked.connect(self._close_table)
        self.save_button = QPushButton(self.tr("Save the session report…"))
        self.save_button.setObjectName("close_table_save")
        self.save_button.setEnabled(False)
        self.save_button.clicked.connect(self._save)
        self.pdf_button = QPushButton(self.tr("Save the session report as PDF…"))
        self.pdf_button.setObjectName("close_table_pdf")
        self.pdf_button.setEnabled(False)
        self.pdf_button.clicked.connect(lambda: self.save_pdf(None))
        done = QPushButton(self.tr("Done"))
        done.clicked.connect(self.accept)
        for button in (self.close_button, self.save_button, self.pdf_button, done):
            layout.addWidget(button)
        self.report_html: str | None = None
        """The session's report once the table is closed (read off the screen's thread)."""
        self.report_task = BackgroundTask(self)
        self._unsubscribe = session.subscribe(self._on_session_change)
        self.finished.connect(lambda _=0: self._unsubscribe())
        self._show_audit(closed=False)
        self.setStyleSheet(_STYLE)

    def _show_audit(self, *, closed: bool) -> None:
        audit = self.session.table.chip_audit() if not closed else None
        if closed:
            record = self.session.table.events[-1]
            figures = (record.buy_ins, record.add_ons, record.cash_outs, record.rake, record.jackpot, 0, record.hands)  # type: ignore[attr-defined]
            heading = self.tr("Table closed by {0}. The session's chip audit:").format(self.member.name)
        else:
            assert audit is not None
            figures = (audit.buy_ins, audit.add_ons, audit.cash_outs, audit.rake, audit.jackpot, audit.in_play, audit.hands)
            heading = self.tr("Closing cashes out {0} players. The chip audit so far:").format(len(self.session.table.seats))
        lines = [heading] + [label.format(value) for label, value in zip((
            self.tr("Buy-ins: {0}"), self.tr("of which rebuys and add-ons: {0}"), self.tr("Cash-outs: {0}"), self.tr("Rake: {0}"),
            self.tr("Jackpot drop: {0}"), self.tr("Chips in play: {0}"), self.tr("Hands played: {0}")), figures, strict=True)]
        balanced = figures[0] == figures[2] + figures[3] + figures[4] + figures[5]
        lines.append(self.tr("The audit balances.") if balanced else self.tr("The audit does NOT balance."))
        self.audit_label.setText("\n".join(lines))

    def _close_table(self) -> None:
        self.close_button.setEnabled(False)
        self.session.perform(CloseTable(self.member))

    def _on_session_change(self, session: TableSession) -> None:
        events = session.table.events
        if not events or events[-1].kind != "table_closed" or self.report_html is not None:
            self.close_button.setEnabled(bool(session.table.seats))
            return
        self._show_audit(closed=True)
        recorder = session.recorder
        if recorder is not None and not self.report_task.busy:
            store, table_id = recorder.store, recorder.table_id
            self.report_task.run(lambda: session_report_html(session_report(store, table_id)), done=self._report_ready,
                                 failed=lambda error: self.audit_label.setText(self.audit_label.text() + "\n" + str(error)))

    def _report_ready(self, html: str) -> None:
        self.report_html = html
        self.save_button.setEnabled(True)
        self.pdf_button.setEnabled(True)

    def save_pdf(self, path: str | None) -> None:
        """Lay the session report out as a PDF (the dispute report's writer); ``None``: ask where."""
        from dealer_console.ui.review_pdf import write_report_pdf

        if self.report_html is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the session report"), "session-report.pdf", "PDF (*.pdf)")
        if path:
            write_report_pdf(self.report_html, path, title=self.tr("Session report: {0}").format(self.session.table.config.name))

    def _save(self) -> None:
        if self.report_html is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the session report"), "session-report.html", "HTML (*.html)")
        if path:
            Path(path).write_text(self.report_html, encoding="utf-8")
