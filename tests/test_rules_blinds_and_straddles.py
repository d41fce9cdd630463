"""Blinds, the button, heads-up play, straddles, re-straddles and the Mississippi straddle.

Sources (under /work/shared/):

* SPEC.md, "Blinds, button, straddles" and the house settings listed under "All-in, side pots,
  extra boards, showdown" (Mississippi pre-flop order, straddle vs Mississippi precedence,
  button straddles in limit).
* seeds/omaha-limit-basics.txt, "The Blind" and "First round of Betting".
* seeds/omaha-club-rules.txt: opening paragraph, PREFLOP, FLOP, STRADDLE/RESTRADDLE 1-7,
  MISSISSIPPI, HEADS UP 1-4.
* seeds/omaha-betting-structures.txt, Set-up / Pre-flop / The Flop.

Seats here are table seat numbers; the button is on the highest seat unless a test says
otherwise, so seat 1 is the small blind and seat 2 the big blind.
"""

from __future__ import annotations

import pytest

from dealer_console.engine.cards import DECK
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.events import BlindKind, BlindPosted, RestraddleConsent
from dealer_console.engine.games import HouseRules, MississippiPreflopOrder, StraddlePrecedence, make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase

BOSS = "Floor manager Ivanova"

# --------------------------------------------------------------------------- helpers


def new_hand(
    seats: int | list[int] = 6,
    *,
    button: int | None = None,
    structure: str = "pot-limit",
    house: HouseRules | None = None,
    stack: int = 500,
    mississippi_authorized_by: str | None = None,
    straddles_allowed: bool = True,
) -> Hand:
    """A hand at blinds 1/2, every player with ``stack`` chips; nothing posted yet."""
    seat_list = list(range(1, seats + 1)) if isinstance(seats, int) else seats
    game = make_game("O", structure, small_blind=1, big_blind=2, house=house)
    return Hand(
        HandSetup(
            game=game,
            stacks={seat: stack for seat in seat_list},
            button=seat_list[-1] if button is None else button,
            mississippi_authorized_by=mississippi_authorized_by,
            straddles_allowed=straddles_allowed,
        )
    )


def deal_all(hand: Hand) -> None:
    """Deal every player distinct hole cards in the hand's deal order."""
    cards = iter(DECK)
    for seat in hand.deal_order():
        hand.deal_hole(seat, [next(cards) for _ in range(hand.game.variant.hole_cards)])


def call_round(hand: Hand) -> list[int]:
    """Every player checks or calls until the round closes; returns the seats in the order they acted."""
    acted: list[int] = []
    while hand.phase is Phase.BETTING:
        seat = hand.actor
        assert seat is not None
        legal = hand.legal_actions()
        assert legal is not None
        if legal.can_check:
            hand.check(seat)
        else:
            hand.call(seat)
        acted.append(seat)
    return acted


def flop(hand: Hand) -> None:
    hand.burn()
    hand.deal_board("AhKhQh")  # deal_all uses the low cards of the deck


def refusal(hand: Hand, event: object) -> str:
    """The message of the refusal of ``event`` (which must be refused and change nothing)."""
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(event)  # type: ignore[arg-type]
    assert hand.snapshot() == before
    return str(caught.value)


# --------------------------------------------------------------------------- blinds and the button


def test_small_blind_is_left_of_the_button_and_big_blind_left_of_that() -> None:
    """omaha-limit-basics.txt, The Blind: "The player to the left of the player sitting on the
    button is required to post a small blind ... The player sitting to the left of the small blind
    is required to post a large blind". Seats 2, 4, 5, 7, 9 with the button on 5: small blind 7,
    big blind 9."""
    hand = new_hand([2, 4, 5, 7, 9], button=5)
    assert hand.small_blind_seat == 7
    assert hand.big_blind_seat == 9
    hand.post_blinds()
    assert hand.bets == {2: 0, 4: 0, 5: 0, 7: 1, 9: 2}
    assert hand.stacks[7] == 499 and hand.stacks[9] == 498


