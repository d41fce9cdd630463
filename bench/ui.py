"""Dealer window timings: start to a usable window, and a dealer action to the repainted table.

Usage: ``python bench/ui.py [--quick]``; the last line is JSON with ``startup_s`` and ``action_repaint_median_ms``
(targets: at most 2 s and 16 ms). Runs offscreen unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    args = parser.parse_args()
    started = time.perf_counter()
    from PySide6.QtWidgets import QApplication

    from dealer_console.ui.app import demo_session
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
            legal = session.legal_actions()
            if legal is not None:
                session.check() if legal.can_check else session.call()
            elif session.next_board() is not None:
                session.deal_board()
            else:
                session.show(session.showdown_seats()[0])
            window.repaint()
            timings.append((time.perf_counter() - begin) * 1000)
        session.start_hand()
    window.close()
    recorded = _recorded_timings(app, hands=2 if args.quick else 10)
    print(f"{len(timings)} actions; startup {startup:.3f} s; {len(recorded)} recorded actions (SQLite, background recorder)")
    print(json.dumps({"startup_s": round(startup, 3), "action_repaint_median_ms": round(statistics.median(timings), 2),
                      "actions": len(timings), "recorded_action_repaint_median_ms": round(statistics.median(recorded), 2),
                      "recorded_action_repaint_p99_ms": round(sorted(recorded)[int(len(recorded) * 0.99)], 2)}))


def _recorded_timings(app: object, *, hands: int) -> list[float]:
    """A dealer action on a recorded table: from the command to the table repainted after the store's commit
    (the append runs on the background recorder; the screen's thread waits for nothing but the acknowledgement)."""
    import tempfile
    from pathlib import Path

    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    from dealer_console.store import Store
    from dealer_console.ui.app import demo_session
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
                legal = session.legal_actions()
                if legal is not None:
                    session.check() if legal.can_check else session.call()
                elif session.next_board() is not None:
                    session.deal_board()
                else:
                    session.show(session.showdown_seats()[0])
                settle()
                window.repaint()
                timings.append((time.perf_counter() - begin) * 1000)
            session.start_hand()
            settle()
        window.close()
    return timings


if __name__ == "__main__":
    main()
