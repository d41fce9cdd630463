"""The pots with their contenders, and at the end who won what and why, in the engine's words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.live.table_session import TableSession
from dealer_console.live.views import pots_shown

__all__ = ["PotWidget"]


class PotWidget(QLabel):
    """Main and side pots during the hand; the result lines once it is over."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pots")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet("font-size: 16pt; color: white;")

    def show_session(self, session: TableSession) -> None:
        """Show the pots of the session's hand."""
        hand = session.hand
        if hand is None:
            self.setText(self.tr("No hand yet: press Next hand (N)"))
            return
        result = session.result_lines()
        if result:
            self.setText("\n".join(result))
            return
        # the pots the floor's review shows for the same moment (live.views.pots_shown), in the dealer's language
        shown = pots_shown(hand)
        lines = []
        for pot in shown.pots:
            name = self.tr("Main pot") if pot.index == 0 else self.tr("Side pot {0}").format(pot.index)
            seats = ", ".join(str(seat) for seat in pot.contenders)
            extra = self.tr(", run {0} times").format(pot.runs) if pot.runs > 1 else ""
            lines.append(self.tr("{0} {1}: seats {2}").format(name, pot.amount, seats) + extra)
        if not lines:
            lines.append(self.tr("Pot {0}").format(shown.total))
        lines.append(self.tr("Total in the middle {0} (bets this round {1})").format(shown.total, shown.in_front))
        self.setText("\n".join(lines))
