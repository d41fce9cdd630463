"""The table's rules, one test each: seats and buy-ins, table stakes, the button and the blinds,
new and returning players, heads-up, misdeals, Mixed Omaha and mix rotations, agreements and
standing choices, and the record the table keeps.

Sources (under /work/shared/ unless said otherwise):

* SPEC.md: "Blinds, button, straddles", "Betting structures" (Mixed; Table stakes), "Games" (Mix
  game), "All-in, side pots, extra boards, showdown" (Misdeal; Rake; house settings).
* seeds/omaha-club-rules.txt: the opening paragraph (button drawn, moves one seat), HEADS UP,
  MISSISSIPPI, MIX GAME, Double board Omaha (seven players).
* seeds/omaha-limit-basics.txt: "The Blind" (new players post a big blind or wait for it),
  "Table Stakes".
* seeds/omaha-betting-structures.txt: "Blended Omaha" (Mixed), "Buy-in".
* Robert's Rules of Poker (version 10/11), section "Button and Blind Use" ("RRP"): 1 (blinds
  short of chips), 2(a) moving button, 2(b) dead button, 3 heads-up, 4 new players, 7 no new
  player between the big blind and the button, 10 missed blinds (only the big blind is live),
  and the rules for a newly started game; "A player who goes all in and loses is obligated to
  make up the blinds if they are missed before a rebuy is made".
* Poker TDA Rules (2019/2022): 32 Dead button, 34 Button in heads-up (no player takes the big
  blind twice in a row), 35-36 misdeals.

Seats are numbered clockwise; unless a test says otherwise the table has nine seats and blinds
of 1/2 Pot-limit Omaha, and hands are played by everyone folding to the big blind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

import pytest

from dealer_console.engine.cards import DECK, Card, parse_cards
from dealer_console.engine.errors import GameDefinitionError, IllegalActionError
from dealer_console.engine.events import BlindKind, BlindPosted, RunsChosen
from dealer_console.engine.games import HouseRules, Rake, Stakes, Structure
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.schedule import GameSchedule, Rotation, mix_rotation, mixed_omaha, single_game
from dealer_console.engine.table import Table, apply_standing_choices
from dealer_console.engine.table_config import ButtonMode, TableConfig
from dealer_console.engine.table_events import HandPlan, PlayerSeated, Post, TableAgreements
from dealer_console.sim.hand_play import deal_next_board

PLO_1_2 = single_game("O", "pot-limit", small_blind=1, big_blind=2)
MANAGER = "Floor manager Ivanova"


# --------------------------------------------------------------------------- helpers


def make_table(
    seats: Iterable[int] = (1, 2, 3, 4, 5),
    *,
    button: int | None = None,
    seat_count: int = 9,
    mode: ButtonMode = ButtonMode.DEAD,
    schedule: GameSchedule = PLO_1_2,
    buy_in: int = 100,
    **settings: object,
) -> Table:
    """A table with a player in each of ``seats`` (named ``P<seat>``) and the button placed."""
    config = TableConfig(seat_count=seat_count, button_mode=mode, schedule=schedule, **settings)  # type: ignore[arg-type]
    table = Table(config)
    for seat in seats:
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=buy_in)
    if button is not None:
        table.place_button(seat=button)
    return table


def deal(hand: Hand, holes: Mapping[int, str] | None = None, *, keep: str = "") -> None:
    """Deal hole cards in the hand's deal order: ``holes`` where given, else the next unused cards."""
    holes = holes or {}
    used = {card for cards in holes.values() for card in parse_cards(cards)} | set(parse_cards(keep))
    rest = iter(card for card in DECK if card not in used)
    count = hand.game.variant.hole_cards
    for seat in hand.deal_order():
        hand.deal_hole(seat, holes[seat] if seat in holes else [next(rest) for _ in range(count)])


def play(table: Table, *, misdeal: bool = False) -> HandPlan:
    """Deal the next hand and play it out by everyone folding to the big blind (or misdeal it)."""
    plan = table.next_hand()
    hand = table.start_hand()
    deal(hand)
    if misdeal:
        hand.misdeal("a card was exposed on the deal")
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.fold(actor)
    table.finish_hand(hand)
    return plan


def run_out(hand: Hand, board: str, act: dict[int, str]) -> None:
    """Play a hand to the end: ``act`` says what each seat does when it must act ("all-in", "call", "fold")."""
    cards: list[Card] = list(reversed(parse_cards(board)))  # type: ignore[arg-type]
    while not hand.is_complete:
        actor = hand.actor
        if actor is not None:
            legal = hand.legal_actions()
            assert legal is not None
            what = act.get(actor, "fold")
            if what == "all-in" and legal.all_in_to:
                hand.all_in(actor)
            elif what in ("all-in", "call"):
                (hand.check if legal.can_check else hand.call)(actor)
            elif legal.can_check:
                hand.check(actor)
            else:
                hand.fold(actor)
        elif hand.phase is Phase.BOARD:
            deal_next_board(hand, cards)
        else:
            for seat in hand.showdown_order():
                if not hand.is_complete and hand.needs_showdown_decision(seat):
                    hand.show(seat)


def positions(plan: HandPlan) -> tuple[int, int | None, int]:
    """(button, small blind, big blind) of a plan."""
    return plan.button, plan.small_blind, plan.big_blind


def waiting(plan: HandPlan) -> dict[int, str]:
    return {wait.seat: wait.reason for wait in plan.waiting}


# --------------------------------------------------------------------------- seats, buy-ins, table stakes


def test_a_table_has_two_to_ten_seats() -> None:
    """Issue 3 ("Seats 1-10, configurable count"); omaha-club-rules.txt: two to eight players, a ninth by authorization."""
    for count in (2, 10):
        assert TableConfig(seat_count=count).seat_count == count
    for count in (1, 11):
        with pytest.raises(GameDefinitionError, match="2 to 10 seats"):
            TableConfig(seat_count=count)


