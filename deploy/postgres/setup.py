"""Set up a card room's PostgreSQL: the database, the roles, the room's tables, least privileges.

    python deploy/postgres/setup.py --admin-url postgresql://postgres@127.0.0.1:5432/postgres \\
        --database cardroom [--owner-role cardroom_owner] [--console-role cardroom_console] \\
        [--floor-role cardroom_floor] [--console-password ...] [--floor-password ...] [--drop]

Idempotent: run it again after an upgrade. ``--drop`` removes the database and the roles instead
(for tests and scratch rooms). Passwords may also come from ``$CARDROOM_CONSOLE_PASSWORD`` and
``$CARDROOM_FLOOR_PASSWORD``; without one the role is created without a password (trust/peer/cert
authentication in ``pg_hba.conf``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import psycopg
from psycopg import sql

HERE = Path(__file__).resolve().parent
SETUP_SQL = HERE / "setup.sql"


def _with_database(url: str, name: str) -> str:
    head, _, tail = url.partition("?")
    base = head.rpartition("/")[0]
    return f"{base}/{name}" + (f"?{tail}" if tail else "")


def _render(text: str, names: dict[str, str]) -> str:
    for key, value in names.items():
        text = text.replace(f':"{key}"', '"' + value.replace('"', '""') + '"')
    return text


def _ensure_role(admin: psycopg.Connection, role: str, password: str | None, *, login: bool) -> None:
    exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
    verb = "ALTER" if exists else "CREATE"
    options = sql.SQL("LOGIN" if login else "NOLOGIN") + sql.SQL(" NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT")
    statement = sql.SQL("{} ROLE {} WITH ").format(sql.SQL(verb), sql.Identifier(role)) + options
    if password:
        statement += sql.SQL(" PASSWORD {}").format(sql.Literal(password))
    admin.execute(statement)


def setup(admin_url: str, database: str, *, owner_role: str, console_role: str, floor_role: str,
          console_password: str | None = None, floor_password: str | None = None, migrate_store: bool = True) -> str:
    """Create (or update) the room's database and roles; return the database's URL (as the admin)."""
    from dealer_console.room.schema import ensure_room_schema

    with psycopg.connect(admin_url, autocommit=True) as admin:
        _ensure_role(admin, owner_role, None, login=False)
        _ensure_role(admin, console_role, console_password, login=True)
        _ensure_role(admin, floor_role, floor_password, login=True)
        if admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone() is None:
            admin.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(database), sql.Identifier(owner_role)))
    url = _with_database(admin_url, database)
    if migrate_store:
        from dealer_console.store import Store

        Store.open(url).close()
    with psycopg.connect(url, autocommit=True) as connection:
        ensure_room_schema(connection)
        names = {"database": database, "owner_role": owner_role, "console_role": console_role, "floor_role": floor_role}
        connection.execute(_render(SETUP_SQL.read_text(encoding="utf-8"), names))
    return url


def drop(admin_url: str, database: str, roles: list[str]) -> None:
    """Remove the room's database and roles (scratch rooms and tests only)."""
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database)))
        for role in roles:
            if admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is not None:
                admin.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
                admin.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--admin-url", default=os.environ.get("CARDROOM_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--database", default="cardroom")
    parser.add_argument("--owner-role", default="cardroom_owner")
    parser.add_argument("--console-role", default="cardroom_console")
    parser.add_argument("--floor-role", default="cardroom_floor")
    parser.add_argument("--console-password", default=os.environ.get("CARDROOM_CONSOLE_PASSWORD"))
    parser.add_argument("--floor-password", default=os.environ.get("CARDROOM_FLOOR_PASSWORD"))
    parser.add_argument("--no-store", action="store_true", help="do not migrate the store's own tables")
    parser.add_argument("--drop", action="store_true", help="drop the database and the roles instead")
    args = parser.parse_args(argv)
    if args.drop:
        drop(args.admin_url, args.database, [args.console_role, args.floor_role, args.owner_role])
        print(f"dropped database {args.database} and roles")
        return 0
    url = setup(args.admin_url, args.database, owner_role=args.owner_role, console_role=args.console_role,
                floor_role=args.floor_role, console_password=args.console_password, floor_password=args.floor_password,
                migrate_store=not args.no_store)
    print(f"card room database ready: {url.rpartition('@')[2]} (roles {args.console_role}, {args.floor_role}, owner {args.owner_role})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
