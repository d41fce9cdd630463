"""Where the floor's review reads hands from: a store (a table's SQLite, a PostgreSQL store), or the card room's log.

:class:`ReviewSource` is what :class:`~dealer_console.floor.review.HandReview`, the reports and the
review window need: search hands, read one hand's events and set-up, its players and evidence,
check its links and verify the table's chain, find the next hand (for SPEC's dispute windows), and
say whether a name is a floor manager's. :class:`StoreSource` reads a :class:`Store`;
:class:`~dealer_console.floor.room_source.RoomSource` reads ``room_events`` on the card room's server.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from dealer_console.engine.events import EVENT_TYPES, Event
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.replay import ReplayStepError, replay_into
from dealer_console.store.chain import GENESIS, ChainReport, LinkRow, link_hash, row_content
from dealer_console.store.errors import RecordNotFoundError
from dealer_console.store.kinds import Role
from dealer_console.store.search import HandQuery, HandSummary
from dealer_console.store.store import Store
from dealer_console.store.stored import StoredEvent, TableInfo


@dataclass(frozen=True, slots=True)
class NextHand:
    """The hand after a disputed one at the same table: when it started and when it reached substantial action."""

    number: int
    started_at: datetime
    started_seq: int
    substantial_at: datetime | None
    substantial_seq: int | None


class ReviewSource(Protocol):
    """What the floor's review reads (and, where it may, writes)."""

    @property
    def where(self) -> str:
        """The database, as shown to the floor (no password)."""

    @property
    def writable(self) -> bool:
        """Whether corrections and rulings can be recorded here."""

    def now(self) -> datetime: ...

    def tables(self) -> list[TableInfo]: ...

    def search_hands(self, query: HandQuery) -> list[HandSummary]: ...

    def hand(self, hand_id: int) -> HandSummary: ...

    def hand_setup(self, hand_id: int) -> HandSetup: ...

    def hand_events(self, hand_id: int) -> list[StoredEvent]: ...

    def players(self, hand_id: int) -> dict[int, str]: ...

    def evidence(self, sha256: str) -> bytes: ...

    def media_types(self, hashes: Sequence[str]) -> dict[str, str]: ...

    def check_links(self, table_id: int, seqs: Sequence[int]) -> list[str]:
        """Problems found re-checking the links of these events (each against the event before it); empty when sound."""

    def verify_table(self, table_id: int) -> ChainReport: ...

    def next_hand(self, hand_id: int) -> NextHand | None: ...

    def is_floor_manager(self, name: str) -> bool: ...

    def refresh(self) -> int:
        """Read what arrived since the last call; return how many new events (the window polls this)."""


class StoreSource:
    """A :class:`Store` as the review reads it (SQLite or PostgreSQL, the store's own schema)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._heads: dict[int, int] = {}

    @property
    def where(self) -> str:
        return self.store.target.shown

    @property
    def writable(self) -> bool:
        return True

    def now(self) -> datetime:
        return self.store.now()

    def tables(self) -> list[TableInfo]:
        return self.store.tables()

    def search_hands(self, query: HandQuery) -> list[HandSummary]:
        return self.store.search_hands(query)

    def hand(self, hand_id: int) -> HandSummary:
        return self.store.hand(hand_id)

    def hand_setup(self, hand_id: int) -> HandSetup:
        return self.store.hand_setup(hand_id)

    def hand_events(self, hand_id: int) -> list[StoredEvent]:
        return self.store.events(self.store.hand(hand_id).table_id, hand_id=hand_id)

    def players(self, hand_id: int) -> dict[int, str]:
        return self.store.hand_players(hand_id)

    def evidence(self, sha256: str) -> bytes:
        return self.store.evidence(sha256)

    def media_types(self, hashes: Sequence[str]) -> dict[str, str]:
        return self.store.media_types(hashes)

    def check_links(self, table_id: int, seqs: Sequence[int]) -> list[str]:
        wanted = sorted(set(seqs) | {seq - 1 for seq in seqs if seq > 1})
        return check_rows(table_id, self.store.event_links(table_id, seqs=wanted), seqs)

    def verify_table(self, table_id: int) -> ChainReport:
        return self.store.verify_log(table_id)[0]

    def next_hand(self, hand_id: int) -> NextHand | None:
        following = self.store.next_hand_id(hand_id)
        if following is None:
            return None
        return next_hand_from(self.store.hand(following).number, self.store.hand_setup(following), self.hand_events(following))

    def is_floor_manager(self, name: str) -> bool:
        try:
            return self.store.staff_member(name).role is Role.FLOOR_MANAGER
        except RecordNotFoundError:
            return False

    def refresh(self) -> int:
        heads = {table.id: table.events for table in self.store.tables()}
        new = sum(max(0, last - self._heads.get(table_id, 0)) for table_id, last in heads.items()) if self._heads else 0
        self._heads = heads
        return new


def next_hand_from(number: int, setup: HandSetup, events: Iterable[StoredEvent]) -> NextHand | None:
    """When a hand started (its first event) and when it reached substantial action (TDA), from its stored events."""
    stored = list(events)
    if not stored:
        return None
    hand = Hand(setup)
    for event in stored:
        if event.kind not in EVENT_TYPES:
            continue
        record = event.record()
        assert isinstance(record, Event)
        try:
            replay_into(hand, [record])
        except ReplayStepError:  # a next hand that does not replay cannot say when it reached substantial action
            break
        if hand.substantial_action:
            return NextHand(number, stored[0].recorded_at, stored[0].seq, event.recorded_at, event.seq)
    return NextHand(number, stored[0].recorded_at, stored[0].seq, None, None)


def check_rows(table_id: int, rows: Sequence[LinkRow], seqs: Sequence[int]) -> list[str]:
    """Check each event of ``seqs`` against its own content and its predecessor's hash (rows hold both)."""
    by_seq = {row.seq: row for row in rows}
    problems = []
    for seq in sorted(seqs):
        row = by_seq.get(seq)
        if row is None:
            problems.append(f"table {table_id}: seq {seq} is missing from the log (deleted)")
            continue
        previous = GENESIS if seq == 1 else (by_seq[seq - 1].hash if seq - 1 in by_seq else None)
        if previous is None:
            problems.append(f"table {table_id}: seq {seq - 1}, before seq {seq} ({row.kind}), is missing from the log (deleted)")
            continue
        if link_hash(previous, row_content(row)) != row.hash:
            problems.append(f"table {table_id}: seq {seq} ({row.kind}) does not match its hash: the event was changed in the database"
                            " after it was recorded")
    return problems


__all__ = ["NextHand", "ReviewSource", "StoreSource", "check_rows", "next_hand_from"]
