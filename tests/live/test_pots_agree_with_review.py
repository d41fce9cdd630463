"""The live window and the floor's review agree on pots, stacks and status at every event.

Sources: SPEC, Records and review ("replays any hand step by step ... explains every pot"; "the state
of a hand is a pure function of its events"); SPEC, All-in, side pots, extra boards ("an uncalled
part of a bet returns to its owner"; each pot remembers its contenders; runs). Hands are played
through the headless session into a real SQLite store; after each command the live view's pots
(``live.views.pots_shown``), stacks and status are kept, then every stored hand is opened in the
floor's review and each of its steps compared with what the window showed after the same event.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.floor.review import HandReview, listed_status
from dealer_console.live.deck import stacked_deck
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import recorded_session
from dealer_console.live.views import hand_status, pots_shown
from dealer_console.store import Store

Shown = tuple[tuple[tuple[int, tuple[int, ...]], ...], int, tuple[tuple[int, int], ...], str]


def template() -> Table:
    """Seats 1, 3, 5 with 40, 150, 80; blinds 1/2 no-limit Omaha; the button on seat 1 (seat 1 first pre-flop)."""
    table = Table(TableConfig(name="Agreeing table", seat_count=6, schedule=single_game("O", "no-limit", small_blind=1, big_blind=2),
                              min_buy_in=20, max_buy_in=400))
    for seat, buy_in in ((1, 40), (3, 150), (5, 80)):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=buy_in)
    table.place_button(seat=1)
    return table


def live_view(session: TableSession) -> Shown:
    hand = session.hand
    assert hand is not None
    shown = pots_shown(hand)
    stacks = tuple(sorted((state.seat, state.stack) for state in session.seat_states() if state.in_hand))
    return tuple((pot.amount, pot.contenders) for pot in shown.pots), shown.total, stacks, hand_status(hand)


def finish(session: TableSession, runs: int) -> None:
    """Check, choose ``runs``, deal and show until the hand is over."""
    for _ in range(60):
        hand = session.hand
        assert hand is not None
        if hand.is_complete:
            return
        if session.legal_actions() is not None:
            assert session.check() or session.call()
        elif session.runs_choosers():
            assert session.choose_runs(session.runs_choosers()[0], runs)
        elif session.next_board() is not None:
            assert session.deal_board()
        else:
            assert session.show(session.showdown_seats()[0])
    raise AssertionError("the hand did not end")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, dict[int, Shown]], dict[int, list[str]]]:
    """Three hands into one SQLite file: a checked-down hand, a misdeal, and a three-way all-in (side pot, seat 3's
    uncalled excess returned) run twice. Returns the file, each hand's live view by the number of its events, and the
    store listing's status for each hand, taken after each command, beside the window's."""
    path = tmp_path_factory.mktemp("agree") / "console.sqlite3"
    views: dict[int, dict[int, Shown]] = {}
    listed: dict[int, list[str]] = {}
    with Store.open(f"sqlite:///{path}") as store:
        session = recorded_session(store, template(), deck_for_hand=lambda _: stacked_deck(""), dealer="Dana")

        def listener(s: TableSession) -> None:
            if s.hand is None or s.recorder is None or s.recorder.hand is None:
                return
            hand_id = s.recorder.hand.hand_id
            views.setdefault(hand_id, {})[len(s.hand.events)] = live_view(s)
            listed.setdefault(hand_id, []).append(f"{listed_status(store.hand(hand_id), store)}={hand_status(s.hand)}")

        session.subscribe(listener)
        assert session.start_hand() and session.deal_hole_cards()
        assert session.call() and session.call() and session.check()
        finish(session, 1)
        assert session.start_hand() and session.deal_hole_cards()
        assert session.misdeal("card exposed")
        assert session.start_hand() and session.deal_hole_cards()
        assert session.all_in() and session.all_in()
        assert session.call()  # the last who could call the all-in: the excess goes back now
        finish(session, 2)
        session.start_hand()  # closes the third hand in the store (refused if too few players have chips left)
    return path, views, listed


def test_the_live_view_and_the_review_agree_at_every_event(played: tuple[Path, dict[int, dict[int, Shown]], dict[int, list[str]]]) -> None:
    """For every step of every stored hand, the review shows the pots, total, stacks and status the window showed."""
    path, views, _ = played
    with Store.open(f"sqlite:///{path}") as store:
        compared = 0
        for hand_id, seen in views.items():
            review = HandReview.load(store, hand_id)
            engine_steps = [step for step in review.steps if step.engine_event]
            for count, step in enumerate(engine_steps, start=1):
                if count not in seen:
                    continue  # a command that made several events (the deal) showed only the last
                pots, total, stacks, status = seen[count]
                assert step.pots == pots, f"hand {hand_id}, event {count}: review {step.pots}, window {pots}"
                assert step.pot == total, f"hand {hand_id}, event {count}"
                assert tuple(sorted(step.stacks.items())) == stacks, f"hand {hand_id}, event {count}"
                assert step.status == status, f"hand {hand_id}, event {count}"
                compared += 1
            assert review.status == seen[max(seen)][3]
            if hand_id == max(views):
                assert review.hand.run_count == 2 and review.hand.returned_uncalled == {3: 70}
        assert compared >= 30
        statuses = {hand_status for seen in views.values() for *_, hand_status in seen.values()}
        assert statuses == {"open", "complete", "misdealt"}


def test_the_all_in_hand_shows_side_pots_two_runs_and_the_returned_excess(
        played: tuple[Path, dict[int, dict[int, Shown]], dict[int, list[str]]]) -> None:
    """The third hand (button seat 3 after the first hand; misdeals keep it): the three all-ins leave a main pot and
    a side pot, and seat 3's uncalled part is back in its stack on the street it became uncalled."""
    _, views, _ = played
    third = views[max(views)]
    pots = [shown[0] for shown in third.values() if shown[3] == "open" and len(shown[0]) == 2]
    assert pots, "no side pot shown"
    final = third[max(third)]
    assert final[3] == "complete" and final[0] == ()


def test_the_store_listing_says_what_the_window_says(played: tuple[Path, dict[int, dict[int, Shown]], dict[int, list[str]]]) -> None:
    """``dealer-console floor hands`` lists a hand settled on the felt as complete, not open, before the next hand starts."""
    _, _, listed = played
    for hand_id, pairs in listed.items():
        for pair in pairs:
            store_says, window_says = pair.split("=")
            assert store_says == window_says, f"hand {hand_id}: {pairs}"


def test_the_uncalled_excess_shows_returned_in_the_live_session_on_the_street_it_became_uncalled() -> None:
    """SPEC, All-in, side pots: the uncalled part returns to its owner, on the felt as soon as it is uncalled.
    Stacks 40, 150, 80, button seat 1: seat 1 all-in 40, seat 3 all-in 150, seat 5 calls all-in for 80; seat 3's
    70 is back in its stack and out of the middle (200) before the flop, and still on the flop."""
    session = TableSession(template(), deck_for_hand=lambda _: stacked_deck(""))
    assert session.start_hand() and session.deal_hole_cards()
    assert session.all_in() and session.all_in() and session.call()
    for street in ("pre-flop", "flop"):
        stacks = {state.seat: state.stack for state in session.seat_states()}
        assert stacks == {1: 0, 3: 70, 5: 0}, street
        assert session.hand is not None
        shown = pots_shown(session.hand)
        assert (shown.total, shown.returned) == (200, ((3, 70),)), street
        assert "Seat 3 got back 70 uncalled" in shown.lines()
        for seat in session.runs_choosers():
            assert session.choose_runs(seat, 1)
        assert session.deal_board()
