"""The board or boards, and every extra run, as the engine knows them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.live.views import BoardRow
from dealer_console.ui.card_text import cards_html

__all__ = ["BoardWidget"]


class BoardWidget(QLabel):
    """One line per run and board: ``Run 2 · Board 1: A♠ K♥ 7♦ 2♣ 9♠``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet("font-size: 22pt; color: white;")

    def show_boards(self, rows: tuple[BoardRow, ...] | None, *, four_colour: bool) -> None:
        """Show the boards of the hand (``None``: no hand)."""
        if rows is None:
            self.setText("")
            return
        lines = []
        for row in rows:
            where = []
            if row.runs > 1:
                where.append(self.tr("Run {0}").format(row.run + 1))
            if row.boards > 1:
                where.append(self.tr("Board {0}").format(row.board + 1))
            head = f"<span style='font-size:14pt'>{' · '.join(where)}:</span> " if where else ""
            blanks = "&nbsp;" + "&nbsp;".join("<span style='color:#7fa77f'>[&nbsp;&nbsp;]</span>" for _ in range(5 - len(row.cards)))
            lines.append(head + cards_html(row.cards, four_colour=four_colour) + (blanks if len(row.cards) < 5 else ""))
        self.setText("<br>".join(lines))
