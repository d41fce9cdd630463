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
    print(f"{len(timings)} actions; startup {startup:.3f} s")
    print(json.dumps({"startup_s": round(startup, 3), "action_repaint_median_ms": round(statistics.median(timings), 2),
                      "actions": len(timings)}))


if __name__ == "__main__":
    main()