def test_blinds_wrap_round_the_table() -> None:
    """The seat after the highest seat is the lowest (clockwise round the table): button on 9,
    small blind 2, big blind 4."""
    hand = new_hand([2, 4, 5, 7, 9], button=9)
    assert (hand.small_blind_seat, hand.big_blind_seat) == (2, 4)


def test_blind_posted_from_the_wrong_seat_or_for_the_wrong_amount_is_refused() -> None:
    """The blinds are the seats left of the button, posting the table's amounts (omaha-limit-basics.txt,
    The Blind)."""
    hand = new_hand()
    assert "the small blind is seat 1" in refusal(hand, BlindPosted(seat=3, amount=1, blind=BlindKind.SMALL))
    assert "the small blind is 1" in refusal(hand, BlindPosted(seat=1, amount=2, blind=BlindKind.SMALL))
    assert "the big blind is seat 2" in refusal(hand, BlindPosted(seat=1, amount=2, blind=BlindKind.BIG))
    assert "the big blind is 2" in refusal(hand, BlindPosted(seat=2, amount=4, blind=BlindKind.BIG))
    hand.post_blind(1, 1, BlindKind.SMALL)
    assert "already posted" in refusal(hand, BlindPosted(seat=1, amount=1, blind=BlindKind.SMALL))


def test_no_card_is_dealt_before_the_blinds_are_posted() -> None:
    """omaha-betting-structures.txt, Pre-flop: "after all blinds have been placed, each player
    receives his/her 4 cards" (omaha-limit-basics.txt, First round of Betting)."""
    hand = new_hand()
    with pytest.raises(IllegalActionError, match="Seat 1 cannot be dealt cards: seat 1 has not posted the small blind"):
        hand.deal_hole(1, "AsKsQsJs")
    hand.post_blind(1, 1, BlindKind.SMALL)
    with pytest.raises(IllegalActionError, match="seat 2 has not posted the big blind"):
        hand.deal_hole(1, "AsKsQsJs")


def test_cards_are_dealt_from_the_first_seat_left_of_the_button() -> None:
    """omaha-limit-basics.txt, The Button: "cards are dealt clockwise, starting with the player on
    your left" (oklahoma-rules.txt 1.1: starting from the small blind). Dealing out of order is
    refused, naming the seat that is next."""
    hand = new_hand([2, 4, 5, 7, 9], button=5)
    assert hand.deal_order() == (7, 9, 2, 4, 5)
    hand.post_blinds()
    with pytest.raises(IllegalActionError, match="Seat 9 cannot be dealt cards: the deal goes in order; seat 7 is next"):
        hand.deal_hole(9, "AsKsQsJs")
    hand.deal_hole(7, "AsKsQsJs")
    with pytest.raises(IllegalActionError, match="they already have their cards"):
        hand.deal_hole(7, "2c3c4c5c")


def test_preflop_action_starts_left_of_the_big_blind_and_ends_on_it() -> None:
    """omaha-club-rules.txt, PREFLOP: "The player clockwise from the big blind position opens
    betting"; the big blind may check if nobody raised (PREFLOP, CHECK)."""
    hand = new_hand()
    hand.post_blinds()
    deal_all(hand)
    assert hand.actor == 3
    order = call_round(hand)
    assert order == [3, 4, 5, 6, 1, 2]
    assert hand.phase is Phase.BOARD


def test_big_blind_may_check_when_nobody_raised() -> None:
    """omaha-club-rules.txt, PREFLOP: "CHECK: this option is only available to a player in the big
    blind position and only if none of the players have raised their bet"."""
    hand = new_hand(3)
    hand.post_blinds()
    deal_all(hand)
    hand.call(3)
    hand.call(1)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2
    assert legal.can_check and legal.call_amount == 0


