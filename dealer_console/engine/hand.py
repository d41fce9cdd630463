"""One hand of an Omaha-family game, from the blinds to the last chip awarded.

A :class:`Hand` keeps an append-only list of frozen event records (:mod:`.events`); its state
is derived from them. Each verb comes three ways, as in pokerkit: ``verify(event)`` raises
:class:`~.errors.IllegalActionError` with a message a dealer can read, ``can(event)`` answers
yes or no (for enabling a button), and the verb itself (``fold``, ``raise_to``...) checks,
appends and returns the record. A refused event changes nothing. ``void()`` appends a
:class:`~.events.Voided` record and rebuilds the state from the events still in force.

Seats are the table's seat numbers. Internally players are held in order from the first seat
left of the button (index 0) round to the button (last index): that is the order of the deal,
of post-flop action and of odd chips.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dealer_console.engine.cards import Card, format_cards, parse_cards
from dealer_console.engine.errors import CardError, GameDefinitionError, IllegalActionError
from dealer_console.engine.events import (
    BetPlaced,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    CardBurned,
    CardsShown,
    Checked,
    Discarded,
    Event,
    Folded,
    HoleCardsDealt,
    MisdealDeclared,
    Mucked,
    RaisedTo,
    RestraddleConsent,
    RunsChosen,
    Voided,
    WentAllIn,
)
from dealer_console.engine.games import DECK_SIZE, STREET_CARDS, Game, MississippiPreflopOrder, StraddlePrecedence, Structure
from dealer_console.engine.pots import Pot, build_pots, uncalled_excess
from dealer_console.engine.showdown import HandResult, SettlementInput, settle

__all__ = ["STREET_NAMES", "AllInNotice", "Hand", "HandSetup", "LegalActions", "Phase"]

STREET_NAMES = ("pre-flop", "flop", "turn", "river")


class Phase(enum.Enum):
    """Where the hand stands."""

    POSTING = "posting"
    """Blinds and straddles; no card dealt yet."""
    DEALING = "dealing"
    """Hole cards being dealt."""
    BETTING = "betting"
    """A player is to act."""
    BOARD = "board"
    """Waiting for board cards (or owed discards, or run choices)."""
    SHOWDOWN = "showdown"
    """Every board is out; waiting for hands to be shown or mucked."""
    COMPLETE = "complete"
    """Every chip is awarded."""
    MISDEALT = "misdealt"
    """Void: every chip went back."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSetup:
    """Everything a hand needs before its first event; the table engine produces one per hand."""

    game: Game
    stacks: Mapping[int, int]
    """Seat number -> chips at the start of the hand, for every player dealt in."""
    button: int
    small_blind_seat: int | None = -1
    """-1: the first seat left of the button (the button itself heads-up); None: no small blind."""
    big_blind_seat: int | None = -1
    """-1: the seat after the small blind."""
    straddles_allowed: bool = True
    mississippi_authorized_by: str | None = None
    """The manager whose authorization for Mississippi straddles is on record, if any."""
    extra_boards_allowed: bool = True
    extra_player_authorized_by: str | None = None
    """The manager who allowed one player more than the game seats (the seed's ninth player)."""
    hand_id: str = ""

    def __post_init__(self) -> None:
        count = len(self.stacks)
        self.game.validate_players(count, extra_player_authorized=self.extra_player_authorized_by is not None)
        for seat, stack in self.stacks.items():
            if stack <= 0:
                raise GameDefinitionError(f"Seat {seat} has {stack} chips and cannot be dealt in")
        if self.button not in self.stacks:
            raise GameDefinitionError(f"the button is on seat {self.button}, which is not dealt in")

    def seat_order(self) -> tuple[int, ...]:
        """Seats from the first left of the button round to the button."""
        seats = sorted(self.stacks)
        start = seats.index(self.button) + 1
        return tuple(seats[start:] + seats[:start])


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do now, with amounts as totals bet this round."""

    seat: int
    must_discard: bool = False
    can_fold: bool = False
    can_check: bool = False
    call_amount: int = 0
    """Chips added by a call (0 when a call is not possible)."""
    can_bet: bool = False
    can_raise: bool = False
    min_to: int = 0
    """Smallest bet or raise-to (a short stack can still go all-in for less)."""
    max_to: int = 0
    """Largest bet or raise-to: the limit size, the pot-limit maximum or the stack."""
    all_in_to: int = 0
    """The player's total if they go all-in now (0 when all-in is not allowed)."""


@dataclass(frozen=True, slots=True)
class AllInNotice:
    """Whether an all-in for more than the bet reopened the betting (SPEC: shown when it happens)."""

    seat: int
    amount: int
    full_raise: bool
    """True if it counts as a full raise and reopens the betting to players who have acted."""


_STRADDLES = (BlindKind.STRADDLE, BlindKind.RESTRADDLE, BlindKind.MISSISSIPPI)
"""Posts whose amount is the player's total, chips already in counting (SPEC: twice the big blind in total)."""


@dataclass(slots=True)
class _Player:
    seat: int
    starting_stack: int
    stack: int
    bet: int = 0
    total: int = 0
    dead: int = 0
    blind_bet: int = 0
    folded: bool = False
    hole: list[Card | None] | None = None
    dealt: tuple[Card | None, ...] = ()
    discards: int = 0
    discarded: list[Card | None] = field(default_factory=list)
    discarded_now: bool = False
    acted: bool = False
    acted_level: int = 0
    shown: tuple[Card, ...] | None = None
    mucked: bool = False
    runs_choice: int | None = None
    consent: bool | None = None

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0


