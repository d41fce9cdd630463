"""The floor's figures rebuilt from the chain alone, and every stored row that differs from them.

The store keeps projections of each table's log for the floor's searches and reports: ``hands``
(status, times, stakes, pot total, rake, flag, ruling mark), ``hand_seats`` (players and stacks)
and ``rulings``. The chain covers the events, not these rows, so someone with write access could
change ``hands.pot_total`` and every report would repeat it. :func:`rebuild` computes what each
row must hold from the events (replaying each finished hand through :func:`~dealer_console.engine.replay.replay`,
independently of the code that wrote the rows), and :func:`compare_rows` names each row that differs.

Pure code: the caller reads the events and rows (see :mod:`.verification`) and hands them in.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import Event
from dealer_console.engine.hand import HandSetup
from dealer_console.engine.replay import ReplayStepError, replay
from dealer_console.engine.table_events import HandFinished, HandMisdealt, HandStarted
from dealer_console.store.codec import canonical_json, to_data
from dealer_console.store.kinds import HandStatus
from dealer_console.store.records import HandClosed, HandFlagged, HandOpened, RulingRecorded
from dealer_console.store.stored import HAND_EVENT_KINDS, StoredEvent

HAND_COLUMNS = (
    "table_id", "number", "status", "started_at", "finished_at", "game", "structure", "small_blind", "big_blind", "button", "setup",
    "first_seq", "dealer", "pot_total", "rake", "flagged", "flag_reason", "ruled",
)
"""The ``hands`` columns checked (``dealer``: the dealer's name, looked up through ``dealer_id``)."""
SEAT_COLUMNS = ("table_id", "started_at", "player", "starting_stack", "final_stack")
RULING_COLUMNS = (
    "table_id", "hand_id", "floor_manager", "rule", "decision", "pot_held", "disputed_amount", "reportable", "late", "recorded_at",
)


@dataclass(frozen=True, slots=True)
class ProjectionMismatch:
    """A stored row of the floor's tables that differs from what the chain says (or a row one side lacks)."""

    table_id: int
    table: str
    """``hands``, ``hand_seats`` or ``rulings``."""
    row: str
    """Which row, in words (``hand id 3 (#1)``, ``hand id 3 seat 2``, ``the ruling at seq 40``)."""
    column: str
    stored: Any
    expected: Any
    seq: int | None
    """The event the expected value comes from."""
    hand_id: int | None = None

    def __str__(self) -> str:
        where = f"table {self.table_id}: {self.table} row {self.row}"
        at = "" if self.seq is None else f" (seq {self.seq})"
        if self.column == "":
            return f"{where}: {self.stored}{at}"
        return f"{where}: {self.table}.{self.column} = {_shown(self.stored)}, but the chain says {_shown(self.expected)}{at}"


@dataclass(slots=True)
class Rebuilt:
    """One table's projections as the chain says they must be."""

    hands: dict[int, dict[str, Any]] = field(default_factory=dict)
    seats: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    rulings: dict[int, dict[str, Any]] = field(default_factory=dict)
    """By the ruling event's ``seq``."""
    sources: dict[tuple[str, int], int] = field(default_factory=dict)
    """(table, hand id or ruling seq) -> the seq of the last event that set that row."""
    problems: list[ProjectionMismatch] = field(default_factory=list)
    """Hands that no longer replay."""


def rebuild(events: Iterable[StoredEvent]) -> Rebuilt:
    """The table's ``hands``, ``hand_seats`` and ``rulings`` rows, from its events in ``seq`` order."""
    rebuilt = Rebuilt()
    setups: dict[int, HandSetup] = {}
    plays: dict[int, list[Event]] = {}
    for event in events:
        hand_id = event.hand_id
        if event.kind in HAND_EVENT_KINDS:
            if hand_id is not None:
                record = event.record()
                assert isinstance(record, Event)
                plays.setdefault(hand_id, []).append(record)
            continue
        record = event.record()
        if isinstance(record, HandStarted | HandOpened) and hand_id is not None:
            setup = record.plan.setup if isinstance(record, HandStarted) else record.setup
            players = dict(record.plan.players) if isinstance(record, HandStarted) else dict(record.players)
            setups[hand_id] = setup
            _open_hand(rebuilt, event, hand_id, setup, players, record.plan.number if isinstance(record, HandStarted) else record.number)
        elif isinstance(record, HandFinished | HandMisdealt | HandClosed) and hand_id in rebuilt.hands and hand_id is not None:
            _close_hand(rebuilt, event, hand_id, record, setups[hand_id], plays.get(hand_id, []))
        elif isinstance(record, HandFlagged) and hand_id in rebuilt.hands and hand_id is not None:
            rebuilt.hands[hand_id].update(flagged=True, flag_reason=record.reason)
            rebuilt.sources[("hands", hand_id)] = event.seq
        elif isinstance(record, RulingRecorded):
            rebuilt.rulings[event.seq] = dict(
                table_id=event.table_id, hand_id=hand_id, floor_manager=record.floor_manager, rule=record.rule,
                decision=record.decision, pot_held=record.pot_held, disputed_amount=record.disputed_amount,
                reportable=record.reportable, late=record.late, recorded_at=event.recorded_at,
            )
            if hand_id in rebuilt.hands and hand_id is not None:
                rebuilt.hands[hand_id]["ruled"] = True
                rebuilt.sources[("hands", hand_id)] = event.seq
    return rebuilt


def _open_hand(rebuilt: Rebuilt, event: StoredEvent, hand_id: int, setup: HandSetup, players: Mapping[int, str], number: int) -> None:
    game = setup.game
    rebuilt.hands[hand_id] = dict(
        table_id=event.table_id, number=number, status=HandStatus.OPEN.value, started_at=event.recorded_at, finished_at=None,
        game=game.variant.code, structure=game.structure.value, small_blind=game.stakes.small_blind,
        big_blind=game.stakes.big_blind, button=setup.button, setup=canonical_json(to_data(setup)), first_seq=event.seq,
        dealer=event.actor or None, pot_total=0, rake=0, flagged=False, flag_reason=None, ruled=False,
    )
    rebuilt.sources[("hands", hand_id)] = event.seq
    for seat, stack in setup.stacks.items():
        rebuilt.seats[(hand_id, seat)] = dict(table_id=event.table_id, started_at=event.recorded_at, player=players.get(seat),
                                              starting_stack=stack, final_stack=None)


def _close_hand(rebuilt: Rebuilt, event: StoredEvent, hand_id: int, record: HandFinished | HandMisdealt | HandClosed,
                setup: HandSetup, plays: list[Event]) -> None:
    row = rebuilt.hands[hand_id]
    if isinstance(record, HandClosed):
        status, stacks, pot, rake = record.status, dict(record.final_stacks), record.pot_total, record.rake + record.jackpot
    elif isinstance(record, HandMisdealt):
        status, stacks, pot, rake = HandStatus.MISDEALT.value, dict(record.plan.setup.stacks), 0, 0
    else:
        status, stacks, rake = HandStatus.COMPLETE.value, dict(record.final_stacks), record.rake + record.jackpot
        try:
            result = replay(setup, plays).result
        except (ReplayStepError, EngineError) as error:
            rebuilt.problems.append(ProjectionMismatch(event.table_id, "hands", _hand_name(hand_id, row), "",
                                                       f"hand does not replay from the chain ({error})", None, event.seq, hand_id))
            return
        pot = 0 if result is None else result.audit.awarded + result.audit.rake + result.audit.jackpot
    row.update(status=status, finished_at=event.recorded_at, pot_total=pot, rake=rake)
    rebuilt.sources[("hands", hand_id)] = event.seq
    for seat, stack in stacks.items():
        if (hand_id, seat) in rebuilt.seats:
            rebuilt.seats[(hand_id, seat)]["final_stack"] = stack


def compare_rows(
    table_id: int,
    rebuilt: Rebuilt,
    *,
    hands: Mapping[int, Mapping[str, Any]],
    seats: Mapping[tuple[int, int], Mapping[str, Any]],
    rulings: Mapping[int, Mapping[str, Any]],
) -> list[ProjectionMismatch]:
    """Every stored row (as read, ``dealer``/``player``/``floor_manager`` as names) that differs from ``rebuilt``."""
    out = list(rebuilt.problems)
    for hand_id, expected in rebuilt.hands.items():
        name = _hand_name(hand_id, expected)
        out += _compare(table_id, "hands", name, hands.get(hand_id), expected, HAND_COLUMNS,
                        rebuilt.sources.get(("hands", hand_id)), hand_id)
    for hand_id, stored in hands.items():
        if hand_id not in rebuilt.hands:
            out.append(ProjectionMismatch(table_id, "hands", _hand_name(hand_id, stored), "", "no event of the chain opened this hand",
                                          None, None, hand_id))
    for (hand_id, seat), expected in rebuilt.seats.items():
        out += _compare(table_id, "hand_seats", f"hand id {hand_id} seat {seat}", seats.get((hand_id, seat)), expected, SEAT_COLUMNS,
                        rebuilt.sources.get(("hands", hand_id)), hand_id)
    for hand_id, seat in seats:
        if (hand_id, seat) not in rebuilt.seats:
            out.append(ProjectionMismatch(table_id, "hand_seats", f"hand id {hand_id} seat {seat}", "",
                                          "no event of the chain dealt this seat in", None, None, hand_id))
    for seq, expected in rebuilt.rulings.items():
        out += _compare(table_id, "rulings", f"of the ruling at seq {seq}", rulings.get(seq), expected, RULING_COLUMNS, seq,
                        expected["hand_id"])
    for seq, stored in rulings.items():
        if seq not in rebuilt.rulings:
            out.append(ProjectionMismatch(table_id, "rulings", f"of the ruling at seq {seq}", "", "no ruling event at that seq",
                                          None, seq, stored.get("hand_id")))
    return out


def _compare(table_id: int, table: str, name: str, stored: Mapping[str, Any] | None, expected: Mapping[str, Any],
             columns: tuple[str, ...], seq: int | None, hand_id: int | None) -> list[ProjectionMismatch]:
    if stored is None:
        return [ProjectionMismatch(table_id, table, name, "", "the row is missing", None, seq, hand_id)]
    return [ProjectionMismatch(table_id, table, name, column, stored.get(column), expected[column], seq, hand_id)
            for column in columns if _normal(column, stored.get(column)) != _normal(column, expected[column])]


def _normal(column: str, value: Any) -> Any:
    if isinstance(value, datetime):
        return (value if value.tzinfo is not None else value.replace(tzinfo=UTC)).astimezone(UTC)
    if column == "setup" and isinstance(value, str):
        try:
            return canonical_json(json.loads(value))
        except ValueError:
            return value
    if column in ("flagged", "ruled", "pot_held", "reportable", "late") and value is not None:
        return bool(value)
    if column in ("dealer", "player", "flag_reason") and value == "":
        return None
    return value


def _hand_name(hand_id: int, row: Mapping[str, Any]) -> str:
    number = row.get("number")
    return f"hand id {hand_id}" + ("" if number is None else f" (#{number})")


def _shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["HAND_COLUMNS", "RULING_COLUMNS", "SEAT_COLUMNS", "ProjectionMismatch", "Rebuilt", "compare_rows", "rebuild"]
