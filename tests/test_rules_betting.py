"""Betting structures: limit, pot-limit, no-limit; short all-ins; refusals; table stakes.

Sources (under /work/shared/):

* SPEC.md, "Betting structures".
* seeds/omaha-limit-basics.txt: "The Blind", "First round of Betting" (the $2/$4 example),
  "Third Round of Betting", "The maximum amount of bets per round ... is 4", "Table Stakes".
* seeds/omaha-betting-structures.txt (read with the glossary in seeds/README.md): Limit ("a
  maximum of three raises ... a betting ceiling of 4 x big blind pre-flop and on the flop and
  8 x big blind on the turn and river"), No-limit ("minimum bet is the big blind", "a raise must
  be at least equal to the previous bet or raise", "the largest raise is your stack"), Pot-limit
  ("the largest raise is the size of the pot: the active pot + all bets on the table + the amount
  the active player must first call").
* seeds/omaha-club-rules.txt: STRADDLE/RESTRADDLE 3 and MISSISSIPPI; "Players may only place bets
  when their turn comes" (Shared Rules 7).
* Poker TDA rules 43 (short all-ins do not reopen the betting; several short all-ins that add up to
  a full raise do) and Robert's Rules of Poker, Betting and Raising 3-6 and No-Limit 3 (the
  half-bet rule in limit, unlimited raising heads-up, a cap once reached stays).

Amounts of ``bet`` and ``raise_to`` are totals for the round. Blinds are 1/2 throughout.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from dealer_console.engine.cards import DECK
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.events import BlindKind
from dealer_console.engine.games import HouseRules, make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase
from tests.support.hands import close_round

BOARDS = ("AhKhQh", "Jc", "Td")
"""deal() hands out the low cards of the deck, so the board uses high ones."""

# --------------------------------------------------------------------------- helpers


def deal(
    structure: str,
    stacks: int | Mapping[int, int] = 3,
    *,
    house: HouseRules | None = None,
    button: int | None = None,
    straddle: bool = False,
    mississippi: bool = False,
) -> Hand:
    """A hand at blinds 1/2 with blinds (and an optional straddle) posted and hole cards dealt.

    ``stacks`` is a player count (200 chips each, seats 1..n) or a seat -> chips mapping. The
    button is on the highest seat, so seat 1 is the small blind and seat 2 the big blind.
    """
    chips = {seat: 200 for seat in range(1, stacks + 1)} if isinstance(stacks, int) else dict(stacks)
    game = make_game("O", structure, small_blind=1, big_blind=2, house=house)
    hand = Hand(
        HandSetup(
            game=game,
            stacks=chips,
            button=max(chips) if button is None else button,
            mississippi_authorized_by="Floor manager" if mississippi else None,
        )
    )
    hand.post_blinds()
    if straddle:
        hand.post_blind(3, 4, BlindKind.STRADDLE)
    if mississippi:
        hand.post_blind(max(chips), 4, BlindKind.MISSISSIPPI)
    cards = iter(DECK)
    for seat in hand.deal_order():
        hand.deal_hole(seat, [next(cards) for _ in range(game.variant.hole_cards)])
    return hand


def to_street(hand: Hand, street: int) -> None:
    """Check/call round by round until ``street`` (1 flop, 2 turn, 3 river) is dealt."""
    while hand.street < street:
        close_round(hand)
        hand.burn()
        hand.deal_board(BOARDS[hand.street])
    assert hand.phase is Phase.BETTING


def legal(hand: Hand):  # type: ignore[no-untyped-def]
    actions = hand.legal_actions()
    assert actions is not None
    return actions


def refused(hand: Hand, verb: str, seat: int, *args: int) -> str:
    """Call ``hand.<verb>(seat, *args)``, which must be refused without changing anything."""
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        getattr(hand, verb)(seat, *args)
    assert hand.snapshot() == before
    assert caught.value.seat == seat
    return str(caught.value)


# --------------------------------------------------------------------------- limit


def test_limit_two_four_example_preflop_call_two_raise_to_four() -> None:
    """omaha-limit-basics.txt, The Blind and First round of Betting: in a $2/$4 game the blinds
    are $1 and $2; "a call would be $2 ... she/he may bet double the call amount, which would be
    $4". Units here are dollars."""
    hand = deal("limit", 4)
    assert hand.bets == {1: 1, 2: 2, 3: 0, 4: 0}
    actions = legal(hand)
    assert (actions.seat, actions.call_amount, actions.min_to, actions.max_to) == (3, 2, 4, 4)
    assert "the limit is 4" in refused(hand, "raise_to", 3, 6)
    assert "the minimum is 4" in refused(hand, "raise_to", 3, 3)
    hand.call(3)
    hand.raise_to(4, 4)
    assert hand.bets[4] == 4
    actions = legal(hand)
    assert (actions.seat, actions.call_amount, actions.min_to) == (1, 3, 6)  # small blind: 3 more to call


