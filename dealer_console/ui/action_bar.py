"""The action bar: only what the dealer may do now, with amounts, each on a key.

Buttons are made once and shown or hidden as the hand moves (no widget churn per action).
Keys: F fold, K check, C call, R min bet/raise, P pot, A all-in, Enter the keypad's amount,
1-6 discard that card (Oklahoma), D deal, T straddle, I Mississippi, Q/W/E run once/twice/three
times, S show, M muck, N next hand, Ctrl+Z undo, Ctrl+Shift+M misdeal; at a table dealt
face down, Shift+D types the street due and Shift+S the hand shown (the card entry). Digits typed while
the keypad shows go to its amount (Backspace takes one back, Escape clears it).

Amounts: a bet or a raise is named by its total ("to"), a call by the chips it adds; where a bet or an all-in
also calls, the call is said beside it: "Call 7", "Raise to 24", "All-in to 180 (call 173)" (docs/ui.md, Amounts).
The buttons' font follows the window's size and shrinks until each row of buttons fits the bar; a row that would need
a font too small to read at arm's length (a narrow window, longer words in Russian) breaks each of its labels over
two lines instead (:meth:`ActionBar.fit`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QIntValidator, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLineEdit, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from dealer_console.live.commands import Wager
from dealer_console.live.offers import MAX_DISCARDS_OFFERED, Offer, OfferKind, offers_now
from dealer_console.live.table_session import TableSession
from dealer_console.ui.fitting import REFERENCE, text_width

__all__ = ["ActionBar", "two_lines"]

PADDING = 20
"""Pixels of a button's width beside its text: the frame and padding (14 in the house style) and a little air."""

SMALLEST = 11
"""The smallest font (pixels) of the buttons."""

LINE = 1.2
"""A line of a button's text, in font sizes."""


def two_lines(label: str, width: Callable[[str], float]) -> str:
    """``label`` broken at the space that makes its longer line shortest (``width`` measures a line); one word stays."""
    spaces = [index for index, char in enumerate(label) if char == " "]
    if not spaces:
        return label
    cut = min(spaces, key=lambda index: max(width(label[:index]), width(label[index + 1:])))
    return f"{label[:cut]}\n{label[cut + 1:]}"

_DIALOGS = {OfferKind.RESTRADDLE: "restraddle", OfferKind.EXTRA_BOARDS: "extra_boards", OfferKind.TYPE_BOARD: "card_entry_board",
            OfferKind.TYPE_SHOWN: "card_entry_show"}
"""Offers the window answers with a dialog, by the name of its opener."""


