"""The store's kinds as plain enums: where an event came from, who may do what, where a hand stands.

Kept apart from the SQLModel tables (:mod:`.models`) so that the running table and the screen can name them
without loading SQLAlchemy.
"""

from __future__ import annotations

import enum

__all__ = ["HandStatus", "Role", "Source"]


class Source(enum.Enum):
    """Where an event came from (SPEC: see where each input came from)."""

    DEALER = "dealer"
    CAMERA = "camera"
    SENSOR = "sensor"
    FLOOR = "floor"


class Role(enum.Enum):
    """What a signed-in person may do."""

    DEALER = "dealer"
    FLOOR_MANAGER = "floor_manager"
    """May also record corrections and rulings and authorize a Mississippi straddle (SPEC)."""


class HandStatus(enum.Enum):
    """Where a stored hand stands."""

    OPEN = "open"
    COMPLETE = "complete"
    MISDEALT = "misdealt"