def test_postflop_action_starts_with_the_first_active_player_left_of_the_button() -> None:
    """omaha-club-rules.txt, FLOP: "The player closest to the DEALER button ... opens betting";
    omaha-betting-structures.txt, The Flop: "starting with the first player still in the hand to
    the left of the button". The small blind folded pre-flop, so the big blind opens the flop."""
    hand = new_hand()
    hand.post_blinds()
    deal_all(hand)
    for seat in (3, 4, 5, 6):
        hand.call(seat)
    hand.fold(1)
    hand.check(2)
    flop(hand)
    assert hand.actor == 2
    assert call_round(hand) == [2, 3, 4, 5, 6]


def test_postflop_action_starts_with_the_small_blind_when_still_in() -> None:
    """omaha-club-rules.txt, FLOP/TURN/RIVER: the first player left of the button opens every
    later round."""
    hand = new_hand(4)
    hand.post_blinds()
    deal_all(hand)
    call_round(hand)
    for board in ("AhKhQh", "Jc", "Td"):
        hand.burn()
        hand.deal_board(board)
        assert hand.actor == 1
        call_round(hand)


# --------------------------------------------------------------------------- heads-up


def test_heads_up_the_button_posts_the_small_blind() -> None:
    """omaha-club-rules.txt, HEADS UP 2: "The player who has the DEALER button ... has the small
    blind position"."""
    hand = new_hand([3, 8], button=8)
    assert hand.small_blind_seat == 8
    assert hand.big_blind_seat == 3
    hand.post_blinds()
    assert hand.bets == {3: 2, 8: 1}


def test_heads_up_cards_are_dealt_starting_with_the_big_blind() -> None:
    """omaha-club-rules.txt, HEADS UP 3: "Cards are dealt starting with the player in the big blind
    position". Dealing to the button first is refused."""
    hand = new_hand([3, 8], button=8)
    assert hand.deal_order() == (3, 8)
    hand.post_blinds()
    with pytest.raises(IllegalActionError, match="Seat 8 cannot be dealt cards: the deal goes in order; seat 3 is next"):
        hand.deal_hole(8, "AsKsQsJs")
    hand.deal_hole(3, "AsKsQsJs")
    hand.deal_hole(8, "2c3c4c5c")
    assert hand.phase is Phase.BETTING


def test_heads_up_the_button_acts_first_preflop_and_the_big_blind_first_after_the_flop() -> None:
    """omaha-club-rules.txt, HEADS UP 2 and 4 (SPEC, Heads-up): the button, in the small blind,
    acts first pre-flop; "Starting from the second betting round, the player in the big blind is
    under the gun"."""
    hand = new_hand([3, 8], button=8)
    hand.post_blinds()
    deal_all(hand)
    assert hand.actor == 8
    with pytest.raises(IllegalActionError, match="Seat 3 cannot check: it is seat 8's turn"):
        hand.check(3)
    hand.call(8)
    assert hand.actor == 3
    hand.check(3)
    for board in ("AhKhQh", "Jc", "Td"):
        hand.burn()
        hand.deal_board(board)
        assert hand.actor == 3
        assert call_round(hand) == [3, 8]


# --------------------------------------------------------------------------- straddle


def straddled(seats: int = 6, **kwargs: object) -> Hand:
    """Blinds posted and seat 3 (facing the big blind) straddled to 4."""
    hand = new_hand(seats, **kwargs)  # type: ignore[arg-type]
    hand.post_blinds()
    hand.post_blind(3, 4, BlindKind.STRADDLE)
    return hand


def test_only_the_player_facing_the_big_blind_may_straddle() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 1: "Only the player who is already facing the big
    blind/STRADDLE may place a STRADDLE/RESTRADDLE bet". Seat 3 faces the big blind on seat 2."""
    hand = new_hand()
    hand.post_blinds()
    message = refusal(hand, BlindPosted(seat=4, amount=4, blind=BlindKind.STRADDLE))
    assert message.startswith("Seat 4 cannot post a straddle")
    assert "only the player facing the big blind (seat 3) may" in message
    hand.post_blind(3, 4, BlindKind.STRADDLE)
    assert hand.bets[3] == 4


