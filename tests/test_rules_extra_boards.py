"""Extra boards ("run it twice"), double boards and the odd chips between them follow the written rules.

Sources:

* /work/shared/seeds/omaha-club-rules.txt, ADDITIONAL COMMUNITY CARDS: extra boards when every
  contender is all-in before the board is complete, "if all the players wish to do so"; the pot
  "split into the corresponding number of equal shares"; from the flop the runs share the flop, from
  the turn the flop and turn; "no more than two side boards"; a player who objects keeps the pot they
  contend for to one board, while "any side POT that such player does not claim" may still be run.
* omaha-club-rules.txt, Double board Omaha: each board half the pot.
* SPEC.md, "All-in, side pots, extra boards, showdown": "Extra boards", "Splitting" (for each pot:
  runs, then boards, then high/low, then tied winners; odd chip to the first run/board, to the high
  hand, to the first seat left of the button), house setting ``odd_chip_to_first_run``.

Every amount expected below is worked out by hand in the test's docstring.
"""

from __future__ import annotations

import pytest

from dealer_console.engine.cards import parse_known_cards
from dealer_console.engine.errors import GameDefinitionError, IllegalActionError
from dealer_console.engine.events import RunsChosen
from dealer_console.engine.games import HouseRules
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.pots import Pot
from tests.support.hands import assert_chips_accounted, check_around, deal, make_hand, show_all

# ---------------------------------------------------------------- helpers


def deal_run(hand: Hand, run: int, *streets: str | tuple[str, str]) -> None:
    """Deal streets of one run; a double-board street is a pair (board 1 cards, board 2 cards)."""
    for street in streets:
        if isinstance(street, tuple):
            for board, cards in enumerate(street):
                hand.deal_board(cards, board=board, run=run)
        else:
            hand.deal_board(street, run=run)


def shares(hand: Hand) -> list[tuple[int, int, int, str, int, tuple[tuple[int, int], ...]]]:
    """(pot, run, board, half, amount, winners) for every share of the result."""
    assert hand.result is not None
    return [
        (pot.index, share.run, share.board, share.half, share.amount, share.winners) for pot in hand.result.pots for share in pot.shares
    ]


HEADS_UP_HOLES = {1: "AsAhKdKc", 2: "QsQhJdJc"}
"""Seat 1 aces and kings, seat 2 queens and jacks (no straight or flush draws that matter below)."""


def heads_up_all_in_pre_flop(stack: int = 50, **options: object) -> Hand:
    """Heads-up, ``stack`` each (seat 1 big blind, seat 2 button): seat 2 all-in, seat 1 calls."""
    hand = make_hand({1: stack, 2: stack}, button=2, **options)  # type: ignore[arg-type]
    deal(hand, HEADS_UP_HOLES)
    hand.all_in(2)
    hand.call(1)
    return hand


# ---------------------------------------------------------------- when extra boards are offered


def test_extra_boards_are_not_offered_while_a_contender_can_still_bet() -> None:
    """omaha-club-rules.txt ADDITIONAL COMMUNITY CARDS: only when "all the aspiring winning players have
    put all their chips in the POT"; SPEC: every contender of a pot all-in (or all but one). Seat 1 is
    all-in, but seats 2 and 3 still have chips and bet on: no extra boards."""
    hand = make_hand({1: 20, 2: 100, 3: 100}, button=3)
    deal(hand, {1: "AsAhKdKc", 2: "QsQhJdJc", 3: "9s9hTdTc"})
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    assert hand.phase is Phase.BOARD
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError, match="only when the betting is over and the board is not complete"):
        hand.choose_runs(1, 2)
    hand.deal_board("2c7d3h")
    assert hand.phase is Phase.BETTING
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError, match="only when the betting is over"):
        hand.choose_runs(2, 2)


