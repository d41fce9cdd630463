"""One simulated console in its own process: deals random hands into its own SQLite store (write-ahead,
through :func:`~dealer_console.store.open_hand` and ``RecordedHand.play``) while a
:class:`~dealer_console.room.Shipper` thread ships its table's log to the room's PostgreSQL.

Used by tests/room/test_eight_consoles.py and bench/room.py.
"""

from __future__ import annotations

import random
import time
from typing import Any

from dealer_console.config import StoreSettings
from dealer_console.room import Shipper
from dealer_console.store import Store, open_hand


def run_console(table_id: int, local_path: str, server_url: str, seed: int, min_hands: int, stop: Any, results: Any,
                sync_timeout_s: float = 40.0, max_seconds: float = 120.0) -> None:
    """Deal at least ``min_hands`` hands and until ``stop`` is set; then wait to be in sync and report on ``results``."""
    from tests.store.helpers import play_to_end, random_hand_setup

    rng = random.Random(seed)
    report: dict[str, Any] = {"table_id": table_id}
    store = Store.open(f"sqlite:///{local_path}", settings=StoreSettings(busy_timeout_s=10.0))
    shipper: Shipper | None = None
    try:
        store.create_table(f"Table {table_id}", table_id=table_id)
        shipper = Shipper(store, server_url, [table_id], connect_timeout_s=2.0, max_backoff_s=0.5).start()
        hands = 0
        states: set[str] = set()
        max_behind = 0
        errors: list[str] = []
        started = time.monotonic()
        while (hands < min_hands or not stop.is_set()) and time.monotonic() - started < max_seconds:
            recorded = open_hand(store, table_id, random_hand_setup(rng))
            play_to_end(recorded, rng)
            recorded.close()
            hands += 1
            shipper.wake()
            status = shipper.status(refresh=True)
            states.add(status.state.value)
            max_behind = max(max_behind, status.behind)
            if status.error and len(errors) < 3:
                errors.append(status.error)
        in_sync = shipper.wait_in_sync(sync_timeout_s)
        final = shipper.status(refresh=True)
        head = store.tables()[0]
        last = store.events(table_id, since_seq=head.events - 1)[0]
        report.update(hands=hands, events=head.events, head_hash=last.hash, in_sync=in_sync, states=sorted(states),
                      max_behind=max_behind, errors=errors, final=final.describe())
    except BaseException as error:  # report, never hang the parent
        report["crash"] = f"{type(error).__name__}: {error}"
    finally:
        if shipper is not None:
            shipper.stop()
        store.close()
        results.put(report)
