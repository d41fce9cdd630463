"""The store's values: an event as stored, staff members and accounts, tables, purge reports."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from dealer_console.engine.events import EVENT_TYPES
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.store.codec import Record, decode, record_from_payload
from dealer_console.store.errors import (
    StoreError,
)
from dealer_console.store.kinds import HandStatus, Role, Source
from dealer_console.store.records import HandClosed

if TYPE_CHECKING:
    from sqlalchemy import Row

HAND_EVENT_KINDS = tuple(EVENT_TYPES)
"""The kinds a :class:`~dealer_console.engine.hand.Hand` replays."""


def utc_now() -> datetime:
    """The wall clock, in UTC with microseconds."""
    return datetime.now(UTC)


def aware(moment: datetime | None) -> datetime | None:
    # SQLite hands back naive datetimes; every moment the store writes is UTC
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event as stored: its place in the table's chain, where it came from, and its record."""

    table_id: int
    seq: int
    hand_id: int | None
    recorded_at: datetime
    frame_at: datetime | None
    source: Source
    actor: str
    kind: str
    payload: Mapping[str, Any]
    voids_seq: int | None
    evidence_sha256: str | None
    hash: str

    def record(self) -> Record:
        """The engine's (or the store's) record this event holds."""
        return record_from_payload(self.kind, self.payload)

    @classmethod
    def from_row(cls, row: Row[Any]) -> StoredEvent:
        """Read a row of ``events``."""
        return cls(
            table_id=row.table_id, seq=row.seq, hand_id=row.hand_id, recorded_at=aware(row.recorded_at) or row.recorded_at,
            frame_at=aware(row.frame_at), source=Source(row.source), actor=row.actor, kind=row.kind,
            payload=json.loads(row.payload), voids_seq=row.voids_seq, evidence_sha256=row.evidence_sha256, hash=row.hash,
        )


@dataclass(frozen=True, slots=True)
class StaffMember:
    """A signed-in dealer or floor manager."""

    id: int
    name: str
    role: Role


@dataclass(frozen=True, slots=True)
class StaffAccount:
    """A staff account as the floor sees it in a list."""

    name: str
    role: Role
    active: bool
    failed_sign_ins: int
    locked_at: datetime | None


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table of the room."""

    id: int
    name: str
    events: int
    """Events in its log."""


@dataclass(frozen=True, slots=True)
class PurgeReport:
    """What a retention purge removed."""

    purged: int
    kept_held: int
    bytes_freed: int



def hand_closed_record(hand: Hand, *, number: int) -> HandClosed:
    """The :class:`HandClosed` record of a hand that is over (complete or misdealt)."""
    if hand.result is not None:
        audit = hand.result.audit
        return HandClosed(number=number, status=HandStatus.COMPLETE.value, final_stacks=tuple(sorted(hand.result.final_stacks.items())),
                          pot_total=audit.awarded + audit.rake + audit.jackpot, rake=hand.result.rake, jackpot=hand.result.jackpot)
    if not hand.is_complete:
        raise StoreError(f"hand #{number} is not over ({hand.phase.value}); it cannot be closed")
    return HandClosed(number=number, status=HandStatus.MISDEALT.value, final_stacks=tuple(sorted(hand.setup.stacks.items())), pot_total=0)


def decode_setup(text: str) -> HandSetup:
    """A :class:`HandSetup` from its stored JSON."""
    return decode(HandSetup, json.loads(text))


@dataclass(frozen=True, slots=True)
class ReportHand:
    """A hand as the floor's shift and day summaries count it: its status, flag, pot, and the rake and jackpot drop of its close."""

    table_id: int
    status: HandStatus
    flagged: bool
    pot_total: int
    rake: int
    """Rake of its closing records (``hand_closed``, ``hand_finished``)."""
    jackpot: int


@dataclass(frozen=True, slots=True)
class HistoryExtent:
    """How much history a store holds: hands, when the first and the last started, and the lowest table id."""

    hands: int
    first_table_id: int | None
    first_started_at: datetime | None
    last_started_at: datetime | None


__all__ = [
    "HAND_EVENT_KINDS", "HistoryExtent", "PurgeReport", "ReportHand", "StaffAccount", "StaffMember", "StoredEvent", "TableInfo",
    "aware", "decode_setup", "hand_closed_record", "utc_now",
]
