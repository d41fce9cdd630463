"""Random sessions at a table: players come and go, sit out, add on and cash out between hands,
and every hand is played with random legal choices (see :mod:`.hand_play`).

Used by ``dealer-console simulate``, the table simulation test and ``bench/table.py``. Every
change goes through the table's own verbs and every move through the hand's, so nothing here
can break a rule the engine enforces.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from dealer_console.engine.cards import DECK, Card
from dealer_console.engine.events import BlindKind, BlindPosted, RunsChosen
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.table import Table, apply_standing_choices
from dealer_console.engine.table_events import HandFinished, HandMisdealt, HandPlan
from dealer_console.engine.table_plan import SeatView
from dealer_console.sim.hand_play import deal_next_board, step

__all__ = ["PlayedHand", "SessionSettings", "SimulatedTable"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionSettings:
    """How often each random thing happens (chances per player per hand, unless said otherwise)."""

    join_chance: float = 0.25
    """Per hand: a new player takes an empty seat."""
    leave_chance: float = 0.02
    sit_out_chance: float = 0.02
    come_back_chance: float = 0.25
    add_on_chance: float = 0.03
    cash_out_chance: float = 0.01
    rebuy_chance: float = 0.5
    """A player with no chips buys in again (otherwise they may leave)."""
    choices_chance: float = 0.01
    post_now_chance: float = 0.5
    """A new player posts a big blind to play at once rather than wait for it."""
    run_once_chance: float = 0.2
    """A new player's standing choice is "always run it once"."""
    straddle_chance: float = 0.05
    run_twice_chance: float = 0.3
    misdeal_chance: float = 0.003
    """Per hand: the dealer declares a misdeal after the deal."""
    during_hand_chance: float = 0.05
    """Per hand: a seat change (sit down, sit out, come back, leave) while the hand is played."""


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One hand of a session: the seats before it, its plan, the hand and the table's record of it."""

    seats_before: dict[int, SeatView]
    plan: HandPlan
    hand: Hand
    record: HandFinished | HandMisdealt