def test_straddle_is_exactly_twice_the_big_blind() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 6: "The STRADDLE bet must always be exactly twice
    the previous bet (big blind)": 2 x 2 = 4; 3 and 6 are refused."""
    hand = new_hand()
    hand.post_blinds()
    for wrong in (3, 6):
        assert "exactly twice the big blind, 4" in refusal(hand, BlindPosted(seat=3, amount=wrong, blind=BlindKind.STRADDLE))
    hand.post_blind(3, 4, BlindKind.STRADDLE)


def test_straddle_needs_the_big_blind_posted_first() -> None:
    """A straddle is a blind raise over the big blind (STRADDLE/RESTRADDLE 6: twice the big blind),
    so the big blind must be in before it."""
    hand = new_hand()
    hand.post_blind(1, 1, BlindKind.SMALL)
    assert "the big blind has not been posted" in refusal(hand, BlindPosted(seat=3, amount=4, blind=BlindKind.STRADDLE))


def test_at_most_one_straddle_per_hand() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE: "No more than two side bets may be placed in one
    hand: one STRADDLE and one RESTRADDLE"."""
    hand = straddled()
    assert "seat 3 has already posted it" in refusal(hand, BlindPosted(seat=3, amount=4, blind=BlindKind.STRADDLE))
    assert "already posted" in refusal(hand, BlindPosted(seat=4, amount=4, blind=BlindKind.STRADDLE))


def test_straddle_is_refused_where_the_table_does_not_allow_straddles() -> None:
    """SPEC, Blinds: each table keeps standing agreements (straddles allowed or not)."""
    hand = new_hand(straddles_allowed=False)
    hand.post_blinds()
    assert "straddles are not allowed at this table" in refusal(hand, BlindPosted(seat=3, amount=4, blind=BlindKind.STRADDLE))


def test_straddle_after_the_first_card_is_dealt_is_refused() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 2: "All side bets must be placed before the first
    card hits the first play area. Any STRADDLE/RESTRADDLE bets after the first card has been
    distributed are invalid"."""
    hand = new_hand()
    hand.post_blinds()
    hand.deal_hole(1, "AsKsQsJs")
    message = refusal(hand, BlindPosted(seat=3, amount=4, blind=BlindKind.STRADDLE))
    assert message == "Seat 3 cannot post a straddle: the first card has been dealt (omaha-club-rules.txt, STRADDLE/RESTRADDLE 2)"


def test_straddle_is_never_from_the_blinds_three_handed() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 5: "may not be placed on the small and big blind
    positions". Three-handed the button straddles and the player facing the straddle is the small
    blind, who may not re-straddle."""
    hand = new_hand(3)
    hand.post_blinds()
    hand.post_blind(3, 4, BlindKind.STRADDLE)
    for seat in (2, 3):
        hand.consent_to_restraddle(seat, True)
    message = refusal(hand, BlindPosted(seat=1, amount=8, blind=BlindKind.RESTRADDLE))
    assert "never from the blinds" in message


def test_heads_up_small_blind_straddles_only_with_the_managers_authorization() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 5: "Subject to the prior authorization of the
    manager, the STRADDLE bet may be allowed in the small blind position in a heads-up game".
    Heads-up the button is the small blind and faces the big blind."""
    hand = new_hand([3, 8], button=8)
    hand.post_blinds()
    message = refusal(hand, BlindPosted(seat=8, amount=4, blind=BlindKind.STRADDLE))
    assert "never from the blinds (heads-up small blind only with the manager's authorization)" in message
    hand.post_blind(8, 4, BlindKind.STRADDLE, authorized_by=BOSS)
    assert hand.bets == {3: 2, 8: 4}  # twice the big blind in total: the small blind's 1 counts toward it
    assert hand.stacks == {3: 498, 8: 496}
    assert hand.events[-1] == BlindPosted(seat=8, amount=4, blind=BlindKind.STRADDLE, authorized_by=BOSS)
    deal_all(hand)
    assert hand.actor == 3  # the straddler acts last pre-flop (STRADDLE/RESTRADDLE 4), so the big blind first
    assert call_round(hand) == [3, 8]
    assert hand.pot_total == 8


