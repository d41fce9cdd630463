"""A table: seats and buy-ins, the button and the blinds owed, the game schedule and the standing
agreements, hand after hand.

A :class:`Table` keeps an append-only list of frozen records (:mod:`.table_events`) and derives
its state from them, as a :class:`~.hand.Hand` does. Each verb checks and appends one record
(``verify(event)`` raises :class:`~.errors.IllegalActionError` with a sentence a dealer can read,
``can(event)`` answers yes or no). Between hands, :meth:`Table.next_hand` says what the next hand
is: the game and stakes, the button, who posts what, who is dealt in and who waits, and why;
:meth:`Table.start_hand` deals it (a :class:`~.hand.Hand` with the posts made) and
:meth:`Table.finish_hand` takes its result and moves the button. The rules are written out, with
their sources, in ``docs/table.md``.

Seats are numbered 1 to ``seat_count`` clockwise, so the seat left of seat ``n`` is ``n + 1``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from typing import Any

from dealer_console.engine.errors import EngineError, GameDefinitionError, IllegalActionError
from dealer_console.engine.events import BlindKind, BlindPosted, Event, MisdealDeclared, RunsChosen
from dealer_console.engine.games import VARIANTS, HouseRules, Rake, Structure
from dealer_console.engine.hand import Hand, HandSetup, Phase
from dealer_console.engine.schedule import GameSchedule, position_for_next_hand, single_game
from dealer_console.engine.table_events import (
    AgreementsChanged,
    ButtonPlaced,
    ChipsAdded,
    ChipsCashedOut,
    ChoicesChanged,
    HandFinished,
    HandMisdealt,
    HandPlan,
    HandStarted,
    MississippiAuthorization,
    PlayerCameBack,
    PlayerChoices,
    PlayerLeft,
    PlayerSatOut,
    PlayerSeated,
    Post,
    TableAgreements,
    TableEvent,
    Waiting,
)

MIN_SEATS = 2
MAX_SEATS = 10


class ButtonMode(enum.Enum):
    """How the button and blinds move when players come and go (Robert's Rules, Button and Blind Use 2)."""

    DEAD = "dead"
    """The big blind moves one player each hand; the button and small blind follow it, even onto empty seats."""
    MOVING = "moving"
    """The big blind still moves one player each hand, but the button moves to the next player of the last hand
    (never onto an empty seat); a small blind may then be skipped."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableConfig:
    """Everything about a table that is set before play: seats, buy-ins, games, agreements, house rules, rake."""

    name: str = "Table 1"
    seat_count: int = 9
    schedule: GameSchedule = field(default_factory=lambda: single_game("O", Structure.POT_LIMIT, small_blind=1, big_blind=2))
    min_buy_in: int = 40
    max_buy_in: int | None = 200
    """``None``: no maximum (omaha-betting-structures.txt: no maximum buy-in for Limit Omaha)."""
    button_mode: ButtonMode = ButtonMode.DEAD
    agreements: TableAgreements = field(default_factory=TableAgreements)
    house: HouseRules = field(default_factory=HouseRules)
    rake: Rake = field(default_factory=Rake)
    partial_cash_out: bool = False
    """Whether a player who stays may take chips off the table (card rooms forbid "going south")."""

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seat_count <= MAX_SEATS:
            raise GameDefinitionError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {self.seat_count}")
        for entry in self.schedule.games:
            # The deck bounds the seats; the game's own player limit is applied as players sit down.
            limit = VARIANTS[entry.variant].deck_capacity()
            if self.seat_count > limit:
                raise GameDefinitionError(
                    f"{entry.name} deals to at most {limit} players from one deck; a {self.seat_count}-seat table cannot run it"
                )
        biggest = self.schedule.max_big_blind
        if self.min_buy_in < biggest:
            raise GameDefinitionError(f"the minimum buy-in {self.min_buy_in} is less than the big blind {biggest}")
        if self.max_buy_in is not None and self.max_buy_in < self.min_buy_in:
            raise GameDefinitionError(f"the maximum buy-in {self.max_buy_in} is less than the minimum {self.min_buy_in}")

    @classmethod
    def for_schedule(cls, schedule: GameSchedule, **settings: Any) -> TableConfig:
        """A table for ``schedule`` with buy-ins sized on its largest big blind: 20 to 100 big blinds.

        omaha-betting-structures.txt, Buy-in: "usually a maximum buy-in of 100 x the big blind", and
        no maximum for Limit Omaha; the minimum of 20 big blinds is a common card-room figure.
        """
        big = schedule.max_big_blind
        settings.setdefault("min_buy_in", 20 * big)
        settings.setdefault("max_buy_in", None if schedule.all_limit else 100 * big)
        return cls(schedule=schedule, **settings)

    def buy_in_range(self) -> str:
        """``"40 to 200"`` or ``"40 or more"``."""
        return f"{self.min_buy_in} or more" if self.max_buy_in is None else f"{self.min_buy_in} to {self.max_buy_in}"


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seated player as the dealer sees them between hands."""

    seat: int
    player: str
    stack: int
    sitting_out: bool
    new: bool
    """Not yet dealt in since sitting down (owes a big blind to play, or waits for it)."""
    owes_big_blind: bool
    """Missed a big blind while away: posts it live to come back, or waits for it."""
    owes_small_blind: bool
    """Missed a small blind while away: posts it dead to come back, or waits for the big blind."""
    choices: PlayerChoices
    seating: int
    """A serial number of this sitting-down (tells two players of the same seat apart)."""


@dataclass(frozen=True, slots=True)
class TableChipAudit:
    """Chips on the table against chips brought: stacks + rake and jackpot drop = buy-ins - cash-outs."""

    buy_ins: int
    cash_outs: int
    stacks: int
    rake: int
    jackpot: int

    @property
    def balanced(self) -> bool:
        """True when every chip brought to the table is in a stack, cashed out or taken by the house."""
        return self.stacks + self.rake + self.jackpot == self.buy_ins - self.cash_outs


@dataclass(slots=True)
class _Seat:
    seat: int
    player: str
    seating: int
    stack: int
    choices: PlayerChoices
    sitting_out: bool = False
    new: bool = True
    owes_big: bool = False
    owes_small: bool = False

    def view(self) -> SeatView:
        return SeatView(self.seat, self.player, self.stack, self.sitting_out, self.new, self.owes_big, self.owes_small,
                        self.choices, self.seating)


@dataclass(slots=True)
class _Layout:
    """Positions and who is dealt in, before the game and amounts are known."""

    button: int
    small_position: int
    small: int | None
    big: int
    dealt: list[int] = field(default_factory=list)
    owed: dict[int, list[BlindKind]] = field(default_factory=dict)
    """Entering players (new, or back with missed blinds): the posts they owe (LIVE, DEAD)."""
    waiting: dict[int, str] = field(default_factory=dict)
    heads_up: bool = False
    fresh: bool = False


class Table:
    """A table's records and the state derived from them."""

    def __init__(self, config: TableConfig | None = None, events: Iterable[TableEvent] = ()) -> None:
        self.config = config if config is not None else TableConfig()
        self._events: list[TableEvent] = []
        self._seats: dict[int, _Seat] = {}
        self._agreements = self.config.agreements
        self._placed_button: int | None = None
        self._last: HandPlan | None = None
        self._in_progress: HandPlan | None = None
        self._hands_started = 0
        self._hands_finished = 0
        self._seatings = 0
        self._buy_ins = 0
        self._cash_outs = 0
        self._rake = 0
        self._jackpot = 0
        self._plan_cache: tuple[int, HandPlan] | None = None
        for event in events:
            self.apply(event)

    # ------------------------------------------------------------------ queries

    @property
    def events(self) -> tuple[TableEvent, ...]:
        """Every record, in order."""
        return tuple(self._events)

    @property
    def seats(self) -> dict[int, SeatView]:
        """Seated players by seat number."""
        return {seat: self._seats[seat].view() for seat in sorted(self._seats)}

    def seat(self, seat: int) -> SeatView | None:
        """The player in ``seat``, or ``None`` if it is empty."""
        found = self._seats.get(seat)
        return None if found is None else found.view()

    @property
    def agreements(self) -> TableAgreements:
        """The standing agreements that the next hand will record."""
        return self._agreements

    @property
    def seated_count(self) -> int:
        """Players holding a seat (sitting out included)."""
        return len(self._seats)

    @property
    def player_limit(self) -> int:
        """The most players seated at once: every scheduled game's limit (omaha-club-rules.txt: two to
        eight at Omaha, a ninth with the manager's authorization; double board seven), deck permitting."""
        authorized = self._agreements.extra_player_authorized_by is not None
        return min(min(entry.player_limit(extra_player_authorized=authorized) for entry in self.config.schedule.games), self.config.seat_count)

    @property
    def hand_in_progress(self) -> HandPlan | None:
        """The plan of the hand being played, if any."""
        return self._in_progress

    @property
    def last_hand(self) -> HandPlan | None:
        """The plan of the last finished hand."""
        return self._last

    @property
    def hands_finished(self) -> int:
        """Hands played to the end (misdeals not counted)."""
        return self._hands_finished

    def chip_audit(self) -> TableChipAudit:
        """Buy-ins and add-ons against stacks, cash-outs, rake and jackpot drop (between hands)."""
        return TableChipAudit(self._buy_ins, self._cash_outs, sum(s.stack for s in self._seats.values()), self._rake, self._jackpot)

    # ------------------------------------------------------------------ verify / can / apply

    def can(self, event: TableEvent) -> bool:
        """True if :meth:`apply` would accept ``event`` now."""
        try:
            self.verify(event)
        except EngineError:
            return False
        return True

    def verify(self, event: TableEvent) -> None:
        """Raise if ``event`` is not allowed now; change nothing."""
        handler = _VERIFIERS.get(type(event))
        if handler is None:
            raise IllegalActionError(f"unknown table record {type(event).__name__}")
        handler(self, event)

    def apply(self, event: TableEvent) -> TableEvent:
        """Check ``event``, append it and update the state; return it."""
        self.verify(event)
        self._events.append(event)
        _APPLIERS[type(event)](self, event)
        return event

    # ------------------------------------------------------------------ verbs

    def sit_down(
        self, *, seat: int, player: str, buy_in: int, wait_for_big_blind: bool = True, always_run_once: bool = False
    ) -> TableEvent:
        """Seat a player with a buy-in; they wait for the big blind or post one to play at once."""
        choices = PlayerChoices(wait_for_big_blind=wait_for_big_blind, always_run_once=always_run_once)
        return self.apply(PlayerSeated(seat=seat, player=player, buy_in=buy_in, choices=choices))

    def add_on(self, *, seat: int, amount: int) -> TableEvent:
        """Add chips between hands (a rebuy when the stack is empty)."""
        return self.apply(ChipsAdded(seat=seat, amount=amount))

    def cash_out(self, *, seat: int, amount: int) -> TableEvent:
        """Take chips off the table and stay (only where the house allows it)."""
        return self.apply(ChipsCashedOut(seat=seat, amount=amount))

    def sit_out(self, *, seat: int) -> TableEvent:
        """Sit out from the next hand on."""
        return self.apply(PlayerSatOut(seat=seat))

    def come_back(self, *, seat: int) -> TableEvent:
        """Come back from sitting out (blinds missed are posted or waited for)."""
        return self.apply(PlayerCameBack(seat=seat))

    def leave(self, *, seat: int) -> TableEvent:
        """Leave the table with the whole stack."""
        found = self._seats.get(seat)
        return self.apply(PlayerLeft(seat=seat, cashed_out=found.stack if found is not None else 0))

    def set_choices(self, *, seat: int, wait_for_big_blind: bool | None = None, always_run_once: bool | None = None) -> TableEvent:
        """Change a player's standing choices from the next hand on."""
        found = self._seats.get(seat)
        current = found.choices if found is not None else PlayerChoices()
        choices = PlayerChoices(
            wait_for_big_blind=current.wait_for_big_blind if wait_for_big_blind is None else wait_for_big_blind,
            always_run_once=current.always_run_once if always_run_once is None else always_run_once,
        )
        return self.apply(ChoicesChanged(seat=seat, choices=choices))

    def change_agreements(self, *, agreements: TableAgreements, by: str = "") -> TableEvent:
        """Record new standing agreements (straddles, Mississippi authorization, extra boards)."""
        return self.apply(AgreementsChanged(agreements=agreements, by=by))

    def authorize_mississippi(self, *, manager: str, at: datetime) -> TableEvent:
        """Record a manager's authorization of Mississippi straddles at this table, and when it was given."""
        authorization = MississippiAuthorization(manager=manager, at=at)
        return self.change_agreements(agreements=replace(self._agreements, mississippi=authorization), by=manager)

    def place_button(self, *, seat: int) -> TableEvent:
        """Put the button on ``seat`` before the first hand (the draw for the button)."""
        return self.apply(ButtonPlaced(seat=seat))

    def next_hand(self) -> HandPlan:
        """The plan of the next hand: game, button, blinds and posts, who is dealt in and who waits."""
        if self._in_progress is not None:
            raise IllegalActionError(f"Hand {self._in_progress.number} is in progress; the next hand is planned when it is over")
        # the state only changes by appending records, so a plan stands until the next record
        if self._plan_cache is None or self._plan_cache[0] != len(self._events):
            self._plan_cache = (len(self._events), self._plan())
        return self._plan_cache[1]

    def start_hand(self) -> Hand:
        """Deal the next hand to plan: a :class:`Hand` with every blind and post already made."""
        plan = self.next_hand()
        self.apply(HandStarted(plan=plan))
        hand = Hand(plan.setup)
        for post in plan.posts:
            hand.post_blind(post.seat, post.amount, post.blind)
        return hand

    def finish_hand(self, hand: Hand) -> TableEvent:
        """Take the result of the hand in progress (or its misdeal) and move the button."""
        plan = self._in_progress
        if plan is None:
            raise IllegalActionError("No hand is in progress")
        if hand.setup != plan.setup:
            raise IllegalActionError(f"This is not hand {plan.number}, the hand in progress")
        if hand.phase is Phase.MISDEALT:
            reason = next((e.reason for e in hand.events_in_force if isinstance(e, MisdealDeclared)), "")
            return self.apply(HandMisdealt(plan=plan, reason=reason))
        result = hand.result
        if result is None:
            raise IllegalActionError(f"Hand {plan.number} is not over: it is at the {hand.phase.value} stage")
        posted = [(e.seat, e.blind, e.amount) for e in hand.events_in_force if isinstance(e, BlindPosted)]
        for post in plan.posts:
            if (post.seat, post.blind, post.amount) not in posted:
                raise IllegalActionError(f"Hand {plan.number}: seat {post.seat}'s {post.blind.value} of {post.amount} is missing")
        return self.apply(
            HandFinished(plan=plan, final_stacks=tuple(sorted(result.final_stacks.items())), rake=result.rake, jackpot=result.jackpot)
        )

    # ------------------------------------------------------------------ planning

    def _eligible(self, seat: int) -> bool:
        """Can take the big blind: seated, not sitting out, with chips."""
        found = self._seats.get(seat)
        return found is not None and not found.sitting_out and found.stack > 0

    def _in_game(self, seat: int) -> bool:
        """Eligible and owing no big blind (not new, no missed big blind)."""
        found = self._seats.get(seat)
        return found is not None and self._eligible(seat) and not found.new and not found.owes_big

    def _clockwise(self, after: int) -> Iterator[int]:
        """Seat numbers left of ``after``, round to ``after`` itself."""
        count = self.config.seat_count
        for step in range(1, count + 1):
            yield (after - 1 + step) % count + 1

    def _next(self, after: int, accept: Callable[[int], bool]) -> int | None:
        return next((seat for seat in self._clockwise(after) if accept(seat)), None)

    def _previous(self, before: int, accept: Callable[[int], bool]) -> int | None:
        count = self.config.seat_count
        return next((seat for seat in ((before - 1 - step) % count + 1 for step in range(1, count + 1)) if accept(seat)), None)

    def _distance(self, start: int, end: int) -> int:
        """Seats clockwise from ``start`` to ``end``."""
        return (end - start) % self.config.seat_count

    def _in_zone(self, seat: int, button: int, big: int) -> bool:
        """On the button, or between the button and the big blind (Robert's Rules, Button and Blind Use 7)."""
        return seat == button or 0 < self._distance(button, seat) < self._distance(button, big)

    def _plan(self) -> HandPlan:
        eligible = [seat for seat in sorted(self._seats) if self._eligible(seat)]
        if len(eligible) < 2:
            raise IllegalActionError(
                f"A hand needs two players with chips who are not sitting out; {len(eligible)} can play now", action="deal"
            )
        last = self._last
        layout: _Layout | None
        if last is None:
            layout = None
        elif self.config.button_mode is ButtonMode.DEAD:
            layout = self._layout_dead(last)
        else:
            layout = self._layout_moving(last)
        if layout is None:
            layout = self._layout_fresh(eligible, last)
        return self._make_plan(layout, last)

    def _classify(self, layout: _Layout, seat: int, *, small_blind_position: bool) -> None:
        """Decide whether a player other than the blinds is dealt in, posts, or waits (and why)."""
        player = self._seats[seat]
        if player.sitting_out:
            layout.waiting[seat] = "sitting out"
            return
        if player.stack == 0:
            layout.waiting[seat] = "no chips: adds on to play"
            return
        in_game = self._in_game(seat)
        if small_blind_position and seat == layout.small_position and in_game:
            layout.small = seat
            layout.dealt.append(seat)
            return
        if in_game and not player.owes_small:
            layout.dealt.append(seat)
            return
        if self._in_zone(seat, layout.button, layout.big):
            layout.waiting[seat] = "between the big blind and the button: waits until the button passes"
            return
        if player.choices.wait_for_big_blind:
            layout.waiting[seat] = "waits for the big blind"
            return
        owed = [] if in_game else [BlindKind.LIVE]
        if player.owes_small:
            owed.append(BlindKind.DEAD)
        layout.owed[seat] = owed
        layout.dealt.append(seat)

    def _layout_dead(self, last: HandPlan) -> _Layout | None:
        """Dead button: the big blind moves to the next player; the small blind and button follow it."""
        big = self._next(last.big_blind, self._eligible)
        assert big is not None
        button = last.small_blind_position
        if button == big:
            # only after a heads-up hand (its button was its small blind): the button goes right of the small blind
            button = (last.big_blind - 2) % self.config.seat_count + 1
        layout = _Layout(button=button, small_position=last.big_blind, small=None, big=big)
        layout.dealt.append(big)
        for seat in sorted(self._seats):
            if seat != big:
                self._classify(layout, seat, small_blind_position=True)
        return self._heads_up(layout, last)

    def _layout_moving(self, last: HandPlan) -> _Layout | None:
        """Moving button (Robert's Rules, Button and Blind Use 2(a)): the button moves to the next player of the
        last hand, the small blind is the next one after it and the big blind the next player after that; a player
        dealt in whose big blind the move skips posts a big blind too ("there may be more than one big blind")."""
        played = set(last.dealt_in)

        def next_player(after: int) -> int | None:
            return self._next(after, lambda seat: seat != after and seat in played and self._in_game(seat))

        if last.heads_up:
            # heads-up the button was the small blind, so "the next player" is ambiguous: the positions are set
            # as under the dead button (the big blind moves on, the last big blind posts the small blind)
            return self._layout_dead(last)
        button = next_player(last.button)
        small = None if button is None else next_player(button)
        if button is None or small is None:
            return None
        big = self._next(small, lambda seat: seat != small and self._eligible(seat))
        assert big is not None
        if big == last.big_blind:
            return self._layout_dead(last)
        layout = _Layout(button=button, small_position=small, small=small, big=big)
        layout.dealt = sorted({big, button, small})
        for seat in sorted(self._seats):
            if seat not in (big, button, small):
                self._classify(layout, seat, small_blind_position=False)
        settled = self._heads_up(layout, last)
        if settled is None or settled.heads_up:
            return settled
        passed = self._distance(last.big_blind, big)
        for seat in settled.dealt:
            if seat != big and 0 < self._distance(last.big_blind, seat) < passed:
                owed = settled.owed.setdefault(seat, [])
                if BlindKind.LIVE not in owed:
                    owed.insert(0, BlindKind.LIVE)
                if seat == settled.small:
                    settled.small = None
        return settled

    def _heads_up(self, layout: _Layout, last: HandPlan) -> _Layout | None:
        """Two players: the button posts the small blind; ``None`` when the hand cannot be dealt this way.

        The big blind goes to the first of the two after the last big blind, so the player who had it most
        recently gets the button (Robert's Rules, Button and Blind Use 3; TDA Rule 34).
        """
        if len(layout.dealt) >= 3:
            return layout
        if len(layout.dealt) < 2:
            return None
        count = self.config.seat_count
        big = min(layout.dealt, key=lambda seat: self._distance(last.big_blind, seat) or count)
        other = next(seat for seat in layout.dealt if seat != big)
        if other in layout.owed or not self._in_game(other):
            # an entering player cannot start on the heads-up button; the game starts afresh instead
            return None
        layout.owed.pop(big, None)
        layout.big = big
        layout.heads_up = True
        layout.button = layout.small = layout.small_position = other
        return layout

    def _layout_fresh(self, eligible: list[int], last: HandPlan | None) -> _Layout:
        """A newly started game: every eligible player is dealt in and owes nothing (Robert's Rules)."""

        def after(seat: int) -> int:
            found = self._next(seat, lambda other: other != seat and self._eligible(other))
            assert found is not None
            return found

        def before(seat: int) -> int:
            found = self._previous(seat, lambda other: other != seat and self._eligible(other))
            assert found is not None
            return found

        if last is None:
            placed = self._placed_button if self._placed_button is not None else eligible[-1]
            button = placed if self._eligible(placed) else before(placed)
            small = button if len(eligible) == 2 else after(button)
            big = after(small)
        else:
            big = after(last.big_blind)
            small = after(big) if len(eligible) == 2 else before(big)
            button = small if len(eligible) == 2 else before(small)
        layout = _Layout(button=button, small_position=small, small=small, big=big, dealt=list(eligible))
        layout.heads_up = len(eligible) == 2
        layout.fresh = True
        for seat in sorted(self._seats):
            if seat not in eligible:
                layout.waiting[seat] = "sitting out" if self._seats[seat].sitting_out else "no chips: adds on to play"
        return layout

    def _make_plan(self, layout: _Layout, last: HandPlan | None) -> HandPlan:
        config = self.config
        moved = 0 if last is None else self._distance(last.button, layout.button)
        position = position_for_next_hand(
            config.schedule, None if last is None else last.schedule_position, button_moved=moved, seat_count=config.seat_count
        )
        game = config.schedule.games[position.index].game(rake=config.rake, house=config.house)
        stakes = game.stakes
        stacks = {seat: self._seats[seat].stack for seat in layout.dealt}
        posts: list[Post] = []
        if layout.small is not None and stakes.small_blind > 0:
            posts.append(Post(seat=layout.small, blind=BlindKind.SMALL, amount=min(stakes.small_blind, stacks[layout.small])))
        posts.append(Post(seat=layout.big, blind=BlindKind.BIG, amount=min(stakes.big_blind, stacks[layout.big])))
        for seat in sorted(layout.owed):
            left = stacks[seat]
            for kind in layout.owed[seat]:
                amount = min(stakes.big_blind if kind is BlindKind.LIVE else stakes.small_blind, left)
                if amount > 0:
                    posts.append(Post(seat=seat, blind=kind, amount=amount))
                    left -= amount
        dealt = sorted(layout.dealt)
        if layout.button in dealt:
            effective = layout.button
        else:
            first_blind = layout.small if layout.small is not None else layout.big
            effective = dealt[dealt.index(first_blind) - 1]
        agreements = self._agreements
        number = self._hands_started + 1
        setup = HandSetup(
            game=game,
            stacks=stacks,
            button=effective,
            small_blind_seat=layout.small,
            big_blind_seat=layout.big,
            straddles_allowed=agreements.straddles_allowed,
            mississippi_authorized_by=agreements.mississippi.manager if agreements.mississippi else None,
            extra_boards_allowed=agreements.extra_boards_allowed,
            extra_player_authorized_by=agreements.extra_player_authorized_by,
            hand_id=f"{config.name} #{number}",
        )
        order = setup.seat_order()
        passed: list[tuple[int, int]] = []
        if last is not None:
            reach = self._distance(last.big_blind, layout.big)
            for seat, player in sorted(self._seats.items()):
                if seat not in stacks and not player.new and 0 < self._distance(last.big_blind, seat) < reach:
                    passed.append((seat, player.seating))
        return HandPlan(
            number=number,
            game=game,
            schedule_position=position,
            button=layout.button,
            small_blind_position=layout.small_position,
            small_blind=layout.small,
            big_blind=layout.big,
            dealt_in=order,
            posts=tuple(posts),
            waiting=tuple(Waiting(seat=seat, reason=reason) for seat, reason in sorted(layout.waiting.items())),
            passed=tuple(passed),
            players=tuple((seat, self._seats[seat].player) for seat in order),
            agreements=agreements,
            choices=tuple((seat, self._seats[seat].choices) for seat in order),
            heads_up=layout.heads_up,
            fresh_start=layout.fresh,
            setup=setup,
        )

    # ------------------------------------------------------------------ verifiers

    def _refuse(self, seat: int | None, verb: str, why: str) -> IllegalActionError:
        who = f"Seat {seat}" if seat is not None else "The table"
        return IllegalActionError(f"{who} cannot {verb}: {why}", seat=seat, action=verb)

    def _seated(self, seat: int, verb: str) -> _Seat:
        found = self._seats.get(seat)
        if found is None:
            raise self._refuse(seat, verb, "nobody sits there")
        return found

    def _between_hands(self, seat: int, verb: str) -> None:
        if self._in_progress is not None:
            raise self._refuse(seat, verb, "a hand is in progress")

    def _verify_seated(self, event: PlayerSeated) -> None:
        verb = "take a seat"
        if not 1 <= event.seat <= self.config.seat_count:
            raise self._refuse(event.seat, verb, f"the table has seats 1 to {self.config.seat_count}")
        if event.seat in self._seats:
            raise self._refuse(event.seat, verb, f"{self._seats[event.seat].player} sits there")
        if not event.player.strip():
            raise self._refuse(event.seat, verb, "the player needs a name")
        for other in self._seats.values():
            if other.player == event.player:
                raise self._refuse(event.seat, verb, f"{event.player} is already in seat {other.seat}")
        limit = self.player_limit
        if len(self._seats) >= limit:
            extra = "" if self._agreements.extra_player_authorized_by else "; one more only with the manager's authorization"
            raise self._refuse(event.seat, verb, f"the table is full at {limit} players (omaha-club-rules.txt{extra})")
        config = self.config
        if event.buy_in < config.min_buy_in or (config.max_buy_in is not None and event.buy_in > config.max_buy_in):
            raise self._refuse(event.seat, f"buy in for {event.buy_in}", f"the buy-in is {config.buy_in_range()}")

    def _verify_add_on(self, event: ChipsAdded) -> None:
        player = self._seated(event.seat, "add on")
        self._between_hands(event.seat, "add on")
        if event.amount <= 0:
            raise self._refuse(event.seat, f"add on {event.amount}", "the amount must be positive")
        total = player.stack + event.amount
        maximum = self.config.max_buy_in
        if maximum is not None and total > maximum:
            raise self._refuse(event.seat, f"add on {event.amount}", f"the stack would be {total}, over the maximum buy-in {maximum}")
        if player.stack == 0 and total < self.config.min_buy_in:
            raise self._refuse(event.seat, f"rebuy for {event.amount}", f"a rebuy is at least the minimum buy-in {self.config.min_buy_in}")

    def _verify_cash_out(self, event: ChipsCashedOut) -> None:
        player = self._seated(event.seat, "cash out")
        self._between_hands(event.seat, "cash out")
        if not self.config.partial_cash_out:
            raise self._refuse(event.seat, "cash out and stay", "chips stay on the table until the player leaves (no going south)")
        if not 0 < event.amount < player.stack:
            raise self._refuse(event.seat, f"cash out {event.amount}", f"they have {player.stack}; to take everything, leave the table")
        if player.stack - event.amount < self.config.min_buy_in:
            raise self._refuse(
                event.seat, f"cash out {event.amount}", f"a player who stays keeps at least the minimum buy-in {self.config.min_buy_in}"
            )

    def _verify_sat_out(self, event: PlayerSatOut) -> None:
        if self._seated(event.seat, "sit out").sitting_out:
            raise self._refuse(event.seat, "sit out", "they are already sitting out")

    def _verify_came_back(self, event: PlayerCameBack) -> None:
        if not self._seated(event.seat, "come back").sitting_out:
            raise self._refuse(event.seat, "come back", "they are not sitting out")

    def _verify_left(self, event: PlayerLeft) -> None:
        player = self._seated(event.seat, "leave")
        if self._in_progress is not None and event.seat in self._in_progress.dealt_in:
            raise self._refuse(event.seat, "leave", f"they are in hand {self._in_progress.number}, which is in progress")
        if event.cashed_out != player.stack:
            raise self._refuse(event.seat, "leave", f"they leave with their whole stack, {player.stack}, not {event.cashed_out}")

    def _verify_choices(self, event: ChoicesChanged) -> None:
        self._seated(event.seat, "change their choices")

    def _verify_agreements(self, event: AgreementsChanged) -> None:
        mississippi = event.agreements.mississippi
        if mississippi is not None and not mississippi.manager.strip():
            raise self._refuse(None, "record a Mississippi authorization", "it needs the authorizing manager's name")

    def _verify_button(self, event: ButtonPlaced) -> None:
        if self._hands_started:
            raise self._refuse(None, "place the button", "the button is placed before the first hand; after that it moves by the rules")
        if not 1 <= event.seat <= self.config.seat_count:
            raise self._refuse(None, f"place the button on seat {event.seat}", f"the table has seats 1 to {self.config.seat_count}")

    def _verify_started(self, event: HandStarted) -> None:
        plan = self.next_hand()
        if event.plan != plan:
            raise self._refuse(None, f"start hand {event.plan.number}", "it does not match the table's plan for the next hand")

    def _verify_finished(self, event: HandFinished | HandMisdealt) -> None:
        plan = self._in_progress
        if plan is None or event.plan != plan:
            raise self._refuse(None, f"record hand {event.plan.number}", "it is not the hand in progress")
        if isinstance(event, HandMisdealt):
            return
        final = dict(event.final_stacks)
        if set(final) != set(plan.setup.stacks):
            raise self._refuse(None, f"record hand {plan.number}", "its final stacks are not those of the players dealt in")
        if any(stack < 0 for stack in final.values()) or event.rake < 0 or event.jackpot < 0:
            raise self._refuse(None, f"record hand {plan.number}", "a stack, the rake or the jackpot drop is negative")
        if sum(final.values()) + event.rake + event.jackpot != sum(plan.setup.stacks.values()):
            raise self._refuse(None, f"record hand {plan.number}", "its chips do not add up to the stacks it started with")

    # ------------------------------------------------------------------ appliers

    def _apply_seated(self, event: PlayerSeated) -> None:
        self._seatings += 1
        # Robert's Rules: in a newly started game every player is active; later arrivals are new players.
        new = self._hands_finished > 0 or self._in_progress is not None
        self._seats[event.seat] = _Seat(event.seat, event.player, self._seatings, event.buy_in, event.choices, new=new)
        self._buy_ins += event.buy_in

    def _apply_add_on(self, event: ChipsAdded) -> None:
        self._seats[event.seat].stack += event.amount
        self._buy_ins += event.amount

    def _apply_cash_out(self, event: ChipsCashedOut) -> None:
        self._seats[event.seat].stack -= event.amount
        self._cash_outs += event.amount

    def _apply_sat_out(self, event: PlayerSatOut) -> None:
        self._seats[event.seat].sitting_out = True

    def _apply_came_back(self, event: PlayerCameBack) -> None:
        self._seats[event.seat].sitting_out = False

    def _apply_left(self, event: PlayerLeft) -> None:
        del self._seats[event.seat]
        self._cash_outs += event.cashed_out

    def _apply_choices(self, event: ChoicesChanged) -> None:
        self._seats[event.seat].choices = event.choices

    def _apply_agreements(self, event: AgreementsChanged) -> None:
        self._agreements = event.agreements

    def _apply_button(self, event: ButtonPlaced) -> None:
        self._placed_button = event.seat

    def _apply_started(self, event: HandStarted) -> None:
        self._in_progress = event.plan
        self._hands_started += 1

    def _apply_misdealt(self, event: HandMisdealt) -> None:
        self._in_progress = None

    def _apply_finished(self, event: HandFinished) -> None:
        plan = event.plan
        dead_button = self.config.button_mode is ButtonMode.DEAD
        for seat, seating in plan.passed:
            player = self._seats.get(seat)
            if player is not None and player.seating == seating:
                player.owes_big = player.owes_small = True
        if plan.fresh_start:
            for seat in plan.dealt_in:
                self._seats[seat].owes_big = self._seats[seat].owes_small = False
        for post in plan.posts:
            player = self._seats[post.seat]
            if post.blind is BlindKind.BIG:
                # taking the big blind settles every missed blind (Robert's Rules 10: "or wait for the big blind");
                # under the dead button the small blind follows it on the next hand, so that one is due now
                player.owes_big = False
                player.owes_small = dead_button
            elif post.blind is BlindKind.LIVE:
                player.owes_big = False
            else:
                player.owes_small = False
        for seat in plan.dealt_in:
            player = self._seats[seat]
            posted = sum(post.amount for post in plan.posts_of(seat))
            if posted and posted == plan.setup.stacks[seat] and seat != plan.big_blind:
                # all their chips went into what they owed: nothing more is owed
                player.owes_big = player.owes_small = False
            player.new = False
            player.stack = dict(event.final_stacks)[seat]
        self._rake += event.rake
        self._jackpot += event.jackpot
        self._last = plan
        self._in_progress = None
        self._hands_finished += 1


HOUSE_SETTING_NAMES: tuple[str, ...] = (
    *(f"rake.{f.name}" for f in fields(Rake)),
    *(f"house.{f.name}" for f in fields(HouseRules)),
)
"""The house settings a floor manager may change at a running table (``rake.percent``, ``house.max_runs``...)."""


def _typed(current: Any, text: str, name: str) -> Any:
    if isinstance(current, bool):
        if text not in ("True", "False", "true", "false"):
            raise IllegalActionError(f"House setting {name} is yes or no, not {text!r}", action="change the house settings")
        return text in ("True", "true")
    if isinstance(current, enum.Enum):
        try:
            return type(current)(text)
        except ValueError as error:
            allowed = ", ".join(str(member.value) for member in type(current))
            raise IllegalActionError(f"House setting {name} is one of {allowed}, not {text!r}", action="change the house settings") from error
    try:
        if text in ("None", ""):
            if name != "rake.cap":
                raise ValueError(text)
            return None
        return float(text) if isinstance(current, float) else int(text)
    except ValueError as error:
        raise IllegalActionError(f"House setting {name} must be a number, not {text!r}", action="change the house settings") from error


def apply_house_changes(config: TableConfig, changes: Sequence[tuple[str, str]]) -> TableConfig:
    """``config`` with the house settings ``changes`` (name, value as text); raises ``IllegalActionError`` naming a bad one."""
    rake: dict[str, Any] = {}
    house: dict[str, Any] = {}
    for name, text in changes:
        if name not in HOUSE_SETTING_NAMES:
            raise IllegalActionError(f"There is no house setting {name!r}", action="change the house settings")
        group, _, key = name.partition(".")
        target, source = (rake, config.rake) if group == "rake" else (house, config.house)
        current = getattr(source, key)
        target[key] = _typed(current if current is not None else 0, text, name)
    try:
        return replace(config, rake=replace(config.rake, **rake), house=replace(config.house, **house))
    except EngineError as error:
        raise IllegalActionError(f"Those house settings cannot apply: {error}", action="change the house settings") from error


def apply_standing_choices(hand: Hand, plan: HandPlan) -> tuple[Event, ...]:
    """Answer "run it once" for players whose standing choice it is, once extra boards are offered.

    Call it whenever :meth:`Hand.runs_window_open` turns true; players who already answered are left alone.
    """
    if not hand.runs_window_open():
        return ()
    answered = {event.seat for event in hand.events_in_force if isinstance(event, RunsChosen)}
    made: list[Event] = []
    for seat, choices in plan.choices:
        if choices.always_run_once and seat not in answered and not hand.is_folded(seat) and hand.can_choose_runs(seat, 1):
            made.append(hand.choose_runs(seat, 1))
    return tuple(made)


_VERIFIERS: dict[type[TableEvent], Callable[[Table, Any], None]] = {
    PlayerSeated: Table._verify_seated,
    ChipsAdded: Table._verify_add_on,
    ChipsCashedOut: Table._verify_cash_out,
    PlayerSatOut: Table._verify_sat_out,
    PlayerCameBack: Table._verify_came_back,
    PlayerLeft: Table._verify_left,
    ChoicesChanged: Table._verify_choices,
    AgreementsChanged: Table._verify_agreements,
    ButtonPlaced: Table._verify_button,
    HandStarted: Table._verify_started,
    HandFinished: Table._verify_finished,
    HandMisdealt: Table._verify_finished,
}
_APPLIERS: dict[type[TableEvent], Callable[[Table, Any], None]] = {
    PlayerSeated: Table._apply_seated,
    ChipsAdded: Table._apply_add_on,
    ChipsCashedOut: Table._apply_cash_out,
    PlayerSatOut: Table._apply_sat_out,
    PlayerCameBack: Table._apply_came_back,
    PlayerLeft: Table._apply_left,
    ChoicesChanged: Table._apply_choices,
    AgreementsChanged: Table._apply_agreements,
    ButtonPlaced: Table._apply_button,
    HandStarted: Table._apply_started,
    HandFinished: Table._apply_finished,
    HandMisdealt: Table._apply_misdealt,
}
