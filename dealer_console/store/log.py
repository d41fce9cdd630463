"""Appending to a table's log and its hash chain: one transaction per event, the floor's projections kept with it."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Connection, Row, insert, select, update

from dealer_console.engine.events import BlindKind, BlindPosted, Event, RestraddleConsent, RunsChosen, Voided
from dealer_console.engine.table_events import (
    AgreementsChanged,
    HandFinished,
    HandMisdealt,
    HandStarted,
    PlayerLeft,
    PlayerSeated,
    SeatChanged,
    TableClosed,
)
from dealer_console.store._tables import (
    AGREEMENTS,
    EVENTS,
    HAND_SEATS,
    HANDS,
    HEADS,
    KEYS,
    PLAYERS,
    RULINGS,
    SEATS,
    STAFF,
    TABLES,
)
from dealer_console.store.chain import ChainReport, LinkRow, link_content, link_hash
from dealer_console.store.codec import Record, canonical_json, record_payload, to_data
from dealer_console.store.database import APP_NAME, guarded, writing
from dealer_console.store.errors import (
    DuplicateEventError,
    NotAuthorizedError,
    RecordNotFoundError,
    SequenceConflictError,
    StoreError,
    StoreUnavailableError,
)
from dealer_console.store.hands import HandsStore
from dealer_console.store.keys import ConsoleKey, default_key_path, load_or_create_key
from dealer_console.store.kinds import HandStatus, Role, Source
from dealer_console.store.records import HandClosed, HandCorrected, HandFlagged, HandOpened, HouseSettingsChanged, RulingRecorded
from dealer_console.store.stored import (
    HAND_EVENT_KINDS,
    StaffMember,
    StoredEvent,
    TableInfo,
    aware,
)
from dealer_console.store.verification import projection_mismatches, tables_in_log, verify_table

_KEY_LOCK = threading.Lock()


class LogStore(HandsStore):
    """The one way into a table's log, and reading it back."""

    _console_key: ConsoleKey | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._signed_in: dict[int, StaffMember] = {}
        """Every member this store signed in (or recovered), by the identity of the object handed out: authority is the
        object itself, so a :class:`StaffMember` built from a name, or a copy, carries none."""

    def console_key(self) -> ConsoleKey:
        """The console's signing key (:mod:`.keys`): loaded, or created, on the first append; refused if others can read it."""
        with _KEY_LOCK:
            if self._console_key is None:
                path = self.settings.signing_key
                if path is None:
                    data_dir = self.settings.data_dir or Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
                    path = default_key_path(sqlite_path=self.target.sqlite_path, data_dir=data_dir)
                self._console_key = load_or_create_key(path)
            return self._console_key

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
        by: StaffMember | None = None,
    ) -> StoredEvent:
        """Append ``record`` to the table's log and commit it durably; return it once on disk.

        ``hand_id``: the hand an engine event belongs to (default: the table's open hand).
        ``expected_seq`` / ``hand_position``: where the caller believes the event goes (the
        table's next sequence number / the number of the hand's events already stored); if the
        log is elsewhere, nothing is written and :class:`SequenceConflictError` (or
        :class:`DuplicateEventError` when this very event is already there) is raised.
        ``by``: for a floor manager's act (a ruling, a correction, house settings, the table's agreements), the member
        :meth:`sign_in` returned; it must be signed in here and still an active floor manager, not locked out, when the
        event is written, and the record must name that member (see :meth:`_require_authority`).
        """
        attempt: list[StoredEvent] = []
        doing = f"appending {record.kind} to table {table_id}"
        self.console_key()
        try:
            with guarded(self.target, doing), writing(self.sql_engine) as connection:
                stored = self._append(
                    connection, table_id, record, hand_id=hand_id, source=source, actor=actor, frame_at=frame_at,
                    evidence_sha256=evidence_sha256, voids_seq=voids_seq, expected_seq=expected_seq, hand_position=hand_position,
                    by=by,
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
        self.console_key()
        with guarded(self.target, f"appending {len(records)} records to table {table_id}"), writing(self.sql_engine) as connection:
            return [
                self._append(connection, table_id, record, hand_id=None, source=source, actor=actor, frame_at=None, evidence_sha256=None,
                             voids_seq=None, expected_seq=None, hand_position=None, by=None)
                for record in records
            ]

    def _resolve_lost_commit(self, stored: StoredEvent, doing: str) -> StoredEvent:
        try:
            with guarded(self.target, doing), self.sql_engine.connect() as connection:
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
        by: StaffMember | None,
    ) -> StoredEvent:
        head = connection.execute(
            select(HEADS.c.last_seq, HEADS.c.last_hash).where(HEADS.c.table_id == table_id).with_for_update()
        ).first()
        if head is None:
            raise RecordNotFoundError(f"no table with id {table_id} in {self.target.shown}")
        seq = head.last_seq + 1
        kind = record.kind
        self._require_authority(connection, table_id, record, source=source, actor=actor, voids_seq=voids_seq, by=by)
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
        self._sign_head(connection, table_id, seq, digest)
        stored = StoredEvent(
            table_id, seq, hand_id, recorded_at, frame_at, source, actor, kind, payload, voids_seq, evidence_sha256, digest,
        )
        self._project(connection, stored, record)
        return stored

    def _sign_head(self, connection: Connection, table_id: int, seq: int, digest: str) -> None:
        """Move the table's head to the new event, signed by the console's key (registered in the store if new)."""
        key = self.console_key()
        if connection.execute(select(KEYS.c.key_id).where(KEYS.c.key_id == key.key_id)).first() is None:
            connection.execute(insert(KEYS).values(key_id=key.key_id, public_key=key.public_key, registered_at=self.now()))
        connection.execute(update(HEADS).where(HEADS.c.table_id == table_id).values(
            last_seq=seq, last_hash=digest, key_id=key.key_id, signature=key.sign_head(table_id, seq, digest),
        ))

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

    def _require_authority(self, connection: Connection, table_id: int, record: Record, *, source: Source, actor: str,
                           voids_seq: int | None, by: StaffMember | None) -> None:
        """Refuse a floor manager's act unless ``by`` is a member this store signed in, still an active floor manager who
        is not locked out (read in this very transaction), and the record and its actor name that member.

        Raises :class:`NotAuthorizedError` naming the act and why; nothing is written (the transaction rolls back).
        """
        act = _floor_act(record, source)
        if act is None:
            return
        what, named = act
        self._check_signed_in_floor_manager(connection, by, what)
        assert by is not None
        for name in (named, actor):
            if name != by.name:
                raise NotAuthorizedError(f"only a floor manager signed in may {what}, under their own name: {by.name!r} signed in,"
                                         f" the record names {name!r}")
        if source is not Source.FLOOR:
            raise NotAuthorizedError(f"a floor manager's act ({what}) is recorded as a floor event, not a {source.value} one")
        if isinstance(record, HandCorrected) and voids_seq != record.target_seq:
            raise NotAuthorizedError(f"a correction names the event it corrects (seq {record.target_seq}) in its voids_seq,"
                                     f" not {voids_seq}")
        if isinstance(record, AgreementsChanged) and record.agreements.mississippi is not None:
            manager = record.agreements.mississippi.manager
            if manager != by.name and manager != self._standing_mississippi_manager(connection, table_id):
                raise NotAuthorizedError(f"only a floor manager signed in may authorize a Mississippi straddle under their own name:"
                                         f" {by.name!r} signed in, the authorization names {manager!r}")

    def _check_signed_in_floor_manager(self, connection: Connection, by: StaffMember | None, what: str) -> int:
        """The id of ``by`` if it is a member this store signed in and, in the database now, an active floor manager who
        is not locked out; raises :class:`NotAuthorizedError` naming ``what`` and why otherwise."""
        if by is None:
            raise NotAuthorizedError(f"only a floor manager signed in may {what}; no signed-in member was given"
                                     " (a name carries no authority)")
        if not isinstance(by, StaffMember) or self._signed_in.get(id(by)) is not by:
            shown = by.name if isinstance(by, StaffMember) else by
            raise NotAuthorizedError(f"only a floor manager signed in may {what}; {shown!r} has not signed in here"
                                     " (a member made from a name, or a copy, carries no authority)")
        row = connection.execute(select(STAFF.c.role, STAFF.c.active, STAFF.c.locked_at).where(STAFF.c.id == by.id)).first()
        if row is None or row.role != Role.FLOOR_MANAGER.value or not row.active or row.locked_at is not None:
            role = "no longer an active account" if row is None or not row.active else f"a {Role(row.role).value.replace('_', ' ')}"
            raise NotAuthorizedError(f"only a floor manager may {what}; {by.name!r} is {role}"
                                     + (" (locked out)" if row is not None and row.locked_at is not None else ""))
        return by.id

    def _standing_mississippi_manager(self, connection: Connection, table_id: int) -> str | None:
        """The manager of the table's standing Mississippi authorization on record (kept by a later change of agreements)."""
        row = connection.execute(select(AGREEMENTS.c.choice).where(AGREEMENTS.c.table_id == table_id, AGREEMENTS.c.kind == "standing")
                                 .order_by(AGREEMENTS.c.event_seq.desc()).limit(1)).first()
        if row is None:
            return None
        mississippi = json.loads(row.choice).get("mississippi")
        return str(mississippi["manager"]) if isinstance(mississippi, dict) and "manager" in mississippi else None

    def _staff_id(self, connection: Connection, name: str) -> int:
        row = connection.execute(select(STAFF.c.id).where(STAFF.c.name == name)).first()
        if row is None:
            raise NotAuthorizedError(f"no staff member named {name!r}")
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
        elif isinstance(record, SeatChanged):
            connection.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == record.seat, SEATS.c.left_at.is_(None))
                               .values(seat=record.to_seat))
        elif isinstance(record, AgreementsChanged):
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
        elif isinstance(record, RulingRecorded):  # its authority was checked before it was written (_require_authority)
            manager = self._staff_id(connection, record.floor_manager)
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
        with guarded(self.target, f"reading table {table_id}'s log"), self.sql_engine.connect() as connection:
            return [StoredEvent.from_row(row) for row in connection.execute(statement)]

    def table_id(self, table: int | str) -> int:
        """The id of a table given by id or by name."""
        with guarded(self.target, f"looking up table {table!r}"), self.sql_engine.connect() as connection:
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
        with guarded(self.target, "listing tables"), self.sql_engine.connect() as connection:
            return [TableInfo(row.id, row.name, row.last_seq) for row in connection.execute(statement)]

    def event_links(self, table_id: int, *, since_seq: int = 0, limit: int | None = None,
                    seqs: Sequence[int] | None = None) -> list[LinkRow]:
        """The table's events as the chain reads them (the payload as its stored text), after ``since_seq`` or at ``seqs``, in order."""
        statement = select(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq > since_seq)
        if seqs is not None:
            statement = statement.where(EVENTS.c.seq.in_(list(seqs)))
        statement = statement.order_by(EVENTS.c.seq)
        if limit is not None:
            statement = statement.limit(limit)
        with guarded(self.target, f"reading table {table_id}'s log"), self.sql_engine.connect() as connection:
            return [LinkRow.of(row) for row in connection.execute(statement)]

    def signed_head(self, table_id: int) -> tuple[int, str, str, str] | None:
        """The table's signed head: (seq, hash, the signing key's public key, signature); ``None``: not signed yet."""
        statement = (select(HEADS.c.last_seq, HEADS.c.last_hash, KEYS.c.public_key, HEADS.c.signature)
                     .join(KEYS, KEYS.c.key_id == HEADS.c.key_id).where(HEADS.c.table_id == table_id))
        with guarded(self.target, f"reading table {table_id}'s signed head"), self.sql_engine.connect() as connection:
            row = connection.execute(statement).first()
        if row is None or row.signature is None:
            return None
        return int(row.last_seq), str(row.last_hash).strip(), str(row.public_key), str(row.signature)

    def chain_heads(self, table_ids: Iterable[int]) -> dict[int, int]:
        """The last ``seq`` of each of these tables' logs (tables not in the store are left out)."""
        statement = select(HEADS.c.table_id, HEADS.c.last_seq).where(HEADS.c.table_id.in_(list(table_ids)))
        with guarded(self.target, "reading the chain heads"), self.sql_engine.connect() as connection:
            return {int(row.table_id): int(row.last_seq) for row in connection.execute(statement)}

    # ------------------------------------------------------------------ verification

    def verify_log(self, table: int | str | None = None, *, deep: bool = False) -> list[ChainReport]:
        """Verify the hash chain and the signed head of one table (by id or name) or of every table found in the log
        (see :mod:`.verification`); ``deep``: also rebuild the floor's projections from the chain and name each differing row."""
        with guarded(self.target, "verifying the log"), self.sql_engine.connect() as connection:
            ids = [self._table_id_in_log(connection, table)] if table is not None else tables_in_log(connection)
            return [verify_table(connection, table_id, deep=deep) for table_id in ids]

    def _table_id_in_log(self, connection: Connection, table: int | str) -> int:
        if isinstance(table, int) or str(table).isdigit():
            if connection.execute(select(EVENTS.c.seq).where(EVENTS.c.table_id == int(table)).limit(1)).first() is not None:
                return int(table)
        return self.table_id(table)

    def projection_problems(self, table_id: int, hand_ids: Iterable[int] | None = None) -> list[str]:
        """Each ``hands``/``hand_seats``/``rulings`` row of the table (of these hands) that differs from the chain, in words."""
        wanted = None if hand_ids is None else set(hand_ids)
        with guarded(self.target, f"checking table {table_id}'s figures against its log"), self.sql_engine.connect() as connection:
            return [str(mismatch) for mismatch in projection_mismatches(connection, table_id, wanted)]


