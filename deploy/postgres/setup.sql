-- The card room's PostgreSQL: the shipped log, its evidence and rulings, and roles with least privilege.
--
-- Run by deploy/postgres/setup.py (which creates the database and the roles first, migrates the
-- store's own tables, creates the room's tables and functions, and substitutes :"owner_role",
-- :"console_role", :"floor_role", :"database"). Run it connected to the card room's database as a
-- superuser (or the database owner).
--
--   console_role : a group (no login); each table's console logs in as its own member of it
--                  (room_consoles names the login of each table). Row-level security: a console
--                  reads and inserts only its own table's rows of room_events and room_evidence
--                  (and room_heads); the server sets shipped_by and received_at.
--   floor_role   : reads every table's rows, every column of staff but secret_hash; signs in,
--                  records rulings and unlocks accounts only through the room's SECURITY DEFINER
--                  functions, which record who did it (recorded_by = the login, by the server).
--   nobody but the owner changes the schema; nobody at all UPDATEs or DELETEs an event
--   (privileges revoked, and a trigger refuses it even for the owner).

REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"database" TO :"owner_role";
GRANT CONNECT ON DATABASE :"database" TO :"console_role", :"floor_role";

REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"console_role", :"floor_role";

-- the room's tables (created by dealer_console/room/schema.py, which setup.py runs before this)
ALTER TABLE room_events OWNER TO :"owner_role";
ALTER TABLE room_rulings OWNER TO :"owner_role";
ALTER TABLE room_evidence OWNER TO :"owner_role";
ALTER TABLE room_consoles OWNER TO :"owner_role";
ALTER TABLE room_settings OWNER TO :"owner_role";
ALTER TABLE room_floor_sessions OWNER TO :"owner_role";
ALTER TABLE room_staff_actions OWNER TO :"owner_role";

REVOKE ALL ON room_events, room_rulings, room_evidence, room_consoles, room_settings, room_floor_sessions, room_staff_actions
    FROM PUBLIC, :"console_role", :"floor_role";

REVOKE ALL ON SEQUENCE room_rulings_id_seq, room_staff_actions_id_seq FROM PUBLIC, :"console_role", :"floor_role";

-- consoles: append only, their own table's rows only (the policies below)
GRANT SELECT, INSERT ON room_events, room_evidence TO :"console_role";
GRANT SELECT ON room_consoles TO :"console_role";

-- the floor: reads every table's log, evidence and rulings; writes only through the functions below
GRANT SELECT ON room_events, room_evidence, room_rulings, room_consoles, room_staff_actions TO :"floor_role";

-- row-level security: a console sees and inserts only the rows of the table its login is registered for
ALTER TABLE room_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE room_evidence ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS room_console_rows ON room_events;
CREATE POLICY room_console_rows ON room_events FOR ALL TO :"console_role"
    USING (table_id IN (SELECT c.table_id FROM room_consoles c WHERE c.login = session_user))
    WITH CHECK (table_id IN (SELECT c.table_id FROM room_consoles c WHERE c.login = session_user));
DROP POLICY IF EXISTS room_floor_reads ON room_events;
CREATE POLICY room_floor_reads ON room_events FOR SELECT TO :"floor_role" USING (true);
DROP POLICY IF EXISTS room_console_rows ON room_evidence;
CREATE POLICY room_console_rows ON room_evidence FOR ALL TO :"console_role"
    USING (table_id IN (SELECT c.table_id FROM room_consoles c WHERE c.login = session_user))
    WITH CHECK (table_id IN (SELECT c.table_id FROM room_consoles c WHERE c.login = session_user));
DROP POLICY IF EXISTS room_floor_reads ON room_evidence;
CREATE POLICY room_floor_reads ON room_evidence FOR SELECT TO :"floor_role" USING (true);

