"""Omaha hand evaluation follows the written rules.

Sources, all under /work/shared/seeds:

* omaha-club-rules.txt, opening section: "To collect a 5 card hand, it is
  possible to use only two of the player's hole cards and only three out of
  the five community cards."
* omaha-limit-basics.txt: "Players must use only 2 of their own cards, in
  combination with 3 of the community cards."
* omaha-club-rules.txt, MAIN OMAHA VARIATIONS, Omaha Hi-Low: "Low hands
  comprise a set of any five unpaired cards ranking 8 or below. Ace is the
  lowest card. The lower the highest of the five cards, the higher the rank of
  the low hand (5-4-3-2-A representing the strongest low hand; 8-7-6-5-4 -
  the weakest low hand)."
* omaha-club-rules.txt, MAIN OMAHA VARIATIONS, Five-card Omaha: five hole
  cards, "six or more" by agreement.
* oklahoma-rules.txt 1.7: "the player can compose the best five-card
  combination only from the two hole cards left in his hand and any three out
  of five community cards".
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_console.engine.cards import DECK, Card, parse_cards
from dealer_console.engine.errors import CardError
from dealer_console.engine.evaluation import (
    BoardEvaluator,
    HighHand,
    LowHand,
    best_high,
    best_low,
    evaluate_five,
    evaluate_low_five,
)


def cards(text: str) -> tuple[Card, ...]:
    """Parse cards that the test names in full (no ``??``)."""
    parsed = parse_cards(text)
    known = tuple(card for card in parsed if card is not None)
    assert len(known) == len(parsed), f"test bug: unknown card in {text!r}"
    return known


def high(hole: str, board: str) -> HighHand:
    return best_high(cards(hole), cards(board))


def low(hole: str, board: str) -> LowHand | None:
    return best_low(cards(hole), cards(board))


def uses_two_hole_and_three_board(hand: HighHand | LowHand, hole: str, board: str) -> bool:
    played = set(hand.cards)
    return len(played) == 5 and len(played & set(cards(hole))) == 2 and len(played & set(cards(board))) == 3


# --- exactly two hole cards and three board cards (omaha-club-rules.txt, omaha-limit-basics.txt)


def test_four_hearts_on_board_and_one_in_hand_is_not_a_flush() -> None:
    """omaha-limit-basics.txt: "Players must use only 2 of their own cards ... with 3 of the community cards"."""
    hand = high("Ah Kc 7d 2s", "Qh Jh 9h 4h 3c")
    assert hand.category != "Flush"
    assert hand.describe() == "High card Ace"


def test_two_suited_hole_cards_with_three_on_board_make_a_flush() -> None:
    """omaha-limit-basics.txt: two hole cards plus three community cards, so two hearts in hand make it."""
    hand = high("Ah Kh 7d 2s", "Qh Jh 9c 4h 3c")
    assert hand.category == "Flush"
    assert hand.describe() == "Flush, Ace-King high"
    assert uses_two_hole_and_three_board(hand, "Ah Kh 7d 2s", "Qh Jh 9c 4h 3c")


def test_three_suited_hole_cards_with_two_on_board_are_not_a_flush() -> None:
    """omaha-club-rules.txt: only two hole cards and only three community cards play."""
    assert high("Ah Kh Qh 2s", "Jh 9h 8c 4d 3c").category != "Flush"


def test_four_of_a_kind_in_the_hole_does_not_play() -> None:
    """omaha-club-rules.txt: "only two of the player's hole cards": four sevens in hand are one pair."""
    hand = high("7c 7d 7h 7s", "Ks Qd 2c 9h 4s")
    assert hand.describe() == "Pair of Sevens"
    assert [card.rank for card in hand.cards] == [7, 7, 13, 12, 9]


def test_board_straight_does_not_count_without_two_hole_cards() -> None:
    """omaha-club-rules.txt: "only three out of the five community cards", so a five-card board straight is not held."""
    assert high("As Ad Kc Kh", "5c 6d 7h 8s 9c").describe() == "Pair of Aces"
    assert high("Ts Jd 2c 2h", "5c 6d 7h 8s 9c").describe() == "Straight, Jack high"


def test_one_hole_card_completing_a_straight_is_not_enough() -> None:
    """omaha-limit-basics.txt: exactly two hole cards; a lone nine with 5-6-7-8 on board is no straight."""
    hand = high("9h 2c 2d 3s", "5c 6d 7h 8s Kc")
    assert hand.category != "Straight"
    assert hand.describe() == "Pair of Twos"


def test_board_full_house_is_not_the_players_hand() -> None:
    """omaha-club-rules.txt: three community cards at most, so K-K-K-7-7 on board plays as three Kings."""
    assert high("2s 3s 4d 5d", "Kc Kd Kh 7c 7d").describe() == "Three Kings"


def test_trips_in_the_hole_play_as_a_pair() -> None:
    """omaha-limit-basics.txt: two hole cards only, so the third jack in hand is dead."""
    hand = high("Jc Jd Jh 2s", "Js 9d 5c 4h Kc")
    assert hand.describe() == "Three Jacks"
    assert sum(card.rank == 11 for card in hand.cards) == 3


def test_board_pair_with_hole_pair_makes_a_full_house() -> None:
    """omaha-club-rules.txt: two from the hole (K-K) and three from the board (A-A-A... only three) make Aces full of Kings."""
    hand = high("Kc Kd 2s 3s", "Ah Ad As 9c 4h")
    assert hand.describe() == "Aces full of Kings"
    assert uses_two_hole_and_three_board(hand, "Kc Kd 2s 3s", "Ah Ad As 9c 4h")


# --- hole card counts (oklahoma-rules.txt 1.7; omaha-club-rules.txt Five-card Omaha)


@pytest.mark.parametrize(
    ("hole", "board", "expected"),
    [
        ("Qs Qd", "Qh 8c 8d 2s 3h", "Queens full of Eights"),  # Oklahoma: two cards left after discards
        ("2c 3d Qs Qd", "Qh 8c 8d 2s 3h", "Queens full of Eights"),
        ("2c 3d 4h Qs Qd", "Qh 8c 8d 2s 3h", "Queens full of Eights"),
        ("2c 3d 4h 5c Qs Qd", "Qh 8c 8d 2s 3h", "Queens full of Eights"),
    ],
)
def test_two_four_five_and_six_hole_cards_all_use_exactly_two(hole: str, board: str, expected: str) -> None:
    """oklahoma-rules.txt 1.7 (two hole cards left) and omaha-club-rules.txt Five-card Omaha ("six or more")."""
    hand = high(hole, board)
    assert hand.describe() == expected
    assert uses_two_hole_and_three_board(hand, hole, board)


def test_six_hole_cards_find_the_best_pair_of_them() -> None:
    """omaha-club-rules.txt Five-card Omaha / six cards: any two of the hole cards, here the last two."""
    hand = high("2c 3d 4h 9s Th Jh", "Qh Kh 9h 7c 8d")
    assert hand.category == "Straight Flush"
    assert hand.describe() == "Straight Flush, King high"


def test_flop_and_turn_boards_are_evaluated_too() -> None:
    """omaha-club-rules.txt: three of the community cards, whatever has been dealt (3 or 4 on flop and turn)."""
    assert high("Ac Kc 2d 2h", "Qc Jc Tc").describe() == "Royal Flush"
    assert high("Ac Kc 2d 2h", "Qc Jc 2s 5d").describe() == "Three Twos"


def test_evaluating_needs_at_least_two_hole_and_three_board_cards() -> None:
    """omaha-club-rules.txt: two hole cards and three board cards make the hand, so fewer cannot."""
    with pytest.raises(CardError):
        high("As", "Kd Qd Jd")
    with pytest.raises(CardError):
        high("As Ks", "Kd Qd")
    with pytest.raises(CardError):
        high("As Ks", "2c 3c 4c 5c 6c 7c")


def test_duplicate_and_unknown_cards_are_refused() -> None:
    """cards.py: every card is one of 52; the same card cannot be in two places, and ``??`` cannot be evaluated."""
    with pytest.raises(CardError, match="Kd"):
        high("As Kd 2c 3c", "Kd Qd Jd")
    with pytest.raises(CardError):
        high("As As 2c 3c", "Kd Qd Jd")
    unknown = parse_cards("As ?? 2c 3c")
    with pytest.raises(CardError):
        best_high(unknown, cards("Kd Qd Jd"))  # type: ignore[arg-type]


# --- descriptions and categories


@pytest.mark.parametrize(
    ("hole", "board", "category", "words"),
    [
        ("Ah Kh 2c 3d", "Qh Jh Th 9c 8c", "Straight Flush", "Royal Flush"),
        ("9h 8h 2c 3d", "7h 6h 5h Kc Ac", "Straight Flush", "Straight Flush, Nine high"),
        ("7c 7d 2c 3d", "7h 7s Kh 9c 4c", "Four of a Kind", "Four Sevens"),
        ("Ac Ad 2c 3d", "Ah Kh Ks 9c 4c", "Full House", "Aces full of Kings"),
        ("Ad Kd 2c 3c", "Qd 9d 4d 7s 8h", "Flush", "Flush, Ace-King high"),
        ("6c 5d 2c 3d", "4h 3s 2h Kc Kd", "Straight", "Straight, Six high"),
        ("Ac 2d Kc Kd", "3h 4s 5c 9d Jh", "Straight", "Straight, Five high"),
        ("Jc Jd 2c 3d", "Jh 9s 5h Kc 8d", "Three of a Kind", "Three Jacks"),
        ("Kc 7d 2c 3d", "Kh 7s 9h 4c Qd", "Two Pair", "Two Pair, Kings and Sevens"),
        ("Qc 9d 2c 3d", "Qh 7s 5h Kc 8d", "Pair", "Pair of Queens"),
        ("Ac Jd 2c 3d", "Qh 7s 5h Kc 8d", "High Card", "High card Ace"),
        ("6c 6d 2c 3d", "6h 9s 9h Kc 8d", "Full House", "Sixes full of Nines"),
    ],
)
def test_hands_are_described_in_words(hole: str, board: str, category: str, words: str) -> None:
    """cards.py RANK_NAMES / RANK_PLURALS: the dealer reads the hand out, e.g. "Aces full of Kings"."""
    hand = high(hole, board)
    assert hand.category == category
    assert hand.describe() == words
    assert words in str(hand)


def test_wheel_is_a_five_high_straight_shown_five_first() -> None:
    """Standard hand ranking (omaha-limit-basics.txt defers to the usual ranks): A-2-3-4-5 is the lowest straight."""
    wheel = high("Ac 2d Kc Kd", "3h 4s 5c 9d Jh")
    assert wheel.describe() == "Straight, Five high"
    assert [card.rank for card in wheel.cards] == [5, 4, 3, 2, 14]
    six_high = high("6c 2d Kc Kd", "3h 4s 5c 9d Jh")
    assert six_high > wheel


def test_cards_are_shown_grouped_and_highest_first() -> None:
    """Readable order for the dealer: the full house shows the three of a kind first."""
    hand = high("Kc Kd 2s 3s", "Ah Ad As 9c 4h")
    assert [card.rank for card in hand.cards] == [14, 14, 14, 13, 13]


def test_there_are_7462_distinct_high_hands_in_order() -> None:
    """Standard poker combinatorics (Cactus Kev's evaluator): 7462 distinct five-card values, with these counts per category."""
    by_category: dict[str, set[int]] = {}
    suits_for_flush = "s" * 5
    rank_multisets: set[tuple[int, ...]] = set()
    for combo in combinations(sorted([rank for rank in range(2, 15) for _ in range(4)]), 5):
        rank_multisets.add(combo)
    for ranks in rank_multisets:
        counts = {rank: ranks.count(rank) for rank in ranks}
        used: dict[int, int] = {}
        five = []
        for position, rank in enumerate(ranks):
            # Distinct ranks get mixed suits (no flush); repeats take the next suit of their rank.
            suit = position % 4 if len(counts) == 5 else used.get(rank, 0)
            five.append(DECK[(rank - 2) * 4 + suit])
            used[rank] = used.get(rank, 0) + 1
        hand = evaluate_five(five)
        by_category.setdefault(hand.category, set()).add(hand.value)
        if max(counts.values()) == 1:
            flush = evaluate_five([DECK[(rank - 2) * 4 + "cdhs".index(suit)] for rank, suit in zip(ranks, suits_for_flush, strict=True)])
            by_category.setdefault(flush.category, set()).add(flush.value)
    sizes = {category: len(values) for category, values in by_category.items()}
    assert sizes == {
        "Straight Flush": 10, "Four of a Kind": 156, "Full House": 156, "Flush": 1277, "Straight": 10,
        "Three of a Kind": 858, "Two Pair": 858, "Pair": 2860, "High Card": 1277,
    }
    order = ["High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
             "Four of a Kind", "Straight Flush"]
    for lower, higher in zip(order, order[1:], strict=False):
        assert max(by_category[lower]) < min(by_category[higher])


def test_better_hands_compare_greater_and_max_picks_the_winner() -> None:
    """omaha-club-rules.txt SHOWDOWN: "The player whose five-card hand tops that of the others is declared the winner"."""
    ascending = [
        evaluate_five(cards(text))
        for text in (
            "Ah Kd 9c 7s 2h", "Ah Kd 9c 7s 3h", "2h 2d 9c 7s 3h", "Ah Ad Kc Qs Jh", "3h 3d 2c 2s Ah",
            "Ah Ad Kc Ks 2h", "2h 2d 2c 7s 3h", "Ah 2d 3c 4s 5h", "2h 3d 4c 5s 6h", "Th Jd Qc Ks Ah",
            "2h 3h 4h 5h 7h", "Ah Kh Qh Jh 9h", "2h 2d 2c 3s 3h", "Ah Ad Ac Ks Kh", "2h 2d 2c 2s 3h",
            "Ah 2h 3h 4h 5h", "Th Jh Qh Kh Ah",
        )
    ]
    assert sorted(ascending) == ascending
    assert all(a < b for a, b in zip(ascending, ascending[1:], strict=False))
    assert max(reversed(ascending)) is ascending[-1]


def test_same_ranks_in_other_suits_tie() -> None:
    """omaha-club-rules.txt SHOWDOWN: "If several players collect the same higher five-card hand, then the pot is split"."""
    board = cards("Qh 7s 5h 9c 2d")
    evaluator = BoardEvaluator(board)
    one = evaluator.high(cards("Ac Kc 3d 4d"))
    two = evaluator.high(cards("Ad Ks 3h 4s"))
    assert one == two
    assert not one < two and not two < one
    assert hash(one) == hash(two)
    assert one.cards != two.cards
    assert one.value == two.value


def test_kickers_break_ties_between_equal_pairs() -> None:
    """Standard hand ranking: with the same pair the highest side card wins."""
    board = "Qh Qs 5h 9c 2d"
    assert high("Ac 3c 4d 6d", board) > high("Kc 3s 4h 6s", board)


# --- low hands (omaha-club-rules.txt MAIN OMAHA VARIATIONS, Omaha Hi-Low)


def test_wheel_is_the_best_low_and_also_a_straight_for_high() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: "5-4-3-2-A representing the strongest low hand"; straights are ignored for low."""
    hole, board = "Ac 2d Kc Kd", "3h 4s 5c 9d Jh"
    best = low(hole, board)
    assert best is not None
    assert best.describe() == "5-4-3-2-A low"
    assert [card.rank for card in best.cards] == [5, 4, 3, 2, 14]
    assert high(hole, board).describe() == "Straight, Five high"


def test_flushes_are_ignored_for_low() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: a low is "any five unpaired cards ranking 8 or below" - suits do not matter."""
    hole, board = "Ah 2h Kc Kd", "3h 4h 5h 9d Jc"
    assert high(hole, board).describe() == "Straight Flush, Five high"
    best = low(hole, board)
    assert best is not None and best.describe() == "5-4-3-2-A low"


def test_eight_seven_six_five_four_is_the_worst_low() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: "8-7-6-5-4 - the weakest low hand"."""
    all_lows = [
        hand
        for ranks in combinations([14, 2, 3, 4, 5, 6, 7, 8], 5)
        if (hand := evaluate_low_five([DECK[(rank - 2) * 4 + i % 4] for i, rank in enumerate(ranks)])) is not None
    ]
    assert len(all_lows) == 56
    assert min(all_lows).describe() == "8-7-6-5-4 low"
    assert max(all_lows).describe() == "5-4-3-2-A low"
    best = low("8c 7d Kc Kd", "6h 5s 4c 9d Jh")
    assert best is not None and best.describe() == "8-7-6-5-4 low"


def test_lower_highest_card_wins_the_low() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: "The lower the highest of the five cards, the higher the rank of the low hand"."""
    seven = low("7c 6d Kc Kd", "5h 4s 3c 9d Jh")
    eight = low("8c 2d Kc Kd", "Ah 4s 3c 9d Jh")
    assert seven is not None and eight is not None
    assert seven.describe() == "7-6-5-4-3 low"
    assert eight.describe() == "8-4-3-2-A low"
    assert seven > eight
    assert low("8c 5d", "4h 2s Ac") > low("8c 4d", "6h 2s Ac")  # type: ignore[operator]


def test_low_is_described_highest_first_with_the_ace_as_a() -> None:
    """omaha-club-rules.txt Omaha Hi-Low writes lows as "5-4-3-2-A"; a player reads "8-6-4-2-A low"."""
    hand = low("Ac 2d Kc Kd", "8h 6s 4c 9d Jh")
    assert hand is not None
    assert hand.describe() == "8-6-4-2-A low"
    assert hand.ranks == (8, 6, 4, 2, 1)


def test_no_qualifying_low_returns_none() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: five unpaired cards ranking 8 or below, else there is no low."""
    assert low("Ac 2d 3c 4d", "9h Ts Jc 5d Kh") is None  # only one low card on the board
    assert low("Ac 2d 3c 4d", "5h 5s 6c 6d Kh") is None  # board lows are paired: only two ranks
    assert low("Ac Kd Qc Jd", "2h 3s 4c 9d Th") is None  # only one low card in the hand
    assert low("Ac Ad Kc Qd", "2h 3s 4c 9d Th") is None  # the two low hole cards are a pair


def test_a_pair_on_the_board_does_not_stop_a_low() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: only the five cards played must be unpaired."""
    best = low("Ac 2d Kc Kd", "3h 3s 5c 7d 7h")
    assert best is not None and best.describe() == "7-5-3-2-A low"


def test_board_pairing_a_low_card_counterfeits_it() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: exactly two hole cards with three unpaired board cards - a board deuce kills the deuce in hand."""
    before = BoardEvaluator(cards("4h 5s 8c Kh Qd"))
    after = BoardEvaluator(cards("4h 5s 8c 2h Kd"))
    ace_two, ace_three = cards("Ac 2d Jc Jd"), cards("As 3s Th Ts")
    assert before.low(ace_two) > before.low(ace_three)  # type: ignore[operator]
    counterfeited, winner = after.low(ace_two), after.low(ace_three)
    assert counterfeited is not None and winner is not None
    assert counterfeited.describe() == "8-5-4-2-A low"
    assert winner.describe() == "5-4-3-2-A low"
    assert winner > counterfeited


def test_counterfeiting_both_low_cards_leaves_no_low() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: with A-2 in hand and A-2-7 the only board lows, no three distinct board lows remain."""
    assert low("Ac 2d Ks Kh", "Ah 2s 7c Jd Qh") is None


def test_equal_lows_tie() -> None:
    """omaha-club-rules.txt Omaha Hi-Low / SHOWDOWN: equal hands split."""
    evaluator = BoardEvaluator(cards("3h 4s 5c Kd Qh"))
    one, two = evaluator.low(cards("Ac 2c 9d 9h")), evaluator.low(cards("Ad 2h Jd Jh"))
    assert one is not None and two is not None
    assert one == two and hash(one) == hash(two)


@pytest.mark.parametrize("hole", ["Ac 2c", "Ac 2c Kd Kh", "Ac 2c Kd Kh Qs", "Ac 2c Kd Kh Qs Js"])
def test_low_with_two_four_five_and_six_hole_cards(hole: str) -> None:
    """oklahoma-rules.txt 1.7 and omaha-club-rules.txt Five-card Omaha: hole counts 2 to 6, two of them play."""
    best = low(hole, "3h 4s 8c Kc Th")
    assert best is not None
    assert best.describe() == "8-4-3-2-A low"
    assert uses_two_hole_and_three_board(best, hole, "3h 4s 8c Kc Th")


# --- the Omaha rule, checked by brute force over every two-plus-three choice


@st.composite
def deals(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    hole_count = draw(st.sampled_from([2, 4, 5, 6]))
    board_count = draw(st.integers(3, 5))
    dealt = draw(st.permutations(DECK))[: hole_count + board_count]
    return tuple(dealt[:hole_count]), tuple(dealt[hole_count:])


@settings(max_examples=400, deadline=None)
@given(deals())
def test_best_high_is_the_best_of_every_two_plus_three(deal: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """omaha-club-rules.txt: the best five-card hand using only two hole cards and three community cards."""
    hole, board = deal
    expected = max(evaluate_five(pair + triple) for pair in combinations(hole, 2) for triple in combinations(board, 3))
    hand = best_high(hole, board)
    assert hand == expected
    assert evaluate_five(hand.cards) == hand
    assert len(set(hand.cards) & set(hole)) == 2 and len(set(hand.cards) & set(board)) == 3


@settings(max_examples=400, deadline=None)
@given(deals())
def test_best_low_is_the_best_of_every_two_plus_three(deal: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """omaha-club-rules.txt Omaha Hi-Low with the two-plus-three rule: the best qualifying low, or none."""
    hole, board = deal
    candidates = [
        hand
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
        if (hand := evaluate_low_five(pair + triple)) is not None
    ]
    hand = best_low(hole, board)
    if not candidates:
        assert hand is None
        return
    assert hand == max(candidates)
    assert hand is not None and evaluate_low_five(hand.cards) == hand
    assert len(set(hand.cards) & set(hole)) == 2 and len(set(hand.cards) & set(board)) == 3
