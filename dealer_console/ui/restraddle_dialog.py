"""Straddle and re-straddle: the straddle in one tap, then each other player's yes or no in one tap each.

A re-straddle needs a recorded yes from every other player dealt in; the console refuses it on any no
(SPEC: Blinds, button, straddles; omaha-club-rules.txt, STRADDLE/RESTRADDLE).
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_console.live.table_session import TableSession

__all__ = ["RestraddleDialog"]


class RestraddleDialog(QDialog):
    """One row per player asked, with Yes and No; the re-straddle button once everyone said yes."""

    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restraddle_dialog")
        self.setWindowTitle(self.tr("Straddle and re-straddle"))
        self.session = session
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("restraddle_heading")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.straddle_button = QPushButton()
        self.straddle_button.setObjectName("post_straddle")
        self.straddle_button.clicked.connect(session.post_straddle)
        layout.addWidget(self.straddle_button)
        self.grid = QGridLayout()
        layout.addLayout(self.grid)
        self.rows: dict[int, tuple[QLabel, QPushButton, QPushButton]] = {}
        self.restraddle_button = QPushButton()
        self.restraddle_button.setObjectName("post_restraddle")
        self.restraddle_button.clicked.connect(session.post_restraddle)
        layout.addWidget(self.restraddle_button)
        done = QPushButton(self.tr("Close"))
        done.setObjectName("close_dialog")
        done.clicked.connect(self.close)
        layout.addWidget(done)
        self.setStyleSheet("QPushButton { font-size: 16pt; min-height: 56px; min-width: 120px; } QLabel { font-size: 15pt; }")
        self._unsubscribe = session.subscribe(self._on_session_change)
        self._on_session_change(session)

    def _row(self, seat: int) -> tuple[QLabel, QPushButton, QPushButton]:
        if seat not in self.rows:
            label, yes, no = QLabel(), QPushButton(self.tr("Yes")), QPushButton(self.tr("No"))
            yes.setObjectName(f"consent_yes_{seat}")
            no.setObjectName(f"consent_no_{seat}")
            yes.clicked.connect(lambda _=False: self.session.consent_to_restraddle(seat, True))
            no.clicked.connect(lambda _=False: self.session.consent_to_restraddle(seat, False))
            row = len(self.rows)
            self.grid.addWidget(label, row, 0)
            self.grid.addWidget(yes, row, 1)
            self.grid.addWidget(no, row, 2)
            self.rows[seat] = (label, yes, no)
        return self.rows[seat]

    def _on_session_change(self, session: TableSession) -> None:
        hand = session.hand
        straddler = session.can_straddle()
        big = hand.game.stakes.big_blind if hand is not None else 0
        self.straddle_button.setVisible(straddler is not None)
        if straddler is not None:
            self.straddle_button.setText(self.tr("Seat {0} straddles {1}").format(straddler, 2 * big))
        asker = session.restraddle_seat()
        answers = session.restraddle_answers()
        for seat, (label, yes, no) in self.rows.items():
            if seat not in answers:
                label.hide()
                yes.hide()
                no.hide()
        for seat, answer in answers.items():
            label, yes, no = self._row(seat)
            word = self.tr("waiting") if answer is None else self.tr("yes") if answer else self.tr("NO")
            label.setText(self.tr("Seat {0}: {1}").format(seat, word))
            for widget in (label, yes, no):
                widget.show()
            yes.setEnabled(answer is None)
            no.setEnabled(answer is None)
        if asker is None:
            self.heading.setText(self.tr("No re-straddle can be asked for now.") if straddler is None
                                 else self.tr("First the straddle (one tap)."))
            self.restraddle_button.hide()
            return
        self.heading.setText(self.tr("Seat {0} asks to re-straddle {1}: every other player must say yes.").format(asker, 4 * big))
        self.restraddle_button.show()
        self.restraddle_button.setText(self.tr("Seat {0} re-straddles {1}").format(asker, 4 * big))
        self.restraddle_button.setEnabled(all(answer is True for answer in answers.values()))

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self._unsubscribe()
        super().closeEvent(event)
