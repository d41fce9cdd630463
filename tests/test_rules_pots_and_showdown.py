"""Side pots, uncalled bets, the showdown and the splitting of pots follow the written rules.

Sources:

* /work/shared/seeds/omaha-club-rules.txt, ALL-IN (main pot, side pots, "change" to the bigger
  stack) and SHOWDOWN ("the cards speak for themselves"; ties split in equal shares);
  MAIN OMAHA VARIATIONS, Omaha Hi-Low.
* /work/shared/seeds/omaha-limit-basics.txt, "All In": an all-in player "will only be eligible to
  win the amount of chips that he/she could afford to bet against".
* SPEC.md, "All-in, side pots, extra boards, showdown": "Showdown order", "Splitting" (odd chips),
  "Chip audit".
* Where SPEC and seeds are silent: Poker TDA rules 16 (showdown order), 18 (asking to see a mucked
  hand aside, a hand thrown away unshown is dead) and Robert's Rules of Poker (odd chip).

Every amount expected below is worked out by hand in the test's docstring or comments.
"""

from __future__ import annotations

import pytest

from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.pots import Pot, split_evenly
from tests.support.hands import assert_chips_accounted, check_around, deal, make_hand, show_all

# ---------------------------------------------------------------- helpers


def run_out(hand: Hand, *streets: str) -> None:
    """Deal the remaining streets of a hand whose betting is over (a burn before each)."""
    for cards in streets:
        hand.burn()
        hand.deal_board(cards)


def awards(hand: Hand) -> list[tuple[int, str, int, tuple[tuple[int, int], ...], str]]:
    """(pot, half, amount, winners, hand in words) for every share of the result."""
    assert hand.result is not None
    return [(pot.index, share.half, share.amount, share.winners, share.hand) for pot in hand.result.pots for share in pot.shares]


def side_pot_flop_bet(*, seat_1: str, seat_2: str) -> Hand:
    """Seats 1-3 (button 3), stacks 10, 100, 100, seat 3 holding queens: pre-flop seat 3 calls 2, seat 1
    all-in 10, seats 2 and 3 call (main pot 30); flop 2c 7d 9s, seat 2 bets 20 (seat 3 to act)."""
    hand = make_hand({1: 10, 2: 100, 3: 100}, button=3)
    deal(hand, {1: seat_1, 2: seat_2, 3: "QsQhJsTh"})
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    run_out(hand, "2c7d9s")
    hand.bet(2, 20)
    return hand


def side_pot_hand(*, seat_1: str, seat_2: str) -> Hand:
    """:func:`side_pot_flop_bet`, seat 3 calls (side pot 40); turn and river checked. Board 2c 7d 9s 3h 4c."""
    hand = side_pot_flop_bet(seat_1=seat_1, seat_2=seat_2)
    hand.call(3)
    run_out(hand, "3h")
    check_around(hand)
    run_out(hand, "4c")
    check_around(hand)
    return hand


# ---------------------------------------------------------------- side pots


def test_main_and_side_pots_for_several_all_ins_of_different_sizes() -> None:
    """omaha-club-rules.txt ALL-IN: "If several players have put all their chips into the pot (ALL-IN)
    in one hand, then, in addition to the main pot, several side pots are created ... each of the
    players who have placed the ALL-IN bet may only claim the side pot(s) that includes the chips they
    bet." SPEC: each pot remembers which players contend for it.

    Seats 1-4, button 4; stacks 10, 30, 60, 100. Seat 3 moves all-in for 60, seat 4 calls 60, seat 1
    (small blind) all-in for 10, seat 2 (big blind) all-in for 30. Contributions 10, 30, 60, 60:
      main pot   4 x 10        = 40, contenders 1, 2, 3, 4
      side pot 1 3 x (30 - 10) = 60, contenders 2, 3, 4
      side pot 2 2 x (60 - 30) = 60, contenders 3, 4
    Board 2c 7d 9s 3h 4c (no pair, no straight or flush for anyone): aces (1) > kings (2) > queens (3)
    > eights (4). Seat 1 takes 40, seat 2 60, seat 3 60; seat 4 keeps the 40 it had behind.
    """
    hand = make_hand({1: 10, 2: 30, 3: 60, 4: 100}, button=4)
    deal(hand, {1: "AsAhJdTc", 2: "KsKhJcTd", 3: "QsQhJsTh", 4: "8c8dQcKc"})
    hand.all_in(3)
    hand.call(4)
    hand.all_in(1)
    hand.all_in(2)
    assert hand.pots() == [Pot(40, (1, 2, 3, 4)), Pot(60, (2, 3, 4)), Pot(60, (3, 4))]
    run_out(hand, "2c7d9s", "3h", "4c")
    show_all(hand)
    assert awards(hand) == [
        (0, "all", 40, ((1, 40),), "Pair of Aces"),
        (1, "all", 60, ((2, 60),), "Pair of Kings"),
        (2, "all", 60, ((3, 60),), "Pair of Queens"),
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 40, 2: 60, 3: 60, 4: 40}
    assert hand.result.returned == {}
    assert_chips_accounted(hand)