def test_limit_two_four_example_flop_bets_two_turn_and_river_bet_four_raise_eight() -> None:
    """omaha-limit-basics.txt, Third Round of Betting: "In the third round, betting at stake is
    double. Therefore, in a $2/$4 game, a call is $4, and a raise is $8"; the fourth round "the same
    as the 3rd round". The flop is bet at the small bet, $2."""
    hand = deal("limit", 3)
    to_street(hand, 1)
    actions = legal(hand)
    assert (actions.can_bet, actions.min_to, actions.max_to) == (True, 2, 2)
    assert "the limit is 2" in refused(hand, "bet", 1, 4)
    to_street(hand, 2)
    assert (legal(hand).min_to, legal(hand).max_to) == (4, 4)
    hand.bet(1, 4)
    actions = legal(hand)
    assert (actions.call_amount, actions.min_to, actions.max_to) == (4, 8, 8)
    hand.raise_to(2, 8)
    assert hand.bets == {1: 4, 2: 8, 3: 0}
    to_street(hand, 3)
    hand.bet(1, 4)
    assert (legal(hand).call_amount, legal(hand).min_to) == (4, 8)


def test_limit_a_bet_and_three_raises_cap_preflop_at_four_big_blinds() -> None:
    """omaha-limit-basics.txt: "The maximum amount of bets per round ... is 4 ... This includes the
    first bet and up to 3 raises"; omaha-betting-structures.txt: a ceiling of 4 x big blind pre-flop.
    The big blind is the first bet, so raises to 4, 6 and 8 cap the round."""
    hand = deal("limit", 4)
    hand.raise_to(3, 4)
    hand.raise_to(4, 6)
    hand.raise_to(1, 8)
    actions = legal(hand)
    assert actions.seat == 2 and not actions.can_raise and actions.call_amount == 6
    assert refused(hand, "raise_to", 2, 10) == "Seat 2 cannot raise: the betting is capped at 4 bets this round"
    hand.call(2)
    assert not legal(hand).can_raise  # seat 3 too


def test_limit_a_bet_and_three_raises_cap_the_turn_at_eight_big_blinds() -> None:
    """omaha-betting-structures.txt, Limit: "8 x big blind (or 4 x big bet) on the turn and river":
    bet 4, raises to 8, 12, 16, then only calls."""
    hand = deal("limit", 4)
    to_street(hand, 2)
    hand.bet(1, 4)
    hand.raise_to(2, 8)
    hand.raise_to(3, 12)
    hand.raise_to(4, 16)
    assert not legal(hand).can_raise
    assert "capped at 4 bets" in refused(hand, "raise_to", 1, 20)


def test_limit_cap_lift_heads_up_is_a_house_setting() -> None:
    """SPEC, Betting structures: "a bet and three raises per round (cap), configurable lift of the
    cap heads-up" (Robert's Rules, Betting and Raising 4: unlimited raising heads-up). Off by
    default; when on, a heads-up pot may be raised past 8 pre-flop."""
    capped = deal("limit", 2)
    for seat, to in ((2, 4), (1, 6), (2, 8)):  # heads-up: the button (seat 2) is the small blind and acts first
        capped.raise_to(seat, to)
    assert not legal(capped).can_raise

    lifted = deal("limit", 2, house=HouseRules(limit_heads_up_uncapped=True))
    for seat, to in ((2, 4), (1, 6), (2, 8), (1, 10), (2, 12)):
        lifted.raise_to(seat, to)
    actions = legal(lifted)
    assert actions.can_raise and (actions.min_to, actions.max_to) == (14, 14)