def test_extra_boards_are_offered_when_all_but_one_contender_is_all_in() -> None:
    """SPEC "Extra boards": "when every contender of a pot is all-in (or all but one) before the board is
    complete". Seat 1 all-in for 20, seat 2 calls with chips behind, seat 3 folds: nobody can bet."""
    hand = make_hand({1: 20, 2: 100, 3: 100}, button=3)
    deal(hand, {1: "AsAhKdKc", 2: "QsQhJdJc", 3: "9s9hTdTc"})
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.fold(3)
    assert hand.runs_window_open()
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    assert hand.pot_runs() == [2]


def test_extra_boards_are_not_offered_once_the_board_is_complete() -> None:
    """omaha-club-rules.txt ADDITIONAL COMMUNITY CARDS: "If not all community cards are yet dealt": an
    all-in on the river leaves nothing to run again."""
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, HEADS_UP_HOLES)
    hand.call(2)
    hand.check(1)
    for cards in ("2c7d9s", "3h", "4s"):
        hand.deal_board(cards)
        if cards != "4s":
            check_around(hand)
    hand.all_in(1)
    hand.call(2)
    assert hand.phase is Phase.SHOWDOWN
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError, match=r"^Seat 1 cannot choose runs"):
        hand.choose_runs(1, 2)


def test_extra_boards_not_allowed_at_the_table_are_refused() -> None:
    """SPEC "Blinds, button, straddles": each table keeps standing agreements, "extra boards allowed"
    among them; where they are not, the choice is refused."""
    hand = heads_up_all_in_pre_flop(extra_boards_allowed=False)
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError, match="extra boards are not allowed at this table"):
        hand.choose_runs(1, 2)


def test_at_most_three_runs() -> None:
    """omaha-club-rules.txt: "In total, no more than two side boards of community cards may be turned";
    SPEC: at most three runs."""
    hand = heads_up_all_in_pre_flop()
    with pytest.raises(IllegalActionError, match="between 1 and 3 runs are allowed"):
        hand.choose_runs(1, 4)
    with pytest.raises(GameDefinitionError, match="at most three runs"):
        HouseRules(max_runs=4)


def test_each_contenders_choice_is_recorded() -> None:
    """SPEC "Extra boards": "The console records each contender's choice"."""
    hand = heads_up_all_in_pre_flop()
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 3)
    chosen = [(event.seat, event.runs) for event in hand.events if isinstance(event, RunsChosen)]
    assert chosen == [(1, 2), (2, 3)]
    # the contenders agreed to at least two runs; the smaller choice is what everyone accepted
    assert hand.pot_runs() == [2]


def test_without_a_choice_the_board_is_run_once_and_the_window_closes() -> None:
    """omaha-club-rules.txt: extra boards only "if all the players wish to do so"; once the next card is
    out without an agreement, the board is run once."""
    hand = heads_up_all_in_pre_flop()
    hand.deal_board("2c7d9s")
    assert hand.run_count == 1
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError):
        hand.choose_runs(1, 2)
    with pytest.raises(IllegalActionError, match="only 1 run"):
        hand.deal_board("3h4s5c", run=1)


# ---------------------------------------------------------------- dividing the pot among runs


def test_the_pot_is_divided_equally_among_the_runs() -> None:
    """omaha-club-rules.txt ADDITIONAL COMMUNITY CARDS, "in the PREFLOP": "the POT is split into two equal
    parts, one of which goes to the player who has collected the best five-card hand using the main
    community cards, and the other ... using side community cards".

    Heads-up, 50 each all-in pre-flop: pot 100, 50 a run. Run 1 (2c 7d 9s 3h 4s): aces win 50 for
    seat 1. Run 2 (Qd 5c 6d 8s 2h): three queens win 50 for seat 2. Both end with 50.
    """
    hand = heads_up_all_in_pre_flop()
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    deal_run(hand, 0, "2c7d9s", "3h", "4s")
    deal_run(hand, 1, "Qd5c6d", "8s", "2h")
    assert hand.run_count == 2
    assert hand.boards(0) == (parse_known_cards("2c7d9s3h4s"),)
    assert hand.boards(1) == (parse_known_cards("Qd5c6d8s2h"),)
    show_all(hand)
    assert shares(hand) == [(0, 0, 0, "all", 50, ((1, 50),)), (0, 1, 0, "all", 50, ((2, 50),))]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 50, 2: 50}
    assert hand.result.describe() == [
        "Main pot (run 1): 50 to seat 1 (50) with Pair of Aces",
        "Main pot (run 2): 50 to seat 2 (50) with Three Queens",
    ]
    assert_chips_accounted(hand)


