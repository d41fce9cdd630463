"""Pace: hands per hour per table and per dealer, with the time a hand and a decision take, over any period (SPEC: A night
at the table: "Pace (hands per hour per table and per dealer down) is shown and reported: it is the room's income").

Computed from the recorded events' timestamps, read through the store's public API (``Store.tables``, ``Store.events``):

- a **hand** is a ``hand_finished`` record in the period (a misdeal is not a hand); it is the dealer's who recorded it (every
  event's actor is the dealer on duty);
- **time at the table** adds up the gaps between the table's hand starts, hand ends and pushes, leaving out any gap longer
  than :data:`IDLE` (the table was closed); a gap belongs to the dealer on duty at its end (the outgoing dealer for a push);
- **time per hand**: from a hand's ``hand_started`` to its ``hand_finished``; **time per decision**: from the event before a
  player's decision (fold, check, call, bet, raise, all-in, discard) to the decision, in the same hand;
- a dealer's **downs**: the runs of consecutive hands they dealt at one table.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from dealer_console.store.errors import StoreUnavailableError
from dealer_console.store.store import Store

__all__ = ["IDLE", "PaceEvent", "PaceFigures", "PaceReport", "pace_report", "pace_text", "room_pace_report"]

IDLE = timedelta(minutes=30)
"""A gap without a hand longer than this is time the table was closed, not time in play."""

_MARKS = ("hand_started", "hand_finished", "dealer_push")
_DECISIONS = frozenset(("fold", "check", "call", "bet", "raise", "all_in", "discard"))
_HAND_KINDS = ("blind", "restraddle_consent", "hole", "burn", "board", *sorted(_DECISIONS), "runs", "show", "muck", "misdeal", "void")


class PaceEvent(Protocol):
    """What the pace reads of an event: a store's ``StoredEvent`` or a row of the card room's log."""

    @property
    def hand_id(self) -> int | None: ...

    @property
    def recorded_at(self) -> datetime: ...

    @property
    def actor(self) -> str: ...

    @property
    def kind(self) -> str: ...


@dataclass(slots=True)
class PaceFigures:
    """The pace of one table or one dealer."""

    name: str
    hands: int = 0
    seconds: float = 0.0
    """Time at the table, in seconds."""
    hand_seconds: list[float] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)
    downs: int = 0

    @property
    def hands_per_hour(self) -> float | None:
        """Hands per hour at the table (``None``: no time at the table)."""
        return None if self.seconds <= 0 else self.hands / (self.seconds / 3600)

    def as_dict(self) -> dict[str, Any]:
        """The figures for JSON: ``hands``, ``hands_per_hour``, ``hours``, ``seconds_per_hand``, ``seconds_per_decision``..."""
        rate = self.hands_per_hour
        return {
            "name": self.name, "hands": self.hands, "hands_per_hour": None if rate is None else round(rate, 2),
            "hours": round(self.seconds / 3600, 3), "seconds_per_hand": _mean(self.hand_seconds),
            "seconds_per_decision": _mean(self.decision_seconds), "decisions": len(self.decision_seconds), "downs": self.downs,
        }


def _mean(values: Sequence[float]) -> float | None:
    return None if not values else round(sum(values) / len(values), 1)


@dataclass(slots=True)
class PaceReport:
    """Pace per table and per dealer over a period."""

    since: datetime | None
    until: datetime | None
    tables: list[PaceFigures]
    dealers: list[PaceFigures]

    def as_json(self) -> str:
        """``{"since", "until", "tables": [...], "dealers": [...]}``, each entry with ``hands`` and ``hands_per_hour``."""
        return json.dumps({"since": None if self.since is None else self.since.isoformat(),
                           "until": None if self.until is None else self.until.isoformat(),
                           "tables": [t.as_dict() for t in self.tables], "dealers": [d.as_dict() for d in self.dealers]}, indent=2)


def pace_report(store: Store, *, since: datetime | None = None, until: datetime | None = None, table_id: int | None = None) -> PaceReport:
    """The pace of every table (or one) and of every dealer who dealt there, from events recorded in ``[since, until)``."""
    if since is not None and until is not None and until <= since:
        raise ValueError(f"the period ends ({until.isoformat()}) before it starts ({since.isoformat()})")
    tables: list[PaceFigures] = []
    dealers: dict[str, PaceFigures] = {}
    for info in store.tables():
        if table_id is not None and info.id != table_id:
            continue
        events = [e for e in store.events(info.id, kinds=(*_MARKS, *_HAND_KINDS)) if _within(e.recorded_at, since, until)]
        figures = PaceFigures(info.name)
        _table_pace(events, figures, dealers)
        if events:
            tables.append(figures)
    return PaceReport(since, until, tables, sorted(dealers.values(), key=lambda d: d.name))


def room_pace_report(url: str, *, since: datetime | None = None, until: datetime | None = None,
                     connect_timeout_s: float = 5.0) -> PaceReport:
    """The same report from the card room's shipped log (``room_events`` at the PostgreSQL ``url``): every table, read once.

    A console's hand ids are its own, so hands are told apart per table (the log is read one table at a time)."""
    import psycopg

    from dealer_console.room import log

    if since is not None and until is not None and until <= since:
        raise ValueError(f"the period ends ({until.isoformat()}) before it starts ({since.isoformat()})")
    tables: list[PaceFigures] = []
    dealers: dict[str, PaceFigures] = {}
    wanted = {*_MARKS, *_HAND_KINDS}
    try:
        with log.connect(url, connect_timeout_s=connect_timeout_s, named_rows=True) as connection:
            for table_id in log.table_ids(connection):
                rows = log.all_events(connection, table_id)
                opened = next((row for row in rows if row.kind == "table_opened"), None)
                name = str(json.loads(opened.payload).get("name", "")) if opened is not None else ""
                events = [row for row in rows if row.kind in wanted and _within(row.recorded_at, since, until)]
                figures = PaceFigures(name or f"table {table_id}")
                _table_pace(events, figures, dealers)
                if events:
                    tables.append(figures)
    except psycopg.Error as error:
        raise StoreUnavailableError(f"reading the card room's log: {str(error).splitlines()[0] if str(error) else error}") from error
    return PaceReport(since, until, tables, sorted(dealers.values(), key=lambda d: d.name))


