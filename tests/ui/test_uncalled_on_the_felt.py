"""The uncalled excess shows returned on the felt on the street it became uncalled.

Source: SPEC, All-in, side pots, extra boards, showdown ("an uncalled part of a bet returns to its
owner"); omaha-club-rules.txt, ALL-IN (the bigger stack "gets change"). Table as in
``test_play_hands``: blinds 1/2 (no-limit here), button seat 1, seat 3 small blind, seat 5 big blind,
seat 1 first pre-flop.
"""

from __future__ import annotations

from tests.ui.conftest import make_session


def test_the_uncalled_excess_shows_returned_on_the_felt_on_the_street_it_became_uncalled(open_window) -> None:  # type: ignore[no-untyped-def]
    """Stacks 40, 150, 80. Seat 1 all-in 40, seat 3 all-in 150, seat 5 calls all-in for 80: seat 5 was the last
    who could call, so seat 3's 150 - 80 = 70 goes back at once. By hand: middle 40 + 80 + 80 = 200, main pot
    3 x 40 = 120 (seats 1, 3, 5), side pot 2 x 40 = 80 (seats 3, 5); seat 3's stack 70, before the flop and after it."""
    session = make_session("O", {1: 40, 3: 150, 5: 80}, button=1, structure="no-limit")
    window = open_window(session)
    session.start_hand()
    session.deal_hole_cards()
    assert session.all_in() and session.all_in()
    pots = window.felt.pots.text()
    assert "Total in the middle 192" in pots  # 40 + 150 + the big blind 2 before seat 5 acts: not yet uncalled
    assert window.felt.seats[3].stack_label.text() == "0"
    assert session.call()
    for street in ("pre-flop", "flop"):
        pots = window.felt.pots.text()
        assert "Total in the middle 200" in pots, f"{street}: {pots}"
        assert "Main pot 120: seats 3, 5, 1" in pots and "Side pot 1 80: seats 3, 5" in pots, f"{street}: {pots}"
        assert window.felt.seats[3].stack_label.text() == "70", street
        for seat in session.runs_choosers():
            session.choose_runs(seat, 1)
        assert session.deal_board()