def test_runs_from_the_flop_share_the_flop() -> None:
    """omaha-club-rules.txt ADDITIONAL COMMUNITY CARDS, "in the FLOP: main FLOP, TURN and RIVER + side TURN
    and RIVER ... using the main FLOP cards and side TURN and RIVER cards".

    Heads-up, 100 each, 2 each pre-flop; on the flop 2c 7d 9s seat 1 moves all-in (98) and seat 2 calls:
    pot 200, 100 a run. Run 1 (turn 3h, river 4s): aces, seat 1 100. Run 2 (turn Qd, river 5c): three
    queens, seat 2 100.
    """
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, HEADS_UP_HOLES)
    hand.call(2)
    hand.check(1)
    hand.deal_board("2c7d9s")
    hand.all_in(1)
    hand.call(2)
    assert hand.runs_window_open()
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    deal_run(hand, 0, "3h", "4s")
    deal_run(hand, 1, "Qd", "5c")
    assert hand.boards(0) == (parse_known_cards("2c7d9s3h4s"),)
    assert hand.boards(1) == (parse_known_cards("2c7d9sQd5c"),)
    show_all(hand)
    assert shares(hand) == [(0, 0, 0, "all", 100, ((1, 100),)), (0, 1, 0, "all", 100, ((2, 100),))]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 100, 2: 100}
    assert_chips_accounted(hand)


def test_runs_from_the_turn_share_the_flop_and_the_turn() -> None:
    """omaha-club-rules.txt ADDITIONAL COMMUNITY CARDS, "in the TURN: main FLOP, TURN and RIVER + side
    RIVER"; SPEC "Splitting": odd chips to the first run.

    Heads-up, 100 each, 2 each pre-flop, flop checked; on the turn seat 1 moves all-in (98), seat 2
    calls: pot 200 in three runs = 3 x 66 + 2: 67, 67, 66. Flop 2c 7d 9s, turn 3h.
    River 5c: aces (seat 1, 67); Qd: three queens (seat 2, 67); Ac: three aces (seat 1, 66).
    Seat 1 ends with 133, seat 2 with 67.
    """
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, HEADS_UP_HOLES)
    hand.call(2)
    hand.check(1)
    hand.deal_board("2c7d9s")
    check_around(hand)
    hand.deal_board("3h")
    hand.all_in(1)
    hand.call(2)
    for seat in (1, 2):
        hand.choose_runs(seat, 3)
    deal_run(hand, 0, "5c")
    deal_run(hand, 1, "Qd")
    deal_run(hand, 2, "Ac")
    for run, river in enumerate(("5c", "Qd", "Ac")):
        assert hand.boards(run) == (parse_known_cards("2c7d9s3h" + river),)
    show_all(hand)
    assert shares(hand) == [
        (0, 0, 0, "all", 67, ((1, 67),)),
        (0, 1, 0, "all", 67, ((2, 67),)),
        (0, 2, 0, "all", 66, ((1, 66),)),
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 133, 2: 67}
    assert_chips_accounted(hand)


def test_a_run_beyond_the_agreed_runs_is_refused() -> None:
    """SPEC "Extra boards": the console records "the boards dealt and which pot used which run"; a board
    for a run nobody agreed to is a dealer's mistake and is refused."""
    hand = heads_up_all_in_pre_flop()
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    deal_run(hand, 0, "2c7d9s")
    with pytest.raises(IllegalActionError, match="only 2 run"):
        hand.deal_board("Qd5c6d", run=2)