class Hand:
    """One hand's events and the state derived from them."""

    def __init__(self, setup: HandSetup, events: Iterable[Event] = ()) -> None:
        self.setup = setup
        self.chip_scale = Fraction(1)
        """The money one chip stands for: 1, unless the hand was imported from a PHH file in fractional amounts."""
        self.game = setup.game
        self._order = setup.seat_order()
        self._index = {seat: index for index, seat in enumerate(self._order)}
        self._events: list[Event] = []
        self._in_force: list[int] = []
        self._reset()
        for event in events:
            self.apply(event)

    # ------------------------------------------------------------------ state

    def _reset(self) -> None:
        setup = self.setup
        self._players = [_Player(seat, setup.stacks[seat], setup.stacks[seat]) for seat in self._order]
        n = len(self._players)
        heads_up = n == 2
        button = n - 1
        if setup.small_blind_seat == -1:
            self._sb: int | None = button if heads_up else 0
        else:
            self._sb = None if setup.small_blind_seat is None else self._seat_index(setup.small_blind_seat)
        if setup.big_blind_seat == -1:
            self._bb: int | None = 0 if heads_up else ((self._sb + 1) % n if self._sb is not None else 1 % n)
        else:
            self._bb = None if setup.big_blind_seat is None else self._seat_index(setup.big_blind_seat)
        self.phase = Phase.POSTING
        self.street = 0
        self._posted: dict[BlindKind, int] = {}
        self._dead_total = 0
        self._current_bet = 0
        self._min_raise = setup.game.stakes.big_blind
        self._full_level = 0
        self._bets_this_round = 0
        self._capped_multiway = False
        self._round_order: list[int] = list(range(n))
        self._actor: int | None = None
        self._aggressor: int | None = None
        self._last_round_aggressor: int | None = None
        self._all_in_notice: AllInNotice | None = None
        self._boards: list[list[list[Card]]] = [[[] for _ in range(self.game.variant.boards)]]
        self._runs_frozen: int | None = None
        self._pot_runs: list[int] = []
        self._burns: list[Card | None] = []
        self._known: set[Card] = set()
        self._cards_out = 0
        self._player_actions = 0
        self._chip_actions = 0
        self._betting_over = False
        self._result: HandResult | None = None
        self._muck_order: list[int] = []
        self._returned: dict[int, int] = {}

    def _seat_index(self, seat: int) -> int:
        index = self._index.get(seat)
        if index is None:
            raise GameDefinitionError(f"Seat {seat} is not dealt in this hand")
        return index

    # ------------------------------------------------------------------ public queries

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event appended, voids included."""
        return tuple(self._events)

    @property
    def events_in_force(self) -> tuple[Event, ...]:
        """The events the state is built from (not voided, voids excluded)."""
        return tuple(self._events[i] for i in self._in_force)

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats dealt in, from the first left of the button round to the button."""
        return self._order

    @property
    def small_blind_seat(self) -> int | None:
        """The seat that owes the small blind, if any."""
        return None if self._sb is None else self._order[self._sb]

    @property
    def big_blind_seat(self) -> int | None:
        """The seat that owes the big blind, if any."""
        return None if self._bb is None else self._order[self._bb]

    @property
    def actor(self) -> int | None:
        """The seat whose turn it is, or ``None``."""
        return None if self._actor is None else self._order[self._actor]

    @property
    def stacks(self) -> dict[int, int]:
        """Chips behind for each seat (after the hand: final stacks)."""
        if self._result is not None:
            return dict(self._result.final_stacks)
        return {p.seat: p.stack for p in self._players}

    @property
    def bets(self) -> dict[int, int]:
        """Chips in front of each seat in the current round."""
        return {p.seat: p.bet for p in self._players}

    @property
    def contributions(self) -> dict[int, int]:
        """Everything each seat has put in this hand (live and dead), uncalled chips already given back included."""
        return {p.seat: p.total + p.dead + self._returned.get(p.seat, 0) for p in self._players}

    @property
    def current_bet(self) -> int:
        """The highest bet of the current round."""
        return self._current_bet

    @property
    def pot_total(self) -> int:
        """Every chip in the middle, bets of this round included."""
        return sum(p.total + p.dead for p in self._players)

    def pot_raise_to(self, seat: int) -> int:
        """The pot-sized raise for ``seat``: the bet to match plus the pot after calling it (SPEC, Pot-limit maximum),
        before the table's structure or the seat's stack is considered; the pot-limit maximum, and the pot button elsewhere."""
        player = self._player(seat, "raise")
        return self._current_bet + self.pot_total + (self._current_bet - player.bet)

    @property
    def result(self) -> HandResult | None:
        """The settlement, once the hand is complete."""
        return self._result

    @property
    def is_complete(self) -> bool:
        """True when every chip is awarded (or returned after a misdeal)."""
        return self.phase in (Phase.COMPLETE, Phase.MISDEALT)

    @property
    def returned_uncalled(self) -> dict[int, int]:
        """Chips given back so far as uncalled, by seat: returned when the round that left them uncalled closed
        (already in :attr:`stacks`, out of :attr:`pot_total`)."""
        return dict(self._returned)

    @property
    def all_in_notice(self) -> AllInNotice | None:
        """The latest all-in for more than the bet in this round, and whether it reopened the betting."""
        return self._all_in_notice

    def boards(self, run: int = 0) -> tuple[tuple[Card, ...], ...]:
        """The board cards of ``run`` (each board's cards in order)."""
        if run >= len(self._boards):
            return ()
        return tuple(tuple(cards) for cards in self._boards[run])

    @property
    def run_count(self) -> int:
        """How many runs are being dealt (1 until extra boards are agreed)."""
        return len(self._boards)

    def hole_cards(self, seat: int) -> tuple[Card | None, ...]:
        """The cards a seat holds now (``None`` for unseen); empty before the deal."""
        player = self._players[self._seat_index(seat)]
        if player.shown is not None:
            return player.shown
        return tuple(player.hole or ())

    def is_folded(self, seat: int) -> bool:
        """True if the seat is out of the hand."""
        return self._players[self._seat_index(seat)].folded

    def is_all_in(self, seat: int) -> bool:
        """True if the seat is in the hand with no chips behind."""
        player = self._players[self._seat_index(seat)]
        return not player.folded and player.stack == 0

    def deal_order(self) -> tuple[int, ...]:
        """Seats in the order cards are dealt: from the first left of the button (the big blind heads-up).

        omaha-club-rules.txt, HEADS UP 3: cards are dealt starting with the big blind.
        """
        return self._order

    def discards_owed(self) -> tuple[int, ...]:
        """Seats that still owe an Oklahoma discard on this street."""
        required = self._discards_required()
        return tuple(p.seat for p in self._players if not p.folded and p.hole is not None and p.discards < required)

    def pots(self, *, collected_only: bool = False) -> list[Pot]:
        """Main pot and side pots as they stand, unmatched excess left out, with contenders.

        ``collected_only``: the pots of the rounds already closed, without the bets still in front of the
        players (whose contenders are not known until the round ends).
        """
        contributions = {p.seat: p.total - (p.bet if collected_only else 0) for p in self._players}
        seat, excess = uncalled_excess(contributions)
        if seat is not None:
            contributions[seat] -= excess
        return build_pots(
            contributions,
            order=self._order,
            live=[p.seat for p in self._players if not p.folded],
            all_in=[p.seat for p in self._players if not p.folded and p.stack == 0],
            dead=self._dead_total,
        )

    def showdown_order(self) -> tuple[int, ...]:
        """Who shows first: the last aggressor of the final round, else the first left of the button.

        SPEC (Showdown order).
        """
        live = [i for i, p in enumerate(self._players) if not p.folded]
        start = self._last_round_aggressor if self._last_round_aggressor is not None else 0
        ordered = sorted(live, key=lambda i: (i - start) % len(self._players))
        return tuple(self._order[i] for i in ordered)

    @property
    def substantial_action(self) -> bool:
        """TDA (Rule 36 in 2022): two actions at least one of which puts chips in, or three actions (blinds do not count)."""
        return (self._player_actions >= 2 and self._chip_actions >= 1) or self._player_actions >= 3

    def runs_window_open(self) -> bool:
        """True while contenders may agree to extra boards (SPEC: Extra boards)."""
        return self._runs_window_open()

    def planned_runs(self) -> int:
        """How many runs will be dealt: as frozen, or as agreed so far while choices are open."""
        if self._runs_frozen is not None:
            return self._runs_frozen
        if self._runs_window_open():
            return max(self.pot_runs(), default=1)
        return len(self._boards)

    def can_choose_runs(self, seat: int, runs: int) -> bool:
        """True if ``seat`` may choose ``runs`` now."""
        return self.can(RunsChosen(seat=seat, runs=runs))

    def needs_showdown_decision(self, seat: int) -> bool:
        """True if ``seat`` still holds a live hand that is neither shown nor mucked."""
        player = self._players[self._seat_index(seat)]
        return not player.folded and not player.mucked and player.shown is None

    def pot_runs(self) -> list[int]:
        """For each pot of :meth:`pots`, how many runs it is dealt (as agreed so far)."""
        if self._runs_frozen is not None:
            return list(self._pot_runs)
        return [self._agreed_runs(pot) for pot in self.pots()]

    def legal_actions(self, seat: int | None = None) -> LegalActions | None:
        """What ``seat`` (default: the player to act) may do now; ``None`` if it is not their turn."""
        if self._actor is None:
            return None
        index = self._actor
        if seat is not None and self._index.get(seat) != index:
            return None
        player = self._players[index]
        if self._needs_discard(player):
            return LegalActions(seat=player.seat, must_discard=True, can_fold=True)
        to_call = min(self._current_bet - player.bet, player.stack)
        can_fold = not player.discarded_now
        all_in_to = player.bet + player.stack
        if self._current_bet == 0 and self.phase is Phase.BETTING:
            low, high = self._bet_bounds(player)
            can_bet = high > player.bet and (low <= all_in_to)
            return LegalActions(
                seat=player.seat,
                can_fold=can_fold,
                can_check=True,
                can_bet=can_bet and low <= high,
                min_to=min(low, all_in_to),
                max_to=min(high, all_in_to),
                all_in_to=all_in_to if self._all_in_allowed(player) else 0,
            )
        can_check = to_call == 0
        raise_ok = self._raise_allowed(player) is None
        low, high = self._bet_bounds(player) if raise_ok else (0, 0)
        return LegalActions(
            seat=player.seat,
            can_fold=can_fold,
            can_check=can_check,
            call_amount=to_call if to_call > 0 else 0,
            can_raise=raise_ok,
            min_to=min(low, all_in_to) if raise_ok else 0,
            max_to=min(high, all_in_to) if raise_ok else 0,
            all_in_to=all_in_to if self._all_in_allowed(player) else 0,
        )

    def snapshot(self) -> tuple[object, ...]:
        """A comparable picture of the whole derived state (for tests and replay checks)."""
        return (
            self.phase,
            self.street,
            self._actor,
            self._current_bet,
            self._min_raise,
            self._full_level,
            self._bets_this_round,
            self._capped_multiway,
            tuple(self._round_order),
            self._aggressor,
            self._last_round_aggressor,
            self._all_in_notice,
            self._player_actions,
            self._chip_actions,
            self._betting_over,
            self._dead_total,
            tuple(sorted(self._returned.items())),
            self._cards_out,
            frozenset(self._known),
            tuple(
                (p.seat, p.stack, p.bet, p.total, p.dead, p.folded, tuple(p.hole or ()), p.discards, p.discarded_now,
                 p.acted, p.acted_level, p.shown, p.mucked, p.runs_choice, p.consent, tuple(p.discarded))
                for p in self._players
            ),
            tuple(tuple(tuple(b) for b in run) for run in self._boards),
            tuple(self._burns),
            tuple(sorted(self._posted.items(), key=lambda item: item[0].value)),
            self._runs_frozen,
            tuple(self._pot_runs),
            self._result,
        )

    # ------------------------------------------------------------------ verify / can / apply

    def can(self, event: Event) -> bool:
        """True if :meth:`apply` would accept ``event`` now."""
        try:
            self.verify(event)
        except (IllegalActionError, CardError, GameDefinitionError):
            return False
        return True

    def verify(self, event: Event) -> None:
        """Raise if ``event`` is not allowed now; change nothing."""
        if isinstance(event, Voided):
            self._verify_void(event)
            return
        handler = _VERIFIERS.get(type(event))
        if handler is None:
            raise IllegalActionError(f"unknown event {type(event).__name__}")
        handler(self, event)

    def apply(self, event: Event) -> Event:
        """Check ``event``, append it and update the state; return it."""
        self.verify(event)
        self._events.append(event)
        if isinstance(event, Voided):
            self._in_force.pop()
            self._rebuild()
        else:
            self._in_force.append(len(self._events) - 1)
            _APPLIERS[type(event)](self, event)
        return event

    @property
    def undo_target(self) -> int | None:
        """Position (in :attr:`events`) of the event an undo would void: the latest in force, or None."""
        return self._in_force[-1] if self._in_force else None

    def _verify_void(self, event: Voided) -> None:
        target = self.undo_target
        if target is None:
            raise IllegalActionError("Nothing to undo: the hand has no events", action="undo")
        if event.target != target:
            raise IllegalActionError(f"Only the latest event (#{target}) can be undone, not #{event.target}", action="undo")

    def _rebuild(self) -> None:
        self._reset()
        for position in self._in_force:
            event = self._events[position]
            _APPLIERS[type(event)](self, event)

    # ------------------------------------------------------------------ verbs

    def post_blind(self, seat: int, amount: int, blind: BlindKind = BlindKind.BIG, *, authorized_by: str | None = None) -> Event:
        """Post a blind, straddle or post before the deal."""
        return self.apply(BlindPosted(seat=seat, amount=amount, blind=blind, authorized_by=authorized_by))

    def post_blinds(self) -> None:
        """Post the small and big blind from the seats that owe them (all-in for less when short)."""
        stakes = self.game.stakes
        for index, kind, amount in ((self._sb, BlindKind.SMALL, stakes.small_blind), (self._bb, BlindKind.BIG, stakes.big_blind)):
            if index is not None and kind not in self._posted and amount > 0:
                player = self._players[index]
                self.post_blind(player.seat, min(amount, player.stack), kind)

    def consent_to_restraddle(self, seat: int, agrees: bool) -> Event:
        """Record a player's yes or no to a re-straddle."""
        return self.apply(RestraddleConsent(seat=seat, agrees=agrees))

    def deal_hole(self, seat: int, cards: str | Sequence[Card | None]) -> Event:
        """Deal a player's hole cards (``"??"`` or ``None`` for an unseen card)."""
        return self.apply(HoleCardsDealt(seat=seat, cards=_cards(cards)))

    def burn(self, card: str | Card | None = None) -> Event:
        """Burn a card."""
        return self.apply(CardBurned(card=parse_cards(card)[0] if isinstance(card, str) else card))

    def deal_board(self, cards: str | Sequence[Card], *, board: int = 0, run: int = 0) -> Event:
        """Deal one street's cards to ``board`` of ``run``."""
        parsed = _cards(cards)
        if any(card is None for card in parsed):
            raise CardError(f"board cards must be known: {cards!r}", card=str(cards))
        return self.apply(BoardDealt(cards=tuple(c for c in parsed if c is not None), board=board, run=run))

    def fold(self, seat: int) -> Event:
        """Fold."""
        return self.apply(Folded(seat=seat))

    def check(self, seat: int) -> Event:
        """Check."""
        return self.apply(Checked(seat=seat))

    def call(self, seat: int) -> Event:
        """Call (all-in for less when short)."""
        return self.apply(Called(seat=seat))

    def bet(self, seat: int, amount: int) -> Event:
        """Open the betting of a round with ``amount``."""
        return self.apply(BetPlaced(seat=seat, amount=amount))

    def raise_to(self, seat: int, amount: int) -> Event:
        """Raise to a total of ``amount`` this round."""
        return self.apply(RaisedTo(seat=seat, amount=amount))

    def all_in(self, seat: int) -> Event:
        """Put every chip in."""
        return self.apply(WentAllIn(seat=seat))

    def discard(self, seat: int, card: str | Card | None = None) -> Event:
        """Oklahoma: discard one hole card (``None`` if not seen)."""
        return self.apply(Discarded(seat=seat, card=parse_cards(card)[0] if isinstance(card, str) else card))

    def choose_runs(self, seat: int, runs: int) -> Event:
        """A contender's choice of runs (1 = run once)."""
        return self.apply(RunsChosen(seat=seat, runs=runs))

    def show(self, seat: int, cards: str | Sequence[Card] | None = None) -> Event:
        """Table a hand; without ``cards`` the cards known from the deal are shown."""
        if cards is None:
            held = self.hole_cards(seat)
            if any(card is None for card in held) or not held:
                raise IllegalActionError(f"Seat {seat} cannot show: their cards were not seen; name them", seat=seat, action="show")
            parsed: tuple[Card | None, ...] = held
        else:
            parsed = _cards(cards)
        if any(card is None for card in parsed):
            raise CardError(f"shown cards must be known: {cards!r}", card=str(cards))
        return self.apply(CardsShown(seat=seat, cards=tuple(c for c in parsed if c is not None)))

    def muck(self, seat: int) -> Event:
        """Throw a hand away at showdown."""
        return self.apply(Mucked(seat=seat))

    def misdeal(self, reason: str = "") -> Event:
        """Declare a misdeal: the hand is void."""
        return self.apply(MisdealDeclared(reason=reason))

    def void(self, *, reason: str = "", by: str = "") -> Event:
        """Undo the latest event in force: append a :class:`~.events.Voided` naming it; return that record."""
        target = self.undo_target
        if target is None:
            raise IllegalActionError("Nothing to undo: the hand has no events", action="undo")
        return self.apply(Voided(target=target, reason=reason, by=by))

    def pop(self, *, reason: str = "", by: str = "") -> Event:
        """Undo the latest event in force, as :meth:`void` does, and return the event taken back."""
        target = self.undo_target
        self.void(reason=reason, by=by)
        assert target is not None
        return self._events[target]

    # ------------------------------------------------------------------ helpers

    def _refuse(self, player: _Player | int | None, verb: str, why: str) -> IllegalActionError:
        seat = player.seat if isinstance(player, _Player) else player
        who = f"Seat {seat}" if seat is not None else "The dealer"
        return IllegalActionError(f"{who} cannot {verb}: {why}", seat=seat, action=verb)

    def _player(self, seat: int, verb: str) -> _Player:
        index = self._index.get(seat)
        if index is None:
            raise IllegalActionError(f"Seat {seat} cannot {verb}: they are not dealt in this hand", seat=seat, action=verb)
        return self._players[index]

    def _check_open(self, player: _Player | None, verb: str) -> None:
        if self.phase is Phase.MISDEALT:
            raise self._refuse(player, verb, "the hand was declared a misdeal")
        if self.phase is Phase.COMPLETE:
            raise self._refuse(player, verb, "the hand is over")

    def _discards_required(self) -> int:
        discards = self.game.variant.discards
        return sum(1 for street in discards if street <= self.street) if discards else 0

    def _needs_discard(self, player: _Player) -> bool:
        return not player.folded and player.hole is not None and player.discards < self._discards_required()

    def _live(self) -> list[_Player]:
        return [p for p in self._players if not p.folded]

    def _bet_size(self) -> int:
        return self.game.stakes.limit_bet(self.street)

    def _cap_reached(self) -> bool:
        house = self.game.house
        # Robert's Rules (Betting and Raising 4): a cap reached multi-way stays after a fold to heads-up.
        if house.limit_heads_up_uncapped and len(self._live()) == 2 and not self._capped_multiway:
            return False
        return self._bets_this_round >= 1 + house.limit_raises_per_round

    def _raise_allowed(self, player: _Player) -> str | None:
        """Why ``player`` may not bet or raise now, or ``None`` if they may."""
        if player.stack <= self._current_bet - player.bet:
            return "they do not have chips to raise"
        # a raise must be one somebody can call: an opponent with chips beyond the current bet
        if not any(p.can_act and p.bet + p.stack > self._current_bet for p in self._players if p is not player):
            return "nobody left can call a raise"
        if player.acted:
            reopened = (
                player.acted_level < self._full_level
                if self.game.structure is Structure.LIMIT
                else self._current_bet - player.acted_level >= self._min_raise
            )
            if not reopened:
                return "the all-in for less than a full raise did not reopen the betting"
        if self.game.structure is Structure.LIMIT and self._cap_reached():
            return f"the betting is capped at {1 + self.game.house.limit_raises_per_round} bets this round"
        return None

    def _bet_bounds(self, player: _Player) -> tuple[int, int]:
        """Smallest and largest bet/raise-to, before the stack is considered."""
        structure = self.game.structure
        if structure is Structure.LIMIT:
            target = self._full_level + self._bet_size()
            return target, target
        if self._current_bet == 0:
            low = self.game.stakes.big_blind
        else:
            low = self._current_bet + self._min_raise
        if structure is Structure.POT_LIMIT:
            high = self.pot_raise_to(player.seat)
        else:
            high = player.bet + player.stack
        return low, max(low, high)

    def _all_in_allowed(self, player: _Player) -> bool:
        """All-in is a call, or a bet/raise the structure allows in full."""
        all_in_to = player.bet + player.stack
        if all_in_to <= self._current_bet:
            return True
        if self._raise_allowed(player) is not None:
            return False
        _, high = self._bet_bounds(player)
        return all_in_to <= high

    def _agreed_runs(self, pot: Pot) -> int:
        if len(pot.contenders) < 2:
            return 1
        return min(self._players[self._index[seat]].runs_choice or 1 for seat in pot.contenders)

    def _runs_window_open(self) -> bool:
        if self.phase is not Phase.BOARD or not self._betting_over or self._runs_frozen is not None:
            return False
        if not self.setup.extra_boards_allowed or self.street >= 3 or len(self._live()) < 2:
            return False
        if self.discards_owed() or any(street > self.street for street in self.game.variant.discards):
            return False
        return True

    def _cards_needed(self, runs: int) -> int:
        """Board cards still to come for ``runs`` runs (and a burn per street)."""
        remaining_streets = 3 - self.street
        cards = sum(STREET_CARDS[self.street :]) * self.game.variant.boards
        return runs * (cards + remaining_streets)

    def _note_cards(self, cards: Iterable[Card | None], player: _Player | None, verb: str) -> None:
        seen: set[Card] = set()
        for card in cards:
            if card is None:
                continue
            if card in self._known or card in seen:
                raise CardError(
                    f"{f'Seat {player.seat}' if player else 'The dealer'} cannot {verb} {card}: it is already in this hand",
                    card=str(card),
                )
            seen.add(card)

    # ------------------------------------------------------------------ verifiers

    def _verify_blind(self, event: BlindPosted) -> None:
        player = self._player(event.seat, "post")
        self._check_open(player, f"post a {event.blind.value}")
        verb = f"post a {event.blind.value}"
        if self.phase is not Phase.POSTING:
            raise self._refuse(player, verb, "the first card has been dealt (omaha-club-rules.txt, STRADDLE/RESTRADDLE 2)")
        if event.amount <= 0:
            raise self._refuse(player, verb, f"the amount {event.amount} must be positive")
        kind = event.blind
        # a straddle is the player's total (SPEC: a straddle is twice the big blind in total), so a
        # blind or live post already in counts toward it
        adds = event.amount - player.bet if kind in _STRADDLES else event.amount
        if adds > player.stack:
            raise self._refuse(player, verb, f"they have only {player.stack}")
        stakes = self.game.stakes
        index = self._index[event.seat]
        if kind is BlindKind.ANTE:
            # antes come first, one per seat (PHH and pokerkit post antes before the blinds)
            if any(posted is not BlindKind.ANTE for posted in self._posted):
                raise self._refuse(player, verb, "antes are posted before the blinds")
            if any(isinstance(e, BlindPosted) and e.blind is BlindKind.ANTE and e.seat == event.seat for e in self.events_in_force):
                raise self._refuse(player, verb, "they have already posted their ante")
            return
        if kind in (BlindKind.LIVE, BlindKind.DEAD):
            # several players may sit in or come back on the same hand; each posts once (Robert's Rules, Button and Blind Use)
            if any(isinstance(e, BlindPosted) and e.blind is kind and e.seat == event.seat for e in self.events_in_force):
                raise self._refuse(player, verb, "they have already posted it")
        elif kind in self._posted:
            raise self._refuse(player, verb, f"seat {self._order[self._posted[kind]]} has already posted it")
        if kind is BlindKind.SMALL:
            if index != self._sb:
                raise self._refuse(player, verb, f"the small blind is seat {self.small_blind_seat}")
            if event.amount != min(stakes.small_blind, player.stack):
                raise self._refuse(player, verb, f"the small blind is {stakes.small_blind}")
        elif kind is BlindKind.BIG:
            if index != self._bb:
                raise self._refuse(player, verb, f"the big blind is seat {self.big_blind_seat}")
            if event.amount != min(stakes.big_blind, player.stack):
                raise self._refuse(player, verb, f"the big blind is {stakes.big_blind}")
        elif kind is BlindKind.LIVE:
            if index in (self._sb, self._bb):
                raise self._refuse(player, verb, "they are in the blinds already")
            if event.amount != min(stakes.big_blind, player.stack):
                raise self._refuse(player, verb, f"a live post is the big blind, {stakes.big_blind}")
        elif kind is BlindKind.DEAD:
            if event.amount > stakes.small_blind:
                raise self._refuse(player, verb, f"a dead post is at most the small blind, {stakes.small_blind}")
        else:
            self._verify_straddle(player, index, event)

    def _verify_straddle(self, player: _Player, index: int, event: BlindPosted) -> None:
        kind = event.blind
        verb = f"post a {kind.value}"
        n = len(self._players)
        if BlindKind.BIG not in self._posted:
            raise self._refuse(player, verb, "the big blind has not been posted")
        if self._sb is not None and self.game.stakes.small_blind > 0 and BlindKind.SMALL not in self._posted:
            # blinds first: a heads-up small blind who straddled all-in could no longer post it, and no card could be dealt
            raise self._refuse(player, verb, "the small blind has not been posted")
        if kind is BlindKind.MISSISSIPPI:
            if index != n - 1:
                raise self._refuse(player, verb, "only the button may (omaha-club-rules.txt, MISSISSIPPI)")
            if index in (self._sb, self._bb):
                raise self._refuse(player, verb, "the button is in the blinds")
            authorized = event.authorized_by or self.setup.mississippi_authorized_by
            if not authorized:
                raise self._refuse(player, verb, "the table has no manager's authorization for Mississippi straddles on record")
            if self.game.structure is Structure.LIMIT and not self.game.house.button_straddle_in_limit:
                raise self._refuse(player, verb, "button straddles are not allowed in limit at this table")
            if BlindKind.STRADDLE in self._posted and self.game.house.straddle_precedence is StraddlePrecedence.STRADDLE:
                raise self._refuse(player, verb, "a straddle is posted and the straddle has precedence")
            if BlindKind.RESTRADDLE in self._posted:
                # taking the straddle back would leave a re-straddle of nothing (omaha-club-rules.txt, STRADDLE/RESTRADDLE 1)
                raise self._refuse(player, verb, "the straddle has been re-straddled")
            if event.amount != 2 * self.game.stakes.big_blind:
                raise self._refuse(player, verb, f"it must be exactly twice the big blind, {2 * self.game.stakes.big_blind}")
            return
        if not self.setup.straddles_allowed:
            raise self._refuse(player, verb, "straddles are not allowed at this table")
        if kind is BlindKind.STRADDLE:
            if BlindKind.MISSISSIPPI in self._posted and self.game.house.straddle_precedence is StraddlePrecedence.MISSISSIPPI:
                raise self._refuse(player, verb, "a Mississippi straddle is posted and it has precedence")
            faces = self._bb
            level = self.game.stakes.big_blind
            what = "big blind"
        else:
            if BlindKind.STRADDLE not in self._posted:
                raise self._refuse(player, verb, "there is no straddle to re-straddle")
            faces = self._posted[BlindKind.STRADDLE]
            level = 2 * self.game.stakes.big_blind
            what = "straddle"
            refusals = [p.seat for p in self._players if p is not player and p.consent is False]
            missing = [p.seat for p in self._players if p is not player and p.consent is None]
            if refusals:
                raise self._refuse(player, verb, f"seat {refusals[0]} said no (omaha-club-rules.txt, STRADDLE/RESTRADDLE)")
            if missing:
                raise self._refuse(player, verb, f"every player must agree; waiting for seat(s) {', '.join(map(str, missing))}")
        assert faces is not None
        if index != (faces + 1) % n:
            raise self._refuse(player, verb, f"only the player facing the {what} (seat {self._order[(faces + 1) % n]}) may")
        if index in (self._sb, self._bb) and not (n == 2 and index == self._sb and kind is BlindKind.STRADDLE and event.authorized_by):
            raise self._refuse(player, verb, "never from the blinds (heads-up small blind only with the manager's authorization)")
        if event.amount != 2 * level:
            raise self._refuse(player, verb, f"it must be exactly twice the {what}, {2 * level}")

    def _verify_consent(self, event: RestraddleConsent) -> None:
        player = self._player(event.seat, "answer a re-straddle")
        self._check_open(player, "answer a re-straddle")
        if self.phase is not Phase.POSTING or BlindKind.STRADDLE not in self._posted:
            raise self._refuse(player, "answer a re-straddle", "there is no straddle awaiting a re-straddle")
        if BlindKind.RESTRADDLE in self._posted:
            raise self._refuse(player, "answer a re-straddle", "the re-straddle is already posted")

    def _verify_hole(self, event: HoleCardsDealt) -> None:
        player = self._player(event.seat, "be dealt cards")
        self._check_open(player, "be dealt cards")
        if self.phase not in (Phase.POSTING, Phase.DEALING):
            raise self._refuse(player, "be dealt cards", "the deal is over")
        if self.phase is Phase.POSTING:
            for index, kind in ((self._sb, BlindKind.SMALL), (self._bb, BlindKind.BIG)):
                amount = self.game.stakes.small_blind if kind is BlindKind.SMALL else self.game.stakes.big_blind
                if index is not None and amount > 0 and kind not in self._posted:
                    raise self._refuse(player, "be dealt cards", f"seat {self._order[index]} has not posted the {kind.value}")
        expected = next(p for p in self._players if p.hole is None)
        if player.hole is not None:
            raise self._refuse(player, "be dealt cards", "they already have their cards")
        if player is not expected:
            raise self._refuse(player, "be dealt cards", f"the deal goes in order; seat {expected.seat} is next")
        if len(event.cards) != self.game.variant.hole_cards:
            raise self._refuse(player, "be dealt cards", f"{self.game.variant.name} deals {self.game.variant.hole_cards} hole cards, not {len(event.cards)}")
        self._note_cards(event.cards, player, "be dealt")

    def _verify_burn(self, event: CardBurned) -> None:
        self._check_open(None, "burn a card")
        if self._cards_out >= DECK_SIZE:
            raise self._refuse(None, "burn a card", "the deck is empty")
        self._note_cards((event.card,), None, "burn")

    def _verify_board(self, event: BoardDealt) -> None:
        verb = "deal the board"
        self._check_open(None, verb)
        boards = self.game.variant.boards
        if not 0 <= event.board < boards:
            raise self._refuse(None, verb, f"{self.game.variant.name} has {boards} board(s); there is no board {event.board + 1}")
        if self.phase in (Phase.POSTING, Phase.DEALING):
            raise self._refuse(None, verb, "the hole cards are not all dealt")
        if self.phase is Phase.BETTING:
            raise self._refuse(None, verb, f"seat {self.actor} is still to act on the {STREET_NAMES[self.street]}")
        owed = self.discards_owed()
        if owed:
            raise self._refuse(None, verb, f"seat {owed[0]} still owes a discard (oklahoma-rules.txt: no next street while a discard is owed)")
        runs = self._runs_frozen
        if event.run > 0:
            window = self._runs_window_open()
            planned = runs if runs is not None else (max(self.pot_runs(), default=1) if window else 1)
            if event.run >= planned:
                raise self._refuse(None, verb, f"only {planned} run(s) were agreed; there is no run {event.run + 1}")
        cards = self._boards[event.run][event.board] if event.run < len(self._boards) else None
        # a run not yet laid out shares every street dealt so far
        dealt = len(cards) if cards is not None else sum(STREET_CARDS[: self.street])
        street = _street_of(dealt)
        if street is None:
            raise self._refuse(None, verb, f"board {event.board + 1} of run {event.run + 1} is complete")
        if len(event.cards) != STREET_CARDS[street]:
            raise self._refuse(None, verb, f"the {STREET_NAMES[street + 1]} is {STREET_CARDS[street]} card(s), not {len(event.cards)}")
        if event.run == 0 and street != self.street:
            raise self._refuse(None, verb, f"board {event.board + 1} already has the {STREET_NAMES[self.street]}; the other board is next")
        if self._cards_out + len(event.cards) > DECK_SIZE:
            raise self._refuse(None, verb, "there are not enough cards left in the deck")
        self._note_cards(event.cards, None, "deal")

    def _verify_turn(self, player: _Player, verb: str) -> None:
        self._check_open(player, verb)
        if self.phase is not Phase.BETTING:
            raise self._refuse(player, verb, "there is no betting now")
        if self._actor is None or self._players[self._actor] is not player:
            if player.folded:
                raise self._refuse(player, verb, "they have folded")
            raise self._refuse(player, verb, f"it is seat {self.actor}'s turn")
        if self._needs_discard(player) and verb != "fold":
            raise self._refuse(player, verb, "they must discard first (oklahoma-rules.txt: discard, then bet)")

    def _verify_fold(self, event: Folded) -> None:
        player = self._player(event.seat, "fold")
        self._verify_turn(player, "fold")
        if player.discarded_now:
            raise self._refuse(player, "fold", "they discarded this round (oklahoma-rules.txt: no fold in the same action as a discard)")

    def _verify_check(self, event: Checked) -> None:
        player = self._player(event.seat, "check")
        self._verify_turn(player, "check")
        if player.bet < self._current_bet:
            raise self._refuse(player, "check", f"there is a bet of {self._current_bet} to call")

    def _verify_call(self, event: Called) -> None:
        player = self._player(event.seat, "call")
        self._verify_turn(player, "call")
        if player.bet >= self._current_bet:
            raise self._refuse(player, "call", "there is no bet to call; check instead")

    def _verify_wager(self, player: _Player, amount: int, verb: str) -> None:
        self._verify_turn(player, verb)
        if verb == "bet" and self._current_bet > 0:
            raise self._refuse(player, "bet", f"there is a bet of {self._current_bet}; raise instead")
        if verb == "raise" and self._current_bet == 0:
            raise self._refuse(player, "raise", "there is no bet to raise; bet instead")
        why = self._raise_allowed(player)
        if why is not None:
            raise self._refuse(player, verb, why)
        all_in_to = player.bet + player.stack
        if amount > all_in_to:
            raise self._refuse(player, f"{verb} to {amount}", f"they have only {player.stack} behind ({all_in_to} in all)")
        low, high = self._bet_bounds(player)
        if amount > high:
            limit = {Structure.LIMIT: "the limit", Structure.POT_LIMIT: "the pot limit", Structure.NO_LIMIT: "the most"}[self.game.structure]
            raise self._refuse(player, f"{verb} to {amount}", f"{limit} is {high}")
        if amount < low and amount != all_in_to:
            raise self._refuse(player, f"{verb} to {amount}", f"the minimum is {low}")

    def _verify_bet(self, event: BetPlaced) -> None:
        self._verify_wager(self._player(event.seat, "bet"), event.amount, "bet")

    def _verify_raise(self, event: RaisedTo) -> None:
        self._verify_wager(self._player(event.seat, "raise"), event.amount, "raise")

    def _verify_all_in(self, event: WentAllIn) -> None:
        player = self._player(event.seat, "go all-in")
        self._verify_turn(player, "go all-in")
        if not self._all_in_allowed(player):
            why = self._raise_allowed(player)
            if why is None:
                _, high = self._bet_bounds(player)
                why = f"{player.bet + player.stack} is over the {self.game.structure.value} maximum of {high}"
            raise self._refuse(player, "go all-in", why)

    def _verify_discard(self, event: Discarded) -> None:
        player = self._player(event.seat, "discard")
        self._check_open(player, "discard")
        if not self.game.variant.discards:
            raise self._refuse(player, "discard", f"{self.game.variant.name} has no discards")
        if player.folded:
            raise self._refuse(player, "discard", "they have folded")
        if not self._needs_discard(player):
            if self.street in self.game.variant.discards:
                why = f"they have already discarded on the {STREET_NAMES[self.street]}"
            else:
                why = f"there is no discard on the {STREET_NAMES[self.street]}; discards come on the flop and turn rounds"
            raise self._refuse(player, "discard", why)
        if self.phase is Phase.BETTING and player.can_act and self._players[self._actor or 0] is not player:
            raise self._refuse(player, "discard", f"it is seat {self.actor}'s turn; a discard is part of the player's own action")
        if event.card is not None:
            hole = player.hole or []
            if event.card not in hole:
                dealt_unknown = None in hole
                if not dealt_unknown:
                    raise CardError(f"Seat {player.seat} cannot discard {event.card}: they do not hold it", card=str(event.card))
                if not self._may_hold(player, event.card):
                    if None not in player.dealt:
                        raise CardError(f"Seat {player.seat} cannot discard {event.card}: they were not dealt it", card=str(event.card))
                    self._note_cards((event.card,), player, "discard")

    def _verify_runs(self, event: RunsChosen) -> None:
        player = self._player(event.seat, "choose runs")
        self._check_open(player, "choose runs")
        if player.folded:
            raise self._refuse(player, "choose runs", "they have folded")
        if not 1 <= event.runs <= self.game.house.max_runs:
            raise self._refuse(player, f"run it {event.runs} times", f"between 1 and {self.game.house.max_runs} runs are allowed")
        if not self._runs_window_open():
            if not self.setup.extra_boards_allowed:
                raise self._refuse(player, "choose runs", "extra boards are not allowed at this table")
            if any(street > self.street for street in self.game.variant.discards) or self.discards_owed():
                raise self._refuse(player, "choose runs", "extra boards are offered only after the last discard (Oklahoma)")
            raise self._refuse(player, "choose runs", "extra boards are chosen only when the betting is over and the board is not complete")
        if event.runs > 1 and self._cards_out + self._cards_needed(event.runs) > DECK_SIZE:
            raise self._refuse(player, f"run it {event.runs} times", "there are not enough cards left in the deck")

    def _verify_show(self, event: CardsShown) -> None:
        player = self._player(event.seat, "show")
        self._check_open(player, "show")
        if player.folded:
            raise self._refuse(player, "show", "they have folded")
        if player.mucked:
            raise self._refuse(player, "show", "they have mucked")
        if player.shown is not None:
            raise self._refuse(player, "show", "their hand is already tabled")
        if self.phase not in (Phase.SHOWDOWN, Phase.BOARD) or (self.phase is Phase.BOARD and not self._betting_over):
            raise self._refuse(player, "show", "hands are shown once the betting is over")
        if self._needs_discard(player) or any(street > self.street for street in self.game.variant.discards):
            # Oklahoma: the hand is not final until its last discard (oklahoma-rules.txt 1.5)
            raise self._refuse(player, "show", "they still have an Oklahoma discard to make")
        hole = player.hole or []
        if len(event.cards) != len(hole):
            raise self._refuse(player, "show", f"they hold {len(hole)} cards, not {len(event.cards)}")
        known = [card for card in hole if card is not None]
        missing = [card for card in known if card not in event.cards]
        if missing:
            raise CardError(f"Seat {player.seat} cannot show {format_cards(event.cards)}: they were dealt {missing[0]}", card=str(missing[0]))
        if len(set(event.cards)) != len(event.cards):
            shown = format_cards(event.cards)
            raise CardError(f"Seat {player.seat} cannot show {shown}: a card appears twice", card=shown)
        # Cards dealt to this player and not discarded by name may be shown after a face-down discard.
        fresh = [card for card in event.cards if card not in known and not self._may_hold(player, card)]
        if fresh and None not in player.dealt:
            shown = format_cards(event.cards)
            raise CardError(f"Seat {player.seat} cannot show {shown}: they were not dealt {fresh[0]}", card=str(fresh[0]))
        self._note_cards(fresh, player, "show")

    def _may_hold(self, player: _Player, card: Card) -> bool:
        """True if ``card`` was dealt to ``player`` face up to the console and not discarded by name."""
        return card in player.dealt and card not in player.discarded

    def _verify_muck(self, event: Mucked) -> None:
        player = self._player(event.seat, "muck")
        self._check_open(player, "muck")
        if self.phase is not Phase.SHOWDOWN:
            raise self._refuse(player, "muck", "mucking is for the showdown; fold instead")
        if player.folded or player.mucked:
            raise self._refuse(player, "muck", "their hand is already out")
        if player.shown is not None:
            raise self._refuse(player, "muck", "their hand is tabled; cards speak")
        others = [p for p in self._live() if p is not player and not p.mucked]
        if not others:
            raise self._refuse(player, "muck", "theirs is the last live hand")

    def _verify_misdeal(self, event: MisdealDeclared) -> None:
        self._check_open(None, "declare a misdeal")
        if self.substantial_action:
            raise self._refuse(None, "declare a misdeal", "there has been substantial action (TDA: two actions, one with chips, or three)")

    # ------------------------------------------------------------------ appliers

    def _put(self, player: _Player, to: int) -> None:
        add = to - player.bet
        player.stack -= add
        player.bet = to
        player.total += add

    def _apply_blind(self, event: BlindPosted) -> None:
        player = self._players[self._index[event.seat]]
        index = self._index[event.seat]
        kind = event.blind
        if kind in (BlindKind.DEAD, BlindKind.ANTE):
            player.stack -= event.amount
            player.dead += event.amount
            self._dead_total += event.amount
        else:
            if kind is BlindKind.STRADDLE and BlindKind.MISSISSIPPI in self._posted:
                # SPEC: when both are asked for, the straddle wins; the Mississippi is taken back.
                self._take_back_straddle(self._players[self._posted.pop(BlindKind.MISSISSIPPI)])
            elif kind is BlindKind.MISSISSIPPI and BlindKind.STRADDLE in self._posted:
                self._take_back_straddle(self._players[self._posted.pop(BlindKind.STRADDLE)])
            if kind in _STRADDLES:
                # the straddle's amount is the player's total: a blind or live post in counts toward it
                self._put(player, max(player.bet, event.amount))
            else:
                self._put(player, player.bet + event.amount)
                player.blind_bet = player.bet
        self._posted[kind] = index
        self._current_bet = max(p.bet for p in self._players)

    def _take_back_straddle(self, player: _Player) -> None:
        """Return a straddle's chips, keeping the blind or live post the player had in before it."""
        returned = player.bet - player.blind_bet
        player.stack += returned
        player.total -= returned
        player.bet = player.blind_bet

    def _apply_consent(self, event: RestraddleConsent) -> None:
        self._players[self._index[event.seat]].consent = event.agrees

    def _apply_hole(self, event: HoleCardsDealt) -> None:
        player = self._players[self._index[event.seat]]
        player.hole = list(event.cards)
        player.dealt = event.cards
        self._known.update(card for card in event.cards if card is not None)
        self._cards_out += len(event.cards)
        if self.phase is Phase.POSTING:
            self.phase = Phase.DEALING
            self._start_preflop_structure()
        if all(p.hole is not None for p in self._players):
            self._start_round()

    def _start_preflop_structure(self) -> None:
        """Fix the pre-flop order and bet levels once posting is over."""
        n = len(self._players)
        stakes = self.game.stakes
        self._current_bet = max(p.bet for p in self._players)
        if BlindKind.BIG in self._posted:
            # A big blind all-in for less still has to be called in full (card-room convention;
            # Robert's Rules, "Blinds"): the call and the next raise come from the full blind.
            self._current_bet = max(self._current_bet, stakes.big_blind)
        level = max(stakes.big_blind, self._current_bet)
        self._min_raise = level
        self._full_level = level if self.game.structure is Structure.LIMIT else self._current_bet
        straddles = sum(1 for kind in (BlindKind.STRADDLE, BlindKind.RESTRADDLE, BlindKind.MISSISSIPPI) if kind in self._posted)
        self._bets_this_round = 1 + straddles
        order = list(range(n))
        if BlindKind.MISSISSIPPI in self._posted:
            first = self._sb if self._sb is not None else (self._bb or 0)
            if self.game.house.mississippi_preflop_order is MississippiPreflopOrder.LEFT_OF_BIG_BLIND:
                start = ((self._bb if self._bb is not None else 0) + 1) % n
                rotated = order[start:] + order[:start]
                button = n - 1
                self._round_order = [i for i in rotated if i != button] + [button]
                return
        else:
            last = self._posted.get(BlindKind.RESTRADDLE, self._posted.get(BlindKind.STRADDLE, self._bb))
            first = ((last if last is not None else n - 1) + 1) % n
        self._round_order = order[first:] + order[:first]

    def _start_round(self) -> None:
        """Begin the betting of the current street (or note that nobody can bet)."""
        self._aggressor = None
        self._all_in_notice = None
        if self.street > 0:
            self._round_order = list(range(len(self._players)))
        self.phase = Phase.BETTING
        self._actor = self._next_actor(None)
        if self._actor is None:
            self._close_round()

    def _next_actor(self, after: int | None) -> int | None:
        order = self._round_order
        start = 0 if after is None else order.index(after) + 1
        players = self._players
        able = 0
        for player in players:
            if not player.folded and player.stack > 0:
                able += 1
        current = self._current_bet
        count = len(order)
        for step in range(count):
            index = order[(start + step) % count]
            player = players[index]
            if player.folded or player.stack <= 0:
                continue
            if player.bet < current or (not player.acted and able >= 2):
                return index
        return None

    def _after_action(self, index: int) -> None:
        player = self._players[index]
        player.acted = True
        player.acted_level = self._current_bet
        player.discarded_now = False
        live = self._live()
        if len(live) == 1:
            self._actor = None
            self._finish()
            return
        self._actor = self._next_actor(index)
        if self._actor is None:
            self._close_round()

    def _close_round(self) -> None:
        self._actor = None
        self._last_round_aggressor = self._aggressor
        self._return_uncalled()
        for player in self._players:
            player.bet = 0
            player.acted = False
            player.acted_level = 0
            player.discarded_now = False
        self._current_bet = 0
        self._min_raise = self.game.stakes.big_blind
        self._full_level = 0
        self._bets_this_round = 0
        self._capped_multiway = False
        able = sum(1 for p in self._players if p.can_act)
        self._betting_over = able <= 1
        self.phase = Phase.BOARD
        self._maybe_showdown()

    def _return_uncalled(self) -> None:
        """Give back the part of a bet nobody can call any more, the moment the round closes (SPEC: an uncalled
        part of a bet returns to its owner), so that the felt never shows it in the middle."""
        seat, excess = uncalled_excess({p.seat: p.total for p in self._players})
        if seat is None or not excess:
            return
        player = self._players[self._index[seat]]
        player.stack += excess
        player.total -= excess
        player.bet = max(0, player.bet - excess)
        self._returned[seat] = self._returned.get(seat, 0) + excess

    def _maybe_showdown(self) -> None:
        if self.phase is not Phase.BOARD or self.discards_owed():
            return
        boards_done = all(len(cards) == 5 for run in self._boards for cards in run)
        if self.street == 3 and boards_done and (self._runs_frozen is not None or len(self._boards) == 1):
            self.phase = Phase.SHOWDOWN
            self._maybe_finish_showdown()

    def _maybe_finish_showdown(self) -> None:
        unresolved = [p for p in self._live() if p.shown is None and not p.mucked]
        standing = [p for p in self._live() if not p.mucked]
        if not unresolved or (len(standing) == 1):
            self._finish()

    def _apply_fold(self, event: Folded) -> None:
        index = self._index[event.seat]
        self._players[index].folded = True
        self._count_action(chips=False)
        self._after_action(index)

    def _apply_check(self, event: Checked) -> None:
        self._count_action(chips=False)
        self._after_action(self._index[event.seat])

    def _apply_call(self, event: Called) -> None:
        self._call(self._index[event.seat])

    def _call(self, index: int) -> None:
        """Match the bet, or put in every chip when short."""
        player = self._players[index]
        self._put(player, min(self._current_bet, player.bet + player.stack))
        self._count_action(chips=True)
        self._after_action(index)

    def _apply_wager(self, index: int, to: int) -> None:
        player = self._players[index]
        increment = to - self._current_bet
        self._put(player, to)
        self._count_action(chips=True)
        all_in = player.stack == 0
        if self.game.structure is Structure.LIMIT:
            full = to >= self._full_level + self._bet_size() or 2 * (to - self._full_level) >= self._bet_size()
            if full:
                self._full_level = to
                self._bets_this_round += 1
                if self._bets_this_round >= 1 + self.game.house.limit_raises_per_round and len(self._live()) > 2:
                    self._capped_multiway = True
        else:
            full = increment >= self._min_raise
            if full:
                self._min_raise = increment
        if all_in:
            reopens = full
            if not reopens and self.game.structure is not Structure.LIMIT:
                # TDA 43: several short all-ins that add up to a full raise reopen the betting.
                reopens = any(
                    p is not player and p.can_act and p.acted and to - p.acted_level >= self._min_raise for p in self._players
                )
            self._all_in_notice = AllInNotice(player.seat, to, reopens)
        self._current_bet = to
        self._aggressor = index
        self._after_action(index)

    def _apply_bet(self, event: BetPlaced) -> None:
        self._apply_wager(self._index[event.seat], event.amount)

    def _apply_raise(self, event: RaisedTo) -> None:
        self._apply_wager(self._index[event.seat], event.amount)

    def _apply_all_in(self, event: WentAllIn) -> None:
        index = self._index[event.seat]
        player = self._players[index]
        to = player.bet + player.stack
        if to <= self._current_bet:
            self._call(index)
        else:
            self._apply_wager(index, to)

    def _count_action(self, *, chips: bool) -> None:
        self._player_actions += 1
        if chips:
            self._chip_actions += 1

    def _apply_discard(self, event: Discarded) -> None:
        player = self._players[self._index[event.seat]]
        hole = player.hole if player.hole is not None else []
        player.discarded.append(event.card)
        if event.card is not None and event.card in hole:
            hole.remove(event.card)
        elif event.card is not None:
            # a named card the console had not seen: it was one of the unseen ones
            hole.remove(None)
            self._known.add(event.card)
        else:
            # a face-down discard: which card went is not known, so no card of the hand stays known
            # (even in a partly seen hand, the discard may have been a seen card)
            player.hole = [None] * (len(hole) - 1)
        player.discards += 1
        if self.phase is Phase.BETTING and self._actor is not None and self._players[self._actor] is player:
            player.discarded_now = True
        elif self.phase is Phase.BOARD:
            self._maybe_showdown()

    def _apply_runs(self, event: RunsChosen) -> None:
        self._players[self._index[event.seat]].runs_choice = event.runs

    def _apply_burn(self, event: CardBurned) -> None:
        self._burns.append(event.card)
        self._cards_out += 1
        if event.card is not None:
            self._known.add(event.card)

    def _apply_board(self, event: BoardDealt) -> None:
        if self._runs_frozen is None and (self._runs_window_open() or event.run > 0):
            self._freeze_runs()
        self._cards_out += len(event.cards)
        self._known.update(event.cards)
        self._boards[event.run][event.board].extend(event.cards)
        if event.run == 0 and all(len(cards) == len(self._boards[0][event.board]) for cards in self._boards[0]):
            self.street += 1
            if self._betting_over:
                self._maybe_showdown()
            else:
                self._start_round()
        else:
            self._maybe_showdown()

    def _freeze_runs(self) -> None:
        self._pot_runs = [self._agreed_runs(pot) for pot in self.pots()]
        runs = max(self._pot_runs, default=1)
        self._runs_frozen = runs
        shared = sum(STREET_CARDS[: self.street])
        for _ in range(1, runs):
            self._boards.append([list(cards[:shared]) for cards in self._boards[0]])

    def _apply_show(self, event: CardsShown) -> None:
        player = self._players[self._index[event.seat]]
        player.shown = event.cards
        known = {card for card in player.hole or [] if card is not None}
        self._known.update(card for card in event.cards if card not in known)
        player.hole = list(event.cards)
        if self.phase is Phase.SHOWDOWN:
            self._maybe_finish_showdown()

    def _apply_muck(self, event: Mucked) -> None:
        self._players[self._index[event.seat]].mucked = True
        self._muck_order.append(event.seat)
        self._maybe_finish_showdown()

    def _apply_misdeal(self, event: MisdealDeclared) -> None:
        self._actor = None
        self.phase = Phase.MISDEALT
        for player in self._players:
            player.stack = player.starting_stack
            player.bet = player.total = player.dead = 0
        self._dead_total = 0
        self._returned = {}

    def _finish(self) -> None:
        live = self._live()
        contenders = [p for p in live if not p.mucked]
        pots = self.pots()
        if self._runs_frozen is None:
            self._pot_runs = [1] * len(pots)
        seat, excess = uncalled_excess({p.seat: p.total for p in self._players})
        returned = dict(self._returned)
        if seat is not None and excess:
            returned[seat] = returned.get(seat, 0) + excess
        early = self._returned
        self._result = settle(
            SettlementInput(
                game=self.game,
                order=self._order,
                starting_stacks={p.seat: p.starting_stack for p in self._players},
                stacks={p.seat: p.stack - early.get(p.seat, 0) for p in self._players},
                contributions={p.seat: p.total + p.dead + early.get(p.seat, 0) for p in self._players},
                pots=tuple(pots),
                pot_runs=tuple(self._pot_runs),
                returned=returned,
                holdings={p.seat: tuple(c for c in (p.hole or []) if c is not None) for p in contenders},
                contenders=tuple(p.seat for p in contenders),
                boards=tuple(tuple(tuple(cards) for cards in run) for run in self._boards),
                flop_dealt=any(len(cards) >= 3 for cards in self._boards[0]),
                showdown=len(live) > 1,
                mucked=tuple(self._muck_order),
            )
        )
        self.phase = Phase.COMPLETE
        self._actor = None


