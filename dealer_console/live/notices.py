"""Notices: what the running table tells the dealer (a refused command, a warning, news worth seeing)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Notice", "NoticeLevel"]


class NoticeLevel(enum.Enum):
    """How serious a notice is."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Notice:
    """One message for the dealer: a refused command, a warning, or news worth seeing."""

    level: NoticeLevel
    text: str
    seat: int | None = None
    heading: str | None = None
    """The word shown before the text; ``None``: the level's ("Refused:" for a refused command, "Warning:")."""