def test_heads_up_small_blind_straddle_is_twice_the_big_blind_in_total() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 6: "The STRADDLE bet must always be exactly twice
    the previous bet (big blind)"; SPEC, A night at the table: "A straddle is twice the big blind in
    total: a player who already has a blind or a live post in adds only the difference". At 1/2 the
    small blind's straddle is a bet of 4: the big blind calls 2, the smallest raise is to 8 (STRADDLE/
    RESTRADDLE 3) and the pot-limit maximum is 12 (pot 6 + the call 2, raised by that 8)."""
    hand = new_hand([3, 8], button=8)
    hand.post_blinds()
    hand.post_blind(8, 4, BlindKind.STRADDLE, authorized_by=BOSS)
    deal_all(hand)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3
    assert (legal.call_amount, legal.min_to, legal.max_to) == (2, 8, 12)
    with pytest.raises(IllegalActionError, match="Seat 3 cannot raise to 13: the pot limit is 12"):
        hand.raise_to(3, 13)


def test_a_live_post_counts_toward_the_straddle() -> None:
    """SPEC, A night at the table: a player with a live post in adds only the difference to
    straddle; omaha-club-rules.txt, STRADDLE/RESTRADDLE 6: the straddle is exactly twice the big
    blind, so a live post of 2 then a straddle is a bet of 4, not 6."""
    hand = new_hand()
    hand.post_blinds()
    hand.post_blind(3, 2, BlindKind.LIVE)
    hand.post_blind(3, 4, BlindKind.STRADDLE)
    assert hand.bets[3] == 4 and hand.stacks[3] == 496
    deal_all(hand)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 4
    assert (legal.call_amount, legal.min_to, legal.max_to) == (4, 8, 15)  # pot 7, call 4, raise by 11


def test_a_straddle_taken_back_for_the_mississippi_keeps_the_live_post() -> None:
    """SPEC, Blinds, button, straddles: "when both are asked for, the straddle wins" (engine: the
    side posted later with precedence takes the other back). A Mississippi over a live post is the
    button's total of 4; when the straddle takes it back, only the straddle's part returns and the
    live post of 2 stays in (SPEC, A night at the table: a straddle is twice the big blind in total)."""
    hand = new_hand(4, mississippi_authorized_by=BOSS)
    hand.post_blinds()
    hand.post_blind(4, 2, BlindKind.LIVE)
    hand.post_blind(4, 4, BlindKind.MISSISSIPPI)
    assert hand.bets[4] == 4 and hand.stacks[4] == 496
    hand.post_blind(3, 4, BlindKind.STRADDLE)
    assert hand.bets == {1: 1, 2: 2, 3: 4, 4: 2}
    assert hand.stacks[4] == 498
    hand.void(reason="straddle asked by mistake", by="dealer")
    assert hand.bets == {1: 1, 2: 2, 3: 0, 4: 4}  # the Mississippi is back as it was


def test_the_straddler_acts_last_preflop_and_may_check_if_unraised() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 4: the straddler has the big blind's options; SPEC:
    "the straddler gets the big blind's options (acts last pre-flop, may check if unraised)".
    Pre-flop action starts left of the straddle (SPEC: left of the last blind or straddle)."""
    hand = straddled()
    deal_all(hand)
    assert hand.actor == 4
    legal = hand.legal_actions()
    assert legal is not None and legal.call_amount == 4
    order = call_round(hand)
    assert order == [4, 5, 6, 1, 2, 3]
    assert hand.phase is Phase.BOARD
    assert hand.events[-1].kind == "check" and hand.events[-1].seat == 3  # type: ignore[attr-defined]


