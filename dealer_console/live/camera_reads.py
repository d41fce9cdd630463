"""What the camera reads, as values: a card sighted on a frame, the same card placed on the table and judged, and the
camera's latest picture with every read judged (what the camera panel shows). No thread, no Qt."""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from dealer_console.engine.cards import Card
from dealer_console.live.zones import Zone

if TYPE_CHECKING:
    from vision.sources import Frame

__all__ = ["RED", "CameraView", "CardRead", "CardStatus", "Quad", "Recognizer", "SeenAt", "Sighting"]

Quad = tuple[tuple[float, float], ...]
"""Four corners of a card in frame pixels."""


@dataclass(frozen=True, slots=True)
class SeenAt:
    """The picture a card was read on, kept for the evidence of the event that uses the reading (:mod:`vision.evidence`)."""

    image: np.ndarray = field(repr=False, compare=False)
    """The frame's BGR pixels, as the camera gave them."""
    seq: int
    wall_time: float
    """The frame's own time (``time.time()`` when read)."""
    quad: Quad
    """The card's corners on that frame."""


@dataclass(frozen=True, slots=True)
class Sighting:
    """One card a recognizer found in a frame (or, once voted over frames, at one place on the felt)."""

    card: Card | None
    """The card read, ``None`` when the recognizer would not name it (unknown) or, voted, while the reads at the place disagree."""
    best: Card | None
    """The best guess even when unknown, for the dealer's prompt."""
    confidence: float
    """0..1; compared with the hub's threshold."""
    quad: Quad
    steady: bool = True
    """False while the camera named a card at this place in some of the last frames but not the same one in all of them."""
    seen: SeenAt | None = field(default=None, compare=False, repr=False)
    """The frame the card was read on (the best read of a voted card), for its evidence."""

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the card in frame pixels."""
        return (sum(x for x, _ in self.quad) / len(self.quad), sum(y for _, y in self.quad) / len(self.quad))


Recognizer = Callable[["Frame"], list[Sighting]]
"""Reads every face-up card of a frame (runs on the camera thread)."""


class CardStatus(enum.Enum):
    """What the console makes of one card read, as the camera panel shows it."""

    CONFIDENT = "confident"
    LOW = "below the threshold"
    """Waits for the dealer to confirm or correct it, unless the hand already knows the place (``settled``)."""
    CONFIRMED = "confirmed by the dealer"
    DUPLICATE = "duplicate"
    DISAGREES = "disagrees"


RED = (CardStatus.DUPLICATE, CardStatus.DISAGREES)
"""The statuses shown red: the card contradicts the table."""


@dataclass(frozen=True, slots=True)
class CardRead:
    """A sighting placed on the table: which zone, which position, and what the console makes of it."""

    sighting: Sighting
    zone: Zone
    slot: int
    """Position in its zone, left to right from 0."""
    status: CardStatus
    card: Card | None
    """The card the console would use: the dealer's confirmation, else a confident reading, else ``None``."""
    note: str = ""
    """Why it is red, or what it waits for, in the dealer's words."""
    settled: bool = False
    """A doubtful reading of a place the hand already knows (a dealt board card, a known hand): it waits for nobody."""

    @property
    def key(self) -> tuple[Zone, int]:
        """Where the card lies (confirmations are kept by place)."""
        return (self.zone, self.slot)

    def label(self) -> str:
        """``"A♠ 93 %"``, ``"7♦? 41 %"`` or ``"?? 0 %"``."""
        shown = self.card or self.sighting.best
        name = shown.symbol if shown is not None else "??"
        unsure = "?" if self.status is CardStatus.LOW else ""
        return f"{name}{unsure} {self.percent} %"

    @property
    def percent(self) -> int:
        """The confidence in whole per cent, rounded down (a read shown at 90 % is never below a 90 % threshold)."""
        return math.floor(100 * self.sighting.confidence + 1e-9)


@dataclass(frozen=True, slots=True)
class CameraView:
    """The camera's latest frame and what the console makes of it now."""

    image: np.ndarray | None
    """BGR pixels of the latest frame (``None`` before the first)."""
    seq: int
    status: str
    """The source's status: ``ok``, ``dark``, ``frozen``, ``reconnecting``, ``dropped``, ``ended``, ``not-opened``."""
    detail: str
    reads: tuple[CardRead, ...]
    threshold: float

    @property
    def working(self) -> bool:
        """A picture is coming in (a frozen picture still shows the felt)."""
        return self.image is not None and self.status in ("ok", "frozen")

    def zone(self, where: Zone) -> list[CardRead]:
        """The reads of one zone, left to right."""
        return sorted((read for read in self.reads if read.zone == where), key=lambda read: read.slot)

    def waiting(self) -> list[CardRead]:
        """Reads below the threshold that the dealer has not confirmed yet."""
        return [read for read in self.reads if read.status is CardStatus.LOW and not read.settled]
