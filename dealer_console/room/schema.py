"""The card room's shipped log on PostgreSQL: ``room_events`` (every table's events, verbatim) and
``room_rulings`` (what the floor records).

Each console keeps its own store (SQLite) and a :class:`~dealer_console.room.shipper.Shipper` copies
its events here unchanged, with their original ``seq`` and ``hash``, so every table's chain
verifies on the server with :func:`~dealer_console.store.chain.verify_chain`. The table enforces:

- ``(table_id, seq)`` is the primary key: an event sent twice is stored once;
- a trigger checks each row's ``prev_hash`` against the stored hash at ``seq - 1`` (64 zeros for
  ``seq`` 1): no gap, no fork, no event out of order is ever stored;
- another trigger refuses every ``UPDATE`` and ``DELETE`` (on top of the roles' privileges, see
  ``deploy/postgres/setup.sql``);
- ``shipped_by`` and ``received_at`` (and a ruling's ``recorded_by`` and ``recorded_at``) are set by
  the server (``session_user``, ``now()``), whatever the client sends.

``room_consoles`` names each table's console login (row-level security in ``setup.sql`` lets a
console read and write only its own table's rows); ``room_evidence`` keeps shipped camera images,
content-addressed (a ``CHECK`` refuses bytes whose SHA-256 is not their key). The floor signs in
through ``SECURITY DEFINER`` functions (:data:`FLOOR_FUNCTIONS_SQL`) that never hand out a stored
PIN hash: ``room_sign_in_salt`` gives the Argon2 parameters and salt, the client hashes the PIN,
``room_sign_in`` counts the attempt first, then compares, and opens a session (a token whose
SHA-256 only is kept); rulings and unlocks go through functions that take that token and record
the signed-in floor manager and the database login.

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
ALTER TABLE room_rulings ADD COLUMN IF NOT EXISTS late boolean NOT NULL DEFAULT false;

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

CREATE TABLE IF NOT EXISTS room_consoles (
    table_id integer PRIMARY KEY,
    login name NOT NULL,
    registered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ix_room_consoles_login ON room_consoles (login);

CREATE TABLE IF NOT EXISTS room_evidence (
    table_id integer NOT NULL,
    sha256 char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    media_type varchar(100) NOT NULL,
    data bytea NOT NULL,
    captured_at timestamptz,
    shipped_by name NOT NULL DEFAULT session_user,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, sha256),
    CONSTRAINT room_evidence_content_addressed CHECK (encode(sha256(data), 'hex') = sha256)
);
CREATE INDEX IF NOT EXISTS ix_room_evidence_sha256 ON room_evidence (sha256);

CREATE TABLE IF NOT EXISTS room_settings (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    sign_in_attempts integer NOT NULL DEFAULT 5 CHECK (sign_in_attempts >= 1),
    pepper bytea NOT NULL DEFAULT sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8'))
);
INSERT INTO room_settings (id) VALUES (true) ON CONFLICT DO NOTHING;

CREATE TABLE IF NOT EXISTS room_floor_sessions (
    token_sha256 char(64) PRIMARY KEY,
    staff_id integer NOT NULL,
    staff_name varchar(200) NOT NULL,
    role varchar(20) NOT NULL,
    login name NOT NULL DEFAULT session_user,
    started_at timestamptz NOT NULL DEFAULT now(),
    ended_at timestamptz
);

CREATE TABLE IF NOT EXISTS room_staff_actions (
    id bigserial PRIMARY KEY,
    action varchar(20) NOT NULL,
    staff_name varchar(200) NOT NULL,
    by_staff varchar(200),
    by_login name NOT NULL DEFAULT session_user,
    at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION room_stamp_shipped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.shipped_by := session_user;
    NEW.received_at := now();
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION room_stamp_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.recorded_by := session_user;
    NEW.recorded_at := now();
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION room_evidence_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'room_evidence is content-addressed: UPDATE refused' USING ERRCODE = '42501';
END $$;

DROP TRIGGER IF EXISTS room_events_stamp ON room_events;
CREATE TRIGGER room_events_stamp BEFORE INSERT ON room_events FOR EACH ROW EXECUTE FUNCTION room_stamp_shipped();
DROP TRIGGER IF EXISTS room_evidence_stamp ON room_evidence;
CREATE TRIGGER room_evidence_stamp BEFORE INSERT ON room_evidence FOR EACH ROW EXECUTE FUNCTION room_stamp_shipped();
DROP TRIGGER IF EXISTS room_evidence_frozen ON room_evidence;
CREATE TRIGGER room_evidence_frozen BEFORE UPDATE ON room_evidence FOR EACH ROW EXECUTE FUNCTION room_evidence_frozen();
DROP TRIGGER IF EXISTS room_rulings_stamp ON room_rulings;
CREATE TRIGGER room_rulings_stamp BEFORE INSERT ON room_rulings FOR EACH ROW EXECUTE FUNCTION room_stamp_recorded();
"""