def test_the_straddler_may_not_check_once_raised() -> None:
    """The big blind's option to check holds only "if none of the players have raised their bet"
    (omaha-club-rules.txt, PREFLOP)."""
    hand = straddled()
    deal_all(hand)
    hand.raise_to(4, 8)
    for seat in (5, 6, 1, 2):
        hand.fold(seat)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3
    assert not legal.can_check and legal.call_amount == 4
    with pytest.raises(IllegalActionError, match="Seat 3 cannot check: there is a bet of 8 to call"):
        hand.check(3)


def test_straddle_sets_the_preflop_bet_to_call() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 3: "The value of the minimum bet in the first
    betting round in the hand depends on the value of the STRADDLE/RESTRADDLE bet": a call is 4 and
    the smallest raise is to 8 (a raise of the straddle's 4 over the straddle)."""
    hand = straddled(structure="no-limit")
    deal_all(hand)
    legal = hand.legal_actions()
    assert legal is not None
    assert (legal.call_amount, legal.min_to) == (4, 8)
    with pytest.raises(IllegalActionError, match="Seat 4 cannot raise to 6: the minimum is 8"):
        hand.raise_to(4, 6)


# --------------------------------------------------------------------------- re-straddle


def all_consent(hand: Hand, seats: list[int], *, except_seat: int | None = None, answer: bool = True) -> None:
    for seat in seats:
        if seat != except_seat:
            hand.consent_to_restraddle(seat, answer)


def test_restraddle_with_everyone_agreeing_is_twice_the_straddle() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 1 and 7: only the player facing the straddle,
    exactly twice the straddle (2 x 4 = 8), with every player's consent (SPEC: the console records
    each player's yes or no)."""
    other = straddled()
    all_consent(other, [1, 2, 3, 4, 5, 6])
    assert "only the player facing the straddle (seat 4)" in refusal(other, BlindPosted(seat=5, amount=8, blind=BlindKind.RESTRADDLE))

    hand = straddled()
    all_consent(hand, [1, 2, 3, 5, 6])
    assert "exactly twice the straddle, 8" in refusal(hand, BlindPosted(seat=4, amount=6, blind=BlindKind.RESTRADDLE))
    hand.post_blind(4, 8, BlindKind.RESTRADDLE)
    consents = [event for event in hand.events if isinstance(event, RestraddleConsent)]
    assert [(event.seat, event.agrees) for event in consents] == [(1, True), (2, True), (3, True), (5, True), (6, True)]
    deal_all(hand)
    assert hand.actor == 5  # action starts left of the re-straddle ...
    assert call_round(hand)[-1] == 4  # ... which acts last and may check


def test_restraddle_is_refused_on_any_no() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE: "If at least one of the players in the hand
    declines the RESTRADDLE, then such bet may not be accepted by the dealer"; the message names
    who said no."""
    hand = straddled()
    all_consent(hand, [1, 2, 3, 5, 6], except_seat=6)
    hand.consent_to_restraddle(6, False)
    message = refusal(hand, BlindPosted(seat=4, amount=8, blind=BlindKind.RESTRADDLE))
    assert message.startswith("Seat 4 cannot post a re-straddle: seat 6 said no")


def test_restraddle_is_refused_while_an_answer_is_missing() -> None:
    """SPEC, Straddle / re-straddle: "A re-straddle needs the consent of every player in the hand":
    a missing answer is not a yes. The message lists who has not answered."""
    hand = straddled()
    all_consent(hand, [1, 3, 5])
    message = refusal(hand, BlindPosted(seat=4, amount=8, blind=BlindKind.RESTRADDLE))
    assert "every player must agree; waiting for seat(s) 2, 6" in message


def test_restraddle_needs_a_straddle() -> None:
    """A re-straddle is twice the straddle (STRADDLE/RESTRADDLE 7): without a straddle there is none."""
    hand = new_hand()
    hand.post_blinds()
    assert "there is no straddle to re-straddle" in refusal(hand, BlindPosted(seat=4, amount=8, blind=BlindKind.RESTRADDLE))
    assert "there is no straddle awaiting a re-straddle" in refusal(hand, RestraddleConsent(seat=1, agrees=True))


def test_at_most_one_restraddle_per_hand() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE: "one STRADDLE and one RESTRADDLE"."""
    hand = straddled()
    all_consent(hand, [1, 2, 3, 5, 6])
    hand.post_blind(4, 8, BlindKind.RESTRADDLE)
    assert "already posted" in refusal(hand, BlindPosted(seat=5, amount=16, blind=BlindKind.RESTRADDLE))
    assert "the re-straddle is already posted" in refusal(hand, RestraddleConsent(seat=1, agrees=True))


def test_restraddle_after_the_first_card_is_dealt_is_refused() -> None:
    """omaha-club-rules.txt, STRADDLE/RESTRADDLE 2: side bets only before the first card."""
    hand = straddled()
    all_consent(hand, [1, 2, 3, 5, 6])
    hand.deal_hole(1, "AsKsQsJs")
    assert "the first card has been dealt" in refusal(hand, BlindPosted(seat=4, amount=8, blind=BlindKind.RESTRADDLE))


# --------------------------------------------------------------------------- Mississippi


def test_mississippi_only_from_the_button() -> None:
    """omaha-club-rules.txt, MISSISSIPPI: "Only the player in the DEALER button position in the
    current hand may place the MISSISSIPPI bet"."""
    hand = new_hand(mississippi_authorized_by=BOSS)
    hand.post_blinds()
    message = refusal(hand, BlindPosted(seat=4, amount=4, blind=BlindKind.MISSISSIPPI))
    assert message == "Seat 4 cannot post a Mississippi straddle: only the button may (omaha-club-rules.txt, MISSISSIPPI)"
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI)
    assert hand.bets[6] == 4


