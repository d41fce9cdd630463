"""Dealer window timings: start to a usable window, and a dealer action to the repainted table.

Usage: ``python bench/ui.py [--quick]``; the last line is JSON with ``startup_s`` and ``action_repaint_median_ms``
(targets: at most 2 s and 16 ms). Runs offscreen unless QT_QPA_PLATFORM says otherwise.

``startup_s`` is the README's start command itself, measured from outside: from launching a new process running
``dealer-console console --quit-after-ms 0`` (the interpreter, the imports, a new SQLite store migrated, the demo's
sign-in, the hand started, the window shown) to the first turn of its event loop, when the dealer can use the
window, which the process reports on stderr; the median of several starts, the first with a new store
(``startup_first_s``: the demo's two accounts are hashed then), the others resuming it. The simulated sensor board
(on a pseudo-terminal) and the synthetic camera start in that first turn, after the window shows:
``devices_started_s`` is the median time from launch until they have started.
``window_startup_s`` is the window alone on a demo session, in this process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def next_step(session: Any) -> None:
    """The dealer's next step of a hand played by checks and calls: an action, a street, or the next hand shown."""
    legal = session.legal_actions()
    if legal is not None:
        session.check() if legal.can_check else session.call()
    elif session.next_board() is not None:
        session.deal_board()
    else:
        session.show(session.showdown_seats()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    args = parser.parse_args()
    started = time.perf_counter()
    from PySide6.QtWidgets import QApplication

    from dealer_console.live.tables import demo_session
    from dealer_console.ui.main_window import DealerWindow

    app = QApplication([])
    session = demo_session(game="O", seed=7)
    window = DealerWindow(session)
    session.start_hand()
    window.resize(1400, 1000)
    window.show()
    app.processEvents()
    window.repaint()
    startup = time.perf_counter() - started
    timings = []
    for _ in range(5 if args.quick else 40):
        session.deal_hole_cards()
        while not session.hand.is_complete:
            begin = time.perf_counter()
            next_step(session)
            window.repaint()
            timings.append((time.perf_counter() - begin) * 1000)
        session.start_hand()
    window.close()
    recorded = _recorded_timings(app, hands=2 if args.quick else 10)
    starts, devices = _command_startups(3 if args.quick else 7)
    print(f"{len(timings)} actions; window startup {startup:.3f} s; {len(recorded)} recorded actions (SQLite, background recorder);"
          f" start command {', '.join(f'{t:.2f}' for t in starts)} s to the window, {', '.join(f'{t:.2f}' for t in devices)} s"
          " to its devices (first with a new store, then resuming it)")
    print(json.dumps({"startup_s": round(statistics.median(starts), 3), "startup_first_s": round(starts[0], 3),
                      "devices_started_s": round(statistics.median(devices), 3),
                      "window_startup_s": round(startup, 3), "action_repaint_median_ms": round(statistics.median(timings), 2),
                      "actions": len(timings), "recorded_action_repaint_median_ms": round(statistics.median(recorded), 2),
                      "recorded_action_repaint_p99_ms": round(sorted(recorded)[int(len(recorded) * 0.99)], 2)}))


def _command_startups(count: int) -> tuple[list[float], list[float]]:
    """Seconds from launching the start command to its window's first event-loop turn, and to its devices started
    (a new store first, then resumed)."""
    timings, devices = [], []
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "config.toml"
        config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{Path(folder).as_posix()}"\n', encoding="utf-8")
        command = [sys.executable, "-c", "import sys; from dealer_console.cli import main; sys.exit(main())",
                   "--config", str(config), "console", "--quit-after-ms", "0"]
        for _ in range(count):
            launched = time.time()
            done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
            shown = _reported(done.stderr, "window shown")
            started = _reported(done.stderr, "devices started")
            if done.returncode != 0 or shown is None or started is None:
                raise SystemExit(f"the start command failed ({done.returncode}): {done.stderr.strip()[-500:]}")
            timings.append(shown - launched)
            devices.append(started - launched)
    return timings, devices


def _reported(stderr: str, what: str) -> float | None:
    """The wall time the start command reported for ``what`` ("window shown", "devices started"), if it did."""
    lines = [line for line in stderr.splitlines() if line.startswith(f"dealer-console: {what} at ")]
    return float(lines[0].rpartition(" ")[2]) if lines else None


def _recorded_timings(app: object, *, hands: int) -> list[float]:
    """A dealer action on a recorded table: from the command to the table repainted after the store's commit
    (the append runs on the background recorder; the screen's thread waits for nothing but the acknowledgement)."""
    import tempfile
    from pathlib import Path

    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    from dealer_console.live.tables import demo_session
    from dealer_console.store import Store
    from dealer_console.ui.main_window import DealerWindow

    assert isinstance(app, QApplication)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as folder, Store.open(f"sqlite:///{Path(folder) / 'bench.sqlite3'}") as store:
        session = demo_session(game="O", seed=7, store=store)
        window = DealerWindow(session)
        window.resize(1400, 1000)
        window.show()

        loop = QEventLoop()
        session.subscribe_busy(lambda busy: None if busy else loop.quit())

        def settle() -> None:
            # wait as the running window does: in Qt's event loop (the recorder's thread gets the interpreter meanwhile)
            if session.busy:
                loop.exec()

        session.start_hand()
        settle()
        for _ in range(hands):
            session.deal_hole_cards()
            settle()
            while not session.hand.is_complete:
                begin = time.perf_counter()
                next_step(session)
                settle()
                window.repaint()
                timings.append((time.perf_counter() - begin) * 1000)
            session.start_hand()
            settle()
        window.close()
    return timings


if __name__ == "__main__":
    main()