-- the signed chain heads, where the room keeps them: the same rules (per table, stamped by the server)
DO $$
BEGIN
  IF to_regclass('public.room_heads') IS NOT NULL THEN
    EXECUTE 'ALTER TABLE room_heads OWNER TO :"owner_role"';
    EXECUTE 'REVOKE ALL ON room_heads FROM PUBLIC, :"console_role", :"floor_role"';
    EXECUTE 'GRANT SELECT, INSERT ON room_heads TO :"console_role"';
    EXECUTE 'GRANT SELECT ON room_heads TO :"floor_role"';
    EXECUTE 'ALTER TABLE room_heads ENABLE ROW LEVEL SECURITY';
    EXECUTE 'DROP POLICY IF EXISTS room_console_rows ON room_heads';
    EXECUTE 'CREATE POLICY room_console_rows ON room_heads FOR ALL TO :"console_role"'
            ' USING (table_id IN (SELECT c.table_id FROM room_consoles c WHERE c.login = session_user))'
            ' WITH CHECK (table_id IN (SELECT c.table_id FROM room_consoles c WHERE c.login = session_user))';
    EXECUTE 'DROP POLICY IF EXISTS room_floor_reads ON room_heads';
    EXECUTE 'CREATE POLICY room_floor_reads ON room_heads FOR SELECT TO :"floor_role" USING (true)';
    IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'room_heads' AND column_name = 'shipped_by')
       AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'room_heads' AND column_name = 'received_at') THEN
      EXECUTE 'DROP TRIGGER IF EXISTS room_heads_stamp ON room_heads';
      EXECUTE 'CREATE TRIGGER room_heads_stamp BEFORE INSERT ON room_heads FOR EACH ROW EXECUTE FUNCTION room_stamp_shipped()';
    END IF;
  END IF;
END
$$;

-- the floor's functions run as the owner; only the floor may call them
ALTER FUNCTION room_sign_in_salt(text) OWNER TO :"owner_role";
ALTER FUNCTION room_sign_in(text, text) OWNER TO :"owner_role";
ALTER FUNCTION room_floor_manager(text) OWNER TO :"owner_role";
ALTER FUNCTION room_record_ruling(text, integer, integer, bigint, text, text, boolean, bigint, boolean, boolean) OWNER TO :"owner_role";
ALTER FUNCTION room_unlock_staff(text, text) OWNER TO :"owner_role";
ALTER FUNCTION room_sign_out(text) OWNER TO :"owner_role";
REVOKE ALL ON FUNCTION room_sign_in_salt(text), room_sign_in(text, text), room_floor_manager(text),
    room_record_ruling(text, integer, integer, bigint, text, text, boolean, bigint, boolean, boolean), room_unlock_staff(text, text),
    room_sign_out(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room_sign_in_salt(text), room_sign_in(text, text),
    room_record_ruling(text, integer, integer, bigint, text, text, boolean, bigint, boolean, boolean), room_unlock_staff(text, text),
    room_sign_out(text) TO :"floor_role";

-- the store's own tables (migrated by setup.py for floor tools that open a Store here): read-only to the floor,
-- but never a PIN hash: staff is readable column by column, secret_hash left out
GRANT SELECT ON ALL TABLES IN SCHEMA public TO :"floor_role";
REVOKE SELECT ON room_floor_sessions, room_settings FROM :"floor_role";
REVOKE UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public FROM :"console_role", :"floor_role";
DO $$
DECLARE
  readable text;
BEGIN
  IF to_regclass('public.staff') IS NOT NULL THEN
    EXECUTE 'REVOKE ALL ON staff FROM :"floor_role", :"console_role"';
    SELECT string_agg(quote_ident(column_name), ', ') INTO readable FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = 'staff' AND column_name <> 'secret_hash';
    EXECUTE 'GRANT SELECT (' || readable || ') ON staff TO :"floor_role"';
    -- the owner's functions count sign-ins, lock and unlock
    EXECUTE 'GRANT SELECT, UPDATE (failed_sign_ins, locked_at) ON staff TO :"owner_role"';
  END IF;
END
$$;