# ---------------------------------------------------------------- per-pot consent


def three_way_all_in_with_a_side_pot() -> Hand:
    """Seats 1-3 (button 3), stacks 20, 50, 50. Seat 3 all-in 50, seat 1 all-in 20, seat 2 calls 50.
    Main pot 3 x 20 = 60 (seats 1, 2, 3); side pot 2 x 30 = 60 (seats 2, 3)."""
    hand = make_hand({1: 20, 2: 50, 3: 50}, button=3)
    deal(hand, {1: "AsAhKdKc", 2: "QsQhJdJc", 3: "9s9hTdTc"})
    hand.all_in(3)
    hand.all_in(1)
    hand.call(2)
    assert hand.pots() == [Pot(60, (1, 2, 3)), Pot(60, (2, 3))]
    return hand


def test_an_objecting_player_keeps_their_pots_to_one_run_while_a_side_pot_runs_twice() -> None:
    """omaha-club-rules.txt ADDITIONAL COMMUNITY CARDS: "If any of the players objects to the portion of the
    pot that they contend for being played out using additional community cards, then this procedure ...
    will only apply in those cases when any side POT that such player does not claim will be played out
    using additional community cards." SPEC: "A player who objects keeps their pots to one run; side
    pots they do not contend may still be run more than once."

    Seat 1 (main pot only) objects; seats 2 and 3 agree to two runs. The main pot (60) is played on run 1
    only; the side pot (60) is split 30 / 30 between the runs.
    Run 1 (2c 7d 3h 4s 8c): seat 1's aces take the main 60; seat 2's queens beat seat 3's tens: 30.
    Run 2 (9d 5c 2h 6d Kh): seat 3's three nines take 30.
    Final: 1 -> 60, 2 -> 30, 3 -> 30.
    """
    hand = three_way_all_in_with_a_side_pot()
    hand.choose_runs(1, 1)
    hand.choose_runs(2, 2)
    hand.choose_runs(3, 2)
    assert hand.pot_runs() == [1, 2]
    deal_run(hand, 0, "2c7d3h", "4s", "8c")
    assert hand.run_count == 2
    deal_run(hand, 1, "9d5c2h", "6d", "Kh")
    assert hand.boards(0) == (parse_known_cards("2c7d3h4s8c"),)
    assert hand.boards(1) == (parse_known_cards("9d5c2h6dKh"),)
    show_all(hand)
    assert shares(hand) == [
        (0, 0, 0, "all", 60, ((1, 60),)),
        (1, 0, 0, "all", 30, ((2, 30),)),
        (1, 1, 0, "all", 30, ((3, 30),)),
    ]
    result = hand.result
    assert result is not None
    assert [pot.runs for pot in result.pots] == [1, 2]
    assert result.final_stacks == {1: 60, 2: 30, 3: 30}
    assert result.describe() == [
        "Main pot: 60 to seat 1 (60) with Pair of Aces",
        "Side pot 1 (run 1): 30 to seat 2 (30) with Pair of Queens",
        "Side pot 1 (run 2): 30 to seat 3 (30) with Three Nines",
    ]
    assert_chips_accounted(hand)


def test_a_player_who_objects_and_contends_every_pot_keeps_them_all_to_one_run() -> None:
    """omaha-club-rules.txt ADDITIONAL COMMUNITY CARDS ("this procedure will not apply"): seat 3 contends
    both pots and objects, so neither pot is run twice and no second board is dealt."""
    hand = three_way_all_in_with_a_side_pot()
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    hand.choose_runs(3, 1)
    assert hand.pot_runs() == [1, 1]
    deal_run(hand, 0, "2c7d3h")
    assert hand.run_count == 1
    with pytest.raises(IllegalActionError, match="only 1 run"):
        hand.deal_board("9d5c2h", run=1)


