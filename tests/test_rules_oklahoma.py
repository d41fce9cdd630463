"""Oklahoma (Omaha with discards) follows the written rules.

Sources:

* SPEC.md, "Oklahoma discards" (the whole section).
* /work/shared/seeds/oklahoma-rules.txt, 1.4-1.7, "Note" and "Attention!": one hole card is
  discarded as the first part of a player's first action on the flop round and on the turn
  round; a player who has discarded cannot fold in that action but may at their next action;
  a player who does not want to go on folds all cards instead; all-in players discard anyway;
  after the turn round every player holds two hole cards, and the hand is those two plus three
  board cards.
* SPEC.md, "Extra boards": in Oklahoma, only once every discard is done.

Seat layout used below unless a test says otherwise: three players, seats 1, 2, 3, the button
on seat 3, so seat 1 posts the small blind (1), seat 2 the big blind (2), seat 3 acts first
pre-flop and seat 1 first after the flop.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from dealer_console.engine.cards import parse_known_cards
from dealer_console.engine.errors import CardError, IllegalActionError
from dealer_console.engine.events import Discarded
from dealer_console.engine.games import make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase
from tests.support.hands import assert_chips_accounted, deal

# ---------------------------------------------------------------- helpers


def make_hand(
    stacks: Mapping[int, int],
    button: int,
    *,
    code: str = "OK",
    structure: str = "no-limit",
    extra_boards_allowed: bool = True,
) -> Hand:
    """A hand of ``code`` with blinds 1/2 posted."""
    game = make_game(code, structure, small_blind=1, big_blind=2)
    hand = Hand(HandSetup(game=game, stacks=stacks, button=button, extra_boards_allowed=extra_boards_allowed))
    hand.post_blinds()
    return hand


THREE_HOLES = {1: "AsAhKsKh", 2: "QsQhJsJh", 3: "9d8d7c6c"}


def three_handed_on_the_flop() -> Hand:
    """Seats 1, 2, 3 (button 3) with 100 each; everyone calls 2 pre-flop; the flop 2d 7h Tc is out."""
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3)
    deal(hand, THREE_HOLES)
    hand.call(3)
    hand.call(1)
    hand.check(2)
    hand.burn()
    hand.deal_board("2d7hTc")
    return hand


# ---------------------------------------------------------------- discard first, then bet


def test_discard_is_the_first_part_of_the_first_action_on_the_flop_round() -> None:
    """oklahoma-rules.txt 1.4 and "Attention!": on the flop round each active player discards one
    hole card as the first part of their first action, then checks, bets, calls or raises.
    SPEC "Oklahoma discards"."""
    hand = three_handed_on_the_flop()
    assert hand.actor == 1
    assert hand.discards_owed() == (1, 2, 3)
    legal = hand.legal_actions()
    assert legal is not None and legal.must_discard and legal.can_fold
    assert not (legal.can_check or legal.can_bet or legal.can_raise or legal.call_amount)

    hand.discard(1, "Kh")
    assert hand.actor == 1, "the discard is only the first part of the action; seat 1 still acts"
    assert hand.hole_cards(1) == parse_known_cards("AsAhKs")
    legal = hand.legal_actions()
    assert legal is not None and not legal.must_discard and legal.can_check and legal.can_bet
    hand.bet(1, 10)
    assert hand.actor == 2
    assert hand.discards_owed() == (2, 3)


def test_discard_is_the_first_part_of_the_first_action_on_the_turn_round() -> None:
    """oklahoma-rules.txt 1.5: "The rules of this round are the same as for the second one";
    SPEC "Oklahoma discards": one discard on the flop round and one on the turn round."""
    hand = three_handed_on_the_flop()
    for seat, card in ((1, "Kh"), (2, "Jh"), (3, "6c")):
        hand.discard(seat, card)
        hand.check(seat)
    assert hand.discards_owed() == ()
    hand.burn()
    hand.deal_board("3s")
    assert hand.discards_owed() == (1, 2, 3)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.must_discard
    hand.discard(1, "Ks")
    hand.check(1)
    assert hand.hole_cards(1) == parse_known_cards("AsAh")
    assert hand.discards_owed() == (2, 3)


@pytest.mark.parametrize("verb", ["check", "bet", "all_in"])
def test_betting_before_discarding_is_refused(verb: str) -> None:
    """oklahoma-rules.txt "Attention!": "At first, the player should discard (any) one of his pocket
    cards and then make a bet." A bet, check or all-in before the discard is refused and changes nothing."""
    hand = three_handed_on_the_flop()
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match=r"^Seat 1 cannot .*: they must discard first"):
        if verb == "bet":
            hand.bet(1, 10)
        else:
            getattr(hand, verb)(1)
    assert hand.snapshot() == before