def test_limit_cap_lift_needs_the_pot_to_be_heads_up() -> None:
    """The lift applies only while two players are in the hand: three players stay capped; after a
    fold before the cap, the remaining two may raise on (Robert's Rules, Betting and Raising 4)."""
    house = HouseRules(limit_heads_up_uncapped=True)
    hand = deal("limit", 3, house=house)
    hand.raise_to(3, 4)
    hand.raise_to(1, 6)
    hand.raise_to(2, 8)
    assert not legal(hand).can_raise

    hand = deal("limit", 3, house=house)
    hand.raise_to(3, 4)
    hand.fold(1)
    hand.raise_to(2, 6)
    hand.raise_to(3, 8)
    hand.raise_to(2, 10)
    assert legal(hand).can_raise


def test_limit_cap_reached_multiway_stays_capped_after_a_fold_to_heads_up() -> None:
    """Robert's Rules of Poker, Betting and Raising 4: unlimited raising heads-up "applies any time
    the action becomes heads-up before the raising has been capped. Once the raising is capped on a
    betting round, it cannot be uncapped by a subsequent fold that leaves two players heads-up"."""
    hand = deal("limit", 3, house=HouseRules(limit_heads_up_uncapped=True))
    hand.raise_to(3, 4)
    hand.raise_to(1, 6)
    hand.raise_to(2, 8)  # capped with three players in
    hand.fold(3)
    actions = legal(hand)
    assert actions.seat == 1 and not actions.can_raise
    assert "capped" in refused(hand, "raise_to", 1, 10)


def test_limit_all_in_of_half_a_bet_or_more_counts_as_a_raise() -> None:
    """SPEC, Betting structures: "in limit, an all-in of at least half a bet counts as a raise"
    (Robert's Rules, Betting and Raising 6: "An all-in wager of a half a bet or more is treated as a
    full bet, and a player may fold, call, or make a full raise"). On the turn (bet 4), seat 1 bets 4
    and seat 2 goes all-in to 6 (2 more = half a bet): seat 1 may re-raise a full bet, to 10."""
    hand = deal("limit", {1: 200, 2: 8, 3: 200})
    to_street(hand, 2)
    assert hand.stacks[2] == 6
    hand.bet(1, 4)
    hand.all_in(2)
    notice = hand.all_in_notice
    assert notice is not None and (notice.seat, notice.amount, notice.full_raise) == (2, 6, True)
    hand.call(3)
    actions = legal(hand)
    assert actions.seat == 1 and actions.can_raise
    assert (actions.call_amount, actions.min_to, actions.max_to) == (2, 10, 10)


def test_limit_all_in_of_less_than_half_a_bet_does_not_reopen_the_betting() -> None:
    """Robert's Rules, Betting and Raising 6: "an all-in wager of less than half a bet does not
    reopen the betting for any player who has already acted". On the turn (bet 4), seat 2 goes
    all-in to 5 (1 more): seat 1, who bet, may only call or fold; seat 3, who has not acted, may
    complete the raise to 8."""
    hand = deal("limit", {1: 200, 2: 7, 3: 200})
    to_street(hand, 2)
    assert hand.stacks[2] == 5
    hand.bet(1, 4)
    hand.all_in(2)
    notice = hand.all_in_notice
    assert notice is not None and not notice.full_raise
    actions = legal(hand)
    assert actions.seat == 3 and actions.can_raise and actions.min_to == 8
    hand.call(3)
    actions = legal(hand)
    assert actions.seat == 1 and not actions.can_raise and actions.call_amount == 1
    assert "did not reopen the betting" in refused(hand, "raise_to", 1, 9)


def test_limit_fixed_sizes_refuse_other_amounts() -> None:
    """omaha-betting-structures.txt, Limit: "The bet or raise value is a fixed sum on all streets"."""
    hand = deal("limit", 3)
    to_street(hand, 1)
    assert "the minimum is 2" in refused(hand, "bet", 1, 1)
    assert "the limit is 2" in refused(hand, "bet", 1, 3)


# --------------------------------------------------------------------------- pot-limit