def test_the_seat_count_must_fit_every_game_the_table_deals() -> None:
    """SPEC (Games): a deal must fit one 52-card deck; omaha-club-rules.txt, Double board Omaha: up to seven players.

    Six-card Omaha: 7 x 6 + 5 board + 3 burns = 50 cards, 8 players would need 56.
    """
    six_card = single_game("6O", "pot-limit", small_blind=1, big_blind=2)
    assert TableConfig(seat_count=7, schedule=six_card).seat_count == 7
    with pytest.raises(GameDefinitionError, match="at most 7 players"):
        TableConfig(seat_count=8, schedule=six_card)
    double_board = mix_rotation((("O", "pot-limit"), ("DBO", "pot-limit")), pot_limit=Stakes(small_blind=1, big_blind=2))
    with pytest.raises(GameDefinitionError, match="Double-board Omaha"):
        TableConfig(seat_count=10, schedule=double_board)


def test_omaha_seats_eight_players_and_a_ninth_only_with_the_managers_authorization() -> None:
    """omaha-club-rules.txt (opening): "two to eight players at a time, while, in some cases, subject
    to the authorization of a poker club manager, a ninth player can participate"; "Double board
    Omaha ... Normally, up to seven players". The seats are the table's; the cap is on players."""
    omaha = single_game("O", "pot-limit", small_blind=1, big_blind=2)
    table = Table(TableConfig(seat_count=10, schedule=omaha, min_buy_in=20))
    for seat in range(1, 9):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=100)
    with pytest.raises(IllegalActionError, match="full at 8 players.*manager's authorization"):
        table.sit_down(seat=9, player="P9", buy_in=100)
    authorized = Table(TableConfig(
        seat_count=10, schedule=omaha, min_buy_in=20, agreements=TableAgreements(extra_player_authorized_by="Floor")
    ))
    for seat in range(1, 10):
        authorized.sit_down(seat=seat, player=f"P{seat}", buy_in=100)
    with pytest.raises(IllegalActionError, match="full at 9 players"):
        authorized.sit_down(seat=10, player="P10", buy_in=100)
    authorized.place_button(seat=9)
    assert len(authorized.next_hand().setup.stacks) == 9
    double = Table(TableConfig(seat_count=9, schedule=single_game("DBO", "pot-limit", small_blind=1, big_blind=2), min_buy_in=20))
    assert double.player_limit == 7


def test_buy_in_must_be_between_the_table_minimum_and_maximum() -> None:
    """SPEC (Betting structures): buy-ins with a configured minimum and maximum buy-in."""
    table = make_table((), min_buy_in=40, max_buy_in=200)
    for amount in (39, 201):
        with pytest.raises(IllegalActionError, match="the buy-in is 40 to 200"):
            table.sit_down(seat=1, player="Anna", buy_in=amount)
    table.sit_down(seat=1, player="Anna", buy_in=40)
    table.sit_down(seat=2, player="Boris", buy_in=200)
    with pytest.raises(IllegalActionError, match="Anna sits there"):
        table.sit_down(seat=1, player="Vera", buy_in=100)
    with pytest.raises(IllegalActionError, match="Anna is already in seat 1"):
        table.sit_down(seat=3, player="Anna", buy_in=100)
    with pytest.raises(IllegalActionError, match="seats 1 to 9"):
        table.sit_down(seat=10, player="Vera", buy_in=100)


def test_default_buy_ins_are_sized_on_the_big_blind_with_no_maximum_in_limit() -> None:
    """omaha-betting-structures.txt, Buy-in: "usually a maximum buy-in of 100 x the big blind"; "There is no maximum
    buy-in for Limit Omaha". Mixed Omaha sizes them on its larger (Limit) big blind."""
    pot_limit = TableConfig.for_schedule(single_game("O", "pot-limit", small_blind=5, big_blind=10))
    assert (pot_limit.min_buy_in, pot_limit.max_buy_in) == (200, 1000)
    limit = TableConfig.for_schedule(single_game("O", "limit", small_blind=5, big_blind=10))
    assert (limit.min_buy_in, limit.max_buy_in) == (200, None)
    mixed = TableConfig.for_schedule(mixed_omaha("O", pot_limit=Stakes(small_blind=1, big_blind=2)))
    assert (mixed.min_buy_in, mixed.max_buy_in) == (80, 400)


def test_add_on_between_hands_up_to_the_maximum_buy_in() -> None:
    """SPEC (Table stakes): add-ons between hands, within the configured maximum buy-in."""
    table = make_table((1, 2), buy_in=150, min_buy_in=40, max_buy_in=200)
    table.add_on(seat=1, amount=50)
    assert table.seat(1) is not None and table.seat(1).stack == 200  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="Seat 2 cannot add on 51: the stack would be 201, over the maximum buy-in 200"):
        table.add_on(seat=2, amount=51)
    with pytest.raises(IllegalActionError, match="nobody sits there"):
        table.add_on(seat=3, amount=10)


def test_nothing_changes_at_the_table_during_a_hand() -> None:
    """SPEC (Table stakes: "no chips added or removed during a hand"); omaha-limit-basics.txt, Table Stakes; issue 3.

    Chips and the players in the hand stay as they are; a newcomer may take a seat and is dealt in
    from the next hand; a sit-out asked for during the hand applies from the next hand.
    """
    table = make_table((1, 2, 3, 4), button=4, partial_cash_out=True)
    hand = table.start_hand()
    table.add_on(seat=3, amount=10)  # bought during the hand: plays from the next hand
    assert table.seat(3).stack == 100 and table.pending_chips(3) == 10  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="Seat 2 cannot cash out: a hand is in progress"):
        table.cash_out(seat=2, amount=10)
    with pytest.raises(IllegalActionError, match="Seat 1 cannot leave: they are in hand 1, which is in progress"):
        table.leave(seat=1)
    with pytest.raises(IllegalActionError, match="Hand 1 is in progress"):
        table.next_hand()
    table.sit_down(seat=7, player="Late", buy_in=100, wait_for_big_blind=False)
    table.sit_out(seat=3)
    assert set(hand.seats) == {1, 2, 3, 4}
    deal(hand)
    while not hand.is_complete:
        hand.fold(hand.actor)  # type: ignore[arg-type]
    table.finish_hand(hand)
    following = table.next_hand()
    assert 3 not in following.dealt_in and waiting(following)[3] == "sitting out"
    assert 7 in following.dealt_in and following.posts_of(7) == (Post(seat=7, blind=BlindKind.LIVE, amount=2),)
    assert table.pending_chips(3) == 0 and table.seat(3).stack == hand.result.final_stacks[3] + 10  # type: ignore[union-attr]