def test_calling_or_raising_before_discarding_is_refused() -> None:
    """oklahoma-rules.txt "Attention!": the first bet of each active player on the flop round
    consists of a discard and then the bet; facing a bet, the call or raise also waits for the discard."""
    hand = three_handed_on_the_flop()
    hand.discard(1, "Kh")
    hand.bet(1, 10)
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match=r"^Seat 2 cannot call: they must discard first"):
        hand.call(2)
    with pytest.raises(IllegalActionError, match=r"^Seat 2 cannot raise: they must discard first"):
        hand.raise_to(2, 20)
    assert hand.snapshot() == before
    hand.discard(2, "Jh")
    hand.call(2)
    assert hand.bets[2] == 10


def test_no_fold_in_the_same_action_as_a_discard() -> None:
    """oklahoma-rules.txt "Attention!": "In this case the player cannot fold since he proved his wish
    to stay in by discarding one card." SPEC "Oklahoma discards": having discarded in a round, a
    player may not fold in that same action."""
    hand = three_handed_on_the_flop()
    hand.discard(1, "Kh")
    hand.bet(1, 10)
    hand.discard(2, "Jh")
    legal = hand.legal_actions()
    assert legal is not None and not legal.can_fold and legal.call_amount == 10
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match=r"^Seat 2 cannot fold: they discarded this round") as refused:
        hand.fold(2)
    assert refused.value.seat == 2
    assert hand.snapshot() == before


def test_fold_is_allowed_at_the_next_action_of_the_round() -> None:
    """oklahoma-rules.txt "Attention!": "He can fold only when making his next move."
    Seat 1 discards and checks; seat 2 bets; at seat 1's next action of the same round, folding is allowed."""
    hand = three_handed_on_the_flop()
    hand.discard(1, "Kh")
    hand.check(1)
    hand.discard(2, "Jh")
    hand.bet(2, 10)
    hand.discard(3, "6c")
    hand.call(3)
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal is not None and legal.can_fold and not legal.must_discard
    hand.fold(1)
    assert hand.is_folded(1)
    # the flop round is over: 2 (blinds) x 3 + 10 + 10 = 26 in the middle
    assert hand.pot_total == 26
    assert hand.phase is Phase.BOARD


def test_a_player_may_fold_all_cards_instead_of_discarding() -> None:
    """oklahoma-rules.txt "Attention!": "If the player does not want to stay in, he can fold all his
    cards to the dealer." SPEC: "A player who does not want to go on folds all cards instead."
    The folder owes no discard afterwards."""
    hand = three_handed_on_the_flop()
    hand.fold(1)
    assert hand.is_folded(1)
    assert hand.discards_owed() == (2, 3)
    assert hand.actor == 2
    with pytest.raises(IllegalActionError, match=r"^Seat 1 cannot discard: they have folded"):
        hand.discard(1, "Kh")


def test_a_discard_is_part_of_the_players_own_action_not_out_of_turn() -> None:
    """oklahoma-rules.txt "Attention!": "The next player can make a bet only when the previous player
    has finished these two actions": a player who still has chips discards in their own turn."""
    hand = three_handed_on_the_flop()
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match=r"^Seat 2 cannot discard: it is seat 1's turn"):
        hand.discard(2, "Jh")
    assert hand.snapshot() == before


