"""The floor's searches over hands: table, time range, seat, player, pot size, flagged, ruling.

Each filter is served by an index of migration ``0002_floor_search_indexes`` (hands by table and
start, by start, by pot, the partial indexes of flagged and of ruled hands; hand seats by player
and start and by table, seat and start; rulings by hand). Results come newest first, ``limit`` at
a time; pass the last result's ``started_at`` as ``before`` for the next page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, and_, exists, select

from dealer_console.store._tables import HAND_SEATS, HANDS, RULINGS
from dealer_console.store.kinds import HandStatus


@dataclass(frozen=True, slots=True, kw_only=True)
class HandQuery:
    """What the floor is looking for; every filter left as ``None`` is not applied."""

    table_id: int | None = None
    since: datetime | None = None
    """Hands started at or after this moment."""
    until: datetime | None = None
    """Hands started before this moment."""
    seat: int | None = None
    """Hands in which this seat was dealt in (with ``table_id``, that table's seat)."""
    player: str | None = None
    """Hands in which this player (by name) was dealt in."""
    min_pot: int | None = None
    max_pot: int | None = None
    flagged: bool | None = None
    with_ruling: bool | None = None
    reportable: bool | None = None
    """Hands with a ruling flagged reportable (implies a ruling)."""
    status: HandStatus | None = None
    before: datetime | None = None
    """Keyset paging: hands started strictly before this moment."""
    limit: int = 100


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One hand as the floor's list shows it."""

    id: int
    table_id: int
    number: int
    status: HandStatus
    started_at: datetime
    finished_at: datetime | None
    game: str
    structure: str
    small_blind: int
    big_blind: int
    button: int
    pot_total: int
    rake: int
    flagged: bool
    flag_reason: str | None


def hand_search(query: HandQuery, *, player_id: int | None = None) -> Select[tuple[object, ...]]:
    """The SELECT for ``query`` (``player_id``: the player's id, looked up by the caller)."""
    hands, seats, rulings = HANDS, HAND_SEATS, RULINGS
    conditions = []
    statement = select(*[hands.c[name] for name in HandSummary.__slots__])
    if query.player is not None:
        # the (player_id, started_at) index gives the player's hands newest first
        statement = statement.join(seats, and_(seats.c.hand_id == hands.c.id, seats.c.player_id == player_id))
        time_column = seats.c.started_at
        if query.seat is not None:
            conditions.append(seats.c.seat == query.seat)
        if query.table_id is not None:
            conditions.append(seats.c.table_id == query.table_id)
    elif query.seat is not None:
        statement = statement.join(seats, and_(seats.c.hand_id == hands.c.id, seats.c.seat == query.seat))
        time_column = seats.c.started_at
        if query.table_id is not None:
            conditions.append(seats.c.table_id == query.table_id)
    else:
        time_column = hands.c.started_at
        if query.table_id is not None:
            conditions.append(hands.c.table_id == query.table_id)
    if query.since is not None:
        conditions.append(time_column >= query.since)
    if query.until is not None:
        conditions.append(time_column < query.until)
    if query.before is not None:
        conditions.append(time_column < query.before)
    if query.min_pot is not None:
        conditions.append(hands.c.pot_total >= query.min_pot)
    if query.max_pot is not None:
        conditions.append(hands.c.pot_total <= query.max_pot)
    if query.flagged is not None:
        # rendered as the partial index's own condition (PostgreSQL "flagged", SQLite "flagged = 1"), so both use that index
        conditions.append(hands.c.flagged if query.flagged else ~hands.c.flagged)
    if query.status is not None:
        conditions.append(hands.c.status == query.status.value)
    if query.reportable:
        conditions.append(hands.c.ruled)
        conditions.append(exists().where(rulings.c.hand_id == hands.c.id, rulings.c.reportable.is_(True)))
    elif query.with_ruling is not None:
        # hands.ruled, kept with each ruling, is what the partial index ix_hands_ruled covers
        conditions.append(hands.c.ruled if query.with_ruling else ~hands.c.ruled)
    return statement.where(*conditions).order_by(time_column.desc(), hands.c.id.desc()).limit(query.limit)


__all__ = ["HandQuery", "HandSummary", "hand_search"]