def test_no_chips_leave_the_table_until_the_player_does_unless_the_house_allows_it() -> None:
    """Card-room practice (no "going south"; Robert's Rules, table stakes): chips stay until the player leaves.
    Where the house allows partial cash-outs, a player who stays keeps at least the minimum buy-in."""
    strict = make_table((1, 2), buy_in=150)
    with pytest.raises(IllegalActionError, match="no going south"):
        strict.cash_out(seat=1, amount=10)
    lenient = make_table((1, 2), buy_in=150, min_buy_in=40, max_buy_in=200, partial_cash_out=True)
    lenient.cash_out(seat=1, amount=110)
    assert lenient.seat(1).stack == 40  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="keeps at least the minimum buy-in 40"):
        lenient.cash_out(seat=2, amount=111)


def test_leaving_cashes_out_the_whole_stack_and_every_chip_is_accounted_for() -> None:
    """SPEC (Table stakes; Chip audit): stacks + rake = buy-ins - cash-outs."""
    table = make_table((1, 2, 3), button=3, schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2))
    play(table)
    stack = table.seat(2).stack  # type: ignore[union-attr]
    left = table.leave(seat=2)
    assert left.cashed_out == stack  # type: ignore[attr-defined]
    audit = table.chip_audit()
    assert (audit.buy_ins, audit.cash_outs, audit.stacks) == (300, stack, 300 - stack)
    assert audit.balanced and table.seat(2) is None


# --------------------------------------------------------------------------- button and blinds


def test_first_hand_blinds_are_the_two_players_left_of_the_drawn_button() -> None:
    """omaha-club-rules.txt (opening): the button is placed at random before the first hand; the first and second
    players clockwise from it post the small and big blind. Action starts left of the big blind."""
    table = make_table((1, 3, 5, 7), button=5)
    plan = table.next_hand()
    assert positions(plan) == (5, 7, 1)
    assert plan.dealt_in == (7, 1, 3, 5)
    assert plan.posts == (Post(seat=7, blind=BlindKind.SMALL, amount=1), Post(seat=1, blind=BlindKind.BIG, amount=2))
    hand = table.start_hand()
    assert hand.bets == {7: 1, 1: 2, 3: 0, 5: 0}
    deal(hand)
    assert hand.actor == 3


def test_players_present_when_the_game_starts_owe_no_blind_and_later_arrivals_are_new() -> None:
    """Robert's Rules (newly started game): every player present when the game starts is active and posts only the
    blinds their seat comes to; a player who sits down later is a new player (RRP 4)."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    first = play(table)
    assert set(first.dealt_in) == {1, 2, 3, 4, 5} and {post.blind for post in first.posts} == {BlindKind.SMALL, BlindKind.BIG}
    table.sit_down(seat=7, player="Newcomer", buy_in=100)
    assert table.seat(7).new and not table.seat(1).new  # type: ignore[union-attr]


def test_the_button_is_drawn_only_before_the_first_hand() -> None:
    """omaha-club-rules.txt (opening): the button's position is determined before the first hand, then it moves."""
    table = make_table((1, 2, 3), button=2)
    play(table)
    with pytest.raises(IllegalActionError, match="before the first hand"):
        table.place_button(seat=1)


def test_button_and_blinds_move_one_player_clockwise_each_hand() -> None:
    """omaha-club-rules.txt (opening): "each hand moves one position clockwise"; omaha-limit-basics.txt, The Button."""
    table = make_table((1, 2, 3, 4), button=4)
    assert [positions(play(table)) for _ in range(5)] == [(4, 1, 2), (1, 2, 3), (2, 3, 4), (3, 4, 1), (4, 1, 2)]


def test_dead_button_when_the_small_blind_leaves() -> None:
    """Robert's Rules, Button and Blind Use 2(b); TDA Rule 32: the big blind is posted by the player due for it and the
    button placed accordingly, even on an empty seat, giving the same player last action on consecutive hands."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    assert positions(play(table)) == (5, 1, 2)
    table.leave(seat=1)
    second = table.next_hand()
    assert positions(second) == (1, 2, 3) and second.dead_button
    assert second.setup.button == 5  # seat 5 acts last again
    assert second.dealt_in == (2, 3, 4, 5)
    play(table)
    assert positions(play(table)) == (2, 3, 4)


def test_no_small_blind_when_the_big_blind_leaves() -> None:
    """Robert's Rules 2(b); TDA Rule 32: the big blind moves on to the next player; nobody posts the small blind,
    and on the next hand the button is dead on the leaver's seat, so the last small blind has the button again."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.leave(seat=2)
    second = play(table)
    assert positions(second) == (1, None, 3)
    assert second.posts == (Post(seat=3, blind=BlindKind.BIG, amount=2),)
    assert "No small blind this hand (seat 2 is not dealt in)" in second.describe()
    third = table.next_hand()
    assert positions(third) == (2, 3, 4) and third.dead_button and third.setup.button == 1


