"""Omaha hand evaluation: the best high hand and the best 8-or-better low.

An Omaha hand is always exactly two hole cards plus three board cards.
Four hearts on the board and one in the hand is no flush, quads in the hole
do not play, and a straight on the board does not count.  Hole counts from
2 (Oklahoma after its discards) to 6, boards of 3 to 5 cards.

Both :class:`HighHand` and :class:`LowHand` compare greater when better,
so ``max()`` picks a winner and equal values are a tie.

How it works: tables built at import (about 10 ms) give the value of every
five-card hand, non-flushes keyed by the product of one prime per rank and
flushes by a 13-bit rank mask.  A value is the category followed by the
deciding ranks in 4-bit fields, so it orders hands and can be read back into
words.  :class:`BoardEvaluator` multiplies each hole pair's primes by each
board triple's (a flush only when a suited pair meets a one-suit triple of
that suit) and builds a hand object only for the winning combination.  A low
is an 8-bit rank mask, ace in bit 0: two masks combine when disjoint, and for
five distinct ranks the smaller mask is the better low.

Why our own evaluator rather than a library: a showdown must stay well under
10 ms, and the worst one (nine players of six-card hi-lo, two boards run three
times) is 54 high and 54 low evaluations of 150 combinations each.  Measured
with ``bench/evaluation.py`` (CPython 3.11.7, the same random hands for every
evaluator, CPU microseconds per hand on five-card boards, board set-up
included; the two-core machine was shared with other jobs, so treat these as
upper bounds):

============  ==========  ==========  ==========  ==========  ==========  ==========
per hand      4 hi        4 lo        5 hi        5 lo        6 hi        6 lo
============  ==========  ==========  ==========  ==========  ==========  ==========
ours          22 us       11 us       28 us       12 us       33 us       14 us
pokerkit      718 us      447 us      1281 us     706 us      1749 us     1059 us
phevaluator   1.1 us      no low      n/a         no low      n/a         no low
============  ==========  ==========  ==========  ==========  ==========  ==========

Ours does hi and lo of a six-card hand in about 36-44 us and the whole worst
showdown in 1.2 ms (2.4 ms with no board sharing).  pokerkit
(``OmahaHoldemHand`` / ``OmahaEightOrBetterLowHand.from_game``) would need
about 150 ms for that showdown, so it stays the test oracle
(tests/test_evaluation_oracle.py), not the engine.  phevaluator is a C
extension and far faster, but its published build evaluates only four-card
Omaha high (no five or six cards, no low), so it would cover part of the
games and add a compiled dependency; it is measured, not used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from typing import Final

from dealer_console.engine.cards import DECK, RANK_NAMES, RANK_PLURALS, RANKS, Card
from dealer_console.engine.errors import CardError

__all__ = [
    "CATEGORY_NAMES",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH_CARD",
    "MAX_BOARD_CARDS",
    "MIN_BOARD_CARDS",
    "MIN_HOLE_CARDS",
    "PAIR",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "BoardEvaluator",
    "HighHand",
    "LowHand",
    "best_high",
    "best_low",
    "board_evaluator",
    "evaluate_five",
    "evaluate_low_five",
]

HIGH_CARD: Final = 0
PAIR: Final = 1
TWO_PAIR: Final = 2
THREE_OF_A_KIND: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8

CATEGORY_NAMES: Final[tuple[str, ...]] = (
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight",
    "Flush", "Full House", "Four of a Kind", "Straight Flush",
)
"""Category names indexed by :attr:`HighHand.category_index`."""

MIN_HOLE_CARDS: Final = 2
MIN_BOARD_CARDS: Final = 3
MAX_BOARD_CARDS: Final = 5

# A high value is the category followed by five 4-bit ranks in the order
# they are compared, so one int both orders hands and says what they are.
_CATEGORY_SHIFT: Final = 20
_NO_LOW: Final = 256
_ACE_LOW_MASK: Final = 1
_PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_WHEEL_HIGH_FIRST: Final = (14, 5, 4, 3, 2)


def _encode(category: int, ranks: Sequence[int]) -> int:
    value = category
    for position in range(5):
        value = (value << 4) | (ranks[position] if position < len(ranks) else 0)
    return value


def _straight_high(ranks_desc: Sequence[int]) -> int:
    """The top card of the straight these five distinct ranks make, else 0."""
    if ranks_desc[0] - ranks_desc[4] == 4:
        return ranks_desc[0]
    if tuple(ranks_desc) == _WHEEL_HIGH_FIRST:
        return 5
    return 0


def _prime_product(ranks: Sequence[int]) -> int:
    product = 1
    for rank in ranks:
        product *= _PRIMES[rank - 2]
    return product


def _build_tables() -> tuple[dict[int, int], list[int]]:
    """Value of every non-flush rank multiset (by prime product) and every flush (by rank bits)."""
    by_primes: dict[int, int] = {}
    flush_by_bits = [0] * (1 << 13)
    ranks_high_first = range(14, 1, -1)
    for ranks in combinations(ranks_high_first, 5):
        high = _straight_high(ranks)
        bits = sum(1 << (rank - 2) for rank in ranks)
        if high:
            by_primes[_prime_product(ranks)] = _encode(STRAIGHT, (high,))
            flush_by_bits[bits] = _encode(STRAIGHT_FLUSH, (high,))
        else:
            by_primes[_prime_product(ranks)] = _encode(HIGH_CARD, ranks)
            flush_by_bits[bits] = _encode(FLUSH, ranks)
    for big in ranks_high_first:
        others = [rank for rank in ranks_high_first if rank != big]
        for small in others:
            by_primes[_prime_product((big,) * 4 + (small,))] = _encode(FOUR_OF_A_KIND, (big, small))
            by_primes[_prime_product((big,) * 3 + (small,) * 2)] = _encode(FULL_HOUSE, (big, small))
        for kickers in combinations(others, 2):
            by_primes[_prime_product((big,) * 3 + kickers)] = _encode(THREE_OF_A_KIND, (big, *kickers))
        for kickers3 in combinations(others, 3):
            by_primes[_prime_product((big,) * 2 + kickers3)] = _encode(PAIR, (big, *kickers3))
    for high_pair, low_pair in combinations(ranks_high_first, 2):
        for kicker in ranks_high_first:
            if kicker not in (high_pair, low_pair):
                key = _prime_product((high_pair, high_pair, low_pair, low_pair, kicker))
                by_primes[key] = _encode(TWO_PAIR, (high_pair, low_pair, kicker))
    return by_primes, flush_by_bits


_VALUE_BY_PRIMES, _FLUSH_VALUE_BY_BITS = _build_tables()

# Per-card facts indexed by Card.index, looked up in the inner loops.
_PRIME: Final = tuple(_PRIMES[card.rank - 2] for card in DECK)
_BIT: Final = tuple(1 << (card.rank - 2) for card in DECK)
_LOW_BIT: Final = tuple(
    _ACE_LOW_MASK if card.rank == 14 else (1 << (card.rank - 1) if card.rank <= 8 else 0) for card in DECK
)


@cache
def _pair_positions(count: int) -> tuple[tuple[int, int], ...]:
    return tuple(combinations(range(count), 2))


@cache
def _triple_positions(count: int) -> tuple[tuple[int, int, int], ...]:
    return tuple(combinations(range(count), 3))


def _low_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


@dataclass(frozen=True, slots=True, order=True)
class HighHand:
    """A best five-card high hand; a better hand compares greater, equal values tie.

    ``value`` is one int on the same scale for every hand.  ``cards`` are the
    five cards played, grouped and highest first (a wheel reads 5-4-3-2-A).
    """

    value: int
    cards: tuple[Card, ...] = field(compare=False)

    @property
    def category_index(self) -> int:
        """The category as a number, ``HIGH_CARD`` (0) to ``STRAIGHT_FLUSH`` (8)."""
        return self.value >> _CATEGORY_SHIFT

    @property
    def category(self) -> str:
        """The category name, e.g. ``"Full House"``; a royal flush is a ``"Straight Flush"``."""
        return CATEGORY_NAMES[self.category_index]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks that decide ties, most important first (a straight gives only its top card)."""
        shifted = [(self.value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
        return tuple(rank for rank in shifted if rank)

    def describe(self) -> str:
        """The hand in words, e.g. ``"Aces full of Kings"`` or ``"Straight, Five high"``."""
        category = self.category_index
        ranks = self.ranks
        first = ranks[0]
        if category == STRAIGHT_FLUSH:
            return "Royal Flush" if first == 14 else f"Straight Flush, {RANK_NAMES[first]} high"
        if category == FOUR_OF_A_KIND:
            return f"Four {RANK_PLURALS[first]}"
        if category == FULL_HOUSE:
            return f"{RANK_PLURALS[first]} full of {RANK_PLURALS[ranks[1]]}"
        if category == FLUSH:
            return f"Flush, {RANK_NAMES[first]}-{RANK_NAMES[ranks[1]]} high"
        if category == STRAIGHT:
            return f"Straight, {RANK_NAMES[first]} high"
        if category == THREE_OF_A_KIND:
            return f"Three {RANK_PLURALS[first]}"
        if category == TWO_PAIR:
            return f"Two Pair, {RANK_PLURALS[first]} and {RANK_PLURALS[ranks[1]]}"
        if category == PAIR:
            return f"Pair of {RANK_PLURALS[first]}"
        return f"High card {RANK_NAMES[first]}"

    def __str__(self) -> str:
        return f"{self.describe()} ({''.join(map(str, self.cards))})"


@dataclass(frozen=True, slots=True, order=True)
class LowHand:
    """A qualifying 8-or-better low; a better (lower) low compares greater, equal values tie.

    ``cards`` are the five cards played, highest first with the ace last.
    """

    value: int
    cards: tuple[Card, ...] = field(compare=False)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five low ranks, highest first, ace as 1: ``(8, 6, 4, 2, 1)``."""
        mask = _NO_LOW - 1 - self.value
        return tuple(rank for rank in range(8, 0, -1) if mask & (1 << (rank - 1)))

    def describe(self) -> str:
        """The low in words, e.g. ``"8-6-4-2-A low"``."""
        return "-".join("A" if rank == 1 else RANKS[rank - 2] for rank in self.ranks) + " low"

    def __str__(self) -> str:
        return f"{self.describe()} ({''.join(map(str, self.cards))})"


def _high_hand(value: int, five: Sequence[Card]) -> HighHand:
    counts: dict[int, int] = {}
    for card in five:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    category = value >> _CATEGORY_SHIFT
    if category in (STRAIGHT, STRAIGHT_FLUSH) and (value >> 16) & 0xF == 5:
        ordered = sorted(five, key=lambda card: (_low_rank(card), card.suit), reverse=True)
    else:
        ordered = sorted(five, key=lambda card: (counts[card.rank], card.rank, card.suit), reverse=True)
    return HighHand(value, tuple(ordered))


def _low_hand(mask: int, five: Sequence[Card]) -> LowHand:
    ordered = sorted(five, key=_low_rank, reverse=True)
    return LowHand(_NO_LOW - 1 - mask, tuple(ordered))


def _check_cards(cards: Sequence[Card], what: str) -> tuple[Card, ...]:
    checked = tuple(cards)
    for card in checked:
        if not isinstance(card, Card):
            raise CardError(f"{what}: every card must be known, got {card!r}", card=None if card is None else str(card))
    if len(set(checked)) != len(checked):
        duplicate = next(card for card in checked if checked.count(card) > 1)
        raise CardError(f"{what}: {duplicate} appears twice", card=str(duplicate))
    return checked


def evaluate_five(cards: Sequence[Card]) -> HighHand:
    """Evaluate exactly five distinct cards as a plain high hand (no Omaha rule)."""
    five = _check_cards(cards, "five-card hand")
    if len(five) != 5:
        raise CardError(f"a hand is five cards, got {len(five)}")
    if len({card.suit for card in five}) == 1:
        value = _FLUSH_VALUE_BY_BITS[sum(_BIT[card.index] for card in five)]
    else:
        value = _VALUE_BY_PRIMES[_prime_product([card.rank for card in five])]
    return _high_hand(value, five)


def evaluate_low_five(cards: Sequence[Card]) -> LowHand | None:
    """Evaluate exactly five distinct cards as an 8-or-better low; ``None`` if they do not qualify."""
    five = _check_cards(cards, "five-card hand")
    if len(five) != 5:
        raise CardError(f"a hand is five cards, got {len(five)}")
    mask = 0
    for card in five:
        bit = _LOW_BIT[card.index]
        if not bit or mask & bit:
            return None
        mask |= bit
    return _low_hand(mask, five)


class BoardEvaluator:
    """Evaluates many hands against one board; build it once per board.

    It precomputes the board's three-card subsets and remembers, per rank
    pair (high) or low-rank pair (low) already seen, the best board triple
    for it, so the players of one showdown share the work.
    """

    __slots__ = (
        "board", "_cards", "_triples", "_triple_primes", "_flush_suit",
        "_flush_triples", "_low_triples", "_high_memo", "_low_memo",
    )

    def __init__(self, board: Sequence[Card]) -> None:
        """Prepare for ``board`` (3 to 5 known, distinct cards)."""
        cards = _check_cards(board, "board")
        if not MIN_BOARD_CARDS <= len(cards) <= MAX_BOARD_CARDS:
            raise CardError(f"the board must have {MIN_BOARD_CARDS} to {MAX_BOARD_CARDS} cards, got {len(cards)}")
        self.board: tuple[Card, ...] = cards
        """The board cards, as given."""
        self._cards = frozenset(cards)
        positions = _triple_positions(len(cards))
        self._triples = tuple((cards[i], cards[j], cards[k]) for i, j, k in positions)
        primes = [_PRIME[card.index] for card in cards]
        self._triple_primes = tuple(primes[i] * primes[j] * primes[k] for i, j, k in positions)
        suits = "".join(card.suit for card in cards)
        # Five cards hold three of at most one suit, so one flush suit is enough.
        self._flush_suit = next((suit for suit in "cdhs" if suits.count(suit) >= 3), None)
        self._flush_triples: tuple[tuple[int, int], ...] = ()
        if self._flush_suit is not None:
            flush_suit = self._flush_suit
            self._flush_triples = tuple(
                (_BIT[cards[i].index] | _BIT[cards[j].index] | _BIT[cards[k].index], position)
                for position, (i, j, k) in enumerate(positions)
                if suits[i] == suits[j] == suits[k] == flush_suit
            )
        lows = [_LOW_BIT[card.index] for card in cards]
        low_triples: dict[int, int] = {}
        if len(set(lows) - {0}) >= 3:
            for position, (i, j, k) in enumerate(positions):
                mask = lows[i] | lows[j] | lows[k]
                if lows[i] and lows[j] and lows[k] and mask.bit_count() == 3:
                    low_triples.setdefault(mask, position)
        self._low_triples = tuple(low_triples.items())
        self._high_memo: dict[int, tuple[int, int]] = {}
        self._low_memo: dict[int, tuple[int, int]] = {}

    def _check_hole(self, hole: Sequence[Card]) -> tuple[Card, ...]:
        cards = _check_cards(hole, "hole cards")
        if len(cards) < MIN_HOLE_CARDS:
            raise CardError(f"Omaha needs at least {MIN_HOLE_CARDS} hole cards, got {len(cards)}")
        if not self._cards.isdisjoint(cards):
            card = min(self._cards.intersection(cards))
            raise CardError(f"{card} is both in the hole and on the board", card=str(card))
        return cards

    def high(self, hole: Sequence[Card]) -> HighHand:
        """The best high hand from exactly two of ``hole`` and three of the board."""
        cards = self._check_hole(hole)
        memo = self._high_memo
        triple_primes = self._triple_primes
        by_primes = _VALUE_BY_PRIMES
        flush_suit = self._flush_suit
        primes = [_PRIME[card.index] for card in cards]
        best = -1
        best_i = best_j = best_t = 0
        for i, j in _pair_positions(len(cards)):
            pair_primes = primes[i] * primes[j]
            found = memo.get(pair_primes)
            if found is None:
                values = [by_primes[pair_primes * product] for product in triple_primes]
                top = max(values)
                found = memo[pair_primes] = (top, values.index(top))
            if found[0] > best:
                best, best_i, best_j, best_t = found[0], i, j, found[1]
            # A flush needs both hole cards and all three board cards in one suit.
            # The same five read without the flush (straight or high card) are
            # always worth less, so the memo above never hides a flush.
            if flush_suit is not None and cards[i].suit == cards[j].suit == flush_suit:
                pair_bits = _BIT[cards[i].index] | _BIT[cards[j].index]
                for triple_bits, position in self._flush_triples:
                    value = _FLUSH_VALUE_BY_BITS[pair_bits | triple_bits]
                    if value > best:
                        best, best_i, best_j, best_t = value, i, j, position
        return _high_hand(best, (cards[best_i], cards[best_j], *self._triples[best_t]))

    def low(self, hole: Sequence[Card]) -> LowHand | None:
        """The best 8-or-better low from exactly two of ``hole`` and three of the board, or ``None``."""
        cards = self._check_hole(hole)
        if not self._low_triples:
            return None
        memo = self._low_memo
        lows = [_LOW_BIT[card.index] for card in cards]
        best = _NO_LOW
        best_i = best_j = best_t = 0
        for i, j in _pair_positions(len(cards)):
            bit_i = lows[i]
            bit_j = lows[j]
            if not bit_i or not bit_j or bit_i == bit_j:
                continue
            pair_mask = bit_i | bit_j
            found = memo.get(pair_mask)
            if found is None:
                # Among masks of five distinct ranks the smaller int is the
                # better low: the highest rank is the most significant bit.
                found = min(
                    ((pair_mask | mask, position) for mask, position in self._low_triples if not pair_mask & mask),
                    default=(_NO_LOW, 0),
                )
                memo[pair_mask] = found
            if found[0] < best:
                best, best_i, best_j, best_t = found[0], i, j, found[1]
        if best == _NO_LOW:
            return None
        return _low_hand(best, (cards[best_i], cards[best_j], *self._triples[best_t]))


@lru_cache(maxsize=64)
def _evaluator_for(board: tuple[Card, ...]) -> BoardEvaluator:
    return BoardEvaluator(board)


def board_evaluator(board: Sequence[Card]) -> BoardEvaluator:
    """A shared :class:`BoardEvaluator` for ``board`` (recently used boards are reused)."""
    return _evaluator_for(tuple(board))


def best_high(hole: Sequence[Card], board: Sequence[Card]) -> HighHand:
    """The best Omaha high hand: exactly two of ``hole`` with exactly three of ``board``."""
    return board_evaluator(board).high(hole)


def best_low(hole: Sequence[Card], board: Sequence[Card]) -> LowHand | None:
    """The best Omaha 8-or-better low (two of ``hole``, three of ``board``), or ``None`` if none qualifies."""
    return board_evaluator(board).low(hole)
