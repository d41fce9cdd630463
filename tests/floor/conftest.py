"""The store's back ends for the floor's tests (the same fixtures as tests/store: SQLite and PostgreSQL)."""

from __future__ import annotations

from tests.store.conftest import (  # noqa: F401  (fixtures, re-exported for pytest)
    cheap_password_hashing,
    postgres_database,
    postgres_migrated_schema,
    store,
    store_settings,
    store_url,
)