def test_when_both_blinds_leave_the_same_player_has_the_button_three_hands() -> None:
    """TDA Rule 32 (dead button); Robert's Rules 2(b): nobody skips the big blind, so the button waits behind it."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.leave(seat=1)
    table.leave(seat=2)
    second = play(table)
    third = play(table)
    assert positions(second) == (1, None, 3) and second.setup.button == 5
    assert positions(third) == (2, 3, 4) and third.setup.button == 5
    assert positions(table.next_hand()) == (3, 4, 5)


def test_moving_button_moves_to_the_next_player_and_may_need_two_big_blinds() -> None:
    """Robert's Rules, Button and Blind Use 2(a): "The button always moves forward to the next player and the blinds
    adjust accordingly. There may be more than one big blind." (A house setting; SPEC: dead or moving button.)

    The small blind (seat 1) leaves: the button moves to seat 2, and seat 3, whom the big blind would otherwise skip,
    posts a big blind in the small blind's place while seat 4 posts the big blind.
    """
    table = make_table((1, 2, 3, 4, 5), button=5, mode=ButtonMode.MOVING)
    assert positions(play(table)) == (5, 1, 2)
    table.leave(seat=1)
    second = play(table)
    assert positions(second) == (2, None, 4) and not second.dead_button
    assert set(second.posts) == {Post(seat=4, blind=BlindKind.BIG, amount=2), Post(seat=3, blind=BlindKind.LIVE, amount=2)}
    assert positions(table.next_hand()) == (3, 4, 5)


def test_a_sitting_out_player_is_not_dealt_in_and_owes_the_blinds_that_pass() -> None:
    """Robert's Rules, Button and Blind Use 10 (missed blinds); dead button: the big blind skips a player who is away."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.sit_out(seat=3)
    second = play(table)
    assert positions(second) == (1, 2, 4)
    assert 3 not in second.dealt_in and waiting(second)[3] == "sitting out"
    view = table.seat(3)
    assert view is not None and view.owes_big_blind and view.owes_small_blind


def test_missed_blinds_are_posted_big_blind_live_and_small_blind_dead() -> None:
    """Robert's Rules, Button and Blind Use 10: a player who missed the blinds posts them all to come back, "only the
    big blind is live"; the dead small blind goes to the pot and is not part of their bet, so an unraised pot gives
    them the option to check."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.sit_out(seat=3)
    play(table)  # (1, 2, 4): the big blind passes seat 3
    table.come_back(seat=3)
    table.set_choices(seat=3, wait_for_big_blind=False)
    third = play(table)
    assert positions(third) == (2, 4, 5)
    assert waiting(third)[3] == "between the big blind and the button: waits until the button passes"
    fourth = table.next_hand()
    assert positions(fourth) == (4, 5, 1)
    assert fourth.posts_of(3) == (Post(seat=3, blind=BlindKind.LIVE, amount=2), Post(seat=3, blind=BlindKind.DEAD, amount=1))
    hand = table.start_hand()
    assert hand.bets[3] == 2 and hand.contributions[3] == 3 and hand.pot_total == 1 + 2 + 3
    deal(hand)
    hand.call(2)
    assert hand.actor == 3
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.call_amount == 0 and legal.can_raise


def test_a_missed_small_blind_alone_is_posted_dead() -> None:
    """Robert's Rules, Button and Blind Use 10: the blinds missed are posted; a small blind is dead."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)  # (5, 1, 2)
    table.sit_out(seat=2)  # seat 2 would post the small blind next
    second = play(table)
    assert positions(second) == (1, None, 3)
    view = table.seat(2)
    assert view is not None and view.owes_small_blind and not view.owes_big_blind
    table.come_back(seat=2)
    table.set_choices(seat=2, wait_for_big_blind=False)
    third = play(table)
    assert third.button == 2 and 2 not in third.dealt_in  # back on the button: waits until it passes
    fourth = table.next_hand()
    assert fourth.posts_of(2) == (Post(seat=2, blind=BlindKind.DEAD, amount=1),)


def test_a_player_owing_blinds_may_wait_for_the_big_blind_instead() -> None:
    """Robert's Rules, Button and Blind Use 10: "either posting all the blinds missed or waiting for the big blind";
    taking the big blind in turn settles what they owed."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.sit_out(seat=3)
    play(table)  # the big blind passes seat 3
    table.come_back(seat=3)  # the standing choice is to wait for the big blind
    plans = [play(table) for _ in range(4)]
    assert [positions(plan) for plan in plans] == [(2, 4, 5), (4, 5, 1), (5, 1, 2), (1, 2, 3)]
    assert [3 in plan.dealt_in for plan in plans] == [False, False, False, True]
    assert waiting(plans[1])[3] == "waits for the big blind"
    assert plans[3].posts_of(3) == (Post(seat=3, blind=BlindKind.BIG, amount=2),)
    view = table.seat(3)
    assert view is not None and not view.owes_big_blind


def test_a_new_player_waits_for_the_big_blind_by_default() -> None:
    """omaha-limit-basics.txt, The Blind: "New players can choose to wait until the big blind comes to their position";
    Robert's Rules, Button and Blind Use 4."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.sit_down(seat=7, player="Newcomer", buy_in=100)
    plans = [play(table) for _ in range(4)]
    assert [plan.big_blind for plan in plans] == [3, 4, 5, 7]
    assert [7 in plan.dealt_in for plan in plans] == [False, False, False, True]
    assert waiting(plans[0])[7] == "waits for the big blind"


def test_a_new_player_may_post_a_big_blind_to_play_at_once() -> None:
    """omaha-limit-basics.txt, The Blind: new players "have the option of posting a separate big blind to play their
    first hand"; Robert's Rules 4. The post is live: they have the option when the pot is not raised."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.sit_down(seat=7, player="Newcomer", buy_in=100, wait_for_big_blind=False)
    plan = table.next_hand()
    assert positions(plan) == (1, 2, 3) and 7 in plan.dealt_in
    assert plan.posts_of(7) == (Post(seat=7, blind=BlindKind.LIVE, amount=2),)
    hand = table.start_hand()
    deal(hand)
    hand.call(4)
    hand.call(5)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 7 and legal.can_check and legal.can_raise


def test_no_new_player_is_dealt_in_between_the_big_blind_and_the_button() -> None:
    """Robert's Rules, Button and Blind Use 7: "A new player cannot be dealt in between the big blind and the button";
    they wait until the button passes, then post (or wait for the big blind)."""
    table = make_table((1, 3, 5, 7), button=7)
    assert positions(play(table)) == (7, 1, 3)
    table.sit_down(seat=2, player="Newcomer", buy_in=100, wait_for_big_blind=False)
    second = play(table)
    assert positions(second) == (1, 3, 5)
    assert waiting(second) == {2: "between the big blind and the button: waits until the button passes"}
    third = table.next_hand()
    assert positions(third) == (3, 5, 7)
    assert third.posts_of(2) == (Post(seat=2, blind=BlindKind.LIVE, amount=2),)


def test_a_new_player_in_the_seat_of_a_dead_button_waits() -> None:
    """Robert's Rules 7 (no new player dealt in between the big blind and the button, the button included)."""
    table = make_table((1, 2, 3, 4, 5), button=5)
    play(table)
    table.leave(seat=1)
    table.sit_down(seat=1, player="Newcomer", buy_in=100, wait_for_big_blind=False)
    plan = table.next_hand()
    assert plan.button == 1 and 1 not in plan.dealt_in and plan.setup.button == 5


