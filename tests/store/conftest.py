"""Back ends for the store's tests: a SQLite file in ``tmp_path`` and the PostgreSQL server on this machine.

Every store test that takes the ``store_url`` (or ``store``) fixture runs twice, once per back end
(issue 4, done-when 1). PostgreSQL is reached at ``$DEALER_TEST_POSTGRES_URL`` (default
``postgresql://postgres@127.0.0.1:5432/test``, trust auth); the run creates its own database, gives
each test a fresh schema in it, and drops the database at the end. Where no server answers, the
PostgreSQL half skips with the reason, except under ``CI=true``, where it fails: CI must run both.
"""

from __future__ import annotations

import itertools
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_console.config import StoreSettings
from dealer_console.store import Store

ADMIN_URL = os.environ.get("DEALER_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
_schemas = itertools.count(1)


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _with_database(url: str, name: str) -> str:
    head, _, _ = url.rpartition("/")
    return f"{head}/{name}"


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[str]:
    """A database of its own for this test run (dropped at the end); skips (fails under CI=true) without a server."""
    import psycopg

    try:
        admin = psycopg.connect(_libpq(ADMIN_URL), autocommit=True, connect_timeout=3)
    except psycopg.Error as error:
        message = f"PostgreSQL not reachable at {ADMIN_URL} ({str(error).strip().splitlines()[0]}); set DEALER_TEST_POSTGRES_URL"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true requires the PostgreSQL tests to run: {message}", pytrace=False)
        pytest.skip(message)
    name = f"dealer_test_{os.getpid()}_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield _with_database(ADMIN_URL, name)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def postgres_schema_url(database_url: str) -> str:
    """A fresh, empty schema in the run's database, as a URL whose search path is that schema."""
    import psycopg

    schema = f"t{next(_schemas)}_{secrets.token_hex(3)}"
    with psycopg.connect(_libpq(database_url), autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    return f"{database_url}?options=-csearch_path%3D{schema}"


DELETION_ORDER = (
    "rulings", "agreements", "evidence", "events", "hand_seats", "hands", "seats", "staff", "players", "chain_heads", "signing_keys", "tables",
)
"""The store's tables, each after every table that refers to it."""


@pytest.fixture(scope="session")
def postgres_migrated_schema(postgres_database: str) -> str:
    """One schema migrated to head for the whole run; :func:`store_url` empties it before each test."""
    url = postgres_schema_url(postgres_database)
    Store.open(url).close()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a migrated, empty store: a new SQLite file, or the run's PostgreSQL schema emptied.

    Emptying it instead of migrating a fresh schema per test keeps the PostgreSQL half fast;
    the migrations themselves are tested on fresh databases (``empty_store_url``).
    """
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    return emptied(request.getfixturevalue("postgres_migrated_schema"))


@pytest.fixture
def postgres_url(postgres_migrated_schema: str) -> str:
    """The run's migrated PostgreSQL schema, emptied (for tests of PostgreSQL connections only)."""
    return emptied(postgres_migrated_schema)


def emptied(url: str) -> str:
    """Delete every row of the store's tables in the schema of ``url``; return ``url``."""
    import psycopg

    schema = url.rpartition("%3D")[2]
    with psycopg.connect(_libpq(url.partition("?")[0])) as connection:
        connection.execute(f'SET search_path TO "{schema}"')
        for table in DELETION_ORDER:  # a few rows each: DELETE is quicker than TRUNCATE here
            connection.execute(f"DELETE FROM {table}")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a database with nothing in it (not even a schema): a new SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    return postgres_schema_url(request.getfixturevalue("postgres_database"))


@pytest.fixture
def store_settings(tmp_path: Path) -> StoreSettings:
    """Settings that keep everything inside tmp_path (never the user's real data folder)."""
    return StoreSettings(data_dir=tmp_path / "data", evidence_dir=None, busy_timeout_s=2.0)


@pytest.fixture
def store(store_url: str, store_settings: StoreSettings) -> Iterator[Store]:
    """An opened, migrated store on each back end."""
    opened = Store.open(store_url, settings=store_settings)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture(autouse=True)
def cheap_password_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2 with tiny costs in tests (the store's default parameters take a good part of a second per hash)."""
    from argon2 import PasswordHasher

    import dealer_console.store.accounts as store_module

    monkeypatch.setattr(store_module, "_PASSWORDS", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
