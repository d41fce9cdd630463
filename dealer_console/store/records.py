"""The store's own records, appended to a table's log beside the engine's hand and table events.

Each is a frozen dataclass with a stable ``kind``, like the engine's records; the store turns them
into plain data with :func:`~dealer_console.store.codec.to_data`. They cover what the rules engine
does not: a table opened with its configuration, a hand opened without a table plan and closed
with its result, a floor manager's ruling, a flag on a hand, and a device reading shown to the
dealer (SPEC, Records and review).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from dealer_console.engine.events import Event, event_from_dict
from dealer_console.engine.hand import HandSetup
from dealer_console.engine.table_config import TableConfig
from dealer_console.store.codec import StoreRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(StoreRecord):
    """The first record of every table's log: its name and configuration."""

    kind: ClassVar[str] = "table_opened"
    name: str
    config: TableConfig | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandOpened(StoreRecord):
    """A hand dealt without a table plan (a table plan is recorded as the engine's ``HandStarted``)."""

    kind: ClassVar[str] = "hand_opened"
    number: int
    setup: HandSetup
    players: tuple[tuple[int, str], ...] = ()
    """(seat, name) of the players dealt in, where known."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandClosed(StoreRecord):
    """A hand over: complete (every chip awarded) or misdealt (every chip returned)."""

    kind: ClassVar[str] = "hand_closed"
    number: int
    status: str
    final_stacks: tuple[tuple[int, int], ...]
    pot_total: int
    rake: int = 0
    jackpot: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingRecorded(StoreRecord):
    """A floor manager's ruling (SPEC, Records and review).

    ``reportable`` is set when ``disputed_amount`` reaches the configured threshold (Nevada, for
    one, has licensees report patron disputes of $500 or more).
    """

    kind: ClassVar[str] = "ruling"
    hand_number: int | None
    floor_manager: str
    rule: str
    decision: str
    pot_held: bool
    disputed_amount: int
    reportable: bool
    late: bool = False
    """Recorded after the dispute window had closed (SPEC: a floor manager can still record a late ruling)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFlagged(StoreRecord):
    """A hand marked for the floor's attention (a dispute, a board-plays split, a correction)."""

    kind: ClassVar[str] = "flag"
    hand_number: int
    reason: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReadingTaken(StoreRecord):
    """A camera or sensor reading as it came in, with its confidence and whether it was applied."""

    kind: ClassVar[str] = "reading"
    subject: str
    """What was read, e.g. ``"board"``, ``"bet zone 4"``, ``"button"``."""
    value: str
    confidence: float | None = None
    applied: bool = False
    threshold: float | None = None
    """The confidence threshold the reading was judged against (``None``: not recorded, as in records made before it was)."""
    confirmed_by: str = ""
    """For a reading below the threshold: the dealer who confirmed it (``applied``) or corrected it (not applied)."""
    confirmed_at: datetime | None = None
    """When they confirmed or corrected it (UTC)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseSettingsChanged(StoreRecord):
    """A change of the house settings (rake, jackpot drop, house rules, limits...), made by a floor manager.

    Appended as a floor event (``source=floor``, ``actor`` = the manager); the store refuses it from
    anyone else, so every change of the house's rules is in the chain with who made it.
    """

    kind: ClassVar[str] = "house_settings"
    by: str
    changes: tuple[tuple[str, str], ...]
    """(setting, new value) pairs, as text."""
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCorrected(StoreRecord):
    """A floor manager's correction of one event of a hand (SPEC: a correction names the event it voids, who and why)."""

    kind: ClassVar[str] = "correction"
    hand_number: int
    target_seq: int
    """The event corrected (also stored in the event's ``voids_seq`` column)."""
    replacement: str = ""
    """The event entered instead, as canonical JSON of ``event_to_dict`` ("" : voided outright)."""
    reason: str = ""
    by: str = ""

    def replacement_event(self) -> Event | None:
        """The engine event entered instead of the corrected one (``None``: voided outright)."""
        if not self.replacement:
            return None
        return event_from_dict(json.loads(self.replacement))


__all__ = [
    "HandClosed", "HandCorrected", "HandFlagged", "HandOpened", "HouseSettingsChanged", "ReadingTaken", "RulingRecorded",
    "TableOpened",
]
