"""The shipper: a console's local log copied to the room's PostgreSQL in order, once, after outages
(issue 9: "ships them to the card room's PostgreSQL in order, idempotently (an event sent twice is
stored once), resuming after any outage; its status (in sync, behind by N events, failing and
why) is shown on the console"). One console in this process, its own SQLite store in tmp_path.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_console.config import StoreSettings
from dealer_console.room import ShipConflictError, Shipper, ShipState
from dealer_console.room.shipper import verify_room
from dealer_console.sim.stepwise_play import play_to_end, random_hand_setup
from dealer_console.store import Store, open_hand
from dealer_console.store.chain import verify_chain

from .conftest import Room
from .proxy import CuttableProxy


def _deal(store: Store, table_id: int, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(hands):
        recorded = open_hand(store, table_id, random_hand_setup(rng))
        play_to_end(recorded, rng)
        recorded.close()


def _server_rows(room: Room, table_id: int) -> list[Any]:
    from psycopg.rows import namedtuple_row

    with psycopg.connect(room.owner_url, row_factory=namedtuple_row) as connection:
        return connection.execute("SELECT * FROM room_events WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()


@pytest.fixture
def local(tmp_path: Path) -> Any:
    store = Store.open(f"sqlite:///{tmp_path / 'console.sqlite3'}", settings=StoreSettings(data_dir=tmp_path))
    yield store
    store.close()


def test_events_arrive_in_order_with_their_hashes_and_the_chain_verifies(room: Room, local: Store) -> None:
    """Every local event is on the server once, seq 1..n, with the local hash, and verify_chain
    (the store's own check) passes on the server's rows against the local head."""
    table_id = 201
    local.create_table("Table 201", table_id=table_id)
    _deal(local, table_id, 3, seed=1)
    shipper = Shipper(local, room.console_url(table_id), [table_id])
    assert shipper.status(refresh=True).state is ShipState.BEHIND
    while shipper.ship_once():
        pass
    assert shipper.status(refresh=True).state is ShipState.IN_SYNC
    shipper.stop()
    local_events = local.events(table_id)
    rows = _server_rows(room, table_id)
    assert [row.seq for row in rows] == list(range(1, len(local_events) + 1))
    assert [row.hash for row in rows] == [event.hash for event in local_events]
    report = verify_chain(table_id, "Table 201", rows, head=(local_events[-1].seq, local_events[-1].hash))
    assert report.intact, report.describe()


def test_an_event_sent_twice_is_stored_once(room: Room, local: Store) -> None:
    """A retry after a lost acknowledgement: a shipper that has forgotten what the server confirmed
    sends the same batch again from seq 1; ON CONFLICT keeps one row per (table, seq) and the shipper
    accepts it because the stored hash is the same."""
    table_id = 202
    local.create_table("Table 202", table_id=table_id)
    _deal(local, table_id, 2, seed=2)
    first = Shipper(local, room.console_url(table_id), [table_id])
    assert first.ship_once() > 0
    first.stop()
    again = Shipper(local, room.console_url(table_id), [table_id])
    again._connection = again._connect()
    again._confirmed[table_id] = (0, "0" * 64)  # as if the acknowledgement had been lost: resend everything
    again._checked.add(table_id)  # ... and not read the server's head on this connection
    assert again.ship_once() == len(local.events(table_id))
    again.stop()
    rows = _server_rows(room, table_id)
    assert len(rows) == len(local.events(table_id)) == len({row.seq for row in rows})


def test_a_different_event_at_a_stored_seq_is_a_loud_error_and_nothing_is_overwritten(room: Room, tmp_path: Path) -> None:
    """Two consoles configured with the same table id write different logs: the second one's shipper
    stops with ShipConflictError, its status says FAILING and why, and the server keeps the first log."""
    table_id = 203
    with Store.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as one, Store.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as two:
        one.create_table("Table 203", table_id=table_id)
        two.create_table("Table 203 (again)", table_id=table_id)
        _deal(one, table_id, 1, seed=3)
        _deal(two, table_id, 1, seed=4)
        Shipper(one, room.console_url(table_id), [table_id]).ship_once()
        before = [(row.seq, row.hash) for row in _server_rows(room, table_id)]
        rival = Shipper(two, room.console_url(table_id), [table_id])
        with pytest.raises(ShipConflictError, match="different event at seq|never wrote"):
            rival.ship_once()
        status = rival.status(refresh=True)
        assert status.state is ShipState.FAILING and "shipping stopped" in (status.error or "")
        with pytest.raises(ShipConflictError):
            rival.ship_once()  # stays stopped
        assert [(row.seq, row.hash) for row in _server_rows(room, table_id)] == before


def test_status_says_failing_and_why_then_resumes_from_the_servers_highest_seq(room: Room, local: Store) -> None:
    """Connection cut: status FAILING with the reason and the count behind; local dealing goes on;
    once restored, shipping resumes from the server's highest seq and ends in sync, nothing doubled."""
    table_id = 204
    local.create_table("Table 204", table_id=table_id)
    _deal(local, table_id, 1, seed=5)
    with CuttableProxy(("127.0.0.1", int(room.admin_url.rpartition(":")[2].partition("/")[0]))) as proxy:
        shipper = Shipper(local, room.console_url(table_id, port=proxy.port), [table_id], connect_timeout_s=1)
        shipper.ship_once()
        shipped = shipper.status(refresh=True).tables[table_id][1]
        proxy.cut()
        _deal(local, table_id, 2, seed=6)  # the table keeps dealing
        with pytest.raises(psycopg.OperationalError):
            shipper.ship_once()
        status = shipper.status(refresh=True)
        assert status.state is ShipState.FAILING and status.error
        assert status.behind == len(local.events(table_id)) - shipped > 0
        assert "behind" not in status.describe() and "FAILING" in status.describe()
        proxy.restore()
        while shipper.ship_once():
            pass
        assert shipper.status(refresh=True).state is ShipState.IN_SYNC
        shipper.stop()
    rows = _server_rows(room, table_id)
    assert [row.hash for row in rows] == [event.hash for event in local.events(table_id)]


def test_the_server_refuses_a_gap_in_a_tables_chain(room: Room) -> None:
    """Server-side guard (the link trigger): seq 3 cannot be stored before seq 2, whoever sends it."""
    with psycopg.connect(room.console_url(205), autocommit=True) as console:
        with pytest.raises(psycopg.errors.CheckViolation, match="arrived before"):
            console.execute(
                "INSERT INTO room_events (table_id, seq, recorded_at, source, kind, payload, hash, prev_hash)"
                " VALUES (205, 3, now(), 'dealer', 'x', '{}', repeat('a', 64), repeat('b', 64))"
            )


def test_ship_command_reports_in_sync_and_stops_on_sigterm(room: Room, tmp_path: Path) -> None:
    """`python -m dealer_console.room ship` (what deploy/systemd/dealer-shipper.service runs) ships the
    local tables and prints the status line the console shows; SIGTERM stops it cleanly (exit 0)."""
    import subprocess
    import sys
    import time

    path = tmp_path / "console.sqlite3"
    with Store.open(f"sqlite:///{path}") as store:
        store.create_table("Table 206", table_id=206)
        _deal(store, 206, 1, seed=7)
        count = len(store.events(206))
    process = subprocess.Popen(
        [sys.executable, "-m", "dealer_console.room", "ship", "--server", room.console_url(206), "--local", f"sqlite:///{path}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 20
        while len(_server_rows(room, 206)) < count and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.5)
    finally:
        process.terminate()
        out, err = process.communicate(timeout=10)
    assert process.returncode == 0, err
    assert "card room: in sync" in out.splitlines()
    assert len(_server_rows(room, 206)) == count


def test_verify_finds_an_event_edited_on_the_server(room: Room, tmp_path: Path) -> None:
    """docs/store.md (hash chain): an edited column breaks that event's link. Someone with superuser
    rights switches off the append-only trigger and edits one shipped event: verify names its seq."""
    with Store.open(f"sqlite:///{tmp_path / 'c.sqlite3'}") as store:
        store.create_table("Table 401", table_id=401)
        _deal(store, 401, 1, seed=8)
        Shipper(store, room.console_url(401), [401], batch=1000).ship_once()
        count = len(store.events(401))
    assert all(report.intact for report in verify_room(room.owner_url) if report.table_id == 401)
    with psycopg.connect(room.owner_url, autocommit=True) as admin:
        admin.execute("ALTER TABLE room_events DISABLE TRIGGER room_events_frozen")
        admin.execute("UPDATE room_events SET actor = 'mallory' WHERE table_id = 401 AND seq = 3")
        admin.execute("ALTER TABLE room_events ENABLE TRIGGER room_events_frozen")
    report = next(report for report in verify_room(room.owner_url) if report.table_id == 401)
    assert report.broken is not None and report.broken.seq == 3 and count > 3


def test_a_console_restored_from_an_old_copy_cannot_overwrite_what_the_room_holds(room: Room, tmp_path: Path) -> None:
    """A console's store restored from an old copy deals new, different events at seqs the room
    already holds from the original. Its shipper had confirmed the shared prefix, so it sends the
    batch: ON CONFLICT keeps the room's row at the first differing seq and the link trigger refuses
    the next one (it does not follow the room's row), so the shipper stops with ShipConflictError
    naming that seq. The room's log is unchanged."""
    import shutil

    table_id = 207
    original_path, restored_path = tmp_path / "original.sqlite3", tmp_path / "restored.sqlite3"
    with Store.open(f"sqlite:///{original_path}") as original:
        original.create_table("Table 207", table_id=table_id)
        _deal(original, table_id, 1, seed=9)
        prefix = len(original.events(table_id))
    shutil.copyfile(original_path, restored_path)
    with Store.open(f"sqlite:///{original_path}") as original, Store.open(f"sqlite:///{restored_path}") as restored:
        stale = Shipper(restored, room.console_url(table_id), [table_id])
        assert stale.ship_once() == prefix  # the shared prefix, shipped by the copy
        _deal(original, table_id, 1, seed=10)
        _deal(restored, table_id, 1, seed=11)  # the same seqs, other events
        live = Shipper(original, room.console_url(table_id), [table_id])
        while live.ship_once():
            pass
        before = [(row.seq, row.hash) for row in _server_rows(room, table_id)]
        with pytest.raises(ShipConflictError, match="nothing was overwritten") as refused:
            stale.ship_once()
        assert f"seq {prefix + 1}" in str(refused.value)  # the first seq where the two logs differ is named
        assert stale.status().state is ShipState.FAILING
        assert [(row.seq, row.hash) for row in _server_rows(room, table_id)] == before
        live.stop()
        stale.stop()


def _proxy(room: Room) -> CuttableProxy:
    return CuttableProxy(("127.0.0.1", int(room.admin_url.rpartition(":")[2].partition("/")[0])))


def test_behind_by_n_is_exact_through_reconnects(room: Room, local: Store) -> None:
    """Issue 27 ("the shipper forgets what the server holds after a disconnect and reports the whole log
    as unshipped"): through a cut and any number of failed reconnects, "behind by N" counts only the
    events dealt since the last confirmed batch; a batch whose acknowledgement was lost (stored, then
    the connection cut before the shipper heard) is counted as stored once the server is reached again."""
    table_id = 208
    local.create_table("Table 208", table_id=table_id)
    _deal(local, table_id, 2, seed=12)
    with _proxy(room) as proxy:
        shipper = Shipper(local, room.console_url(table_id, port=proxy.port), [table_id], connect_timeout_s=1)
        while shipper.ship_once():
            pass
        shipped = len(local.events(table_id))
        proxy.cut()
        _deal(local, table_id, 1, seed=13)
        dealt = len(local.events(table_id)) - shipped
        for _ in range(3):  # the first attempt finds the old connection dead, the next ones cannot connect
            with pytest.raises(psycopg.OperationalError):
                shipper.ship_once()
            status = shipper.status(refresh=True)
            assert status.state is ShipState.FAILING
            assert status.behind == dealt > 0 and status.tables[table_id] == (shipped + dealt, shipped)
            assert status.unread == () and f"FAILING, {dealt} events not shipped:" in status.describe()
        # the room stores the new events while this shipper is cut off (its acknowledgement lost)
        other = Shipper(local, room.console_url(table_id), [table_id])
        assert other.ship_once() == dealt
        other.stop()
        assert shipper.status(refresh=True).behind == dealt  # what this shipper knows: still exact for its last word
        proxy.restore()
        assert shipper.ship_once() == 0  # the head read again: nothing left to send
        status = shipper.status(refresh=True)
        assert status.state is ShipState.IN_SYNC and status.behind == 0
        shipper.stop()
    assert [row.seq for row in _server_rows(room, table_id)] == list(range(1, shipped + dealt + 1))


def test_a_server_never_reached_counts_the_whole_log_and_says_so(local: Store) -> None:
    """Issue 27 ("behind by N is exact"): a shipper that has not read the room's head since it started
    cannot know what the room holds; the count is then the whole local log, and the line says it is
    not the room's word."""
    local.create_table("Table 209", table_id=209)
    _deal(local, 209, 1, seed=14)
    shipper = Shipper(local, "postgresql://cardroom_console@127.0.0.1:1/cardroom", [209], connect_timeout_s=1)
    with pytest.raises(psycopg.OperationalError):
        shipper.ship_once()
    status = shipper.status(refresh=True)
    assert status.state is ShipState.FAILING and status.unread == (209,)
    assert status.behind == len(local.events(209))
    assert "(the room's head not read yet)" in status.describe()
    shipper.stop()


def test_a_silent_stall_shows_failing_within_15_s_and_every_event_arrives_once_in_order_after(room: Room, local: Store) -> None:
    """Issue 27, done-when 5: the network between console and room goes silent (the proxy holds every
    byte and closes nothing, new connections included) while the table deals on. With the default
    settings the status says FAILING, naming the stall, within 15 s; when the network answers again
    the shipper recovers by itself, and every event is on the server once, seq 1..n, with the local hashes."""
    import time

    table_id = 210
    local.create_table("Table 210", table_id=table_id)
    _deal(local, table_id, 1, seed=15)
    with _proxy(room) as proxy:
        shipper = Shipper(local, room.console_url(table_id, port=proxy.port), [table_id]).start()
        try:
            assert shipper.wait_in_sync(15)
            proxy.stall()
            stalled_at = time.monotonic()
            _deal(local, table_id, 2, seed=16)  # the table keeps dealing; the shipper sends into the silence
            shipper.wake()
            states = []
            while time.monotonic() - stalled_at < 15:
                status = shipper.status(refresh=True)
                states.append(status.state)
                if status.state is ShipState.FAILING:
                    break
                time.sleep(0.2)
            failing_after = time.monotonic() - stalled_at
            assert status.state is ShipState.FAILING, f"no FAILING within 15 s of a silent stall: {states[-3:]}"
            assert "stalled" in (status.error or ""), status.error
            assert status.behind == len(local.events(table_id)) - status.tables[table_id][1] > 0
            time.sleep(4)  # the stall goes on: the status stays FAILING (reconnects into the silence fail too)
            assert shipper.status(refresh=True).state is ShipState.FAILING
            proxy.resume()
            assert shipper.wait_in_sync(30), shipper.status(refresh=True).describe()
            assert shipper.status(refresh=True).error is None
        finally:
            shipper.stop()
    print(f"silent stall: FAILING after {failing_after:.1f} s")
    rows = _server_rows(room, table_id)
    local_events = local.events(table_id)
    assert [row.seq for row in rows] == list(range(1, len(local_events) + 1))
    assert [row.hash for row in rows] == [event.hash for event in local_events]
    report = verify_chain(table_id, "Table 210", rows, head=(local_events[-1].seq, local_events[-1].hash))
    assert report.intact, report.describe()


def test_the_link_asks_for_keepalives_and_server_side_timeouts(room: Room) -> None:
    """Issue 27 ("uses a statement timeout and TCP keepalives"): the connection the shipper opens has
    statement_timeout and idle_in_transaction_session_timeout set on the server from its stall limit,
    and libpq's keepalive and timeout parameters, the URL's own options kept."""
    from dealer_console.room import log
    from dealer_console.room.link import link_conninfo

    url = room.console_url(7) + "?options=-c%20application_name%3Dtable-7"
    conninfo = link_conninfo(url, stall_after_s=4, connect_timeout_s=2)
    with log.connect(conninfo) as connection:
        assert connection.execute("SHOW statement_timeout").fetchone()[0] == "4s"
        assert connection.execute("SHOW idle_in_transaction_session_timeout").fetchone()[0] == "8s"
        assert connection.execute("SHOW application_name").fetchone()[0] == "table-7"
        info = connection.info.get_parameters()
    assert info["keepalives"] == "1" and info["keepalives_count"] == "3" and info["tcp_user_timeout"] == "4000"
    assert int(info["keepalives_idle"]) + 3 * int(info["keepalives_interval"]) <= 4 + 3 * 1
    assert info["connect_timeout"] == "2"


@pytest.mark.parametrize("limit", [0, -1, float("nan"), float("inf")])
def test_a_stall_limit_that_is_not_a_positive_number_of_seconds_is_refused(local: Store, limit: float) -> None:
    """Issue 27 ("says FAILING after a stall (default 10 s, configurable)"): a limit of 0, below 0, NaN or
    infinity would report every round as stalled or none; the shipper refuses it, naming the value."""
    from dealer_console.room import RoomError

    with pytest.raises(RoomError, match=f"not {limit!r}"):
        Shipper(local, "postgresql://cardroom_console@127.0.0.1:1/cardroom", [1], stall_after_s=limit)


def test_the_ship_command_refuses_a_bad_stall_limit_in_one_line(tmp_path: Path) -> None:
    """`python -m dealer_console.room ship --stall-after 0`: one line naming the value, exit 2, nothing started."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "dealer_console.room", "ship", "--server", "postgresql://x@127.0.0.1:1/y",
                           "--local", f"sqlite:///{tmp_path / 'none.sqlite3'}", "--stall-after", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].endswith("--stall-after: a number of seconds above 0 is needed, not '0'")
    assert not (tmp_path / "none.sqlite3").exists()


def test_stopping_during_a_silent_stall_does_not_wait_on_the_network(room: Room, local: Store) -> None:
    """docs/room.md ("a stopped shipper breaks a stalled round"): the console closes while the shipper waits on a
    silent network; stop() returns at once instead of waiting for the stall to end, and nothing local is lost."""
    import time

    table_id = 211
    local.create_table("Table 211", table_id=table_id)
    _deal(local, table_id, 1, seed=17)
    with _proxy(room) as proxy:
        shipper = Shipper(local, room.console_url(table_id, port=proxy.port), [table_id]).start()
        assert shipper.wait_in_sync(15)
        proxy.stall()
        _deal(local, table_id, 1, seed=18)
        shipper.wake()
        time.sleep(1.0)  # the round is waiting on the silence now
        assert shipper._watch.waited() > 0.5
        started = time.monotonic()
        shipper.stop(timeout=10)
        assert time.monotonic() - started < 3
        assert shipper._thread is not None and not shipper._thread.is_alive()
    assert len(local.events(table_id)) > len(_server_rows(room, table_id))
