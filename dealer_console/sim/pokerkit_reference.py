"""pokerkit set up as the reference the engine is compared with (the differential tests and ``bench/engine.py``).

pokerkit comes with the ``[test]`` extra: nothing in the program imports this module, only the tests
and the benchmarks do. It is the one module of :mod:`dealer_console.sim` that may import pokerkit
(``tests/test_table_simulation.py`` says so).

Game classes built here (pokerkit's own ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is
really pot-limit, and pokerkit has no no-limit Omaha):

* :class:`NoLimitOmahaHoldem` - ``NoLimitPokerMixin`` + ``OmahaHoldemMixin`` + ``UnfixedLimitHoldem``.
* :class:`FixedLimitOmahaHoldemHighLowEightOrBetter` - ``FixedLimitPokerMixin`` +
  ``OmahaHoldemMixin`` + ``Holdem``, with the cap of the engine's default house rules: pokerkit
  counts bets and raises per street without the blind, so pre-flop it allows
  ``raises_per_round`` raises over the big blind and after the flop a bet and that many raises
  (``limit_raises_per_round`` in ``games.py``; omaha-limit-basics.txt: four bets a round).

States run in tournament mode (one run-out), with no losing hand killed before the push
(pokerkit's killing merges pots and so moves odd chips; SPEC splits each pot on its own), and
with pokerkit's hand evaluations cached while the cards stay the same (speed only).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from pokerkit import (
    Automation,
    Mode,
    NoLimitPokerMixin,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    State,
)
from pokerkit.games import FixedLimitPokerMixin, Holdem, OmahaHoldemMixin, UnfixedLimitHoldem

from dealer_console.engine.games import Game, HouseRules, Structure
from dealer_console.sim.random_deals import differential_game

__all__ = [
    "AUTOMATIONS",
    "FixedLimitOmahaHoldemHighLowEightOrBetter",
    "NoLimitOmahaHoldem",
    "StateFactory",
    "make_games",
    "pokerkit_states",
]

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PULLING,
)
"""Everything physical (cards, burns, shows) and every choice is explicit; pushes are inspected.
(Hand killing is automated but kills nothing: see :func:`pokerkit_states`.)"""

StateFactory = Callable[[list[int]], State]
"""A new pokerkit state for these starting stacks (player ``i`` is the engine's seat ``i + 1``)."""


class NoLimitOmahaHoldem(NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """No-limit Omaha hold'em (pokerkit 0.7.7 defines only the pot-limit game)."""

    hand_types = (OmahaHoldemHand,)


class FixedLimitOmahaHoldemHighLowEightOrBetter(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """Fixed-limit Omaha hi-lo 8-or-better, capped like the engine's house rules."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)

    def __init__(self, *args: Any, raises_per_round: int = 3, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        first, *later = self.streets
        # pre-flop the big blind is the first bet, which pokerkit does not count
        self.streets = (
            dataclasses.replace(first, max_completion_betting_or_raising_count=raises_per_round),
            *(dataclasses.replace(street, max_completion_betting_or_raising_count=1 + raises_per_round) for street in later),
        )


def pokerkit_states(structure: Structure, small_blind: int, big_blind: int, house: HouseRules) -> StateFactory:
    """A factory of pokerkit states for :func:`~dealer_console.sim.random_deals.differential_game` at the same stakes."""
    definition: Any
    if structure is Structure.LIMIT:
        definition = FixedLimitOmahaHoldemHighLowEightOrBetter(
            AUTOMATIONS, True, 0, (small_blind, big_blind), big_blind, 2 * big_blind,
            raises_per_round=house.limit_raises_per_round, mode=Mode.TOURNAMENT,
        )
    else:
        cls = PotLimitOmahaHoldem if structure is Structure.POT_LIMIT else NoLimitOmahaHoldem
        definition = cls(AUTOMATIONS, True, 0, (small_blind, big_blind), big_blind, mode=Mode.TOURNAMENT)

    def create(stacks: list[int]) -> State:
        state: State = definition(stacks, len(stacks))
        # pokerkit kills the hands that cannot win before pushing, which merges the pots whose
        # remaining contenders then coincide and counts their odd chips once; SPEC (Splitting)
        # splits each pot on its own, so every tabled hand stays live to the end.
        state.can_win_now = lambda player_index: True  # type: ignore[method-assign]
        _cache_up_hands(state)
        return state

    return create


def make_games(structure: Structure, small_blind: int, big_blind: int, house: HouseRules) -> tuple[Game, StateFactory]:
    """The engine's game and a factory of pokerkit states for the same stakes (chip unit 1)."""
    return differential_game(structure, small_blind, big_blind, house), pokerkit_states(structure, small_blind, big_blind, house)


def _cache_up_hands(state: State) -> None:
    """Remember pokerkit's hand evaluations while the cards they read stay the same (speed only)."""
    evaluate = state.get_up_hand
    cache: dict[tuple[Any, ...], Any] = {}

    def get_up_hand(player_index: int, board_index: int, hand_type_index: int) -> Any:
        key = (
            player_index, board_index, hand_type_index, state.statuses[player_index],
            tuple(state.hole_cards[player_index]), tuple(state.hole_card_statuses[player_index]),
            tuple(map(tuple, state.board_cards)),
        )
        if key not in cache:
            cache[key] = evaluate(player_index, board_index, hand_type_index)
        return cache[key]

    state.get_up_hand = get_up_hand  # type: ignore[method-assign]
