"""Least privilege in the card room's PostgreSQL (issue 9, done-when 2; deploy/postgres/setup.sql).

Consoles may only add events (and read the log to resume); the floor reads and records rulings;
no role may change or remove an event. Roles and database are a scratch copy made by
deploy/postgres/setup.py on the local server, dropped after the module.
"""

from __future__ import annotations

from datetime import UTC, datetime

import psycopg
import pytest
from psycopg import errors

from dealer_console.store.chain import GENESIS, link_content, link_hash

from .conftest import Room


def _insert_first_event(connection: psycopg.Connection, table_id: int) -> str:
    moment = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    content = link_content(table_id=table_id, seq=1, hand_id=None, recorded_at=moment, frame_at=None, source="dealer", actor="",
                           kind="table_opened", payload='{"name":"T"}', voids_seq=None, evidence_sha256=None)
    digest = link_hash(GENESIS, content)
    connection.execute(
        "INSERT INTO room_events (table_id, seq, recorded_at, source, actor, kind, payload, hash, prev_hash)"
        " VALUES (%s, 1, %s, 'dealer', '', 'table_opened', '{\"name\":\"T\"}', %s, %s)",
        (table_id, moment, digest, GENESIS),
    )
    return digest


def test_console_role_inserts_and_reads_events_but_cannot_update_delete_or_truncate(room: Room) -> None:
    """Issue 9: "consoles may only insert events". The console's own connection adds an event and reads
    it back; UPDATE, DELETE and TRUNCATE are refused by privilege (SQLSTATE 42501), and the row is unchanged."""
    with psycopg.connect(room.url(room.console_role), autocommit=True) as console:
        digest = _insert_first_event(console, 101)
        assert console.execute("SELECT hash FROM room_events WHERE table_id = 101 AND seq = 1").fetchone() == (digest,)
        for statement in (
            "UPDATE room_events SET actor = 'mallory' WHERE table_id = 101",
            "DELETE FROM room_events WHERE table_id = 101",
            "TRUNCATE room_events",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                console.execute(statement)
        with pytest.raises(errors.InsufficientPrivilege):
            console.execute("INSERT INTO room_rulings (table_id, floor_manager, rule, decision, pot_held) VALUES (101, 'x', 'r', 'd', false)")
        with pytest.raises(errors.InsufficientPrivilege):
            console.execute("ALTER TABLE room_events DISABLE TRIGGER room_events_frozen")
    with psycopg.connect(room.owner_url, autocommit=True) as admin:
        assert admin.execute("SELECT actor, hash FROM room_events WHERE table_id = 101").fetchall() == [("", digest)]


def test_owner_cannot_update_or_delete_events_either(room: Room) -> None:
    """Defence in depth: even a role with the privilege (here the superuser) is refused by the append-only trigger."""
    with psycopg.connect(room.owner_url, autocommit=True) as admin:
        _insert_first_event(admin, 102)
        with pytest.raises(errors.InsufficientPrivilege, match="append-only"):
            admin.execute("UPDATE room_events SET actor = 'x' WHERE table_id = 102")
        with pytest.raises(errors.InsufficientPrivilege, match="append-only"):
            admin.execute("DELETE FROM room_events WHERE table_id = 102")


def test_floor_role_reads_the_log_and_records_rulings_but_writes_no_event(room: Room) -> None:
    """Issue 9: "the floor reads and records rulings". The floor's connection reads room_events and
    inserts a ruling; inserting, updating or deleting an event, and changing a ruling, are refused."""
    with psycopg.connect(room.owner_url, autocommit=True) as admin:
        _insert_first_event(admin, 103)
    with psycopg.connect(room.url(room.floor_role), autocommit=True) as floor:
        assert floor.execute("SELECT count(*) FROM room_events WHERE table_id = 103").fetchone() == (1,)
        floor.execute("INSERT INTO room_rulings (table_id, hand_number, floor_manager, rule, decision, pot_held, disputed_amount)"
                      " VALUES (103, 1, 'Pat', 'TDA 42', 'pot awarded to seat 3', false, 1200)")
        assert floor.execute("SELECT recorded_by FROM room_rulings WHERE table_id = 103").fetchone() == (room.floor_role,)
        for statement in (
            "INSERT INTO room_events (table_id, seq, recorded_at, source, kind, payload, hash, prev_hash)"
            " VALUES (104, 1, now(), 'floor', 'x', '{}', repeat('a', 64), repeat('0', 64))",
            "UPDATE room_events SET actor = 'x'",
            "DELETE FROM room_events",
            "UPDATE room_rulings SET decision = 'changed'",
            "DELETE FROM room_rulings",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                floor.execute(statement)


def test_floor_role_signs_in_and_a_wrong_pin_locks_out_on_the_room_database() -> None:
    """Issue 8 ("sign-in with lock-out after repeated failures") at a floor station on the card room's database: under the
    floor's role (SELECT only on the store's tables, plus the two lock-out columns of staff) wrong PINs are counted and
    lock the account; it reads staff but cannot change a role or a PIN hash."""
    from dealer_console.config import StoreSettings
    from dealer_console.store import Role, SignInError, Store
    from tests.room.conftest import scratch_room

    with scratch_room("signin", migrate_store=True) as made:
        with Store.open(made.owner_url) as admin_store:
            admin_store.add_staff("Flo", Role.FLOOR_MANAGER, "floor-1")
        floor_url = made.url(made.floor_role)
        settings = StoreSettings(database_url=floor_url, sign_in_attempts=3)
        with Store.open(settings=settings, migrate=False) as floor_store:
            assert floor_store.sign_in("Flo", "floor-1").role is Role.FLOOR_MANAGER
            for _ in range(3):
                with pytest.raises(SignInError):
                    floor_store.sign_in("Flo", "wrong")
            with pytest.raises(SignInError, match="locked"):
                floor_store.sign_in("Flo", "floor-1")
        with psycopg.connect(floor_url, autocommit=True) as floor:
            for statement in ("UPDATE staff SET role = 'dealer'", "UPDATE staff SET secret_hash = 'x'", "DELETE FROM staff"):
                with pytest.raises(errors.InsufficientPrivilege):
                    floor.execute(statement)
