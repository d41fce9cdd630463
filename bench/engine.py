"""Speed of the hand engine: complete hands per second against pokerkit, and the worst showdown.

``python bench/engine.py [--quick]`` from the repository (pokerkit comes with the test extra).

1. Random complete hands of pot-limit Omaha, no-limit Omaha and fixed-limit Omaha hi-lo are
   first played once (cards from a shuffled deck, random legal actions, every remaining hand
   shown). Then the same deals and actions are replayed, timed, through this engine
   (``Hand(setup, events)``: every event verified, applied and the pots settled) and through
   pokerkit (the same operations on a pokerkit ``State``, set up by
   ``dealer_console.sim.pokerkit_reference`` as in the differential tests). Input parsing is done before the
   clock starts for both.
2. The worst showdown: nine players of six-card Omaha hi-lo, two boards, three runs: 54
   player-board evaluations of high and low, then the pots split. A single deck cannot deal
   this (54 hole cards), so the holdings are drawn for each player from the cards not on the
   boards, as the cost is the same; :func:`settle` is timed on its own.

The last line printed is one JSON object: ``hands_per_s``, ``pokerkit_hands_per_s``,
``speedup``, ``worst_showdown_ms``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_console.engine.cards import DECK, Card
from dealer_console.engine.events import BoardDealt, Event, WentAllIn
from dealer_console.engine.games import HouseRules, Structure, make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase
from dealer_console.engine.pots import Pot
from dealer_console.engine.showdown import SettlementInput, settle
from dealer_console.sim.hand_play import choose_action, deal_next_board
from dealer_console.sim.pokerkit_reference import StateFactory, make_games
from dealer_console.sim.random_deals import random_table

Operation = tuple[str, tuple[object, ...]]

STRUCTURES = (Structure.POT_LIMIT, Structure.NO_LIMIT, Structure.LIMIT)


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """A random hand played through the engine, and the same steps as pokerkit operations."""

    setup: HandSetup
    events: tuple[Event, ...]
    create: StateFactory
    stacks: list[int]
    operations: list[Operation]
    burns: list[str]


def record_hand(rng: random.Random, structure: Structure) -> RecordedHand | None:
    """Play a random hand in the engine and translate it to pokerkit; ``None`` if pokerkit ends elsewhere.

    Hands on which pokerkit 0.7.7 is known to differ (the exclusions of the differential tests)
    end with other stacks there; they are left out of the timing and counted.
    """
    (small, big), stacks = random_table(rng, structure)
    house = HouseRules()
    game, create = make_games(structure, small, big, house)
    setup = HandSetup(
        game=game,
        stacks={i + 1: stack for i, stack in enumerate(stacks)},
        button=len(stacks),
        extra_player_authorized_by="floor" if len(stacks) > game.variant.max_players else None,
    )
    hand = Hand(setup)
    deck: list[Card] = list(DECK)
    rng.shuffle(deck)
    hand.post_blinds()
    operations: list[Operation] = []
    for seat in hand.deal_order():
        cards = [deck.pop() for _ in range(4)]
        hand.deal_hole(seat, cards)
        operations.append(("deal_hole", ("".join(map(str, cards)),)))
    while not hand.is_complete:
        actor = hand.actor
        if actor is not None:
            before = len(hand.events)
            bet, stack = hand.bets[actor], hand.stacks[actor]
            current = hand.current_bet
            choose_action(hand, rng)
            event = hand.events[before]
            name = type(event).__name__
            if name == "Folded":
                operations.append(("fold", ()))
            elif name in ("Checked", "Called") or (isinstance(event, WentAllIn) and bet + stack <= current):
                operations.append(("check_or_call", ()))
            else:
                amount = bet + stack if isinstance(event, WentAllIn) else event.amount  # type: ignore[attr-defined]
                operations.append(("complete_bet_or_raise_to", (amount,)))
        elif hand.phase is Phase.BOARD:
            before = len(hand.events)
            deal_next_board(hand, deck)
            dealt = hand.events[before]
            assert isinstance(dealt, BoardDealt)
            operations.append(("deal_board", ("".join(map(str, dealt.cards)),)))
        elif hand.phase is Phase.SHOWDOWN:
            for seat in hand.showdown_order():
                if not hand.is_complete and hand.needs_showdown_decision(seat):
                    hand.show(seat)
    recorded = RecordedHand(setup, hand.events, create, list(stacks), operations, [str(card) for card in deck[:3]])
    try:
        final = replay_pokerkit(recorded)
    except ValueError:  # pokerkit refuses a step the engine allowed (a known rule difference)
        return None
    assert hand.result is not None
    if final != [hand.result.final_stacks[i + 1] for i in range(len(stacks))]:
        return None
    return recorded


def replay_pokerkit(hand: RecordedHand) -> list[int]:
    """Run the recorded operations on a new pokerkit state; return its final stacks."""
    state = hand.create(hand.stacks)
    burns = iter(hand.burns)

    def housekeeping(dealing: bool) -> None:
        while True:
            if dealing and state.can_burn_card():
                state.burn_card(next(burns))
            elif state.showdown_index is not None:
                state.show_or_muck_hole_cards(True)
            elif state.can_push_chips():
                state.push_chips()
            else:
                return

    for name, arguments in hand.operations:
        housekeeping(name == "deal_board")
        getattr(state, name)(*arguments)
    housekeeping(False)
    return [int(stack) for stack in state.stacks]


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeats`` timings of ``run``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def worst_showdown_input(rng: random.Random) -> SettlementInput:
    """Nine six-card hi-lo hands, two boards, three runs, three pots (two side pots)."""
    game = make_game("6DBO/8", "pot-limit", small_blind=1, big_blind=2)
    seats = tuple(range(1, 10))
    deck = list(DECK)
    rng.shuffle(deck)
    flop = deck[:3]
    boards = tuple(
        tuple(tuple(flop + deck[3 + 4 * (2 * run + board) : 5 + 4 * (2 * run + board)]) for board in range(2)) for run in range(3)
    )
    board_cards = {card for run in boards for board in run for card in board}
    rest = [card for card in DECK if card not in board_cards]
    holdings = {seat: tuple(rng.sample(rest, 6)) for seat in seats}
    contributions = {seat: 100 if seat < 4 else 300 if seat < 7 else 600 for seat in seats}
    pots = (Pot(900, seats), Pot(1200, seats[3:]), Pot(900, seats[6:]))
    return SettlementInput(
        game=game,
        order=seats,
        starting_stacks=dict(contributions),
        stacks={seat: 0 for seat in seats},
        contributions=contributions,
        pots=pots,
        pot_runs=(3, 3, 3),
        returned={},
        holdings=holdings,
        contenders=seats,
        boards=boards,
        flop_dealt=True,
        showdown=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller work, same figures (under a minute)")
    args = parser.parse_args()
    hands_each = 80 if args.quick else 1000
    repeats = 2 if args.quick else 3

    played: list[RecordedHand] = []
    rng = random.Random(2026)
    skipped = 0
    for structure in STRUCTURES:
        made = 0
        while made < hands_each:
            recorded = record_hand(rng, structure)
            if recorded is None:
                skipped += 1
                continue
            played.append(recorded)
            made += 1
    ours = [(hand.setup, hand.events) for hand in played]

    def run_ours() -> None:
        for setup, events in ours:
            Hand(setup, events)

    def run_pokerkit() -> None:
        for hand in played:
            replay_pokerkit(hand)

    ours_s = best_of(repeats, run_ours)
    pokerkit_s = best_of(repeats, run_pokerkit)
    hands = len(played)
    hands_per_s = hands / ours_s
    pokerkit_hands_per_s = hands / pokerkit_s

    rng = random.Random(7)
    showdowns = [worst_showdown_input(rng) for _ in range(10 if args.quick else 50)]
    worst_ms = max(best_of(repeats, lambda data=data: settle(data)) for data in showdowns) * 1000  # type: ignore[misc]

    print(f"complete hands ({hands}: PLO, NLO, FL O/8, 2-9 players, one replay each): "
          f"{skipped} left out where pokerkit 0.7.7 refuses a step or ends elsewhere; "
          f"engine {hands_per_s:,.0f}/s, pokerkit {pokerkit_hands_per_s:,.0f}/s, speedup {hands_per_s / pokerkit_hands_per_s:.1f}x")
    print(f"worst showdown (9 players, six-card Omaha hi-lo, 2 boards, 3 runs, 3 pots): {worst_ms:.2f} ms (slowest of {len(showdowns)})")
    print(json.dumps({
        "hands_per_s": round(hands_per_s, 1),
        "pokerkit_hands_per_s": round(pokerkit_hands_per_s, 1),
        "speedup": round(hands_per_s / pokerkit_hands_per_s, 2),
        "worst_showdown_ms": round(worst_ms, 3),
        "hands": hands,
    }))


if __name__ == "__main__":
    main()
