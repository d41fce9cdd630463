"""Eight consoles, one card room, the network cut in the middle (issue 9, done-when 1).

Eight processes each deal random hands into their own SQLite store (write-ahead) while a shipper
thread copies their table's log to ONE PostgreSQL database, through a TCP proxy on 127.0.0.1 that
drops every connection and refuses new ones for a few seconds once every table has shipped
something (the real server keeps running). Afterwards every event of every table is on the server
exactly once, seq 1..n in order, with the console's hashes, and every table's chain verifies.
"""

from __future__ import annotations

import multiprocessing
import queue
import time
from pathlib import Path
from typing import Any

import psycopg
from psycopg.rows import namedtuple_row

from dealer_console.room.drill import run_console
from dealer_console.store.chain import verify_chain

from .conftest import Room
from .proxy import CuttableProxy

CONSOLES = 8
CUT_SECONDS = 3.0


def _server_port(room: Room) -> int:
    return int(room.admin_url.rpartition(":")[2].partition("/")[0])


def _tables_on_server(room: Room) -> dict[int, int]:
    with psycopg.connect(room.owner_url) as connection:
        return dict(connection.execute("SELECT table_id, max(seq) FROM room_events GROUP BY table_id").fetchall())


def test_eight_consoles_ship_every_event_once_in_order_through_a_cut_connection(room: Room, tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    results: Any = context.Queue()
    tables = list(range(301, 301 + CONSOLES))
    with CuttableProxy(("127.0.0.1", _server_port(room))) as proxy:
        processes = [
            context.Process(target=run_console, args=(table_id, str(tmp_path / f"console{table_id}.sqlite3"),
                                                      room.console_url(table_id, port=proxy.port), table_id, 3, stop, results))
            for table_id in tables
        ]
        started = time.monotonic()
        for process in processes:
            process.start()
        try:
            deadline = time.monotonic() + 120  # eight spawned interpreters start slowly on a loaded machine
            while len(_tables_on_server(room)) < CONSOLES and time.monotonic() < deadline:
                time.sleep(0.2)
            assert len(_tables_on_server(room)) == CONSOLES, "not every console shipped before the cut"
            proxy.cut()
            time.sleep(0.5)  # a commit already on its way when the cut came may still land
            before_cut = sum(_tables_on_server(room).values())
            time.sleep(CUT_SECONDS)
            during_cut = sum(_tables_on_server(room).values())
            proxy.restore()
            time.sleep(1.0)
            stop.set()
            reports = []
            for _ in processes:
                try:
                    reports.append(results.get(timeout=60))
                except queue.Empty:
                    break
        finally:
            stop.set()
            for process in processes:
                process.join(10)
                if process.is_alive():
                    process.kill()
        elapsed = time.monotonic() - started
    assert len(reports) == CONSOLES, reports
    crashes = [report for report in reports if "crash" in report]
    assert not crashes, crashes
    assert during_cut == before_cut, "events arrived while the connection was cut: the proxy did not cut"
    assert proxy.refused > 0, "no shipper tried to reconnect during the cut"
    assert any("failing" in report["states"] for report in reports), "no console's status showed the outage"
    with psycopg.connect(room.owner_url, row_factory=namedtuple_row) as connection:
        for report in reports:
            table_id = report["table_id"]
            assert report["in_sync"], report
            rows = connection.execute("SELECT * FROM room_events WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()
            assert [row.seq for row in rows] == list(range(1, report["events"] + 1)), f"table {table_id}: not every event once, in order"
            chain = verify_chain(table_id, f"Table {table_id}", rows, head=(report["events"], report["head_hash"]))
            assert chain.intact, chain.describe()
        total = connection.execute(
            "SELECT count(*) AS n, count(DISTINCT (table_id, seq)) AS distinct_n FROM room_events WHERE table_id BETWEEN 301 AND 308"
        ).fetchone()
    assert total[0] == total[1] == sum(report["events"] for report in reports)
    print(f"eight consoles: {total[0]} events, {sum(r['hands'] for r in reports)} hands, {elapsed:.1f} s, proxy refused {proxy.refused}")