def test_pot_limit_maximum_preflop_with_the_blinds() -> None:
    """omaha-betting-structures.txt, Pot-limit: the largest raise is "the active pot + all bets on
    the table + the amount the active player must first call". By hand, blinds 1/2, six players:

    * seat 3 (first to act): bets on the table 1 + 2 = 3, call 2 -> raise by 5, to 2 + 5 = 7;
    * after seat 3 calls: table 5, call 2 -> raise by 7, to 9;
    * after seat 4 raises to 9: table 1 + 2 + 2 + 9 = 14, call 9 -> raise by 23, to 32;
      the smallest raise is by the previous raise (7), to 16;
    * the big blind's option after everyone limps: table 12, call 0 -> raise to 2 + 12 = 14.
    """
    hand = deal("pot-limit", 6)
    assert (legal(hand).min_to, legal(hand).max_to) == (4, 7)
    assert "the pot limit is 7" in refused(hand, "raise_to", 3, 8)
    hand.call(3)
    assert (legal(hand).min_to, legal(hand).max_to) == (4, 9)
    hand.raise_to(4, 9)
    assert (legal(hand).call_amount, legal(hand).min_to, legal(hand).max_to) == (9, 16, 32)
    hand.raise_to(5, 32)

    limped = deal("pot-limit", 6)
    for seat in (3, 4, 5, 6, 1):
        limped.call(seat)
    actions = legal(limped)
    assert actions.seat == 2 and actions.can_check and actions.max_to == 14


def test_the_pot_sized_raise_is_the_same_figure_in_no_limit_as_the_pot_limit_maximum() -> None:
    """omaha-betting-structures.txt, Pot-limit ("the active pot + all bets on the table + the amount the active player must
    first call"): the engine's one pot-sized raise is the pot-limit maximum, and the same figure in no-limit (the pot
    button), where only the stack bounds a raise. The hand-worked figures of the test above: 7, then 9, then 32."""
    for structure in ("pot-limit", "no-limit"):
        hand = deal(structure, 6)
        assert hand.pot_raise_to(3) == 7
        hand.call(3)
        assert hand.pot_raise_to(4) == 9
        hand.raise_to(4, 9)
        assert hand.pot_raise_to(5) == 32
    assert legal(deal("no-limit", 6)).max_to > 7


def test_pot_limit_maximum_heads_up_small_blind_first() -> None:
    """Pot-limit heads-up: the button (small blind, 1 in) acts first. Table 3, call 1 -> raise by 4,
    to 2 + 4 = 6."""
    hand = deal("pot-limit", 2)
    actions = legal(hand)
    assert (actions.seat, actions.call_amount, actions.max_to) == (2, 1, 6)


def test_pot_limit_maximum_after_the_flop() -> None:
    """Pot-limit post-flop, three players who each put in 2 pre-flop (pot 6):

    * the first bet is at most the pot, 6, and at least the big blind, 2;
    * after a bet of 6: table 6 + 6 = 12, call 6 -> raise by 18, to 6 + 18 = 24;
    * the first bettor facing 24 with 6 in: table 6 + 6 + 24 = 36, call 18 -> raise by 54, to 78.
    """
    hand = deal("pot-limit", 3)
    to_street(hand, 1)
    assert hand.pot_total == 6
    assert (legal(hand).min_to, legal(hand).max_to) == (2, 6)
    hand.bet(1, 6)
    assert (legal(hand).min_to, legal(hand).max_to) == (12, 24)
    hand.raise_to(2, 24)
    hand.fold(3)
    actions = legal(hand)
    assert (actions.call_amount, actions.min_to, actions.max_to) == (18, 42, 78)


def test_pot_limit_maximum_with_a_straddle() -> None:
    """Pot-limit with a straddle (omaha-club-rules.txt, STRADDLE/RESTRADDLE 3): blinds 1/2 and a
    straddle of 4 on seat 3. Seat 4 acts first: table 1 + 2 + 4 = 7, call 4 -> raise by 11, to 15;
    the smallest raise is by the straddle, to 8."""
    hand = deal("pot-limit", 6, straddle=True)
    actions = legal(hand)
    assert (actions.seat, actions.call_amount, actions.min_to, actions.max_to) == (4, 4, 8, 15)
    assert "the pot limit is 15" in refused(hand, "raise_to", 4, 16)
    hand.raise_to(4, 15)


def test_pot_limit_maximum_with_a_mississippi() -> None:
    """Pot-limit with a Mississippi straddle of 4 on the button (omaha-club-rules.txt, MISSISSIPPI):
    the small blind acts first with 1 in: table 1 + 2 + 4 = 7, call 3 -> raise by 10, to 4 + 10 = 14;
    the smallest raise is to 8."""
    hand = deal("pot-limit", 6, mississippi=True)
    actions = legal(hand)
    assert (actions.seat, actions.call_amount, actions.min_to, actions.max_to) == (1, 3, 8, 14)
    hand.raise_to(1, 14)
    # the big blind now: table 14 + 2 + 4 = 20, call 12 -> raise by 32, to 46
    assert (legal(hand).seat, legal(hand).max_to) == (2, 46)


