"""Cards: parse and print ``As``, ``Td``, ``7c``; unknown cards are ``None``.

Every card is one of 52 interned :class:`Card` objects, so comparisons are
cheap and a card can key a table in the evaluator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from dealer_console.engine.errors import CardError

__all__ = [
    "DECK",
    "RANKS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "SUITS",
    "SUIT_SYMBOLS",
    "UNKNOWN_TEXT",
    "Card",
    "first_duplicate",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_known_cards",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
RANK_NAMES = {
    2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}
RANK_PLURALS = {rank: ("Sixes" if rank == 6 else name + "s") for rank, name in RANK_NAMES.items()}
UNKNOWN_TEXT = "??"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. ``rank`` is 2..14 (ace high), ``suit`` one of ``cdhs``."""

    rank: int
    suit: str
    index: int = field(compare=False, repr=False, default=-1)

    def __hash__(self) -> int:
        # Cards are interned and hashed often (duplicate checks, evaluator tables): the index is enough.
        return self.index

    def __str__(self) -> str:
        return RANKS[self.rank - 2] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``A♠``."""
        return RANKS[self.rank - 2] + SUIT_SYMBOLS[self.suit]


DECK: tuple[Card, ...] = tuple(
    Card(rank, suit, (rank - 2) * 4 + SUITS.index(suit)) for rank in range(2, 15) for suit in SUITS
)
"""The 52 cards, ordered by rank then suit; ``DECK[card.index] is card``."""

_BY_TEXT: dict[str, Card] = {str(card).lower(): card for card in DECK}


def parse_card(text: str) -> Card | None:
    """Read one card such as ``"As"``, ``"td"`` or ``"10h"``; ``"??"`` means unknown (``None``)."""
    cleaned = text.strip()
    if cleaned in (UNKNOWN_TEXT, "?", "XX", "xx"):
        return None
    key = cleaned.lower()
    if key.startswith("10"):
        key = "t" + key[2:]
    card = _BY_TEXT.get(key)
    if card is None:
        raise CardError(f"invalid card: {text!r} (expected a rank of {RANKS} and a suit of {SUITS}, like 'As')", card=text)
    return card


def parse_cards(text: str | Iterable[str]) -> tuple[Card | None, ...]:
    """Read several cards: ``"AsKd??"``, ``"As Kd"`` or ``["As", "Kd"]``."""
    if not isinstance(text, str):
        return tuple(parse_card(part) for part in text)
    compact = text.replace(",", " ").split()
    if len(compact) > 1:
        return tuple(parse_card(part) for part in compact)
    joined = compact[0] if compact else ""
    joined = joined.replace("10", "T")
    if len(joined) % 2:
        raise CardError(f"invalid cards: {text!r} (each card is two characters, like 'AsKd')", card=text)
    return tuple(parse_card(joined[i : i + 2]) for i in range(0, len(joined), 2))


def parse_known_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards that must all be known (no ``??``)."""
    cards = parse_cards(text)
    known = tuple(card for card in cards if card is not None)
    if len(known) != len(cards):
        raise CardError(f"unknown card in {text!r}: every card must be named here", card=str(text))
    return known


def format_cards(cards: Sequence[Card | None]) -> str:
    """Print cards as ``AsKd??``."""
    return "".join(UNKNOWN_TEXT if card is None else str(card) for card in cards)


def first_duplicate(cards: Iterable[Card | None]) -> Card | None:
    """The first known card that appears twice, or ``None``."""
    seen: set[Card] = set()
    for card in cards:
        if card is None:
            continue
        if card in seen:
            return card
        seen.add(card)
    return None
