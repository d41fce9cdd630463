"""Random legal play one move at a time, as a console records it: for the store's and the room's checks.

Every move is made on a scratch copy of the hand with the engine's own verbs (blinds, hole cards
from the cards not yet seen, then :func:`~dealer_console.sim.hand_play.step`), and the events it
produced are handed on one at a time: to :meth:`Hand.apply`, or to a recorder that stores each event
before it applies it (the store's ``RecordedHand``). A hand cut short at any event (a crash) can be
picked up again from its events, since the next move is worked out from them alone.
"""

from __future__ import annotations

import random
from typing import Protocol

from dealer_console.engine.cards import DECK, Card
from dealer_console.engine.events import BoardDealt, CardBurned, CardsShown, Discarded, Event, HoleCardsDealt
from dealer_console.engine.games import make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase
from dealer_console.sim.hand_play import random_setup, step

__all__ = ["RECORDED_GAMES", "EventRecorder", "next_events", "play_in_memory", "play_to_end", "random_hand_setup"]

RECORDED_GAMES = (("O", "pot-limit"), ("O/8", "limit"), ("5O", "no-limit"), ("DBO", "pot-limit"), ("OK", "pot-limit"))
"""The games :func:`random_hand_setup` deals (code, structure): one of each of SPEC's kinds of deal."""


class EventRecorder(Protocol):
    """Whatever plays a hand's events one at a time (the store's ``RecordedHand``: stored, then applied)."""

    @property
    def hand(self) -> Hand:
        """The hand as played so far."""

    def play(self, event: Event, /) -> object:
        """Play one event of :attr:`hand`."""


def random_hand_setup(rng: random.Random) -> HandSetup:
    """A random deal of one of :data:`RECORDED_GAMES` at blinds 1/2, two to six players."""
    code, structure = rng.choice(RECORDED_GAMES)
    return random_setup(make_game(code, structure, small_blind=1, big_blind=2), rng, players=rng.randint(2, 6))


def _cards_seen(events: tuple[Event, ...]) -> set[Card]:
    """Every known card the events name."""
    seen: set[Card] = set()
    for event in events:
        if isinstance(event, HoleCardsDealt | BoardDealt | CardsShown):
            seen.update(card for card in event.cards if card is not None)
        elif isinstance(event, CardBurned | Discarded) and event.card is not None:
            seen.add(event.card)
    return seen


def next_events(hand: Hand, rng: random.Random) -> tuple[Event, ...]:
    """The next legal move of a random hand (a blind, a player's cards, an action, a board...), as its events."""
    scratch = Hand(hand.setup, hand.events)
    before = len(scratch.events)
    deck = [card for card in DECK if card not in _cards_seen(scratch.events)]
    rng.shuffle(deck)
    if scratch.phase in (Phase.POSTING, Phase.DEALING):
        if scratch.phase is Phase.POSTING:
            scratch.post_blinds()
        if len(scratch.events) == before:
            seat = next(seat for seat in scratch.deal_order() if not scratch.hole_cards(seat))
            scratch.deal_hole(seat, [deck.pop() for _ in range(scratch.game.variant.hole_cards)])
    else:
        step(scratch, rng, deck)
    return scratch.events[before:]


def play_to_end(recorded: EventRecorder, rng: random.Random) -> None:
    """Play a recorded hand to its last chip, one event at a time through ``recorded.play``."""
    while not recorded.hand.is_complete:
        for event in next_events(recorded.hand, rng):
            recorded.play(event)


def play_in_memory(setup: HandSetup, rng: random.Random) -> Hand:
    """A complete random hand, not recorded (its events can then be imported in one go)."""
    hand = Hand(setup)
    while not hand.is_complete:
        for event in next_events(hand, rng):
            hand.apply(event)
    return hand