def test_a_folded_players_chips_stay_in_the_pots() -> None:
    """omaha-club-rules.txt ALL-IN: the chips bet go to the main pot and the side pot "in full";
    a player who folds gives up their claim, not their chips.

    Seats 1-3, button 3; stacks 20, 100, 100. Pre-flop: seat 3 raises to 6, seat 1 all-in for 20,
    seats 2 and 3 call 20. Flop: seat 2 bets 30, seat 3 calls. Turn: seat 2 checks, seat 3 bets 50,
    seat 2 folds. Contributions 20, 50, 100; seat 3's 50 nobody called goes back to it (100 - 50).
      main pot 3 x 20 = 60, contenders 1, 3 (seat 2's 20 stays in it)
      side pot 2 x 30 = 60, contender 3 (seat 2's 30 stays in it)
    Seat 1's aces beat seat 3's nines: seat 1 takes 60; seat 3 takes the side pot 60 and the 50 back.
    Final stacks: 1 -> 60, 2 -> 100 - 50 = 50, 3 -> 100 - 100 + 50 + 60 = 110.
    """
    hand = make_hand({1: 20, 2: 100, 3: 100}, button=3)
    deal(hand, {1: "AsAhKdKc", 2: "QsQhJdJc", 3: "9d9h8s7s"})
    hand.raise_to(3, 6)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    run_out(hand, "2c5dTh")
    hand.bet(2, 30)
    hand.call(3)
    run_out(hand, "3s")
    hand.check(2)
    hand.bet(3, 50)
    hand.fold(2)
    assert hand.pots() == [Pot(60, (1, 3)), Pot(60, (3,))]
    run_out(hand, "4h")
    show_all(hand)
    result = hand.result
    assert result is not None
    assert result.returned == {3: 50}
    assert awards(hand) == [(0, "all", 60, ((1, 60),), "Pair of Aces"), (1, "all", 60, ((3, 60),), "")]
    assert result.final_stacks == {1: 60, 2: 50, 3: 110}
    assert_chips_accounted(hand)


def test_the_uncalled_part_of_an_all_in_returns_to_its_owner() -> None:
    """omaha-club-rules.txt ALL-IN: "the player to have put the most chips into the pot gets change
    equal to the difference between their bet and the ALL-IN bet of the other player."

    Heads-up, seat 1 big blind with 40, seat 2 button with 100: seat 2 all-in 100, seat 1 calls all-in
    40. Seat 2 gets 60 back; the pot is 80. Seat 1's kings beat seat 2's queens: 80 to seat 1.
    """
    hand = make_hand({1: 40, 2: 100}, button=2)
    deal(hand, {1: "KsKh7d6d", 2: "QsQh3c4c"})
    hand.all_in(2)
    hand.call(1)
    assert hand.pots() == [Pot(80, (1, 2))]
    run_out(hand, "2s9hJc", "8d", "Ad")
    show_all(hand)
    result = hand.result
    assert result is not None
    assert result.returned == {2: 60}
    assert "Seat 2 gets back 60 uncalled" in result.describe()
    assert result.final_stacks == {1: 80, 2: 60}
    assert_chips_accounted(hand)


