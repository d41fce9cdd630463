"""The card room: many consoles, one PostgreSQL; each console ships its local log (see :mod:`.shipper`)."""

from dealer_console.room.errors import RoomError, ShipConflictError
from dealer_console.room.schema import ROOM_SCHEMA_SQL, ensure_room_schema
from dealer_console.room.shipper import Shipper, ShipState, ShipStatus, verify_room

__all__ = [
    "ROOM_SCHEMA_SQL", "RoomError", "ShipConflictError", "ShipState", "ShipStatus", "Shipper", "ensure_room_schema", "verify_room",
]