def test_one_discard_per_round_and_none_before_the_flop_or_on_the_river() -> None:
    """oklahoma-rules.txt 1.2-1.6: the pre-flop round "is fully identical to Omaha"; one card is
    discarded on the flop round and one on the turn round; the river round has no discard."""
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3)
    deal(hand, THREE_HOLES)
    with pytest.raises(IllegalActionError, match="discards come on the flop and turn rounds"):
        hand.discard(3, "6c")
    hand.call(3)
    hand.call(1)
    hand.check(2)
    hand.deal_board("2d7hTc")
    hand.discard(1, "Kh")
    with pytest.raises(IllegalActionError, match="already discarded on the flop"):
        hand.discard(1, "Ks")
    hand.check(1)
    for seat, card in ((2, "Jh"), (3, "6c")):
        hand.discard(seat, card)
        hand.check(seat)
    hand.deal_board("3s")
    for seat, card in ((1, "Ks"), (2, "Js"), (3, "7c")):
        hand.discard(seat, card)
        hand.check(seat)
    hand.deal_board("4h")
    assert hand.discards_owed() == ()
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1 and not legal.must_discard and legal.can_check
    with pytest.raises(IllegalActionError, match=r"^Seat 1 cannot discard"):
        hand.discard(1, "As")


def test_a_named_discard_must_be_a_card_the_player_holds() -> None:
    """oklahoma-rules.txt 1.4: the player discards "one of his pocket cards"; a card he was not
    dealt cannot be his discard (a dealer's misread is refused, not applied)."""
    hand = three_handed_on_the_flop()
    with pytest.raises(CardError, match=r"^Seat 1 cannot discard Qs: they do not hold it"):
        hand.discard(1, "Qs")
    assert hand.hole_cards(1) == parse_known_cards("AsAhKsKh")


def test_omaha_has_no_discards() -> None:
    """SPEC "Games": only Oklahoma has a discard schedule; a discard in plain Omaha is refused."""
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3, code="O")
    deal(hand, THREE_HOLES)
    hand.call(3)
    hand.call(1)
    hand.check(2)
    hand.deal_board("2d7hTc")
    with pytest.raises(IllegalActionError, match="Omaha has no discards"):
        hand.discard(1, "Kh")


# ---------------------------------------------------------------- all-in players and owed discards


def test_all_in_players_still_discard_on_the_flop_and_turn_rounds() -> None:
    """oklahoma-rules.txt "Note": "These players should discard one of their cards during second and
    third round anyway." SPEC: an all-in player still discards on the flop round and on the turn round.

    Seat 1 (stack 20) is all-in pre-flop; seats 2 and 3 (100 each) call 20 and keep betting. The
    all-in player, who has no action, may discard at any moment of the round.
    """
    hand = make_hand({1: 20, 2: 100, 3: 100}, button=3)
    deal(hand, THREE_HOLES)
    hand.call(3)
    hand.all_in(1)
    hand.call(2)
    hand.call(3)
    assert hand.is_all_in(1)
    hand.deal_board("2d7hTc")
    assert hand.actor == 2, "seat 1 is all-in, so seat 2 opens the flop betting"
    assert hand.discards_owed() == (1, 2, 3)
    hand.discard(1, "Kh")  # out of turn is fine: seat 1 has no action left
    hand.discard(2, "Jh")
    hand.check(2)
    hand.discard(3, "6c")
    hand.check(3)
    assert hand.discards_owed() == ()
    hand.deal_board("3s")
    assert hand.discards_owed() == (1, 2, 3)
    for seat, card in ((2, "Js"), (3, "7c")):
        hand.discard(seat, card)
        hand.check(seat)
    assert hand.phase is Phase.BOARD
    assert hand.discards_owed() == (1,)
    with pytest.raises(IllegalActionError, match=r"seat 1 still owes a discard"):
        hand.deal_board("4h")
    hand.discard(1, "Ks")
    assert hand.hole_cards(1) == parse_known_cards("AsAh")
    hand.deal_board("4h")
    assert hand.street == 3


