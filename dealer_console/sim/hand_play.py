"""Random complete hands through the engine: for demos, simulation and benchmarks.

The physical steps stay explicit: cards come from a shuffled deck and are dealt with the
engine's own verbs; every choice is one of :meth:`Hand.legal_actions`.
"""

from __future__ import annotations

import random

from dealer_console.engine.cards import DECK, Card
from dealer_console.engine.events import BlindKind
from dealer_console.engine.games import STREET_CARDS, Game
from dealer_console.engine.hand import Hand, HandSetup, Phase

__all__ = ["choose_action", "deal_next_board", "play_random_hand", "random_setup", "step"]


def random_setup(game: Game, rng: random.Random, *, players: int | None = None, seats: int = 10) -> HandSetup:
    """A random table: ``players`` seats drawn from ``seats``, stacks from 1 to 150 big blinds."""
    limit = min(game.variant.max_players, game.variant.deck_capacity(), seats)
    count = players if players is not None else rng.randint(2, limit)
    chosen = sorted(rng.sample(range(1, seats + 1), count))
    big = game.stakes.big_blind
    stacks = {seat: rng.choice((rng.randint(1, 20), rng.randint(20, 150), 100)) * big for seat in chosen}
    return HandSetup(game=game, stacks=stacks, button=rng.choice(chosen))


def play_random_hand(
    setup: HandSetup,
    rng: random.Random,
    *,
    straddle_chance: float = 0.0,
    run_twice_chance: float = 0.3,
) -> Hand:
    """Play one hand from the blinds to the award with random legal choices."""
    hand = Hand(setup)
    deck: list[Card] = list(DECK)
    rng.shuffle(deck)
    hand.post_blinds()
    if straddle_chance and rng.random() < straddle_chance and len(hand.seats) > 3:
        bb = hand.seats.index(hand.big_blind_seat) if hand.big_blind_seat is not None else 1
        straddler = hand.seats[(bb + 1) % len(hand.seats)]
        amount = 2 * setup.game.stakes.big_blind
        if hand.stacks[straddler] > amount:
            hand.post_blind(straddler, amount, BlindKind.STRADDLE)
    for seat in hand.deal_order():
        hand.deal_hole(seat, [deck.pop() for _ in range(setup.game.variant.hole_cards)])
    while not hand.is_complete:
        step(hand, rng, deck, run_twice_chance=run_twice_chance)
    return hand


def step(hand: Hand, rng: random.Random, deck: list[Card], *, run_twice_chance: float = 0.3) -> None:
    """Make one random legal move (an action, a discard, a board, a show)."""
    owed = hand.discards_owed()
    actor = hand.actor
    if actor is not None:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.must_discard:
            if rng.random() < 0.15:
                hand.fold(actor)
            else:
                hand.discard(actor, rng.choice([c for c in hand.hole_cards(actor) if c is not None]))
            return
        choose_action(hand, rng)
        return
    if owed:
        seat = owed[0]
        hand.discard(seat, rng.choice([c for c in hand.hole_cards(seat) if c is not None]))
        return
    if hand.phase is Phase.BOARD:
        if hand.runs_window_open() and rng.random() < run_twice_chance:
            runs = rng.choice((2, 2, 3))
            for seat in hand.seats:
                if not hand.is_folded(seat) and hand.can_choose_runs(seat, runs):
                    hand.choose_runs(seat, runs)
        deal_next_board(hand, deck)
        return
    if hand.phase is Phase.SHOWDOWN:
        for seat in hand.showdown_order():
            if not hand.is_complete and hand.needs_showdown_decision(seat):
                hand.show(seat)
        return
    raise AssertionError(f"no move in phase {hand.phase}")


def deal_next_board(hand: Hand, deck: list[Card]) -> None:
    """Deal the next missing street on the first board and run that lacks it."""
    for run in range(hand.planned_runs()):
        for board, cards in enumerate(hand.boards(run)):
            street = {0: 0, 3: 1, 4: 2}.get(len(cards))
            if street is None:
                continue
            if run == 0 and street != hand.street:
                continue
            hand.deal_board([deck.pop() for _ in range(STREET_CARDS[street])], board=board, run=run)
            return
    raise AssertionError("no board to deal")


def choose_action(hand: Hand, rng: random.Random) -> None:
    """A random legal betting action for the player to act."""
    legal = hand.legal_actions()
    assert legal is not None
    seat = legal.seat
    roll = rng.random()
    if legal.can_fold and legal.call_amount and roll < 0.25:
        hand.fold(seat)
    elif (legal.can_bet or legal.can_raise) and roll < 0.55:
        if legal.all_in_to and rng.random() < 0.15:
            hand.all_in(seat)
        else:
            low, high = legal.min_to, legal.max_to
            amount = rng.choice((low, high, rng.randint(low, high))) if high > low else low
            (hand.bet if legal.can_bet else hand.raise_to)(seat, amount)
    elif legal.can_check:
        hand.check(seat)
    elif legal.call_amount:
        hand.call(seat)
    else:
        hand.fold(seat)