def test_the_uncalled_excess_goes_back_as_soon_as_nobody_can_call_it() -> None:
    """SPEC, All-in, side pots: "an uncalled part of a bet returns to its owner"; omaha-club-rules.txt
    ALL-IN: the bigger stack "gets change". The change is due the moment the last player who could
    call has acted, so the dealer never leaves it in the middle through the later streets.

    Heads-up as above: seat 2 all-in 100, seat 1 calls all-in for 40. When that call closes the
    round, seat 2's 60 is back in front of them (stack 60), the middle holds 80, before any board card.
    """
    hand = make_hand({1: 40, 2: 100}, button=2)
    deal(hand, {1: "KsKh7d6d", 2: "QsQh3c4c"})
    hand.all_in(2)
    assert hand.pot_total == 102 and hand.returned_uncalled == {}  # seat 1 may still call it
    hand.call(1)
    assert hand.returned_uncalled == {2: 60}
    assert hand.stacks == {1: 0, 2: 60}
    assert hand.pot_total == 80 and hand.pots() == [Pot(80, (1, 2))]
    run_out(hand, "2s9hJc")
    assert (hand.pot_total, hand.stacks[2]) == (80, 60)  # still returned on the flop
    hand.void()  # taking the flop back keeps the return: it belongs to the pre-flop round
    assert hand.returned_uncalled == {2: 60}
    run_out(hand, "2s9hJc", "8d", "Ad")
    show_all(hand)
    assert hand.result is not None and hand.result.returned == {2: 60}
    assert hand.result.final_stacks == {1: 80, 2: 60}
    assert_chips_accounted(hand)


def test_the_uncalled_excess_of_a_flop_bet_goes_back_when_the_flop_round_closes() -> None:
    """SPEC, All-in, side pots: the uncalled part of a bet returns to its owner, here on the street
    it became uncalled. Seats 1-3 (button 3), stacks 100, 100, 40, no-limit 1/2: pre-flop everyone
    in for 2 (pot 6). Flop: seat 1 bets 60, seat 2 folds, seat 3 calls all-in for 38. Seat 1's 22 over
    seat 3's 38 comes back as the call closes the round: seat 1's stack 100 - 2 - 60 + 22 = 60, the
    middle 6 + 38 + 38 = 82, one pot for seats 1 and 3; the turn and river do not change that."""
    hand = make_hand({1: 100, 2: 100, 3: 40}, button=3)
    deal(hand, {1: "KsKh7d6d", 2: "2h3h4h5h", 3: "QsQh3c4c"})
    hand.call(3)
    hand.call(1)
    hand.check(2)
    run_out(hand, "2s9hJc")
    hand.bet(1, 60)
    hand.fold(2)
    assert hand.returned_uncalled == {}
    hand.call(3)
    assert hand.returned_uncalled == {1: 22}
    assert hand.stacks == {1: 60, 2: 98, 3: 0}
    assert hand.pot_total == 82 and hand.pots() == [Pot(82, (1, 3))]
    run_out(hand, "8d", "Ad")
    show_all(hand)
    assert hand.result is not None and hand.result.returned == {1: 22}
    assert hand.result.final_stacks == {1: 142, 2: 98, 3: 0}
    assert_chips_accounted(hand)


def test_an_uncalled_bet_returns_when_everyone_folds() -> None:
    """omaha-club-rules.txt, FLOP: "If there is only one player who made an uncalled bet left in the
    hand, then the hand is considered over and all the chips that were put in the POT earlier go to
    the winner" -- the uncalled bet itself goes back.

    Heads-up, 2 each pre-flop (pot 4); seat 1 bets 10 on the flop, seat 2 folds: 10 back to seat 1
    and the 4 to seat 1. Final: 1 -> 100 - 12 + 10 + 4 = 102, 2 -> 98.
    """
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "KsKh7d6d", 2: "QsQh3c4c"})
    hand.call(2)
    hand.check(1)
    run_out(hand, "2s9hJc")
    hand.bet(1, 10)
    hand.fold(2)
    result = hand.result
    assert result is not None
    assert result.returned == {1: 10}
    assert awards(hand) == [(0, "all", 4, ((1, 4),), "")]
    assert result.final_stacks == {1: 102, 2: 98}
    assert_chips_accounted(hand)