def _floor_act(record: Record, source: Source) -> tuple[str, str] | None:
    """What a floor manager's act is called and the name its record gives, or None for an act that is not the floor's only."""
    if isinstance(record, RulingRecorded):
        return "record a ruling", record.floor_manager
    if isinstance(record, HandCorrected):
        return "record a correction", record.by
    if isinstance(record, HouseSettingsChanged):
        return "change the house settings", record.by
    if isinstance(record, TableClosed):
        return "close the table", record.by
    if isinstance(record, AgreementsChanged):
        mississippi = " (a Mississippi straddle authorized)" if record.agreements.mississippi is not None else ""
        return f"change the table's agreements{mississippi}", record.by
    if isinstance(record, Voided) and source is Source.FLOOR:
        return "record a correction", record.by
    if isinstance(record, Event) and source is Source.FLOOR:
        return "record a correction", ""  # only a floor void is a floor manager's engine event: any other is refused
    return None


def _same_event(row: Row[Any], candidate: Mapping[str, Any]) -> bool:
    try:
        payload = json.loads(row.payload)
    except ValueError:
        return False
    return bool(
        row.kind == candidate["kind"] and payload == candidate["payload"] and row.source == candidate["source"]
        and row.actor == candidate["actor"] and (candidate["hand_id"] is None or row.hand_id == candidate["hand_id"])
        and row.evidence_sha256 == candidate["evidence_sha256"] and aware(row.frame_at) == aware(candidate["frame_at"])
    )


__all__ = ["LogStore"]
