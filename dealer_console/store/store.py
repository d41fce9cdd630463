"""The event store: every event durable before it is shown, hash-chained per table, searchable.

:meth:`Store.append` is the one way into a table's log. In one transaction it locks the table's
chain head, gives the event the next sequence number, hashes it onto the chain, writes it, updates
the floor's projections (hands, seats, agreements, rulings) and commits; only then does it return.
A caller shows an event's effect after ``append`` returns (see :mod:`.recorder`, which does this
for a :class:`~dealer_console.engine.hand.Hand` and a :class:`~dealer_console.engine.table.Table`).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, Engine, Row, func, insert, select, update
from sqlmodel import SQLModel

from dealer_console.config import StoreSettings
from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import EVENT_TYPES, BlindKind, BlindPosted, Event, RestraddleConsent, RunsChosen, Voided
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.replay import ReplayStepError, replay
from dealer_console.engine.table_config import TableConfig, apply_house_changes
from dealer_console.engine.table_events import (
    AgreementsChanged,
    HandFinished,
    HandMisdealt,
    HandStarted,
    PlayerLeft,
    PlayerSeated,
)
from dealer_console.store import database
from dealer_console.store.chain import GENESIS, ChainReport, link_content, link_hash, verify_chain
from dealer_console.store.codec import Record, canonical_json, decode, record_from_payload, record_payload, to_data
from dealer_console.store.database import Target, guarded, writing
from dealer_console.store.errors import (
    DuplicateEventError,
    EvidenceError,
    NotAuthorizedError,
    RecordNotFoundError,
    ReplayError,
    SequenceConflictError,
    SignInError,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
)
from dealer_console.store.models import HandStatus, Role, Source
from dealer_console.store.records import HandClosed, HandCorrected, HandFlagged, HandOpened, HouseSettingsChanged, RulingRecorded, TableOpened
from dealer_console.store.search import HandQuery, HandSummary, hand_search

_T = SQLModel.metadata.tables
TABLES = _T["tables"]
HEADS = _T["chain_heads"]
PLAYERS = _T["players"]
SEATS = _T["seats"]
STAFF = _T["staff"]
HANDS = _T["hands"]
HAND_SEATS = _T["hand_seats"]
EVENTS = _T["events"]
EVIDENCE = _T["evidence"]
AGREEMENTS = _T["agreements"]
RULINGS = _T["rulings"]

HAND_EVENT_KINDS = tuple(EVENT_TYPES)
"""The kinds a :class:`~dealer_console.engine.hand.Hand` replays."""

_PASSWORDS = PasswordHasher()


def utc_now() -> datetime:
    """The wall clock, in UTC with microseconds."""
    return datetime.now(UTC)


def _aware(moment: datetime | None) -> datetime | None:
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
            table_id=row.table_id, seq=row.seq, hand_id=row.hand_id, recorded_at=_aware(row.recorded_at) or row.recorded_at,
            frame_at=_aware(row.frame_at), source=Source(row.source), actor=row.actor, kind=row.kind,
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


class Store:
    """A connection to the room's record: SQLite by default, PostgreSQL by URL.

    Open it with :meth:`open` (the schema is migrated to the newest revision on the way), use it
    from any thread, close it when done (or use it as a context manager).
    """

    def __init__(self, engine: Engine, target: Target, settings: StoreSettings, *, clock: Callable[[], datetime] = utc_now) -> None:
        self.engine = engine
        self.target = target
        self.settings = settings
        self._clock = clock

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        settings: StoreSettings | None = None,
        migrate: bool = True,
        clock: Callable[[], datetime] = utc_now,
    ) -> Store:
        """Open (and by default migrate) the database at ``url``, else the configured one, else SQLite."""
        settings = settings if settings is not None else StoreSettings()
        resolved = database.resolve_url(url or settings.database_url, data_dir=settings.data_dir)
        target = Target(resolved, busy_timeout_s=settings.busy_timeout_s, connect_timeout_s=settings.connect_timeout_s)
        engine = database.create_store_engine(target)
        try:
            with guarded(target, "opening the database"), engine.connect() as connection:
                connection.exec_driver_sql("SELECT 1")
            if migrate:
                database.migrate(engine, target)
            else:
                with guarded(target, "reading the schema revision"), engine.connect() as connection:
                    current = database.current_revision(connection)
                if current != database.head_revision():
                    raise StoreError(f"the database {target.shown} is at schema revision {current!r}, not {database.head_revision()!r}:"
                                     " open it with migrations on")
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, target, settings, clock=clock)

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.target.backend

    def now(self) -> datetime:
        """The store's clock (UTC)."""
        return self._clock()

    # ------------------------------------------------------------------ tables, players, staff

    def create_table(self, name: str, config: TableConfig | None = None, *, actor: str = "", table_id: int | None = None) -> int:
        """Add a table; its log starts with a ``table_opened`` event holding the configuration.

        ``table_id``: the id the card room gave this table (a console that ships its log to the
        room's server must use it, since the id is part of every event's hash); default: the next free one.
        """
        with guarded(self.target, f"creating table {name!r}"), writing(self.engine) as connection:
            if connection.execute(select(TABLES.c.id).where(TABLES.c.name == name)).first() is not None:
                raise StoreError(f"a table named {name!r} already exists")
            values: dict[str, Any] = dict(name=name, created_at=self.now())
            if table_id is not None:
                if connection.execute(select(TABLES.c.id).where(TABLES.c.id == table_id)).first() is not None:
                    raise StoreError(f"a table with id {table_id} already exists")
                values["id"] = table_id
            inserted = connection.execute(insert(TABLES).values(**values)).inserted_primary_key
            assert inserted is not None
            connection.execute(insert(HEADS).values(table_id=inserted[0], last_seq=0, last_hash=GENESIS))
        self.append(int(inserted[0]), TableOpened(name=name, config=config), actor=actor)
        return int(inserted[0])

    def table_id(self, table: int | str) -> int:
        """The id of a table given by id or by name."""
        with guarded(self.target, f"looking up table {table!r}"), self.engine.connect() as connection:
            if isinstance(table, int) or str(table).isdigit():
                row = connection.execute(select(TABLES.c.id).where(TABLES.c.id == int(table))).first()
            else:
                row = connection.execute(select(TABLES.c.id).where(TABLES.c.name == table)).first()
        if row is None:
            raise RecordNotFoundError(f"no table {table!r} in {self.target.shown}")
        return int(row.id)

    def tables(self) -> list[TableInfo]:
        """Every table, with the length of its log."""
        statement = select(TABLES.c.id, TABLES.c.name, HEADS.c.last_seq).join(HEADS, HEADS.c.table_id == TABLES.c.id).order_by(TABLES.c.id)
        with guarded(self.target, "listing tables"), self.engine.connect() as connection:
            return [TableInfo(row.id, row.name, row.last_seq) for row in connection.execute(statement)]

    def table_config(self, table_id: int) -> tuple[str, TableConfig | None]:
        """The name and configuration the table was opened with."""
        first = self.events(table_id, since_seq=0, limit=1)
        if not first or first[0].kind != TableOpened.kind:
            raise ReplayError(f"table {table_id}'s log does not start with table_opened", table_id=table_id, seq=1,
                              kind=first[0].kind if first else None)
        opened = first[0].record()
        assert isinstance(opened, TableOpened)
        return opened.name, opened.config

    def add_staff(self, name: str, role: Role, secret: str) -> StaffMember:
        """Register a dealer or floor manager; only an Argon2 hash of the PIN or password is kept."""
        if len(secret) < 4:
            raise SignInError(f"the PIN or password of {name!r} must have at least 4 characters")
        hashed = _PASSWORDS.hash(secret)
        with guarded(self.target, f"adding staff member {name!r}"), writing(self.engine) as connection:
            if connection.execute(select(STAFF.c.id).where(STAFF.c.name == name)).first() is not None:
                raise StoreError(f"a staff member named {name!r} already exists")
            result = connection.execute(
                insert(STAFF).values(name=name, role=role.value, secret_hash=hashed, active=True, created_at=self.now())
            )
            assert result.inserted_primary_key is not None
            return StaffMember(int(result.inserted_primary_key[0]), name, role)

    def sign_in(self, name: str, secret: str) -> StaffMember:
        """Check a PIN or password; raises :class:`SignInError` (same message for an unknown name and a wrong PIN).

        After ``sign_in_attempts`` wrong PINs in a row the account is locked out (kept in the
        database, so a restart does not reset it) until a floor manager unlocks it
        (:meth:`unlock_staff`); a locked account is refused even with the right PIN.
        """
        with guarded(self.target, "signing in"), self.engine.connect() as connection:
            row = connection.execute(select(STAFF).where(STAFF.c.name == name)).first()
        refusal = SignInError(f"sign-in refused for {name!r}: unknown name or wrong PIN or password")
        if row is None or not row.active:
            raise refusal
        if row.locked_at is not None:
            raise SignInError(f"sign-in refused for {name!r}: the account is locked out after {row.failed_sign_ins} wrong PINs or"
                              " passwords; a floor manager must unlock it")
        try:
            _PASSWORDS.verify(row.secret_hash, secret)
        except (VerificationError, InvalidHashError) as error:
            with guarded(self.target, "recording a failed sign-in"), writing(self.engine) as connection:
                failed: int = connection.execute(
                    update(STAFF).where(STAFF.c.id == row.id).values(failed_sign_ins=STAFF.c.failed_sign_ins + 1)
                    .returning(STAFF.c.failed_sign_ins)
                ).scalar_one()
                if failed >= self.settings.sign_in_attempts:
                    connection.execute(update(STAFF).where(STAFF.c.id == row.id, STAFF.c.locked_at.is_(None)).values(locked_at=self.now()))
            # raised after the commit: an exception inside the transaction would roll the count back
            if failed >= self.settings.sign_in_attempts:
                raise SignInError(f"sign-in refused for {name!r}: wrong PIN or password {failed} times; the account is now"
                                  " locked out until a floor manager unlocks it") from error
            raise refusal from error
        if row.failed_sign_ins:
            with guarded(self.target, "signing in"), writing(self.engine) as connection:
                connection.execute(update(STAFF).where(STAFF.c.id == row.id).values(failed_sign_ins=0))
        return StaffMember(row.id, row.name, Role(row.role))

    def unlock_staff(self, name: str, *, by: StaffMember) -> None:
        """Lift a lock-out (a floor manager only)."""
        if by.role is not Role.FLOOR_MANAGER:
            raise NotAuthorizedError(f"only a floor manager may unlock an account; {by.name!r} is a {by.role.value}")
        with guarded(self.target, f"unlocking {name!r}"), writing(self.engine) as connection:
            self._require_floor_manager(connection, by.name, "unlock an account")
            done = connection.execute(update(STAFF).where(STAFF.c.name == name).values(failed_sign_ins=0, locked_at=None)).rowcount
        if not done:
            raise RecordNotFoundError(f"no staff member named {name!r}")

    def is_locked_out(self, name: str) -> bool:
        """Whether repeated failures have locked this account out."""
        with guarded(self.target, "looking up staff"), self.engine.connect() as connection:
            row = connection.execute(select(STAFF.c.locked_at).where(STAFF.c.name == name)).first()
        if row is None:
            raise RecordNotFoundError(f"no staff member named {name!r}")
        return row.locked_at is not None

    def staff(self) -> list[StaffAccount]:
        """Every staff account, by name: role, whether active, and whether locked out (no secret is read)."""
        with guarded(self.target, "listing staff"), self.engine.connect() as connection:
            rows = connection.execute(select(STAFF.c.name, STAFF.c.role, STAFF.c.active, STAFF.c.failed_sign_ins, STAFF.c.locked_at)
                                      .order_by(STAFF.c.name)).all()
        return [StaffAccount(row.name, Role(row.role), bool(row.active), int(row.failed_sign_ins), row.locked_at) for row in rows]

    def staff_member(self, name: str) -> StaffMember:
        """A staff member by name (no PIN asked: for lookups, not for authority)."""
        with guarded(self.target, "looking up staff"), self.engine.connect() as connection:
            row = connection.execute(select(STAFF).where(STAFF.c.name == name)).first()
        if row is None:
            raise RecordNotFoundError(f"no staff member named {name!r}")
        return StaffMember(row.id, row.name, Role(row.role))

    # ------------------------------------------------------------------ the log

    def append(
        self,
        table_id: int,
        record: Record,
        *,
        hand_id: int | None = None,
        source: Source = Source.DEALER,
        actor: str = "",
        frame_at: datetime | None = None,
        evidence_sha256: str | None = None,
        voids_seq: int | None = None,
        expected_seq: int | None = None,
        hand_position: int | None = None,
    ) -> StoredEvent:
        """Append ``record`` to the table's log and commit it durably; return it once on disk.

        ``hand_id``: the hand an engine event belongs to (default: the table's open hand).
        ``expected_seq`` / ``hand_position``: where the caller believes the event goes (the
        table's next sequence number / the number of the hand's events already stored); if the
        log is elsewhere, nothing is written and :class:`SequenceConflictError` (or
        :class:`DuplicateEventError` when this very event is already there) is raised.
        """
        attempt: list[StoredEvent] = []
        doing = f"appending {record.kind} to table {table_id}"
        try:
            with guarded(self.target, doing), writing(self.engine) as connection:
                stored = self._append(
                    connection, table_id, record, hand_id=hand_id, source=source, actor=actor, frame_at=frame_at,
                    evidence_sha256=evidence_sha256, voids_seq=voids_seq, expected_seq=expected_seq, hand_position=hand_position,
                )
                attempt.append(stored)
            return stored
        except StoreUnavailableError:
            if not attempt:
                raise
            # the connection was lost during COMMIT: the event may or may not be stored; look
            return self._resolve_lost_commit(attempt[0], doing)

    def append_many(self, table_id: int, records: list[Record], *, source: Source = Source.DEALER, actor: str = "") -> list[StoredEvent]:
        """Append several records in one transaction (all or none), each chained as :meth:`append` does.

        For imports (a hand history from another tool) and bulk loads; live play appends one
        event at a time. Engine events go to the table's open hand.
        """
        with guarded(self.target, f"appending {len(records)} records to table {table_id}"), writing(self.engine) as connection:
            return [
                self._append(connection, table_id, record, hand_id=None, source=source, actor=actor, frame_at=None, evidence_sha256=None,
                             voids_seq=None, expected_seq=None, hand_position=None)
                for record in records
            ]

    def _resolve_lost_commit(self, stored: StoredEvent, doing: str) -> StoredEvent:
        try:
            with guarded(self.target, doing), self.engine.connect() as connection:
                found = connection.execute(
                    select(EVENTS.c.hash).where(EVENTS.c.table_id == stored.table_id, EVENTS.c.seq == stored.seq)
                ).first()
        except StoreUnavailableError as error:
            raise StoreUnavailableError(
                f"{error} (the connection was lost while committing seq {stored.seq}; whether it was stored is not known:"
                " append it again with hand_position or expected_seq, and the store will say)", url=self.target.shown,
            ) from error
        if found is not None and found.hash == stored.hash:
            return stored
        raise StoreUnavailableError(
            f"the connection to {self.target.shown} was lost while {doing}: the event was not stored; try again", url=self.target.shown
        )

    def _append(
        self,
        connection: Connection,
        table_id: int,
        record: Record,
        *,
        hand_id: int | None,
        source: Source,
        actor: str,
        frame_at: datetime | None,
        evidence_sha256: str | None,
        voids_seq: int | None,
        expected_seq: int | None,
        hand_position: int | None,
    ) -> StoredEvent:
        head = connection.execute(
            select(HEADS.c.last_seq, HEADS.c.last_hash).where(HEADS.c.table_id == table_id).with_for_update()
        ).first()
        if head is None:
            raise RecordNotFoundError(f"no table with id {table_id} in {self.target.shown}")
        seq = head.last_seq + 1
        kind = record.kind
        payload = record_payload(record)
        recorded_at = self.now()
        candidate = dict(hand_id=hand_id, source=source.value, actor=actor, kind=kind, payload=payload, voids_seq=voids_seq,
                         evidence_sha256=evidence_sha256, frame_at=frame_at)
        if expected_seq is not None and expected_seq != seq:
            existing = connection.execute(select(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == expected_seq)).first()
            self._refuse_conflict(table_id, expected_seq, seq, existing, candidate, what=f"seq {expected_seq}")
        if isinstance(record, Event):
            hand_id = self._hand_for_event(connection, table_id, hand_id, kind)
            candidate["hand_id"] = hand_id
            if hand_position is not None or isinstance(record, Voided):
                rows = connection.execute(
                    select(EVENTS.c.seq).where(EVENTS.c.hand_id == hand_id, EVENTS.c.kind.in_(HAND_EVENT_KINDS)).order_by(EVENTS.c.seq)
                ).all()
                if hand_position is not None and len(rows) != hand_position:
                    existing = None
                    if hand_position < len(rows):
                        existing = connection.execute(
                            select(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == rows[hand_position].seq)
                        ).first()
                    self._refuse_conflict(table_id, hand_position, len(rows), existing, candidate,
                                          what=f"event #{hand_position} of hand id {hand_id}")
                if isinstance(record, Voided) and voids_seq is None:
                    if not 0 <= record.target < len(rows):
                        raise StoreError(f"the void names event #{record.target}, but hand id {hand_id} has {len(rows)} events")
                    voids_seq = rows[record.target].seq
            if source is Source.FLOOR:
                self._require_floor_manager(connection, actor, "record a correction")
        elif isinstance(record, HandStarted | HandOpened):
            hand_id = self._insert_hand(connection, table_id, record, seq=seq, recorded_at=recorded_at, actor=actor)
        elif isinstance(record, HandFinished | HandMisdealt | HandClosed):
            number = record.number if isinstance(record, HandClosed) else record.plan.number
            hand_id = hand_id if hand_id is not None else self._hand_id_by_number(connection, table_id, number)
        elif isinstance(record, RulingRecorded | HandFlagged) and hand_id is None and record.hand_number is not None:
            hand_id = self._hand_id_by_number(connection, table_id, record.hand_number)
        payload_text = canonical_json(payload)
        content = link_content(
            table_id=table_id, seq=seq, hand_id=hand_id, recorded_at=recorded_at, frame_at=frame_at, source=source.value,
            actor=actor, kind=kind, payload=payload_text, voids_seq=voids_seq, evidence_sha256=evidence_sha256,
        )
        digest = link_hash(head.last_hash, content)
        connection.execute(insert(EVENTS).values(
            table_id=table_id, seq=seq, hand_id=hand_id, recorded_at=recorded_at, frame_at=frame_at, source=source.value, actor=actor,
            kind=kind, payload=payload_text, voids_seq=voids_seq, evidence_sha256=evidence_sha256, hash=digest,
        ))
        connection.execute(update(HEADS).where(HEADS.c.table_id == table_id).values(last_seq=seq, last_hash=digest))
        stored = StoredEvent(
            table_id, seq, hand_id, recorded_at, frame_at, source, actor, kind, payload, voids_seq, evidence_sha256, digest,
        )
        self._project(connection, stored, record)
        return stored

    def _refuse_conflict(self, table_id: int, expected: int, actual: int, existing: Row[Any] | None,
                         candidate: Mapping[str, Any], *, what: str) -> None:
        if existing is not None and _same_event(existing, candidate):
            raise DuplicateEventError(
                f"table {table_id}: this {candidate['kind']} is already stored as seq {existing.seq}; it was not stored twice",
                table_id=table_id, expected=expected, actual=actual, existing_seq=existing.seq,
            )
        raise SequenceConflictError(
            f"table {table_id}: expected to write {what}, but the log is at {actual} (another console wrote first); nothing was written",
            table_id=table_id, expected=expected, actual=actual,
        )

    def _hand_for_event(self, connection: Connection, table_id: int, hand_id: int | None, kind: str) -> int:
        if hand_id is None:
            row = connection.execute(
                select(HANDS.c.id).where(HANDS.c.table_id == table_id, HANDS.c.status == HandStatus.OPEN.value)
                .order_by(HANDS.c.id.desc())
            ).first()
            if row is None:
                raise StoreError(f"table {table_id} has no open hand to add a {kind} to")
            return int(row.id)
        row = connection.execute(select(HANDS.c.table_id, HANDS.c.status, HANDS.c.number).where(HANDS.c.id == hand_id)).first()
        if row is None or row.table_id != table_id:
            raise RecordNotFoundError(f"no hand id {hand_id} at table {table_id}")
        if row.status != HandStatus.OPEN.value:
            raise StoreError(f"hand #{row.number} at table {table_id} is {row.status}: no more events can be added to it")
        return hand_id

    def _hand_id_by_number(self, connection: Connection, table_id: int, number: int) -> int:
        row = connection.execute(select(HANDS.c.id).where(HANDS.c.table_id == table_id, HANDS.c.number == number)).first()
        if row is None:
            raise RecordNotFoundError(f"no hand #{number} at table {table_id}")
        return int(row.id)

    def _insert_hand(self, connection: Connection, table_id: int, record: HandStarted | HandOpened, *, seq: int,
                     recorded_at: datetime, actor: str) -> int:
        if isinstance(record, HandStarted):
            setup, number, players = record.plan.setup, record.plan.number, dict(record.plan.players)
        else:
            setup, number, players = record.setup, record.number, dict(record.players)
        still_open = connection.execute(
            select(HANDS.c.number).where(HANDS.c.table_id == table_id, HANDS.c.status == HandStatus.OPEN.value)
        ).first()
        if still_open is not None:
            raise StoreError(f"hand #{still_open.number} at table {table_id} is still open: close it before starting hand #{number}")
        if connection.execute(select(HANDS.c.id).where(HANDS.c.table_id == table_id, HANDS.c.number == number)).first() is not None:
            raise StoreError(f"table {table_id} already has a hand #{number}")
        dealer = connection.execute(select(STAFF.c.id).where(STAFF.c.name == actor)).first() if actor else None
        game = setup.game
        result = connection.execute(insert(HANDS).values(
            table_id=table_id, number=number, status=HandStatus.OPEN.value, started_at=recorded_at, game=game.variant.code,
            structure=game.structure.value, small_blind=game.stakes.small_blind, big_blind=game.stakes.big_blind, button=setup.button,
            setup=canonical_json(to_data(setup)), dealer_id=None if dealer is None else dealer.id, first_seq=seq,
            pot_total=0, rake=0, flagged=False, ruled=False,
        ))
        assert result.inserted_primary_key is not None
        hand_id = int(result.inserted_primary_key[0])
        rows = []
        for seat, stack in setup.stacks.items():
            name = players.get(seat)
            rows.append(dict(hand_id=hand_id, seat=seat, table_id=table_id, started_at=recorded_at, starting_stack=stack,
                             player_id=None if name is None else self._player_id(connection, name), final_stack=None))
        connection.execute(insert(HAND_SEATS), rows)
        return hand_id

    def _player_id(self, connection: Connection, name: str) -> int:
        row = connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.name == name)).first()
        if row is not None:
            return int(row.id)
        result = connection.execute(insert(PLAYERS).values(name=name, created_at=self.now()))
        assert result.inserted_primary_key is not None
        return int(result.inserted_primary_key[0])

    def _require_floor_manager(self, connection: Connection, name: str, what: str) -> int:
        row = connection.execute(select(STAFF.c.id, STAFF.c.role).where(STAFF.c.name == name)).first()
        if row is None or row.role != Role.FLOOR_MANAGER.value:
            who = "nobody" if not name else repr(name)
            raise NotAuthorizedError(f"only a floor manager may {what}; {who} is not a floor manager")
        return int(row.id)

    def _project(self, connection: Connection, stored: StoredEvent, record: Record) -> None:
        """Update the floor's projections of the log in the same transaction as the event."""
        table_id, seq, moment = stored.table_id, stored.seq, stored.recorded_at

        def agreement(kind: str, choice: str, *, seat: int | None = None, by: str = "") -> None:
            connection.execute(insert(AGREEMENTS).values(
                table_id=table_id, hand_id=stored.hand_id, event_seq=seq, kind=kind, seat=seat, choice=choice, by=by, recorded_at=moment,
            ))

        if isinstance(record, PlayerSeated):
            connection.execute(insert(SEATS).values(
                table_id=table_id, seat=record.seat, player_id=self._player_id(connection, record.player), buy_in=record.buy_in,
                seated_seq=seq, seated_at=moment, left_at=None,
            ))
        elif isinstance(record, PlayerLeft):
            connection.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == record.seat, SEATS.c.left_at.is_(None))
                               .values(left_at=moment))
        elif isinstance(record, AgreementsChanged):
            if record.agreements.mississippi is not None:
                self._require_floor_manager(connection, record.agreements.mississippi.manager, "authorize a Mississippi straddle")
            agreement("standing", canonical_json(to_data(record.agreements)), by=record.by)
        elif isinstance(record, RestraddleConsent):
            agreement("restraddle", "yes" if record.agrees else "no", seat=record.seat)
        elif isinstance(record, RunsChosen):
            agreement("runs", str(record.runs), seat=record.seat)
        elif isinstance(record, BlindPosted) and record.blind is BlindKind.MISSISSIPPI:
            agreement("mississippi", str(record.amount), seat=record.seat, by=record.authorized_by or "")
        elif isinstance(record, HandFinished | HandMisdealt | HandClosed):
            self._close_hand(connection, stored, record)
        elif isinstance(record, HandFlagged):
            connection.execute(update(HANDS).where(HANDS.c.id == stored.hand_id).values(flagged=True, flag_reason=record.reason))
        elif isinstance(record, HouseSettingsChanged):
            self._require_floor_manager(connection, record.by, "change the house settings")
            if stored.source is not Source.FLOOR or stored.actor != record.by:
                raise NotAuthorizedError(f"a change of house settings is recorded by its floor manager ({record.by!r}) as a floor event")
        elif isinstance(record, HandCorrected):
            self._require_floor_manager(connection, record.by, "record a correction")
            if stored.source is not Source.FLOOR or stored.actor != record.by or stored.voids_seq != record.target_seq:
                raise NotAuthorizedError(f"a correction is recorded by its floor manager ({record.by!r}) as a floor event naming the event it corrects")
        elif isinstance(record, RulingRecorded):
            manager = self._require_floor_manager(connection, record.floor_manager, "record a ruling")
            if stored.source is not Source.FLOOR or stored.actor != record.floor_manager:
                raise NotAuthorizedError(f"a ruling is recorded by its floor manager ({record.floor_manager!r}) as a floor event")
            connection.execute(insert(RULINGS).values(
                table_id=table_id, hand_id=stored.hand_id, event_seq=seq, floor_manager_id=manager, rule=record.rule,
                decision=record.decision, pot_held=record.pot_held, disputed_amount=record.disputed_amount,
                reportable=record.reportable, late=record.late, recorded_at=moment,
            ))
            if stored.hand_id is not None:
                connection.execute(update(HANDS).where(HANDS.c.id == stored.hand_id).values(ruled=True))

    def _close_hand(self, connection: Connection, stored: StoredEvent, record: HandFinished | HandMisdealt | HandClosed) -> None:
        hand_id = stored.hand_id
        row = connection.execute(select(HANDS.c.status, HANDS.c.number).where(HANDS.c.id == hand_id)).first()
        assert row is not None and hand_id is not None
        if row.status != HandStatus.OPEN.value:
            raise StoreError(f"hand #{row.number} at table {stored.table_id} is already {row.status}")
        if isinstance(record, HandClosed):
            status, stacks, pot, rake = HandStatus(record.status), dict(record.final_stacks), record.pot_total, record.rake + record.jackpot
        elif isinstance(record, HandMisdealt):
            status, stacks, pot, rake = HandStatus.MISDEALT, dict(record.plan.setup.stacks), 0, 0
        else:
            hand = self._replay(connection, hand_id)
            audit = hand.result.audit if hand.result is not None else None
            status, stacks, rake = HandStatus.COMPLETE, dict(record.final_stacks), record.rake + record.jackpot
            pot = 0 if audit is None else audit.awarded + audit.rake + audit.jackpot
        connection.execute(update(HANDS).where(HANDS.c.id == hand_id).values(
            status=status.value, finished_at=stored.recorded_at, pot_total=pot, rake=rake,
        ))
        for seat, stack in stacks.items():
            connection.execute(
                update(HAND_SEATS).where(HAND_SEATS.c.hand_id == hand_id, HAND_SEATS.c.seat == seat).values(final_stack=stack)
            )

    # ------------------------------------------------------------------ reading the log

    def events(
        self, table_id: int, *, hand_id: int | None = None, since_seq: int = 0, limit: int | None = None, kinds: tuple[str, ...] = (),
    ) -> list[StoredEvent]:
        """The table's events after ``since_seq`` (of one hand, of some kinds, if given), in order."""
        statement = select(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq > since_seq)
        if hand_id is not None:
            statement = statement.where(EVENTS.c.hand_id == hand_id)
        if kinds:
            statement = statement.where(EVENTS.c.kind.in_(kinds))
        statement = statement.order_by(EVENTS.c.seq)
        if limit is not None:
            statement = statement.limit(limit)
        with guarded(self.target, f"reading table {table_id}'s log"), self.engine.connect() as connection:
            return [StoredEvent.from_row(row) for row in connection.execute(statement)]

    def hand(self, hand_id: int) -> HandSummary:
        """One hand's summary."""
        with guarded(self.target, f"reading hand id {hand_id}"), self.engine.connect() as connection:
            row = connection.execute(select(*[HANDS.c[name] for name in HandSummary.__slots__]).where(HANDS.c.id == hand_id)).first()
        if row is None:
            raise RecordNotFoundError(f"no hand id {hand_id}")
        return _summary(row)

    def hand_setup(self, hand_id: int) -> HandSetup:
        """The stored set-up of a hand."""
        with guarded(self.target, f"reading hand id {hand_id}"), self.engine.connect() as connection:
            return self._setup(connection, hand_id)

    def _setup(self, connection: Connection, hand_id: int) -> HandSetup:
        row = connection.execute(select(HANDS.c.setup, HANDS.c.table_id, HANDS.c.first_seq).where(HANDS.c.id == hand_id)).first()
        if row is None:
            raise RecordNotFoundError(f"no hand id {hand_id}")
        first = connection.execute(select(EVENTS).where(EVENTS.c.table_id == row.table_id, EVENTS.c.seq == row.first_seq)).first()
        opened = None if first is None else StoredEvent.from_row(first).record()
        chained = opened.plan.setup if isinstance(opened, HandStarted) else opened.setup if isinstance(opened, HandOpened) else None
        if chained is None or canonical_json(to_data(chained)) != canonical_json(json.loads(row.setup)):
            raise ReplayError(
                f"table {row.table_id}: hand id {hand_id}'s set-up does not match the event that opened it (seq {row.first_seq});"
                " run verify-log", table_id=row.table_id, seq=row.first_seq, kind=None if first is None else first.kind,
            )
        return chained

    def rebuild_hand(self, hand_id: int) -> Hand:
        """The hand rebuilt from its stored set-up and events (``Hand(setup, events)``)."""
        with guarded(self.target, f"rebuilding hand id {hand_id}"), self.engine.connect() as connection:
            return self._replay(connection, hand_id)

    def hand_event_seqs(self, hand_id: int) -> list[int]:
        """The sequence numbers of a hand's engine events, in the order ``Hand.events`` holds them."""
        statement = select(EVENTS.c.seq).where(EVENTS.c.hand_id == hand_id, EVENTS.c.kind.in_(HAND_EVENT_KINDS)).order_by(EVENTS.c.seq)
        with guarded(self.target, f"reading hand id {hand_id}"), self.engine.connect() as connection:
            return [row.seq for row in connection.execute(statement)]

    def _replay(self, connection: Connection, hand_id: int) -> Hand:
        setup = self._setup(connection, hand_id)
        rows = connection.execute(
            select(EVENTS).where(EVENTS.c.hand_id == hand_id, EVENTS.c.kind.in_(HAND_EVENT_KINDS)).order_by(EVENTS.c.seq)
        ).all()

        def refused(row: Any, error: Exception) -> ReplayError:
            return ReplayError(f"table {row.table_id}: hand id {hand_id} does not replay at seq {row.seq} ({row.kind}): {error}",
                               table_id=row.table_id, seq=row.seq, kind=row.kind)

        records: list[Event] = []
        for row in rows:
            try:
                record = StoredEvent.from_row(row).record()
            except (EngineError, ValueError, TypeError) as error:
                raise refused(row, error) from error
            assert isinstance(record, Event)
            records.append(record)
        try:
            return replay(setup, records)
        except ReplayStepError as error:
            raise refused(rows[error.index], error.cause) from error

    def open_hands(self, table_id: int | None = None) -> list[HandSummary]:
        """Hands started and not yet closed (at one table, or everywhere)."""
        return self.search_hands(HandQuery(table_id=table_id, status=HandStatus.OPEN, limit=1000))

    def next_hand_number(self, table_id: int) -> int:
        """One more than the table's highest hand number."""
        with guarded(self.target, "numbering a hand"), self.engine.connect() as connection:
            top = connection.execute(select(func.max(HANDS.c.number)).where(HANDS.c.table_id == table_id)).scalar()
        return 1 if top is None else int(top) + 1

    # ------------------------------------------------------------------ floor

    def search_hands(self, query: HandQuery) -> list[HandSummary]:
        """Hands matching ``query``, newest first (see :mod:`.search`)."""
        with guarded(self.target, "searching hands"), self.engine.connect() as connection:
            player_id = None
            if query.player is not None:
                found = connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.name == query.player)).first()
                if found is None:
                    return []
                player_id = int(found.id)
            return [_summary(row) for row in connection.execute(hand_search(query, player_id=player_id))]

    def explain_search(self, query: HandQuery, *, analyze: bool = False) -> str:
        """The database's plan for ``query`` (to check which indexes it uses)."""
        with guarded(self.target, "explaining a search"), self.engine.connect() as connection:
            player_id = None
            if query.player is not None:
                found = connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.name == query.player)).first()
                player_id = None if found is None else int(found.id)
            statement = hand_search(query, player_id=player_id)
            compiled = statement.compile(connection, compile_kwargs={"literal_binds": True})
            prefix = "EXPLAIN QUERY PLAN " if self.backend == "sqlite" else ("EXPLAIN (ANALYZE, BUFFERS) " if analyze else "EXPLAIN ")
            rows = connection.exec_driver_sql(prefix + str(compiled)).all()
        return "\n".join(str(row[-1]) for row in rows)

    def record_ruling(
        self,
        table_id: int,
        *,
        by: StaffMember,
        rule: str,
        decision: str,
        pot_held: bool,
        disputed_amount: int,
        hand_number: int | None = None,
        late: bool = False,
    ) -> StoredEvent:
        """Record a floor manager's ruling; reportable when the disputed amount reaches the configured threshold."""
        if by.role is not Role.FLOOR_MANAGER:
            raise NotAuthorizedError(f"only a floor manager may record a ruling; {by.name!r} is a {by.role.value}")
        ruling = RulingRecorded(
            hand_number=hand_number, floor_manager=by.name, rule=rule, decision=decision, pot_held=pot_held,
            disputed_amount=disputed_amount, reportable=disputed_amount >= self.settings.reportable_threshold, late=late,
        )
        return self.append(table_id, ruling, source=Source.FLOOR, actor=by.name)

    def change_house_settings(self, table_id: int, changes: Mapping[str, object], *, by: StaffMember, reason: str = "") -> StoredEvent:
        """Record a change of the table's house settings (a floor manager only), as a floor event naming the manager.

        ``changes`` maps names of :data:`~dealer_console.engine.table_config.HOUSE_SETTING_NAMES` (``"rake.percent"``...) to
        their new values; the table applies them from this point of its log on (``resume_table``).
        """
        if by.role is not Role.FLOOR_MANAGER:
            raise NotAuthorizedError(f"only a floor manager may change the house settings; {by.name!r} is a {by.role.value}")
        record = HouseSettingsChanged(by=by.name, changes=tuple(sorted((str(k), str(v)) for k, v in changes.items())), reason=reason)
        # refused before it is written (IllegalActionError naming the setting): a change the table cannot apply would stop its replay
        name, config = self.table_config(table_id)
        apply_house_changes(config if config is not None else TableConfig(name=name), record.changes)
        return self.append(table_id, record, source=Source.FLOOR, actor=by.name)

    def flag_hand(self, table_id: int, hand_number: int, *, reason: str, by: str) -> StoredEvent:
        """Mark a hand for the floor's attention."""
        return self.append(table_id, HandFlagged(hand_number=hand_number, reason=reason, by=by), actor=by)

    # ------------------------------------------------------------------ evidence

    def put_evidence(self, data: bytes, *, media_type: str = "image/jpeg", table_id: int | None = None,
                     captured_at: datetime | None = None) -> str:
        """Keep a camera image (on disk if an evidence folder is configured, else in the database); return its SHA-256.

        A file on disk is written and synced before the row that names it is committed.
        """
        digest = hashlib.sha256(data).hexdigest()
        path: str | None = None
        folder = self.settings.evidence_dir
        if folder is not None:
            relative = Path(digest[:2]) / f"{digest}.bin"
            full = Path(folder) / relative
            try:
                full.parent.mkdir(parents=True, exist_ok=True)
                if not full.exists():
                    partial = full.with_suffix(".part")
                    with open(partial, "wb") as handle:
                        handle.write(data)
                        handle.flush()
                        os.fsync(handle.fileno())
                    partial.replace(full)
            except OSError as error:
                raise translate_os_error(error, f"writing evidence {digest[:12]}", self.target) from error
            path = str(relative)
        with guarded(self.target, f"storing evidence {digest[:12]}"), writing(self.engine) as connection:
            if connection.execute(select(EVIDENCE.c.sha256).where(EVIDENCE.c.sha256 == digest)).first() is None:
                connection.execute(insert(EVIDENCE).values(
                    sha256=digest, table_id=table_id, media_type=media_type, size=len(data), captured_at=captured_at or self.now(),
                    data=None if path is not None else data, path=path, held=False, purged_at=None,
                ))
        return digest

    def evidence(self, sha256: str) -> bytes:
        """The image with that SHA-256, checked against it."""
        with guarded(self.target, f"reading evidence {sha256[:12]}"), self.engine.connect() as connection:
            row = connection.execute(select(EVIDENCE).where(EVIDENCE.c.sha256 == sha256)).first()
        if row is None:
            raise EvidenceError(f"no evidence with SHA-256 {sha256}", sha256=sha256)
        if row.purged_at is not None:
            raise EvidenceError(f"evidence {sha256[:12]}... was purged on {row.purged_at:%Y-%m-%d} under the retention policy;"
                                " the log keeps its SHA-256", sha256=sha256)
        if row.path is not None:
            if self.settings.evidence_dir is None:
                raise EvidenceError(f"evidence {sha256[:12]}... is kept on disk, but no evidence folder is configured", sha256=sha256)
            try:
                data: bytes = (Path(self.settings.evidence_dir) / row.path).read_bytes()
            except OSError as error:
                raise EvidenceError(f"evidence file {row.path} cannot be read: {error}", sha256=sha256) from error
        else:
            data = bytes(row.data)
        if hashlib.sha256(data).hexdigest() != sha256:
            raise EvidenceError(f"evidence {sha256[:12]}... does not match its SHA-256: the image was altered", sha256=sha256)
        return data

    def hold_evidence(self, sha256: str, held: bool = True) -> None:
        """Keep (or stop keeping) an image past the retention period."""
        with guarded(self.target, "holding evidence"), writing(self.engine) as connection:
            connection.execute(update(EVIDENCE).where(EVIDENCE.c.sha256 == sha256).values(held=held))

    def purge_evidence(self, *, now: datetime | None = None) -> PurgeReport:
        """Delete images older than the retention period, except those held or backing a ruling or a flagged hand.

        Only the image goes: its row stays (marked purged) and every event keeps its SHA-256, so the
        chain still verifies.
        """
        moment = now or self.now()
        cutoff = moment - timedelta(days=self.settings.evidence_retention_days)
        protected_hands = select(RULINGS.c.hand_id).where(RULINGS.c.hand_id.is_not(None)).union(
            select(HANDS.c.id).where(HANDS.c.flagged)
        )
        protected = select(EVENTS.c.evidence_sha256).where(EVENTS.c.evidence_sha256.is_not(None), EVENTS.c.hand_id.in_(protected_hands))
        purged = kept = freed = 0
        files: list[Path] = []
        with guarded(self.target, "purging evidence"), writing(self.engine) as connection:
            rows = connection.execute(
                select(
                    EVIDENCE.c.sha256, EVIDENCE.c.held, EVIDENCE.c.size, EVIDENCE.c.path, EVIDENCE.c.sha256.in_(protected).label("backs"),
                )
                .where(EVIDENCE.c.captured_at < cutoff, EVIDENCE.c.purged_at.is_(None))
            ).all()
            for row in rows:
                if row.held or row.backs:
                    kept += 1
                    continue
                connection.execute(update(EVIDENCE).where(EVIDENCE.c.sha256 == row.sha256).values(data=None, purged_at=moment))
                if row.path is not None and self.settings.evidence_dir is not None:
                    files.append(Path(self.settings.evidence_dir) / row.path)
                purged += 1
                freed += row.size
        for file in files:
            file.unlink(missing_ok=True)
        return PurgeReport(purged, kept, freed)

    # ------------------------------------------------------------------ verification

    def verify_log(self, table: int | str | None = None) -> list[ChainReport]:
        """Verify the hash chain of one table (by id or name) or of every table."""
        ids = [self.table_id(table)] if table is not None else [info.id for info in self.tables()]
        reports = []
        with guarded(self.target, "verifying the log"), self.engine.connect() as connection:
            for table_id in ids:
                name = str(connection.execute(select(TABLES.c.name).where(TABLES.c.id == table_id)).scalar_one())
                head_row = connection.execute(select(HEADS.c.last_seq, HEADS.c.last_hash).where(HEADS.c.table_id == table_id)).first()
                head = None if head_row is None else (int(head_row.last_seq), str(head_row.last_hash))
                result = connection.execution_options(yield_per=2000).execute(
                    select(EVENTS).where(EVENTS.c.table_id == table_id).order_by(EVENTS.c.seq)
                )
                try:
                    reports.append(verify_chain(table_id, name, _LinkRows(result), head=head))
                finally:
                    result.close()
        return reports


