"""The board or boards, and every extra run, as the engine knows them, in the largest font the middle of the felt holds."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QTextDocument
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.live.views import BoardRow
from dealer_console.ui.card_text import cards_html

__all__ = ["BoardWidget"]


class BoardWidget(QLabel):
    """One line per run and board: ``Run 2 · Board 1: A♠ K♥ 7♦ 2♣ 9♠``."""

    LARGEST = 44
    """The largest font, in pixels (a board alone on a large screen)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.rows: tuple[BoardRow, ...] | None = None
        self.four_colour = True
        self.pixels = 28
        self._room = (600, 200)
        self._show()

    def show_boards(self, rows: tuple[BoardRow, ...] | None, *, four_colour: bool) -> None:
        """Show the boards of the hand (``None``: no hand)."""
        self.rows, self.four_colour = rows, four_colour
        self.fit(*self._room)

    def fit(self, width: int, height: int) -> None:
        """The largest font at which every line fits ``width`` and all of them ``height``."""
        self._room = (width, height)
        lines = max(1, len(self.rows or ()))
        self.pixels = max(10, min(self.LARGEST, int(height / lines / 1.5)))
        while self.pixels > 10:
            document = QTextDocument()
            font = QFont(self.font())
            font.setPixelSize(self.pixels)
            document.setDefaultFont(font)
            document.setDocumentMargin(0)
            document.setHtml(self._html())
            if document.idealWidth() <= width - 4 and document.size().height() <= height:
                break
            self.pixels -= 1
        self._show()

    def _html(self) -> str:
        if not self.rows:
            return ""
        lines = []
        head_size = max(9, int(self.pixels * 0.6))
        for row in self.rows:
            where = []
            if row.runs > 1:
                where.append(self.tr("Run {0}").format(row.run + 1))
            if row.boards > 1:
                where.append(self.tr("Board {0}").format(row.board + 1))
            head = f"<span style='font-size:{head_size}px'>{' · '.join(where)}:</span> " if where else ""
            blanks = "&nbsp;" + "&nbsp;".join("<span style='color:#7fa77f'>[&nbsp;&nbsp;]</span>" for _ in range(5 - len(row.cards)))
            lines.append(head + cards_html(row.cards, four_colour=self.four_colour) + (blanks if len(row.cards) < 5 else ""))
        return "<br>".join(lines)

    def _show(self) -> None:
        font = QFont(self.font())
        font.setPixelSize(self.pixels)
        self.setFont(font)
        self.setStyleSheet(f"font-size: {self.pixels}px; color: white;")
        self.setText(self._html())
