"""A card-room drill: one simulated console that records random hands and ships its log to the room's server.

Run in a process of its own (one per console): it deals random hands into its own SQLite store,
write-ahead (through :func:`~dealer_console.store.open_hand` and ``RecordedHand.play``), while a
:class:`~dealer_console.room.Shipper` thread ships its table's log to the room's PostgreSQL. Used to
check and measure a room: ``tests/room/test_eight_consoles.py`` and ``bench/room.py``.
"""

from __future__ import annotations

import random
import time
from typing import Any, Protocol

from dealer_console.config import StoreSettings
from dealer_console.room.shipper import Shipper
from dealer_console.sim.stepwise_play import play_to_end, random_hand_setup
from dealer_console.store import Store, open_hand

__all__ = ["ReportQueue", "StopSignal", "run_console"]


class StopSignal(Protocol):
    """When to stop dealing (a ``multiprocessing`` event)."""

    def is_set(self) -> bool:
        """True once the drill is to end."""
        ...


class ReportQueue(Protocol):
    """Where the console puts its report (a ``multiprocessing`` queue)."""

    def put(self, obj: Any, /) -> None:
        """Hand on one report."""
        ...


def run_console(table_id: int, local_path: str, server_url: str, seed: int, min_hands: int, stop: StopSignal, results: ReportQueue,
                sync_timeout_s: float = 40.0, max_seconds: float = 120.0) -> None:
    """Deal at least ``min_hands`` hands and until ``stop`` is set; then wait to be in sync and report on ``results``.

    The report is a dict: ``table_id``, then ``hands``, ``events``, ``head_hash``, ``in_sync``, ``states``,
    ``max_behind``, ``errors`` and ``final`` (the shipper's last status); or ``crash`` with what went wrong.
    """
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
    except BaseException as error:  # a console process reports whatever ends it, so the drill never hangs waiting for it
        report["crash"] = f"{type(error).__name__}: {error}"
    finally:
        if shipper is not None:
            shipper.stop()
        store.close()
        results.put(report)
