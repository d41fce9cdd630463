"""The board or boards, and every extra run, as the engine knows them, in the largest font the middle of the felt holds."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.live.views import BoardRow
from dealer_console.ui.card_text import cards_html
from dealer_console.ui.fitting import REFERENCE, rich_size

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
        self.setStyleSheet("color: white;")
        self._show()

    def show_boards(self, rows: tuple[BoardRow, ...] | None, *, four_colour: bool) -> None:
        """Show the boards of the hand (``None``: no hand)."""
        self.rows, self.four_colour = rows, four_colour
        self.fit(*self._room)

    def fit(self, width: int, height: int) -> None:
        """The largest font at which every line fits ``width`` and all of them ``height`` (found in one step)."""
        self._room = (width, height)
        lines = max(1, len(self.rows or ()))
        largest = max(10, min(self.LARGEST, int(height / lines / 1.5)))
        font = QFont(self.font())
        font.setPixelSize(REFERENCE)
        key = font.toString()
        wide, high = rich_size(key, self._html(REFERENCE), REFERENCE)
        pixels = largest
        if wide > 0 and high > 0:
            pixels = max(10, min(largest, int(REFERENCE * (width - 4) / wide), int(REFERENCE * height / high)))
            wide, high = rich_size(key, self._html(pixels), pixels)
            while pixels > 10 and (wide > width - 4 or high > height):  # rounding may cost a pixel or two
                pixels -= 1
                wide, high = rich_size(key, self._html(pixels), pixels)
        self.pixels = pixels
        self._show()

    def _html(self, pixels: int | None = None) -> str:
        if not self.rows:
            return ""
        lines = []
        head_size = max(9, int((self.pixels if pixels is None else pixels) * 0.6))
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
        if self.font().pixelSize() != self.pixels:
            font = QFont(self.font())
            font.setPixelSize(self.pixels)
            self.setFont(font)
        html = self._html()
        if html != self.text():
            self.setText(html)
