"""The card room: many consoles, one PostgreSQL; each console ships its local log (see :mod:`.shipper`).

The names load on first use (as the store's do), so a command that only builds its parser imports no driver.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "ROOM_SCHEMA_SQL", "RoomError", "ShipConflictError", "ShipState", "ShipStatus", "Shipper", "ensure_room_schema", "verify_room",
]

_WHERE = {
    "RoomError": "errors", "ShipConflictError": "errors", "ROOM_SCHEMA_SQL": "schema", "ensure_room_schema": "schema",
    "Shipper": "shipper", "ShipState": "shipper", "ShipStatus": "shipper", "verify_room": "shipper",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
