"""One seat on the felt: name, stack and bet, cards, markers, and its state in words, sized to the seat's box.

The felt sets the box; :meth:`SeatWidget.fit` gives each line the largest font that the box's height allows and
that keeps the line within the box's width. A player's name too long for the box is elided, whole in the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QMouseEvent
from PySide6.QtWidgets import QApplication, QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from dealer_console.live.views import SeatState
from dealer_console.ui.card_text import cards_html
from dealer_console.ui.fitting import REFERENCE, fitted_pixels

__all__ = ["SeatWidget"]

_SHORT = {"button": "BUTTON", "small blind": "SB", "big blind": "BB", "straddle": "STRADDLE", "re-straddle": "RE-STRADDLE",
          "Mississippi straddle": "MISSISSIPPI", "live post": "POST"}
_SHARES = {"name": 0.16, "stack": 0.25, "bet": 0.2, "cards": 0.2, "status": 0.15}
"""Each line's part of the box's height (its font's pixel size; the rest is spacing and frame); an empty seat's lines
take 0.6 of it, so that they never outshine the players' stacks."""
_LOOKS = """
QLabel { border: none; background: transparent; color: white; }
SeatWidget[look="empty"] { background: transparent; border: 1px dashed #6a8; }
SeatWidget[look="empty"] QLabel { color: #9cb; }
SeatWidget[look="to_act"] { background: #3b3b10; border: 5px solid #ffd400; }
SeatWidget[look="out"] { background: rgba(20,20,20,170); border: 1px solid #555; }
SeatWidget[look="out"] QLabel { color: #aaaaaa; }
SeatWidget[look="all_in"] { background: #5a1010; border: 3px solid #ff6b6b; }
SeatWidget[look="in"] { background: rgba(0,0,0,140); border: 2px solid #cfe8cf; }
"""
"""Each look of a seat: empty, the player to act, out of the hand (folded or sitting out), all-in, in the hand."""
_SMALLEST = 9
"""The smallest font, in pixels, a line shrinks to before it is elided."""


class SeatWidget(QFrame):
    """A seat; the player to act gets a thick yellow frame and the words "TO ACT". A tap emits ``clicked(seat)``."""

    clicked = Signal(int)

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
        self.setStyleSheet(_LOOKS)  # set once: a seat changes its look by its property, never by a new style sheet
        self._fitted: tuple[object, ...] = ()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() is Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit(self.seat)
        super().mouseReleaseEvent(event)

    def show_state(self, state: SeatState | None, *, four_colour: bool) -> None:
        """Show ``state`` (``None``: an empty seat)."""
        self.state = state
        if state is None:
            self._texts = {"name": self.tr("Seat {0}").format(self.seat), "stack": self.tr("empty"), "bet": "", "cards": "", "status": ""}
            self._restyle("empty")
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
        self._restyle("to_act" if state.to_act else "out" if state.folded or not state.in_hand else "all_in" if state.all_in else "in")
        self.fit()

    def _restyle(self, look: str) -> None:
        """The seat's look (its property ``look`` picks its rules in the one style sheet), re-applied only if it changes."""
        if look == self.property("look"):
            return
        self.setProperty("look", look)
        for widget in (self, self.name_label, self.stack_label, self.bet_label, self.cards_label, self.status_label):
            widget.style().unpolish(widget)
            widget.style().polish(widget)
        # a repolish alone leaves the frame's width as the first look had it (5 px of the player to act's border on a
        # seat now drawn with 2 px): the style change makes the frame take the new look's border, which the fitting reads
        QApplication.sendEvent(self, QEvent(QEvent.Type.StyleChange))

    def fit(self) -> None:
        """Each line in the largest font that the box's height gives it and its width holds; the name elided if need be.

        Each size is found in one step (:func:`fitted_pixels`); nothing is laid out again while the texts and the
        box's size stay as they were.
        """
        frame = 2 * self.frameWidth()  # the look's border, both sides
        signature = (tuple(self._texts.items()), self.width(), self.height(), frame)
        if signature == self._fitted:
            return
        self._fitted = signature
        room = max(1, self.width() - 8 - frame)
        labels = {"name": self.name_label, "stack": self.stack_label, "bet": self.bet_label, "cards": self.cards_label,
                  "status": self.status_label}
        lines = 5 + ("\n" in self._texts.get("name", ""))
        money = self._texts.get("stack", "") + "      " + self._texts.get("bet", "")
        for key, label in labels.items():
            text = self._texts.get(key, "")
            font = QFont(label.font())
            font.setBold(key in ("stack", "status", "bet"))
            font.setPixelSize(REFERENCE)
            largest = max(_SMALLEST, int(self.height() * _SHARES[key] * 5 / lines * (0.6 if self.state is None else 1)))
            measured = money if key in ("stack", "bet") else text.split("\n")[-1] if key == "name" else text
            # a name no smaller than 3/4 of its line's size: elided rather than shrunk out of reading
            smallest = max(_SMALLEST, int(largest * 0.75)) if key == "name" else _SMALLEST
            font.setPixelSize(fitted_pixels(font.toString(), measured, room, largest, smallest, key == "cards"))
            if font != label.font():
                label.setFont(font)
            tip = ""
            first, _, rest = text.partition("\n")
            if key == "name" and QFontMetrics(font).horizontalAdvance(first) > room:
                tip = first
                text = QFontMetrics(font).elidedText(first, Qt.TextElideMode.ElideRight, room) + (f"\n{rest}" if rest else "")
            if label.toolTip() != tip:
                label.setToolTip(tip)
            if label.text() != text:
                label.setText(text)
            visible = bool(text) or key in ("name", "stack")
            if label.isHidden() == visible:
                label.setVisible(visible)
