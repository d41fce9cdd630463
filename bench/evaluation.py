"""Time Omaha hand evaluation: ours against pokerkit and (if installed) phevaluator.

Run ``python bench/evaluation.py [--quick]`` from the repository.  Every
evaluator sees the same random hands; figures are CPU microseconds per hand
(best of a few repeats; process time, so a busy machine skews them less than
wall time would).  The last line printed is one JSON object.

phevaluator is only a yardstick here, never a dependency; without it the
``phevaluator_*`` keys are ``null``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

# The script lives outside the package, so make the checkout importable.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_console.engine.cards import DECK, Card
from dealer_console.engine.evaluation import BoardEvaluator, best_high, best_low

Deal = tuple[tuple[Card, ...], tuple[Card, ...]]
HOLE_COUNTS = (4, 5, 6)
WORST_PLAYERS = 9
WORST_BOARDS = 6  # two boards, run three times


def deals(count: int, hole_cards: int, rng: random.Random) -> list[Deal]:
    """``count`` random (hole, five-card board) deals."""
    result = []
    for _ in range(count):
        cards = rng.sample(DECK, hole_cards + 5)
        result.append((tuple(cards[:hole_cards]), tuple(cards[hole_cards:])))
    return result


def per_hand_us(run: Callable[[], object], count: int, repeats: int) -> float:
    """Best-of-``repeats`` CPU time of ``run`` divided by ``count``, in microseconds."""
    best = float("inf")
    for _ in range(repeats):
        # CPU time of this process: other jobs on a shared machine do not inflate it.
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return round(best / count * 1e6, 2)


def time_ours(hands: Sequence[Deal], repeats: int) -> dict[str, float]:
    """Ours, cold: a fresh BoardEvaluator per hand, so nothing is shared between hands."""
    def high() -> None:
        for hole, board in hands:
            BoardEvaluator(board).high(hole)

    def low() -> None:
        for hole, board in hands:
            BoardEvaluator(board).low(hole)

    def both() -> None:
        for hole, board in hands:
            evaluator = BoardEvaluator(board)
            evaluator.high(hole)
            evaluator.low(hole)

    def wrappers() -> None:
        for hole, board in hands:
            best_high(hole, board)
            best_low(hole, board)

    return {
        "hi": per_hand_us(high, len(hands), repeats),
        "lo": per_hand_us(low, len(hands), repeats),
        "hilo": per_hand_us(both, len(hands), repeats),
        "hilo_wrappers": per_hand_us(wrappers, len(hands), repeats),
    }


def time_pokerkit(hands: Sequence[Deal], repeats: int) -> dict[str, float] | None:
    """pokerkit's OmahaHoldemHand / OmahaEightOrBetterLowHand.from_game on pre-parsed cards."""
    try:
        from pokerkit import Card as PokerkitCard
        from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand
    except ImportError:
        return None
    converted = [
        (tuple(PokerkitCard.parse("".join(map(str, hole)))), tuple(PokerkitCard.parse("".join(map(str, board)))))
        for hole, board in hands
    ]

    def high() -> None:
        for hole, board in converted:
            OmahaHoldemHand.from_game(hole, board)

    def low() -> None:
        for hole, board in converted:
            OmahaEightOrBetterLowHand.from_game_or_none(hole, board)

    return {"hi": per_hand_us(high, len(hands), repeats), "lo": per_hand_us(low, len(hands), repeats)}


