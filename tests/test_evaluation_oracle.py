"""Our Omaha evaluator agrees with pokerkit's on hundreds of thousands of random hands.

Source: pokerkit 0.7.7 ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand``
(``HoleBoardCombinationHand.from_game``: every two hole cards with every three
board cards, the best by its own lookup tables), an independent implementation
of the rule in omaha-club-rules.txt: "it is possible to use only two of the
player's hole cards and only three out of the five community cards", and of
the Omaha Hi-Low low in MAIN OMAHA VARIATIONS.

pokerkit's ``from_game`` takes 0.5-3 ms a hand, most of it building a ``Hand``
object for each of up to 150 combinations.  So every hand is judged by pokerkit's
own lookup tables (``OmahaHoldemHand.lookup`` and ``OmahaEightOrBetterLowHand.lookup``,
the tables ``from_game`` ranks by) over every two-hole-plus-three-board combination,
which is the loop of ``HoleBoardCombinationHand.from_game`` without the objects, each
rank pattern (pokerkit's own lookup key: the ranks' multiset and whether all five share
a suit) asked of the table once per chunk, about twelve times cheaper; and the first
chunk of each hole count (2,000 hands) is also run through ``from_game`` itself, which
must pick a hand of the same rank.
The deals are checked in a process pool (one worker per CPU) in fixed-seed chunks.  Each deal is one board and two
players, so every hand is also ordered against another hand on its board.
Half the boards have five cards (the showdown case), a quarter each four and
three: the evaluator must handle flop and turn boards too, and they are what
keeps 600,000 pokerkit evaluations in about a minute on two cores.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from typing import Any

import pytest

pytest.importorskip("pokerkit", reason="pokerkit is the reference oracle for hand evaluation; pip install pokerkit")

# Registered in pyproject.toml as "still part of the suite"; it only lets a quick local run deselect it.
pytestmark = pytest.mark.slow

from dealer_console.engine.cards import DECK, Card  # noqa: E402
from dealer_console.engine.evaluation import (  # noqa: E402
    CATEGORY_NAMES,
    BoardEvaluator,
    HighHand,
    LowHand,
    evaluate_five,
    evaluate_low_five,
)

HOLE_COUNTS = (4, 5, 6)
HANDS_PER_HOLE_COUNT = 100_000
PLAYERS_PER_DEAL = 2
DEALS_PER_CHUNK = 1_000
# Half river boards, a quarter each turn and flop: a river costs pokerkit
# 2.3x a turn and 9x a flop, and this mix keeps the file near a minute on two cores.
BOARD_SIZES = (5, 5, 4, 3)
SEED = 20_240_607
EXAMPLES_KEPT = 5

Deal = tuple[tuple[Card, ...], tuple[Card, ...]]


def _sign(difference: int) -> int:
    return (difference > 0) - (difference < 0)


def _plays_two_plus_three(hand: HighHand | LowHand, hole: Sequence[Card], board: Sequence[Card]) -> bool:
    played = set(hand.cards)
    return len(played) == 5 and len(played & set(hole)) == 2 and len(played & set(board)) == 3


_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def _pattern(cards: Sequence[Any], prime: dict[Any, int]) -> tuple[int, Any]:
    """The cards' rank multiset as a product of primes, and their one suit (``None`` when mixed)."""
    product = 1
    for card in cards:
        product *= prime[card.rank]
    suits = {card.suit for card in cards}
    return product, (next(iter(suits)) if len(suits) == 1 else None)


def _pokerkit_best(
    hand_type: Any, hole: Sequence[Any], board: Sequence[Any], prime: dict[Any, int], memo: dict[Any, Any]
) -> tuple[Any, tuple[Any, ...]] | None:
    """pokerkit's best entry and its five cards over every 2 + 3 combination (``None``: no valid hand).

    As pokerkit's ``Hand.__lt__``: a greater entry is stronger, except in a low hand type.
    pokerkit keys its lookup by the ranks' multiset and whether the five cards share a suit
    (``Lookup._get_key``), so ``memo`` keeps each key's entry once asked of the lookup: the
    same table, asked once per rank pattern instead of once per combination.
    """
    lookup, low = hand_type.lookup, hand_type.low
    best: Any = None
    best_cards: tuple[Any, ...] = ()
    triples = [(triple, *_pattern(triple, prime)) for triple in combinations(board, 3)]
    for pair in combinations(hole, 2):
        pair_product, pair_suit = _pattern(pair, prime)
        for triple, triple_product, triple_suit in triples:
            key = (pair_product * triple_product, pair_suit is not None and pair_suit == triple_suit)
            entry = memo.get(key, memo)
            if entry is memo:
                entry = memo[key] = lookup.get_entry_or_none(pair + triple)
            if entry is None:
                continue
            if best is None or (entry < best if low else entry > best):
                best, best_cards = entry, pair + triple
    return None if best is None else (best, best_cards)


