-- The card room's PostgreSQL: the shipped log, its rulings, and roles with least privilege.
--
-- Run by deploy/postgres/setup.py (which creates the database and the roles first, migrates the
-- store's own tables, and substitutes :"owner_role", :"console_role", :"floor_role", :"database").
-- Run it connected to the card room's database as a superuser (or the database owner).
--
--   consoles : INSERT new events into room_events, read room_events (to resume from the highest seq)
--   floor    : read everything, INSERT rulings (room_rulings)
--   nobody but the owner changes the schema; nobody at all UPDATEs or DELETEs an event
--   (privileges revoked, and a trigger refuses it even for the owner).

REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"database" TO :"owner_role";
GRANT CONNECT ON DATABASE :"database" TO :"console_role", :"floor_role";

REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"console_role", :"floor_role";

-- the room's tables (the same text as dealer_console/room/schema.py, which setup.py runs before this)
ALTER TABLE room_events OWNER TO :"owner_role";
ALTER TABLE room_rulings OWNER TO :"owner_role";
ALTER TABLE room_heads OWNER TO :"owner_role";
REVOKE ALL ON room_heads FROM PUBLIC;
-- every signed chain head a console ships: appended by consoles, read by the floor
GRANT SELECT, INSERT ON room_heads TO :"console_role";
GRANT SELECT ON room_heads TO :"floor_role";

REVOKE ALL ON room_events, room_rulings FROM PUBLIC;

-- consoles: append only
GRANT SELECT, INSERT ON room_events TO :"console_role";
REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON room_events FROM :"console_role";
REVOKE ALL ON room_rulings FROM :"console_role";

-- the floor: reads every table's log, records rulings
GRANT SELECT ON room_events TO :"floor_role";
REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON room_events FROM :"floor_role";
GRANT SELECT, INSERT ON room_rulings TO :"floor_role";
GRANT USAGE ON SEQUENCE room_rulings_id_seq TO :"floor_role";
REVOKE UPDATE, DELETE, TRUNCATE ON room_rulings FROM :"floor_role";

-- the store's own tables (migrated by setup.py for floor tools that open a Store here): read-only to the floor
GRANT SELECT ON ALL TABLES IN SCHEMA public TO :"floor_role";
REVOKE UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public FROM :"console_role", :"floor_role";

-- the floor's sign-in counts wrong PINs and locks an account (Store.sign_in): those two columns only
DO $$
BEGIN
  IF to_regclass('public.staff') IS NOT NULL THEN
    EXECUTE 'GRANT UPDATE (failed_sign_ins, locked_at) ON staff TO :"floor_role"';
  END IF;
END
$$;