def time_phevaluator(hands: Sequence[Deal], hole_cards: int, repeats: int) -> float | None:
    """phevaluator's C Omaha evaluator: high only, and its PyPI build has only 4-card PLO."""
    try:
        # ``from phevaluator import evaluator_omaha`` recurses in phevaluator's lazy loader.
        evaluator_omaha = importlib.import_module("phevaluator.evaluator_omaha")
    except ImportError:
        return None
    function: Any = {
        4: evaluator_omaha.evaluate_omaha_cards,
        5: getattr(evaluator_omaha, "evaluate_plo5_cards", None),
        6: getattr(evaluator_omaha, "evaluate_plo6_cards", None),
    }[hole_cards]
    # Card.index uses phevaluator's numbering (rank * 4 + suit, clubs first).
    ids = [tuple(card.index for card in board) + tuple(card.index for card in hole) for hole, board in hands]
    try:
        function(*ids[0])
    except (NotImplementedError, TypeError):
        return None

    def high() -> None:
        for cards in ids:
            function(*cards)

    return per_hand_us(high, len(hands), repeats)


def time_worst_showdown(rng: random.Random, showdowns: int) -> dict[str, float]:
    """9 players of six-card hi-lo on two boards run three times: 54 hi and 54 lo evaluations.

    9 x 6 hole cards do not fit in one deck with the boards, so each board's
    players are drawn from the 47 cards off that board; only the timing matters.
    """
    tables = []
    for _ in range(showdowns):
        table = []
        for _ in range(WORST_BOARDS):
            board = tuple(rng.sample(DECK, 5))
            rest = [card for card in DECK if card not in board]
            table.append((board, [tuple(rng.sample(rest, 6)) for _ in range(WORST_PLAYERS)]))
        tables.append(table)

    def shared() -> None:
        for table in tables:
            for board, holes in table:
                evaluator = BoardEvaluator(board)
                for hole in holes:
                    evaluator.high(hole)
                    evaluator.low(hole)

    def cold() -> None:
        for table in tables:
            for board, holes in table:
                for hole in holes:
                    BoardEvaluator(board).high(hole)
                    BoardEvaluator(board).low(hole)

    return {
        "shared_ms": round(per_hand_us(shared, showdowns, 3) / 1000, 3),
        "cold_ms": round(per_hand_us(cold, showdowns, 3) / 1000, 3),
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print a table, then one line of JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands; finishes well under a minute")
    parser.add_argument("--seed", type=int, default=20240607)
    args = parser.parse_args(argv)
    ours_count, pokerkit_count, repeats = (2000, 200, 3) if args.quick else (20000, 2000, 5)
    rng = random.Random(args.seed)
    results: dict[str, Any] = {"quick": args.quick, "python": sys.version.split()[0]}
    for hole_cards in HOLE_COUNTS:
        hands = deals(ours_count, hole_cards, rng)
        ours = time_ours(hands, repeats)
        pokerkit = time_pokerkit(hands[:pokerkit_count], max(1, repeats // 2))
        results[f"ours_hi{hole_cards}_us"] = ours["hi"]
        results[f"ours_lo{hole_cards}_us"] = ours["lo"]
        results[f"ours_hilo{hole_cards}_us"] = ours["hilo"]
        results[f"ours_hilo{hole_cards}_wrappers_us"] = ours["hilo_wrappers"]
        results[f"pokerkit_hi{hole_cards}_us"] = pokerkit and pokerkit["hi"]
        results[f"pokerkit_lo{hole_cards}_us"] = pokerkit and pokerkit["lo"]
        results[f"phevaluator_hi{hole_cards}_us"] = time_phevaluator(hands, hole_cards, repeats)
        print(
            f"{hole_cards} hole cards: ours hi {ours['hi']} us, lo {ours['lo']} us, hi+lo {ours['hilo']} us"
            f" | pokerkit hi {results[f'pokerkit_hi{hole_cards}_us']} us, lo {results[f'pokerkit_lo{hole_cards}_us']} us"
            f" | phevaluator hi {results[f'phevaluator_hi{hole_cards}_us']} us"
        )
    worst = time_worst_showdown(rng, 20 if args.quick else 200)
    results["ours_worst_showdown_ms"] = worst["shared_ms"]
    results["ours_worst_showdown_cold_ms"] = worst["cold_ms"]
    print(f"worst showdown (54 six-card hi+lo evaluations): {worst['shared_ms']} ms shared, {worst['cold_ms']} ms cold")
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
