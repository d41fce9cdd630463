"""Random deals for comparing the engine with another poker engine (pokerkit in the differential
tests and ``bench/engine.py``): blinds and stacks with many short stacks, and the Omaha game of each
betting structure that both engines play.
"""

from __future__ import annotations

import random

from dealer_console.engine.games import OMAHA, OMAHA_HI_LO, Game, HouseRules, Stakes, Structure

__all__ = ["differential_game", "random_table"]


def differential_game(structure: Structure, small_blind: int, big_blind: int, house: HouseRules) -> Game:
    """Pot-limit or no-limit Omaha, or limit Omaha hi-lo (small bet the big blind), at these blinds (chip unit 1)."""
    if structure is Structure.LIMIT:
        stakes = Stakes(small_blind=small_blind, big_blind=big_blind, small_bet=big_blind, big_bet=2 * big_blind)
        return Game(variant=OMAHA_HI_LO, structure=structure, stakes=stakes, house=house)
    return Game(variant=OMAHA, structure=structure, stakes=Stakes(small_blind=small_blind, big_blind=big_blind), house=house)


def random_table(rng: random.Random, structure: Structure) -> tuple[tuple[int, int], tuple[int, ...]]:
    """Blinds and starting stacks (2 to 9 players): many short stacks, so all-ins and side pots are common."""
    big = rng.choice((2, 4, 10))
    small = rng.choice((big // 2, big // 2, 1))
    count = rng.randint(2, 9)
    stacks = []
    # a blind all-in for less is compared in no-limit and pot-limit; in limit pokerkit sizes the next raise from it (a known difference)
    tiny = 0.03 if structure is Structure.LIMIT else 0.08
    for _ in range(count):
        kind = rng.random()
        if kind < tiny:
            stack = rng.randint(1, big)  # a blind may be all-in for less
        elif kind < 0.40:
            stack = rng.randint(big + 1, 10 * big)
        elif kind < 0.70:
            stack = rng.randint(10 * big, 50 * big)
        else:
            stack = rng.randint(50 * big, 200 * big)
        stacks.append(stack)
    return (small, big), tuple(stacks)