def test_an_all_in_player_can_only_win_the_pots_they_contend() -> None:
    """omaha-limit-basics.txt "All In": "if the player goes 'all in' he/she will only be eligible to win
    the amount of chips that he/she could afford to bet against. Any bets after the 'all in' will be put
    in a side pot, and only players betting into that side pot will be eligible to win those chips."

    Seats 1-3, button 3; stacks 10, 100, 100. Pre-flop seat 3 calls 2, seat 1 all-in 10, seats 2 and 3
    call 10: main pot 30. Flop: seat 2 bets 20, seat 3 calls: side pot 40. Seat 1 holds the best hand
    (aces) and takes only the 30; the side pot goes to seat 2's kings over seat 3's queens.
    Final: 1 -> 30, 2 -> 100 - 30 + 40 = 110, 3 -> 70.
    """
    hand = side_pot_hand(seat_1="AsAhJdTc", seat_2="KsKhJcTd")
    assert hand.pots() == [Pot(30, (1, 2, 3)), Pot(40, (2, 3))]
    show_all(hand)
    assert awards(hand) == [
        (0, "all", 30, ((1, 30),), "Pair of Aces"),
        (1, "all", 40, ((2, 40),), "Pair of Kings"),
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 30, 2: 110, 3: 70}
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- showdown order and cards speak


def three_handed_to_the_river() -> Hand:
    """Seats 1-3 (button 3), 100 each, 2 each pre-flop, checked to the river (board 2c 7d 9s 3h 4c)."""
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3)
    deal(hand, {1: "AsAhJdTc", 2: "KsKhJcTd", 3: "QsQhJsTh"})
    hand.call(3)
    hand.call(1)
    hand.check(2)
    for cards in ("2c7d9s", "3h", "4c"):
        run_out(hand, cards)
        if cards != "4c":
            check_around(hand)
    return hand


def test_the_last_aggressor_of_the_final_round_shows_first() -> None:
    """SPEC "Showdown order": "the last aggressor of the final round shows first" (TDA rule 16);
    the others follow clockwise."""
    hand = three_handed_to_the_river()
    hand.check(1)
    hand.bet(2, 10)
    hand.call(3)
    hand.call(1)
    assert hand.phase is Phase.SHOWDOWN
    assert hand.showdown_order() == (2, 3, 1)


def test_a_raise_makes_the_raiser_the_last_aggressor() -> None:
    """SPEC "Showdown order" / TDA rule 16: the last player to bet or raise on the final round shows first."""
    hand = three_handed_to_the_river()
    hand.check(1)
    hand.bet(2, 10)
    hand.raise_to(3, 30)
    hand.fold(1)
    hand.call(2)
    assert hand.showdown_order() == (3, 2)


def test_without_a_bet_on_the_final_round_the_first_player_left_of_the_button_shows_first() -> None:
    """SPEC "Showdown order": "if there was no bet, the first player left of the button" -- a bet on
    an earlier street (seat 3 on the turn) does not count."""
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3)
    deal(hand, {1: "AsAhJdTc", 2: "KsKhJcTd", 3: "QsQhJsTh"})
    hand.call(3)
    hand.call(1)
    hand.check(2)
    run_out(hand, "2c7d9s")
    check_around(hand)
    run_out(hand, "3h")
    hand.check(1)
    hand.check(2)
    hand.bet(3, 10)
    hand.call(1)
    hand.call(2)
    run_out(hand, "4c")
    check_around(hand)
    assert hand.showdown_order() == (1, 2, 3)


def test_the_first_active_player_left_of_the_button_shows_first_when_the_small_blind_folded() -> None:
    """SPEC "Showdown order": the first *active* player left of the button (seat 1 folded, so seat 2)."""
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3)
    deal(hand, {1: "AsAhJdTc", 2: "KsKhJcTd", 3: "QsQhJsTh"})
    hand.call(3)
    hand.fold(1)
    hand.check(2)
    for cards in ("2c7d9s", "3h", "4c"):
        run_out(hand, cards)
        check_around(hand)
    assert hand.showdown_order() == (2, 3)


def test_heads_up_without_a_bet_on_the_river_the_big_blind_shows_first() -> None:
    """SPEC "Showdown order": heads-up, the first player left of the button is the big blind."""
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "AsAhJdTc", 2: "KsKhJcTd"})
    hand.call(2)
    hand.check(1)
    for cards in ("2c7d9s", "3h", "4c"):
        run_out(hand, cards)
        check_around(hand)
    assert hand.big_blind_seat == 1
    assert hand.showdown_order() == (1, 2)


