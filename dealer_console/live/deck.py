"""The session's model of the physical deck: cards come off the top when dealt and go back on it when a deal is undone.

At the demo table the model is the deck itself (the console deals from it). At a real table it is only a model: the
cards on the felt are what the camera reads or the dealer types, and the model follows them (cards named are taken out
of it). Cards dealt face down are kept per seat (what the demo's simulated player holds), with the discards thrown from
them, so that an undo puts everything back where it was (:meth:`PhysicalDeck.push`, :meth:`PhysicalDeck.pop`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from dealer_console.engine.cards import DECK, Card, parse_card

__all__ = ["DeckSource", "PhysicalDeck", "ThrownCard", "shuffled_decks", "stacked_deck"]

DeckSource = Callable[[int], Sequence[Card]]
"""Given the hand number, the cards in the order they will be dealt (first card dealt first)."""


def shuffled_decks(rng: random.Random) -> DeckSource:
    """A fresh shuffled deck for every hand."""

    def deck(_: int) -> list[Card]:
        cards = list(DECK)
        rng.shuffle(cards)
        return cards

    return deck


def stacked_deck(text: str) -> list[Card]:
    """Cards in dealing order from ``"AsKd Qh..."`` followed by the rest of the deck (for tests and drills)."""
    named = [parse_card(part) for part in text.split()]
    cards = [card for card in named if card is not None]
    rest = [card for card in DECK if card not in cards]
    return cards + rest


@dataclass(frozen=True, slots=True)
class ThrownCard:
    """A discard thrown from a hand dealt face down: the seat, where it sat in the hand, and the card (when known)."""

    seat: int
    index: int | None
    card: Card | None


class PhysicalDeck:
    """The cards not dealt yet (the top is dealt first), the hands dealt face down, and the discards thrown from them."""

    def __init__(self, dealing_order: Iterable[Card] = ()) -> None:
        self._cards: list[Card] = list(reversed(list(dealing_order)))
        self._face_down: dict[int, tuple[Card, ...]] = {}
        self._thrown: list[ThrownCard] = []

    @property
    def cards(self) -> list[Card]:
        """The cards left, bottom first (the last one is dealt next)."""
        return list(self._cards)

    def reset(self, dealing_order: Iterable[Card], *, out: Iterable[Card] = ()) -> None:
        """A new hand's deck in dealing order, without the cards ``out`` already; no hand dealt face down."""
        gone = set(out)
        self._cards = [card for card in reversed(list(dealing_order)) if card not in gone]
        self._face_down, self._thrown = {}, []

    def peek(self, count: int) -> tuple[Card, ...]:
        """The next ``count`` cards, first dealt first (nothing leaves the deck)."""
        return tuple(reversed(self._cards[-count:])) if count > 0 else ()

    def pop(self, count: int) -> tuple[Card, ...]:
        """Deal the next ``count`` cards off the top, first dealt first."""
        cards = self.peek(count)
        if count > 0:
            del self._cards[-count:]
        return cards

    def push(self, cards: Sequence[Card | None]) -> None:
        """Put dealt cards back on top, so that the next deal deals them again in the same order (an undone deal)."""
        self._cards.extend(card for card in reversed(cards) if card is not None)

    def remove(self, cards: Iterable[Card]) -> None:
        """Take cards named on the felt (typed by the dealer or read by the camera) out of the deck, wherever they are."""
        gone = set(cards)
        self._cards = [card for card in self._cards if card not in gone]

    def deal_face_down(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` holds ``cards`` dealt face down (the console does not show them)."""
        self._face_down[seat] = cards

    def face_down(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` holds face down, or ``None`` when its hand was not dealt face down."""
        return self._face_down.get(seat)

    def gather_face_down(self, seat: int) -> None:
        """An undone face-down deal: ``seat``'s cards go back on top of the deck."""
        cards = self._face_down.pop(seat, None)
        if cards is not None:
            self.push(cards)

    def throw(self, seat: int, chosen: Card | None, position: int | None) -> None:
        """A discard from ``seat``'s face-down hand: the card ``chosen`` or the one at ``position`` leaves it (kept for an undo)."""
        held = self._face_down.get(seat)
        if held is None:
            return
        index = held.index(chosen) if chosen in held else position if position is not None and position < len(held) else None
        self._thrown.append(ThrownCard(seat, index, None if index is None else held[index]))
        if index is not None:
            self._face_down[seat] = held[:index] + held[index + 1:]

    def unthrow(self, seat: int) -> None:
        """An undone discard: the card thrown last by ``seat`` goes back where it was in the hand."""
        if not self._thrown or self._thrown[-1].seat != seat:
            return
        thrown = self._thrown.pop()
        if thrown.index is not None and thrown.card is not None:
            held = self._face_down[seat]
            self._face_down[seat] = held[:thrown.index] + (thrown.card,) + held[thrown.index:]