def test_several_players_may_post_on_the_same_hand() -> None:
    """Robert's Rules 4 and 10: each new or returning player posts for themselves; two may do so on one hand."""
    table = make_table((1, 2, 3), button=3)
    play(table)
    table.sit_down(seat=6, player="Newcomer A", buy_in=100, wait_for_big_blind=False)
    table.sit_down(seat=8, player="Newcomer B", buy_in=100, wait_for_big_blind=False)
    plan = table.next_hand()
    assert positions(plan) == (1, 2, 3)
    live = [post for post in plan.posts if post.blind is BlindKind.LIVE]
    assert live == [Post(seat=6, blind=BlindKind.LIVE, amount=2), Post(seat=8, blind=BlindKind.LIVE, amount=2)]
    hand = table.start_hand()
    assert hand.bets == {1: 0, 2: 1, 3: 2, 6: 2, 8: 2}


def test_a_blind_short_of_chips_is_posted_all_in() -> None:
    """Robert's Rules, Button and Blind Use 1: the bring-in and raise sizes "remain the same even when the player in the
    blind does not have enough chips to post the full amount"; SPEC: all-in for less."""
    table = make_table((1, 2, 3), button=3, min_buy_in=2, max_buy_in=200)
    table.leave(seat=1)
    table.sit_down(seat=1, player="Short", buy_in=2)
    play(table)  # seat 1 posts the small blind and folds: 1 chip left
    play(table)
    plan = table.next_hand()
    assert plan.big_blind == 1 and plan.posts_of(1) == (Post(seat=1, blind=BlindKind.BIG, amount=1),)
    hand = table.start_hand()
    assert hand.is_all_in(1) and hand.bets[1] == 1
    deal(hand)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.call_amount == 2  # the full big blind is still the call


def test_a_player_who_busts_and_rebuys_owes_the_blinds_missed_meanwhile() -> None:
    """Robert's Rules: "A player who goes all in and loses is obligated to make up the blinds if they are missed before
    a rebuy is made (the person is not treated as a new player when reentering)". A rebuy is at least the minimum."""
    no_limit = single_game("O", "no-limit", small_blind=1, big_blind=2)
    table = make_table((1, 2, 3, 4), button=4, schedule=no_limit, min_buy_in=40, max_buy_in=200)
    table.leave(seat=3)
    table.sit_down(seat=3, player="Unlucky", buy_in=40)
    hand = table.start_hand()  # (4, 1, 2): seat 3 is under the gun
    deal(hand, {3: "2c3c4d5d", 2: "AsAdKsKd"}, keep="AcKhQdJc9h")
    run_out(hand, "AcKhQdJc9h", {3: "all-in", 2: "call"})
    table.finish_hand(hand)
    assert table.seat(3).stack == 0  # type: ignore[union-attr]
    second = play(table)
    assert positions(second) == (1, 2, 4) and waiting(second)[3] == "no chips: adds on to play"
    with pytest.raises(IllegalActionError, match="a rebuy is at least the minimum buy-in 40"):
        table.add_on(seat=3, amount=39)
    table.add_on(seat=3, amount=40)
    view = table.seat(3)
    assert view is not None and view.owes_big_blind and view.owes_small_blind and not view.new


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop() -> None:
    """omaha-club-rules.txt, HEADS UP 2-4; SPEC (Blinds): the button has the small blind, cards are dealt from the big
    blind, the button acts first pre-flop; Robert's Rules 3."""
    table = make_table((2, 6), button=6)
    plan = table.next_hand()
    assert plan.heads_up and positions(plan) == (6, 6, 2)
    hand = table.start_hand()
    assert hand.deal_order()[0] == 2
    deal(hand)
    assert hand.actor == 6
    while not hand.is_complete:
        hand.fold(hand.actor)  # type: ignore[arg-type]
    table.finish_hand(hand)
    assert positions(table.next_hand()) == (2, 2, 6)


@pytest.mark.parametrize(("leaver", "expected"), [(3, (2, 2, 1)), (1, (2, 2, 3)), (2, (1, 1, 3))])
def test_from_three_players_to_two_nobody_takes_the_big_blind_twice_in_a_row(leaver: int, expected: tuple[int, int, int]) -> None:
    """TDA Rule 34: starting heads-up, "the button may need to be adjusted to ensure no player has the big blind twice
    in a row"; Robert's Rules 3: the player who had the big blind most recently gets the button.

    Seats 1, 2, 3 with the button on 3: seat 1 posts the small blind, seat 2 the big blind; then one of them leaves.
    """
    table = make_table((1, 2, 3), button=3)
    assert positions(play(table)) == (3, 1, 2)
    table.leave(seat=leaver)
    second = play(table)
    assert second.heads_up and positions(second) == expected
    assert second.big_blind != 2
    third = table.next_hand()
    assert third.big_blind == second.button and third.button == second.big_blind


def test_from_two_players_to_three_nobody_skips_the_big_blind() -> None:
    """TDA Rule 34; Robert's Rules 2 ("each round every player must ... meet the total amount of the blind
    obligations") and 4: a newcomer between the big blind and the button takes the next big blind; one sitting
    between the button and the big blind waits while the game stays heads-up."""
    table = make_table((2, 6), button=6)
    play(table)  # heads-up: button 6, big blind 2
    table.sit_down(seat=4, player="Newcomer", buy_in=100)
    plans = [play(table) for _ in range(4)]
    assert [positions(plan) for plan in plans] == [(6, 2, 4), (2, 4, 6), (4, 6, 2), (6, 2, 4)]
    assert not any(plan.heads_up for plan in plans)

    table = make_table((2, 6), button=6)
    play(table)
    table.sit_down(seat=8, player="Newcomer", buy_in=100)
    second = play(table)
    assert second.heads_up and positions(second) == (2, 2, 6) and 8 not in second.dealt_in
    third = table.next_hand()
    assert positions(third) == (2, 6, 8) and not third.heads_up


