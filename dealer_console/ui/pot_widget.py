"""The pots with their contenders, and at the end who won what and why, in the engine's words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.live.table_session import TableSession
from dealer_console.ui.sentences import translate_sentence

__all__ = ["PotWidget"]


class PotWidget(QLabel):
    """Main and side pots during the hand; the result lines once it is over."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pots")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet("color: white;")  # its size is the felt's to set (FeltWidget._fit_centre)

    def show_session(self, session: TableSession) -> None:
        """Show the pots of the session's hand."""
        hand = session.hand
        if hand is None:
            self.setText(self.tr("No hand yet: press Next hand (N)"))
            return
        result = session.result_lines()
        if result:
            self.setText("\n".join(translate_sentence(line) for line in result))
            return
        in_front = sum(hand.bets.values())
        # while bets are in front, a pot's contenders are not settled yet: show the pots of the closed rounds
        pots = hand.pots(collected_only=in_front > 0)
        runs = hand.pot_runs() if pots and in_front == 0 else []
        lines = []
        for index, pot in enumerate(pots):
            name = self.tr("Main pot") if index == 0 else self.tr("Side pot {0}").format(index)
            seats = ", ".join(str(seat) for seat in pot.contenders)
            extra = self.tr(", run {0} times").format(runs[index]) if index < len(runs) and runs[index] > 1 else ""
            lines.append(self.tr("{0} {1}: seats {2}").format(name, pot.amount, seats) + extra)
        if not lines:
            lines.append(self.tr("Pot {0}").format(hand.pot_total - in_front))
        lines.append(self.tr("Total in the middle {0} (bets this round {1})").format(hand.pot_total, in_front))
        self.setText("\n".join(lines))
