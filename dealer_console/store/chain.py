"""The hash chain over each table's log, and its verification.

Each event's ``hash`` is ``SHA-256(previous hash + "\\n" + canonical JSON of every other stored
column)``; the first event of a table follows :data:`GENESIS`. The canonical JSON has sorted keys,
no spaces, times as UTC ISO 8601 with microseconds, and the payload's stored JSON text as it is
(itself canonical JSON, so one byte changed anywhere shows). So changing any
stored column of an event breaks its own link; deleting, inserting or moving an event breaks the
link of the event after it (its hash covers the hash of the event that was there); and the
``chain_heads`` row, updated in the same transaction as each append, catches events cut off the end.

A chain alone detects changes made by anyone who does not rewrite every later hash as well; the
head is therefore signed by the console's key (:mod:`.keys`), checked by :mod:`.verification`, and
shipped to the room, which keeps every signed head it receives. :attr:`ChainReport.head_hash`
quoted somewhere else (a report, a receipt) anchors the record too: a rewritten log no longer ends on it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from dealer_console.store.codec import canonical_json, utc_text

GENESIS = "0" * 64
"""The "previous hash" of a table's first event."""

HASHED_COLUMNS = (
    "table_id", "seq", "hand_id", "recorded_at", "frame_at", "source", "actor", "kind", "payload", "voids_seq", "evidence_sha256",
)
"""Every stored column of an event except ``hash`` itself."""


@dataclass(frozen=True, slots=True)
class LinkRow:
    """A stored event as the chain reads it: every hashed column, the payload as its stored text, times timezone-aware."""

    table_id: int
    seq: int
    hand_id: int | None
    recorded_at: datetime
    frame_at: datetime | None
    source: str
    actor: str
    kind: str
    payload: str
    voids_seq: int | None
    evidence_sha256: str | None
    hash: str

    @classmethod
    def of(cls, row: Any) -> LinkRow:
        """Read a row of the store's ``events`` or of the room's ``room_events`` (any object with those columns)."""
        return cls(int(row.table_id), int(row.seq), row.hand_id, _utc(row.recorded_at), None if row.frame_at is None else _utc(row.frame_at),
                   str(row.source), str(row.actor), str(row.kind), str(row.payload), row.voids_seq, row.evidence_sha256,
                   str(row.hash).strip())


def _utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; every moment the store writes is UTC
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def link_content(
    *,
    table_id: int,
    seq: int,
    hand_id: int | None,
    recorded_at: datetime,
    frame_at: datetime | None,
    source: str,
    actor: str,
    kind: str,
    payload: str,
    voids_seq: int | None,
    evidence_sha256: str | None,
) -> dict[str, Any]:
    """The hashed content of an event (``payload``: the stored JSON text, byte for byte; times as UTC text)."""
    return {
        "table_id": table_id,
        "seq": seq,
        "hand_id": hand_id,
        "recorded_at": utc_text(recorded_at),
        "frame_at": None if frame_at is None else utc_text(frame_at),
        "source": source,
        "actor": actor,
        "kind": kind,
        "payload": payload,
        "voids_seq": voids_seq,
        "evidence_sha256": evidence_sha256,
    }


def link_hash(previous_hash: str, content: Mapping[str, Any]) -> str:
    """The hash of an event whose predecessor's hash is ``previous_hash``."""
    return hashlib.sha256((previous_hash + "\n" + canonical_json(content)).encode("utf-8")).hexdigest()


def row_content(row: LinkRow) -> dict[str, Any]:
    """The hashed content of a stored event."""
    return link_content(
        table_id=row.table_id, seq=row.seq, hand_id=row.hand_id, recorded_at=row.recorded_at, frame_at=row.frame_at,
        source=row.source, actor=row.actor, kind=row.kind, payload=row.payload, voids_seq=row.voids_seq,
        evidence_sha256=row.evidence_sha256,
    )


@dataclass(frozen=True, slots=True)
class ChainBreak:
    """The first broken link of a table's chain: the event where verification fails, and why."""

    table_id: int
    seq: int
    kind: str
    reason: str

    def __str__(self) -> str:
        return f"table {self.table_id}: first broken link at seq {self.seq} ({self.kind}): {self.reason}"