def test_cards_speak() -> None:
    """omaha-club-rules.txt SHOWDOWN: "At this point, the cards speak for themselves." The console reads
    the tabled cards; nobody's declaration decides.

    Heads-up, 2 each (pot 4). Seat 1 tables Ah Kh 2c 2d on Qh Jh 5h 9s 2s: it looks like a set of twos
    (beaten by seat 2's straight, Tc 8c + Q J 9), but Ah Kh with Qh Jh 5h is an ace-king flush, which
    wins the 4.
    """
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "AhKh2c2d", 2: "TcTd8c7c"})
    hand.call(2)
    hand.check(1)
    for cards in ("QhJh5h", "9s", "2s"):
        run_out(hand, cards)
        check_around(hand)
    hand.show(2)
    hand.show(1)
    assert awards(hand) == [(0, "all", 4, ((1, 4),), "Flush, Ace-King high")]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 102, 2: 98}
    assert_chips_accounted(hand)


def test_a_muck_gives_up_every_pot() -> None:
    """SPEC "Mucked" record: a player who throws the hand away unshown gives up every pot (TDA rule 18:
    a hand not tabled has no claim). Seats 1-3, button 3; stacks 10, 100, 100.

    Main pot 30 (1, 2, 3) and side pot 40 (2, 3), as in the all-in test above. Seat 2 holds the best
    hand (aces) but mucks: the main pot goes to seat 1's kings, the side pot to seat 3's queens.
    Final: 1 -> 30, 2 -> 100 - 30 = 70, 3 -> 100 - 30 + 40 = 110.
    """
    hand = side_pot_hand(seat_1="KsKhJcTd", seat_2="AsAhJdTc")
    assert hand.phase is Phase.SHOWDOWN
    hand.muck(2)
    hand.show(1)
    hand.show(3)
    assert awards(hand) == [
        (0, "all", 30, ((1, 30),), "Pair of Kings"),
        (1, "all", 40, ((3, 40),), ""),  # seat 3 is the only claimant left
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 30, 2: 70, 3: 110}
    assert_chips_accounted(hand)


def test_when_every_side_pot_contender_mucks_the_last_to_muck_keeps_the_side_pot() -> None:
    """SPEC "Showdown": a muck gives up every pot -- to the hands still in it. Seats 1-3 (button 3),
    stacks 10, 100, 100: main pot 30 (1, 2, 3), side pot 40 (2, 3), as above.

    Seat 2 mucks first: it concedes both pots, and seat 3 is now the only hand left in the side pot
    (it would win it without showing, as the last live hand of that pot). Seat 3 then mucks too,
    conceding the main pot to seat 1. The side pot is seat 3's, never seat 2's, who gave it up first
    (TDA rule 18: a mucked hand has no claim; Robert's Rules of Poker: a pot goes to the last hand
    holding a claim to it).
    Final: 1 -> 30, 2 -> 100 - 30 = 70, 3 -> 100 - 30 + 40 = 110.
    """
    hand = side_pot_hand(seat_1="KsKhJcTd", seat_2="AsAhJdTc")
    hand.muck(2)
    hand.muck(3)
    assert awards(hand) == [(0, "all", 30, ((1, 30),), ""), (1, "all", 40, ((3, 40),), "")]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 30, 2: 70, 3: 110}
    assert_chips_accounted(hand)


def test_mucking_is_for_the_showdown() -> None:
    """A player still in the betting gives up by folding; "muck" is the showdown's word (SPEC records)."""
    hand = three_handed_to_the_river()
    with pytest.raises(IllegalActionError, match="mucking is for the showdown; fold instead"):
        hand.muck(1)


def test_the_last_live_hand_cannot_muck_and_wins() -> None:
    """SPEC "Showdown": a muck gives up the pot, so when every other hand has been mucked the last
    live hand wins without showing and cannot be mucked (there is nobody to give the pot to).

    Three-handed, 2 each (pot 6); seats 1 and 2 muck; seat 3 wins 6 unshown.
    """
    hand = three_handed_to_the_river()
    check_around(hand)
    assert hand.phase is Phase.SHOWDOWN
    hand.muck(1)
    hand.muck(2)
    assert hand.is_complete
    with pytest.raises(IllegalActionError, match=r"^Seat 3 cannot muck"):
        hand.muck(3)
    assert awards(hand) == [(0, "all", 6, ((3, 6),), "")]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 98, 2: 98, 3: 104}
    assert_chips_accounted(hand)


