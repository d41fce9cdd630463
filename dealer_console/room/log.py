"""The card room's log, ``room_events`` on its PostgreSQL: every statement that reads or appends it.

The shipper (:mod:`.shipper`) appends each console's events here and reads each table's head; the
floor's review (:mod:`dealer_console.floor.room_source`) reads it back. The table and its triggers
are created by :mod:`.schema`. Every function takes an open psycopg 3 connection (see :func:`connect`);
rows come back as the connection's row factory makes them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

EVENT_COLUMNS = (
    "table_id", "seq", "hand_id", "recorded_at", "frame_at", "source", "actor", "kind", "payload", "voids_seq",
    "evidence_sha256", "hash", "prev_hash",
)
"""The columns a shipper writes (``shipped_by`` and ``received_at`` are the server's)."""

_TABLE_IDS = """
WITH RECURSIVE t AS (
    SELECT min(table_id) AS id FROM room_events
    UNION ALL
    SELECT (SELECT min(table_id) FROM room_events WHERE table_id > t.id) FROM t WHERE t.id IS NOT NULL
) SELECT id FROM t WHERE id IS NOT NULL
"""
# one index probe per table instead of scanning every event, as DISTINCT would


def libpq_url(url: str) -> str:
    """A PostgreSQL URL as libpq (psycopg) takes it: SQLAlchemy's ``postgresql+psycopg://`` scheme made plain."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def connect(url: str, *, connect_timeout_s: float | None = None, autocommit: bool = False, named_rows: bool = False) -> Any:
    """A psycopg 3 connection to the room's database (``named_rows``: rows as named tuples; no timeout: libpq's default)."""
    import psycopg
    from psycopg.rows import namedtuple_row

    options: dict[str, Any] = {"autocommit": autocommit}
    if connect_timeout_s is not None:
        options["connect_timeout"] = max(1, int(connect_timeout_s))
    if named_rows:
        options["row_factory"] = namedtuple_row
    return psycopg.connect(libpq_url(url), **options)


def table_ids(connection: Any) -> list[int]:
    """Every table with events in the room's log, in order."""
    return [int(row[0]) for row in connection.execute(_TABLE_IDS)]


def head(connection: Any, table_id: int) -> tuple[int, str] | None:
    """The table's highest stored ``seq`` and its hash (``None``: nothing stored yet)."""
    row = connection.execute("SELECT seq, hash FROM room_events WHERE table_id = %s ORDER BY seq DESC LIMIT 1", (table_id,)).fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def append(connection: Any, table_id: int, values: Sequence[tuple[Any, ...]]) -> dict[int, str]:
    """Insert events (tuples in :data:`EVENT_COLUMNS` order) unless stored already; return the stored hash of each ``seq`` sent.

    Runs in the connection's current transaction (the caller commits); the server's link trigger
    raises ``CheckViolation`` for a gap or a fork.
    """
    columns = ", ".join(EVENT_COLUMNS)
    placeholders = ", ".join(["%s"] * len(EVENT_COLUMNS))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO room_events ({columns}) VALUES ({placeholders}) ON CONFLICT (table_id, seq) DO NOTHING", values,
        )
        cursor.execute("SELECT seq, hash FROM room_events WHERE table_id = %s AND seq BETWEEN %s AND %s ORDER BY seq",
                       (table_id, values[0][1], values[-1][1]))
        return {int(seq): str(digest) for seq, digest in cursor.fetchall()}


def events_after(connection: Any, table_id: int, after_seq: int, limit: int) -> list[Any]:
    """Up to ``limit`` of the table's events after ``after_seq``, in order."""
    return list(connection.execute("SELECT * FROM room_events WHERE table_id = %s AND seq > %s ORDER BY seq LIMIT %s",
                                   (table_id, after_seq, limit)).fetchall())


def all_events(connection: Any, table_id: int) -> list[Any]:
    """Every event of the table, in order."""
    return list(connection.execute("SELECT * FROM room_events WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall())


def hand_events(connection: Any, table_id: int, first_seq: int, last_seq: int, hand_id: int) -> list[Any]:
    """The events of a console's hand id between two ``seq`` (both included), in order."""
    return list(connection.execute(
        "SELECT * FROM room_events WHERE table_id = %s AND seq BETWEEN %s AND %s AND hand_id = %s ORDER BY seq",
        (table_id, first_seq, last_seq, hand_id)).fetchall())


def events_at(connection: Any, table_id: int, seqs: Sequence[int]) -> list[Any]:
    """The table's events at these ``seq`` (those stored)."""
    return list(connection.execute("SELECT * FROM room_events WHERE table_id = %s AND seq = ANY(%s)", (table_id, list(seqs))).fetchall())


@contextmanager
def events_through(connection: Any, table_id: int, last_seq: int) -> Iterator[Any]:
    """The table's events up to ``last_seq``, in order, read a batch at a time by a server-side cursor (in a transaction)."""
    cursor = connection.cursor(name=f"verify_{table_id}")
    try:
        with connection.transaction():
            cursor.execute("SELECT * FROM room_events WHERE table_id = %s AND seq <= %s ORDER BY seq", (table_id, last_seq))
            yield cursor
    finally:
        cursor.close()


def event_hashes(connection: Any, table_id: int) -> dict[int, str]:
    """The hash of each of the table's events, by ``seq``."""
    rows = connection.execute("SELECT seq, hash FROM room_events WHERE table_id = %s", (table_id,)).fetchall()
    return {int(seq): str(digest).strip() for seq, digest in rows}


def append_head(connection: Any, table_id: int, seq: int, digest: str, public_key: str, signature: str) -> None:
    """Keep a signed chain head (once; in the connection's current transaction, the caller commits)."""
    connection.execute(
        "INSERT INTO room_heads (table_id, seq, hash, public_key, signature) VALUES (%s, %s, %s, %s, %s)"
        " ON CONFLICT (table_id, seq, public_key) DO NOTHING", (table_id, seq, digest, public_key, signature),
    )


def heads(connection: Any, table_id: int) -> list[tuple[int, str, str, str]]:
    """Every signed head the room kept for the table: (seq, hash, public key, signature), in seq order."""
    rows = connection.execute("SELECT seq, hash, public_key, signature FROM room_heads WHERE table_id = %s ORDER BY seq, received_at",
                              (table_id,)).fetchall()
    return [(int(seq), str(digest).strip(), str(public).strip(), str(signature)) for seq, digest, public, signature in rows]


def staff_role(connection: Any, name: str) -> str | None:
    """The role of a staff account in the store's ``staff`` table on the room's server (``None``: no such account or table)."""
    import psycopg

    try:
        row = connection.execute("SELECT role FROM staff WHERE name = %s", (name,)).fetchone()
    except psycopg.errors.UndefinedTable:
        return None
    return None if row is None else str(row[0])


__all__ = [
    "EVENT_COLUMNS", "all_events", "append", "append_head", "connect", "event_hashes", "events_after", "events_at",
    "events_through", "hand_events", "head", "heads", "libpq_url", "staff_role", "table_ids",
]
