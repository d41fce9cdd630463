"""Extra boards ("run it twice"): every pot with its contenders, and each contender's choice in one tap.

A pot is run as many times as all its contenders agree (at most three); a player who objects keeps
their pots to one run, while side pots they do not contend may still be run more than once
(SPEC: Extra boards). The engine decides what each choice means; this only records them.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_console.engine.events import RunsChosen
from dealer_console.live.table_session import TableSession

__all__ = ["ExtraBoardsDialog"]


class ExtraBoardsDialog(QDialog):
    """Rows of pots (amount, contenders, runs agreed so far) and one row of 1/2/3 buttons per contender."""

    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("extra_boards_dialog")
        self.setWindowTitle(self.tr("Extra boards"))
        self.session = session
        layout = QVBoxLayout(self)
        self.pots_label = QLabel()
        self.pots_label.setObjectName("extra_boards_pots")
        layout.addWidget(self.pots_label)
        self.grid = QGridLayout()
        layout.addLayout(self.grid)
        self.rows: dict[int, tuple[QLabel, list[QPushButton]]] = {}
        done = QPushButton(self.tr("Close"))
        done.setObjectName("close_dialog")
        done.clicked.connect(self.close)
        layout.addWidget(done)
        self.setStyleSheet("QPushButton { font-size: 16pt; min-height: 56px; min-width: 110px; } QLabel { font-size: 15pt; }")
        self._unsubscribe = session.subscribe(self._on_session_change)
        self._on_session_change(session)

    def _row(self, seat: int) -> tuple[QLabel, list[QPushButton]]:
        if seat not in self.rows:
            label = QLabel()
            buttons = []
            row = len(self.rows)
            self.grid.addWidget(label, row, 0)
            for runs in (1, 2, 3):
                button = QPushButton(self.tr("{0} run(s)").format(runs))
                button.setObjectName(f"runs_{seat}_{runs}")
                button.clicked.connect(lambda _=False, r=runs: self.session.choose_runs(seat, r))
                self.grid.addWidget(button, row, runs)
                buttons.append(button)
            self.rows[seat] = (label, buttons)
        return self.rows[seat]

    def _on_session_change(self, session: TableSession) -> None:
        hand = session.hand
        if hand is None or not hand.runs_window_open():
            self.pots_label.setText(self.tr("Extra boards are not offered now: every contender of a pot must be all-in (or all but one)."))
            for label, buttons in self.rows.values():
                label.hide()
                for button in buttons:
                    button.hide()
            return
        pots, runs = hand.pots(), hand.pot_runs()
        lines = []
        for index, pot in enumerate(pots):
            name = self.tr("Main pot") if index == 0 else self.tr("Side pot {0}").format(index)
            seats = ", ".join(str(seat) for seat in pot.contenders)
            lines.append(self.tr("{0} {1}: seats {2}; runs agreed {3}").format(name, pot.amount, seats, runs[index] if index < len(runs) else 1))
        self.pots_label.setText("\n".join(lines))
        chosen = {event.seat: event.runs for event in hand.events_in_force if isinstance(event, RunsChosen)}
        contenders = sorted({seat for pot in pots for seat in pot.contenders})
        for seat in contenders:
            label, buttons = self._row(seat)
            choice = chosen.get(seat)
            label.setText(self.tr("Seat {0}: {1}").format(seat, self.tr("waiting") if choice is None else self.tr("{0} run(s)").format(choice)))
            label.show()
            for runs_wanted, button in enumerate(buttons, start=1):
                button.setVisible(choice is None)
                button.setEnabled(choice is None and hand.can_choose_runs(seat, runs_wanted))

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self._unsubscribe()
        super().closeEvent(event)