def _street_of(dealt: int) -> int | None:
    """Index into STREET_CARDS of the next street for a board holding ``dealt`` cards."""
    return {0: 0, 3: 1, 4: 2}.get(dealt)


def _cards(cards: str | Sequence[Card | None]) -> tuple[Card | None, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)


_VERIFIERS: dict[type[Event], Callable[[Hand, Any], None]] = {
    BlindPosted: Hand._verify_blind,
    RestraddleConsent: Hand._verify_consent,
    HoleCardsDealt: Hand._verify_hole,
    CardBurned: Hand._verify_burn,
    BoardDealt: Hand._verify_board,
    Folded: Hand._verify_fold,
    Checked: Hand._verify_check,
    Called: Hand._verify_call,
    BetPlaced: Hand._verify_bet,
    RaisedTo: Hand._verify_raise,
    WentAllIn: Hand._verify_all_in,
    Discarded: Hand._verify_discard,
    RunsChosen: Hand._verify_runs,
    CardsShown: Hand._verify_show,
    Mucked: Hand._verify_muck,
    MisdealDeclared: Hand._verify_misdeal,
}
_APPLIERS: dict[type[Event], Callable[[Hand, Any], None]] = {
    BlindPosted: Hand._apply_blind,
    RestraddleConsent: Hand._apply_consent,
    HoleCardsDealt: Hand._apply_hole,
    CardBurned: Hand._apply_burn,
    BoardDealt: Hand._apply_board,
    Folded: Hand._apply_fold,
    Checked: Hand._apply_check,
    Called: Hand._apply_call,
    BetPlaced: Hand._apply_bet,
    RaisedTo: Hand._apply_raise,
    WentAllIn: Hand._apply_all_in,
    Discarded: Hand._apply_discard,
    RunsChosen: Hand._apply_runs,
    CardsShown: Hand._apply_show,
    Mucked: Hand._apply_muck,
    MisdealDeclared: Hand._apply_misdeal,
}
