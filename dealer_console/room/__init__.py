"""The card room: many consoles, one PostgreSQL; each console ships its local log (see :mod:`.shipper`)."""

from dealer_console.room.schema import ROOM_SCHEMA_SQL, ensure_room_schema
from dealer_console.room.shipper import ShipConflictError, Shipper, ShipState, ShipStatus

__all__ = ["ROOM_SCHEMA_SQL", "ShipConflictError", "ShipState", "ShipStatus", "Shipper", "ensure_room_schema"]
