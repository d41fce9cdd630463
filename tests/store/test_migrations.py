"""Schema migrations: applied by the program on start, from an empty database or the first revision to head.

Sources: SPEC.md, Scale ("schema migrations applied by the program"); issue 4, done-when 4 (upgrade
from an empty database to head, and from the first revision to head, both on SQLite and
PostgreSQL); issue 4 ("SQLite by default in the user's data directory (WAL, durable commits),
with no set-up").
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect, text
from sqlmodel import SQLModel

from dealer_console.cli import main
from dealer_console.config import StoreSettings
from dealer_console.store import ReadingTaken, SchemaVersionError, Store, database
from dealer_console.store.chain import GENESIS, link_content, link_hash
from dealer_console.store.codec import canonical_json, record_payload
from dealer_console.store.database import Target, create_store_engine, resolve_url
from dealer_console.store.records import TableOpened

FIRST = "0001_initial"
FLOOR_INDEXES = {"ix_hands_table_started", "ix_hands_started", "ix_hands_pot", "ix_hands_flagged", "ix_hand_seats_player_started",
                 "ix_hand_seats_table_seat_started", "ix_rulings_hand", "ix_rulings_table_recorded"}


def indexes(store: Store) -> set[str]:
    inspector = inspect(store.sql_engine)
    return {index["name"] for table in ("hands", "hand_seats", "rulings") for index in inspector.get_indexes(table) if index["name"]}


def test_revisions_run_in_a_line_from_the_first_to_head() -> None:
    """There is more than one revision, so "from the first revision to head" upgrades something."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(database.alembic_config())
    chain = [revision.revision for revision in script.walk_revisions()]
    assert chain[-1] == FIRST and chain[0] == database.head_revision() and len(chain) >= 2


def test_empty_database_is_migrated_to_head_on_open_and_matches_the_models(empty_store_url: str, store_settings: StoreSettings) -> None:
    """Opening an empty database creates the whole schema; the migrated schema is exactly the models' (no autogenerate diff)."""
    with Store.open(empty_store_url, settings=store_settings) as store:
        with store.sql_engine.connect() as connection:
            assert database.current_revision(connection) == database.head_revision()
            differences = compare_metadata(MigrationContext.configure(connection, opts={"compare_type": True}), SQLModel.metadata)
        assert differences == []
        assert FLOOR_INDEXES <= indexes(store)
        table_id = store.create_table("T")
        assert store.verify_log(table_id)[0].intact


def _old_log(engine: Engine, *, table_id: int, name: str) -> None:
    """A table's log as a program at revision 0001 wrote it: a table row, its ``table_opened`` event, an unsigned head."""
    moment = datetime(2026, 1, 1, 12, tzinfo=UTC)
    payload = canonical_json(record_payload(TableOpened(name=name)))
    digest = link_hash(GENESIS, link_content(table_id=table_id, seq=1, hand_id=None, recorded_at=moment, frame_at=None, source="dealer",
                                             actor="", kind="table_opened", payload=payload, voids_seq=None, evidence_sha256=None))
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO tables (id, name, created_at) VALUES (:i, :n, :m)"), {"i": table_id, "n": name, "m": moment})
        connection.execute(text("INSERT INTO events (table_id, seq, recorded_at, source, actor, kind, payload, hash)"
                                " VALUES (:i, 1, :m, 'dealer', '', 'table_opened', :p, :h)"), {"i": table_id, "m": moment, "p": payload, "h": digest})
        connection.execute(text("INSERT INTO chain_heads (table_id, last_seq, last_hash) VALUES (:i, 1, :h)"), {"i": table_id, "h": digest})


def test_database_at_the_first_revision_is_upgraded_to_head_with_its_data(empty_store_url: str, store_settings: StoreSettings) -> None:
    """A database left at revision 0001 (with a log in it) is upgraded on open; the log is kept; its head, written
    before signed heads, is reported unsigned until the next append signs it (issue 27: an unsigned head is refused)."""
    target = Target(resolve_url(empty_store_url))
    engine = create_store_engine(target)
    database.migrate(engine, target, revision=FIRST)
    old = Store(engine, target, store_settings)
    assert not FLOOR_INDEXES & indexes(old)
    _old_log(engine, table_id=7, name="Old table")
    old.close()
    with Store.open(empty_store_url, settings=store_settings) as store:
        with store.sql_engine.connect() as connection:
            assert database.current_revision(connection) == database.head_revision()
        assert FLOOR_INDEXES <= indexes(store)
        assert [event.kind for event in store.events(7)] == ["table_opened"]
        [before] = store.verify_log(7)
        assert before.broken is not None and "not signed" in before.broken.reason
        store.append(7, ReadingTaken(subject="board", value="AsKdQh", confidence=0.99, applied=True))
        assert store.verify_log(7)[0].intact


def test_head_can_be_downgraded_to_the_first_revision_and_back(empty_store_url: str, store_settings: StoreSettings) -> None:
    """Each revision's downgrade undoes its upgrade (so a bad release can be rolled back)."""
    with Store.open(empty_store_url, settings=store_settings) as store:
        config = database.alembic_config()
        with store.sql_engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, FIRST)
        assert not FLOOR_INDEXES & indexes(store)
    with Store.open(empty_store_url, settings=store_settings) as store:
        assert FLOOR_INDEXES <= indexes(store)


def test_database_from_a_newer_program_is_refused_with_a_clear_message(empty_store_url: str, store_settings: StoreSettings) -> None:
    """A schema revision this program does not know is never "upgraded": the console says to upgrade the program."""
    Store.open(empty_store_url, settings=store_settings).close()
    with Store.open(empty_store_url, settings=store_settings) as store, store.sql_engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0099_from_the_future'"))
    with pytest.raises(SchemaVersionError, match="0099_from_the_future.*newer version; upgrade the program"):
        Store.open(empty_store_url, settings=store_settings)


def test_default_database_is_sqlite_in_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No set-up: with no URL configured the store is a SQLite file in the user's data folder (platformdirs, XDG on Linux)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with Store.open() as store:
        assert store.backend == "sqlite"
        assert Path(store.target.sqlite_path) == tmp_path / "xdg" / "dealer-console" / "dealer-console.sqlite3"
        store.create_table("Home game")
    monkeypatch.delenv("DEALER_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))
    assert main(["verify-log"]) == 0


def test_sqlite_connections_use_wal_and_full_synchronous_commits(tmp_path: Path) -> None:
    """Durable commits: WAL journal and synchronous=FULL (2) on every connection, foreign keys enforced."""
    with Store.open(f"sqlite:///{tmp_path / 'd.sqlite3'}") as store, store.sql_engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