def test_a_misdeal_does_not_move_the_button_and_the_hand_is_dealt_again() -> None:
    """SPEC (Misdeal): "voids the hand, returns every chip, the button does not move"; TDA Rules 35-36."""
    table = make_table((1, 2, 3, 4), button=4)
    play(table)
    stacks = {seat: view.stack for seat, view in table.seats.items()}
    misdealt = play(table, misdeal=True)
    again = table.next_hand()
    assert positions(again) == positions(misdealt) == (1, 2, 3)
    assert again.number == misdealt.number + 1 and again.posts == misdealt.posts
    assert {seat: view.stack for seat, view in table.seats.items()} == stacks
    assert table.hands_finished == 1


def test_when_fewer_than_two_players_could_be_dealt_in_the_game_starts_afresh() -> None:
    """Robert's Rules (rules for a newly started game: every player present is active and owes nothing): when the
    rules would leave one player to deal to, the players there start a new game; the big blind still moves on.

    Seats 2 and 3 leave after (1, 2, 3); a newcomer takes seat 2, which is where the button is due, so by Robert's
    Rules 7 they would wait, leaving seat 1 alone.
    """
    table = make_table((1, 2, 3), button=1)
    assert positions(play(table)) == (1, 2, 3)
    table.leave(seat=2)
    table.leave(seat=3)
    table.sit_down(seat=2, player="Newcomer", buy_in=100, wait_for_big_blind=False)
    plan = play(table)
    assert plan.fresh_start and plan.heads_up and positions(plan) == (2, 2, 1)
    assert plan.posts == (Post(seat=2, blind=BlindKind.SMALL, amount=1), Post(seat=1, blind=BlindKind.BIG, amount=2))
    view = table.seat(2)
    assert view is not None and not view.new and not view.owes_big_blind


# --------------------------------------------------------------------------- games: Mixed Omaha and mix rotations


def test_mixed_omaha_alternates_limit_and_pot_limit_every_orbit_with_higher_limit_blinds() -> None:
    """SPEC (Betting structures, Mixed): Limit and Pot-limit alternate every orbit, each with its own blinds;
    omaha-betting-structures.txt, Blended Omaha: the blinds go up when the game switches from Pot-limit to Limit.

    Four players at a four-seat table: an orbit is four hands, one button each.
    """
    schedule = mixed_omaha("O", pot_limit=Stakes(small_blind=1, big_blind=2))
    table = make_table((1, 2, 3, 4), button=4, seat_count=4, schedule=schedule, min_buy_in=80, max_buy_in=400, buy_in=200)
    plans = [play(table) for _ in range(10)]
    structures = [plan.game.structure for plan in plans]
    assert structures == [Structure.LIMIT] * 4 + [Structure.POT_LIMIT] * 4 + [Structure.LIMIT] * 2
    assert [plan.button for plan in plans[:5]] == [4, 1, 2, 3, 4]
    limit, pot_limit = plans[0], plans[4]
    assert limit.posts_of(limit.big_blind)[0].amount == 4 and limit.game.stakes.limit_big_bet == 8
    assert pot_limit.posts_of(pot_limit.big_blind)[0].amount == 2


def test_an_orbit_is_a_lap_of_the_button_round_the_table_empty_seats_included() -> None:
    """SPEC (Mixed: "every orbit"): the game changes when the button has gone once round the table."""
    schedule = mixed_omaha("O", pot_limit=Stakes(small_blind=1, big_blind=2))
    table = make_table((1, 4, 7), button=7, schedule=schedule, min_buy_in=80, max_buy_in=400, buy_in=200)
    plans = [play(table) for _ in range(7)]
    assert [plan.button for plan in plans] == [7, 1, 4, 7, 1, 4, 7]
    assert [plan.game.structure.value[0] for plan in plans] == list("lllpppl")


def test_mixed_omaha_may_change_every_n_hands() -> None:
    """SPEC (Mixed: "configurable: orbit or N hands")."""
    schedule = mixed_omaha("O/8", pot_limit=Stakes(small_blind=1, big_blind=2), rotation=Rotation.HANDS, hands_per_game=3)
    table = make_table((1, 2, 3, 4, 5), button=5, schedule=schedule, min_buy_in=80, max_buy_in=400, buy_in=200)
    assert [play(table).game.structure.value[0] for _ in range(8)] == list("lllppplll"[:8])


def test_mixed_omaha_refuses_limit_blinds_that_do_not_go_up() -> None:
    """omaha-betting-structures.txt, Blended Omaha: "The blinds are increased when the game switches from Pot Limit
    to Limit"."""
    with pytest.raises(GameDefinitionError, match="must be higher than the Pot-limit big blind"):
        mixed_omaha("O", pot_limit=Stakes(small_blind=1, big_blind=2), limit=Stakes(small_blind=1, big_blind=2))


def test_a_misdealt_hand_does_not_count_toward_the_rotation() -> None:
    """SPEC (Misdeal: the hand is void); a misdealt hand is dealt again as the same game."""
    schedule = mixed_omaha("O", pot_limit=Stakes(small_blind=1, big_blind=2), rotation=Rotation.HANDS, hands_per_game=2)
    table = make_table((1, 2, 3), button=3, schedule=schedule, min_buy_in=80, max_buy_in=400, buy_in=200)
    first = play(table)
    misdealt = play(table, misdeal=True)
    second = play(table)
    third = play(table)
    assert [plan.game.structure for plan in (first, misdealt, second, third)] == [Structure.LIMIT] * 3 + [Structure.POT_LIMIT]