def test_minimum_bet_is_the_big_blind() -> None:
    """SPEC, Betting structures: "Pot-limit: minimum bet the big blind" (omaha-betting-structures.txt,
    No-limit and Pot-limit: "The minimum bet is the size of the big blind on all streets")."""
    for structure in ("pot-limit", "no-limit"):
        hand = deal(structure, 3)
        to_street(hand, 2)
        assert legal(hand).min_to == 2
        assert "the minimum is 2" in refused(hand, "bet", 1, 1)
        hand.bet(1, 2)


# --------------------------------------------------------------------------- no-limit


def test_no_limit_minimum_raise_is_the_previous_full_bet_or_raise() -> None:
    """omaha-betting-structures.txt, No-limit: "A raise must be AT LEAST equal to the previous bet
    or raise in the same round". Bet 10: raise to at least 20. Raise to 35 (by 25): next raise to at
    least 60."""
    hand = deal("no-limit", 4)
    to_street(hand, 1)
    hand.bet(1, 10)
    assert legal(hand).min_to == 20
    assert "the minimum is 20" in refused(hand, "raise_to", 2, 19)
    hand.raise_to(2, 35)
    assert legal(hand).min_to == 60
    assert "the minimum is 60" in refused(hand, "raise_to", 3, 59)
    hand.raise_to(3, 60)


def test_no_limit_maximum_is_the_stack() -> None:
    """omaha-betting-structures.txt, No-limit: "The largest raise is the size of your stack"."""
    hand = deal("no-limit", {1: 200, 2: 200, 3: 90})
    assert (legal(hand).seat, legal(hand).max_to, legal(hand).all_in_to) == (3, 90, 90)
    hand.raise_to(3, 90)
    assert hand.stacks[3] == 0
    assert legal(hand).max_to == 200


def test_table_stakes_no_bet_beyond_the_stack() -> None:
    """omaha-limit-basics.txt, Table Stakes: "a player can only bet the chips, which is at hand at
    the start ... Additional chips cannot be added"; omaha-club-rules.txt, ALL-IN: "No player may put
    more chips in one hand than was announced before such hand"."""
    hand = deal("no-limit", {1: 200, 2: 200, 3: 90})
    message = refused(hand, "raise_to", 3, 91)
    assert message == "Seat 3 cannot raise to 91: they have only 90 behind (90 in all)"
    hand.fold(3)
    hand.call(1)
    hand.check(2)
    hand.burn()
    hand.deal_board("AhKhQh")
    assert "they have only 198 behind" in refused(hand, "bet", 1, 250)


def test_a_call_for_more_than_the_stack_is_an_all_in_for_less() -> None:
    """omaha-club-rules.txt, ALL-IN: "A player with insufficient chips for a full call to a bet has
    the right to put all available chips into the pot"."""
    hand = deal("no-limit", {1: 200, 2: 200, 3: 30})
    hand.fold(3)
    hand.raise_to(1, 100)
    hand.call(2)
    assert hand.stacks == {1: 100, 2: 100, 3: 30}

    short = deal("no-limit", {1: 200, 2: 200, 3: 30})
    short.raise_to(3, 4)
    short.raise_to(1, 100)
    short.fold(2)
    short.call(3)
    assert short.stacks[3] == 0 and short.is_all_in(3)


# --------------------------------------------------------------------------- short all-ins (TDA 43)


def test_short_all_in_does_not_reopen_the_betting_to_players_who_acted() -> None:
    """SPEC, Betting structures: "All-in for less than a full raise does not reopen the betting to
    players who have already acted (no-limit/pot-limit)" (TDA Rule 43; Robert's Rules, No-Limit 3).
    Flop: seat 1 bets 10, seat 2 all-in to 15 (a raise of 5 < 10), seat 3 calls; seat 1 may only call
    or fold, and the notice says the all-in did not reopen the betting."""
    hand = deal("no-limit", {1: 200, 2: 17, 3: 200})
    to_street(hand, 1)
    hand.bet(1, 10)
    hand.all_in(2)
    notice = hand.all_in_notice
    assert notice is not None and (notice.seat, notice.amount, notice.full_raise) == (2, 15, False)
    hand.call(3)
    actions = legal(hand)
    assert actions.seat == 1 and not actions.can_raise and actions.call_amount == 5
    assert actions.all_in_to == 0  # an all-in here would be a raise, which is closed
    assert refused(hand, "raise_to", 1, 40) == "Seat 1 cannot raise: the all-in for less than a full raise did not reopen the betting"
    assert "did not reopen" in refused(hand, "all_in", 1)
    hand.call(1)
    assert hand.phase is Phase.BOARD


