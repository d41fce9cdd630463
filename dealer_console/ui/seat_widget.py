"""One seat on the felt: name, stack, bet, cards, markers, and its state in words."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from dealer_console.live.views import SeatState
from dealer_console.ui.card_text import cards_html

__all__ = ["SeatWidget"]

_SHORT = {"button": "BUTTON", "small blind": "SB", "big blind": "BB", "straddle": "STRADDLE", "re-straddle": "RE-STRADDLE",
          "Mississippi straddle": "MISSISSIPPI", "live post": "POST"}


class SeatWidget(QFrame):
    """A seat; the player to act gets a thick yellow frame and the words "TO ACT"."""

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"seat_{seat}")
        self.setFrameShape(QFrame.Shape.Box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(0)
        self.name_label = QLabel()
        self.name_label.setStyleSheet("font-size: 13pt;")
        self.stack_label = QLabel()
        self.stack_label.setStyleSheet("font-size: 20pt; font-weight: bold;")
        self.bet_label = QLabel()
        self.bet_label.setStyleSheet("font-size: 16pt; color: #ffe27a;")
        self.cards_label = QLabel()
        self.cards_label.setTextFormat(Qt.TextFormat.RichText)
        self.cards_label.setStyleSheet("font-size: 15pt;")
        self.status_label = QLabel()
        self.status_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        for label in (self.name_label, self.stack_label, self.bet_label, self.cards_label, self.status_label):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(label)
        self.state: SeatState | None = None

    def show_state(self, state: SeatState | None, *, four_colour: bool) -> None:
        """Show ``state`` (``None``: an empty seat)."""
        self.state = state
        if state is None:
            self.name_label.setText(self.tr("Seat {0}\nempty").format(self.seat))
            for label in (self.stack_label, self.bet_label, self.cards_label, self.status_label):
                label.setText("")
            self.setStyleSheet("SeatWidget { background: transparent; border: 1px dashed #6a8; } QLabel { color: #9cb; border: none; }")
            return
        markers = " ".join(f"[{QCoreApplication.translate('SeatMarker', _SHORT.get(marker, marker.upper()))}]" for marker in state.markers)
        self.name_label.setText(self.tr("Seat {0} · {1}").format(state.seat, state.player) + (f"\n{markers}" if markers else ""))
        self.stack_label.setText(f"{state.stack}")
        self.bet_label.setText(self.tr("bet {0}").format(state.bet) if state.bet else "")
        cards = cards_html(state.cards, four_colour=four_colour) if state.cards else ""
        self.cards_label.setText(cards)
        words = [QCoreApplication.translate("SeatStatus", state.status)] if state.status else []
        if state.discarded:
            words.append(self.tr("discarded {0}").format(state.discarded))
        if state.owes_discard:
            words.append(self.tr("DISCARD OWED"))
        self.status_label.setText(" · ".join(w for w in words if w))
        if state.to_act:
            style, text = "background: #3b3b10; border: 6px solid #ffd400;", "white"
        elif state.folded or not state.in_hand:
            style, text = "background: rgba(20,20,20,170); border: 1px solid #555;", "#aaaaaa"
        elif state.all_in:
            style, text = "background: #5a1010; border: 3px solid #ff6b6b;", "white"
        else:
            style, text = "background: rgba(0,0,0,140); border: 2px solid #cfe8cf;", "white"
        self.setStyleSheet(f"SeatWidget {{ {style} }} QLabel {{ border: none; background: transparent; color: {text}; }}")
