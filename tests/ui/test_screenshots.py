"""The main states render offscreen to whole pictures (written to a temporary folder: `python -m tests.ui.screenshots`
regenerates docs/screenshots/)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.conftest import make_session


def test_screenshots_of_preflop_oklahoma_discard_and_all_in_runs(open_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Each state renders to a non-empty image of the window's size (the pictures are for people to read)."""
    shots = tmp_path
    session = make_session("OK", {1: 200, 3: 200, 5: 200, 7: 200, 8: 200}, button=1)
    window = open_window(session)
    session.start_hand()
    session.deal_hole_cards()
    assert window.grab().save(str(shots / "preflop.png"))
    for _ in range(4):
        session.call()
    session.check()
    session.deal_board()
    session.discard(0)
    assert window.grab().save(str(shots / "oklahoma-discard.png"))
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
    assert window.grab().save(str(shots / "all-in-two-runs.png"))
    while runs.showdown_seats():
        runs.show(runs.showdown_seats()[0])
    assert window.grab().save(str(shots / "showdown-result.png"))
    deck = "Ac 2c Kd Kh  As Ad Qs Qd  Jh Th 9h 8h  Ah 3d 5s  Jd Js 2d  7c 4s  Kc 6h"
    side = make_session("DBO/8", {1: 100, 3: 30, 5: 100}, button=1, deck=deck, structure="no-limit")
    window.close()
    window = open_window(side)
    side.start_hand()
    side.deal_hole_cards()
    side.call()
    side.all_in()
    side.call()
    side.call()
    side.deal_board()
    side.deal_board()
    side.wager(20)
    side.call()
    for _street in ("turn", "river"):
        side.deal_board()
        side.deal_board()
        side.check()
        side.check()
    while side.showdown_seats():
        side.show(side.showdown_seats()[0])
    assert side.hand is not None and side.hand.stacks == {1: 115, 3: 22, 5: 93}, "the double-board hand of test_play_hands"
    assert "Side pot" in window.felt.pots.text()
    assert window.grab().save(str(shots / "showdown-side-pots.png"))
    for name in ("preflop", "oklahoma-discard", "all-in-two-runs", "showdown-result", "showdown-side-pots"):
        assert (shots / f"{name}.png").stat().st_size > 10_000


def test_screenshot_of_the_camera_panel(qtbot, open_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The demo table's devices on the flop: the synthetic camera's picture read by the taught-deck reader, each card outlined
    with its confidence; the threshold is raised to 0.9 so that doubtful reads show the dealer's confirm-or-correct rows
    (issue 7, Done when 3: "the camera panel")."""
    from dealer_console.live.demo_devices import DemoDevices
    from dealer_console.live.zones import Zone

    shots = tmp_path
    session = make_session("O", {1: 200, 3: 200, 5: 200}, button=1)
    with DemoDevices(session, workdir=tmp_path, threshold=0.9, camera_interval=0.05) as devices:
        window = open_window(session)
        window.attach_devices(devices.hub)
        session.start_hand()
        session.deal_hole_cards()
        for _ in range(3):  # each player's chips are read, then accepted: call, call, check
            qtbot.waitUntil(lambda: window.sensor_panel.shown is not None and window.sensor_panel.shown.seat == session.hand.actor,
                            timeout=10_000)
            assert devices.hub.accept_proposal(window.sensor_panel.shown)
        panel = window.camera_panel
        qtbot.waitUntil(lambda: panel.view is not None and len(panel.view.zone(Zone.of_board(0))) == 3, timeout=20_000)
        qtbot.waitUntil(lambda: window.sensor_panel.board_states() == {"zones": "connected"}, timeout=10_000)
        assert not panel.picture.pixmap().isNull()
        qtbot.waitUntil(lambda: len(panel.rows) == len(panel.view.waiting()) and all(row.isVisible() for row in panel.rows), timeout=5000)
        assert panel.grab().save(str(shots / "camera-panel.png"))
        assert window.grab().save(str(shots / "table-with-devices.png"))
        window.close()
    for name in ("camera-panel", "table-with-devices"):
        assert (shots / f"{name}.png").stat().st_size > 10_000
