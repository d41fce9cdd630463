"""Hands: their summaries, set-ups and replays, the floor's searches, and what the floor's reports read."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, func, select

from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import Event
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.replay import ReplayStepError, replay
from dealer_console.engine.table_events import (
    HandStarted,
)
from dealer_console.store._tables import (
    EVENTS,
    HAND_SEATS,
    HANDS,
    PLAYERS,
    RULINGS,
    TABLES,
)
from dealer_console.store.base import StoreBase
from dealer_console.store.codec import canonical_json, to_data
from dealer_console.store.database import guarded
from dealer_console.store.errors import (
    RecordNotFoundError,
    ReplayError,
)
from dealer_console.store.kinds import HandStatus
from dealer_console.store.records import HandOpened
from dealer_console.store.search import HandQuery, HandSummary, hand_search
from dealer_console.store.stored import (
    HAND_EVENT_KINDS,
    HistoryExtent,
    ReportHand,
    StoredEvent,
    aware,
)


class HandsStore(StoreBase):
    """Reading the projection of hands and rebuilding a hand from its events."""

    def hand(self, hand_id: int) -> HandSummary:
        """One hand's summary."""
        with guarded(self.target, f"reading hand id {hand_id}"), self.sql_engine.connect() as connection:
            row = connection.execute(select(*[HANDS.c[name] for name in HandSummary.__slots__]).where(HANDS.c.id == hand_id)).first()
        if row is None:
            raise RecordNotFoundError(f"no hand id {hand_id}")
        return _summary(row)

    def hand_setup(self, hand_id: int) -> HandSetup:
        """The stored set-up of a hand."""
        with guarded(self.target, f"reading hand id {hand_id}"), self.sql_engine.connect() as connection:
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
        with guarded(self.target, f"rebuilding hand id {hand_id}"), self.sql_engine.connect() as connection:
            return self._replay(connection, hand_id)

    def hand_event_seqs(self, hand_id: int) -> list[int]:
        """The sequence numbers of a hand's engine events, in the order ``Hand.events`` holds them."""
        statement = select(EVENTS.c.seq).where(EVENTS.c.hand_id == hand_id, EVENTS.c.kind.in_(HAND_EVENT_KINDS)).order_by(EVENTS.c.seq)
        with guarded(self.target, f"reading hand id {hand_id}"), self.sql_engine.connect() as connection:
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
        with guarded(self.target, "numbering a hand"), self.sql_engine.connect() as connection:
            top = connection.execute(select(func.max(HANDS.c.number)).where(HANDS.c.table_id == table_id)).scalar()
        return 1 if top is None else int(top) + 1

    # ------------------------------------------------------------------ floor

    def search_hands(self, query: HandQuery) -> list[HandSummary]:
        """Hands matching ``query``, newest first (see :mod:`.search`)."""
        with guarded(self.target, "searching hands"), self.sql_engine.connect() as connection:
            player_id = None
            if query.player is not None:
                found = connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.name == query.player)).first()
                if found is None:
                    return []
                player_id = int(found.id)
            return [_summary(row) for row in connection.execute(hand_search(query, player_id=player_id))]

    def explain_search(self, query: HandQuery, *, analyze: bool = False) -> str:
        """The database's plan for ``query`` (to check which indexes it uses)."""
        with guarded(self.target, "explaining a search"), self.sql_engine.connect() as connection:
            player_id = None
            if query.player is not None:
                found = connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.name == query.player)).first()
                player_id = None if found is None else int(found.id)
            statement = hand_search(query, player_id=player_id)
            compiled = statement.compile(connection, compile_kwargs={"literal_binds": True})
            prefix = "EXPLAIN QUERY PLAN " if self.backend == "sqlite" else ("EXPLAIN (ANALYZE, BUFFERS) " if analyze else "EXPLAIN ")
            rows = connection.exec_driver_sql(prefix + str(compiled)).all()
        return "\n".join(str(row[-1]) for row in rows)
    def hand_players(self, hand_id: int) -> dict[int, str]:
        """The players dealt into a hand, by seat (seats the dealer named no player for are left out)."""
        statement = (select(HAND_SEATS.c.seat, PLAYERS.c.name).join(PLAYERS, PLAYERS.c.id == HAND_SEATS.c.player_id)
                     .where(HAND_SEATS.c.hand_id == hand_id))
        with guarded(self.target, f"reading hand id {hand_id}'s players"), self.sql_engine.connect() as connection:
            return {int(row.seat): str(row.name) for row in connection.execute(statement)}

    def find_hand(self, table_id: int, number: int) -> int:
        """The id of the table's hand #number (raises :class:`RecordNotFoundError`)."""
        with guarded(self.target, f"looking up hand #{number}"), self.sql_engine.connect() as connection:
            return self._hand_id_by_number(connection, table_id, number)

    def next_hand_id(self, hand_id: int) -> int | None:
        """The id of the hand played after this one at its table (``None``: none yet)."""
        summary = self.hand(hand_id)
        statement = (select(HANDS.c.id).where(HANDS.c.table_id == summary.table_id, HANDS.c.number > summary.number)
                     .order_by(HANDS.c.number).limit(1))
        with guarded(self.target, f"reading the hand after hand id {hand_id}"), self.sql_engine.connect() as connection:
            row = connection.execute(statement).first()
        return None if row is None else int(row.id)

    def report_hands(self, *, since: datetime | None = None, until: datetime | None = None,
                     table_id: int | None = None) -> list[ReportHand]:
        """Hands started in the period (at one table, or everywhere), with the rake and jackpot drop of their closing records."""
        conditions = []
        if since is not None:
            conditions.append(HANDS.c.started_at >= since)
        if until is not None:
            conditions.append(HANDS.c.started_at < until)
        if table_id is not None:
            conditions.append(HANDS.c.table_id == table_id)
        with guarded(self.target, "reading hands for a report"), self.sql_engine.connect() as connection:
            rows = connection.execute(
                select(HANDS.c.id, HANDS.c.table_id, HANDS.c.status, HANDS.c.flagged, HANDS.c.pot_total).where(*conditions)
            ).all()
            closing: dict[int, tuple[int, int]] = {}
            if rows:
                for event in connection.execute(
                    select(EVENTS.c.hand_id, EVENTS.c.payload)
                    .where(EVENTS.c.hand_id.in_([row.id for row in rows]), EVENTS.c.kind.in_(("hand_closed", "hand_finished")))
                ):
                    payload = json.loads(event.payload)
                    rake, jackpot = closing.get(int(event.hand_id), (0, 0))
                    closing[int(event.hand_id)] = (rake + int(payload.get("rake", 0)), jackpot + int(payload.get("jackpot", 0)))
        return [ReportHand(int(row.table_id), HandStatus(row.status), bool(row.flagged), int(row.pot_total), *closing.get(int(row.id), (0, 0)))
                for row in rows]

    def rulings_per_table(self, *, since: datetime | None = None, until: datetime | None = None) -> dict[int, int]:
        """How many rulings each table recorded in the period."""
        conditions = []
        if since is not None:
            conditions.append(RULINGS.c.recorded_at >= since)
        if until is not None:
            conditions.append(RULINGS.c.recorded_at < until)
        statement = select(RULINGS.c.table_id, func.count()).where(*conditions).group_by(RULINGS.c.table_id)
        with guarded(self.target, "counting rulings"), self.sql_engine.connect() as connection:
            return {int(row[0]): int(row[1]) for row in connection.execute(statement)}

    def history_extent(self) -> HistoryExtent:
        """How many hands the store holds, when the first and the last started, and its lowest table id."""
        with guarded(self.target, "measuring the history"), self.sql_engine.connect() as connection:
            row = connection.execute(select(func.count(), func.min(HANDS.c.started_at), func.max(HANDS.c.started_at))).one()
            first_table = connection.execute(select(func.min(TABLES.c.id))).scalar()
        return HistoryExtent(int(row[0]), None if first_table is None else int(first_table), aware(row[1]), aware(row[2]))

    def _hand_id_by_number(self, connection: Connection, table_id: int, number: int) -> int:
        row = connection.execute(select(HANDS.c.id).where(HANDS.c.table_id == table_id, HANDS.c.number == number)).first()
        if row is None:
            raise RecordNotFoundError(f"no hand #{number} at table {table_id}")
        return int(row.id)



def _summary(row: Row[Any]) -> HandSummary:
    values = row._mapping
    return HandSummary(**{
        **values, "status": HandStatus(values["status"]), "started_at": aware(values["started_at"]),
        "finished_at": aware(values["finished_at"]), "flagged": bool(values["flagged"]),
    })


__all__ = ["HandsStore"]