def test_next_street_is_not_dealt_while_a_discard_is_owed_when_everyone_is_all_in() -> None:
    """oklahoma-rules.txt "Note": the showdown comes "after the river, if before that all the active
    players are All-in", and they discard anyway. SPEC: the next street is not dealt while a discard
    is owed (``discards_owed()``).

    Heads-up, seats 1 (big blind) and 2 (button, small blind), 30 each, all-in pre-flop: the pot is 60.
    """
    hand = make_hand({1: 30, 2: 30}, button=2)
    deal(hand, {1: "AsAhKsKh", 2: "QsQhJsJh"})
    hand.all_in(2)
    hand.call(1)
    assert hand.phase is Phase.BOARD and hand.actor is None
    hand.deal_board("2d7hTc")
    assert hand.phase is Phase.BOARD
    assert hand.discards_owed() == (1, 2)
    with pytest.raises(IllegalActionError, match=r"seat 1 still owes a discard"):
        hand.deal_board("3s")
    hand.discard(2, "Jh")
    with pytest.raises(IllegalActionError, match=r"seat 1 still owes a discard"):
        hand.deal_board("3s")
    hand.discard(1, "Kh")
    hand.deal_board("3s")
    assert hand.discards_owed() == (1, 2)
    hand.discard(1, "Ks")
    with pytest.raises(IllegalActionError, match=r"seat 2 still owes a discard"):
        hand.deal_board("4c")
    hand.discard(2, "Js")
    hand.deal_board("4c")
    assert hand.phase is Phase.SHOWDOWN
    hand.show(1)
    hand.show(2)
    # Aces (AsAh + 2d 7h Tc... best three) beat Queens: seat 1 wins the 60.
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 60, 2: 0}
    assert_chips_accounted(hand)


def test_all_in_on_the_flop_after_discarding_still_discards_on_the_turn() -> None:
    """oklahoma-rules.txt "Note" ("if at any time when dealing, one or more players make an All-in ...
    These players should discard"): seat 1 discards and moves all-in on the flop; on the turn the
    others bet on, and seat 1's turn discard is still owed before the river."""
    hand = make_hand({1: 30, 2: 100, 3: 100}, button=3)
    deal(hand, THREE_HOLES)
    hand.call(3)
    hand.call(1)
    hand.check(2)
    hand.deal_board("2d7hTc")
    hand.discard(1, "Kh")
    hand.all_in(1)  # 28 behind after the 2 pre-flop
    for seat, card in ((2, "Jh"), (3, "6c")):
        hand.discard(seat, card)
        hand.call(seat)
    hand.deal_board("3s")
    for seat, card in ((2, "Js"), (3, "7c")):
        hand.discard(seat, card)
        hand.check(seat)
    assert hand.discards_owed() == (1,)
    assert hand.phase is Phase.BOARD
    with pytest.raises(IllegalActionError, match=r"seat 1 still owes a discard"):
        hand.deal_board("4h")


# ---------------------------------------------------------------- two hole cards at the end


def test_every_remaining_player_holds_exactly_two_hole_cards_after_the_turn_round() -> None:
    """oklahoma-rules.txt 1.5: "After the third betting round, each active player should have two
    hole cards left." SPEC: "After the turn round every remaining player holds exactly two hole cards"."""
    hand = three_handed_on_the_flop()
    for seat, card in ((1, "Kh"), (2, "Jh"), (3, "6c")):
        hand.discard(seat, card)
        hand.check(seat)
    assert [len(hand.hole_cards(seat)) for seat in (1, 2, 3)] == [3, 3, 3]
    hand.deal_board("3s")
    for seat, card in ((1, "Ks"), (2, "Js"), (3, "7c")):
        hand.discard(seat, card)
        hand.check(seat)
    assert hand.hole_cards(1) == parse_known_cards("AsAh")
    assert hand.hole_cards(2) == parse_known_cards("QsQh")
    assert hand.hole_cards(3) == parse_known_cards("9d8d")


