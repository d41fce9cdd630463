"""Screenshots of the main states, written offscreen under docs/screenshots/ (issue 7, Done when 3)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.conftest import make_session

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_screenshots_of_preflop_oklahoma_discard_and_all_in_runs(open_window) -> None:  # type: ignore[no-untyped-def]
    """Each state renders to a non-empty image of the window's size (the pictures are for people to read)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    session = make_session("OK", {1: 200, 3: 200, 5: 200, 7: 200, 8: 200}, button=1)
    window = open_window(session)
    session.start_hand()
    session.deal_hole_cards()
    assert window.grab().save(str(SHOTS / "preflop.png"))
    for _ in range(4):
        session.call()
    session.check()
    session.deal_board()
    session.discard(0)
    assert window.grab().save(str(SHOTS / "oklahoma-discard.png"))
    deck = "6h 6d 7c 7d  As Ah Ac Ad  2c 3c 4d 5d  Ks Kh Qs Qh Jd Jc Td 9s 8h 8c"
    runs = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=deck, structure="no-limit")
    window.close()
    window = open_window(runs)
    runs.start_hand()
    runs.deal_hole_cards()
    runs.all_in()
    runs.fold()
    runs.call()
    runs.choose_runs(5, 2)
    runs.choose_runs(1, 2)
    while runs.next_board() is not None:
        runs.deal_board()
    assert window.grab().save(str(SHOTS / "all-in-two-runs.png"))
    while runs.showdown_seats():
        runs.show(runs.showdown_seats()[0])
    assert window.grab().save(str(SHOTS / "showdown-result.png"))
    for name in ("preflop", "oklahoma-discard", "all-in-two-runs", "showdown-result"):
        assert (SHOTS / f"{name}.png").stat().st_size > 10_000
