"""Card entry: the dealer names cards the console cannot know (dealt face down) when no camera reads them.

SPEC, Inputs: every device is an aid, never required; the camera saves the dealer from typing cards,
but typing is always possible. A card is a rank key then a suit key (``A`` ``s``, ``T`` ``h``, ``1`` ``0``
for a ten), or a click in the grid of the 52 cards. The cards typed show in four colours (or two);
Backspace takes back the last key; a card already in the hand, or typed twice, is refused in words and
nothing typed is lost; Enter gives the cards to the session once their count is right. A refusal by
the session (the engine's sentence) shows in the dialog with the cards kept; the dialog closes once
the street is dealt or the hand shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import QDialog, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_console.engine.cards import Card, parse_card
from dealer_console.live.card_requests import CardRequest
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_session import TableSession
from dealer_console.ui.card_text import FOUR_COLOUR, TWO_COLOUR, cards_html
from dealer_console.ui.sentences import translate_in, translate_sentence

__all__ = ["CardEntryDialog"]

RANK_KEYS = {Qt.Key.Key_A: "A", Qt.Key.Key_K: "K", Qt.Key.Key_Q: "Q", Qt.Key.Key_J: "J", Qt.Key.Key_T: "T", Qt.Key.Key_9: "9",
             Qt.Key.Key_8: "8", Qt.Key.Key_7: "7", Qt.Key.Key_6: "6", Qt.Key.Key_5: "5", Qt.Key.Key_4: "4", Qt.Key.Key_3: "3",
             Qt.Key.Key_2: "2"}
SUIT_KEYS = {Qt.Key.Key_S: "s", Qt.Key.Key_H: "h", Qt.Key.Key_D: "d", Qt.Key.Key_C: "c"}
GRID_RANKS = "AKQJT98765432"
GRID_SUITS = "shdc"


def _name(card: Card) -> str:
    """``A♠``, ``10♦``: as the cards typed are shown."""
    return ("10" if card.rank == 10 else card.symbol[0]) + card.symbol[1:]


class CardEntryDialog(QDialog):
    """The cards of one :class:`CardRequest`, typed or clicked; Enter deals the street or shows the hand through the session."""

    def __init__(self, session: TableSession, request: CardRequest, *, four_colour: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card_entry_dialog")
        self.session = session
        self.request = request
        self.four_colour = four_colour
        self.cards: list[Card] = []
        """The cards typed so far, in order."""
        self.rank = ""
        """A rank key waiting for its suit (``"1"`` waits for the ``0`` of a ten)."""
        self.taken = session.cards_in_play()
        self.submitted = False
        """The cards went to the session and wait for its answer."""
        self.setWindowTitle(self.tr("Name the cards"))
        layout = QVBoxLayout(self)
        self.heading = QLabel(self._heading())
        self.heading.setObjectName("card_entry_heading")
        self.heading.setStyleSheet("font-size: 18pt; font-weight: bold;")
        layout.addWidget(self.heading)
        self.reason = QLabel(self.tr("No camera reading: {0}").format(request.reason) if request.reason else "")
        self.reason.setObjectName("card_entry_reason")
        self.reason.setWordWrap(True)
        self.reason.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.reason.setVisible(bool(request.reason))
        layout.addWidget(self.reason)
        self.help = QLabel(self.tr("Type the rank (A K Q J T 9 … 2), then the suit (s h d c), or click the card. "
                                   "Backspace takes back; Enter accepts; Esc cancels."))
        self.help.setWordWrap(True)
        layout.addWidget(self.help)
        self.entered = QLabel()
        self.entered.setObjectName("card_entry_cards")
        self.entered.setTextFormat(Qt.TextFormat.RichText)
        self.entered.setStyleSheet("font-size: 30pt; background: #0b5d2a; padding: 6px;")
        layout.addWidget(self.entered)
        self.message = QLabel()
        self.message.setObjectName("card_entry_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size: 14pt; color: white; background: #b00000; padding: 4px 8px;")
        self.message.hide()
        layout.addWidget(self.message)
        grid = QGridLayout()
        grid.setSpacing(2)
        self.grid: dict[Card, QPushButton] = {}
        colours = FOUR_COLOUR if four_colour else TWO_COLOUR
        for row, suit in enumerate(GRID_SUITS):
            for column, rank in enumerate(GRID_RANKS):
                card = parse_card(rank + suit)
                assert card is not None
                button = QPushButton(_name(card))
                button.setObjectName(f"card_{rank}{suit}")
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.setAutoDefault(False)
                button.setMinimumSize(46, 40)
                button.setStyleSheet(f"QPushButton {{ font-size: 14pt; font-weight: bold; color: {colours[suit]}; background: white; }}"
                                     " QPushButton:disabled { color: #bbbbbb; background: #eeeeee; }")
                button.clicked.connect(lambda _=False, c=card: self.add(c))
                grid.addWidget(button, row, column)
                self.grid[card] = button
        layout.addLayout(grid)
        buttons = QHBoxLayout()
        self.back_button = QPushButton(self.tr("Take back [Backspace]"))
        self.back_button.clicked.connect(self.take_back)
        self.ok_button = QPushButton(self.tr("Accept [Enter]"))
        self.ok_button.setObjectName("card_entry_accept")
        self.ok_button.clicked.connect(self.submit)
        cancel = QPushButton(self.tr("Cancel [Esc]"))
        cancel.clicked.connect(self.reject)
        for button in (self.back_button, self.ok_button, cancel):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setAutoDefault(False)
            button.setMinimumHeight(48)
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self._unsubscribe = [session.subscribe(self._on_session_change), session.subscribe_notices(self._on_notice)]
        self.finished.connect(lambda _=0: self._release())
        self._show_cards()

    # ------------------------------------------------------------------ words

    def _heading(self) -> str:
        request = self.request
        if request.seat is not None:
            return self.tr("Seat {0} shows: name the {1} cards").format(request.seat, request.count)
        target = request.target
        assert target is not None
        street = (self.tr("The flop: name the {0} cards"), self.tr("The turn: name the card"), self.tr("The river: name the card"))[target.street]
        where = []
        hand = self.session.hand
        if target.run or (hand is not None and hand.planned_runs() > 1):
            where.append(self.tr("run {0}").format(target.run + 1))
        if hand is not None and hand.game.variant.boards > 1:
            where.append(self.tr("board {0}").format(target.board + 1))
        return street.format(request.count) + (f" ({', '.join(where)})" if where else "")

    def _refuse(self, text: str) -> None:
        self.message.setText(text)
        self.message.show()

    # ------------------------------------------------------------------ entry

    def add(self, card: Card) -> bool:
        """One more card (a click in the grid, or a rank and a suit typed); refused in words if it cannot be in the hand."""
        if self.submitted:
            return False
        self.rank = ""
        if card in self.cards:
            self._refuse(self.tr("{0} is typed already: name another card").format(_name(card)))
        elif card in self.taken:
            self._refuse(self.tr("{0} is already in this hand ({1}): name another card").format(_name(card), translate_in("InPlay", self.taken[card])))
        elif len(self.cards) >= self.request.count:
            self._refuse(self.tr("The {0} card(s) asked for are typed: Enter accepts them, Backspace takes the last one back").format(self.request.count))
        else:
            self.cards.append(card)
            self.message.hide()
            self._show_cards()
            return True
        self._show_cards()
        return False

    def take_back(self) -> None:
        """Backspace: the rank waiting for its suit, else the last card."""
        if self.submitted:
            return
        if self.rank:
            self.rank = ""
        elif self.cards:
            self.cards.pop()
        self.message.hide()
        self._show_cards()

    def submit(self) -> None:
        """Enter: give the cards to the session once all are typed (the street is dealt, or the hand shown)."""
        if self.submitted:
            return
        if len(self.cards) != self.request.count:
            self._refuse(self.tr("{0} of {1} cards typed: type the rest, then Enter").format(len(self.cards), self.request.count))
            return
        self.submitted = True
        self.message.hide()
        self._show_cards()
        chosen = tuple(self.cards)
        if self.request.seat is not None:
            self.session.show(self.request.seat, chosen)
        else:
            self.session.deal_board(chosen)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Rank then suit; ``1`` ``0`` for a ten; Backspace, Enter, Esc."""
        key = event.key()
        if event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier):
            super().keyPressEvent(event)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
        elif key == Qt.Key.Key_Backspace:
            self.take_back()
        elif key == Qt.Key.Key_Escape:
            self.reject()
        elif self.submitted:
            pass
        elif key == Qt.Key.Key_0 and self.rank == "1":
            self.rank = "T"
            self.message.hide()
            self._show_cards()
        elif key == Qt.Key.Key_1:
            self.rank = "1"
            self._show_cards()
        elif key in RANK_KEYS:
            self.rank = RANK_KEYS[Qt.Key(key)]
            self.message.hide()
            self._show_cards()
        elif key in SUIT_KEYS:
            if self.rank in ("", "1"):
                self._refuse(self.tr("Type the rank first (A K Q J T 9 … 2), then the suit (s h d c)"))
                return
            card = parse_card(self.rank + SUIT_KEYS[Qt.Key(key)])
            assert card is not None
            self.add(card)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # ------------------------------------------------------------------ view

    def _show_cards(self) -> None:
        typed = cards_html(self.cards, four_colour=self.four_colour)
        waiting = "10" if self.rank == "T" else self.rank
        slots = [f'<span style="background:#ffffff; color:#111;">&nbsp;{waiting}_&nbsp;</span>'] if self.rank else []
        left = self.request.count - len(self.cards) - len(slots)
        slots += ['<span style="color:#9fd5b0;">&nbsp;__&nbsp;</span>'] * max(0, left)
        self.entered.setText("&nbsp;".join(part for part in (typed, *slots) if part))
        for card, button in self.grid.items():
            button.setEnabled(not self.submitted and card not in self.taken and card not in self.cards)
        self.ok_button.setEnabled(not self.submitted and len(self.cards) == self.request.count)
        self.back_button.setEnabled(not self.submitted)

    def _on_notice(self, notice: Notice) -> None:
        if self.submitted and notice.level is NoticeLevel.ERROR:
            # refused by the session: nothing typed is lost, the dealer corrects it here
            self.submitted = False
            self.taken = self.session.cards_in_play() if not self.session.busy else self.taken
            self._refuse(translate_sentence(notice.text))
            self._show_cards()

    def _on_session_change(self, session: TableSession) -> None:
        if session.busy:
            return
        if not session.card_request_open(self.request):
            self.accept()  # dealt or shown: done
        elif not self.submitted:
            self.taken = session.cards_in_play()
            self._show_cards()

    def _release(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []

    def closeEvent(self, event: QCloseEvent) -> None:
        self._release()
        super().closeEvent(event)