def test_showdown_uses_exactly_the_two_remaining_hole_cards() -> None:
    """oklahoma-rules.txt 1.7: "the player can compose the best five-card combination only from the
    two hole cards left in his hand and any three out of five community cards"; SPEC "Games": in
    Oklahoma the two remaining hole cards are those two.

    Heads-up (seat 1 big blind, seat 2 button), each puts in 2; the pot is 4. Seat 1 was dealt
    As Ah Kd Qc and discards both aces; with Kd Qc and the board Ac Ad 7s 8h 2c it has only a pair of
    aces (A A K Q 8). Seat 2 keeps 7c 7d: sevens full of aces (7c 7d 7s Ac Ad) and wins the 4.
    Had the discarded aces played, seat 1's four aces would have won.
    """
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "AsAhKdQc", 2: "7c7d3h4h"})
    hand.call(2)
    hand.check(1)
    hand.deal_board("AcAd7s")
    hand.discard(1, "As")
    hand.check(1)
    hand.discard(2, "3h")
    hand.check(2)
    hand.deal_board("8h")
    hand.discard(1, "Ah")
    hand.check(1)
    hand.discard(2, "4h")
    hand.check(2)
    hand.deal_board("2c")
    hand.check(1)
    hand.check(2)
    assert hand.phase is Phase.SHOWDOWN
    with pytest.raises(IllegalActionError, match="they hold 2 cards, not 4"):
        hand.show(1, "AsAhKdQc")
    hand.show(1)
    hand.show(2)
    result = hand.result
    assert result is not None
    (share,) = result.pots[0].shares
    assert share.winners == ((2, 4),)
    assert share.hand == "Sevens full of Aces"
    assert result.final_stacks == {1: 98, 2: 102}
    assert_chips_accounted(hand)


# ---------------------------------------------------------------- unseen discards


def test_unseen_discards_of_unseen_hands_are_recorded_as_none() -> None:
    """SPEC "Oklahoma discards": the discard is "face down"; the console records it as ``None``
    (unknown) when nobody saw it. Cards dealt face down and unseen are ``None`` too; at showdown the
    player names the two cards kept, and those two play (oklahoma-rules.txt 1.7).

    Heads-up, 2 each: pot 4. Seat 2 shows Qs Qh against seat 1's As Ah on 2d 7h Tc 3s 4c: aces win 4.
    """
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "AsAhKsKh", 2: "????????"})
    hand.call(2)
    hand.check(1)
    hand.deal_board("2d7hTc")
    hand.discard(1, "Kh")
    hand.check(1)
    event = hand.discard(2, None)
    assert isinstance(event, Discarded) and event.card is None
    hand.check(2)
    assert hand.hole_cards(2) == (None, None, None)
    hand.deal_board("3s")
    hand.discard(1, "Ks")
    hand.check(1)
    hand.discard(2, None)
    hand.check(2)
    assert hand.hole_cards(2) == (None, None)
    hand.deal_board("4c")
    hand.check(1)
    hand.check(2)
    with pytest.raises(IllegalActionError, match="their cards were not seen; name them"):
        hand.show(2)
    hand.show(2, "QsQh")
    hand.show(1)
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 102, 2: 98}
    assert_chips_accounted(hand)


def test_unseen_discard_from_an_unseen_hand_may_be_named_later() -> None:
    """A discard of a card dealt unseen may be named (the camera read it): it is then a known card,
    and no other hand may hold it (SPEC "Inputs": a card reading is never applied silently)."""
    hand = three_handed_on_the_flop_with_seat_3_unseen()
    hand.discard(1, "Kh")
    hand.check(1)
    hand.discard(2, "Jh")
    hand.check(2)
    hand.discard(3, "5s")
    assert hand.hole_cards(3) == (None, None, None)
    hand.check(3)
    hand.deal_board("3s")
    hand.discard(1, "Ks")
    hand.check(1)
    hand.discard(2, "Js")
    hand.check(2)
    with pytest.raises(CardError, match="5s: it is already in this hand"):
        hand.discard(3, "5s")


def three_handed_on_the_flop_with_seat_3_unseen() -> Hand:
    hand = make_hand({1: 100, 2: 100, 3: 100}, button=3)
    deal(hand, {1: "AsAhKsKh", 2: "QsQhJsJh", 3: "????????"})
    hand.call(3)
    hand.call(1)
    hand.check(2)
    hand.deal_board("2d7hTc")
    return hand