FLOOR_FUNCTIONS_SQL = r"""
CREATE OR REPLACE FUNCTION room_sign_in_salt(p_name text, OUT prefix text, OUT digest_chars integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    stored text;
BEGIN
    SELECT secret_hash INTO stored FROM staff WHERE name = p_name;
    IF stored IS NULL THEN  -- an unknown name gets a made-up salt that stays the same, and the usual parameters
        SELECT substring(secret_hash FROM '^(\$[^$]*\$[^$]*\$[^$]*)\$') INTO prefix FROM staff ORDER BY id LIMIT 1;
        prefix := coalesce(prefix, '$argon2id$v=19$m=65536,t=3,p=4') || '$' || rtrim(encode(substr(
            sha256((SELECT pepper FROM room_settings) || convert_to(p_name, 'UTF8')), 1, 16), 'base64'), '=');
        digest_chars := 43;
        RETURN;
    END IF;
    prefix := substring(stored FROM '^(.*)\$[^$]*$');
    digest_chars := length(substring(stored FROM '\$([^$]*)$'));
END $$;

CREATE OR REPLACE FUNCTION room_sign_in(p_name text, p_candidate text,
    OUT outcome text, OUT token text, OUT staff_id integer, OUT role text, OUT failed integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    stored text;
    allowed integer;
BEGIN
    SELECT sign_in_attempts INTO allowed FROM room_settings;
    -- the attempt is counted before the hash is compared, under the row's lock: N attempts, at most N comparisons
    UPDATE staff SET failed_sign_ins = failed_sign_ins + 1
        WHERE name = p_name AND active AND locked_at IS NULL
        RETURNING id, staff.role, secret_hash, failed_sign_ins INTO staff_id, role, stored, failed;
    IF stored IS NULL THEN
        SELECT s.failed_sign_ins INTO failed FROM staff s WHERE s.name = p_name AND s.active AND s.locked_at IS NOT NULL;
        outcome := CASE WHEN failed IS NULL THEN 'refused' ELSE 'locked' END;
        staff_id := NULL; role := NULL;
        RETURN;
    END IF;
    IF p_candidate IS NOT NULL AND p_candidate = stored THEN
        UPDATE staff SET failed_sign_ins = 0 WHERE id = staff_id;
        token := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
        INSERT INTO room_floor_sessions (token_sha256, staff_id, staff_name, role)
            VALUES (encode(sha256(convert_to(token, 'UTF8')), 'hex'), staff_id, p_name, role);
        outcome := 'ok'; failed := 0;
        RETURN;
    END IF;
    IF failed >= allowed THEN
        UPDATE staff SET locked_at = now() WHERE id = staff_id;
        INSERT INTO room_staff_actions (action, staff_name, by_staff) VALUES ('locked', p_name, NULL);
        outcome := 'now locked';
    ELSE
        outcome := 'refused';
    END IF;
    staff_id := NULL; role := NULL;
END $$;

CREATE OR REPLACE FUNCTION room_floor_manager(p_token text) RETURNS varchar
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    manager varchar;
BEGIN
    SELECT f.staff_name INTO manager FROM room_floor_sessions f JOIN staff s ON s.id = f.staff_id
        WHERE f.token_sha256 = encode(sha256(convert_to(p_token, 'UTF8')), 'hex') AND f.ended_at IS NULL
          AND f.login = session_user AND s.role = 'floor_manager' AND s.active AND s.locked_at IS NULL;
    IF manager IS NULL THEN
        RAISE EXCEPTION 'no signed-in floor manager: sign in again' USING ERRCODE = '42501';
    END IF;
    RETURN manager;
END $$;

CREATE OR REPLACE FUNCTION room_record_ruling(p_token text, p_table_id integer, p_hand_number integer, p_event_seq bigint,
    p_rule text, p_decision text, p_pot_held boolean, p_disputed_amount bigint, p_reportable boolean, p_late boolean) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    new_id bigint;
BEGIN
    INSERT INTO room_rulings (table_id, hand_number, event_seq, floor_manager, rule, decision, pot_held, disputed_amount, reportable,
                              late)
        VALUES (p_table_id, p_hand_number, p_event_seq, room_floor_manager(p_token), p_rule, p_decision, p_pot_held,
                p_disputed_amount, p_reportable, p_late)
        RETURNING id INTO new_id;
    RETURN new_id;
END $$;

CREATE OR REPLACE FUNCTION room_unlock_staff(p_token text, p_name text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    manager varchar := room_floor_manager(p_token);
BEGIN
    UPDATE staff SET failed_sign_ins = 0, locked_at = NULL WHERE name = p_name;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    INSERT INTO room_staff_actions (action, staff_name, by_staff) VALUES ('unlocked', p_name, manager);
    RETURN true;
END $$;

CREATE OR REPLACE FUNCTION room_sign_out(p_token text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    UPDATE room_floor_sessions SET ended_at = now()
        WHERE token_sha256 = encode(sha256(convert_to(p_token, 'UTF8')), 'hex') AND login = session_user AND ended_at IS NULL;
$$;
"""

def ensure_room_schema(connection: Any) -> None:
    """Create the room's tables and triggers if missing (a psycopg 3 connection; run as the database owner)."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(7294001)")
        connection.execute(ROOM_SCHEMA_SQL)
        connection.execute(FLOOR_FUNCTIONS_SQL)


__all__ = ["FLOOR_FUNCTIONS_SQL", "ROOM_SCHEMA_SQL", "ensure_room_schema"]
