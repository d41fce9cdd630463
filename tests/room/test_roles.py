"""Room roles that fit the room (issue 27, "Room roles that fit the room", done-when 4; deploy/postgres/setup.sql).

One login per table console, row-level security so a console reads and inserts only its own
table's rows; ``shipped_by``/``received_at`` and a ruling's ``recorded_by`` set by the server; the
floor reads every table but no PIN hash, signs in, records rulings and unlocks only through the
room's functions, which record who did it. No role changes or removes an event. Roles and database
are a scratch copy made by deploy/postgres/setup.py on the local server, dropped after the module.
"""

from __future__ import annotations

import hashlib
import os
import stat
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from psycopg import errors

from dealer_console.room import floor_session, log
from dealer_console.store import Role, SignInError, Store
from dealer_console.store.chain import GENESIS, link_content, link_hash
from dealer_console.store.errors import NotAuthorizedError
from tests.support.staff import add_staff

from .conftest import ADMIN_URL, Room, _setup_module, scratch_room

MOMENT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _first_event(table_id: int) -> tuple[str, tuple[object, ...]]:
    content = link_content(table_id=table_id, seq=1, hand_id=None, recorded_at=MOMENT, frame_at=None, source="dealer", actor="",
                           kind="table_opened", payload='{"name":"T"}', voids_seq=None, evidence_sha256=None)
    digest = link_hash(GENESIS, content)
    return digest, (table_id, 1, None, MOMENT, None, "dealer", "", "table_opened", '{"name":"T"}', None, None, digest, GENESIS)


def _insert_first_event(connection: psycopg.Connection, table_id: int) -> str:
    digest, values = _first_event(table_id)
    log.append(connection, table_id, [values])
    return digest


def _second_event(table_id: int, previous: str) -> tuple[object, ...]:
    content = link_content(table_id=table_id, seq=2, hand_id=None, recorded_at=MOMENT, frame_at=None, source="dealer", actor="",
                           kind="flag", payload='{"reason":"forged"}', voids_seq=None, evidence_sha256=None)
    return (table_id, 2, None, MOMENT, None, "dealer", "", "flag", '{"reason":"forged"}', None, None, link_hash(previous, content),
            previous)