def test_unseen_discard_from_a_seen_hand_leaves_the_dealt_cards_showable() -> None:
    """SPEC "Oklahoma discards" (face-down discard) and "Showdown order" (cards speak): seat 1's four
    cards were read at the deal (As Ah Ks Kh) and both discards went face down unseen. At showdown the
    two cards seat 1 tables are two of the cards it was dealt; they must be accepted, and a card it
    was never dealt must be refused.

    Heads-up, 2 each, pot 4: seat 1 shows As Ah, seat 2 Qs Qh on 2d 7h Tc 3s 4c; aces win 4.
    """
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "AsAhKsKh", 2: "QsQhJsJh"})
    hand.call(2)
    hand.check(1)
    hand.deal_board("2d7hTc")
    hand.discard(1, None)
    hand.check(1)
    hand.discard(2, "Jh")
    hand.check(2)
    assert len(hand.hole_cards(1)) == 3
    hand.deal_board("3s")
    hand.discard(1, None)
    hand.check(1)
    hand.discard(2, "Js")
    hand.check(2)
    assert len(hand.hole_cards(1)) == 2
    hand.deal_board("4c")
    hand.check(1)
    hand.check(2)
    with pytest.raises(CardError, match="they were not dealt 9s"):
        hand.show(1, "As9s")
    with pytest.raises(CardError, match="they were not dealt Qs"):
        hand.show(1, "AsQs")  # seat 2's card
    with pytest.raises(CardError, match="a card appears twice"):
        hand.show(1, "AsAs")
    hand.show(1, "AsAh")
    hand.show(2)
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 102, 2: 98}
    assert_chips_accounted(hand)


def test_a_face_down_discard_from_a_partly_seen_hand_may_be_any_of_its_cards() -> None:
    """SPEC "Oklahoma discards": the discard is "any one, face down". The camera read two of seat 1's
    four cards at the deal (As Ah ?? ??). Both discards go face down unseen, so either read card may
    be gone: at showdown seat 1 tables Ah 7c (it threw the As and an unread card) and that must be
    accepted. Heads-up, 2 each, pot 4: Ah 7c + the board 2d 7h Tc 3s 4c is a pair of sevens; seat 2's
    Qs Qh pair of queens wins the 4."""
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "AsAh????", 2: "QsQhJsJh"})
    hand.call(2)
    hand.check(1)
    hand.deal_board("2d7hTc")
    hand.discard(1, None)
    hand.check(1)
    hand.discard(2, "Jh")
    hand.check(2)
    hand.deal_board("3s")
    hand.discard(1, None)
    hand.check(1)
    hand.discard(2, "Js")
    hand.check(2)
    hand.deal_board("4c")
    hand.check(1)
    hand.check(2)
    with pytest.raises(CardError, match="Qs: it is already in this hand"):
        hand.show(1, "AhQs")
    hand.show(1, "Ah7c")
    hand.show(2)
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 98, 2: 102}
    assert_chips_accounted(hand)


def test_a_seen_hand_discarding_face_down_may_name_a_later_discard() -> None:
    """After one face-down discard from a hand read at the deal (As Ah Ks Kh), the turn discard read
    by the camera (Ks) is one of the cards dealt to that player and must be accepted; a card
    discarded is no longer in the hand (oklahoma-rules.txt 1.4-1.5)."""
    hand = make_hand({1: 100, 2: 100}, button=2)
    deal(hand, {1: "AsAhKsKh", 2: "QsQhJsJh"})
    hand.call(2)
    hand.check(1)
    hand.deal_board("2d7hTc")
    hand.discard(1, None)
    hand.check(1)
    hand.discard(2, "Jh")
    hand.check(2)
    hand.deal_board("3s")
    hand.discard(1, "Ks")
    assert len(hand.hole_cards(1)) == 2
    hand.check(1)
    hand.discard(2, "Js")
    hand.check(2)
    hand.deal_board("4c")
    hand.check(1)
    hand.check(2)
    with pytest.raises(CardError, match=r"^Seat 1 cannot show AsKs"):
        hand.show(1, "AsKs")  # Ks was discarded
    hand.show(1, "AsAh")