def test_mississippi_needs_the_managers_authorization_on_record() -> None:
    """omaha-club-rules.txt, MISSISSIPPI: "may be used in the game only subject to the personal
    authorization of the poker club manager" (SPEC: only where the table has it on record)."""
    hand = new_hand()
    hand.post_blinds()
    message = refusal(hand, BlindPosted(seat=6, amount=4, blind=BlindKind.MISSISSIPPI))
    assert "no manager's authorization for Mississippi straddles on record" in message
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI, authorized_by=BOSS)
    assert hand.events[-1] == BlindPosted(seat=6, amount=4, blind=BlindKind.MISSISSIPPI, authorized_by=BOSS)


def test_mississippi_is_twice_the_big_blind_and_before_the_first_card() -> None:
    """omaha-club-rules.txt, MISSISSIPPI: "may be accepted by the dealer only before the first card
    hits the first play area"; its size is a straddle's, twice the big blind (STRADDLE 6)."""
    hand = new_hand(mississippi_authorized_by=BOSS)
    hand.post_blinds()
    assert "exactly twice the big blind, 4" in refusal(hand, BlindPosted(seat=6, amount=6, blind=BlindKind.MISSISSIPPI))
    hand.deal_hole(1, "AsKsQsJs")
    assert "the first card has been dealt" in refusal(hand, BlindPosted(seat=6, amount=4, blind=BlindKind.MISSISSIPPI))


