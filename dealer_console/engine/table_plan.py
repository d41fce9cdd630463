"""The plan of a table's next hand: where the button and the blinds go, who posts what, who is dealt in
and who waits, and why (Robert's Rules of Poker, Button and Blind Use; TDA Rules 32-34; ``docs/table.md``).

The plan is a pure function of the seats between hands, the last hand's plan and the table's
configuration and agreements; :class:`~.table.Table` asks for it and records the hand it deals.
Seats are numbered 1 to ``seat_count`` clockwise, so the seat left of seat ``n`` is ``n + 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.events import BlindKind, Event, RunsChosen
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.schedule import position_for_next_hand
from dealer_console.engine.table_config import ButtonMode, TableConfig
from dealer_console.engine.table_events import HandPlan, PlayerChoices, Post, TableAgreements, Waiting

__all__ = ["SeatRecord", "SeatView", "TableChipAudit", "apply_standing_choices", "plan_next_hand"]


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


def plan_next_hand(
    config: TableConfig,
    seats: Mapping[int, SeatView],
    *,
    last: HandPlan | None,
    placed_button: int | None,
    agreements: TableAgreements,
    number: int,
) -> HandPlan:
    """The plan of hand ``number``: game, button, blinds and posts, who is dealt in and who waits.

    ``last`` is the last finished hand's plan (``None`` before the first hand), ``placed_button``
    the seat of the draw for the button. Raises :class:`IllegalActionError` when fewer than two
    players can play.
    """
    return _Planner(config, seats, last, placed_button, agreements, number).plan()


@dataclass(frozen=True, slots=True)
class _Planner:
    config: TableConfig
    seats: Mapping[int, SeatView]
    last: HandPlan | None
    placed_button: int | None
    agreements: TableAgreements
    number: int


    def _eligible(self, seat: int) -> bool:
        """Can take the big blind: seated, not sitting out, with chips."""
        found = self.seats.get(seat)
        return found is not None and not found.sitting_out and found.stack > 0

    def _in_game(self, seat: int) -> bool:
        """Eligible and owing no big blind (not new, no missed big blind)."""
        found = self.seats.get(seat)
        return found is not None and self._eligible(seat) and not found.new and not found.owes_big_blind

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

    def plan(self) -> HandPlan:
        eligible = [seat for seat in sorted(self.seats) if self._eligible(seat)]
        if len(eligible) < 2:
            raise IllegalActionError(
                f"A hand needs two players with chips who are not sitting out; {len(eligible)} can play now", action="deal"
            )
        last = self.last
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
        player = self.seats[seat]
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
        if in_game and not player.owes_small_blind:
            layout.dealt.append(seat)
            return
        if self._in_zone(seat, layout.button, layout.big):
            layout.waiting[seat] = "between the big blind and the button: waits until the button passes"
            return
        if player.choices.wait_for_big_blind:
            layout.waiting[seat] = "waits for the big blind"
            return
        owed = [] if in_game else [BlindKind.LIVE]
        if player.owes_small_blind:
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
        for seat in sorted(self.seats):
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
        for seat in sorted(self.seats):
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
            placed = self.placed_button if self.placed_button is not None else eligible[-1]
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
        for seat in sorted(self.seats):
            if seat not in eligible:
                layout.waiting[seat] = "sitting out" if self.seats[seat].sitting_out else "no chips: adds on to play"
        return layout

    def _make_plan(self, layout: _Layout, last: HandPlan | None) -> HandPlan:
        config = self.config
        moved = 0 if last is None else self._distance(last.button, layout.button)
        position = position_for_next_hand(
            config.schedule, None if last is None else last.schedule_position, button_moved=moved, seat_count=config.seat_count
        )
        game = config.schedule.games[position.index].game(rake=config.rake, house=config.house)
        stakes = game.stakes
        stacks = {seat: self.seats[seat].stack for seat in layout.dealt}
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
        agreements = self.agreements
        number = self.number
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
            for seat, player in sorted(self.seats.items()):
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
            players=tuple((seat, self.seats[seat].player) for seat in order),
            agreements=agreements,
            choices=tuple((seat, self.seats[seat].choices) for seat in order),
            heads_up=layout.heads_up,
            fresh_start=layout.fresh,
            setup=setup,
        )


@dataclass(frozen=True, slots=True)
class TableChipAudit:
    """Chips on the table against chips brought since the table opened (or last closed):
    stacks + chips bought for the next hand + rake and jackpot drop = buy-ins - cash-outs."""

    buy_ins: int
    """Every chip brought: first buy-ins, rebuys and add-ons."""
    cash_outs: int
    stacks: int
    rake: int
    jackpot: int
    add_ons: int = 0  # the rebuys and add-ons among the buy-ins
    pending: int = 0  # bought during the hand in progress: they play from the next hand (table stakes)
    hands: int = 0  # hands played to the end in this session

    @property
    def in_play(self) -> int:
        """Chips at the table: the stacks and the chips bought for the next hand."""
        return self.stacks + self.pending

    @property
    def balanced(self) -> bool:
        """True when every chip brought to the table is in a stack, cashed out or taken by the house."""
        return self.stacks + self.pending + self.rake + self.jackpot == self.buy_ins - self.cash_outs


@dataclass(slots=True)
class SeatRecord:
    """A seated player as the table keeps them (mutable; :meth:`view` is the value shown)."""

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
