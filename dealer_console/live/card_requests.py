"""Cards the table waits for: the next street of a board, a hand shown, and where those cards come from.

A camera reading comes as :class:`CameraCards` (with the pictures it was read from); when no device
can name the cards the command is refused with :class:`CardsNeeded`, whose :class:`CardRequest`
asks the dealer to name them. A device with no usable reading raises :class:`CardsUnread`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from dealer_console.engine.cards import Card
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.hand import STREET_NAMES

if TYPE_CHECKING:
    from dealer_console.store.store import Store

__all__ = ["BoardTarget", "CameraCards", "CardPicture", "CardRequest", "CardsNeeded", "CardsUnread"]


@dataclass(frozen=True, slots=True)
class BoardTarget:
    """The next board cards the engine waits for."""

    run: int
    board: int
    street: int

    def label(self, *, boards: int, runs: int) -> str:
        """``"Deal flop"``, ``"Deal turn, board 2"``, ``"Deal river, run 2"``."""
        name = STREET_NAMES[self.street + 1]
        where = []
        if runs > 1:
            where.append(f"run {self.run + 1}")
        if boards > 1:
            where.append(f"board {self.board + 1}")
        return f"Deal {name}" + (f", {', '.join(where)}" if where else "")


@dataclass(frozen=True, slots=True)
class CardRequest:
    """Cards the dealer is asked to name because no camera reads them: a street of the board, or the hand a seat shows."""

    count: int
    """How many cards."""
    target: BoardTarget | None = None
    """The street due (a board request)."""
    seat: int | None = None
    """The seat showing (a show request)."""
    reason: str = ""
    """Why the console cannot know them, in the dealer's words (empty when the dealer chose to type them)."""

    def __post_init__(self) -> None:
        if (self.target is None) == (self.seat is None):
            raise ValueError("a card request is for a street of the board or for a seat's hand, not both")


class CardsNeeded(IllegalActionError):
    """The command needs cards the console cannot know (dealt face down, no usable camera reading): the dealer names them."""

    def __init__(self, message: str, *, request: CardRequest) -> None:
        super().__init__(message, seat=request.seat, action="name the cards")
        self.request = request


@dataclass(frozen=True, slots=True)
class CardPicture:
    """One card of a camera reading, its pictures already in the event store (SPEC, Records and review: a camera's event keeps
    its evidence)."""

    subject: str
    """Which card, in words: ``"flop card 1"``, ``"board 2 turn card 1"``, ``"seat 3 card 2"``."""
    read: str
    """What the camera read there (its best guess when the dealer confirmed or corrected it), ``""`` for nothing."""
    confidence: float
    applied: bool
    """The camera's card is the one dealt (False: the dealer corrected it)."""
    crop_sha256: str
    """The card seen from straight above (``Store.put_evidence``)."""
    frame_sha256: str
    """The whole picture it was read from."""
    frame_seq: int
    frame_at: datetime
    """The frame's own time (UTC)."""
    threshold: float | None = None
    """The confidence threshold the read was judged against."""
    confirmed_by: str = ""
    """The dealer on duty who confirmed (``applied``) or corrected the card at this place, ``""`` when nobody had to."""
    confirmed_at: datetime | None = None
    """When they did (UTC)."""


@dataclass(frozen=True, slots=True)
class CameraCards:
    """Cards a camera read for a street or a shown hand, with the means to keep the pictures they were read from."""

    cards: tuple[Card, ...]
    keep_pictures: Callable[[Store, int], Sequence[CardPicture]] | None = None
    """Given the store and the table's id, puts each card's crop and frame in the store and names them (raises when a picture
    cannot be made or kept). Called only at a recorded table, on the thread that records, before the event is appended."""


class CardsUnread(IllegalActionError):
    """Raised by a ``board_cards`` or ``shown_cards`` hook: the device has no usable reading now (the message says why).

    With the cards known to the console (the demo) the board then comes from the deck; at a real table the dealer is
    asked to name the cards. A reading that exists but waits for the dealer (a doubtful or red card) is a plain
    :class:`IllegalActionError` instead.
    """
