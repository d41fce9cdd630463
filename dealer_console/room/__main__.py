"""``dealer-console room ship`` (or ``python -m dealer_console.room ship``): ship this console's tables to the card room's server.

    dealer-console room ship --server postgresql://cardroom_console@floor-server/cardroom \\
        [--local sqlite:///path/to/dealer-console.sqlite3] [--table 7 ...] [--stall-after 10]

``--server`` defaults to the configuration's ``[room] server_url`` (``$DEALER_ROOM_SERVER_URL`` overrides the file);
``--local`` to ``--database``, else the console's configured store (``[store]`` of ``--config`` or ``$DEALER_CONFIG``,
``$DEALER_STORE_DATABASE_URL``, else SQLite in the user's data folder); ``--table`` to ``[room] table_id``
(``$DEALER_ROOM_TABLE_ID``), else every table in the local store. Runs until stopped (SIGTERM, Ctrl-C), or with
``--until-in-sync`` until the server holds every local event, printing each change of status (in sync, behind by N, failing
and why) on one line; exit status 2 when it cannot start (one line says why), 3 on a chain conflict (two logs for one table).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, TypeVar

from dealer_console.arguments import EXIT_USAGE, OneLineParser, UsageError, bounded_int, print_error, require_database
from dealer_console.config import ConfigError, load_settings
from dealer_console.store.errors import StoreError

if TYPE_CHECKING:  # the shipper and the store load when a room command runs, not when the console's parser is built
    from dealer_console.store import Store


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds above 0 is needed, not {text!r}")
    return value


_Parser = TypeVar("_Parser", bound=argparse.ArgumentParser)


def add_room_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    """``ship`` and ``verify``: under ``python -m dealer_console.room`` and ``dealer-console room``."""
    ship = commands.add_parser("ship", help="ship the local log to the card room's PostgreSQL, forever")
    ship.add_argument("--server", default=None, metavar="URL",
                      help="the room's PostgreSQL URL, this table's console login (default: [room] server_url, $DEALER_ROOM_SERVER_URL)")
    ship.add_argument("--local", default=None, metavar="URL",
                      help="the console's own store (default: --database, else the configured one: $DEALER_STORE_DATABASE_URL...)")
    ship.add_argument("--table", type=bounded_int(1), action="append", default=None,
                      help="table id to ship (default: [room] table_id, $DEALER_ROOM_TABLE_ID, else every local table)")
    ship.add_argument("--stall-after", type=_seconds, default=10.0,
                      help="seconds without an answer from the server before the status says FAILING (default 10)")
    ship.add_argument("--status-every", type=_seconds, default=30.0, help="print the status at least this often (seconds)")
    ship.add_argument("--until-in-sync", action="store_true",
                      help="stop (exit 0) once the server holds every local event, instead of shipping forever")
    ship.set_defaults(run=run)
    verify = commands.add_parser("verify", help="check every table's chain in the room's database (after a restore, for the floor)")
    verify.add_argument("--server", default=os.environ.get("DEALER_ROOM_SERVER_URL"), help="the room's PostgreSQL URL (floor role)")
    verify.set_defaults(run=run)


def _verify(server: str) -> int:
    from dealer_console.room.shipper import verify_room

    broken = 0
    for report in verify_room(server):
        print(report.describe())
        broken += not report.intact
    return 1 if broken else 0


def run(args: argparse.Namespace) -> int:
    """Run ``ship`` or ``verify``: exit 0 stopped or verified, 1 a broken chain, 2 could not start, 3 a chain conflict.

    ``ship`` without ``--server`` or ``--table`` takes the configuration's ``[room]`` (``server_url``, ``table_id``: the
    file, else ``$DEALER_ROOM_SERVER_URL`` and ``$DEALER_ROOM_TABLE_ID``)."""
    if args.room_command == "verify":
        if not args.server:
            raise UsageError("--server (or $DEALER_ROOM_SERVER_URL) is required")
        return _verify(args.server)
    local_url = args.local or getattr(args, "database", None)
    settings = load_settings(getattr(args, "config", None), overrides={"store": {"database_url": local_url}})
    server = args.server or settings.room.server_url
    if not server:
        raise UsageError("--server (or $DEALER_ROOM_SERVER_URL, or [room] server_url in the configuration) is required")
    tables = args.table or ([settings.room.table_id] if settings.room.table_id is not None else [])
    require_database(settings.store)  # the console's own log: never a new empty one at a mistyped path
    from dealer_console.store import Store

    local = Store.open(settings=settings.store)
    try:
        tables = tables or [table.id for table in local.tables()]
        if not tables:
            print("no table in the local store yet: open the table on this console first", file=sys.stderr)
            return EXIT_USAGE
        return _ship(local, server, tables, args)
    finally:
        local.close()


def _ship(local: Store, server: str, tables: list[int], args: argparse.Namespace) -> int:
    from dealer_console.room.shipper import Shipper, ShipState

    shipper = Shipper(local, server, tables, stall_after_s=args.stall_after).start()
    stopping = threading.Event()
    on_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, lambda *_: stopping.set()) if on_main_thread else None
    shown, shown_at = "", 0.0
    try:
        while not stopping.is_set():
            status = shipper.status(refresh=True)
            line = status.describe()
            if line != shown or time.monotonic() - shown_at > args.status_every:
                print(line, flush=True)
                shown, shown_at = line, time.monotonic()
            if status.state is ShipState.FAILING and shipper.conflict is not None:
                return 3
            if args.until_in_sync and status.state is ShipState.IN_SYNC:
                return 0
            stopping.wait(1.0)
    except KeyboardInterrupt:
        pass
    finally:
        shipper.stop()
        if on_main_thread:
            signal.signal(signal.SIGTERM, previous)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m dealer_console.room``: the same commands as ``dealer-console room``."""
    parser = OneLineParser(prog="python -m dealer_console.room", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_room_commands(parser.add_subparsers(dest="room_command", required=True))
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (UsageError, ConfigError, StoreError, OSError) as error:
        return print_error(f"{parser.prog} {args.room_command}", error)


__all__ = ["add_room_commands", "main", "run"]


if __name__ == "__main__":
    sys.exit(main())
