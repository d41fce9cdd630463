"""Connecting to the database: SQLite by default, PostgreSQL by URL; migrations; errors made clear.

SQLite (one table, nothing to set up) lives in the user's data folder, in WAL mode with
``synchronous=FULL``: a commit has reached the disk when it returns. Writers begin with
``BEGIN IMMEDIATE`` so that two writers queue (for ``busy_timeout``) instead of failing half-way.
PostgreSQL (a card room) is reached with psycopg 3. Every failure of the database is turned into
a :class:`~dealer_console.store.errors.StoreError` subclass by :func:`translate_error`.
"""

from __future__ import annotations

import contextlib
import functools
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, exc
from sqlalchemy.engine import URL, make_url

from dealer_console.store.errors import (
    SchemaVersionError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreUnavailableError,
)

APP_NAME = "dealer-console"
SQLITE_FILE = "dealer-console.sqlite3"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK_KEY = 0x6465616C6572  # "dealer": a PostgreSQL advisory lock so two consoles never migrate at once


@dataclass(frozen=True, slots=True)
class Target:
    """A database to open: its URL and how long to wait for it."""

    url: URL
    busy_timeout_s: float = 5.0
    connect_timeout_s: int = 5

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.url.get_backend_name()

    @property
    def shown(self) -> str:
        """The URL with any password hidden, for messages."""
        return self.url.render_as_string(hide_password=True)

    @property
    def sqlite_path(self) -> str:
        """The SQLite file (empty for other back ends)."""
        return (self.url.database or "") if self.backend == "sqlite" else ""


def default_database_url(data_dir: Path | None = None) -> str:
    """The SQLite file in ``data_dir``, by default the user's data folder (platformdirs)."""
    folder = data_dir if data_dir is not None else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return f"sqlite:///{folder / SQLITE_FILE}"


def resolve_url(url: str | None, *, data_dir: Path | None = None) -> URL:
    """The SQLAlchemy URL to open: PostgreSQL URLs use psycopg 3; none means the default SQLite file."""
    text = url or default_database_url(data_dir)
    try:
        parsed = make_url(text)
    except exc.ArgumentError as error:
        raise StoreUnavailableError(f"not a database URL: {text!r} (expected sqlite:///PATH or postgresql://USER@HOST/DB)") from error
    backend = parsed.get_backend_name()
    if backend in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg")
    if backend != "sqlite":
        shown = parsed.render_as_string(hide_password=True)
        raise StoreUnavailableError(f"unsupported database {backend!r} in {shown}: use SQLite or PostgreSQL")
    return parsed


def create_store_engine(target: Target) -> Engine:
    """An engine with the durability and locking settings of the back end."""
    if target.backend == "sqlite":
        path = target.sqlite_path
        if not path or path == ":memory:":
            raise StoreUnavailableError("the event store needs a SQLite file, not an in-memory database", url=target.shown)
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreUnavailableError(
                f"cannot create the folder of the database {path}: {error.strerror or error}", url=target.shown
            ) from error
        engine = create_engine(target.url, connect_args={"timeout": target.busy_timeout_s})
        _configure_sqlite(engine, busy_timeout_ms=int(target.busy_timeout_s * 1000))
        return engine
    return create_engine(
        target.url,
        pool_pre_ping=True,
        connect_args={"connect_timeout": target.connect_timeout_s, "application_name": APP_NAME},
    )


def _configure_sqlite(engine: Engine, *, busy_timeout_ms: int) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # the driver's own BEGIN handling is switched off; ours (below) chooses DEFERRED or IMMEDIATE
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
            mode = cursor.execute("PRAGMA journal_mode = WAL").fetchone()
            if mode is None or str(mode[0]).lower() != "wal":
                raise StoreError(f"SQLite refused WAL mode (journal mode {mode!r}); durable appends need it")
            cursor.execute("PRAGMA synchronous = FULL")
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