def test_a_tabled_hand_cannot_be_mucked() -> None:
    """SPEC "Showdown order": cards speak; once tabled, the hand is read (TDA rule 18)."""
    hand = three_handed_to_the_river()
    check_around(hand)
    hand.show(1)
    with pytest.raises(IllegalActionError, match="their hand is tabled; cards speak"):
        hand.muck(1)


# ---------------------------------------------------------------- results in words, Hi-Lo


def test_every_pot_result_names_its_winners_and_hands_in_words() -> None:
    """SPEC "Records and review": the floor "see[s] why each pot went where it went". Omaha Hi-Lo,
    heads-up: 2 each pre-flop, 10 each on the flop -> pot 24, high 12 and low 12.

    Board Ad Kc Ks 8h 6d. Seat 1 As Ah Kd Qc: As Ah + Ad Kc Ks = Aces full of Kings; no low (its only
    low card is an ace, the board's ace pairs it). Seat 2 4c 2h Qs Jd: 4 2 + A 8 6 = 8-6-4-2-A low.
    """
    hand = make_hand({1: 100, 2: 100}, button=2, code="O/8")
    deal(hand, {1: "AsAhKdQc", 2: "4c2hQsJd"})
    hand.call(2)
    hand.check(1)
    run_out(hand, "AdKcKs")
    hand.bet(1, 10)
    hand.call(2)
    for cards in ("8h", "6d"):
        run_out(hand, cards)
        check_around(hand)
    show_all(hand)
    assert awards(hand) == [
        (0, "high", 12, ((1, 12),), "Aces full of Kings"),
        (0, "low", 12, ((2, 12),), "8-6-4-2-A low"),
    ]
    assert hand.result is not None
    assert hand.result.describe() == [
        "Main pot (high): 12 to seat 1 (12) with Aces full of Kings",
        "Main pot (low): 12 to seat 2 (12) with 8-6-4-2-A low",
    ]
    assert hand.result.final_stacks == {1: 100, 2: 100}
    assert_chips_accounted(hand)


def test_hi_lo_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    """SPEC "Games": "no qualifying low means the high hand takes the whole pot". Board Kd Qc 9s 3h 2d
    has only two cards of 8 or lower, so nobody can make a low. Seat 2's three kings beat seat 1's aces:
    all 4 chips to seat 2."""
    hand = make_hand({1: 100, 2: 100}, button=2, code="O/8")
    deal(hand, {1: "AsAh4c5c", 2: "KsKh7c8c"})
    hand.call(2)
    hand.check(1)
    for cards in ("KdQc9s", "3h", "2d"):
        run_out(hand, cards)
        check_around(hand)
    show_all(hand)
    assert awards(hand) == [(0, "all", 4, ((2, 4),), "Three Kings")]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 98, 2: 102}
    assert_chips_accounted(hand)


def test_hi_lo_tied_lows_split_the_low_half_and_a_quartered_player_gets_three_quarters() -> None:
    """omaha-club-rules.txt Omaha Hi-Low: half the pot to the best high, half to the best low; SHOWDOWN:
    tied hands split "in equal shares"; SPEC "Splitting": high/low, then among tied winners.

    Seats 1-3 (button 3), 2 each pre-flop (6), seat 1 bets 6 on the flop and both call (18): pot 24.
    Board 3c 5d 8h Kd Ks. Seat 1 Ac 2c Kh Kc: four kings and 8-5-3-2-A. Seat 2 Ad 2d Th 9h: the same
    low, a pair of kings. Seat 3 Qs Qd 7s 6s: kings and queens, low 8-7-6-5-3 (worse).
    High 12 -> seat 1; low 12 split 6 / 6 between seats 1 and 2. Seat 1 gets 18 (three quarters), seat 2 6.
    Final: 1 -> 100 - 8 + 18 = 110, 2 -> 92 + 6 = 98, 3 -> 92.
    """
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3, code="O/8")
    deal(hand, {1: "Ac2cKhKc", 2: "Ad2dTh9h", 3: "QsQd7s6s"})
    hand.call(3)
    hand.call(1)
    hand.check(2)
    run_out(hand, "3c5d8h")
    hand.bet(1, 6)
    hand.call(2)
    hand.call(3)
    for cards in ("Kd", "Ks"):
        run_out(hand, cards)
        check_around(hand)
    show_all(hand)
    assert awards(hand) == [
        (0, "high", 12, ((1, 12),), "Four Kings"),
        (0, "low", 12, ((1, 6), (2, 6)), "8-5-3-2-A low"),
    ]
    assert hand.result is not None
    assert hand.result.pots[0].shares[1].split, "a split share is flagged for the dealer"
    assert hand.result.final_stacks == {1: 110, 2: 98, 3: 92}
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- odd chips