@dataclass(frozen=True, slots=True)
class ChainReport:
    """What verifying one table's log found."""

    table_id: int
    table_name: str
    events: int
    """Events checked (up to and including the first broken link)."""
    last_seq: int
    head_hash: str
    """The hash of the last event checked: quote it elsewhere to anchor the record."""
    broken: ChainBreak | None = None
    key_id: str | None = None
    """The fingerprint of the console key whose signature of the head was checked (``None``: not checked)."""
    mismatches: tuple[str, ...] = ()
    """``verify-log --deep``: each row of the floor's tables that differs from what the chain says."""

    @property
    def intact(self) -> bool:
        """True when every link holds and the log ends where its (signed) head says."""
        return self.broken is None

    @property
    def sound(self) -> bool:
        """Intact, and no projection row differs from the chain (as far as it was checked)."""
        return self.broken is None and not self.mismatches

    def describe(self) -> str:
        """One line for the floor (intact with its head hash, or the first broken link), then one per mismatched row."""
        name = f"table {self.table_id} ({self.table_name})"
        if self.broken is None:
            signed = "" if self.key_id is None else f", signed by key {self.key_id[:16]}"
            line = f"{name}: {self.events} events, chain intact, head seq {self.last_seq} hash {self.head_hash}{signed}"
        else:
            line = f"{name}: BROKEN: {self.broken}"
        return "\n".join([line, *(f"{name}: PROJECTION DIFFERS: {mismatch}" for mismatch in self.mismatches)])


def verify_chain(
    table_id: int,
    table_name: str,
    rows: Iterable[LinkRow],
    *,
    head: tuple[int, str] | None,
) -> ChainReport:
    """Check a table's events in ``seq`` order against each other and against the chain head.

    Stops at the first broken link; ``head`` is the ``(last_seq, last_hash)`` of ``chain_heads``.
    """
    previous = GENESIS
    expected = 1
    count = 0
    last_kind = "-"
    for row in rows:
        count += 1
        if row.seq != expected:
            missing = f"seq {expected}" if row.seq == expected + 1 else f"seq {expected} to {row.seq - 1}"
            return _broken(table_id, table_name, count, row, previous,
                           f"{missing} missing before it (deleted, or events renumbered)")
        digest = link_hash(previous, row_content(row))
        if digest != row.hash:
            reason = (
                "its hash does not match its content and the previous event's hash "
                "(the event was edited, inserted or moved, or the one before it was removed)"
            )
            return _broken(table_id, table_name, count, row, previous, reason)
        previous = row.hash
        expected += 1
        last_kind = row.kind
    last_seq = expected - 1
    if head is None:
        if count:
            return ChainReport(table_id, table_name, count, last_seq, previous,
                               ChainBreak(table_id, last_seq, last_kind, "the table's chain head record is missing"))
        return ChainReport(table_id, table_name, 0, 0, previous)
    head_seq, head_hash = head
    if head_seq > last_seq:
        reason = f"the log ends here but its head is at seq {head_seq}: seq {last_seq + 1} onwards missing (deleted)"
        return ChainReport(table_id, table_name, count, last_seq, previous, ChainBreak(table_id, last_seq, last_kind, reason))
    if head_seq != last_seq or head_hash != previous:
        reason = f"the chain head (seq {head_seq}, hash {head_hash[:12]}...) does not match the last event"
        return ChainReport(table_id, table_name, count, last_seq, previous, ChainBreak(table_id, last_seq, last_kind, reason))
    return ChainReport(table_id, table_name, count, last_seq, previous)


def _broken(table_id: int, table_name: str, count: int, row: LinkRow, previous: str, reason: str) -> ChainReport:
    return ChainReport(table_id, table_name, count, row.seq - 1, previous, ChainBreak(table_id, row.seq, row.kind, reason))


__all__ = [
    "ChainBreak", "ChainReport", "GENESIS", "HASHED_COLUMNS", "LinkRow", "link_content", "link_hash", "row_content",
    "verify_chain",
]
