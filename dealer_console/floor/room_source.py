"""The card room's shipped log (``room_events`` on its PostgreSQL, see docs/room.md) as the floor's review reads it.

The server keeps every table's events verbatim and no projections, and the floor's role may only
read them, so :class:`RoomSource` builds its own index as it reads: :meth:`RoomSource.refresh`
(called at start, then polled by the review window) reads each table's events after the last one
it has, through the primary key, and

- checks every new event's link as it arrives: its ``prev_hash`` is the hash it holds for the event
  before, and its hash is the hash of that and its own content (the chain of docs/store.md);
- remembers each event's hash (32 bytes an event), so an event changed later in the database is
  found when a hand is opened (:meth:`check_links`) or the table verified (:meth:`verify_table`),
  even if whoever changed it rewrote the hashes too;
- keeps one summary per hand (table, number, times, game, stakes, players, pot, flags, rulings) for
  the floor's searches, in memory, replaying each hand's engine events once as they arrive.

Hands get the review's own ids here (a console's hand ids are its own, so two tables both have a
hand id 1); a hand is named to the floor by table and number. Camera images come from
``room_evidence`` (shipped with the events, checked against their SHA-256 on every read).

The floor records rulings here too: :meth:`RoomSource.sign_in` opens a session on the room's server
(:mod:`dealer_console.room.floor_session`), and :meth:`RoomSource.record_ruling` records a ruling in
``room_rulings`` under that session, so the server names the signed-in floor manager and the
database login whatever the caller says. The index reads those rulings with the events.
"""

from __future__ import annotations

import heapq
import json
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dealer_console.config import StoreSettings
from dealer_console.engine.events import EVENT_TYPES, Event
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.replay import ReplayStepError, replay_into
from dealer_console.engine.table_events import HandFinished, HandMisdealt, HandStarted
from dealer_console.floor.source import NextHand, check_rows, next_hand_from
from dealer_console.room import evidence, floor_session, log
from dealer_console.room.floor_session import FloorSession, RoomRuling
from dealer_console.store.chain import GENESIS, ChainBreak, ChainReport, LinkRow, link_hash, row_content, verify_chain
from dealer_console.store.errors import NotAuthorizedError, RecordNotFoundError, ReplayError, StoreUnavailableError
from dealer_console.store.kinds import HandStatus, Role
from dealer_console.store.records import HandClosed, HandOpened, TableOpened
from dealer_console.store.search import HandQuery, HandSummary
from dealer_console.store.stored import StaffMember, StoredEvent, TableInfo

_BATCH = 5000


@dataclass(slots=True)
class RoomHand:
    """One hand of the room, as the index keeps it for searches."""

    id: int
    table_id: int
    local_id: int
    number: int
    started_at: datetime
    setup: HandSetup
    players: dict[int, str]
    first_seq: int
    last_seq: int
    status: HandStatus = HandStatus.OPEN
    finished_at: datetime | None = None
    pot_total: int = 0
    rake: int = 0
    flagged: bool = False
    flag_reason: str | None = None
    ruled: bool = False
    reportable: bool = False
    hand: Hand | None = None
    """The engine's replay while the hand is open (dropped once it is over)."""

    def summary(self) -> HandSummary:
        game = self.setup.game
        return HandSummary(self.id, self.table_id, self.number, self.status, self.started_at, self.finished_at, game.variant.code,
                           game.structure.value, game.stakes.small_blind, game.stakes.big_blind, self.setup.button, self.pot_total,
                           self.rake, self.flagged, self.flag_reason)


@dataclass(slots=True)
class RoomTable:
    """What the index holds of one table's shipped log."""

    id: int
    name: str = ""
    last_seq: int = 0
    last_hash: str = GENESIS
    hashes: bytearray = field(default_factory=bytearray)
    """The hash of each event read, 32 bytes per ``seq`` (seq 1 first)."""
    broken: ChainBreak | None = None
    hands: dict[int, int] = field(default_factory=dict)
    """The console's hand id -> the review's id."""
    numbers: dict[int, int] = field(default_factory=dict)
    """Hand number -> the review's id."""
    open_hand: int | None = None

    def hash_at(self, seq: int) -> str:
        return self.hashes[(seq - 1) * 32:seq * 32].hex()


