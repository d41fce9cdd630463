"""The records of one hand: frozen, appended in order; the state is derived from them.

Records are nouns (``BlindPosted``); the :class:`~dealer_console.engine.hand.Hand` has the verbs
(``post_blind``). Each record has a stable ``kind`` name and turns into plain data with
:func:`event_to_dict` / :func:`event_from_dict` for the store and for PHH.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from dealer_console.engine.cards import Card, format_cards, parse_cards
from dealer_console.engine.errors import EngineError

__all__ = [
    "EVENT_TYPES",
    "BetPlaced",
    "BlindKind",
    "BlindPosted",
    "BoardDealt",
    "Called",
    "CardBurned",
    "CardsShown",
    "Checked",
    "Discarded",
    "Event",
    "Folded",
    "HoleCardsDealt",
    "MisdealDeclared",
    "Mucked",
    "RaisedTo",
    "RestraddleConsent",
    "RunsChosen",
    "SeatEvent",
    "Voided",
    "WentAllIn",
    "event_from_dict",
    "event_to_dict",
]


class BlindKind(enum.Enum):
    """What a posted amount is."""

    SMALL = "small blind"
    BIG = "big blind"
    STRADDLE = "straddle"
    RESTRADDLE = "re-straddle"
    MISSISSIPPI = "Mississippi straddle"
    LIVE = "live post"
    """A big blind posted out of position (a new player, or a missed big blind): a live bet."""
    DEAD = "dead post"
    """Chips that go to the pot without counting as the player's bet (a missed small blind)."""
    ANTE = "ante"
    """Dead chips put in before the blinds (an ante, or a big-blind ante as in imported PHH hands):
    they go to the main pot without counting as the player's bet."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every hand record."""

    kind: ClassVar[str] = "event"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatEvent(Event):
    """A record about one seat."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindPosted(SeatEvent):
    """A blind, straddle or post put in before the deal."""

    kind: ClassVar[str] = "blind"
    amount: int
    blind: BlindKind
    authorized_by: str | None = None
    """Who allowed it, where the rules need a manager (Mississippi; a heads-up small-blind straddle)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RestraddleConsent(SeatEvent):
    """One player's yes or no to a re-straddle (omaha-club-rules.txt, STRADDLE/RESTRADDLE)."""

    kind: ClassVar[str] = "restraddle_consent"
    agrees: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HoleCardsDealt(SeatEvent):
    """A player's hole cards; ``None`` for a card dealt face down and not seen."""

    kind: ClassVar[str] = "hole"
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBurned(Event):
    """A burn card (unknown unless seen)."""

    kind: ClassVar[str] = "burn"
    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDealt(Event):
    """Board cards of one street: three for the flop, one for the turn or river."""

    kind: ClassVar[str] = "board"
    cards: tuple[Card, ...]
    board: int = 0
    run: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded(SeatEvent):
    """The player gives up the hand."""

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked(SeatEvent):
    """The player checks."""

    kind: ClassVar[str] = "check"


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(SeatEvent):
    """The player calls (all-in for less when short)."""

    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True, kw_only=True)
class BetPlaced(SeatEvent):
    """The first bet of a round; ``amount`` is the total in front of the player."""

    kind: ClassVar[str] = "bet"
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RaisedTo(SeatEvent):
    """A raise; ``amount`` is the player's total bet this round after it."""

    kind: ClassVar[str] = "raise"
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WentAllIn(SeatEvent):
    """The player puts in every chip: a call, bet or raise as the amount makes it."""

    kind: ClassVar[str] = "all_in"


@dataclass(frozen=True, slots=True, kw_only=True)
class Discarded(SeatEvent):
    """Oklahoma: one hole card discarded face down (``None`` when not seen)."""

    kind: ClassVar[str] = "discard"
    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RunsChosen(SeatEvent):
    """A contender's choice of how many times to run the board (1 objects; 2 or 3)."""

    kind: ClassVar[str] = "runs"
    runs: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsShown(SeatEvent):
    """Cards tabled at showdown; cards speak."""

    kind: ClassVar[str] = "show"
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mucked(SeatEvent):
    """The player throws the hand away without showing: they give up every pot."""

    kind: ClassVar[str] = "muck"


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealDeclared(Event):
    """The hand is void; every chip goes back and the button does not move."""

    kind: ClassVar[str] = "misdeal"
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Voided(Event):
    """Undoes the latest event still in force (``target``, its position in the list)."""

    kind: ClassVar[str] = "void"
    target: int
    reason: str = ""
    by: str = ""


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        BlindPosted, RestraddleConsent, HoleCardsDealt, CardBurned, BoardDealt, Folded, Checked, Called,
        BetPlaced, RaisedTo, WentAllIn, Discarded, RunsChosen, CardsShown, Mucked, MisdealDeclared, Voided,
    )
}


def event_to_dict(event: Event) -> dict[str, Any]:
    """Plain data for an event: cards as text, enums as their values."""
    data: dict[str, Any] = {"kind": event.kind}
    for item in fields(event):
        value = getattr(event, item.name)
        if isinstance(value, tuple):
            value = format_cards(value)
        elif isinstance(value, Card):
            value = str(value)
        elif isinstance(value, enum.Enum):
            value = value.value
        data[item.name] = value
    return data


def event_from_dict(data: dict[str, Any]) -> Event:
    """The inverse of :func:`event_to_dict`."""
    cls = EVENT_TYPES.get(str(data.get("kind")))
    if cls is None:
        raise EngineError(f"unknown event kind {data.get('kind')!r}")
    values: dict[str, Any] = {}
    for item in fields(cls):
        if item.name not in data:
            continue
        value = data[item.name]
        if item.name == "cards":
            value = parse_cards(value) if value else ()
        elif item.name == "card":
            value = parse_cards(value)[0] if value else None
        elif item.name == "blind":
            value = BlindKind(value)
        values[item.name] = value
    return cls(**values)