def test_short_all_in_players_who_had_not_acted_may_raise() -> None:
    """TDA Rule 43 / Robert's Rules, No-Limit 3: the restriction is only for players who have
    already acted. Seat 3 has not acted: facing 15 after a bet of 10, they may raise by at least the
    last full bet (10), to 25 (Robert's Rules: "Completing the bet" is not allowed at big-bet poker)."""
    hand = deal("no-limit", {1: 200, 2: 17, 3: 200})
    to_street(hand, 1)
    hand.bet(1, 10)
    hand.all_in(2)
    actions = legal(hand)
    assert actions.seat == 3 and actions.can_raise and actions.min_to == 25
    assert "the minimum is 25" in refused(hand, "raise_to", 3, 20)
    hand.raise_to(3, 25)
    assert legal(hand).can_raise  # seat 3's full raise reopens the betting for seat 1


def test_short_all_in_in_pot_limit_does_not_reopen_either() -> None:
    """SPEC: the same rule holds in pot-limit. Pre-flop: seat 3 raises to 6 (by 4), seat 1 all-in
    to 8 (by 2 < 4), seat 2 folds: seat 3 may only call."""
    hand = deal("pot-limit", {1: 8, 2: 200, 3: 200})
    hand.raise_to(3, 6)
    hand.all_in(1)
    assert hand.all_in_notice is not None and not hand.all_in_notice.full_raise
    hand.fold(2)
    actions = legal(hand)
    assert actions.seat == 3 and not actions.can_raise and actions.call_amount == 2


def test_full_raise_all_in_reopens_the_betting_and_says_so() -> None:
    """An all-in that is a full raise reopens the betting (TDA 43); SPEC, Dealer guardrails:
    "whether a short all-in reopens the betting shown at the moment it happens". Seat 1 bets 10,
    seat 2 all-in to 25 (a raise of 15 >= 10)."""
    hand = deal("no-limit", {1: 200, 2: 27, 3: 200})
    to_street(hand, 1)
    hand.bet(1, 10)
    hand.all_in(2)
    notice = hand.all_in_notice
    assert notice is not None and (notice.amount, notice.full_raise) == (25, True)
    hand.call(3)
    actions = legal(hand)
    assert actions.seat == 1 and actions.can_raise and actions.min_to == 40


def test_several_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting() -> None:
    """TDA Rule 43 ("an all-in wager (or cumulative multiple short all-ins) totalling less than a
    full raise does not reopen the betting") and Robert's Rules, No-Limit: "Multiple all-in wagers,
    each of an amount too small to qualify as a raise, still act as a raise and reopen the betting if
    the resulting wager size to a player qualifies as a raise".

    Flop, bet 100: seat 1 bets 100, seat 2 calls 100, seat 3 all-in to 150 (+50), seat 4 all-in to
    220 (+70). Neither is a full raise, but seats 1 and 2 now face 120 more than they bet: a full
    raise, so they may raise (to at least 220 + 100 = 320). The notice of the second all-in says
    that the betting is reopened."""
    hand = deal("no-limit", {1: 1000, 2: 1000, 3: 152, 4: 222, 5: 1000})
    to_street(hand, 1)
    hand.bet(1, 100)
    hand.call(2)
    hand.all_in(3)
    first = hand.all_in_notice
    assert first is not None and not first.full_raise
    hand.all_in(4)
    hand.fold(5)
    actions = legal(hand)
    assert actions.seat == 1 and actions.can_raise and actions.min_to == 320
    notice = hand.all_in_notice
    assert notice is not None and notice.seat == 4 and notice.full_raise


def test_several_short_all_ins_short_of_a_full_raise_still_do_not_reopen() -> None:
    """TDA Rule 43: cumulative short all-ins totalling less than a full raise do not reopen. Bet 100,
    call, all-in 150, all-in 190: the caller faces 90 more, less than 100."""
    hand = deal("no-limit", {1: 1000, 2: 1000, 3: 152, 4: 192, 5: 1000})
    to_street(hand, 1)
    hand.bet(1, 100)
    hand.call(2)
    hand.all_in(3)
    hand.all_in(4)
    assert hand.all_in_notice is not None and not hand.all_in_notice.full_raise
    hand.fold(5)
    assert not legal(hand).can_raise
    assert legal(hand).call_amount == 90