def _within(moment: datetime, since: datetime | None, until: datetime | None) -> bool:
    return (since is None or moment >= since) and (until is None or moment < until)


def _dealer(dealers: dict[str, PaceFigures], name: str) -> PaceFigures:
    found = dealers.get(name)
    if found is None:
        found = dealers[name] = PaceFigures(name or "(no dealer named)")
    return found


def _table_pace(events: Iterable[PaceEvent], table: PaceFigures, dealers: dict[str, PaceFigures]) -> None:
    started: dict[int, datetime] = {}
    last_mark: PaceEvent | None = None
    previous_in_hand: dict[int, datetime] = {}
    last_dealer: str | None = None
    for event in events:
        if event.kind in _MARKS:
            if last_mark is not None and event.recorded_at - last_mark.recorded_at <= IDLE:
                gap = (event.recorded_at - last_mark.recorded_at).total_seconds()
                owner = last_mark.actor if event.kind == "dealer_push" else event.actor
                table.seconds += gap
                _dealer(dealers, owner).seconds += gap
            last_mark = event
        if event.hand_id is None:
            continue
        if event.kind == "hand_started":
            started[event.hand_id] = previous_in_hand[event.hand_id] = event.recorded_at
        elif event.kind == "hand_finished":
            dealer = _dealer(dealers, event.actor)
            table.hands += 1
            dealer.hands += 1
            if event.actor != last_dealer:
                dealer.downs += 1
                table.downs += 1
                last_dealer = event.actor
            if event.hand_id in started:
                seconds = (event.recorded_at - started[event.hand_id]).total_seconds()
                table.hand_seconds.append(seconds)
                dealer.hand_seconds.append(seconds)
        elif event.kind in _DECISIONS and event.hand_id in previous_in_hand:
            seconds = (event.recorded_at - previous_in_hand[event.hand_id]).total_seconds()
            table.decision_seconds.append(seconds)
            _dealer(dealers, event.actor).decision_seconds.append(seconds)
        previous_in_hand[event.hand_id] = event.recorded_at


def pace_text(report: PaceReport) -> str:
    """The report as text: one line per table, then one per dealer."""
    def line(figures: PaceFigures) -> str:
        rate, data = figures.hands_per_hour, figures.as_dict()
        per_hand, per_decision = data["seconds_per_hand"], data["seconds_per_decision"]
        return (f"{figures.name[:24]:<24} {figures.hands:>6} {'–' if rate is None else f'{rate:.1f}':>8} {figures.seconds / 3600:>7.2f}"
                f" {'–' if per_hand is None else per_hand:>8} {'–' if per_decision is None else per_decision:>9} {figures.downs:>5}")
    header = f"{'':<24} {'hands':>6} {'per hour':>8} {'hours':>7} {'s/hand':>8} {'s/decide':>9} {'downs':>5}"
    lines = ["tables", header, *(line(t) for t in report.tables), "", "dealers", header, *(line(d) for d in report.dealers)]
    if not report.tables:
        lines.append("no hands in the period")
    return "\n".join(lines)
