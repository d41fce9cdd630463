"""Seat operations through the headless live session: seat, rebuy and add-on, sit out and back, seat change, leave,
and closing the table, at a demo and at a configured table; bad input refused with one message and nothing stored.

Sources: SPEC.md, "A night at the table" (sit down within the buy-in range, rebuy or add on between hands with chips
bought during a hand playing from the next, sit out and come back posting now or waiting for the big blind, change to
an empty seat, leave with the cash-out counted, each an event checked by the engine; closing a table cashes everyone
out and records the session's chip audit); "Betting structures" (table stakes); docs/table.md.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dealer_console.engine.events import BlindKind
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import HandFinished, HandStarted, PlayerLeft, PlayerSeated, SeatChanged, TableClosed
from dealer_console.live.commands import AddChips, ChangeSeat, CloseTable, DealNext, LeaveTable, SeatPlayer, SitBack, SitOut
from dealer_console.live.deck import stacked_deck
from dealer_console.live.notices import Notice
from dealer_console.live.seating import SeatOperationKind, seat_operations
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import demo_session, recorded_session
from dealer_console.store import Role, Store


def make_session(seats: dict[int, int], *, button: int = 1) -> TableSession:
    config = TableConfig(name="Seating", seat_count=9, schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2),
                         min_buy_in=40, max_buy_in=400)
    table = Table(config)
    for seat, buy_in in seats.items():
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=buy_in)
    table.place_button(seat=button)
    return TableSession(table, deck_for_hand=lambda _: stacked_deck(""))


def notices_of(session: TableSession) -> list[Notice]:
    seen: list[Notice] = []
    session.subscribe_notices(seen.append)
    return seen


def play_through(session: TableSession, rng: random.Random) -> None:
    """Play the hand to its end through the dealer's commands: random calls, checks, folds and all-ins."""
    for _ in range(500):
        hand = session.hand
        assert hand is not None
        if hand.is_complete:
            return
        if session.discarding_seat() is not None:
            assert session.discard(0)
        elif session.runs_choosers():
            assert session.choose_runs(session.runs_choosers()[0], 1)
        elif session.showdown_seats():
            assert session.show(session.showdown_seats()[0])
        elif (legal := session.legal_actions()) is not None:
            roll = rng.random()
            if roll < 0.3 and (legal.can_bet or legal.can_raise) and session.wager(legal.max_to):
                continue
            if legal.can_check:
                assert session.check()
            elif roll < 0.35 and legal.can_fold:
                assert session.fold()
            else:
                assert session.call()
        else:
            assert session.perform(DealNext())
    raise AssertionError("the hand did not end")


def fold_to_big_blind(session: TableSession) -> None:
    assert session.start_hand()
    session.deal_hole_cards()
    while session.hand is not None and not session.hand.is_complete:
        assert session.fold()


def test_a_player_sits_down_within_the_buy_in_range_and_bad_input_is_refused_with_nothing_recorded() -> None:
    """SPEC (A night at the table: a buy-in within the table's minimum and maximum); a taken seat, a name already
    seated (whatever its case) and a buy-in out of range are refused with one clear message."""
    session = make_session({1: 200, 2: 200})
    seen = notices_of(session)
    before = len(session.table.events)
    for command, message in (
        (SeatPlayer(3, "Vera", 30), "Seat 3 cannot buy in for 30: the buy-in is 40 to 400"),
        (SeatPlayer(3, "Vera", 401), "Seat 3 cannot buy in for 401: the buy-in is 40 to 400"),
        (SeatPlayer(1, "Vera", 100), "Seat 1 cannot take a seat: P1 sits there"),
        (SeatPlayer(3, "p2", 100), "Seat 3 cannot take a seat: P2 is already in seat 2"),
        (SeatPlayer(3, "   ", 100), "Seat 3 cannot take a seat: the player needs a name"),
    ):
        assert not session.perform(command)
        assert seen[-1].text == message
    assert len(session.table.events) == before
    assert session.perform(SeatPlayer(3, "  Vera  Ivanova ", 150, wait_for_big_blind=False))
    seated = session.table.events[-1]
    assert isinstance(seated, PlayerSeated) and (seated.player, seated.buy_in) == ("Vera Ivanova", 150)
    assert not seated.choices.wait_for_big_blind


