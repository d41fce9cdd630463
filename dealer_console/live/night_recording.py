"""A simulated night recorded as a live table records it: every table record and hand event checked, stored durably through
the store's write-ahead recorder (:class:`~dealer_console.store.recorder.RecordedTable`, the one a live table uses), each
at its simulated moment (the store's clock is set to it) and under the dealer on duty.

It satisfies the simulation's ``NightWatcher`` (``dealer_console.sim.night``) by its shape; ``dealer-console simulate
--database URL`` composes the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dealer_console.engine.events import Event
from dealer_console.engine.hand import Hand
from dealer_console.engine.table import Table, TableChipAudit
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import HandFinished, HandMisdealt, HandStarted, TableEvent
from dealer_console.store.errors import StoreError
from dealer_console.store.recorder import RecordedHand, RecordedTable, resume_table
from dealer_console.store.store import Store

__all__ = ["RecordedNight", "SettableClock"]


class SettableClock:
    """The store's clock during a recorded simulation: the moment the simulation gives."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


class RecordedNight:
    """Records a simulated night at a new table of ``store`` named after ``config`` (a name already used is refused)."""

    def __init__(self, store: Store, clock: SettableClock, config: TableConfig) -> None:
        if any(info.name == config.name for info in store.tables()):
            raise StoreError(f"{store.target.shown} already has a table named {config.name!r}: record the simulation in a new"
                             " store or under another seed")
        self.store = store
        self.clock = clock
        table_id = store.create_table(config.name, config, actor="simulation")
        self.recorded = RecordedTable(store, table_id, Table(config))

    @property
    def table_id(self) -> int:
        """The table's id in the store."""
        return self.recorded.table_id

    def table_record(self, event: TableEvent, *, at: datetime, dealer: str) -> None:
        """One table record, stored (then applied) at ``at`` under ``dealer`` (the incoming dealer for a push)."""
        self.clock.moment = at
        stored = self.recorded.apply(event, actor=dealer)
        if isinstance(event, HandStarted):
            assert stored.hand_id is not None
            self.recorded.hand = RecordedHand(self.store, self.table_id, stored.hand_id, event.plan.number, Hand(event.plan.setup))
        elif isinstance(event, HandFinished | HandMisdealt):
            self.recorded.hand = None

    def hand_event(self, event: Event, *, at: datetime, dealer: str) -> None:
        """One event of the hand in progress, checked, stored and applied at ``at`` under ``dealer``."""
        if self.recorded.hand is None:
            raise StoreError(f"table {self.table_id} has no hand in progress for {event.kind}")
        self.clock.moment = at
        self.recorded.hand.play(event, actor=dealer)

    def audit(self) -> TableChipAudit:
        """The chip audit of the table as the store rebuilds it from its log."""
        return resume_table(self.store, self.table_id).table.chip_audit()

    def kinds(self) -> Sequence[str]:
        """The kinds of the records stored, in order (for the summary)."""
        return [event.kind for event in self.store.events(self.table_id)]
