"""The board or boards, and every extra run, as the engine knows them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.engine.hand import Hand
from dealer_console.ui.card_text import cards_html


class BoardWidget(QLabel):
    """One line per run and board: ``Run 2 · Board 1: A♠ K♥ 7♦ 2♣ 9♠``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet("font-size: 22pt; color: white;")

    def show_hand(self, hand: Hand | None, *, four_colour: bool) -> None:
        """Show the boards of ``hand``."""
        if hand is None:
            self.setText("")
            return
        runs = max(hand.run_count, hand.planned_runs())
        lines = []
        for run in range(runs):
            boards = hand.boards(run) or tuple(() for _ in range(hand.game.variant.boards))
            for number, cards in enumerate(boards):
                where = []
                if runs > 1:
                    where.append(f"Run {run + 1}")
                if len(boards) > 1:
                    where.append(f"Board {number + 1}")
                head = f"<span style='font-size:14pt'>{' · '.join(where)}:</span> " if where else ""
                blanks = "&nbsp;" + "&nbsp;".join("<span style='color:#7fa77f'>[&nbsp;&nbsp;]</span>" for _ in range(5 - len(cards)))
                lines.append(head + cards_html(cards, four_colour=four_colour) + (blanks if len(cards) < 5 else ""))
        self.setText("<br>".join(lines))
