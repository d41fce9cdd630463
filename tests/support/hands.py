"""Small helpers the rule tests share: set up a hand, deal, run a round, check the chip audit."""

from __future__ import annotations

from collections.abc import Mapping

from dealer_console.engine.games import HouseRules, Rake, make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase


def make_hand(
    stacks: Mapping[int, int],
    button: int,
    *,
    code: str = "O",
    structure: str = "no-limit",
    small_blind: int = 1,
    big_blind: int = 2,
    chip_unit: int = 1,
    house: HouseRules | None = None,
    rake: Rake | None = None,
    extra_boards_allowed: bool = True,
) -> Hand:
    """A hand of ``code`` with the blinds posted (left of the button small blind, next big blind)."""
    game = make_game(
        code, structure, small_blind=small_blind, big_blind=big_blind, chip_unit=chip_unit, house=house, rake=rake
    )
    hand = Hand(HandSetup(game=game, stacks=stacks, button=button, extra_boards_allowed=extra_boards_allowed))
    hand.post_blinds()
    return hand


def deal(hand: Hand, holes: Mapping[int, str]) -> None:
    """Deal each seat its cards, in the engine's deal order."""
    for seat in hand.deal_order():
        hand.deal_hole(seat, holes[seat])


def check_around(hand: Hand) -> None:
    """Everyone to act checks until the round closes."""
    while hand.phase is Phase.BETTING and hand.actor is not None:
        hand.check(hand.actor)


def close_round(hand: Hand) -> None:
    """Everyone still to act checks or calls."""
    while hand.phase is Phase.BETTING:
        seat = hand.actor
        assert seat is not None
        legal = hand.legal_actions()
        assert legal is not None
        if legal.can_check:
            hand.check(seat)
        else:
            hand.call(seat)


def show_all(hand: Hand) -> None:
    """Every live hand is tabled, in showdown order."""
    for seat in hand.showdown_order():
        if hand.phase is Phase.SHOWDOWN:
            hand.show(seat)


def assert_chips_accounted(hand: Hand) -> None:
    """SPEC "Chip audit": contributions = awarded + rake + jackpot + returned, and no chip made or lost."""
    result = hand.result
    assert result is not None
    audit = result.audit
    assert audit.balanced, audit
    assert audit.contributed == audit.awarded + audit.rake + audit.jackpot + audit.returned
    assert audit.rake == result.rake == sum(pot.rake for pot in result.pots)
    assert audit.jackpot == result.jackpot == sum(pot.jackpot for pot in result.pots)
    assert audit.awarded == sum(share.amount for pot in result.pots for share in pot.shares)
    assert sum(result.final_stacks.values()) + result.rake + result.jackpot == sum(hand.setup.stacks.values())