TIE_HOLES = {1: "QsQhJdJh", 2: "AdKd4c5c", 3: "AcKc4h5h"}
TIE_BOARD = ("AsKs8d", "9h", "2c")
"""Seats 2 and 3 both make aces and kings with a nine (Ax Kx + As Ks 9h): a tie."""


def small_blind_folds_and_two_tie(*, button: int, small_blind: int = 1, big_blind: int = 2, chip_unit: int = 1, code: str = "O") -> Hand:
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=button, small_blind=small_blind, big_blind=big_blind, chip_unit=chip_unit, code=code)
    holes = dict(TIE_HOLES)
    if button == 1:  # seat 2 is the small blind: give it the folding hand
        holes = {2: TIE_HOLES[1], 3: TIE_HOLES[2], 1: TIE_HOLES[3]}
    deal(hand, holes)
    hand.call(button)
    hand.fold(hand.small_blind_seat or 0)
    hand.check(hand.big_blind_seat or 0)
    for cards in TIE_BOARD:
        run_out(hand, cards)
        check_around(hand)
    show_all(hand)
    return hand


def test_odd_chip_among_tied_winners_goes_to_the_first_seat_left_of_the_button() -> None:
    """SPEC "Splitting": "among tied players to the first seat left of the button" (Robert's Rules of
    Poker). Button seat 3; seat 1 folds its small blind; seats 2 and 3 (the button) tie.
    Pot 1 + 2 + 2 = 5: seat 2 gets 3, the button 2."""
    hand = small_blind_folds_and_two_tie(button=3)
    assert awards(hand) == [(0, "all", 5, ((2, 3), (3, 2)), "Two Pair, Aces and Kings")]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 99, 2: 101, 3: 100}
    assert_chips_accounted(hand)


def test_odd_chip_skips_the_button_even_when_it_has_the_lowest_seat_number() -> None:
    """SPEC "Splitting": the odd chip goes by position, not by seat number. Button seat 1, so the
    order is 2, 3, 1; seat 2 folds its small blind; seats 3 and 1 tie: pot 5, seat 3 gets 3, seat 1 2."""
    hand = small_blind_folds_and_two_tie(button=1)
    assert awards(hand) == [(0, "all", 5, ((3, 3), (1, 2)), "Two Pair, Aces and Kings")]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 100, 2: 99, 3: 101}
    assert_chips_accounted(hand)


def test_odd_chip_is_a_whole_chip_unit() -> None:
    """SPEC "Splitting": "Chips are split in the table's smallest chip unit". Chip unit 5, blinds 5/10;
    the small blind folds: pot 5 + 10 + 10 = 25 = 2 x 10 + one odd 5-chip: seat 2 (first left of the
    button among the tied) gets 15, seat 3 10."""
    hand = small_blind_folds_and_two_tie(button=3, small_blind=5, big_blind=10, chip_unit=5)
    assert awards(hand) == [(0, "all", 25, ((2, 15), (3, 10)), "Two Pair, Aces and Kings")]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 95, 2: 105, 3: 100}
    assert_chips_accounted(hand)