def test_a_mix_game_deals_its_games_in_the_agreed_order() -> None:
    """SPEC (Games: "Mix game: a rotation of the above, agreed per table"); omaha-club-rules.txt, MIX GAME."""
    schedule = mix_rotation(
        (("5O", "pot-limit"), ("DBO", "limit"), ("OK", "no-limit")),
        pot_limit=Stakes(small_blind=1, big_blind=2),
        rotation=Rotation.HANDS,
        hands_per_game=2,
    )
    table = make_table((1, 2, 3), button=3, seat_count=7, schedule=schedule, min_buy_in=80, max_buy_in=400, buy_in=200)
    plans = [play(table) for _ in range(7)]
    assert [plan.game.variant.code for plan in plans] == ["5O", "5O", "DBO", "DBO", "OK", "OK", "5O"]
    assert [plan.game.structure for plan in plans[::2]] == [Structure.POT_LIMIT, Structure.LIMIT, Structure.NO_LIMIT, Structure.POT_LIMIT]
    assert plans[2].posts_of(plans[2].big_blind)[0].amount == 4  # Limit at twice the blinds


# --------------------------------------------------------------------------- agreements, choices, house rules


def test_standing_agreements_are_recorded_with_each_hand_and_bind_it() -> None:
    """SPEC (Blinds, button, straddles): each table keeps standing agreements (straddles allowed, extra boards allowed)
    and each hand records them."""
    table = make_table((1, 2, 3, 4), button=4)
    table.change_agreements(agreements=TableAgreements(straddles_allowed=False, extra_boards_allowed=False), by=MANAGER)
    plan = table.next_hand()
    assert plan.agreements == TableAgreements(straddles_allowed=False, extra_boards_allowed=False)
    assert not plan.setup.straddles_allowed and not plan.setup.extra_boards_allowed
    hand = table.start_hand()
    straddle = BlindPosted(seat=3, amount=4, blind=BlindKind.STRADDLE)
    with pytest.raises(IllegalActionError, match="straddles are not allowed at this table"):
        hand.verify(straddle)


def test_agreements_changed_during_a_hand_apply_from_the_next_hand() -> None:
    """SPEC (agreements on record; each hand records who agreed to what): a hand keeps the agreements it started with."""
    table = make_table((1, 2, 3, 4), button=4)
    hand = table.start_hand()
    table.change_agreements(agreements=TableAgreements(straddles_allowed=False))
    assert hand.setup.straddles_allowed and hand.can(BlindPosted(seat=3, amount=4, blind=BlindKind.STRADDLE))
    deal(hand)
    while not hand.is_complete:
        hand.fold(hand.actor)  # type: ignore[arg-type]
    table.finish_hand(hand)
    assert not table.next_hand().setup.straddles_allowed


def test_a_mississippi_straddle_needs_a_managers_authorization_on_record() -> None:
    """omaha-club-rules.txt, MISSISSIPPI: only with the poker club manager's personal authorization; SPEC: the table
    records who authorized it and when, and only from the button."""
    table = make_table((1, 2, 3, 4), button=4)
    plan = table.next_hand()
    hand = table.start_hand()
    mississippi = BlindPosted(seat=4, amount=4, blind=BlindKind.MISSISSIPPI)
    with pytest.raises(IllegalActionError, match="no manager's authorization"):
        hand.verify(mississippi)
    assert plan.agreements.mississippi is None
    deal(hand)
    while not hand.is_complete:
        hand.fold(hand.actor)  # type: ignore[arg-type]
    table.finish_hand(hand)
    when = datetime(2025, 3, 14, 21, 30)
    table.authorize_mississippi(manager=MANAGER, at=when)
    plan = table.next_hand()
    assert plan.agreements.mississippi is not None
    assert (plan.agreements.mississippi.manager, plan.agreements.mississippi.at) == (MANAGER, when)
    assert plan.setup.mississippi_authorized_by == MANAGER
    hand = table.start_hand()
    hand.apply(BlindPosted(seat=plan.button, amount=4, blind=BlindKind.MISSISSIPPI))


def test_always_run_it_once_is_answered_for_the_player_when_extra_boards_are_offered() -> None:
    """SPEC (Extra boards: a player who objects keeps their pots to one run; the console records each contender's
    choice); issue 3: per-player standing choices such as "always run it once", applied to each hand and recorded."""
    table = make_table((1, 2), button=2, schedule=single_game("O", "no-limit", small_blind=1, big_blind=2))
    table.set_choices(seat=1, always_run_once=True)
    plan = table.next_hand()
    assert plan.choices_of(1).always_run_once and not plan.choices_of(2).always_run_once
    hand = table.start_hand()
    deal(hand, {1: "AsAdKsKd", 2: "QcQdJcJd"})
    hand.all_in(2)
    hand.call(1)
    assert hand.runs_window_open()
    made = apply_standing_choices(hand, plan)
    assert made == (RunsChosen(seat=1, runs=1),)
    hand.choose_runs(2, 2)
    assert apply_standing_choices(hand, plan) == ()
    assert hand.pot_runs() == [1]


def test_house_rules_and_rake_apply_to_every_hand() -> None:
    """SPEC (house settings stored with every hand they apply to; Rake: a percentage with a cap, no flop no drop)."""
    house = HouseRules(limit_raises_per_round=4)
    rake = Rake(percent=50, cap=2)
    table = make_table((1, 2, 3), button=3, house=house, rake=rake)
    plan = table.next_hand()
    assert plan.game.house == house and plan.game.rake == rake
    hand = table.start_hand()
    deal(hand, {1: "AsAdKsKd", 2: "QcQdJcJd", 3: "2c3d4h5s"}, keep="AcKhQsJh9s")
    run_out(hand, "AcKhQsJh9s", {1: "call", 2: "call", 3: "call"})
    table.finish_hand(hand)
    audit = table.chip_audit()
    assert audit.rake == 2 and audit.balanced  # half of a 6-chip pot is 3, capped at 2
    assert audit.stacks == 300 - 2


# --------------------------------------------------------------------------- the record


