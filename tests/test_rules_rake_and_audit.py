"""The house's take (rake, jackpot drop) and the chip audit of every hand.

Sources:

* SPEC.md, "All-in, side pots, extra boards, showdown": "Rake (vigorish): configurable percentage with
  a cap, "no flop, no drop", optional fixed jackpot drop, taken from the pot before it is split and
  shown to the dealer"; "Chip audit of every hand: all contributions = pots awarded + rake + jackpot
  drop + returned uncalled bets, to the chip; shown in the hand's record."
* SPEC is silent on rounding: the rake is rounded down to the table's chip unit (the house never takes
  a fraction of its smallest chip, and a rounding doubt goes to the players), and it comes out of the
  main pot first (the pot every contender shares; the dealer drops it from the middle as it builds).
  Uncalled bets are not in any pot, so they are never raked (omaha-club-rules.txt ALL-IN: they are
  "change", returned).

Every amount expected below is worked out by hand in the test's docstring.
"""

from __future__ import annotations

import pytest

from dealer_console.engine.errors import GameDefinitionError
from dealer_console.engine.games import Rake
from dealer_console.engine.hand import Hand
from dealer_console.engine.showdown import ChipAudit
from tests.support.hands import assert_chips_accounted, check_around, deal, make_hand, show_all

# ---------------------------------------------------------------- helpers


HOLES = {1: "KsKh7d6d", 2: "QsQh3c4c"}
"""Seat 1 (big blind) kings beat seat 2 (button) queens on the board 2s 9h Jc 8d Ad."""


def heads_up_showdown(*, rake: Rake, flop_bet: int = 10, chip_unit: int = 1, stacks: int = 100) -> Hand:
    """Heads-up, 2 each pre-flop; seat 1 bets ``flop_bet`` on the flop, seat 2 calls; checked down.
    The pot is 4 + 2 x ``flop_bet`` (blinds scaled by the chip unit); seat 1's kings win it."""
    unit = chip_unit
    hand = make_hand({1: stacks, 2: stacks}, button=2, rake=rake, small_blind=unit, big_blind=2 * unit, chip_unit=unit)
    deal(hand, HOLES)
    hand.call(2)
    hand.check(1)
    hand.deal_board("2s9hJc")
    if flop_bet:
        hand.bet(1, flop_bet)
        hand.call(2)
    else:
        check_around(hand)
    for cards in ("8d", "Ad"):
        hand.deal_board(cards)
        check_around(hand)
    show_all(hand)
    return hand


# ---------------------------------------------------------------- percentage, cap, rounding