def test_hi_lo_odd_chip_goes_to_the_high_hand() -> None:
    """SPEC "Splitting": "an odd chip goes to the high hand (hi-lo)". Omaha Hi-Lo, chip unit 5,
    blinds 5/10, button seat 3; seat 1 folds its small blind: pot 25 -> high 15, low 10.

    Board 2c 4d 7h Ks Kd. Seat 2 Kh Kc Qs Qd: four kings, no low. Seat 3 Ah 3h 9s 9c: 7-4-3-2-A low.
    """
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3, code="O/8", small_blind=5, big_blind=10, chip_unit=5)
    deal(hand, {1: "JsJhTdTc", 2: "KhKcQsQd", 3: "Ah3h9s9c"})
    hand.call(3)
    hand.fold(1)
    hand.check(2)
    for cards in ("2c4d7h", "Ks", "Kd"):
        run_out(hand, cards)
        check_around(hand)
    show_all(hand)
    assert awards(hand) == [
        (0, "high", 15, ((2, 15),), "Four Kings"),
        (0, "low", 10, ((3, 10),), "7-4-3-2-A low"),
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 95, 2: 105, 3: 100}
    assert_chips_accounted(hand)


def test_hi_lo_odd_chip_with_chip_unit_one() -> None:
    """SPEC "Splitting": with chip unit 1 the same hand's pot of 1 + 2 + 2 = 5 splits high 3, low 2."""
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3, code="O/8")
    deal(hand, {1: "JsJhTdTc", 2: "KhKcQsQd", 3: "Ah3h9s9c"})
    hand.call(3)
    hand.fold(1)
    hand.check(2)
    for cards in ("2c4d7h", "Ks", "Kd"):
        run_out(hand, cards)
        check_around(hand)
    show_all(hand)
    assert awards(hand) == [
        (0, "high", 3, ((2, 3),), "Four Kings"),
        (0, "low", 2, ((3, 2),), "7-4-3-2-A low"),
    ]
    assert_chips_accounted(hand)


def test_three_way_tie_gives_two_odd_chips_to_the_first_two_seats_left_of_the_button() -> None:
    """SPEC "Splitting" / Robert's Rules of Poker: odd chips one at a time from the first seat left of
    the button. Four seats (button 4), seat 1 folds its small blind: pot 1 + 2 + 2 + 2 = 7 = 3 x 2 + 1,
    shared by seats 2, 3, 4 as 3, 2, 2.

    Board As Ad 9h 2c 3s; seats 2-4 each hold a king and a queen (different suits) and a 5 and a 6
    (no straight: the board has no 4): Kx Qx + As Ad 9h, a pair of aces with king-queen-nine, a tie.
    """
    hand = make_hand({1: 100, 2: 100, 3: 100, 4: 100}, button=4)
    deal(hand, {1: "JsJhTdTc", 2: "KdQd5c6c", 3: "KhQh5d6d", 4: "KcQc5h6h"})
    hand.call(3)
    hand.call(4)
    hand.fold(1)
    hand.check(2)
    for cards in ("AsAd9h", "2c", "3s"):
        run_out(hand, cards)
        check_around(hand)
    show_all(hand)
    assert awards(hand) == [(0, "all", 7, ((2, 3), (3, 2), (4, 2)), "Pair of Aces")]
    assert_chips_accounted(hand)


def test_a_fraction_below_the_chip_unit_goes_with_the_first_odd_chip() -> None:
    """SPEC "Splitting" (chips split in the smallest chip unit; odd chip to the first share) and the
    documented contract of ``split_evenly``: 27 in two with chip unit 5 is 2 x 10 plus a 5-chip plus a
    2-chip remainder; the first share takes the odd 5 and the remainder: 17 and 10, so only one share
    is not a whole number of units."""
    assert split_evenly(27, 2, 5) == [17, 10]
    assert split_evenly(25, 2, 5) == [15, 10]
    assert split_evenly(7, 3, 1) == [3, 2, 2]


def test_pots_of_the_closed_rounds_leave_out_the_bets_still_in_front() -> None:
    """SPEC (All-in, side pots): a side pot's contenders are those who matched it, known when the round closes.
    While seat 2's flop bet of 20 is in front and unanswered, the closed pots are the pre-flop main pot of 30
    (seats 1-3, seat 1 all-in for 10); once seat 3 calls, the side pot of 40 (seats 2, 3) appears."""
    hand = side_pot_flop_bet(seat_1="AsAhKsKh", seat_2="2d3d4d5d")
    assert [(pot.amount, pot.contenders) for pot in hand.pots(collected_only=True)] == [(30, (1, 2, 3))]
    assert hand.pot_total == 50
    hand.call(3)
    assert [(pot.amount, pot.contenders) for pot in hand.pots(collected_only=True)] == [(30, (1, 2, 3)), (40, (2, 3))]
