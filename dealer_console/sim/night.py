"""A night at a simulated table: heavier churn (players join, rebuy, sit out, come back and leave), dealers pushing every
N simulated minutes, and a simulated clock that gives every record and event the moment it would have at a live table
(about 30 hands an hour).

:class:`SimulatedNight` plays a :class:`~dealer_console.sim.table_play.SimulatedTable` and reads every table record and
hand event in the order they happened (the table's ``on_change`` hook); each is given its moment on the
:class:`SimulatedClock` and handed, with the dealer on duty, to a :class:`NightWatcher` if one is given (the store's
recorder, composed by ``dealer-console simulate --database``). The times come from a random source of their own, so the
same seed plays the same hands with or without a watcher.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol

from dealer_console.engine.events import (
    BetPlaced,
    BlindPosted,
    BoardDealt,
    Called,
    CardBurned,
    Checked,
    Discarded,
    Event,
    Folded,
    HoleCardsDealt,
    RaisedTo,
    WentAllIn,
)
from dealer_console.engine.hand import Hand
from dealer_console.engine.table_events import DealerPushed, HandFinished, HandStarted, TableEvent
from dealer_console.sim.table_play import PlayedHand, SessionSettings, SimulatedTable

__all__ = ["CHURN", "NightSettings", "NightWatcher", "SimulatedClock", "SimulatedNight"]

CHURN = SessionSettings(join_chance=0.35, leave_chance=0.04, sit_out_chance=0.04, come_back_chance=0.3, add_on_chance=0.06,
                        cash_out_chance=0.01, rebuy_chance=0.7, during_hand_chance=0.08)
"""A busy night: about twice the joins, leaves, sit-outs and add-ons of the default session."""

DECISIONS = (Folded, Checked, Called, BetPlaced, RaisedTo, WentAllIn, Discarded)
"""The events that are a player's decision (timed as one)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NightSettings:
    """How long things take at the simulated table, and the dealers' rotation."""

    push_minutes: float = 25.0
    """A dealer push every this many simulated minutes (between hands; SPEC: every 20–30 minutes)."""
    dealers: tuple[str, ...] = ("Dealer Ann", "Dealer Bob", "Dealer Cat")
    start: datetime = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    decision_seconds: tuple[float, float] = (1.0, 8.0)
    """A player's decision takes between these many seconds (uniform)."""
    card_seconds: float = 2.0
    """Each seat's hole cards, each burn and each street."""
    hand_start_seconds: tuple[float, float] = (20.0, 40.0)
    """Shuffling and the blinds, from the last hand's end to the next hand's start."""
    push_seconds: float = 60.0
    """The incoming dealer sits down."""

    def __post_init__(self) -> None:
        if self.push_minutes <= 0:
            raise ValueError(f"dealers push every so many minutes, more than 0, not {self.push_minutes}")
        if not self.dealers:
            raise ValueError("a night needs at least one dealer")


@dataclass(slots=True)
class SimulatedClock:
    """Simulated wall-clock time (UTC), moved on by the night."""

    moment: datetime = field(default_factory=lambda: NightSettings().start)

    def now(self) -> datetime:
        """The simulated time now."""
        return self.moment

    def advance(self, seconds: float) -> datetime:
        """Move on ``seconds``; return the new moment."""
        self.moment += timedelta(seconds=seconds)
        return self.moment


class NightWatcher(Protocol):
    """Receives every record of the night in order, with its simulated moment and the dealer on duty."""

    def table_record(self, event: TableEvent, *, at: datetime, dealer: str) -> None: ...

    def hand_event(self, event: Event, *, at: datetime, dealer: str) -> None: ...


class SimulatedNight:
    """``table`` played through a night: churn, pushes every ``settings.push_minutes``, every record timed."""

    def __init__(self, table: SimulatedTable, *, settings: NightSettings | None = None, watcher: NightWatcher | None = None,
                 seed: int = 0) -> None:
        self.table = table
        self.settings = settings if settings is not None else NightSettings()
        self.clock = SimulatedClock(self.settings.start)
        self.watcher = watcher
        self._times = random.Random(f"night {seed}")
        self._tables_seen = 0
        self._hand: Hand | None = None
        self._hand_seen = 0
        self._down_started = self.clock.now()
        self._next_dealer = 0
        self.pushes = 0
        self.dealer = ""
        table.on_change = self._read

    def open(self, players: int | None = None) -> None:
        """Seat the first players, draw for the button and sign the first dealer in."""
        self.table.open_table(players)
        self._push()

    def play_hand(self) -> PlayedHand:
        """A push first if the down is over, then one hand (with the churn before it)."""
        if self.clock.now() - self._down_started >= timedelta(minutes=self.settings.push_minutes):
            self._push()
        return self.table.play_hand()

    def _push(self) -> None:
        dealers = self.settings.dealers
        incoming = dealers[self._next_dealer % len(dealers)]
        self._next_dealer += 1
        engine_table = self.table.table
        if incoming == engine_table.dealer_on_duty:
            return  # a rotation of one dealer: nobody to push
        engine_table.apply(DealerPushed(dealer=incoming, outgoing=engine_table.dealer_on_duty, outgoing_hands=engine_table.down_hands))
        self.pushes += 1 if self.dealer else 0
        self.dealer = incoming
        self._read(None)
        self._down_started = self.clock.now()

    def _read(self, hand: Hand | None) -> None:
        """Time and hand on the table's new records, then the hand's new events (the order they were made in)."""
        records = self.table.table.events
        for event in records[self._tables_seen:]:
            at = self.clock.advance(self._table_seconds(event))
            if self.watcher is not None:
                self.watcher.table_record(event, at=at, dealer=self.dealer)
        self._tables_seen = len(records)
        if hand is None:
            return
        if hand is not self._hand:
            self._hand, self._hand_seen = hand, 0
        events = hand.events
        for step in events[self._hand_seen:]:
            at = self.clock.advance(self._hand_seconds(step))
            if self.watcher is not None:
                self.watcher.hand_event(step, at=at, dealer=self.dealer)
        self._hand_seen = len(events)

    def _table_seconds(self, event: TableEvent) -> float:
        if isinstance(event, HandStarted):
            return self._times.uniform(*self.settings.hand_start_seconds)
        if isinstance(event, DealerPushed):
            return self.settings.push_seconds
        return 0.0 if isinstance(event, HandFinished) else 1.0

    def _hand_seconds(self, event: Event) -> float:
        if isinstance(event, DECISIONS):
            return self._times.uniform(*self.settings.decision_seconds)
        if isinstance(event, HoleCardsDealt | CardBurned | BoardDealt):
            return self.settings.card_seconds
        return 0.5 if isinstance(event, BlindPosted) else 2.0
