"""Set up a card room's PostgreSQL: the database, the roles, the room's tables, least privileges.

    python deploy/postgres/setup.py --admin-url postgresql://postgres@127.0.0.1:5432/postgres \\
        --database cardroom --tables 12 [--owner-role cardroom_owner] [--console-role cardroom_console] \\
        [--floor-role cardroom_floor] [--password-dir DIR] [--floor-password ...] [--drop]

One login per table console: ``--tables N`` makes ``cardroom_console_1`` ... ``cardroom_console_N``
(``--table-ids 3,7`` names them instead), each a member of the ``cardroom_console`` group and
registered in ``room_consoles``, so row-level security lets it read and write only its own table's
rows. ``--password-dir DIR`` writes a random password for each login into ``DIR/<login>.password``
(mode 0600, kept on later runs); without it the logins have no password (cert/peer authentication
in ``pg_hba.conf``). The floor's password may come from ``$CARDROOM_FLOOR_PASSWORD``.

Idempotent: run it again after an upgrade or to add tables. ``--drop`` removes the database and the
roles instead (for tests and scratch rooms).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Iterable
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


def _ensure_role(admin: psycopg.Connection, role: str, password: str | None, *, login: bool, inherit: bool = False) -> None:
    exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
    verb = "ALTER" if exists else "CREATE"
    options = sql.SQL("LOGIN" if login else "NOLOGIN") + sql.SQL(" NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS ")
    statement = sql.SQL("{} ROLE {} WITH ").format(sql.SQL(verb), sql.Identifier(role)) + options
    statement += sql.SQL("INHERIT" if inherit else "NOINHERIT")
    if password:
        statement += sql.SQL(" PASSWORD {}").format(sql.Literal(password))
    admin.execute(statement)


def console_login(console_role: str, table_id: int) -> str:
    """The PostgreSQL login of one table's console: the group's name and the table's id."""
    return f"{console_role}_{table_id}"


def _console_password(password_dir: Path | None, login: str) -> str | None:
    if password_dir is None:
        return None
    password_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = password_dir / f"{login}.password"
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    password = secrets.token_urlsafe(24)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(password + "\n")
    return password


def add_console(admin_url: str, database: str, table_id: int, *, console_role: str, password_dir: Path | None = None) -> str:
    """Make (or update) the login of one table's console and register it for that table; return the login's name."""
    login = console_login(console_role, table_id)
    with psycopg.connect(admin_url, autocommit=True) as admin:
        _ensure_role(admin, login, _console_password(password_dir, login), login=True, inherit=True)
        admin.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(console_role), sql.Identifier(login)))
    with psycopg.connect(_with_database(admin_url, database), autocommit=True) as connection:
        connection.execute("INSERT INTO room_consoles (table_id, login) VALUES (%s, %s)"
                           " ON CONFLICT (table_id) DO UPDATE SET login = EXCLUDED.login, registered_at = now()", (table_id, login))
    return login


def setup(admin_url: str, database: str, *, owner_role: str, console_role: str, floor_role: str, tables: Iterable[int] = (),
          password_dir: Path | None = None, floor_password: str | None = None, migrate_store: bool = True) -> str:
    """Create (or update) the room's database, roles and table logins; return the database's URL (as the admin)."""
    from dealer_console.room.schema import ensure_room_schema

    with psycopg.connect(admin_url, autocommit=True) as admin:
        _ensure_role(admin, owner_role, None, login=False)
        _ensure_role(admin, console_role, None, login=False)
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
    for table_id in tables:
        add_console(admin_url, database, table_id, console_role=console_role, password_dir=password_dir)
    return url


def _members(admin: psycopg.Connection, group: str) -> list[str]:
    return [str(row[0]) for row in admin.execute(
        "SELECT m.rolname FROM pg_auth_members a JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member"
        " WHERE g.rolname = %s ORDER BY m.rolname", (group,))]


def drop(admin_url: str, database: str, roles: list[str]) -> None:
    """Remove the room's database and roles, with the table logins that are members of any of them (scratch rooms, tests)."""
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database)))
        members = [member for role in roles for member in _members(admin, role) if member not in roles]
        for role in [*members, *roles]:
            if admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is not None:
                admin.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
                admin.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)))


def _table_ids(args: argparse.Namespace) -> list[int]:
    if args.table_ids:
        return [int(part) for part in args.table_ids.split(",") if part.strip()]
    return list(range(1, args.tables + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--admin-url", default=os.environ.get("CARDROOM_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--database", default="cardroom")
    parser.add_argument("--owner-role", default="cardroom_owner")
    parser.add_argument("--console-role", default="cardroom_console", help="the consoles' group; table N logs in as <role>_N")
    parser.add_argument("--floor-role", default="cardroom_floor")
    parser.add_argument("--tables", type=int, default=0, help="make the logins of tables 1..N")
    parser.add_argument("--table-ids", default="", help="make the logins of these tables (comma-separated ids)")
    parser.add_argument("--password-dir", type=Path, help="write each table login's random password to DIR/<login>.password")
    parser.add_argument("--floor-password", default=os.environ.get("CARDROOM_FLOOR_PASSWORD"))
    parser.add_argument("--no-store", action="store_true", help="do not migrate the store's own tables")
    parser.add_argument("--drop", action="store_true", help="drop the database and the roles instead")
    args = parser.parse_args(argv)
    if args.drop:
        drop(args.admin_url, args.database, [args.console_role, args.floor_role, args.owner_role])
        print(f"dropped database {args.database} and roles")
        return 0
    try:
        tables = _table_ids(args)
    except ValueError:
        print(f"setup.py: --table-ids takes table ids separated by commas, not {args.table_ids!r}", file=sys.stderr)
        return 2
    url = setup(args.admin_url, args.database, owner_role=args.owner_role, console_role=args.console_role,
                floor_role=args.floor_role, tables=tables, password_dir=args.password_dir, floor_password=args.floor_password,
                migrate_store=not args.no_store)
    logins = ", ".join(console_login(args.console_role, table_id) for table_id in tables) or "none yet (--tables N)"
    print(f"card room database ready: {url.rpartition('@')[2]} (floor {args.floor_role}, owner {args.owner_role};"
          f" table logins: {logins})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