def test_a_player_who_checked_may_not_raise_a_short_all_in_bet() -> None:
    """Robert's Rules, No-Limit 3: "A player who has already acted and is not facing a full-size
    wager may not subsequently raise an all-in bet that is less than the minimum bet". Seat 1 checks,
    seat 2 goes all-in for 1 (less than the big blind)."""
    hand = deal("no-limit", {1: 200, 2: 3, 3: 200})
    to_street(hand, 1)
    hand.check(1)
    hand.all_in(2)
    assert hand.bets[2] == 1
    actions = legal(hand)
    assert actions.seat == 3 and actions.can_raise and actions.min_to == 3  # not acted: may raise
    hand.call(3)
    assert not legal(hand).can_raise


# --------------------------------------------------------------------------- refusals


def test_check_facing_a_bet_is_refused_naming_the_seat_and_the_bet() -> None:
    """omaha-club-rules.txt, PREFLOP/FLOP: CHECK only when there is nothing to call."""
    hand = deal("no-limit", 6)
    assert refused(hand, "check", 3) == "Seat 3 cannot check: there is a bet of 2 to call"


def test_call_with_nothing_to_call_is_refused() -> None:
    """A call matches a bet; with no bet the player checks."""
    hand = deal("no-limit", 3)
    to_street(hand, 1)
    assert refused(hand, "call", 1) == "Seat 1 cannot call: there is no bet to call; check instead"


def test_bet_facing_a_bet_is_refused_and_raise_without_a_bet_is_refused() -> None:
    """A bet opens a round; a raise increases a bet (omaha-club-rules.txt, FLOP: BET / RAISE)."""
    hand = deal("no-limit", 3)
    assert refused(hand, "bet", 3, 10) == "Seat 3 cannot bet: there is a bet of 2; raise instead"
    to_street(hand, 1)
    assert refused(hand, "raise_to", 1, 10) == "Seat 1 cannot raise: there is no bet to raise; bet instead"


def test_actions_out_of_turn_are_refused() -> None:
    """omaha-club-rules.txt, Shared Rules 7: "Players may only place bets when their turn comes"
    (and PREFLOP: "make moves strictly in turn")."""
    hand = deal("no-limit", 6)
    for verb, args in (("fold", ()), ("check", ()), ("call", ()), ("raise_to", (10,)), ("all_in", ())):
        assert refused(hand, verb, 5, *args).endswith("it is seat 3's turn")
    assert refused(hand, "fold", 5) == "Seat 5 cannot fold: it is seat 3's turn"


def test_a_folded_player_cannot_act_again() -> None:
    """A folded hand is out (omaha-club-rules.txt, FOLD: "leave the hand")."""
    hand = deal("no-limit", 3)
    hand.fold(3)
    assert refused(hand, "call", 3) == "Seat 3 cannot call: they have folded"


def test_no_betting_while_the_board_is_due_or_before_the_deal() -> None:
    """Betting happens in rounds; between rounds the dealer deals the board."""
    hand = deal("no-limit", 3)
    close_round(hand)
    assert refused(hand, "check", 1) == "Seat 1 cannot check: there is no betting now"
    game = make_game("O", "no-limit", small_blind=1, big_blind=2)
    fresh = Hand(HandSetup(game=game, stacks={1: 100, 2: 100}, button=2))
    assert refused(fresh, "fold", 1) == "Seat 1 cannot fold: there is no betting now"


def test_a_seat_not_dealt_in_cannot_act() -> None:
    """Only players dealt into the hand act in it."""
    hand = deal("no-limit", 3)
    with pytest.raises(IllegalActionError, match="Seat 9 cannot fold: they are not dealt in this hand"):
        hand.fold(9)


def test_can_answers_without_raising_and_verify_gives_the_reason() -> None:
    """STYLE.md (pokerkit's verify_X / can_X / X): ``can`` enables a button, ``verify`` explains."""
    from dealer_console.engine.events import Checked, Folded

    hand = deal("no-limit", 3)
    assert hand.can(Folded(seat=3))
    assert not hand.can(Checked(seat=3))
    with pytest.raises(IllegalActionError, match="Seat 3 cannot check"):
        hand.verify(Checked(seat=3))
