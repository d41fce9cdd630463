"""A scratch card room on the PostgreSQL server of this machine, for the room's tests.

Each test module gets its own database and roles (made by ``deploy/postgres/setup.py`` with
unique names) and drops them at the end. The server is found at ``$DEALER_TEST_POSTGRES_URL``
(default ``postgresql://postgres@127.0.0.1:5432/test``, trust auth, as in tests/store/conftest.py);
without one the tests skip with the reason, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

ADMIN_URL = os.environ.get("DEALER_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test").replace(
    "postgresql+psycopg://", "postgresql://", 1
)
SETUP_PY = Path(__file__).resolve().parents[2] / "deploy" / "postgres" / "setup.py"


def _setup_module():  # deploy/ is not a package: load the runner from its file
    spec = importlib.util.spec_from_file_location("cardroom_setup", SETUP_PY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("cardroom_setup", module)
    spec.loader.exec_module(module)
    return module


def _with_database(url: str, name: str, user: str | None = None) -> str:
    head = url.partition("?")[0].rpartition("/")[0]
    if user is not None:
        scheme, _, rest = head.partition("://")
        host = rest.rpartition("@")[2]
        head = f"{scheme}://{user}@{host}"
    return f"{head}/{name}"


@dataclass(frozen=True)
class Room:
    """A scratch card room: its database and the URL for each role."""

    database: str
    admin_url: str
    owner_url: str
    console_role: str
    floor_role: str
    owner_role: str

    def console_url(self, table_id: int, *, port: int | None = None) -> str:
        """The URL of table ``table_id``'s own console login (made by setup.py's ``add_console`` the first time)."""
        setup = _setup_module()
        login = setup.add_console(self.admin_url, self.database, table_id, console_role=self.console_role)
        return self.url(login, port=port)

    def url(self, role: str | None = None, *, port: int | None = None) -> str:
        """The room's URL as ``role`` (default: the admin), through ``port`` if given (a proxy)."""
        url = _with_database(ADMIN_URL, self.database, role)
        if port is not None:
            scheme, _, rest = url.partition("://")
            user, _, hostpath = rest.rpartition("@")
            host, _, path = hostpath.partition("/")
            url = f"{scheme}://{user + '@' if user else ''}127.0.0.1:{port}/{path}"
        return url


def admin_connection_or_skip():
    import psycopg

    try:
        return psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3)
    except psycopg.Error as error:
        message = f"PostgreSQL not reachable at {ADMIN_URL} ({str(error).strip().splitlines()[0]}); set DEALER_TEST_POSTGRES_URL"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true requires the PostgreSQL tests to run: {message}", pytrace=False)
        pytest.skip(message)


@contextmanager
def scratch_room(prefix: str = "room", *, migrate_store: bool = False) -> Iterator[Room]:
    """A card room database and its three roles, set up by deploy/postgres/setup.py (with the store's own tables when
    ``migrate_store``), dropped afterwards; skips (fails under ``CI=true``) without a server."""
    admin_connection_or_skip().close()
    setup = _setup_module()
    token = f"{os.getpid()}_{secrets.token_hex(3)}"
    names = dict(owner_role=f"{prefix}_owner_{token}", console_role=f"{prefix}_console_{token}", floor_role=f"{prefix}_floor_{token}")
    database = f"{prefix}_test_{token}"
    try:
        owner_url = setup.setup(ADMIN_URL, database, migrate_store=migrate_store, **names)
        yield Room(database, ADMIN_URL, owner_url, names["console_role"], names["floor_role"], names["owner_role"])
    finally:
        setup.drop(ADMIN_URL, database, [names["console_role"], names["floor_role"], names["owner_role"]])


@pytest.fixture(scope="module")
def room() -> Iterator[Room]:
    """A scratch card room for the module (the room's own tables only)."""
    with scratch_room() as made:
        yield made
