"""What the running table needs of a recorder: write-ahead play of the table's records and of the hand's events.

The store's :class:`~dealer_console.store.recorder.RecordedTable` and
:class:`~dealer_console.store.recorder.RecordedHand` are such recorders (structurally); the console's start-up
(:mod:`dealer_console.live.console`) makes one and hands it to the session. A refused event is neither stored nor
applied; a :class:`~dealer_console.store.errors.StoreError` means nothing was applied.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from dealer_console.engine.events import Event
from dealer_console.engine.hand import Hand
from dealer_console.engine.table import Table
from dealer_console.engine.table_events import TableEvent
from dealer_console.store.kinds import Source
from dealer_console.store.stored import StaffMember, StoredEvent

if TYPE_CHECKING:
    from dealer_console.store.store import Store

__all__ = ["HandRecorder", "TableRecorder"]


class HandRecorder(Protocol):
    """A hand whose every event is checked, stored durably, then applied."""

    @property
    def hand(self) -> Hand:
        """The hand being recorded (its state is what the store holds)."""
        ...

    def play(self, event: Event, *, source: Source = Source.DEALER, actor: str = "", frame_at: datetime | None = None,
             evidence_sha256: str | None = None) -> StoredEvent:
        """Check ``event``, store it, then apply it to :attr:`hand`."""
        ...


class TableRecorder(Protocol):
    """A table whose every record is checked, stored durably, then applied; with the hand in progress, if any."""

    @property
    def store(self) -> Store:
        """Where the records go (the camera's pictures and the floor's changes go there too)."""
        ...

    @property
    def table_id(self) -> int:
        """The table's id in the store."""
        ...

    @property
    def table(self) -> Table:
        """The table as recorded."""
        ...

    @property
    def hand(self) -> HandRecorder | None:
        """The hand in progress, if any."""
        ...

    def apply(self, event: TableEvent, *, actor: str = "", source: Source = Source.DEALER,
              by: StaffMember | None = None) -> StoredEvent:
        """Check a table record, store it, then apply it (``by``: the signed-in floor manager of a floor record)."""
        ...

    def start_hand(self, *, actor: str = "") -> HandRecorder:
        """Deal the table's next hand: its start stored, then every blind and post, each write-ahead."""
        ...

    def finish_hand(self, *, actor: str = "") -> StoredEvent:
        """Record the result (or the misdeal) of the hand in progress; the button moves."""
        ...