def _check_chunk(task: tuple[int, int, int]) -> dict[str, Any]:
    """Deal ``deals`` random boards to two ``hole_count``-card players and compare every answer with pokerkit."""
    from pokerkit import Card as PokerkitCard
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

    hole_count, seed, deals = task
    to_pokerkit = {card: next(iter(PokerkitCard.parse(str(card)))) for card in DECK}
    from_pokerkit = {repr(theirs): ours for ours, theirs in to_pokerkit.items()}
    rng = random.Random(seed)
    prime = {rank: _PRIMES[i] for i, rank in enumerate({card.rank for card in to_pokerkit.values()})}
    high_memo: dict[Any, Any] = {}
    low_memo: dict[Any, Any] = {}
    result: dict[str, Any] = {
        "hands": 0, "order_checks": 0, "high_ties": 0, "low_ties": 0, "lows": 0,
        "categories": Counter(), "board_sizes": Counter(),
        "high_mismatches": 0, "low_mismatches": 0, "order_mismatches": 0, "examples": [],
        "from_game_checks": 0, "from_game_mismatches": 0,
    }
    cross_check = (seed - SEED) % 1_000 == 0  # the first chunk of each hole count

    def mismatch(kind: str, text: str) -> None:
        result[kind] += 1
        if len(result["examples"]) < EXAMPLES_KEPT:
            result["examples"].append(f"{kind}: {text}")

    for _ in range(deals):
        board_size = rng.choice(BOARD_SIZES)
        dealt = rng.sample(DECK, board_size + PLAYERS_PER_DEAL * hole_count)
        board = tuple(dealt[:board_size])
        holes = [tuple(dealt[board_size + i * hole_count : board_size + (i + 1) * hole_count]) for i in range(PLAYERS_PER_DEAL)]
        result["board_sizes"][board_size] += 1
        evaluator = BoardEvaluator(board)
        pk_board = tuple(to_pokerkit[card] for card in board)
        players = []
        for hole in holes:
            result["hands"] += 1
            where = f"hole {''.join(map(str, hole))} board {''.join(map(str, board))}"
            pk_hole = tuple(to_pokerkit[card] for card in hole)
            ours_high = evaluator.high(hole)
            ours_low = evaluator.low(hole)
            found_high = _pokerkit_best(OmahaHoldemHand, pk_hole, pk_board, prime, high_memo)
            assert found_high is not None
            theirs_high, theirs_high_cards = found_high
            found_low = _pokerkit_best(OmahaEightOrBetterLowHand, pk_hole, pk_board, prime, low_memo)
            theirs_low, theirs_low_cards = found_low if found_low is not None else (None, ())
            if cross_check:
                result["from_game_checks"] += 1
                whole_high = OmahaHoldemHand.from_game(pk_hole, pk_board)
                whole_low = OmahaEightOrBetterLowHand.from_game_or_none(pk_hole, pk_board)
                if OmahaHoldemHand.lookup.get_entry(whole_high.cards) != theirs_high or (whole_low is None) != (theirs_low is None) or (
                    whole_low is not None and OmahaEightOrBetterLowHand.lookup.get_entry(whole_low.cards) != theirs_low
                ):
                    mismatch("from_game_mismatches", f"{where}: from_game {whole_high} / {whole_low}")
            result["categories"][ours_high.category] += 1

            theirs_five = [from_pokerkit[repr(card)] for card in theirs_high_cards]
            if (
                evaluate_five(theirs_five).value != ours_high.value
                or evaluate_five(ours_high.cards) != ours_high
                or not _plays_two_plus_three(ours_high, hole, board)
            ):
                mismatch("high_mismatches", f"{where}: ours {ours_high}, pokerkit {theirs_high}")

            if (theirs_low is None) != (ours_low is None):
                mismatch("low_mismatches", f"{where}: ours {ours_low}, pokerkit {theirs_low}")
            elif theirs_low is not None and ours_low is not None:
                result["lows"] += 1
                their_cards = [from_pokerkit[repr(card)] for card in theirs_low_cards]
                theirs_ranks = tuple(sorted((1 if card.rank == 14 else card.rank for card in their_cards), reverse=True))
                if (
                    theirs_ranks != ours_low.ranks
                    or evaluate_low_five(ours_low.cards) != ours_low
                    or not _plays_two_plus_three(ours_low, hole, board)
                ):
                    mismatch("low_mismatches", f"{where}: ours {ours_low}, pokerkit {theirs_low}")
            players.append((ours_high, ours_low, theirs_high, theirs_low))

        for (oh1, ol1, th1, tl1), (oh2, ol2, th2, tl2) in combinations(players, 2):
            result["order_checks"] += 1
            their_high_order = 1 if th1 > th2 else (-1 if th1 < th2 else 0)
            if _sign(oh1.value - oh2.value) != their_high_order:
                mismatch("order_mismatches", f"high: ours {oh1} vs {oh2}, pokerkit {th1} vs {th2}")
            result["high_ties"] += their_high_order == 0
            if tl1 is not None and tl2 is not None and ol1 is not None and ol2 is not None:
                their_low_order = 1 if tl1 < tl2 else (-1 if tl1 > tl2 else 0)  # a low entry is stronger when smaller
                if _sign(ol1.value - ol2.value) != their_low_order:
                    mismatch("order_mismatches", f"low: ours {ol1} vs {ol2}, pokerkit {tl1} vs {tl2}")
                result["low_ties"] += their_low_order == 0
    return result


