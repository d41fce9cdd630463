"""The action bar: only what the dealer may do now, with amounts, each on a key.

Buttons are made once and shown or hidden as the hand moves (no widget churn per action).
Keys: F fold, K check, C call, R min bet/raise, P pot, A all-in, Enter the keypad's amount,
1-6 discard that card (Oklahoma), D deal, T straddle, I Mississippi, Q/W/E run once/twice/three
times, S show, M muck, N next hand, Ctrl+Z or Backspace undo, Ctrl+Shift+M misdeal; at a table dealt
face down, Shift+D types the street due and Shift+S the hand shown (the card entry).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dealer_console.engine.games import Structure
from dealer_console.engine.hand import Phase
from dealer_console.live.card_requests import BoardTarget
from dealer_console.live.table_session import TableSession

MAX_DISCARD_BUTTONS = 6


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
        left = QVBoxLayout()
        row_actions, row_other = QHBoxLayout(), QHBoxLayout()
        left.addLayout(row_actions)
        left.addLayout(row_other)
        outer.addLayout(left, 4)
        self._amounts: dict[str, int] = {}
        self.openers: dict[str, Callable[[], object]] = {}
        """Dialogs the window opens for a button (``restraddle``, ``extra_boards``, ``card_entry_board``, ``card_entry_show``)."""

        def add(name: str, key: str, handler: Callable[[], object], row: QHBoxLayout, primary: bool = False) -> QPushButton:
            button = QPushButton()
            button.setObjectName(f"action_{name}")
            button.setMinimumSize(120, 64)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setProperty("primary", primary)
            button.clicked.connect(handler)
            row.addWidget(button)
            self.buttons[name] = button
            self.shortcuts[name] = key
            return button

        s = session
        add("fold", "F", s.fold, row_actions)
        add("check", "K", s.check, row_actions)
        add("call", "C", s.call, row_actions)
        add("min", "R", lambda: s.wager(self._amounts["min"]), row_actions)
        add("pot", "P", lambda: s.wager(self._amounts["pot"]), row_actions)
        add("all_in", "A", s.all_in, row_actions)
        for index in range(MAX_DISCARD_BUTTONS):
            add(f"discard_{index + 1}", str(index + 1), lambda _=False, i=index: s.discard(i), row_actions)
        add("deal", "D", self._deal, row_actions, primary=True)
        add("straddle", "T", s.post_straddle, row_other)
        add("restraddle", "G", lambda: self._open("restraddle"), row_other)
        add("mississippi", "I", s.post_mississippi, row_other)
        add("extra_boards", "X", lambda: self._open("extra_boards"), row_other)
        for runs, key in ((1, "Q"), (2, "W"), (3, "E")):
            add(f"runs_{runs}", key, lambda _=False, r=runs: self._choose_runs(r), row_other)
        add("deal_typed", "Shift+D", lambda: self._open("card_entry_board"), row_other)
        add("show", "S", lambda: self._showdown(s.show), row_other, primary=True)
        add("show_typed", "Shift+S", lambda: self._open("card_entry_show"), row_other)
        add("muck", "M", lambda: self._showdown(s.muck), row_other)
        add("next_hand", "N", s.start_hand, row_other, primary=True)
        add("undo", "Ctrl+Z", s.undo, row_other)
        add("misdeal", "Ctrl+Shift+M", lambda: s.misdeal(), row_other)

        keypad = QGridLayout()
        self.amount_edit = QLineEdit()
        self.amount_edit.setObjectName("keypad_amount")
        self.amount_edit.setValidator(QIntValidator(0, 10**9, self))
        self.amount_edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.amount_edit.setStyleSheet("font-size: 20pt;")
        self.amount_edit.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.amount_edit.returnPressed.connect(self._wager_typed)
        keypad.addWidget(self.amount_edit, 0, 0, 1, 3)
        for position, text in enumerate("789456123C0<"):
            pad = QPushButton(text)
            pad.setObjectName(f"keypad_{text}")
            pad.setMinimumSize(48, 44)
            pad.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            pad.clicked.connect(lambda _=False, t=text: self._keypad(t))
            keypad.addWidget(pad, 1 + position // 3, position % 3)
        self.keypad_widgets = QWidget()
        self.keypad_widgets.setLayout(keypad)
        outer.addWidget(self.keypad_widgets, 1)
        add("wager", "Return", self._wager_typed, row_other, primary=True)
        self.setStyleSheet(
            "QPushButton { font-size: 16pt; padding: 6px; }"
            " QPushButton[primary=\"true\"] { background: #ffd400; color: black; font-weight: bold; }"
        )

    # ------------------------------------------------------------------ commands

    def _open(self, name: str) -> None:
        opener = self.openers.get(name)
        if opener is not None:
            opener()

    def _deal(self) -> None:
        hand = self.session.hand
        if hand is not None and hand.phase in (Phase.POSTING, Phase.DEALING):
            self.session.deal_hole_cards()
        else:
            self.session.deal_board()

    def _choose_runs(self, runs: int) -> None:
        choosers = self.session.runs_choosers()
        if choosers:
            self.session.choose_runs(choosers[0], runs)

    def _showdown(self, verb: Callable[[int], bool]) -> None:
        seats = self.session.showdown_seats()
        if seats:
            verb(seats[0])

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
            if self.session.wager(int(text)):
                self.amount_edit.clear()

    # ------------------------------------------------------------------ view

    def _set(self, name: str, text: str | None) -> None:
        button = self.buttons[name]
        if text is None:
            button.hide()
            return
        button.setText(f"{text}  [{self.shortcuts[name].replace('Return', 'Enter')}]")
        button.show()

    def _on_session_change(self, session: TableSession) -> None:
        """Show only what may be done now."""
        hand = session.hand
        shown: dict[str, str | None] = {name: None for name in self.buttons}
        legal = session.legal_actions()
        discarding = session.discarding_seat()
        if hand is None or hand.is_complete:
            shown["next_hand"] = self.tr("Next hand")
        elif discarding is not None:
            for index, card in enumerate(hand.hole_cards(discarding)[:MAX_DISCARD_BUTTONS]):
                what = card.symbol if card else self.tr("card {0}").format(index + 1)
                shown[f"discard_{index + 1}"] = self.tr("Seat {0} discards {1}").format(discarding, what)
            if legal is not None and legal.can_fold:
                shown["fold"] = self.tr("Seat {0} folds").format(legal.seat)
        elif legal is not None:
            seat = legal.seat
            if legal.can_fold and legal.call_amount:
                shown["fold"] = self.tr("Fold")
            if legal.can_check:
                shown["check"] = self.tr("Check")
            if legal.call_amount:
                shown["call"] = self.tr("Call {0}").format(legal.call_amount)
            if legal.can_bet or legal.can_raise:
                self._amounts["min"] = legal.min_to
                minimum = self.tr("Bet {0}") if legal.can_bet else self.tr("Raise to {0}")
                shown["min"] = minimum.format(legal.min_to) + (self.tr(" (min)") if legal.max_to > legal.min_to else "")
                pot_to = self._pot_size(session, legal.seat, legal.call_amount)
                pot_to = min(max(pot_to, legal.min_to), legal.max_to)
                if legal.max_to > legal.min_to and hand.game.structure is not Structure.LIMIT:
                    self._amounts["pot"] = pot_to
                    shown["pot"] = (self.tr("Pot: bet {0}") if legal.can_bet else self.tr("Pot: raise to {0}")).format(pot_to)
                keypad = self.tr("Bet keypad amount ({0}–{1})") if legal.can_bet else self.tr("Raise to keypad amount ({0}–{1})")
                shown["wager"] = keypad.format(legal.min_to, legal.max_to)
            if legal.all_in_to:
                shown["all_in"] = self.tr("All-in {0}").format(legal.all_in_to)
            self.setToolTip(self.tr("Seat {0} to act").format(seat))
        else:
            if hand.phase in (Phase.POSTING, Phase.DEALING):
                shown["deal"] = self.tr("Deal hole cards")
                straddler = session.can_straddle()
                if straddler is not None:
                    shown["straddle"] = self.tr("Seat {0} straddles {1}").format(straddler, 2 * hand.game.stakes.big_blind)
                button = session.can_mississippi()
                if button is not None:
                    shown["mississippi"] = self.tr("Seat {0} Mississippi {1}").format(button, 2 * hand.game.stakes.big_blind)
                asker = session.restraddle_seat()
                if asker is not None and "restraddle" in self.openers:
                    shown["restraddle"] = self.tr("Seat {0} re-straddle…").format(asker)
                elif straddler is not None and "restraddle" in self.openers:
                    shown["restraddle"] = self.tr("Straddle and re-straddle…")
            target = session.next_board()
            if target is not None:
                shown["deal"] = self._deal_label(target, boards=hand.game.variant.boards, runs=hand.planned_runs())
                if session.board_request() is not None and "card_entry_board" in self.openers:
                    shown["deal_typed"] = (self.tr("Type the flop…"), self.tr("Type the turn…"), self.tr("Type the river…"))[target.street]
            choosers = session.runs_choosers()
            if choosers:
                if "extra_boards" in self.openers:
                    shown["extra_boards"] = self.tr("Extra boards…")
                for runs, words in ((1, self.tr("Seat {0}: run once")), (2, self.tr("Seat {0}: run twice")), (3, self.tr("Seat {0}: run three times"))):
                    if hand.can_choose_runs(choosers[0], runs):
                        shown[f"runs_{runs}"] = words.format(choosers[0])
            seats = session.showdown_seats()
            if seats:
                shown["show"] = self.tr("Seat {0} shows").format(seats[0])
                shown["muck"] = self.tr("Seat {0} mucks").format(seats[0])
                if session.show_request() is not None and "card_entry_show" in self.openers:
                    shown["show_typed"] = self.tr("Seat {0} shows: type the cards…").format(seats[0])
        if hand is not None and not hand.is_complete:
            shown["undo"] = self.tr("Undo")
            if not hand.substantial_action:
                shown["misdeal"] = self.tr("Misdeal")
        if hand is not None and hand.is_complete and hand.events_in_force:
            shown["undo"] = self.tr("Undo")
        for name, text in shown.items():
            self._set(name, text)
        self.keypad_widgets.setVisible(shown["wager"] is not None)

    def _deal_label(self, target: BoardTarget, *, boards: int, runs: int) -> str:
        """``Deal flop``, ``Deal turn, board 2``, ``Deal river, run 2`` in the screen's language."""
        street = (self.tr("Deal flop"), self.tr("Deal turn"), self.tr("Deal river"))[target.street]
        where = []
        if runs > 1:
            where.append(self.tr("run {0}").format(target.run + 1))
        if boards > 1:
            where.append(self.tr("board {0}").format(target.board + 1))
        return street + (f", {', '.join(where)}" if where else "")

    @staticmethod
    def _pot_size(session: TableSession, seat: int, call_amount: int) -> int:
        """A pot-sized raise: the bet after calling, plus the pot after the call (SPEC: Pot-limit maximum)."""
        hand = session.hand
        assert hand is not None
        bet = hand.bets[seat]
        return bet + call_amount + hand.pot_total + call_amount
