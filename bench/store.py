"""Speed of the event store: durable appends, rebuilding an open hand, and the floor's searches.

``python bench/store.py [--quick] [--postgres URL]`` from the repository.

1. Durable appends, on SQLite (a file in a temporary folder, WAL, ``synchronous=FULL``) and on
   PostgreSQL (the server at ``--postgres``, a database created for the run and dropped after):
   random hands are played through the write-ahead recorder (``RecordedHand.play``: the rules
   engine checks the event, the store commits it, then it is applied), and each ``play`` is timed.
   Reported: events per second and the p50 / p99 latency of one event. For scale, the same disk's
   floor is measured too: a bare ``sqlite3`` one-row commit with the same settings.
2. Rebuilding an open hand (what a restarted console does): ``resume_hand`` on a hand of about 25
   events, in a store that already holds the appended history; median of repeated rebuilds.
3. The floor's searches on PostgreSQL over a generated history (``INSERT ... SELECT
   generate_series``, see ``dealer_console/store/synthetic_history.py``) of 1,000,000 hands (100,000 with
   ``--quick``: the JSON's ``hands`` says which): the history is loaded at schema revision 0001,
   then the migration to head builds the floor's indexes, then ANALYZE. Seven kinds of search
   (table and time, time, seat, player, pot size, flagged, ruling) are each run with random
   parameters; the plan of each is printed to stderr. Reported: p50 and p99 over all searches.

The last line printed is one JSON object with ``sqlite_append_p99_ms``, ``postgres_append_p99_ms``,
``rebuild_ms``, ``postgres_search_ms`` (the p99) and ``hands``, and further detail.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg

from dealer_console.config import StoreSettings
from dealer_console.engine.hand import Hand
from dealer_console.room.log import libpq_url
from dealer_console.sim.stepwise_play import next_events, random_hand_setup
from dealer_console.store import (
    HandQuery,
    RecordedHand,
    Store,
    resume_hand,
)
from dealer_console.store.records import HandOpened
from dealer_console.store.synthetic_history import generate_postgres_history


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def ms(seconds: float) -> float:
    """Seconds as milliseconds, to the microsecond."""
    return round(seconds * 1000, 3)


def append_benchmark(store: Store, events: int, seed: int) -> dict[str, Any]:
    """Play random hands write-ahead until ``events`` events are stored; time each."""
    rng = random.Random(seed)
    table_id = store.create_table(f"Bench {seed} {secrets.token_hex(3)}")
    latencies: list[float] = []
    recorded: RecordedHand | None = None
    started = time.perf_counter()
    while len(latencies) < events:
        if recorded is None or recorded.hand.is_complete:
            if recorded is not None:
                begin = time.perf_counter()
                recorded.close()
                latencies.append(time.perf_counter() - begin)
            setup = random_hand_setup(rng)
            begin = time.perf_counter()
            opened = store.append(table_id, HandOpened(number=store.next_hand_number(table_id), setup=setup))
            latencies.append(time.perf_counter() - begin)
            assert opened.hand_id is not None
            recorded = RecordedHand(store, table_id, opened.hand_id, int(opened.payload["number"]), Hand(setup))
            continue
        for event in next_events(recorded.hand, rng):
            begin = time.perf_counter()
            recorded.play(event)
            latencies.append(time.perf_counter() - begin)
    elapsed = time.perf_counter() - started
    assert store.verify_log(table_id)[0].intact
    return {
        "table_id": table_id,
        "events": len(latencies),
        "events_per_s": round(len(latencies) / sum(latencies), 1),
        "wall_events_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": ms(percentile(latencies, 0.50)),
        "p99_ms": ms(percentile(latencies, 0.99)),
        "max_ms": ms(max(latencies)),
    }


def rebuild_benchmark(store: Store, seed: int, repeats: int) -> dict[str, Any]:
    """Open a hand, play about 25 events, then time resume_hand (store read + Hand(setup, events)).

    The store already holds the append benchmark's history; this hand is at a table of its own.
    """
    rng = random.Random(seed)
    table_id = store.create_table(f"Rebuild {seed} {secrets.token_hex(3)}")
    while True:
        setup = random_hand_setup(rng)
        opened = store.append(table_id, HandOpened(number=store.next_hand_number(table_id), setup=setup))
        assert opened.hand_id is not None
        recorded = RecordedHand(store, table_id, opened.hand_id, int(opened.payload["number"]), Hand(setup))
        while not recorded.hand.is_complete and len(recorded.hand.events) < 25:
            for event in next_events(recorded.hand, rng):
                recorded.play(event)
        if not recorded.hand.is_complete:
            break
        recorded.close()
    timings = []
    for _ in range(repeats):
        begin = time.perf_counter()
        resumed = resume_hand(store, recorded.hand_id)
        timings.append(time.perf_counter() - begin)
        assert resumed.hand.events == recorded.hand.events
    return {"events": len(recorded.hand.events), "median_ms": ms(statistics.median(timings)), "p99_ms": ms(percentile(timings, 0.99))}


def disk_floor(folder: Path, commits: int) -> dict[str, Any]:
    """A bare sqlite3 one-row durable commit (WAL, synchronous=FULL): what the disk allows at best."""
    path = folder / "floor.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
    timings = []
    for number in range(commits):
        begin = time.perf_counter()
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO t (payload) VALUES (?)", (f'{{"seat":{number % 9},"amount":{number}}}',))
        connection.execute("COMMIT")
        timings.append(time.perf_counter() - begin)
    connection.close()
    return {"p50_ms": ms(percentile(timings, 0.5)), "p99_ms": ms(percentile(timings, 0.99))}


def search_benchmark(url: str, hands: int, rounds: int, seed: int) -> dict[str, Any]:
    """Generate the history at revision 0001, build the indexes by migrating to head, then time the searches."""
    rng = random.Random(seed)
    store = Store.open(url, revision="0001_initial")
    begin = time.perf_counter()
    store.bulk_load(lambda connection: generate_postgres_history(connection, hands=hands))
    generated = time.perf_counter() - begin
    begin = time.perf_counter()
    store.upgrade()
    store.analyze()
    extent = store.history_extent()
    counted, first_table = extent.hands, extent.first_table_id
    indexed = time.perf_counter() - begin
    low, high = extent.first_started_at, extent.last_started_at
    assert low is not None and high is not None and first_table is not None, "the generated history has no hands"

    def moment() -> datetime:
        return low + (high - low) * rng.random()

    kinds: dict[str, Callable[[], HandQuery]] = {
        "table_and_time": lambda: HandQuery(table_id=first_table + rng.randrange(20), since=(start := moment()),
                                            until=start + timedelta(hours=4)),
        "time": lambda: HandQuery(since=(start := moment()), until=start + timedelta(hours=1)),
        "seat_at_table": lambda: HandQuery(table_id=first_table + rng.randrange(20), seat=rng.randint(1, 6), before=moment()),
        "player": lambda: HandQuery(player=f"Bench player {rng.randint(1, 5000)}"),
        "pot_size": lambda: HandQuery(min_pot=rng.choice((2000, 5000, 8000)), before=moment()),
        "flagged": lambda: HandQuery(flagged=True, before=moment()),
        "ruling": lambda: HandQuery(with_ruling=True, before=moment()),
    }
    timings: dict[str, list[float]] = {kind: [] for kind in kinds}
    for kind, make in kinds.items():
        print(f"--- plan of a {kind} search:\n{store.explain_search(make())}", file=sys.stderr)
        store.search_hands(make())  # warm the cache once per kind
    for _ in range(rounds):
        for kind, make in kinds.items():
            query = make()
            begin = time.perf_counter()
            store.search_hands(query)
            timings[kind].append(time.perf_counter() - begin)
    store.close()
    everything = [value for values in timings.values() for value in values]
    return {
        "hands": int(counted),
        "players": 5000,
        "generate_s": round(generated, 1),
        "migrate_to_head_with_indexes_s": round(indexed, 1),
        "searches": len(everything),
        "p50_ms": ms(percentile(everything, 0.5)),
        "p99_ms": ms(percentile(everything, 0.99)),
        "by_kind_p99_ms": {kind: ms(percentile(values, 0.99)) for kind, values in timings.items()},
    }


def with_postgres_database(admin_url: str) -> tuple[str, Any]:
    """A database created for this run; returns its URL and a function that drops it."""
    libpq = libpq_url(admin_url)
    name = f"dealer_bench_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(libpq, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(libpq, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"{admin_url.rpartition('/')[0]}/{name}", drop


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer events and 100,000 hands instead of 1,000,000")
    parser.add_argument("--postgres", default=os.environ.get("DEALER_BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"),
                        help="a PostgreSQL database to connect to (a database for the run is created beside it)")
    parser.add_argument("--hands", type=int, default=None, help="hands in the search history (default 1,000,000; --quick 100,000)")
    args = parser.parse_args()
    events = 300 if args.quick else 2000
    hands = args.hands or (100_000 if args.quick else 1_000_000)
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="dealer-bench-") as folder:
        result["disk_floor_sqlite3_commit"] = disk_floor(Path(folder), events)
        with Store.open(f"sqlite:///{folder}/bench.sqlite3", settings=StoreSettings(data_dir=Path(folder))) as store:
            sqlite_append = append_benchmark(store, events, seed=1)
            sqlite_rebuild = rebuild_benchmark(store, seed=2, repeats=50)
        print(f"sqlite: {sqlite_append}; rebuild {sqlite_rebuild}", file=sys.stderr)
    url, drop = with_postgres_database(args.postgres)
    try:
        with Store.open(url) as store:
            postgres_append = append_benchmark(store, events, seed=3)
            postgres_rebuild = rebuild_benchmark(store, seed=4, repeats=50)
        print(f"postgresql: {postgres_append}; rebuild {postgres_rebuild}", file=sys.stderr)
        search_url, drop_search = with_postgres_database(args.postgres)
        try:
            search = search_benchmark(search_url, hands, rounds=10 if args.quick else 30, seed=5)
        finally:
            drop_search()
    finally:
        drop()
    print(f"search: {search}", file=sys.stderr)
    result.update({
        "sqlite_append": sqlite_append, "postgres_append": postgres_append,
        "sqlite_rebuild": sqlite_rebuild, "postgres_rebuild": postgres_rebuild, "postgres_search": search,
        "quick": args.quick, "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "load_average": os.getloadavg()[0],
    })
    summary = {
        "sqlite_append_p99_ms": sqlite_append["p99_ms"],
        "postgres_append_p99_ms": postgres_append["p99_ms"],
        "sqlite_events_per_s": sqlite_append["events_per_s"],
        "postgres_events_per_s": postgres_append["events_per_s"],
        "rebuild_ms": sqlite_rebuild["median_ms"],
        "postgres_rebuild_ms": postgres_rebuild["median_ms"],
        "postgres_search_ms": search["p99_ms"],
        "postgres_search_p50_ms": search["p50_ms"],
        "hands": search["hands"],
        "disk_floor_sqlite_commit_p99_ms": result["disk_floor_sqlite3_commit"]["p99_ms"],
        "load_average": result["load_average"],
    }
    print(json.dumps(result, sort_keys=True), file=sys.stderr)
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