class RoomSource:
    """The card room's ``room_events``, read-only, every table, refreshed by :meth:`refresh`."""

    def __init__(self, url: str, *, connect_timeout_s: float = 5.0,
                 reportable_threshold: int = StoreSettings().reportable_threshold) -> None:
        import psycopg

        self._url = log.libpq_url(url)
        self._shown = _hide_password(self._url)
        try:
            self._connection: Any = log.connect(self._url, autocommit=True, named_rows=True, connect_timeout_s=connect_timeout_s)
            self._connection.execute("SET default_transaction_read_only = on")
        except psycopg.Error as error:
            raise StoreUnavailableError(f"cannot reach the card room's database {self._shown}: {_first_line(error)}",
                                        url=self._shown) from error
        self._lock = threading.RLock()
        self._tables: dict[int, RoomTable] = {}
        self._hands: list[RoomHand] = []
        self._staff_known: bool | None = None
        self._session: FloorSession | None = None
        self._rulings: list[RoomRuling] = []
        self.reportable_threshold = reportable_threshold

    # ------------------------------------------------------------------ reading the log

    @property
    def where(self) -> str:
        return f"the card room's log at {self._shown}"

    @property
    def writable(self) -> bool:
        return False

    @property
    def records_rulings(self) -> bool:
        """The floor records rulings in the room (``room_rulings``), under a session opened by :meth:`sign_in`."""
        return True

    def close(self) -> None:
        with self._lock:
            if self._session is not None and not self._connection.closed:
                try:
                    floor_session.sign_out(self._connection, self._session)
                except Exception:  # closing anyway: an unreachable server ends nothing it could still use
                    pass
            self._session = None
            self._connection.close()

    def now(self) -> datetime:
        return datetime.now(UTC)

    def refresh(self) -> int:
        """Read every table's new events; return how many arrived."""
        import psycopg

        with self._lock:
            try:
                new = 0
                for table_id in log.table_ids(self._connection):
                    table = self._tables.setdefault(table_id, RoomTable(table_id))
                    while True:
                        rows = log.events_after(self._connection, table_id, table.last_seq, _BATCH)
                        for row in rows:
                            self._read(table, row)
                        new += len(rows)
                        if len(rows) < _BATCH:
                            break
                self._read_rulings()
                return new
            except psycopg.Error as error:
                raise StoreUnavailableError(f"reading the card room's log at {self._shown}: {_first_line(error)}", url=self._shown) from error

    def _read_rulings(self) -> None:
        for ruling in floor_session.rulings_after(self._connection, self._rulings[-1].id if self._rulings else 0):
            self._rulings.append(ruling)
            table = self._tables.get(ruling.table_id)
            if table is not None and ruling.hand_number in table.numbers:
                hand = self._hands[table.numbers[ruling.hand_number] - 1]
                hand.ruled = True
                hand.reportable = hand.reportable or ruling.reportable

    def _read(self, table: RoomTable, row: Any) -> None:
        link = LinkRow.of(row)
        if table.broken is None:
            expected = link_hash(table.last_hash, row_content(link))
            if row.seq != table.last_seq + 1:
                table.broken = ChainBreak(table.id, row.seq, link.kind, f"seq {table.last_seq + 1} missing before it")
            elif str(row.prev_hash).strip() != table.last_hash or expected != link.hash:
                table.broken = ChainBreak(table.id, row.seq, link.kind, "its hash does not match its content and the previous"
                                          " event's hash (the event was edited, inserted or moved)")
        table.last_seq, table.last_hash = int(row.seq), link.hash
        table.hashes += bytes.fromhex(link.hash)
        kind = link.kind
        if kind == TableOpened.kind:
            table.name = str(json.loads(link.payload).get("name", ""))
        elif kind in (HandOpened.kind, HandStarted.kind):
            self._open_hand(table, row, link)
        elif row.hand_id is not None and int(row.hand_id) in table.hands:
            self._hand_event(table, self._hands[table.hands[int(row.hand_id)] - 1], row, link)

    def _open_hand(self, table: RoomTable, row: Any, link: LinkRow) -> None:
        record = StoredEvent.from_row(row).record()
        if isinstance(record, HandStarted):
            setup, number, players = record.plan.setup, record.plan.number, dict(record.plan.players)
        else:
            assert isinstance(record, HandOpened)
            setup, number, players = record.setup, record.number, dict(record.players)
        hand = RoomHand(len(self._hands) + 1, table.id, int(row.hand_id), number, link.recorded_at, setup, players, link.seq, link.seq,
                        hand=Hand(setup))
        self._hands.append(hand)
        table.hands[hand.local_id] = hand.id
        table.numbers[number] = hand.id
        table.open_hand = hand.id

    def _hand_event(self, table: RoomTable, hand: RoomHand, row: Any, link: LinkRow) -> None:
        hand.last_seq = link.seq
        kind = link.kind
        if kind in EVENT_TYPES and hand.hand is not None:
            record = StoredEvent.from_row(row).record()
            assert isinstance(record, Event)
            try:
                replay_into(hand.hand, [record])
            except ReplayStepError:  # the review names the event that does not replay when the hand is opened
                hand.hand = None
            return
        payload = json.loads(link.payload)
        if kind in (HandClosed.kind, HandFinished.kind, HandMisdealt.kind):
            hand.finished_at = link.recorded_at
            if kind == HandClosed.kind:
                hand.status = HandStatus(payload["status"])
                hand.pot_total = int(payload.get("pot_total", 0))
                hand.rake = int(payload.get("rake", 0)) + int(payload.get("jackpot", 0))
            elif kind == HandMisdealt.kind:
                hand.status = HandStatus.MISDEALT
            else:
                hand.status = HandStatus.COMPLETE
                result = None if hand.hand is None else hand.hand.result
                if result is not None:
                    hand.pot_total = result.audit.awarded + result.audit.rake + result.audit.jackpot
                hand.rake = int(payload.get("rake", 0)) + int(payload.get("jackpot", 0))
            hand.hand = None
            if table.open_hand == hand.id:
                table.open_hand = None
        elif kind == "flag":
            hand.flagged, hand.flag_reason = True, str(payload.get("reason", ""))
        elif kind == "ruling":
            hand.ruled = True
            hand.reportable = hand.reportable or bool(payload.get("reportable"))

    # ------------------------------------------------------------------ what the review asks

    def tables(self) -> list[TableInfo]:
        with self._lock:
            return [TableInfo(t.id, t.name or f"table {t.id}", t.last_seq) for t in sorted(self._tables.values(), key=lambda t: t.id)]

    def search_hands(self, query: HandQuery) -> list[HandSummary]:
        with self._lock:
            found = heapq.nlargest(query.limit, self._matching(query), key=lambda h: (h.started_at, h.id))
            return [hand.summary() for hand in found]

    def _matching(self, query: HandQuery) -> Iterator[RoomHand]:
        for hand in self._hands:
            if query.table_id is not None and hand.table_id != query.table_id:
                continue
            if query.since is not None and hand.started_at < query.since:
                continue
            if query.until is not None and hand.started_at >= query.until:
                continue
            if query.before is not None and hand.started_at >= query.before:
                continue
            if query.seat is not None and query.seat not in hand.setup.stacks:
                continue
            if query.player is not None and query.player not in hand.players.values():
                continue
            if query.min_pot is not None and hand.pot_total < query.min_pot:
                continue
            if query.max_pot is not None and hand.pot_total > query.max_pot:
                continue
            if query.flagged is not None and hand.flagged != query.flagged:
                continue
            if query.reportable and not hand.reportable:
                continue
            if query.with_ruling is not None and hand.ruled != query.with_ruling:
                continue
            if query.status is not None and hand.status is not query.status:
                continue
            yield hand

    def _hand(self, hand_id: int) -> RoomHand:
        if not 1 <= hand_id <= len(self._hands):
            raise RecordNotFoundError(f"no hand id {hand_id} in {self.where}")
        return self._hands[hand_id - 1]

    def hand(self, hand_id: int) -> HandSummary:
        with self._lock:
            return self._hand(hand_id).summary()

    def hand_id(self, table_id: int, number: int) -> int:
        """The review's id of a table's hand #number."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is None or number not in table.numbers:
                raise RecordNotFoundError(f"no hand #{number} at table {table_id} in {self.where}")
            return table.numbers[number]

    def hand_setup(self, hand_id: int) -> HandSetup:
        with self._lock:
            return self._hand(hand_id).setup

    def hand_events(self, hand_id: int) -> list[StoredEvent]:
        with self._lock:
            hand = self._hand(hand_id)
            rows = log.hand_events(self._connection, hand.table_id, hand.first_seq, hand.last_seq, hand.local_id)
        try:
            return [StoredEvent.from_row(row) for row in rows]
        except ValueError as error:
            raise ReplayError(f"table {hand.table_id}: hand #{hand.number} has an event that cannot be read: {error}",
                              table_id=hand.table_id, seq=hand.first_seq, kind=None) from error

    def players(self, hand_id: int) -> dict[int, str]:
        with self._lock:
            return dict(self._hand(hand_id).players)

    def evidence(self, sha256: str) -> bytes:
        """The image as the room holds it, checked against its SHA-256 (raises :class:`EvidenceError`)."""
        with self._lock:
            return evidence.evidence(self._connection, sha256)

    def media_types(self, hashes: Sequence[str]) -> dict[str, str]:
        with self._lock:
            return evidence.media_types(self._connection, hashes)

    def check_links(self, table_id: int, seqs: Sequence[int]) -> list[str]:
        wanted = sorted(set(seqs) | {seq - 1 for seq in seqs if seq > 1})
        with self._lock:
            rows = [LinkRow.of(row) for row in log.events_at(self._connection, table_id, wanted)]
            table = self._tables[table_id]
            remembered = {row.seq: table.hash_at(row.seq) for row in rows if row.seq <= table.last_seq}
        problems = check_rows(table_id, rows, seqs)
        for row in rows:
            if row.seq in seqs and remembered.get(row.seq, row.hash) != row.hash:
                problems.append(f"table {table_id}: seq {row.seq} ({row.kind}) is not the event the review read before: its hash was"
                                " rewritten in the database")
        return problems

    def verify_table(self, table_id: int) -> ChainReport:
        """The table's whole shipped chain, verified now, ending where the review last read it."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                raise RecordNotFoundError(f"no table {table_id} in {self.where}")
            head = (table.last_seq, table.last_hash)
            with log.events_through(self._connection, table_id, table.last_seq) as rows:
                report = verify_chain(table_id, table.name or f"table {table_id}", (LinkRow.of(row) for row in rows), head=head)
        return report

    def next_hand(self, hand_id: int) -> NextHand | None:
        with self._lock:
            hand = self._hand(hand_id)
            numbers = self._tables[hand.table_id].numbers
            later = [number for number in numbers if number > hand.number]
            if not later:
                return None
            following = self._hands[numbers[min(later)] - 1]
        return next_hand_from(following.number, following.setup, self.hand_events(following.id))

    def is_floor_manager(self, name: str) -> bool:
        """Whether ``name`` is a floor manager in the room's staff accounts (the store's ``staff`` table on the server)."""
        with self._lock:
            role = log.staff_role(self._connection, name)
        return role == "floor_manager"

    # ------------------------------------------------------------------ the floor's session

    def sign_in(self, name: str, secret: str) -> StaffMember:
        """Sign a staff member in on the room's server; a floor manager's session is kept for recording rulings."""
        with self._lock:
            session = floor_session.sign_in(self._connection, name, secret)
            if session.member.role is Role.FLOOR_MANAGER:
                if self._session is not None:
                    floor_session.sign_out(self._connection, self._session)
                self._session = session
        return session.member

    def signed_in_floor_manager(self, by: StaffMember, what: str) -> StaffMember:
        """``by`` if it is the very member this review's floor session signed in (the server re-checks the session as it
        records); raises :class:`NotAuthorizedError` naming ``what`` otherwise (a member made from a name, or a copy)."""
        if by.role is not Role.FLOOR_MANAGER:
            raise NotAuthorizedError(f"only a floor manager may {what}; {by.name!r} is a {by.role.value.replace('_', ' ')}")
        with self._lock:
            session = self._session
        if session is None or session.member is not by:
            raise NotAuthorizedError(f"only a floor manager signed in may {what}; {by.name!r} has not signed in at this review:"
                                     " sign in to record it in the card room")
        return by

    def record_ruling(self, hand_id: int, *, by: StaffMember, rule: str, decision: str, pot_held: bool, disputed_amount: int,
                      late: bool) -> RoomRuling:
        """Record a ruling on a hand in ``room_rulings`` under the signed-in floor manager's session; return it as stored."""
        with self._lock:
            session = self._session
            if session is None or session.member is not by:
                raise NotAuthorizedError(f"only a floor manager signed in may record a ruling; {by.name!r} has not signed in at"
                                         " this review: sign in to record a ruling in the card room")
            hand = self._hand(hand_id)
            ruling_id = floor_session.record_ruling(
                self._connection, session, table_id=hand.table_id, hand_number=hand.number, rule=rule, decision=decision,
                pot_held=pot_held, disputed_amount=disputed_amount, reportable=disputed_amount >= self.reportable_threshold, late=late)
            self._read_rulings()
            return next(ruling for ruling in self._rulings if ruling.id == ruling_id)

    def rulings(self, hand_id: int) -> list[RoomRuling]:
        """The rulings recorded in the room on this hand, in order."""
        with self._lock:
            hand = self._hand(hand_id)
            return [r for r in self._rulings if r.table_id == hand.table_id and r.hand_number == hand.number]

    def hands_indexed(self) -> int:
        """Hands the index holds."""
        with self._lock:
            return len(self._hands)


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _hide_password(url: str) -> str:
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.partition("://")[2]:
        return url
    scheme, _, credentials = head.partition("://")
    return f"{scheme}://{credentials.partition(':')[0]}:***@{tail}"


__all__ = ["RoomHand", "RoomSource", "RoomTable"]
