"""Opening and closing a store: the connection every part of :class:`~dealer_console.store.store.Store` shares."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy import Connection, Engine

from dealer_console.config import StoreSettings
from dealer_console.store import database
from dealer_console.store.database import Target, guarded, writing
from dealer_console.store.errors import (
    StoreError,
)
from dealer_console.store.stored import (
    utc_now,
)


class StoreBase:
    """What every part of the store shares: the SQLAlchemy engine (``sql_engine``), the database, the settings, the clock."""

    def __init__(self, sql_engine: Engine, target: Target, settings: StoreSettings, *, clock: Callable[[], datetime] = utc_now) -> None:
        self.sql_engine = sql_engine
        self.target = target
        self.settings = settings
        self._clock = clock

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        settings: StoreSettings | None = None,
        migrate: bool = True,
        revision: str = "head",
        clock: Callable[[], datetime] = utc_now,
    ) -> Self:
        """Open (and by default migrate) the database at ``url``, else the configured one, else SQLite.

        A damaged file, an empty one, or another program's SQLite database is refused with
        :class:`~dealer_console.store.errors.StoreCorruptError` and left as it is.

        ``revision``: migrate up to this schema revision only (for benchmarks that load history at an older schema, then
        :meth:`upgrade`); the store's methods expect the newest.
        """
        settings = settings if settings is not None else StoreSettings()
        resolved = database.resolve_url(url or settings.database_url, data_dir=settings.data_dir)
        target = Target(resolved, busy_timeout_s=settings.busy_timeout_s, connect_timeout_s=settings.connect_timeout_s)
        database.refuse_foreign_file(target)
        engine = database.create_store_engine(target)
        try:
            with guarded(target, "opening the database"), engine.connect() as connection:
                connection.exec_driver_sql("SELECT 1")
            if migrate:
                database.migrate(engine, target, revision=revision)
            else:
                with guarded(target, "reading the schema revision"), engine.connect() as connection:
                    current = database.current_revision(connection)
                if current != database.head_revision():
                    raise StoreError(f"the database {target.shown} is at schema revision {current!r}, not {database.head_revision()!r}:"
                                     " open it with migrations on")
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, target, settings, clock=clock)

    def close(self) -> None:
        """Release every connection."""
        self.sql_engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    def upgrade(self, revision: str = "head") -> None:
        """Migrate the schema up to ``revision`` (default: the newest)."""
        database.migrate(self.sql_engine, self.target, revision=revision)

    def bulk_load(self, load: Callable[[Connection], None]) -> None:
        """Run ``load`` in one write transaction: benchmarks and tests fill a database with generated history this way."""
        with guarded(self.target, "loading history"), writing(self.sql_engine) as connection:
            load(connection)

    def analyze(self) -> None:
        """Refresh the database's planner statistics (after a bulk load)."""
        with guarded(self.target, "analyzing the database"), self.sql_engine.connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.target.backend

    def now(self) -> datetime:
        """The store's clock (UTC)."""
        return self._clock()


__all__ = ["StoreBase"]
