"""Card room throughput: eight consoles shipping their logs into one PostgreSQL.

``python bench/room.py [--quick] [--consoles 8] [--seconds S] [--admin-url URL]`` from the repository.

Eight console processes each deal random hands write-ahead into their own SQLite store (durable
commits, ``synchronous=FULL``) while a :class:`~dealer_console.room.Shipper` thread ships their
table's events to one scratch PostgreSQL database (made with ``deploy/postgres/setup.py``, as the
console role, dropped at the end). Measured on the server's rows:

- ``events_per_s``: events stored in PostgreSQL per second, from the first local commit to the
  last arrival (sustained: the consoles deal the whole time);
- ``catchup_events_per_s``: afterwards, every console's whole log shipped at once into a second,
  empty database (what the room's server takes after an outage: PostgreSQL's own limit, where
  ``events_per_s`` is bounded by how fast eight consoles deal on this machine);
- ``lag_p50_ms`` / ``lag_p99_ms``: per event, the server's arrival time (``received_at``, the
  server clock at insert) minus the event's ``recorded_at`` (the console's clock when it appended
  the event, just before its local commit). Same machine, same clock.

The last line printed is one JSON object with those keys and further detail. ``--quick`` deals for
15 s (under a minute in all); the default is 60 s.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing
import os
import queue
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from dealer_console.room.drill import run_console  # noqa: E402
from dealer_console.room.log import libpq_url  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def load_setup() -> Any:
    """deploy/postgres/setup.py, loaded from its file: it makes and drops the room's scratch databases and roles."""
    spec = importlib.util.spec_from_file_location("cardroom_setup", ROOT / "deploy" / "postgres" / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def catch_up(setup: Any, admin_url: str, roles: dict[str, str], consoles: list[tuple[int, Path]]) -> dict[str, Any]:
    """After an outage: every console's whole log shipped at once into an empty room (a second scratch
    database), one shipper thread per console; the rate PostgreSQL takes a backlog at."""
    import threading

    from dealer_console.room import Shipper
    from dealer_console.store import Store

    database = f"{roles['console_role'].replace('bench_console_', 'bench_catchup_')}"
    try:
        url = setup.setup(admin_url, database, migrate_store=False, tables=[t for t, _ in consoles], **roles)
        stores = [Store.open(f"sqlite:///{path}") for _, path in consoles]
        shippers = [Shipper(store, console_url(url, setup.console_login(roles["console_role"], t)), [t], batch=1000)
                    for store, (t, _) in zip(stores, consoles, strict=True)]
        counts = [0] * len(shippers)

        def drain(index: int) -> None:
            while (sent := shippers[index].ship_once()):
                counts[index] += sent

        threads = [threading.Thread(target=drain, args=(i,)) for i in range(len(shippers))]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        for shipper, store in zip(shippers, stores, strict=True):
            shipper.stop()
            store.close()
        return {"catchup_events_per_s": round(sum(counts) / elapsed, 1), "catchup_events": sum(counts), "catchup_s": round(elapsed, 2)}
    finally:
        setup.drop(admin_url, database, [])


def console_url(database_url: str, login: str) -> str:
    """The room's URL as one table's console login (one login per table, deploy/postgres/setup.py)."""
    head, _, rest = database_url.partition("://")
    return f"{head}://{login}@{rest.rpartition('@')[2]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--consoles", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--admin-url", default=os.environ.get("DEALER_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"))
    args = parser.parse_args()
    seconds = args.seconds if args.seconds is not None else (15.0 if args.quick else 60.0)
    admin_url = libpq_url(args.admin_url)
    setup = load_setup()
    token = f"{os.getpid()}_{secrets.token_hex(3)}"
    roles = dict(owner_role=f"bench_owner_{token}", console_role=f"bench_console_{token}", floor_role=f"bench_floor_{token}")
    database = f"bench_room_{token}"
    try:
        tables = list(range(1, args.consoles + 1))
        owner_url = setup.setup(admin_url, database, migrate_store=False, tables=tables, **roles)
        context = multiprocessing.get_context("spawn")
        stop = context.Event()
        results: Any = context.Queue()
        with tempfile.TemporaryDirectory(prefix="bench-room-") as folder:
            processes = [
                context.Process(target=run_console, args=(t, str(Path(folder) / f"console{t}.sqlite3"),
                                                      console_url(owner_url, setup.console_login(roles["console_role"], t)), 1000 + t, 1,
                                                      stop, results))
                for t in tables
            ]
            for process in processes:
                process.start()
            time.sleep(seconds)
            stop.set()
            reports = []
            for _ in processes:
                try:
                    reports.append(results.get(timeout=90))
                except queue.Empty:
                    break
            for process in processes:
                process.join(10)
                if process.is_alive():
                    process.kill()
            catchup = catch_up(setup, admin_url, roles, [(t, Path(folder) / f"console{t}.sqlite3") for t in tables])
        with psycopg.connect(owner_url) as connection:
            rows = connection.execute(
                "SELECT extract(epoch FROM received_at - recorded_at) * 1000, recorded_at, received_at FROM room_events"
            ).fetchall()
    finally:
        setup.drop(admin_url, database, [roles["console_role"], roles["floor_role"], roles["owner_role"]])
    crashes = [r for r in reports if "crash" in r]
    if crashes or len(reports) != len(tables):
        print(json.dumps({"error": "a console failed", "reports": reports}))
        return 1
    lags = [float(row[0]) for row in rows]
    first = min(row[1] for row in rows)
    last = max(row[2] for row in rows)
    span = (last - first).total_seconds()
    local_events = sum(r["events"] for r in reports)
    result = {
        "events_per_s": round(len(rows) / span, 1),
        "lag_p50_ms": round(percentile(lags, 0.5), 2),
        "lag_p99_ms": round(percentile(lags, 0.99), 2),
        "lag_max_ms": round(max(lags), 2),
        "events": len(rows),
        "local_events": local_events,
        "hands": sum(r["hands"] for r in reports),
        "consoles": len(tables),
        "seconds": round(span, 2),
        "all_in_sync": all(r["in_sync"] for r in reports),
        **catchup,
        "cpu_count": os.cpu_count(),
    }
    print(f"{result['consoles']} consoles, {result['hands']} hands, {result['events']} events in {span:.1f} s:"
          f" {result['events_per_s']} events/s into PostgreSQL; lag local commit -> server p50 {result['lag_p50_ms']} ms,"
          f" p99 {result['lag_p99_ms']} ms; backlog shipped at {result['catchup_events_per_s']} events/s", file=sys.stderr)
    print(json.dumps(result))
    return 0 if result["all_in_sync"] and len(rows) == local_events else 1


if __name__ == "__main__":
    sys.exit(main())