def test_the_table_is_rebuilt_from_its_records() -> None:
    """STYLE.md practice 2 (state derived from an append-only list of frozen records); SPEC (Records: a console restarted
    after a crash resumes where it was)."""
    table = make_table((1, 2, 3, 4, 5), button=5, partial_cash_out=True)
    play(table)
    table.sit_out(seat=3)
    play(table)
    table.sit_down(seat=8, player="Newcomer", buy_in=100, wait_for_big_blind=False)
    table.cash_out(seat=1, amount=20)
    play(table, misdeal=True)
    table.leave(seat=2)
    rebuilt = Table(table.config, table.events)
    assert rebuilt.seats == table.seats
    assert rebuilt.next_hand() == table.next_hand()
    assert rebuilt.chip_audit() == table.chip_audit()
    assert rebuilt.hands_finished == table.hands_finished == 2


def test_a_refused_record_changes_nothing() -> None:
    """STYLE.md practice 3 ("Illegal means raise"); the table, like the hand, changes nothing on a refusal."""
    table = make_table((1, 2), button=2)
    before = (table.events, table.seats)
    seated = PlayerSeated(seat=1, player="Intruder", buy_in=100)
    assert not table.can(seated)
    with pytest.raises(IllegalActionError):
        table.apply(seated)
    assert (table.events, table.seats) == before


def test_only_the_hand_in_progress_is_recorded_once_over_with_every_planned_post() -> None:
    """The table takes the result of the hand it dealt, once it is over, with every post it planned (the dealer may
    not take back a player's live post and have the table forget what they owe)."""
    table = make_table((1, 2, 3), button=3)
    hand = table.start_hand()
    with pytest.raises(IllegalActionError, match="Hand 1 is not over"):
        table.finish_hand(hand)
    with pytest.raises(IllegalActionError, match="No hand is in progress"):
        Table(table.config).finish_hand(hand)
    deal(hand)
    while not hand.is_complete:
        hand.fold(hand.actor)  # type: ignore[arg-type]
    table.finish_hand(hand)
    table.sit_down(seat=6, player="Newcomer", buy_in=100, wait_for_big_blind=False)
    hand = table.start_hand()
    assert isinstance(hand.events[-1], BlindPosted) and hand.events[-1].blind is BlindKind.LIVE
    hand.void(reason="posted by mistake", by="dealer")
    deal(hand)
    while not hand.is_complete:
        hand.fold(hand.actor)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="seat 6's live post of 2 is missing"):
        table.finish_hand(hand)
    assert table.hands_finished == 1 and table.hand_in_progress is not None


# --------------------------------------------------------------------------- a night at the table: seats


def test_a_seat_change_away_from_the_big_blind_owes_a_big_blind_and_toward_it_owes_nothing() -> None:
    """SPEC (A night at the table: "change to an empty seat"; missed blinds "as a card room does it"); RRP Button and
    Blind Use 2 ("each round every player must ... meet the total amount of the blind obligations"): a player who moves
    to a seat the big blind reaches later would skip a big blind, so they post a live big blind or wait for it; a move
    the big blind reaches sooner costs nothing. Their stack, choices and missed blinds move with them."""
    table = make_table((1, 3, 5, 7), button=7)
    play(table)  # big blind on seat 3: it comes to 5, 7, 1 next
    assert table.last_hand is not None and table.last_hand.big_blind == 3
    stack = table.seat(5).stack  # type: ignore[union-attr]
    table.change_seat(seat=5, to_seat=8)  # the big blind reaches 8 after 7: later than 5
    moved = table.seat(8)
    assert moved is not None and moved.stack == stack and moved.owes_big_blind and table.seat(5) is None
    table.change_seat(seat=1, to_seat=4)  # the big blind reaches 4 before 1: sooner, no penalty
    assert not table.seat(4).owes_big_blind  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="Seat 3 cannot move to seat 4: P1 sits there"):
        table.change_seat(seat=3, to_seat=4)
    with pytest.raises(IllegalActionError, match="Seat 3 cannot move to seat 10: the table has seats 1 to 9"):
        table.change_seat(seat=3, to_seat=10)
    table.start_hand()
    with pytest.raises(IllegalActionError, match="Seat 3 cannot move to seat 2: a hand is in progress"):
        table.change_seat(seat=3, to_seat=2)


def test_sitting_out_owes_both_blinds_passed_and_coming_back_posts_them_or_waits() -> None:
    """SPEC (Blinds: missed blinds, post now or wait for the big blind); RRP Button and Blind Use 10 ("either posting
    all the blinds missed or waiting for the big blind ... only the big blind is live")."""
    table = make_table((1, 2, 3, 4), button=4)
    play(table)
    table.sit_out(seat=3)
    play(table)
    play(table)
    view = table.seat(3)
    assert view is not None and view.owes_big_blind and view.owes_small_blind
    other = Table(table.config, table.events)  # the same table, where seat 3 chooses to wait instead
    table.set_choices(seat=3, wait_for_big_blind=False)
    table.come_back(seat=3)
    plan = table.next_hand()  # big blind on seat 2, seat 3 past the big blind: posts now, live big and dead small
    assert plan.big_blind == 2 and 3 in plan.dealt_in
    assert plan.posts_of(3) == (Post(seat=3, blind=BlindKind.LIVE, amount=2), Post(seat=3, blind=BlindKind.DEAD, amount=1))
    other.come_back(seat=3)
    later = other.next_hand()
    assert 3 not in later.dealt_in and "big blind" in waiting(later)[3]


def test_closing_the_table_records_the_sessions_chip_audit_and_starts_a_new_one() -> None:
    """SPEC ("Closing a table cashes everyone out and records the session's chip audit"; Chip audit)."""
    table = make_table((1, 2, 3), button=3)
    play(table)
    table.add_on(seat=1, amount=20)
    with pytest.raises(IllegalActionError, match="3 players are still seated"):
        table.close(by=MANAGER)
    for seat in list(table.seats):
        table.leave(seat=seat)
    closed = table.close(by=MANAGER)
    assert (closed.buy_ins, closed.add_ons, closed.hands) == (320, 20, 1)  # type: ignore[attr-defined]
    assert closed.buy_ins == closed.cash_outs + closed.rake + closed.jackpot  # type: ignore[attr-defined]
    assert table.chip_audit() == type(table.chip_audit())(0, 0, 0, 0, 0)
    assert Table(table.config, table.events).chip_audit() == table.chip_audit()
