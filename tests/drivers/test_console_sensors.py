"""Bets read from chips and the button sensor, turned into proposals and warnings for the dealer.

SPEC, Rules and guardrails, "Bets read from chips": a single oversized chip without a declaration
is a call; several chips are a call if every chip is needed for the call; the dealer confirms any
reading that would be a raise. The figures come from the engine (``Hand.legal_actions()``).
Pot-limit Omaha 5/10, four seats of 1000, button on seat 4: seat 3 acts first, 10 to call,
a raise to between 20 and 35 (pot 15 + call 10 + bet 10).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from dealer_console.engine.games import make_game
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.live.sensors import (
    BetProposal,
    BetZone,
    ConfirmationRequired,
    ProposedAction,
    SensorWarning,
    TableSensors,
    apply_proposal,
    check_action,
    check_button,
    propose_bet,
)
from drivers.board import BoardState, Received, StateChanged
from drivers.codec import ButtonReading, ChipCount, Frame, ZoneReading


def chips(*pairs: tuple[int, int]) -> tuple[ChipCount, ...]:
    return tuple(ChipCount(d, n) for d, n in pairs)


@pytest.fixture
def hand() -> Hand:
    game = make_game("O", "pot-limit", small_blind=5, big_blind=10)
    hand = Hand(HandSetup(game=game, stacks={1: 1000, 2: 1000, 3: 1000, 4: 1000}, button=4))
    hand.post_blinds()
    for seat in hand.deal_order():
        hand.deal_hole(seat, [None] * 4)
    assert hand.actor == 3 and hand.legal_actions(3) is not None
    return hand


def proposal(result: object) -> BetProposal:
    assert isinstance(result, BetProposal), result
    return result


def test_single_oversized_chip_without_declaration_is_a_call(hand: Hand) -> None:
    """SPEC "Bets read from chips"; TDA Rule 46: one 100 chip facing a 10 bet, nothing declared, is a call of 10."""
    result = proposal(propose_bet(hand, BetZone(3, 100, chips((100, 1)))))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.CALL, 10, False)
    apply_proposal(hand, result)
    assert hand.bets[3] == 10 and hand.actor == 4


def test_single_oversized_chip_with_a_declared_raise_is_a_raise_to_confirm(hand: Hand) -> None:
    """SPEC "Bets read from chips" (the dealer confirms a raise); TDA Rule 46: a declared raise lifts the oversized-chip rule."""
    result = proposal(propose_bet(hand, BetZone(3, 25, chips((25, 1))), declared_raise=True))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.RAISE, 25, True)
    with pytest.raises(ConfirmationRequired):
        apply_proposal(hand, result)
    assert hand.bets[3] == 0
    apply_proposal(hand, result, confirmed=True)
    assert hand.bets[3] == 25


def test_several_chips_all_needed_for_the_call_are_a_call(hand: Hand) -> None:
    """SPEC "Bets read from chips"; TDA Rule 45: facing 35, two 25 chips (without either one, less than 35) are a call."""
    hand.raise_to(3, 35)
    result = proposal(propose_bet(hand, BetZone(4, 50, chips((25, 2)))))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.CALL, 35, False)


def test_several_chips_not_all_needed_are_a_raise_sized_by_the_half_raise_rule(hand: Hand) -> None:
    """TDA Rules 45 and 43: 55 facing 35 (the 5 chip is not needed) is a raise; at least half a raise, so a full raise to 60 is owed."""
    hand.raise_to(3, 35)
    result = proposal(propose_bet(hand, BetZone(4, 55, chips((25, 2), (5, 1)))))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.RAISE, 60, True)


def test_less_than_half_a_raise_is_a_call_confirmed_by_the_dealer(hand: Hand) -> None:
    """TDA Rule 43: facing 10, 14 in several chips (4 over, less than half the raise of 10) is a call; the excess goes back."""
    result = proposal(propose_bet(hand, BetZone(3, 14, chips((5, 2), (1, 4)))))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.CALL, 10, True)


def test_raise_over_the_pot_limit_is_proposed_at_the_maximum(hand: Hand) -> None:
    """SPEC Betting structures (pot-limit maximum 35 here): 100 in several chips is a raise to 35, confirmed by the dealer."""
    result = proposal(propose_bet(hand, BetZone(3, 100, chips((25, 4)))))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.RAISE, 35, True)


def test_chips_short_of_the_call_are_a_warning_with_both_figures(hand: Hand) -> None:
    """SPEC "implausible means warn and ask" (STYLE practice 3): 5 in the zone against a call of 10."""
    warning = propose_bet(hand, BetZone(3, 5, chips((5, 1))))
    assert isinstance(warning, SensorWarning)
    assert (warning.seat, warning.expected, warning.seen) == (3, 10, 5)
    assert "10" in warning.message and "5" in warning.message


def test_dealer_action_that_disagrees_with_the_zone_is_warned_with_both_figures(hand: Hand) -> None:
    """Issue 6: a dealer who confirms "call" while the zone shows too little is caught before chips move."""
    warning = check_action(hand, 3, "call", BetZone(3, 5))
    assert isinstance(warning, SensorWarning) and (warning.expected, warning.seen) == (10, 5)
    assert check_action(hand, 3, "call", BetZone(3, 10)) is None
    raised = check_action(hand, 3, "raise", BetZone(3, 30), amount_to=35)
    assert isinstance(raised, SensorWarning) and (raised.expected, raised.seen) == (35, 30)


def test_button_sensor_disagreeing_with_the_console_is_warned(hand: Hand) -> None:
    """Issue 6: a button moved to the wrong seat is caught; both seats are named."""
    warning = check_button(4, ButtonReading(5))
    assert isinstance(warning, SensorWarning) and (warning.expected, warning.seen) == (4, 5)
    assert check_button(4, ButtonReading(4)) is None
    missing = check_button(4, ButtonReading(None))
    assert isinstance(missing, SensorWarning) and "no seat" in missing.message


def test_big_blind_with_nothing_added_is_a_check_on_the_option(hand: Hand) -> None:
    """SPEC Blinds: the big blind may check when unraised; a zone still showing the blind proposes a check."""
    hand.call(3)
    hand.call(4)
    hand.call(1)
    assert hand.actor == 2
    result = proposal(propose_bet(hand, BetZone(2, 10, chips((10, 1)))))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.CHECK, 10, False)


def _fake_board(name: str) -> Any:
    return SimpleNamespace(name=name)


def _received(message: object) -> Received:
    return Received(Frame(1, message), 0)  # type: ignore[arg-type]


def test_chips_put_out_are_told_from_chips_already_in_front(hand: Hand) -> None:
    """TDA Rule 46 applied to the chips put out now: the big blind's 10 chip stays in front, one 100 chip added facing 35 is a call."""
    hand.raise_to(3, 35)
    hand.call(4)
    hand.fold(1)
    assert hand.actor == 2
    sensors = TableSensors()
    board = _fake_board("zones")
    sensors.on_frame(board, _received(ZoneReading(2, 10, chips((10, 1)))))
    sensors.mark_turn(2)
    sensors.on_frame(board, _received(ZoneReading(2, 110, chips((100, 1), (10, 1)))))
    result = proposal(sensors.propose(hand))
    assert (result.action, result.amount_to, result.needs_confirmation) == (ProposedAction.CALL, 35, False)
    # without the reading at the start of the turn the chips put out are unknown: the dealer confirms
    unknown = proposal(propose_bet(hand, BetZone(2, 110, chips((100, 1), (10, 1)))))
    assert unknown.needs_confirmation


def test_readings_of_a_board_that_stops_being_ready_are_dropped(hand: Hand) -> None:
    """PROTOCOL.md, Liveness: a silent or unplugged board's last reading is stale and is not proposed; the dealer is warned."""
    warnings: list[str] = []
    sensors = TableSensors(on_warning=warnings.append)
    board = _fake_board("zones")
    sensors.on_frame(board, _received(ZoneReading(3, 10)))
    assert sensors.propose(hand) is not None
    sensors.on_state(board, StateChanged(BoardState.READY, BoardState.SILENT, "no valid frame"))
    assert sensors.zone(3) is None and sensors.propose(hand) is None
    assert warnings and "silent" in warnings[0]