# ---------------------------------------------------------------- extra boards in Oklahoma


def all_in_heads_up_pre_flop() -> Hand:
    """Heads-up, 40 each (seat 1 big blind, seat 2 button); seat 2 moves all-in and seat 1 calls: pot 80.
    Seat 1: As Ah Kd Kc (keeps the aces); seat 2: Qs Qh Jd Jc (keeps the queens)."""
    hand = make_hand({1: 40, 2: 40}, button=2)
    deal(hand, {1: "AsAhKdKc", 2: "QsQhJdJc"})
    hand.all_in(2)
    hand.call(1)
    return hand


def test_extra_boards_in_oklahoma_are_refused_before_the_last_discard() -> None:
    """SPEC "Oklahoma discards": "Extra boards (below) are offered in Oklahoma only once every
    discard is done." Before the flop, on the flop and on the turn before the turn discards, the
    choice is refused and the window is closed."""
    hand = all_in_heads_up_pre_flop()
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError, match="only after the last discard"):
        hand.choose_runs(1, 2)
    hand.deal_board("2c7d9s")
    hand.discard(1, "Kc")
    hand.discard(2, "Jc")
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError, match="only after the last discard"):
        hand.choose_runs(2, 2)
    hand.deal_board("3h")
    assert hand.discards_owed() == (1, 2)
    assert not hand.runs_window_open()
    with pytest.raises(IllegalActionError, match="only after the last discard"):
        hand.choose_runs(1, 2)
    hand.discard(1, "Kd")
    hand.discard(2, "Jd")
    assert hand.runs_window_open()
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    assert hand.pot_runs() == [2]


def test_all_in_after_the_turn_round_runs_one_extra_river_or_two() -> None:
    """SPEC "Oklahoma discards": all-in after the turn round, "one extra river or two"; omaha-club-rules.txt
    ADDITIONAL COMMUNITY CARDS ("in the TURN: main FLOP, TURN and RIVER + side RIVER"; at most two side
    boards): each run shares the flop and turn.

    Pot 80 in three runs: 80 = 3 x 26 + 2, the two odd chips to the first runs (SPEC "Splitting"):
    27, 27, 26. Seat 1 keeps As Ah, seat 2 Qs Qh; flop 2c 7d 9s, turn 3h.
    Run 1 river 5c: pair of aces beats pair of queens -> seat 1 27.
    Run 2 river Qd: three queens -> seat 2 27.
    Run 3 river Ac: three aces -> seat 1 26.
    Seat 1 ends with 27 + 26 = 53, seat 2 with 27.
    """
    hand = all_in_heads_up_pre_flop()
    hand.deal_board("2c7d9s")
    hand.discard(1, "Kc")
    hand.discard(2, "Jc")
    hand.deal_board("3h")
    hand.discard(1, "Kd")
    hand.discard(2, "Jd")
    hand.choose_runs(1, 3)
    hand.choose_runs(2, 3)
    assert hand.pot_runs() == [3]
    hand.deal_board("5c")
    assert hand.run_count == 3
    hand.deal_board("Qd", run=1)
    hand.deal_board("Ac", run=2)
    assert hand.boards(0) == (parse_known_cards("2c7d9s3h5c"),)
    assert hand.boards(1) == (parse_known_cards("2c7d9s3hQd"),)
    assert hand.boards(2) == (parse_known_cards("2c7d9s3hAc"),)
    assert hand.phase is Phase.SHOWDOWN
    hand.show(1)
    hand.show(2)
    result = hand.result
    assert result is not None
    shares = [(share.run, share.amount, share.winners, share.hand) for share in result.pots[0].shares]
    assert shares == [
        (0, 27, ((1, 27),), "Pair of Aces"),
        (1, 27, ((2, 27),), "Three Queens"),
        (2, 26, ((1, 26),), "Three Aces"),
    ]
    assert result.final_stacks == {1: 53, 2: 27}
    assert_chips_accounted(hand)
