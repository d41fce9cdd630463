"""One seat on the felt: name, stack and bet, cards, markers, and its state in words, sized to the seat's box.

The felt sets the box; :meth:`SeatWidget.fit` gives each line the largest font that the box's height allows and
that keeps the line within the box's width. A player's name too long for the box is elided, whole in the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from dealer_console.live.views import SeatState
from dealer_console.ui.card_text import cards_html

__all__ = ["SeatWidget"]

_SHORT = {"button": "BUTTON", "small blind": "SB", "big blind": "BB", "straddle": "STRADDLE", "re-straddle": "RE-STRADDLE",
          "Mississippi straddle": "MISSISSIPPI", "live post": "POST"}
_SHARES = {"name": 0.16, "stack": 0.25, "bet": 0.2, "cards": 0.2, "status": 0.15}
"""Each line's part of the box's height (its font's pixel size; the rest is spacing and frame)."""
_SMALLEST = 9
"""The smallest font, in pixels, a line shrinks to before it is elided."""


def _rich_width(font: QFont, html: str) -> float:
    document = QTextDocument()
    document.setDefaultFont(font)
    document.setDocumentMargin(0)
    document.setHtml(html)
    return document.idealWidth()


class SeatWidget(QFrame):
    """A seat; the player to act gets a thick yellow frame and the words "TO ACT"."""

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"seat_{seat}")
        self.setFrameShape(QFrame.Shape.Box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(0)
        self.name_label = QLabel()
        self.stack_label = QLabel()
        self.cards_label = QLabel()
        self.cards_label.setTextFormat(Qt.TextFormat.RichText)
        self.status_label = QLabel()
        self.bet_label = QLabel()
        self.bet_label.setStyleSheet("color: #ffe27a;")
        money = QHBoxLayout()  # the stack and the bet share a line
        money.setSpacing(6)
        for label in (self.name_label, self.stack_label, self.bet_label, self.cards_label, self.status_label):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setTextFormat(Qt.TextFormat.RichText if label is self.cards_label else Qt.TextFormat.PlainText)
            if label in (self.stack_label, self.bet_label):
                money.addWidget(label)
            else:
                layout.addWidget(label)
            if label is self.name_label:
                layout.addLayout(money)
        self.state: SeatState | None = None
        self._texts: dict[str, str] = {}

    def show_state(self, state: SeatState | None, *, four_colour: bool) -> None:
        """Show ``state`` (``None``: an empty seat)."""
        self.state = state
        if state is None:
            self._texts = {"name": self.tr("Seat {0}").format(self.seat), "stack": self.tr("empty"), "bet": "", "cards": "", "status": ""}
            self.setStyleSheet("SeatWidget { background: transparent; border: 1px dashed #6a8; } QLabel { color: #9cb; border: none; }")
            self.fit()
            return
        markers = " ".join(f"[{QCoreApplication.translate('SeatMarker', _SHORT.get(marker, marker.upper()))}]" for marker in state.markers)
        bet = self.tr("bet {0}").format(state.bet) if state.bet else ""
        words = [QCoreApplication.translate("SeatStatus", state.status)] if state.status else []
        if state.discarded:
            words.append(self.tr("discarded {0}").format(state.discarded))
        if state.owes_discard:
            words.append(self.tr("DISCARD OWED"))
        self._texts = {"name": self.tr("Seat {0} · {1}").format(state.seat, state.player) + (f"\n{markers}" if markers else ""),
                       "stack": f"{state.stack}", "bet": bet, "cards": cards_html(state.cards, four_colour=four_colour) if state.cards else "",
                       "status": " · ".join(w for w in words if w)}
        if state.to_act:
            style, text = "background: #3b3b10; border: 5px solid #ffd400;", "white"
        elif state.folded or not state.in_hand:
            style, text = "background: rgba(20,20,20,170); border: 1px solid #555;", "#aaaaaa"
        elif state.all_in:
            style, text = "background: #5a1010; border: 3px solid #ff6b6b;", "white"
        else:
            style, text = "background: rgba(0,0,0,140); border: 2px solid #cfe8cf;", "white"
        self.setStyleSheet(f"SeatWidget {{ {style} }} QLabel {{ border: none; background: transparent; color: {text}; }}")
        self.fit()

    def fit(self) -> None:
        """Each line in the largest font that the box's height gives it and its width holds; the name elided if need be."""
        frame = 10 if self.state is not None and self.state.to_act else 6
        room = max(1, self.width() - 8 - frame)
        labels = {"name": self.name_label, "stack": self.stack_label, "bet": self.bet_label, "cards": self.cards_label,
                  "status": self.status_label}
        lines = 5 + ("\n" in self._texts.get("name", ""))
        money = self._texts.get("stack", "") + "      " + self._texts.get("bet", "")
        for key, label in labels.items():
            text = self._texts.get(key, "")
            font = QFont(label.font())
            font.setBold(key in ("stack", "status", "bet"))
            pixels = max(_SMALLEST, int(self.height() * _SHARES[key] * 5 / lines))
            measured = money if key in ("stack", "bet") else text.split("\n")[-1] if key == "name" else text
            while pixels > _SMALLEST and self._width(font, pixels, measured, rich=key == "cards") > room:
                pixels -= 1
            font.setPixelSize(pixels)
            label.setFont(font)
            label.setToolTip("")
            first, _, rest = text.partition("\n")
            if key == "name" and QFontMetrics(font).horizontalAdvance(first) > room:
                label.setToolTip(first)
                text = QFontMetrics(font).elidedText(first, Qt.TextElideMode.ElideRight, room) + (f"\n{rest}" if rest else "")
            label.setText(text)
            label.setVisible(bool(text) or key in ("name", "stack"))

    @staticmethod
    def _width(font: QFont, pixels: int, text: str, *, rich: bool) -> float:
        sized = QFont(font)
        sized.setPixelSize(pixels)
        return _rich_width(sized, text) if rich else QFontMetrics(sized).horizontalAdvance(text)