@pytest.fixture(scope="module")
def staff_room() -> Iterator[Room]:
    """A card room with the store's tables (the floor's staff accounts live there): Flo (floor manager), Dana (dealer)."""
    with scratch_room("staff", migrate_store=True) as made:
        with Store.open(made.owner_url) as room_store:
            add_staff(room_store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"), ("Lee", Role.DEALER, "2222"))
        yield made


def test_a_table_console_inserts_and_reads_its_events_but_cannot_update_delete_or_truncate(room: Room) -> None:
    """Issue 9 and 27: a console only appends its own table's events. UPDATE, DELETE and TRUNCATE are refused by privilege
    (SQLSTATE 42501), as are rulings and switching the trigger off; the row is unchanged."""
    with psycopg.connect(room.console_url(101), autocommit=True) as console:
        digest = _insert_first_event(console, 101)
        assert console.execute("SELECT hash FROM room_events WHERE table_id = 101 AND seq = 1").fetchone() == (digest,)
        for statement in (
            "UPDATE room_events SET actor = 'mallory' WHERE table_id = 101",
            "DELETE FROM room_events WHERE table_id = 101",
            "TRUNCATE room_events",
            "INSERT INTO room_rulings (table_id, floor_manager, rule, decision, pot_held) VALUES (101, 'x', 'r', 'd', false)",
            "ALTER TABLE room_events DISABLE TRIGGER room_events_frozen",
            "DELETE FROM room_consoles",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                console.execute(statement)
    with psycopg.connect(room.owner_url, autocommit=True) as admin:
        assert admin.execute("SELECT actor, hash FROM room_events WHERE table_id = 101").fetchall() == [("", digest)]


def test_two_table_logins_neither_read_nor_write_the_others_rows(room: Room) -> None:
    """Issue 27, done-when 4: with two table logins, neither reads the other's events or evidence (every hole card of the
    room stays at its table), nor appends a correctly linked event to the other's log, nor opens a table it is not
    registered for; the genuine console then keeps shipping."""
    one, two = room.console_url(111), room.console_url(112)
    image = b"\xff\xd8 a card under the camera"
    sha = hashlib.sha256(image).hexdigest()
    with psycopg.connect(one, autocommit=True) as first, psycopg.connect(two, autocommit=True) as second:
        head_one, head_two = _insert_first_event(first, 111), _insert_first_event(second, 112)
        second.execute("INSERT INTO room_evidence (table_id, sha256, media_type, data) VALUES (112, %s, 'image/jpeg', %s)", (sha, image))
        assert first.execute("SELECT DISTINCT table_id FROM room_events").fetchall() == [(111,)]
        assert first.execute("SELECT count(*) FROM room_events WHERE table_id = 112").fetchone() == (0,)
        assert log.head(first, 112) is None and log.table_ids(first) == [111]
        assert first.execute("SELECT count(*) FROM room_evidence").fetchone() == (0,)
        with pytest.raises((errors.InsufficientPrivilege, errors.CheckViolation)):
            log.append(first, 112, [_second_event(112, head_two)])
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            log.append(first, 113, [_first_event(113)[1]])
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            first.execute("INSERT INTO room_evidence (table_id, sha256, media_type, data) VALUES (112, %s, 'image/png', %s)", (sha, image))
        assert log.append(second, 112, [_second_event(112, head_two)])[2] == _second_event(112, head_two)[11]
        assert second.execute("SELECT DISTINCT table_id FROM room_events").fetchall() == [(112,)]
        assert log.head(first, 111) == (1, head_one)
    with psycopg.connect(room.owner_url, autocommit=True) as admin:
        assert admin.execute("SELECT table_id, seq, shipped_by FROM room_events WHERE table_id IN (111, 112, 113) ORDER BY 1, 2"
                             ).fetchall() == [(111, 1, f"{room.console_role}_111"), (112, 1, f"{room.console_role}_112"),
                                              (112, 2, f"{room.console_role}_112")]


def test_a_forged_shipped_by_and_received_at_are_overwritten_by_the_server(room: Room, staff_room: Room) -> None:
    """Issue 27, done-when 4: ``shipped_by`` and ``received_at`` are the server's (a trigger: ``session_user``, ``now()``),
    whatever the console sends, for events and evidence; a ruling's ``recorded_by`` too, even from the owner."""
    image = b"\x89PNG forged stamps"
    sha = hashlib.sha256(image).hexdigest()
    with psycopg.connect(room.console_url(121), autocommit=True) as console:
        digest, values = _first_event(121)
        console.execute(
            "INSERT INTO room_events (table_id, seq, recorded_at, source, actor, kind, payload, hash, prev_hash, shipped_by, received_at)"
            " VALUES (%s, 1, %s, 'dealer', '', 'table_opened', '{\"name\":\"T\"}', %s, %s, 'cardroom_console_7', '2001-01-01')",
            (121, MOMENT, digest, GENESIS))
        console.execute("INSERT INTO room_evidence (table_id, sha256, media_type, data, shipped_by, received_at)"
                        " VALUES (121, %s, 'image/png', %s, 'postgres', '2001-01-01')", (sha, image))
        server_now = console.execute("SELECT now()").fetchone()[0]
        for table in ("room_events", "room_evidence"):
            shipped_by, received_at = console.execute(f"SELECT shipped_by, received_at FROM {table} WHERE table_id = 121").fetchone()
            assert shipped_by == f"{room.console_role}_121"
            assert abs(received_at - server_now) < timedelta(minutes=1), (table, received_at)
    with psycopg.connect(staff_room.owner_url, autocommit=True) as owner:
        owner.execute("INSERT INTO room_rulings (table_id, floor_manager, rule, decision, pot_held, recorded_by, recorded_at)"
                      " VALUES (1, 'Flo', 'TDA 1', 'd', false, 'Flo', '2001-01-01')")
        recorded_by, recorded_at = owner.execute("SELECT recorded_by, recorded_at FROM room_rulings WHERE rule = 'TDA 1'").fetchone()
        assert recorded_by == "postgres" and recorded_at.year > 2001


def test_evidence_whose_bytes_do_not_match_its_key_is_refused_on_arrival(room: Room) -> None:
    """Issue 27 (camera evidence ships to the room, content-addressed, hash-checked): the server refuses an image stored
    under another image's SHA-256, and no one may change a stored image."""
    with psycopg.connect(room.console_url(131), autocommit=True) as console:
        with pytest.raises(errors.CheckViolation, match="content_addressed"):
            console.execute("INSERT INTO room_evidence (table_id, sha256, media_type, data) VALUES (131, %s, 'image/jpeg', 'other')",
                            (hashlib.sha256(b"genuine").hexdigest(),))
    with psycopg.connect(room.owner_url, autocommit=True) as owner:
        data = b"genuine"
        owner.execute("INSERT INTO room_evidence (table_id, sha256, media_type, data) VALUES (131, %s, 'image/jpeg', %s)",
                      (hashlib.sha256(data).hexdigest(), data))
        with pytest.raises(errors.InsufficientPrivilege, match="content-addressed"):
            owner.execute("UPDATE room_evidence SET media_type = 'image/png' WHERE table_id = 131")


def test_the_floor_login_reads_every_table_but_cannot_select_secret_hash(staff_room: Room) -> None:
    """Issue 27, done-when 4: the floor reads every table's events and the staff accounts, but not ``secret_hash`` (a
    4-digit PIN's hash falls to offline guessing), nor the sessions; it cannot write events, rulings or lock state
    directly, and a made-up session token records nothing."""
    with psycopg.connect(staff_room.console_url(141), autocommit=True) as first, \
            psycopg.connect(staff_room.console_url(142), autocommit=True) as second:
        _insert_first_event(first, 141)
        _insert_first_event(second, 142)
    with psycopg.connect(staff_room.url(staff_room.floor_role), autocommit=True) as floor:
        assert floor.execute("SELECT DISTINCT table_id FROM room_events ORDER BY 1").fetchall() == [(141,), (142,)]
        assert dict(floor.execute("SELECT name, role FROM staff").fetchall()) == {"Flo": "floor_manager", "Dana": "dealer",
                                                                                  "Lee": "dealer"}
        for statement in (
            "SELECT secret_hash FROM staff",
            "SELECT * FROM staff",
            "SELECT * FROM room_floor_sessions",
            "SELECT * FROM room_settings",
            "UPDATE staff SET locked_at = NULL, failed_sign_ins = 0",
            "UPDATE staff SET secret_hash = 'x'",
            "INSERT INTO room_rulings (table_id, floor_manager, rule, decision, pot_held) VALUES (141, 'Flo', 'r', 'd', false)",
            "INSERT INTO room_events (table_id, seq, recorded_at, source, kind, payload, hash, prev_hash)"
            " VALUES (143, 1, now(), 'floor', 'x', '{}', repeat('a', 64), repeat('0', 64))",
            "UPDATE room_rulings SET decision = 'changed'",
            "DELETE FROM room_rulings",
            "SELECT room_record_ruling('made-up', 141, 1, NULL, 'TDA 1', 'd', false, 0, false, false)",
            "SELECT room_unlock_staff('made-up', 'Dana')",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                floor.execute(statement)
    with psycopg.connect(staff_room.console_url(141), autocommit=True) as console:
        with pytest.raises(errors.InsufficientPrivilege):
            console.execute("SELECT room_sign_in_salt('Flo')")
        with pytest.raises(errors.InsufficientPrivilege):
            console.execute("SELECT name FROM staff")


def test_a_ruling_names_the_signed_in_floor_manager_and_the_login_whatever_the_caller_holds(staff_room: Room) -> None:
    """Issue 27: authority comes from the signed-in session, never a name argument: the ruling is recorded with the
    session's floor manager and ``recorded_by`` = the floor's login; a dealer's session records nothing; a session ends
    at sign-out; the PIN's hash is compared on the server (the floor's login never reads it)."""
    with psycopg.connect(staff_room.url(staff_room.floor_role), autocommit=True) as floor:
        manager = floor_session.sign_in(floor, "Flo", "floor-1")
        assert manager.member.role is Role.FLOOR_MANAGER and manager.member.name == "Flo"
        ruling_id = floor_session.record_ruling(floor, manager, table_id=141, hand_number=3, rule="TDA 15", decision="pot to seat 2",
                                                pot_held=True, disputed_amount=40, reportable=False, late=False)
        [ruling] = [r for r in floor_session.rulings_after(floor, 0) if r.id == ruling_id]
        assert (ruling.floor_manager, ruling.recorded_by, ruling.hand_number) == ("Flo", staff_room.floor_role, 3)
        dealer = floor_session.sign_in(floor, "Dana", "1111")
        with pytest.raises(NotAuthorizedError, match="no signed-in floor manager"):
            floor_session.record_ruling(floor, dealer, table_id=141, hand_number=3, rule="TDA 1", decision="d", pot_held=False,
                                        disputed_amount=0, reportable=False, late=False)
        floor_session.sign_out(floor, manager)
        with pytest.raises(NotAuthorizedError, match="sign in again"):
            floor_session.unlock_staff(floor, manager, "Dana")


def test_wrong_pins_on_the_room_lock_the_account_and_an_unlock_is_recorded_with_who_did_it(staff_room: Room) -> None:
    """Issue 27 (the floor changes lock state only through functions that record who did it; the attempt is counted before
    the hash is compared, atomically): sixteen wrong PINs sent at once are compared at most five times (the room's
    ``sign_in_attempts``) and lock the account; the right PIN is then refused; a dealer cannot unlock it; a floor
    manager's session can, and the lock and the unlock are in ``room_staff_actions`` with the manager and the login.
    An unknown name gets a salt of the same shape, stable from call to call."""
    floor_url = staff_room.url(staff_room.floor_role)
    outcomes: list[str] = []
    barrier = threading.Barrier(16)

    def attempt() -> None:
        with psycopg.connect(floor_url, autocommit=True) as connection:
            barrier.wait()
            outcomes.append(connection.execute("SELECT outcome FROM room_sign_in('Lee', 'not the hash')").fetchone()[0])

    threads = [threading.Thread(target=attempt) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(outcomes) == sorted(["refused"] * 4 + ["now locked"] + ["locked"] * 11)
    with psycopg.connect(floor_url, autocommit=True) as floor:
        with pytest.raises(SignInError, match="locked out"):
            floor_session.sign_in(floor, "Lee", "2222")
        dealer = floor_session.sign_in(floor, "Dana", "1111")
        with pytest.raises(NotAuthorizedError):
            floor_session.unlock_staff(floor, dealer, "Lee")
        manager = floor_session.sign_in(floor, "Flo", "floor-1")
        assert floor_session.unlock_staff(floor, manager, "Lee")
        assert floor_session.sign_in(floor, "Lee", "2222").member.name == "Lee"
        assert floor.execute("SELECT action, staff_name, by_staff, by_login FROM room_staff_actions WHERE staff_name = 'Lee'"
                             " ORDER BY id").fetchall() == [("locked", "Lee", None, staff_room.floor_role),
                                                            ("unlocked", "Lee", "Flo", staff_room.floor_role)]
        with pytest.raises(SignInError, match="unknown name or wrong PIN"):
            floor_session.sign_in(floor, "Nobody", "1111")
        known = floor.execute("SELECT prefix, digest_chars FROM room_sign_in_salt('Flo')").fetchone()
        unknown = floor.execute("SELECT prefix, digest_chars FROM room_sign_in_salt('Nobody')").fetchone()
        assert unknown == floor.execute("SELECT prefix, digest_chars FROM room_sign_in_salt('Nobody')").fetchone()
        assert known[1] == unknown[1] and known[0].rpartition("$")[0] == unknown[0].rpartition("$")[0]
        assert len(known[0].rpartition("$")[2]) == len(unknown[0].rpartition("$")[2])


def test_setup_makes_one_login_per_table_with_its_own_password_file(tmp_path: Path) -> None:
    """Issue 27: deploy/postgres/setup.py makes one login per table console for N tables (``--tables N``), registered for
    its table, each with a random password in a file only its owner reads (kept on a second run); ``--drop`` removes them."""
    from .conftest import admin_connection_or_skip

    admin_connection_or_skip().close()
    setup = _setup_module()
    token = f"{os.getpid()}_{os.urandom(3).hex()}"
    names = [f"--owner-role=cli_owner_{token}", f"--console-role=cli_console_{token}", f"--floor-role=cli_floor_{token}"]
    database = f"cli_test_{token}"
    args = [f"--admin-url={ADMIN_URL}", f"--database={database}", *names, "--no-store"]
    try:
        assert setup.main([*args, "--tables=3", f"--password-dir={tmp_path}"]) == 0
        files = sorted(tmp_path.iterdir())
        assert [f.name for f in files] == [f"cli_console_{token}_{n}.password" for n in (1, 2, 3)]
        assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)
        first = files[0].read_text()
        assert setup.main([*args, "--tables=3", f"--password-dir={tmp_path}"]) == 0 and files[0].read_text() == first
        with psycopg.connect(setup._with_database(ADMIN_URL, database), autocommit=True) as connection:
            assert connection.execute("SELECT table_id, login FROM room_consoles ORDER BY 1").fetchall() == [
                (n, f"cli_console_{token}_{n}") for n in (1, 2, 3)]
        assert setup.main([*args, "--table-ids=seven"]) == 2
    finally:
        assert setup.main([*args, "--drop"]) == 0
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        assert admin.execute("SELECT count(*) FROM pg_roles WHERE rolname LIKE %s", (f"cli_%_{token}%",)).fetchone() == (0,)


def test_owner_cannot_update_or_delete_events_either(room: Room) -> None:
    """Defence in depth: even a role with the privilege (here the superuser) is refused by the append-only trigger."""
    with psycopg.connect(room.owner_url, autocommit=True) as admin:
        _insert_first_event(admin, 102)
        with pytest.raises(errors.InsufficientPrivilege, match="append-only"):
            admin.execute("UPDATE room_events SET actor = 'x' WHERE table_id = 102")
        with pytest.raises(errors.InsufficientPrivilege, match="append-only"):
            admin.execute("DELETE FROM room_events WHERE table_id = 102")