def test_a_contender_who_has_not_answered_keeps_the_pot_to_one_run() -> None:
    """omaha-club-rules.txt: extra boards only "if all the players wish to do so": no answer is no
    agreement (seat 1 silent: main pot one run; seats 2 and 3 agree: side pot two runs)."""
    hand = three_way_all_in_with_a_side_pot()
    hand.choose_runs(2, 2)
    hand.choose_runs(3, 2)
    assert hand.pot_runs() == [1, 2]


# ---------------------------------------------------------------- double board with runs


def test_with_a_double_board_each_run_deals_both_boards() -> None:
    """SPEC "Extra boards": "With a double board game, each run deals both boards"; omaha-club-rules.txt
    Double board Omaha: each board half the pot.

    Heads-up Double-board Omaha, 50 each all-in pre-flop: pot 100, 50 a run, 25 a board.
      run 1 board 1 2c 7d 9s 3h 4s: aces (seat 1) 25
      run 1 board 2 Qd 5c 6d 8s 2h: three queens (seat 2) 25
      run 2 board 1 Ac 3c 6s 8h 2s: three aces (seat 1) 25
      run 2 board 2 Kh 4d 5s 9h Td: Q J + K T 9 straight (seat 2) 25
    Both end with 50.
    """
    hand = heads_up_all_in_pre_flop(code="DBO")
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    deal_run(hand, 0, ("2c7d9s", "Qd5c6d"), ("3h", "8s"), ("4s", "2h"))
    deal_run(hand, 1, ("Ac3c6s", "Kh4d5s"), ("8h", "9h"), ("2s", "Td"))
    assert hand.boards(0) == (parse_known_cards("2c7d9s3h4s"), parse_known_cards("Qd5c6d8s2h"))
    assert hand.boards(1) == (parse_known_cards("Ac3c6s8h2s"), parse_known_cards("Kh4d5s9hTd"))
    show_all(hand)
    assert shares(hand) == [
        (0, 0, 0, "all", 25, ((1, 25),)),
        (0, 0, 1, "all", 25, ((2, 25),)),
        (0, 1, 0, "all", 25, ((1, 25),)),
        (0, 1, 1, "all", 25, ((2, 25),)),
    ]
    assert hand.result is not None
    assert hand.result.pots[0].shares[3].hand == "Straight, King high"
    assert hand.result.describe()[3] == "Main pot (run 2, board 2): 25 to seat 2 (25) with Straight, King high"
    assert hand.result.final_stacks == {1: 50, 2: 50}
    assert_chips_accounted(hand)


