"""The card room's shipped log on PostgreSQL: ``room_events`` (every table's events, verbatim) and
``room_rulings`` (what the floor records).

Each console keeps its own store (SQLite) and a :class:`~dealer_console.room.shipper.Shipper` copies
its events here unchanged, with their original ``seq`` and ``hash``, so every table's chain
verifies on the server with :func:`~dealer_console.store.chain.verify_chain`. The table enforces:

- ``(table_id, seq)`` is the primary key: an event sent twice is stored once;
- a trigger checks each row's ``prev_hash`` against the stored hash at ``seq - 1`` (64 zeros for
  ``seq`` 1): no gap, no fork, no event out of order is ever stored;
- another trigger refuses every ``UPDATE`` and ``DELETE`` (on top of the roles' privileges, see
  ``deploy/postgres/setup.sql``).

``room_heads`` keeps every signed chain head a console ships after its events (the head's seq and
hash, the console's public key and its Ed25519 signature), append-only like ``room_events``: once a
head is here, a console log that no longer holds that event at that seq is caught by the room-side
check (:mod:`.heads`), even if whoever cut it also held the console's key.
"""

from __future__ import annotations

from typing import Any

ROOM_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS room_events (
    table_id integer NOT NULL,
    seq bigint NOT NULL CHECK (seq >= 1),
    hand_id bigint,
    recorded_at timestamptz NOT NULL,
    frame_at timestamptz,
    source varchar(10) NOT NULL,
    actor varchar(200) NOT NULL DEFAULT '',
    kind varchar(40) NOT NULL,
    payload text NOT NULL,
    voids_seq bigint,
    evidence_sha256 varchar(64),
    hash char(64) NOT NULL,
    prev_hash char(64) NOT NULL,
    shipped_by name NOT NULL DEFAULT current_user,
    received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX IF NOT EXISTS ix_room_events_received ON room_events (received_at);

CREATE TABLE IF NOT EXISTS room_rulings (
    id bigserial PRIMARY KEY,
    table_id integer NOT NULL,
    hand_number integer,
    event_seq bigint,
    floor_manager varchar(200) NOT NULL,
    rule text NOT NULL,
    decision text NOT NULL,
    pot_held boolean NOT NULL,
    disputed_amount bigint NOT NULL DEFAULT 0,
    reportable boolean NOT NULL DEFAULT false,
    recorded_by name NOT NULL DEFAULT current_user,
    recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS ix_room_rulings_table ON room_rulings (table_id, recorded_at);

CREATE TABLE IF NOT EXISTS room_heads (
    table_id integer NOT NULL,
    seq bigint NOT NULL CHECK (seq >= 1),
    hash char(64) NOT NULL,
    public_key char(64) NOT NULL,
    signature varchar(128) NOT NULL,
    shipped_by name NOT NULL DEFAULT current_user,
    received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (table_id, seq, public_key)
);

CREATE OR REPLACE FUNCTION room_events_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    previous char(64);
BEGIN
    IF NEW.seq = 1 THEN
        IF NEW.prev_hash <> repeat('0', 64) THEN
            RAISE EXCEPTION 'table %: seq 1 must follow the genesis hash', NEW.table_id USING ERRCODE = '23514';
        END IF;
        RETURN NEW;
    END IF;
    SELECT hash INTO previous FROM room_events WHERE table_id = NEW.table_id AND seq = NEW.seq - 1;
    IF previous IS NULL THEN
        RAISE EXCEPTION 'table %: seq % arrived before seq %', NEW.table_id, NEW.seq, NEW.seq - 1 USING ERRCODE = '23514';
    END IF;
    IF previous <> NEW.prev_hash THEN
        RAISE EXCEPTION 'table %: seq % does not link to the stored seq % (fork)', NEW.table_id, NEW.seq, NEW.seq - 1
            USING ERRCODE = '23514';
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION room_events_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'room_events is append-only: % refused', TG_OP USING ERRCODE = '42501';
END $$;

DROP TRIGGER IF EXISTS room_events_link ON room_events;
CREATE TRIGGER room_events_link BEFORE INSERT ON room_events FOR EACH ROW EXECUTE FUNCTION room_events_link();
DROP TRIGGER IF EXISTS room_events_frozen ON room_events;
CREATE TRIGGER room_events_frozen BEFORE UPDATE OR DELETE ON room_events FOR EACH ROW EXECUTE FUNCTION room_events_frozen();
DROP TRIGGER IF EXISTS room_heads_frozen ON room_heads;
CREATE TRIGGER room_heads_frozen BEFORE UPDATE OR DELETE ON room_heads FOR EACH ROW EXECUTE FUNCTION room_events_frozen();
"""

def ensure_room_schema(connection: Any) -> None:
    """Create the room's tables and triggers if missing (a psycopg 3 connection; run as the database owner)."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(7294001)")
        connection.execute(ROOM_SCHEMA_SQL)


__all__ = ["ROOM_SCHEMA_SQL", "ensure_room_schema"]
