"""The pots with their contenders, and at the end who won what and why, in the engine's words."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.engine.hand import Hand
from dealer_console.live.table_session import TableSession
from dealer_console.live.views import pots_shown
from dealer_console.ui.sentences import translate_sentence

__all__ = ["PotWidget", "pot_text_lines"]


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
        lines = pot_text_lines(hand)
        self.setText("\n".join(lines))


def pot_text_lines(hand: Hand) -> list[str]:
    """The pots of ``hand`` in the dealer's language: the pots the floor's review shows for the same moment
    (:func:`~dealer_console.live.views.pots_shown`), shared by the live felt and the review's felt."""
    shown = pots_shown(hand)
    lines = []
    for pot in shown.pots:
        name = (QCoreApplication.translate("PotWidget", "Main pot") if pot.index == 0
                else QCoreApplication.translate("PotWidget", "Side pot {0}").format(pot.index))
        seats = ", ".join(str(seat) for seat in pot.contenders)
        extra = QCoreApplication.translate("PotWidget", ", run {0} times").format(pot.runs) if pot.runs > 1 else ""
        lines.append(QCoreApplication.translate("PotWidget", "{0} {1}: seats {2}").format(name, pot.amount, seats) + extra)
    if not lines:
        lines.append(QCoreApplication.translate("PotWidget", "Pot {0}").format(shown.total))
    lines.append(QCoreApplication.translate("PotWidget", "Total in the middle {0} (bets this round {1})").format(
        shown.total, shown.in_front))
    return lines