def test_hi_lo_with_a_double_board_and_runs_splits_by_runs_then_boards_then_halves_then_ties() -> None:
    """SPEC "Splitting": "for each pot: divide by runs, then by boards, then high/low, then among tied
    winners ... an odd chip goes to the high hand (hi-lo), to the first run/board, and among tied players
    to the first seat left of the button."

    Double-board Omaha Hi-Lo, seats 1-3 (button 3), 35 each, all-in pre-flop: pot 105, two runs.
      Seat 1 Ac 2c Kd Kh, seat 2 Ad 2d Qd Qh, seat 3 3s 4s Js Jh.
      runs 105 -> 53 (run 1, odd chip) + 52 (run 2)
      run 1: boards 53 -> 27 + 26; run 2: 52 -> 26 + 26
      r1 b1 5h 6c 7d Ks 9c (27 -> high 14, low 13):
          high: seat 3's 3-4-5-6-7 straight (beats seat 1's three kings) 14
          low: seats 1 and 2 tie with 7-6-5-2-A (seat 3's 7-6-5-4-3 is worse): 13 -> 7 (seat 1) + 6 (seat 2)
      r1 b2 Ts Tc 9h 8h 2h (26; only two low cards on the board: no low, high takes all):
          seat 1 kings and tens 26
      r2 b1 Kc 3d 4c 8s 9d (26 -> 13 + 13):
          high: seat 1's three kings 13; low: seats 1 and 2 tie with 8-4-3-2-A: 7 + 6
      r2 b2 3h 4h 5c Jd 7s (26 -> 13 + 13):
          high: seats 1 and 2 tie with the wheel (seat 3's three jacks lose): 7 + 6
          low: seats 1 and 2 tie with 5-4-3-2-A: 7 + 6
    Seat 1: 7 + 26 + 13 + 7 + 7 + 7 = 67; seat 2: 6 + 6 + 6 + 6 = 24; seat 3: 14. Total 105.
    """
    hand = make_hand({1: 35, 2: 35, 3: 35}, button=3, code="DBO/8")
    deal(hand, {1: "Ac2cKdKh", 2: "Ad2dQdQh", 3: "3s4sJsJh"})
    hand.all_in(3)
    hand.call(1)
    hand.call(2)
    for seat in (1, 2, 3):
        hand.choose_runs(seat, 2)
    assert hand.pot_runs() == [2]
    deal_run(hand, 0, ("5h6c7d", "TsTc9h"), ("Ks", "8h"), ("9c", "2h"))
    deal_run(hand, 1, ("Kc3d4c", "3h4h5c"), ("8s", "Jd"), ("9d", "7s"))
    show_all(hand)
    assert shares(hand) == [
        (0, 0, 0, "high", 14, ((3, 14),)),
        (0, 0, 0, "low", 13, ((1, 7), (2, 6))),
        (0, 0, 1, "all", 26, ((1, 26),)),
        (0, 1, 0, "high", 13, ((1, 13),)),
        (0, 1, 0, "low", 13, ((1, 7), (2, 6))),
        (0, 1, 1, "high", 13, ((1, 7), (2, 6))),
        (0, 1, 1, "low", 13, ((1, 7), (2, 6))),
    ]
    result = hand.result
    assert result is not None
    hands = [share.hand for share in result.pots[0].shares]
    assert hands == [
        "Straight, Seven high",
        "7-6-5-2-A low",
        "Two Pair, Kings and Tens",
        "Three Kings",
        "8-4-3-2-A low",
        "Straight, Five high",
        "5-4-3-2-A low",
    ]
    assert result.final_stacks == {1: 67, 2: 24, 3: 14}
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- odd chips between runs and boards


def sb_folds_then_two_run_twice(*, chip_unit: int, house: HouseRules | None = None) -> Hand:
    """Seats 1-3 (button 3), stacks 100, 40, 40 (x chip unit). Seat 3 all-in, seat 1 folds its small
    blind, seat 2 calls all-in; two runs. Seat 2 (aces) wins run 1 on 2c 7d 9s 3h 4s, seat 3 (queens)
    wins run 2 on Qd 5c 6d 8s 2h."""
    unit = chip_unit
    hand = make_hand(
        {1: 100 * unit, 2: 40 * unit, 3: 40 * unit}, button=3, small_blind=unit, big_blind=2 * unit, chip_unit=unit, house=house
    )
    deal(hand, {1: "8c8d7h7s", 2: "AsAhKdKc", 3: "QsQhJdJc"})
    hand.all_in(3)
    hand.fold(1)
    hand.call(2)
    hand.choose_runs(2, 2)
    hand.choose_runs(3, 2)
    deal_run(hand, 0, "2c7d9s", "3h", "4s")
    deal_run(hand, 1, "Qd5c6d", "8s", "2h")
    show_all(hand)
    return hand