def _pool_context() -> Any:
    # Forked workers inherit this module as pytest imported it, whatever the import mode.
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


@pytest.fixture(scope="module")
def oracle() -> dict[int, dict[str, Any]]:
    """Every hole count's merged results from the worker pool."""
    chunks = -(-HANDS_PER_HOLE_COUNT // (DEALS_PER_CHUNK * PLAYERS_PER_DEAL))
    # Slowest chunks first so the last ones to finish are short.
    tasks = [
        (hole_count, SEED + hole_count * 1_000 + chunk, DEALS_PER_CHUNK)
        for hole_count in sorted(HOLE_COUNTS, reverse=True)
        for chunk in range(chunks)
    ]
    merged: dict[int, dict[str, Any]] = {}
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=_pool_context()) as pool:
        for (hole_count, _, _), part in zip(tasks, pool.map(_check_chunk, tasks), strict=True):
            total = merged.setdefault(hole_count, {"examples": []})
            for key, value in part.items():
                if key == "examples":
                    total["examples"].extend(value)
                elif isinstance(value, Counter):
                    total.setdefault(key, Counter()).update(value)
                else:
                    total[key] = total.get(key, 0) + value
    return merged


@pytest.mark.parametrize("hole_count", HOLE_COUNTS)
def test_high_hand_matches_pokerkit_on_100000_random_hands(oracle: dict[int, dict[str, Any]], hole_count: int) -> None:
    """pokerkit OmahaHoldemHand.from_game (two hole + three board): its best five cards have our value, and ours are a legal 2+3."""
    result = oracle[hole_count]
    assert result["hands"] >= HANDS_PER_HOLE_COUNT
    assert result["high_mismatches"] == 0, result["examples"]


@pytest.mark.parametrize("hole_count", HOLE_COUNTS)
def test_low_hand_matches_pokerkit_on_100000_random_hands(oracle: dict[int, dict[str, Any]], hole_count: int) -> None:
    """pokerkit OmahaEightOrBetterLowHand.from_game: the same hands qualify, with the same five low ranks."""
    result = oracle[hole_count]
    assert result["hands"] >= HANDS_PER_HOLE_COUNT
    assert result["low_mismatches"] == 0, result["examples"]
    # Both answers must be common for the agreement to mean anything.
    assert 0.2 * result["hands"] < result["lows"] < 0.8 * result["hands"]


@pytest.mark.parametrize("hole_count", HOLE_COUNTS)
def test_showdown_order_matches_pokerkit(oracle: dict[int, dict[str, Any]], hole_count: int) -> None:
    """pokerkit hand comparison (greater is stronger): two players on one board are ordered, and tied, the same way."""
    result = oracle[hole_count]
    assert result["order_checks"] >= HANDS_PER_HOLE_COUNT // PLAYERS_PER_DEAL
    assert result["order_mismatches"] == 0, result["examples"]
    assert result["high_ties"] > 0 and result["low_ties"] > 0


def test_random_hands_cover_every_category_and_board_size(oracle: dict[int, dict[str, Any]]) -> None:
    """The sample is only evidence if it reaches every hand category (omaha-limit-basics.txt hand ranks) and flop, turn and river boards."""
    categories: Counter[str] = Counter()
    board_sizes: Counter[int] = Counter()
    for result in oracle.values():
        categories.update(result["categories"])
        board_sizes.update(result["board_sizes"])
    assert set(categories) == set(CATEGORY_NAMES), categories
    assert set(board_sizes) == {3, 4, 5}


@pytest.mark.parametrize("hole_count", HOLE_COUNTS)
def test_lookup_loop_picks_what_pokerkit_from_game_picks(oracle: dict[int, dict[str, Any]], hole_count: int) -> None:
    """pokerkit's own ``from_game`` (high and 8-or-better low) agrees with the lookup loop the other tests use."""
    result = oracle[hole_count]
    assert result["from_game_checks"] >= 2 * DEALS_PER_CHUNK
    assert result["from_game_mismatches"] == 0, result["examples"]