class SimulatedTable:
    """A random session at ``table``, driven by ``rng``: players come and go and every hand is played."""

    def __init__(self, table: Table, rng: random.Random, settings: SessionSettings | None = None) -> None:
        self.table = table
        self.rng = rng
        self.settings = settings if settings is not None else SessionSettings()
        self._names = 0
        self.on_change: Callable[[Hand | None], None] | None = None
        """Called (with the hand being played, if any) wherever play turns from the table's records to the hand's events or
        back, so a watcher reads both in the order they happened (:mod:`.night` times and records them)."""

    def _changed(self, hand: Hand | None) -> None:
        if self.on_change is not None:
            self.on_change(hand)

    # ------------------------------------------------------------------ seat changes

    def _new_name(self) -> str:
        self._names += 1
        return f"Player {self._names}"

    def _buy_in(self) -> int:
        config = self.table.config
        top = config.max_buy_in if config.max_buy_in is not None else 5 * config.min_buy_in
        return self.rng.choice((config.min_buy_in, top, self.rng.randint(config.min_buy_in, top)))

    def join(self) -> bool:
        """Seat a new player in a random empty seat; ``False`` if the table is full."""
        empty = [seat for seat in range(1, self.table.config.seat_count + 1) if self.table.seat(seat) is None]
        if not empty or self.table.seated_count >= self.table.player_limit:
            return False
        rng = self.rng
        self.table.sit_down(
            seat=rng.choice(empty),
            player=self._new_name(),
            buy_in=self._buy_in(),
            wait_for_big_blind=rng.random() >= self.settings.post_now_chance,
            always_run_once=rng.random() < self.settings.run_once_chance,
        )
        return True

    def open_table(self, players: int | None = None) -> None:
        """Seat ``players`` (default: random, two or more) and draw for the button.

        omaha-club-rules.txt: "The DEALER button's position is randomly determined before the first hand".
        """
        count = players if players is not None else self.rng.randint(2, self.table.config.seat_count)
        for _ in range(count):
            self.join()
        self.table.place_button(seat=self.rng.choice(list(self.table.seats)))

    def change_seats(self) -> None:
        """Random joins, leaves, sit-outs, returns, add-ons, cash-outs and choices between hands."""
        table, rng, settings = self.table, self.rng, self.settings
        config = table.config
        leave = settings.leave_chance
        sit_out = leave + settings.sit_out_chance
        add_on = sit_out + settings.add_on_chance
        cash_out = add_on + settings.cash_out_chance
        choices = cash_out + settings.choices_chance
        for seat, view in table.seats.items():
            roll = rng.random()
            if view.stack == 0:
                if roll < settings.rebuy_chance:
                    table.add_on(seat=seat, amount=self._buy_in())
                elif roll < settings.rebuy_chance + 0.3:
                    table.leave(seat=seat)
                continue
            if roll < leave:
                table.leave(seat=seat)
            elif view.sitting_out:
                if roll < settings.come_back_chance:
                    table.come_back(seat=seat)
            elif roll < sit_out:
                table.sit_out(seat=seat)
            elif roll < add_on:
                room = (config.max_buy_in - view.stack) if config.max_buy_in is not None else config.min_buy_in
                if room > 0:
                    table.add_on(seat=seat, amount=rng.randint(1, room))
            elif roll < cash_out:
                spare = view.stack - config.min_buy_in
                if config.partial_cash_out and spare > 0:
                    table.cash_out(seat=seat, amount=rng.randint(1, spare))
            elif roll < choices:
                table.set_choices(seat=seat, wait_for_big_blind=rng.random() < 0.5, always_run_once=rng.random() < 0.3)
        if rng.random() < settings.join_chance:
            self.join()
        self._ensure_players()

    def _ensure_players(self) -> None:
        """Keep at least two players able to play (a table with one player closes)."""
        table = self.table
        while sum(1 for view in table.seats.values() if not view.sitting_out and view.stack > 0) < 2:
            idle = [view for view in table.seats.values() if view.sitting_out or view.stack == 0]
            if idle:
                view = self.rng.choice(idle)
                if view.sitting_out:
                    table.come_back(seat=view.seat)
                else:
                    table.add_on(seat=view.seat, amount=self._buy_in())
            elif not self.join():
                raise AssertionError("a full table with fewer than two players able to play")

    def _change_during_hand(self, plan: HandPlan) -> None:
        """A seat change that may happen while a hand is played: never to a player in the hand's chips."""
        table, rng = self.table, self.rng
        roll = rng.random()
        if roll < 0.4:
            self.join()
            return
        seat = rng.choice(list(table.seats))
        view = table.seats[seat]
        if roll < 0.6 and seat not in plan.dealt_in:
            table.leave(seat=seat)
        elif roll < 0.8 and not view.sitting_out:
            table.sit_out(seat=seat)
        elif view.sitting_out:
            table.come_back(seat=seat)

    # ------------------------------------------------------------------ hands

    def play_hand(self) -> PlayedHand:
        """Seat changes, then one hand from the plan to the table's record of it."""
        self.change_seats()
        self._changed(None)
        table, rng, settings = self.table, self.rng, self.settings
        seats_before = table.seats
        plan = table.next_hand()
        hand = table.start_hand()
        self._changed(hand)
        self._maybe_straddle(hand, plan)
        deck: list[Card] = list(DECK)
        rng.shuffle(deck)
        for seat in hand.deal_order():
            hand.deal_hole(seat, [deck.pop() for _ in range(plan.game.variant.hole_cards)])
        if rng.random() < settings.during_hand_chance:
            self._changed(hand)
            self._change_during_hand(plan)
            self._changed(hand)
        if rng.random() < settings.misdeal_chance:
            hand.misdeal("random misdeal (simulation)")
        offered = False
        while not hand.is_complete:
            if not offered and hand.actor is None and hand.phase is Phase.BOARD and hand.runs_window_open():
                offered = True
                self._choose_runs(hand, plan)
                deal_next_board(hand, deck)
            else:
                step(hand, rng, deck, run_twice_chance=0.0)
        self._changed(hand)
        record = table.finish_hand(hand)
        self._changed(None)
        assert isinstance(record, HandFinished | HandMisdealt)
        return PlayedHand(seats_before, plan, hand, record)

    def play(self, hands: int) -> Iterator[PlayedHand]:
        """Play ``hands`` hands (misdeals included), yielding each."""
        for _ in range(hands):
            yield self.play_hand()

    def _maybe_straddle(self, hand: Hand, plan: HandPlan) -> None:
        if not plan.agreements.straddles_allowed or self.rng.random() >= self.settings.straddle_chance or plan.heads_up:
            return
        order = hand.seats
        seat = order[(order.index(plan.big_blind) + 1) % len(order)]
        amount = 2 * plan.game.stakes.big_blind
        straddle = BlindPosted(seat=seat, amount=amount, blind=BlindKind.STRADDLE)
        if not plan.posts_of(seat) and hand.stacks[seat] > amount and hand.can(straddle):
            hand.apply(straddle)

    def _choose_runs(self, hand: Hand, plan: HandPlan) -> None:
        apply_standing_choices(hand, plan)
        if self.rng.random() >= self.settings.run_twice_chance:
            return
        answered = {event.seat for event in hand.events_in_force if isinstance(event, RunsChosen)}
        runs = self.rng.choice((2, 2, 3))
        for seat in hand.seats:
            if seat not in answered and not hand.is_folded(seat) and hand.can_choose_runs(seat, runs):
                hand.choose_runs(seat, runs)