def test_chips_bought_during_a_hand_play_from_the_next_hand() -> None:
    """SPEC (Table stakes: no chips added during a hand; "chips bought during a hand play from the next")."""
    session = make_session({1: 100, 2: 100, 3: 100})
    assert session.start_hand()
    assert session.perform(AddChips(2, 50))
    assert session.table.pending_chips(2) == 50
    assert session.hand is not None and session.hand.stacks[2] < 100  # the hand plays the stacks it started with
    session.deal_hole_cards()
    while not session.hand.is_complete:
        session.fold()
    final = session.hand.result.final_stacks[2]  # type: ignore[union-attr]
    assert session.start_hand()
    assert session.plan is not None and session.plan.setup.stacks[2] == final + 50
    assert session.table.chip_audit().balanced


def test_a_busted_player_is_offered_a_rebuy_or_to_leave_and_a_rebuy_is_at_least_the_minimum() -> None:
    """docs/table.md (going broke: a rebuy is at least the minimum buy-in; RRP: blinds missed before a rebuy are owed);
    the seat menu offers a rebuy or leaving, an empty seat only "seat a player"."""
    session = make_session({1: 100, 2: 100, 3: 100})
    plan = session.table.next_hand()
    session.table.apply(HandStarted(plan=plan))
    session.table.apply(HandFinished(plan=plan, final_stacks=((1, 150), (2, 0), (3, 150))))
    kinds = [operation.kind for operation in seat_operations(session, 2)]
    assert SeatOperationKind.REBUY in kinds and SeatOperationKind.LEAVE in kinds and SeatOperationKind.ADD_ON not in kinds
    assert [operation.kind for operation in seat_operations(session, 5)] == [SeatOperationKind.SEAT_PLAYER]
    seen = notices_of(session)
    before = len(session.table.events)
    assert not session.perform(AddChips(2, 39))
    assert seen[-1].text == "Seat 2 cannot rebuy for 39: a rebuy is at least the minimum buy-in 40"
    assert len(session.table.events) == before
    assert session.perform(AddChips(2, 40))
    assert session.table.seat(2).stack == 40 and session.table.chip_audit().add_ons == 40  # type: ignore[union-attr]


def test_sit_out_and_sit_back_posting_now_or_waiting_for_the_big_blind() -> None:
    """SPEC (Blinds: missed blinds, post now or wait for the big blind); RRP Button and Blind Use 10: the big blind
    posted is live, the small blind dead."""
    session = make_session({1: 200, 2: 200, 3: 200, 4: 200}, button=4)
    fold_to_big_blind(session)
    assert session.perform(SitOut(3))
    for _ in range(2):
        fold_to_big_blind(session)
    view = session.table.seat(3)
    assert view is not None and view.owes_big_blind
    assert session.perform(SitBack(3, post_now=True))
    session.finish_completed_hand()
    plan = session.table.next_hand()
    assert {post.blind for post in plan.posts_of(3)} >= {BlindKind.LIVE}
    waiting = make_session({1: 200, 2: 200, 3: 200, 4: 200}, button=4)
    fold_to_big_blind(waiting)
    assert waiting.perform(SitOut(3))
    for _ in range(2):
        fold_to_big_blind(waiting)
    assert waiting.perform(SitBack(3, post_now=False))
    waiting.finish_completed_hand()
    later = waiting.table.next_hand()
    assert not later.posts_of(3) or later.big_blind == 3


def test_a_player_in_the_hand_cannot_leave_until_it_is_over_then_leaves_with_the_whole_stack() -> None:
    """SPEC (Table stakes; leave with the cash-out counted): a leave during a hand the player is in is refused."""
    session = make_session({1: 100, 2: 100, 3: 100})
    seen = notices_of(session)
    assert session.start_hand()
    before = len(session.table.events)
    assert not session.perform(LeaveTable(1))
    assert seen[-1].text == "Seat 1 cannot leave: they are in hand 1, which is in progress"
    assert len(session.table.events) == before
    session.deal_hole_cards()
    while not session.hand.is_complete:  # type: ignore[union-attr]
        session.fold()
    stack = session.hand.stacks[1]  # type: ignore[union-attr]
    assert session.perform(LeaveTable(1))
    left = session.table.events[-1]
    assert isinstance(left, PlayerLeft) and left.cashed_out == stack
    assert session.table.chip_audit().cash_outs == stack and session.table.chip_audit().balanced
    assert not session.undo()  # the hand over is recorded: it is not played on