@contextlib.contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A connection in a write transaction: committed (durably) on leaving, rolled back on error.

    SQLite takes its write lock at once (``BEGIN IMMEDIATE``), so a writer that has to wait waits
    before reading the chain head, never between reading it and writing.
    """
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            connection.execution_options(sqlite_begin="IMMEDIATE")
        with connection.begin():
            yield connection


# ---------------------------------------------------------------------------- errors

_SQLITE_CORRUPT = ("file is not a database", "malformed", "disk image", "corrupt", "not a database")
_SQLITE_UNAVAILABLE = ("unable to open", "disk i/o error", "readonly", "read-only", "no such file")


def translate_error(error: BaseException, *, target: Target, doing: str) -> StoreError:
    """A :class:`StoreError` subclass with a message that says what failed, where, and what to do."""
    if isinstance(error, StoreError):
        return error
    original = getattr(error, "orig", None) or error
    if target.backend == "sqlite" and (isinstance(original, UnicodeDecodeError) or "could not decode" in str(original).lower()):
        path = target.sqlite_path
        column = re.search(r"column '([^']*)'", str(original))
        where_text = f" in column {column.group(1)!r}" if column else " in its schema"
        return StoreCorruptError(
            f"the database file {path} is damaged (text that is not UTF-8{where_text}) while {doing}; it was left as it is:"
            " restore it from a backup, or move it aside to start a new one", path=path,
        )
    text = str(original).strip().splitlines()[0] if str(original).strip() else type(original).__name__
    lowered = str(original).lower()
    where = target.shown
    if target.backend == "sqlite":
        path = target.sqlite_path
        if "locked" in lowered or "busy" in lowered:
            return StoreLockedError(
                f"the database {path} is locked by another program (waited {target.busy_timeout_s:g} s) while {doing};"
                " nothing was written: close the other program or try again"
            )
        if "full" in lowered:
            return StoreFullError(f"the disk holding {path} is full while {doing}: nothing was written; free some space and try again")
        if any(marker in lowered for marker in _SQLITE_CORRUPT):
            return StoreCorruptError(
                f"the database file {path} is damaged ({text}) while {doing}; it was left as it is:"
                " restore it from a backup, or move it aside to start a new one", path=path,
            )
        if any(marker in lowered for marker in _SQLITE_UNAVAILABLE):
            return StoreUnavailableError(f"cannot open the database {path} ({text}) while {doing}", url=where)
        return StoreError(f"database error while {doing} ({path}): {text}")
    state = str(getattr(original, "sqlstate", "") or "")
    if state.startswith("08") or state in ("57P01", "57P02", "57P03") or (
        isinstance(error, exc.DBAPIError) and error.connection_invalidated
    ) or (not state and isinstance(error, exc.OperationalError | exc.InterfaceError)):
        return StoreUnavailableError(
            f"the database server {where} cannot be reached ({text}) while {doing}:"
            " check the network and the server, then try again", url=where,
        )
    if state.startswith("53"):
        return StoreFullError(f"the database server {where} is out of space or memory ({text}) while {doing}")
    if state in ("55P03", "40P01", "40001", "57014"):
        return StoreLockedError(f"the database {where} is locked or busy ({text}) while {doing}; nothing was written: try again")
    if state.startswith("XX"):
        return StoreCorruptError(f"the database {where} reports damaged data ({text}) while {doing}")
    return StoreError(f"database error while {doing} ({where}): {text}")


@contextlib.contextmanager
def guarded(target: Target, doing: str) -> Iterator[None]:
    """Turn any database failure inside the block into a clear :class:`StoreError`."""
    try:
        yield
    except StoreError:
        raise
    except (exc.SQLAlchemyError, OSError, UnicodeDecodeError, sqlite3.Error) as error:
        # a damaged SQLite file can fail in the driver's own calls (the connection's PRAGMAs), before SQLAlchemy wraps it
        raise translate_error(error, target=target, doing=doing) from error


def refuse_foreign_file(target: Target) -> None:
    """Before a SQLite file is opened for writing: an existing empty file, or another program's database (tables but no
    schema revision of ours), is not a store; refused with :class:`StoreCorruptError` and left byte for byte as it was
    (it is read here read-only, before the store's connection would switch it to WAL)."""
    path = target.sqlite_path
    if not path:
        return
    try:
        size = Path(path).stat().st_size
    except (FileNotFoundError, NotADirectoryError):
        return  # a new store is made here (or the folder's problem is reported when it is made)
    except OSError as error:
        raise StoreUnavailableError(f"cannot read the database {path}: {error.strerror or error}", url=target.shown) from error
    if size == 0:
        raise StoreCorruptError(f"the file {path} is empty: not a dealer-console store; it was left as it is (give the store's"
                                " own file, or move this one aside to start a new store)", path=path)
    with guarded(target, "opening the database"), contextlib.closing(
        sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=target.busy_timeout_s)
    ) as connection:
        names = {str(row[0]) for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if names and "alembic_version" not in names:
        shown = ", ".join(sorted(names)[:3]) + (", ..." if len(names) > 3 else "")
        raise StoreCorruptError(f"the database {path} is not a dealer-console store (it holds other tables: {shown});"
                                " it was left as it is: give the store's own file", path=path)


# ---------------------------------------------------------------------------- migrations


def alembic_config() -> Config:
    """Alembic's configuration for the store's migrations (no ``alembic.ini`` needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@functools.cache
def head_revision() -> str:
    """The newest revision this program knows."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(connection: Connection) -> str | None:
    """The revision the database is at (``None``: never migrated)."""
    return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine, target: Target, *, revision: str = "head") -> None:
    """Upgrade the schema to ``revision`` (the program does this on start; one console at a time)."""
    config = alembic_config()
    script = ScriptDirectory.from_config(config)
    with guarded(target, "upgrading the database schema"), writing(engine) as connection:
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")
        current = current_revision(connection)
        if current is not None:
            try:
                script.get_revision(current)
            except Exception as error:  # alembic raises several kinds for an unknown revision
                raise SchemaVersionError(
                    f"the database {target.shown} is at schema revision {current!r}, which this program does not know"
                    f" (its newest is {script.get_current_head()!r}): it was written by a newer version; upgrade the program"
                ) from error
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


__all__ = [
    "APP_NAME", "MIGRATIONS", "MIGRATION_LOCK_KEY", "SQLITE_FILE", "Target", "alembic_config", "create_store_engine",
    "current_revision", "default_database_url", "guarded", "head_revision", "migrate", "refuse_foreign_file", "resolve_url", "translate_error",
    "writing",
]