@pytest.mark.parametrize(
    ("chip_unit", "first_run", "second_run"),
    [
        # pot 1 + 40 + 40 = 81 = 2 x 40 + 1: the odd chip to run 1
        (1, 41, 40),
        # pot 5 + 200 + 200 = 405 = 2 x 200 + one 5-chip: 205 and 200
        (5, 205, 200),
    ],
)
def test_odd_chip_between_runs_goes_to_the_first_run(chip_unit: int, first_run: int, second_run: int) -> None:
    """SPEC "Splitting": an odd chip goes "to the first run/board"; house setting default "the first run"."""
    hand = sb_folds_then_two_run_twice(chip_unit=chip_unit)
    assert shares(hand) == [
        (0, 0, 0, "all", first_run, ((2, first_run),)),
        (0, 1, 0, "all", second_run, ((3, second_run),)),
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 99 * chip_unit, 2: first_run, 3: second_run}
    assert_chips_accounted(hand)


def test_house_setting_sends_the_odd_chip_between_runs_to_the_last_run() -> None:
    """SPEC "House settings": "where the odd chip between runs goes (default: the first run)";
    ``HouseRules(odd_chip_to_first_run=False)``: pot 81 -> run 1 40, run 2 41."""
    hand = sb_folds_then_two_run_twice(chip_unit=1, house=HouseRules(odd_chip_to_first_run=False))
    assert shares(hand) == [(0, 0, 0, "all", 40, ((2, 40),)), (0, 1, 0, "all", 41, ((3, 41),))]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 99, 2: 40, 3: 41}
    assert_chips_accounted(hand)


@pytest.mark.parametrize(("chip_unit", "first_board", "second_board"), [(1, 3, 2), (5, 15, 10)])
def test_odd_chip_between_boards_goes_to_the_first_board(chip_unit: int, first_board: int, second_board: int) -> None:
    """SPEC "Splitting": an odd chip goes "to the first run/board"; omaha-club-rules.txt Double board
    Omaha: each board half the pot.

    Double-board Omaha, seats 1-3 (button 3); seat 1 folds its small blind, seats 2 and 3 check it down:
    pot 1 + 2 + 2 = 5 (chip unit 1) or 5 + 10 + 10 = 25 (chip unit 5, blinds 5/10): board 1 gets 3
    (or 15), board 2 gets 2 (or 10). Board 1 2c 7d 9s 3h 4s: seat 2's aces; board 2 Qd 5c 6d 8s 2h:
    seat 3's three queens.
    """
    unit = chip_unit
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3, code="DBO", small_blind=unit, big_blind=2 * unit, chip_unit=unit)
    deal(hand, {1: "8c8d7h7s", 2: "AsAhKdKc", 3: "QsQhJdJc"})
    hand.call(3)
    hand.fold(1)
    hand.check(2)
    for street in (("2c7d9s", "Qd5c6d"), ("3h", "8s"), ("4s", "2h")):
        deal_run(hand, 0, street)
        check_around(hand)
    show_all(hand)
    assert shares(hand) == [
        (0, 0, 0, "all", first_board, ((2, first_board),)),
        (0, 0, 1, "all", second_board, ((3, second_board),)),
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 100 - unit, 2: 100 - 2 * unit + first_board, 3: 100 - 2 * unit + second_board}
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- the deck


def test_the_deck_must_have_enough_cards_for_the_runs() -> None:
    """SPEC "Games": a deal must fit in 52 cards (players x hole cards + board cards + burns).
    Double-board Omaha, six players all-in pre-flop: 6 x 4 = 24 hole cards are out. Two runs need
    2 x (2 boards x 5 + 3 burns) = 26 more (50 <= 52); three runs need 39 (63 > 52): refused."""
    seats = {seat: 50 for seat in range(1, 7)}
    hand = make_hand(seats, button=6, code="DBO")
    deal(hand, {1: "AsAhAdAc", 2: "KsKhKdKc", 3: "QsQhQdQc", 4: "JsJhJdJc", 5: "TsThTdTc", 6: "9s9h9d9c"})
    hand.all_in(3)
    for seat in (4, 5, 6, 1, 2):
        hand.call(seat)
    assert hand.runs_window_open()
    with pytest.raises(IllegalActionError, match="not enough cards left in the deck"):
        hand.choose_runs(1, 3)
    hand.choose_runs(1, 2)