def test_a_seat_change_to_an_empty_seat_between_hands() -> None:
    """SPEC (change to an empty seat); a taken seat is refused."""
    session = make_session({1: 100, 2: 100, 3: 100})
    seen = notices_of(session)
    assert not session.perform(ChangeSeat(1, 2))
    assert seen[-1].text == "Seat 1 cannot move to seat 2: P2 sits there"
    assert session.perform(ChangeSeat(1, 6))
    assert isinstance(session.table.events[-1], SeatChanged)
    assert session.table.seat(6) is not None and session.table.seat(1) is None


def test_the_demo_table_rebuys_its_busted_players_and_is_still_six_handed_after_fifty_hands() -> None:
    """The demo keeps its players: a busted demo player rebuys automatically (and the screen is told)."""
    session = demo_session(seed=7, players=6)
    seen = notices_of(session)
    rng = random.Random(3)
    for _ in range(50):
        assert session.start_hand(), seen[-1:]
        play_through(session, rng)
    session.finish_completed_hand()
    assert len(session.table.seats) == 6
    assert all(view.stack > 0 for view in session.table.seats.values())
    assert session.table.chip_audit().balanced
    assert any("rebuys for" in notice.text for notice in seen)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    opened = Store.open(f"sqlite:///{tmp_path / 'seats.sqlite3'}")
    opened.add_staff("Flo", Role.FLOOR_MANAGER, "floor-1")
    return opened


def test_closing_a_recorded_table_cashes_everyone_out_and_records_the_audit(store: Store) -> None:
    """SPEC (Closing a table cashes everyone out and records the session's chip audit); only a floor manager signed in."""
    with store:
        session = recorded_session(store, make_session({1: 100, 2: 100, 3: 100}).table)
        seen = notices_of(session)
        assert session.perform(SeatPlayer(5, "Late", 80))
        fold_to_big_blind(session)
        assert session.perform(AddChips(5, 20))
        dealer = store.add_staff("Dana", Role.DEALER, "1111", by=store.sign_in("Flo", "floor-1"))
        assert not session.perform(CloseTable(dealer))
        assert "only a floor manager" in seen[-1].text
        assert session.perform(CloseTable(store.sign_in("Flo", "floor-1")))
        closed = session.table.events[-1]
        assert isinstance(closed, TableClosed)
        assert (closed.buy_ins, closed.add_ons, closed.hands) == (400, 20, 1)
        assert closed.buy_ins == closed.cash_outs + closed.rake + closed.jackpot
        assert not session.table.seats
        kinds = [event.kind for event in store.events(session.recorder.table_id)]  # type: ignore[union-attr]
        assert kinds.count("leave") == 4 and kinds[-1] == "table_closed"


def test_a_configured_table_seats_players_its_configuration_does_not_list() -> None:
    """A table opened from a configuration with ``[[players]]`` seats a newcomer (not in the file) within the configured
    buy-in range, and refuses one outside it."""
    from dealer_console.config import Settings
    from dealer_console.live.tables import configured_session

    settings = Settings.model_validate({
        "console": {"demo": False}, "table": {"name": "Configured", "seats": 9, "min_buy_in": 50, "max_buy_in": 300},
        "players": [{"seat": 2, "name": "Anna", "buy_in": 100}, {"seat": 4, "name": "Boris", "buy_in": 100}],
    })
    session = configured_session(settings, seed=1)
    seen = notices_of(session)
    assert not session.perform(SeatPlayer(6, "Walk-in", 301))
    assert seen[-1].text == "Seat 6 cannot buy in for 301: the buy-in is 50 to 300"
    assert session.perform(SeatPlayer(6, "Walk-in", 300))
    fold_to_big_blind(session)
    assert session.start_hand() and session.plan is not None and 6 in session.plan.dealt_in


def test_after_a_rebuy_between_hands_the_seat_shows_the_new_stack() -> None:
    """The screen's seat shows the chips the table holds once the hand over is recorded (a rebuy, an add-on)."""
    session = make_session({1: 100, 2: 100, 3: 100})
    fold_to_big_blind(session)
    assert session.perform(AddChips(1, 50))
    shown = {state.seat: state.stack for state in session.seat_states()}
    assert shown[1] == session.table.seat(1).stack == session.hand.result.final_stacks[1] + 50  # type: ignore[union-attr]


def test_a_closed_demo_table_opens_again_with_its_players(store: Store) -> None:
    """The demo closed by the floor and started again (resumed from the store) seats its demo players again."""
    with store:
        session = demo_session(store=store, seed=2, players=5)
        assert session.perform(CloseTable(store.sign_in("Flo", "floor-1")))
        assert not session.table.seats
        again = demo_session(store=store, seed=2, players=5)
        assert len(again.table.seats) == 5 and again.start_hand()
