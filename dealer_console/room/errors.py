"""The card room's exceptions: one small hierarchy on top of the store's (the room's log is the store's log, shipped)."""

from __future__ import annotations

from dealer_console.store.errors import StoreError


class RoomError(StoreError):
    """Base of every failure of the card room's shipping."""


class ShipConflictError(RoomError):
    """The server holds a different event at a ``seq`` this console also wrote: two logs for one table.

    ``table_id`` and ``seq`` name the link refused (``seq`` ``None``: the server refused a batch without naming it).
    """

    def __init__(self, message: str, *, table_id: int, seq: int | None) -> None:
        super().__init__(message)
        self.table_id = table_id
        self.seq = seq


__all__ = ["RoomError", "ShipConflictError"]