def test_under_a_mississippi_the_small_blind_acts_first_preflop() -> None:
    """omaha-club-rules.txt, MISSISSIPPI: "In the first betting round of the hand involving the
    MISSISSIPPI bet, the player in the small blind is under the gun" (SPEC default). The button,
    who straddled, acts last and may check if unraised."""
    hand = new_hand(mississippi_authorized_by=BOSS)
    hand.post_blinds()
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI)
    deal_all(hand)
    assert hand.actor == 1
    assert call_round(hand) == [1, 2, 3, 4, 5, 6]
    assert hand.bets == {seat: 0 for seat in range(1, 7)}
    assert hand.pot_total == 24


def test_mississippi_preflop_order_left_of_the_big_blind_is_a_house_setting() -> None:
    """SPEC, house settings: "the preflop order under a Mississippi straddle (default: the seed's,
    small blind first)". The alternative opens left of the big blind, skips the button and ends on
    it: 3, 4, 5, 1, 2, then the button 6."""
    house = HouseRules(mississippi_preflop_order=MississippiPreflopOrder.LEFT_OF_BIG_BLIND)
    hand = new_hand(house=house, mississippi_authorized_by=BOSS)
    hand.post_blinds()
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI)
    deal_all(hand)
    assert hand.actor == 3
    assert call_round(hand) == [3, 4, 5, 1, 2, 6]


def test_straddle_and_mississippi_never_both_the_straddle_wins_by_default() -> None:
    """omaha-club-rules.txt, MISSISSIPPI: "One hand may only contain either a STRADDLE or a
    MISSISSIPPI bet. In a disputable situation, the player wishing to place the STRADDLE bet
    prevails" (SPEC default). A Mississippi after a straddle is refused; a straddle after a
    Mississippi takes the Mississippi back."""
    hand = straddled(mississippi_authorized_by=BOSS)
    assert "a straddle is posted and the straddle has precedence" in refusal(
        hand, BlindPosted(seat=6, amount=4, blind=BlindKind.MISSISSIPPI)
    )

    hand = new_hand(mississippi_authorized_by=BOSS)
    hand.post_blinds()
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI)
    hand.post_blind(3, 4, BlindKind.STRADDLE)
    assert hand.bets == {1: 1, 2: 2, 3: 4, 4: 0, 5: 0, 6: 0}
    assert hand.stacks[6] == 500
    assert hand.pot_total == 7
    deal_all(hand)
    assert hand.actor == 4  # a straddled hand: action starts left of the straddle


def test_mississippi_precedence_is_a_house_setting() -> None:
    """SPEC, house settings: "which of straddle and Mississippi has precedence (default: the seed's,
    the straddle)". With the Mississippi first, a straddle is refused; a Mississippi after a straddle
    takes the straddle back."""
    house = HouseRules(straddle_precedence=StraddlePrecedence.MISSISSIPPI)
    hand = new_hand(house=house, mississippi_authorized_by=BOSS)
    hand.post_blinds()
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI)
    assert "a Mississippi straddle is posted and it has precedence" in refusal(
        hand, BlindPosted(seat=3, amount=4, blind=BlindKind.STRADDLE)
    )

    hand = straddled(house=house, mississippi_authorized_by=BOSS)
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI)
    assert hand.bets == {1: 1, 2: 2, 3: 0, 4: 0, 5: 0, 6: 4}
    assert hand.stacks[3] == 500
    deal_all(hand)
    assert hand.actor == 1


def test_button_straddle_in_limit_is_a_house_setting() -> None:
    """SPEC, house settings: "whether button straddles are allowed in limit". Refused by default,
    allowed when the house says so."""
    hand = new_hand(structure="limit", mississippi_authorized_by=BOSS)
    hand.post_blinds()
    assert "button straddles are not allowed in limit at this table" in refusal(
        hand, BlindPosted(seat=6, amount=4, blind=BlindKind.MISSISSIPPI)
    )
    hand = new_hand(structure="limit", house=HouseRules(button_straddle_in_limit=True), mississippi_authorized_by=BOSS)
    hand.post_blinds()
    hand.post_blind(6, 4, BlindKind.MISSISSIPPI)
    deal_all(hand)
    assert hand.actor == 1
