"""Shipping the table's log to the card room's PostgreSQL in the background, and its status as a value for the screen.

The shipper wakes after each accepted command; its status (in sync, behind by N events, failing and why) is read
on whichever thread asks (never the screen's: it looks at the local store's heads, never at the server, so it is
current even while the shipper waits on a silent network: such a wait shows as failing after ``stall_after_s``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_console.live.table_session import TableSession
from dealer_console.room.shipper import Shipper, ShipState, ShipStatus

if TYPE_CHECKING:
    from dealer_console.store.store import Store

__all__ = ["ShippingReport", "ShippingState", "TableShipping"]


class ShippingState(enum.Enum):
    """What the console's status line says."""

    IN_SYNC = "in sync"
    BEHIND = "behind"
    FAILING = "failing"


_STATES = {ShipState.IN_SYNC: ShippingState.IN_SYNC, ShipState.BEHIND: ShippingState.BEHIND, ShipState.FAILING: ShippingState.FAILING}


@dataclass(frozen=True, slots=True)
class ShippingReport:
    """The shipping as the console shows it: in sync, behind by ``behind`` events, or failing and why."""

    state: ShippingState
    behind: int
    error: str | None = None


def _report(status: ShipStatus) -> ShippingReport:
    return ShippingReport(_STATES[status.state], status.behind, status.error)


class TableShipping:
    """The table's log shipped to the card room while the console runs (``stop`` when it closes)."""

    def __init__(self, store: Store, server_url: str, table_id: int, session: TableSession, *, stall_after_s: float = 10.0) -> None:
        """Start shipping ``table_id``; a round with the server silent for ``stall_after_s`` seconds shows as failing."""
        self._shipper = Shipper(store, server_url, [table_id], stall_after_s=stall_after_s).start()
        self._unsubscribe = session.subscribe(lambda _: self._shipper.wake())

    def report(self) -> ShippingReport:
        """The shipping's status now (re-reads the local store's heads: not on the screen's thread)."""
        return _report(self._shipper.status(refresh=True))

    def stop(self) -> None:
        """Stop shipping (what is not shipped yet goes at the next start)."""
        self._unsubscribe()
        self._shipper.stop()