@pytest.mark.parametrize(
    ("percent", "cap", "flop_bet", "expected_rake"),
    [
        (10, None, 10, 2),  # pot 24: 10% = 2.4, rounded down to 2
        (5, None, 48, 5),  # pot 100: 5% = 5
        (10, 5, 48, 5),  # pot 100: 10% = 10, capped at 5
        (10, 50, 48, 10),  # pot 100: 10% = 10, under the cap
        (0, None, 48, 0),  # no rake at this table
        (2.5, None, 48, 2),  # pot 100: 2.5% = 2.5, rounded down to 2
    ],
)
def test_rake_is_a_percentage_of_the_pot_with_a_cap(percent: float, cap: int | None, flop_bet: int, expected_rake: int) -> None:
    """SPEC "Rake": "configurable percentage with a cap". Pot = 2 x 2 pre-flop + 2 x the flop bet; the
    winner (seat 1) gets the pot less the rake."""
    hand = heads_up_showdown(rake=Rake(percent=percent, cap=cap), flop_bet=flop_bet)
    pot = 4 + 2 * flop_bet
    result = hand.result
    assert result is not None
    assert result.rake == expected_rake
    assert result.pots[0].rake == expected_rake
    assert result.winnings == {1: pot - expected_rake}
    assert result.final_stacks == {1: 100 + pot // 2 - expected_rake, 2: 100 - pot // 2}
    assert_chips_accounted(hand)


def test_rake_is_rounded_down_to_the_chip_unit() -> None:
    """SPEC "Splitting": chips move in the table's smallest chip unit; the rake too (SPEC silent on
    rounding: rounded down, see the module docstring). Chip unit 5, blinds 5/10, flop bet 50:
    pot 10 + 10 + 50 + 50 = 120; 10% = 12, rounded down to 10."""
    hand = heads_up_showdown(rake=Rake(percent=10), flop_bet=50, chip_unit=5, stacks=500)
    result = hand.result
    assert result is not None
    assert result.rake == 10
    assert result.winnings == {1: 110}
    assert_chips_accounted(hand)


def test_a_negative_rake_or_cap_is_refused() -> None:
    """SPEC "Rake": a percentage (0 to 100) with a cap; nonsense settings are refused when the game is built."""
    with pytest.raises(GameDefinitionError):
        Rake(percent=120)
    with pytest.raises(GameDefinitionError):
        Rake(percent=5, cap=-1)
    with pytest.raises(GameDefinitionError):
        Rake(jackpot_drop=-1)


# ---------------------------------------------------------------- no flop, no drop


def preflop_reraise_and_fold(rake: Rake) -> Hand:
    """Heads-up: seat 2 (button) raises to 20, seat 1 re-raises to 60, seat 2 folds. Seat 1's 40 above
    seat 2's 20 is returned; the pot is 20 + 20 = 40 and no flop was dealt."""
    hand = make_hand({1: 100, 2: 100}, button=2, rake=rake)
    deal(hand, HOLES)
    hand.raise_to(2, 20)
    hand.raise_to(1, 60)
    hand.fold(2)
    return hand


def test_no_flop_no_drop() -> None:
    """SPEC "Rake": "no flop, no drop". The hand ends before the flop: no rake, no jackpot drop, even
    though the pot (40) would reach the jackpot threshold. Seat 1 ends with 100 + 20 = 120."""
    hand = preflop_reraise_and_fold(Rake(percent=10, jackpot_drop=1, jackpot_threshold=20))
    result = hand.result
    assert result is not None
    assert (result.rake, result.jackpot) == (0, 0)
    assert result.returned == {1: 40}
    assert result.final_stacks == {1: 120, 2: 80}
    assert_chips_accounted(hand)


def test_without_no_flop_no_drop_a_pre_flop_pot_is_raked() -> None:
    """SPEC "Rake": "no flop, no drop" is a setting; switched off, the same pot of 40 pays 10% = 4 and
    seat 1 ends with 100 - 60 + 40 returned + 36 = 116."""
    hand = preflop_reraise_and_fold(Rake(percent=10, no_flop_no_drop=False))
    result = hand.result
    assert result is not None
    assert result.rake == 4
    assert result.final_stacks == {1: 116, 2: 80}
    assert_chips_accounted(hand)


def test_an_all_in_pre_flop_run_to_a_flop_is_raked() -> None:
    """SPEC "Rake": "no flop, no drop" means a flop was dealt -- an all-in before the flop that is run
    out has a flop. Heads-up, 50 each: pot 100, 10% = 10; seat 1's kings win 90."""
    hand = make_hand({1: 50, 2: 50}, button=2, rake=Rake(percent=10))
    deal(hand, HOLES)
    hand.all_in(2)
    hand.call(1)
    for cards in ("2s9hJc", "8d", "Ad"):
        hand.deal_board(cards)
    show_all(hand)
    result = hand.result
    assert result is not None
    assert result.rake == 10
    assert result.final_stacks == {1: 90, 2: 0}
    assert_chips_accounted(hand)


def test_a_pot_won_without_a_showdown_after_the_flop_is_raked() -> None:
    """SPEC "Rake": "no flop, no drop" -- once a flop is dealt the pot is raked, showdown or not.
    Heads-up, seat 2 raises to 20 pre-flop and seat 1 calls (pot 40); on the flop seat 1 bets 30 and
    seat 2 folds: the 30 goes back, the pot of 40 pays 10% = 4, seat 1 wins 36.
    Final: 1 -> 100 - 50 + 30 + 36 = 116, 2 -> 80."""
    hand = make_hand({1: 100, 2: 100}, button=2, rake=Rake(percent=10))
    deal(hand, HOLES)
    hand.raise_to(2, 20)
    hand.call(1)
    hand.deal_board("2s9hJc")
    hand.bet(1, 30)
    hand.fold(2)
    result = hand.result
    assert result is not None
    assert (result.rake, result.returned) == (4, {1: 30})
    assert result.final_stacks == {1: 116, 2: 80}
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- jackpot drop


def test_jackpot_drop_is_taken_when_the_pot_reaches_the_threshold() -> None:
    """SPEC "Rake": "optional fixed jackpot drop". Rake 10% and a drop of 1 from pots of 20 or more.
    Pot 24: rake 2 (2.4 rounded down), jackpot 1; seat 1 wins 21. The result shows both to the dealer."""
    hand = heads_up_showdown(rake=Rake(percent=10, jackpot_drop=1, jackpot_threshold=20), flop_bet=10)
    result = hand.result
    assert result is not None
    assert (result.rake, result.jackpot) == (2, 1)
    assert (result.pots[0].rake, result.pots[0].jackpot) == (2, 1)
    assert result.winnings == {1: 21}
    assert result.final_stacks == {1: 109, 2: 88}
    assert result.describe()[-1] == "Rake 2, jackpot drop 1"
    assert_chips_accounted(hand)


def test_no_jackpot_drop_below_the_threshold() -> None:
    """SPEC "Rake": the jackpot drop comes from pots that reach the threshold (20): a checked-down pot
    of 4 pays neither rake (10% of 4 rounds down to 0) nor jackpot; seat 1 wins all 4."""
    hand = heads_up_showdown(rake=Rake(percent=10, jackpot_drop=1, jackpot_threshold=20), flop_bet=0)
    result = hand.result
    assert result is not None
    assert (result.rake, result.jackpot) == (0, 0)
    assert result.winnings == {1: 4}
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- before the split, main pot first


def test_rake_is_taken_from_the_main_pot_before_it_is_split() -> None:
    """SPEC "Rake": "taken from the pot before it is split"; from the main pot first (module docstring).

    Seats 1-3 (button 3), stacks 10, 100, 100. Pre-flop seat 3 calls 2, seat 1 all-in 10, seats 2 and
    3 call; flop seat 2 bets 20, seat 3 calls: main pot 30 (1, 2, 3), side pot 40 (2, 3), total 70.
    Rake 10% = 7, all from the main pot: main 30 - 7 = 23, side 40.
    Seats 1 and 2 tie (Ad Kd / Ac Kc + As Ks 9h: aces and kings) and split the 23: 12 to seat 1 (first
    left of the button), 11 to seat 2. Seat 2 beats seat 3's queens for the side pot: 40.
    Final: 1 -> 12, 2 -> 100 - 30 + 11 + 40 = 121, 3 -> 70. 12 + 121 + 70 + 7 = 210.
    """
    hand = make_hand({1: 10, 2: 100, 3: 100}, button=3, rake=Rake(percent=10))
    deal(hand, {1: "AdKd4c5c", 2: "AcKc4h5h", 3: "QsQhJdJh"})
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    hand.deal_board("AsKs8d")
    hand.bet(2, 20)
    hand.call(3)
    for cards in ("9h", "2c"):
        hand.deal_board(cards)
        check_around(hand)
    show_all(hand)
    result = hand.result
    assert result is not None
    main, side = result.pots
    assert (main.amount, main.rake, side.amount, side.rake) == (30, 7, 40, 0)
    assert [(share.amount, share.winners) for share in main.shares] == [(23, ((1, 12), (2, 11)))]
    assert [(share.amount, share.winners) for share in side.shares] == [(40, ((2, 40),))]
    assert result.final_stacks == {1: 12, 2: 121, 3: 70}
    assert_chips_accounted(hand)


def test_rake_is_taken_before_the_pot_is_divided_among_runs() -> None:
    """SPEC "Rake" (before the pot is split) and "Extra boards" (the pot divided equally among runs).
    Heads-up, 50 each all-in pre-flop, two runs: pot 100, rake 10% = 10, 90 left: 45 a run.
    Run 1 (2s 9h Jc 8d Ad): seat 1's kings, 45. Run 2 (Qd 5c 6h Th 2h): seat 2's three queens, 45."""
    hand = make_hand({1: 50, 2: 50}, button=2, rake=Rake(percent=10))
    deal(hand, HOLES)
    hand.all_in(2)
    hand.call(1)
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    for cards in ("2s9hJc", "8d", "Ad"):
        hand.deal_board(cards)
    for cards in ("Qd5c6h", "Th", "2h"):
        hand.deal_board(cards, run=1)
    show_all(hand)
    result = hand.result
    assert result is not None
    assert result.rake == 10
    assert [(share.run, share.amount, share.winners) for share in result.pots[0].shares] == [
        (0, 45, ((1, 45),)),
        (1, 45, ((2, 45),)),
    ]
    assert result.final_stacks == {1: 45, 2: 45}
    assert_chips_accounted(hand)


def test_a_returned_uncalled_bet_is_not_raked() -> None:
    """omaha-club-rules.txt ALL-IN: the bigger stack "gets change" -- it is not in the pot, so it pays no
    rake. Heads-up, seat 1 (40) calls seat 2's all-in of 100: 60 returned, pot 80, 10% = 8 (not 14).
    Seat 1's kings win 72."""
    hand = make_hand({1: 40, 2: 100}, button=2, rake=Rake(percent=10))
    deal(hand, HOLES)
    hand.all_in(2)
    hand.call(1)
    for cards in ("2s9hJc", "8d", "Ad"):
        hand.deal_board(cards)
    show_all(hand)
    result = hand.result
    assert result is not None
    assert result.rake == 8
    assert result.returned == {2: 60}
    assert result.final_stacks == {1: 72, 2: 60}
    assert result.audit == ChipAudit(contributed=140, awarded=72, rake=8, jackpot=0, returned=60)
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- the audit and the record


def test_the_chip_audit_counts_every_chip_put_in() -> None:
    """SPEC "Chip audit": "all contributions = pots awarded + rake + jackpot drop + returned uncalled bets,
    to the chip". Same hand as the main-pot rake test with a jackpot drop of 2 from pots of 50 or more:
    contributions 10 + 30 + 30 = 70; rake 7 and jackpot 2 both from the main pot (30 - 9 = 21 left, split
    11 / 10); side 40; awarded 21 + 40 = 61; 61 + 7 + 2 + 0 = 70."""
    hand = make_hand({1: 10, 2: 100, 3: 100}, button=3, rake=Rake(percent=10, jackpot_drop=2, jackpot_threshold=50))
    deal(hand, {1: "AdKd4c5c", 2: "AcKc4h5h", 3: "QsQhJdJh"})
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    hand.deal_board("AsKs8d")
    hand.bet(2, 20)
    hand.call(3)
    for cards in ("9h", "2c"):
        hand.deal_board(cards)
        check_around(hand)
    show_all(hand)
    result = hand.result
    assert result is not None
    assert result.audit == ChipAudit(contributed=70, awarded=61, rake=7, jackpot=2, returned=0)
    assert result.audit.balanced
    assert (result.pots[0].rake, result.pots[0].jackpot) == (7, 2)
    assert result.final_stacks == {1: 11, 2: 120, 3: 70}
    assert_chips_accounted(hand)


def test_an_unbalanced_audit_is_reported() -> None:
    """SPEC "Chip audit": the audit must be able to say "no" -- one chip missing is not balanced."""
    assert ChipAudit(contributed=70, awarded=61, rake=7, jackpot=2, returned=0).balanced
    assert not ChipAudit(contributed=70, awarded=60, rake=7, jackpot=2, returned=0).balanced


def test_the_result_reads_as_lines_a_person_can_follow() -> None:
    """SPEC "Records and review": the floor sees "why each pot went where it went" in a report a person
    can read. The returned-bet hand above (rake 10%): the change, the pot with its winner and hand, and
    the house's take, one line each."""
    hand = make_hand({1: 40, 2: 100}, button=2, rake=Rake(percent=10))
    deal(hand, HOLES)
    hand.all_in(2)
    hand.call(1)
    for cards in ("2s9hJc", "8d", "Ad"):
        hand.deal_board(cards)
    show_all(hand)
    assert hand.result is not None
    assert hand.result.describe() == [
        "Seat 2 gets back 60 uncalled",
        "Main pot: 72 to seat 1 (72) with Pair of Kings",
        "Rake 8, jackpot drop 0",
    ]
    assert_chips_accounted(hand)
