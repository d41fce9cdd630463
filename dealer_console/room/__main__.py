"""``python -m dealer_console.room ship``: ship this console's tables to the card room's server.

    python -m dealer_console.room ship --server postgresql://cardroom_console@floor-server/cardroom \\
        [--local sqlite:///path/to/dealer-console.sqlite3] [--table 7 ...] [--stall-after 10]

``--server`` defaults to ``$DEALER_ROOM_SERVER_URL``; ``--local`` to the console's configured store
(``$DEALER_STORE_DATABASE_URL``, else ``[store]`` of ``$DEALER_CONFIG``, else SQLite in the user's data folder); ``--table`` to every table in
the local store. Runs until stopped (SIGTERM, Ctrl-C), printing each change of status (in sync,
behind by N, failing and why) on one line; exit status 3 on a chain conflict (two logs for one table).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time

from dealer_console.config import load_settings
from dealer_console.room.shipper import Shipper, ShipState, verify_room
from dealer_console.store import Store


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds above 0 is needed, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dealer_console.room", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    ship = commands.add_parser("ship", help="ship the local log to the card room's PostgreSQL, forever")
    ship.add_argument("--server", default=os.environ.get("DEALER_ROOM_SERVER_URL"), help="the room's PostgreSQL URL (console role)")
    ship.add_argument("--local", default=os.environ.get("DEALER_STORE_DATABASE_URL"), help="the console's own store (default: configured)")
    ship.add_argument("--table", type=int, action="append", default=None,
                      help="table id to ship (default: $DEALER_ROOM_TABLE_ID, else every local table)")
    ship.add_argument("--stall-after", type=_seconds, default=10.0,
                      help="seconds without an answer from the server before the status says FAILING (default 10)")
    ship.add_argument("--status-every", type=float, default=30.0, help="print the status at least this often (seconds)")
    verify = commands.add_parser("verify", help="check every table's chain in the room's database (after a restore, for the floor)")
    verify.add_argument("--server", default=os.environ.get("DEALER_ROOM_SERVER_URL"), help="the room's PostgreSQL URL (floor role)")
    args = parser.parse_args(argv)
    if args.command == "verify":
        if not args.server:
            parser.error("--server (or $DEALER_ROOM_SERVER_URL) is required")
        broken = 0
        for report in verify_room(args.server):
            print(report.describe())
            broken += not report.intact
        return 1 if broken else 0
    if not args.server:
        parser.error("--server (or $DEALER_ROOM_SERVER_URL) is required")
    local = Store.open(args.local, settings=load_settings().store)
    configured = os.environ.get("DEALER_ROOM_TABLE_ID")
    tables = args.table or ([int(configured)] if configured else [table.id for table in local.tables()])
    if not tables:
        print("no table in the local store yet: open the table on this console first", file=sys.stderr)
        return 2
    shipper = Shipper(local, args.server, tables, stall_after_s=args.stall_after).start()
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
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
            stopping.wait(1.0)
    except KeyboardInterrupt:
        pass
    finally:
        shipper.stop()
        local.close()
    return 0


__all__ = ["main"]


if __name__ == "__main__":
    sys.exit(main())
