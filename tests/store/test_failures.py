"""A clear message and no lost data when the database is locked, full, unreachable or corrupt.

Sources: issue 4 ("A clear message and no lost data when the database is locked, full, unreachable
or corrupt"); SPEC.md, Who uses it ("nothing lost when a console crashes or a cable is pulled").
Every failure reaches the caller as a ``StoreError`` subclass; the event that failed was not
acknowledged (the caller still holds it), and everything acknowledged before is still there.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import event

from dealer_console.cli import main
from dealer_console.config import StoreSettings
from dealer_console.store import (
    ReadingTaken,
    Store,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreUnavailableError,
)
from tests.store.conftest import _libpq


def reading(value: int) -> ReadingTaken:
    return ReadingTaken(subject="bet zone 2", value=str(value))


def test_file_that_is_not_a_database_is_reported_corrupt_and_left_untouched(tmp_path: Path) -> None:
    """A damaged file is never overwritten or "repaired": the message names the file and says to restore it."""
    path = tmp_path / "console.sqlite3"
    garbage = b"this is not an SQLite database, it is a photo of a cat" * 100
    path.write_bytes(garbage)
    with pytest.raises(StoreCorruptError, match=f"the database file {path} is damaged.*restore it from a backup") as raised:
        Store.open(f"sqlite:///{path}")
    assert raised.value.path == str(path)
    assert path.read_bytes() == garbage


def test_damaged_pages_inside_a_database_are_reported_corrupt(tmp_path: Path) -> None:
    """Corruption found while reading (a damaged page) is a StoreCorruptError, not a crash."""
    path = tmp_path / "console.sqlite3"
    with Store.open(f"sqlite:///{path}") as store:
        table_id = store.create_table("T")
        for value in range(200):
            store.append(table_id, reading(value))
        with store.sql_engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(2 * page, len(data) - page, page):  # keep the header page, damage every b-tree page after it
        data[offset:offset + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    with pytest.raises(StoreCorruptError, match="is damaged"):
        with Store.open(f"sqlite:///{path}") as store:
            store.events(1)
            store.verify_log()


def _damaged_copy(tmp_path: Path, text: bytes) -> Path:
    """A store of 50 readings, checkpointed, with one byte of the first ``text`` in the file made invalid UTF-8."""
    path = tmp_path / "console.sqlite3"
    with Store.open(f"sqlite:///{path}") as store:
        table_id = store.create_table("T")
        for value in range(50):
            store.append(table_id, reading(value))
        with store.sql_engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    at = data.find(text)
    assert at >= 0
    data[at + 2] = 0xFE
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("text", [b"CREATE TABLE events", b"bet zone 2", b"table_opened"], ids=["schema", "payload", "kind"])
def test_a_damaged_page_is_one_line_and_exit_2_from_verify_log(
    tmp_path: Path, text: bytes, capsys: pytest.CaptureFixture[str],
) -> None:
    """The issue's point "Bad files and frames": text damaged into bytes that are not UTF-8 (in the schema, or in an
    event's columns) is a StoreCorruptError: verify-log says so in one line and exits 2 ("cannot check"), not 1 (a
    broken link) and not a UnicodeDecodeError traceback; the file is left as it was."""
    path = _damaged_copy(tmp_path, text)
    damaged = path.read_bytes()
    assert main(["--database", f"sqlite:///{path}", "verify-log"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"the database file {path} is damaged (text that is not UTF-8" in err
    assert "Traceback" not in err and path.read_bytes() == damaged


def test_an_empty_file_is_not_a_store_and_is_not_made_into_one(tmp_path: Path) -> None:
    """The issue's point "Bad files and frames": an existing empty file is "not a dealer-console store", not silently
    made into a new store (a new store is made only where no file is)."""
    path = tmp_path / "console.sqlite3"
    path.write_bytes(b"")
    with pytest.raises(StoreCorruptError, match=f"the file {path} is empty: not a dealer-console store") as raised:
        Store.open(f"sqlite:///{path}")
    assert raised.value.path == str(path) and path.read_bytes() == b""
    assert not path.with_name("console.sqlite3-wal").exists()


def test_another_programs_database_is_refused_and_left_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's point "Bad files and frames": a foreign SQLite database (another program's tables, no schema revision
    of ours) is refused in one line with exit 2; no table of the store is added to it."""
    path = tmp_path / "places.sqlite3"
    foreign = sqlite3.connect(path)
    foreign.execute("CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, url TEXT)")
    foreign.execute("INSERT INTO bookmarks (url) VALUES ('https://example.org')")
    foreign.commit()
    foreign.close()
    before = path.read_bytes()
    assert main(["--database", f"sqlite:///{path}", "verify-log"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a dealer-console store (it holds other tables: bookmarks)" in err
    assert path.read_bytes() == before


def test_locked_database_is_reported_and_the_event_can_be_stored_afterwards(tmp_path: Path) -> None:
    """Another program holding the write lock past the wait: StoreLockedError, nothing half-written; a retry then succeeds."""
    path = tmp_path / "console.sqlite3"
    settings = StoreSettings(busy_timeout_s=0.2)
    with Store.open(f"sqlite:///{path}", settings=settings) as store:
        table_id = store.create_table("T")
        store.append(table_id, reading(1))
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreLockedError, match=f"the database {path} is locked by another program.*nothing was written"):
                store.append(table_id, reading(2))
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        store.append(table_id, reading(2))
        assert [e.payload.get("value") for e in store.events(table_id)] == [None, "1", "2"]
        assert store.verify_log(table_id)[0].intact


def test_full_database_is_reported_and_earlier_events_are_kept(tmp_path: Path) -> None:
    """Disk full (here SQLite's page limit, which fails the same way): StoreFullError; everything before it is intact."""
    path = tmp_path / "console.sqlite3"
    with Store.open(f"sqlite:///{path}") as store:
        table_id = store.create_table("T")
        store.append(table_id, reading(1))
        pages = store.sql_engine.connect().exec_driver_sql("PRAGMA page_count").scalar()

        @event.listens_for(store.sql_engine, "connect")
        def _limit(dbapi_connection: sqlite3.Connection, _: object) -> None:
            dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

        store.sql_engine.dispose()
        big = ReadingTaken(subject="frame", value="x" * 200_000)
        with pytest.raises(StoreFullError, match="is full.*nothing was written"):
            store.append(table_id, big)
    with Store.open(f"sqlite:///{path}") as reopened:
        assert [e.kind for e in reopened.events(table_id)] == ["table_opened", "reading"]
        assert reopened.verify_log(table_id)[0].intact


def test_unreachable_server_is_reported_with_the_url_but_no_password() -> None:
    """A server that does not answer: StoreUnavailableError naming the server (password hidden), quickly."""
    url = "postgresql://console:secret-password@127.0.0.1:9/cardroom"
    with pytest.raises(StoreUnavailableError) as raised:
        Store.open(url, settings=StoreSettings(connect_timeout_s=2))
    message = str(raised.value)
    assert "cannot be reached" in message and "127.0.0.1:9/cardroom" in message
    assert "secret-password" not in message


def test_folder_that_cannot_be_created_is_reported(tmp_path: Path) -> None:
    """A SQLite path under a file (not a folder) is a clear StoreUnavailableError."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(StoreUnavailableError, match="cannot create the folder"):
        Store.open(f"sqlite:///{blocker / 'sub' / 'x.sqlite3'}")


def test_unsupported_database_url_is_refused() -> None:
    """Only SQLite and PostgreSQL are supported; anything else says so."""
    with pytest.raises(StoreError, match="unsupported database 'mysql'"):
        Store.open("mysql://root@localhost/test")


def test_lost_connection_between_events_loses_nothing(postgres_url: str) -> None:
    """A PostgreSQL connection cut between two events (server restart, cable): the next append reconnects; nothing lost or doubled."""
    with Store.open(postgres_url) as store:
        table_id = store.create_table("T")
        store.append(table_id, reading(1))
        with psycopg.connect(_libpq(postgres_url.partition("?")[0]), autocommit=True) as admin:
            killed = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'dealer-console'"
                " AND datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
        assert killed is not None and killed[0] >= 1
        store.append(table_id, reading(2))
        assert [e.payload.get("value") for e in store.events(table_id)] == [None, "1", "2"]
        assert store.verify_log(table_id)[0].intact


def test_connection_lost_inside_a_transaction_is_reported_and_nothing_is_written(postgres_url: str) -> None:
    """The connection dies in the middle of an append: StoreUnavailableError; the log holds no part of that event."""
    with Store.open(postgres_url) as store:
        table_id = store.create_table("T")
        store.append(table_id, reading(1))
        original = store._project

        def die_midway(connection: object, stored: object, record: object) -> None:
            with psycopg.connect(_libpq(postgres_url.partition("?")[0]), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dealer-console'"
                              " AND datname = current_database() AND state = 'idle in transaction'")
            original(connection, stored, record)  # type: ignore[arg-type]

        store._project = die_midway  # type: ignore[method-assign]
        with pytest.raises(StoreUnavailableError, match="was lost while appending reading.*the event was not stored; try again"):
            store.append(table_id, reading(2))
        store._project = original  # type: ignore[method-assign]
        assert [e.payload.get("value") for e in store.events(table_id)] == [None, "1"]
        store.append(table_id, reading(2))
        assert store.verify_log(table_id)[0].intact