class _LinkRows:
    """Rows of ``events`` as verification reads them (times made timezone-aware)."""

    def __init__(self, rows: Any) -> None:
        self._rows = rows

    def __iter__(self) -> Iterator[Any]:
        for row in self._rows:
            yield _Link(row)


class _Link:
    __slots__ = ("table_id", "seq", "hand_id", "recorded_at", "frame_at", "source", "actor", "kind", "payload", "voids_seq",
                 "evidence_sha256", "hash")

    def __init__(self, row: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(row, name))
        self.recorded_at = _aware(row.recorded_at)
        self.frame_at = _aware(row.frame_at)


def _same_event(row: Row[Any], candidate: Mapping[str, Any]) -> bool:
    try:
        payload = json.loads(row.payload)
    except ValueError:
        return False
    return bool(
        row.kind == candidate["kind"] and payload == candidate["payload"] and row.source == candidate["source"]
        and row.actor == candidate["actor"] and (candidate["hand_id"] is None or row.hand_id == candidate["hand_id"])
        and row.evidence_sha256 == candidate["evidence_sha256"] and _aware(row.frame_at) == _aware(candidate["frame_at"])
    )


def _summary(row: Row[Any]) -> HandSummary:
    values = row._mapping
    return HandSummary(**{
        **values, "status": HandStatus(values["status"]), "started_at": _aware(values["started_at"]),
        "finished_at": _aware(values["finished_at"]), "flagged": bool(values["flagged"]),
    })


def translate_os_error(error: OSError, doing: str, target: Target) -> StoreError:
    """A file-system failure as a store error (a full disk is reported as such)."""
    if error.errno == errno.ENOSPC:
        return StoreFullError(f"the disk is full while {doing}: nothing was written; free some space and try again")
    return StoreUnavailableError(f"cannot write while {doing}: {error.strerror or error}", url=target.shown)


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


__all__ = [
    "HandQuery", "HandSummary", "PurgeReport", "StaffMember", "Store", "StoredEvent", "TableInfo", "hand_closed_record", "utc_now",
]