class ActionBar(QWidget):
    """Buttons for the legal actions and the commands of the moment, plus a keypad for any amount."""

    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("action_bar")
        self.session = session
        self.four_colour = True
        self.buttons: dict[str, QPushButton] = {}
        self.shortcuts: dict[str, str] = {}
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 2, 0, 2)
        left = QVBoxLayout()
        row_actions, row_other = QHBoxLayout(), QHBoxLayout()
        self.rows = (row_actions, row_other)
        self.scale = 1.0
        """The window's size over 1920×1080 (the fonts' scale)."""
        self._fitted: tuple[object, ...] = ()
        self.labels: dict[str, str] = {}
        """Each shown button's words, on one line (the button shows them, perhaps on two, above its key)."""
        self.wrapped = [False, False]
        """Whether each row's labels are broken over two lines (:meth:`fit`)."""
        self.row_of: dict[str, int] = {}
        left.addLayout(row_actions)
        left.addLayout(row_other)
        outer.addLayout(left, 4)
        self.offers: dict[str, Offer] = {}
        """The offer each shown button takes, by the button's name."""
        self.openers: dict[str, Callable[[], object]] = {}
        """Dialogs the window opens for a button (``restraddle``, ``extra_boards``, ``card_entry_board``, ``card_entry_show``)."""

        def add(name: str, key: str, handler: Callable[[], object], row: QHBoxLayout, primary: bool = False) -> QPushButton:
            button = QPushButton()
            button.setObjectName(f"action_{name}")
            button.setMinimumSize(1, 40)
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setProperty("primary", primary)
            button.clicked.connect(handler)
            row.addWidget(button)
            self.buttons[name] = button
            self.row_of[name] = self.rows.index(row)
            self.shortcuts[name] = key
            return button

        for name, key, row, primary in (
            ("fold", "F", row_actions, False), ("check", "K", row_actions, False), ("call", "C", row_actions, False),
            ("min", "R", row_actions, False), ("pot", "P", row_actions, False), ("all_in", "A", row_actions, False),
            *((f"discard_{index + 1}", str(index + 1), row_actions, False) for index in range(MAX_DISCARDS_OFFERED)),
            ("deal", "D", row_actions, True), ("straddle", "T", row_other, False), ("restraddle", "G", row_other, False),
            ("mississippi", "I", row_other, False), ("extra_boards", "X", row_other, False),
            ("runs_1", "Q", row_other, False), ("runs_2", "W", row_other, False), ("runs_3", "E", row_other, False),
            ("deal_typed", "Shift+D", row_other, False), ("show", "S", row_other, True), ("show_typed", "Shift+S", row_other, False),
            ("muck", "M", row_other, False), ("next_hand", "N", row_other, True), ("undo", "Ctrl+Z", row_other, False),
            ("misdeal", "Ctrl+Shift+M", row_other, False),
        ):
            add(name, key, functools.partial(self._take, name), row, primary)

        keypad = QGridLayout()
        keypad.setSpacing(2)
        keypad.setContentsMargins(0, 0, 0, 0)
        self.amount_edit = QLineEdit()
        self.amount_edit.setObjectName("keypad_amount")
        self.amount_edit.setValidator(QIntValidator(0, 10**9, self))
        self.amount_edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.amount_edit.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the window's keys type into it (digits, Backspace, Escape)
        self.amount_edit.returnPressed.connect(self._wager_typed)
        keypad.addWidget(self.amount_edit, 0, 0, 1, 6)
        self.keypad_buttons: list[QPushButton] = []
        for position, text in enumerate("123456789C0<"):
            pad = QPushButton(text)
            pad.setObjectName(f"keypad_{text}")
            pad.setMinimumSize(36, 30)
            pad.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            pad.clicked.connect(lambda _=False, t=text: self._keypad(t))
            keypad.addWidget(pad, 1 + position // 6, position % 6)
            self.keypad_buttons.append(pad)
        self.keypad_widgets = QWidget()
        self.keypad_widgets.setObjectName("keypad")
        self.keypad_widgets.setLayout(keypad)
        outer.addWidget(self.keypad_widgets, 0)
        add("wager", "Return", self._wager_typed, row_other, primary=True)
        self.setStyleSheet("QPushButton { padding: 2px 6px; }"
                           " QPushButton[primary=\"true\"] { background: #ffd400; color: black; }")
        self._style(20)

    # ------------------------------------------------------------------ size

    def _style(self, pixels: int) -> None:
        """The buttons' font at ``pixels`` (fonts set directly: a style sheet would be parsed again at each size), each
        row as tall as its text's lines."""
        self.pixels = pixels
        self._styled = (pixels, tuple(self.wrapped))
        plain, bold, amount = QFont(self.font()), QFont(self.font()), QFont(self.font())
        plain.setPixelSize(pixels)
        bold.setPixelSize(pixels)
        bold.setBold(True)
        amount.setPixelSize(max(12, pixels + 2))
        for button in (*self.buttons.values(), *self.keypad_buttons):
            button.setFont(bold if button.property("primary") else plain)
        self.amount_edit.setFont(amount)
        for name, button in self.buttons.items():
            lines = 3 if self.wrapped[self.row_of[name]] else 2
            button.setFixedHeight(max(44, int(pixels * (lines * LINE + 0.7))))
        for pad in self.keypad_buttons:
            pad.setMinimumSize(max(30, int(pixels * 1.8)), max(26, int(pixels * 1.5)))

    def _rows_shown(self) -> list[list[str]]:
        """The names of the shown buttons, row by row."""
        return [[name for name, button in self.buttons.items() if self.row_of[name] == index and not button.isHidden()]
                for index in range(len(self.rows))]

    def _fonts(self) -> tuple[str, str]:
        """The buttons' plain and bold fonts at the reference size, as :mod:`fitting` names them."""
        plain, bold = QFont(self.font()), QFont(self.font())
        plain.setPixelSize(REFERENCE)
        bold.setPixelSize(REFERENCE)
        bold.setBold(True)
        return plain.toString(), bold.toString()

    def _words(self, name: str, wrap: bool) -> str:
        """What button ``name`` shows: its label (on two lines when ``wrap``) above its key."""
        label = self.labels.get(name, "")
        if wrap:
            key = self._fonts()[bool(self.buttons[name].property("primary"))]
            label = two_lines(label, lambda line: text_width(key, line, REFERENCE))
        return f"{label}\n[{self.shortcuts[name].replace('Return', 'Enter')}]"

    def _row_pixels(self, index: int, names: list[str], room: int, largest: int, wrap: bool) -> int:
        """The largest font, at most ``largest``, at which row ``index``'s buttons ``names`` fit ``room`` (one
        measurement at the reference size, scaled, then a pixel less while the rounding still overflows)."""
        if not names:
            return largest
        keys = self._fonts()
        words = [(keys[bool(self.buttons[name].property("primary"))], self._words(name, wrap)) for name in names]
        free = room - PADDING * len(names) - self.rows[index].spacing() * (len(names) - 1)

        def width(pixels: int) -> float:
            return sum(text_width(key, text, pixels) for key, text in words)

        pixels = max(SMALLEST, min(largest, int(REFERENCE * free / max(1.0, width(REFERENCE)))))
        while pixels > SMALLEST and width(pixels) > free:
            pixels -= 1
        return pixels

    def fit(self) -> None:
        """The largest font (from the window's scale) at which every row of shown buttons fits beside the keypad.

        A row that fits only in a font under three quarters of the scale's (and under 14 pixels at the least) breaks its
        labels over two lines when that gives a larger font. Found in one step, and again only when the buttons' words,
        the bar's width or the scale change.
        """
        keypad = self.keypad_widgets.sizeHint().width() + 12 if not self.keypad_widgets.isHidden() else 0
        room = self.width() - keypad - 8
        rows = self._rows_shown()
        signature = (room, self.scale, tuple(tuple(self.labels.get(name) for name in names) for names in rows))
        if signature == self._fitted:
            return
        self._fitted = signature
        largest = max(SMALLEST, int(24 * self.scale))
        legible = max(14, int(largest * 0.75))
        pixels, wrapped = largest, []
        for index, names in enumerate(rows):
            one_line = self._row_pixels(index, names, room, largest, wrap=False)
            two = self._row_pixels(index, names, room, largest, wrap=True) if one_line < legible else one_line
            wrapped.append(two > one_line)
            pixels = min(pixels, max(one_line, two))
        if wrapped != self.wrapped:
            self.wrapped = wrapped
            for name in self.labels:
                self._show_words(name)
        if (pixels, tuple(wrapped)) != self._styled:
            self._style(pixels)
            # the keypad's new minimum size is laid out now, not after the resize that asked for it
            for layout in (self.keypad_widgets.layout(), self.layout()):
                if layout is None:
                    continue
                layout.invalidate()
                layout.activate()

    def set_scale(self, scale: float) -> None:
        """The window's size over 1920×1080: the buttons' font follows it."""
        self.scale = scale
        self.fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    # ------------------------------------------------------------------ commands

    def _take(self, name: str, _checked: bool = False) -> None:
        """The dealer takes the offer on button ``name``: its command goes to the session, or its dialog opens."""
        offer = self.offers.get(name)
        if offer is None:
            return
        if offer.command is not None:
            self.session.perform(offer.command)
        elif offer.kind in _DIALOGS:
            opener = self.openers.get(_DIALOGS[offer.kind])
            if opener is not None:
                opener()

    def type_key(self, text: str) -> bool:
        """A digit, Backspace (``<``) or Escape (``C``) typed at the window: edits the amount when the keypad shows."""
        if self.keypad_widgets.isHidden():
            return False
        self._keypad(text)
        return True

    def _keypad(self, text: str) -> None:
        if text == "C":
            self.amount_edit.clear()
        elif text == "<":
            self.amount_edit.setText(self.amount_edit.text()[:-1])
        else:
            self.amount_edit.setText(self.amount_edit.text() + text)

    def _wager_typed(self) -> None:
        text = self.amount_edit.text()
        if text:
            if self.session.perform(Wager(int(text))):
                self.amount_edit.clear()

    # ------------------------------------------------------------------ view

    def _set(self, name: str, text: str | None) -> None:
        button = self.buttons[name]
        if text is None:
            self.labels.pop(name, None)
            if not button.isHidden():
                button.hide()
            return
        self.labels[name] = text
        self._show_words(name)
        if button.isHidden():
            button.show()

    def _show_words(self, name: str) -> None:
        words = self._words(name, self.wrapped[self.row_of[name]])
        if self.buttons[name].text() != words:
            self.buttons[name].setText(words)

    def _on_session_change(self, session: TableSession) -> None:
        """Show only what may be done now (the session's offers)."""
        self.offers = {}
        shown: dict[str, str | None] = {name: None for name in self.buttons}
        for offer in offers_now(session):
            if offer.kind in _DIALOGS and _DIALOGS[offer.kind] not in self.openers:
                continue
            name, words = self._button(offer)
            self.offers[name] = offer
            shown[name] = words
            if offer.kind in (OfferKind.CHECK, OfferKind.CALL):
                self.setToolTip(self.tr("Seat {0} to act").format(offer.seat))
        for name, text in shown.items():
            self._set(name, text)
        self.keypad_widgets.setVisible(shown["wager"] is not None)
        self.fit()

    def _button(self, offer: Offer) -> tuple[str, str]:  # one sentence per kind of offer
        """The button that shows ``offer``, and its words in the screen's language."""
        kind, seat = offer.kind, offer.seat
        match kind:
            case OfferKind.FOLD:
                return "fold", self.tr("Seat {0} folds").format(seat) if offer.names_seat else self.tr("Fold")
            case OfferKind.CHECK:
                return "check", self.tr("Check")
            case OfferKind.CALL:
                return "call", self.tr("Call {0}").format(offer.amount)
            case OfferKind.MIN:
                minimum = self.tr("Raise to {0}") if offer.raising else self.tr("Bet {0}")
                if offer.above_min and offer.raising and offer.call:
                    return "min", minimum.format(offer.amount) + self.tr(" (min, call {0})").format(offer.call)
                return "min", minimum.format(offer.amount) + (self.tr(" (min)") if offer.above_min else "") + self._calls(offer)
            case OfferKind.POT:
                pot = self.tr("Pot: raise to {0}") if offer.raising else self.tr("Pot: bet {0}")
                return "pot", pot.format(offer.amount) + self._calls(offer)
            case OfferKind.WAGER:
                keypad = self.tr("Raise to keypad amount ({0}–{1})") if offer.raising else self.tr("Bet keypad amount ({0}–{1})")
                return "wager", keypad.format(offer.low, offer.high)
            case OfferKind.ALL_IN:
                if offer.call and offer.amount > offer.call:
                    return "all_in", self.tr("All-in to {0} (call {1})").format(offer.amount, offer.call)
                return "all_in", self.tr("All-in to {0}").format(offer.amount)
            case OfferKind.DISCARD:
                what = offer.card.symbol if offer.card else self.tr("card {0}").format(offer.index + 1)
                return f"discard_{offer.index + 1}", self.tr("Seat {0} discards {1}").format(seat, what)
            case OfferKind.DEAL_HOLE_CARDS:
                return "deal", self.tr("Deal hole cards")
            case OfferKind.DEAL_BOARD:
                return "deal", self._deal_label(offer)
            case OfferKind.TYPE_BOARD:
                return "deal_typed", (self.tr("Type the flop…"), self.tr("Type the turn…"), self.tr("Type the river…"))[offer.index]
            case OfferKind.STRADDLE:
                return "straddle", self.tr("Seat {0} straddles {1}").format(seat, offer.amount)
            case OfferKind.MISSISSIPPI:
                return "mississippi", self.tr("Seat {0} Mississippi {1}").format(seat, offer.amount)
            case OfferKind.RESTRADDLE:
                return "restraddle", self.tr("Straddle and re-straddle…") if seat is None else self.tr("Seat {0} re-straddle…").format(seat)
            case OfferKind.EXTRA_BOARDS:
                return "extra_boards", self.tr("Extra boards…")
            case OfferKind.RUNS:
                words = {1: self.tr("Seat {0}: run once"), 2: self.tr("Seat {0}: run twice"), 3: self.tr("Seat {0}: run three times")}
                return f"runs_{offer.runs}", words[offer.runs].format(seat)
            case OfferKind.SHOW:
                return "show", self.tr("Seat {0} shows").format(seat)
            case OfferKind.TYPE_SHOWN:
                return "show_typed", self.tr("Seat {0} shows: type the cards…").format(seat)
            case OfferKind.MUCK:
                return "muck", self.tr("Seat {0} mucks").format(seat)
            case OfferKind.NEXT_HAND:
                return "next_hand", self.tr("Next hand")
            case OfferKind.UNDO:
                return "undo", self.undo_words(offer)
            case OfferKind.MISDEAL:
                return "misdeal", self.tr("Misdeal")

    def _calls(self, offer: Offer) -> str:
        """`` (call 7)`` beside a raise that also calls (the chips a call would add), else nothing."""
        return self.tr(" (call {0})").format(offer.call) if offer.raising and offer.call else ""

    def undo_words(self, offer: Offer) -> str:
        """``Undo: seat 3's hole cards`` and the like: what the undo takes back."""
        seat = offer.seat
        words = {"hole cards": self.tr("Undo: seat {0}'s hole cards"), "board": self.tr("Undo: the board cards dealt"),
                 "discard": self.tr("Undo: seat {0}'s discard"), "straddle": self.tr("Undo: seat {0}'s straddle"),
                 "blind": self.tr("Undo: seat {0}'s blind"),
                 "runs": self.tr("Undo: seat {0}'s runs"), "shown": self.tr("Undo: seat {0}'s hand shown"),
                 "muck": self.tr("Undo: seat {0}'s muck"), "consent": self.tr("Undo: seat {0}'s answer"),
                 "action": self.tr("Undo: seat {0}'s action")}
        return words.get(offer.undoes, self.tr("Undo")).format(seat)

    def _deal_label(self, offer: Offer) -> str:
        """``Deal flop``, ``Deal turn, board 2``, ``Deal river, run 2`` in the screen's language."""
        target = offer.target
        assert target is not None
        street = (self.tr("Deal flop"), self.tr("Deal turn"), self.tr("Deal river"))[target.street]
        where = []
        if offer.runs > 1:
            where.append(self.tr("run {0}").format(target.run + 1))
        if offer.boards > 1:
            where.append(self.tr("board {0}").format(target.board + 1))
        return street + (f", {', '.join(where)}" if where else "")
