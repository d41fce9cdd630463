"""Hole cards dealt face down and named by the camera at the showdown; extra runs dealt from the camera's rows.

Sources: SPEC, Inputs ("A reading below the confidence threshold is never applied silently: it is
shown to the dealer to confirm or correct"; "every device is an aid, never required"); SPEC, Extra
boards (each run is dealt; "the pot is divided equally among the runs"; Splitting: "an odd chip goes
... to the first run/board"); SPEC, Showdown order (no bet on the last round: the first seat left
of the button shows first); issue 7 ("readings below the threshold wait for the dealer to confirm
or correct; duplicate and disagreeing readings in red").

At a real table the dealer deals the hole cards face down: the console records them unseen and
its deck is not the cards in play, so the cards a player tables are the cards the camera reads in
front of the seat. The tests run the real sensor board driver against the simulator over a real
pseudo-terminal and the synthetic camera over the demo felt, read by a recognizer that knows what
the camera laid, with the confidences a test chooses (tests/ui/test_devices.py: the console's
handling, not the recognizer's accuracy, is the point here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dealer_console.engine.hand import Phase
from dealer_console.live.camera_reads import CardStatus
from dealer_console.live.demo_devices import DemoDevices
from dealer_console.live.table_session import TableSession
from dealer_console.live.zones import Zone
from tests.ui.conftest import make_session
from tests.ui.test_devices import DECK, WAIT_MS, KnownRecognizer, card
from tests.ui.test_play_hands import key


def cards(text: str) -> tuple[Any, ...]:
    """Named cards in order."""
    return tuple(card(part) for part in text.split())


@pytest.fixture
def table(qtbot, open_window, tmp_path: Path) -> Iterator[Callable[..., tuple[TableSession, DemoDevices, KnownRecognizer, Any]]]:  # type: ignore[no-untyped-def]
    """Open the window on a stacked demo table (seats 1, 3 and 5 with 100, button on seat 1) with its devices docked."""
    started: list[DemoDevices] = []

    def opener(*, deck: str = DECK, structure: str = "pot-limit") -> tuple[TableSession, DemoDevices, KnownRecognizer, Any]:
        recognizer = KnownRecognizer()
        session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=deck, structure=structure)
        devices = DemoDevices(session, workdir=tmp_path, recognizer=recognizer, camera_interval=0.05, recheck=0.1)
        started.append(devices.start())
        window = open_window(session)
        window.attach_devices(devices.hub)
        qtbot.waitUntil(lambda: window.sensor_panel.board_states() == {"zones": "connected"}, timeout=WAIT_MS)
        return session, devices, recognizer, window

    yield opener
    for devices in started:
        devices.stop()


def reads(devices: DemoDevices, zone: Zone) -> list[Any]:
    """The cards the console makes of the camera's reads in ``zone`` (``None`` for a card waiting for the dealer)."""
    view = devices.hub.camera_view()
    return [] if view is None else [read.card for read in view.zone(zone)]


def test_face_down_hole_cards_are_named_by_the_camera_when_each_player_shows(qtbot, table) -> None:  # type: ignore[no-untyped-def]
    """A real table: the hole cards are recorded unseen and the hand goes to the showdown without them. Each player's hand is
    the cards the camera reads in front of the seat: a card read below the threshold waits for the dealer (V), a card read
    as one already tabled is red and the show refused, and seat 1 tables other cards than the console's deck
    dealt it (at a real table the deck is not the cards in play): the camera's cards are the ones that play.

    By hand: everyone puts in 2 pre-flop (pot 6), then checks to the showdown on 6c 2s 8c 9c Td. No bet on the river, so
    seat 3 (first left of the button) shows first, then seat 5, then seat 1 (SPEC, Showdown order). Seat 3's As Ad 2c 3d
    makes a pair of aces, seat 5's 7h Tc with 6c 8c 9c a straight to the ten, seat 1's Kh Kd 4h 5h a pair of kings (the
    deck's Qs Js would have made a straight to the queen and won). Seat 5 takes 6: stacks 98, 98, 104.
    """
    session, devices, recognizer, window = table()
    session.hole_cards_seen = False
    session.start_hand()
    key(qtbot, window, "D")
    assert [session.hand.hole_cards(seat) for seat in (1, 3, 5)] == [(None,) * 4] * 3
    for keys in ("C", "C", "K"):
        key(qtbot, window, keys)
    for _ in range(3):  # flop, turn and river from the camera, checked through
        laid = len(session.hand.boards()[0]) + (3 if not session.hand.boards()[0] else 1)
        qtbot.waitUntil(lambda laid=laid: len(reads(devices, Zone.of_board(0))) == laid, timeout=WAIT_MS)
        key(qtbot, window, "D")
        assert len(session.hand.boards()[0]) == laid, window.notification_area.messages()[:2]
        for keys in ("K", "K", "K"):
            key(qtbot, window, keys)
    assert session.hand.boards()[0] == cards("6c 2s 8c 9c Td")
    assert session.hand.phase is Phase.SHOWDOWN and session.showdown_seats() == (3, 5, 1)

    # seat 3 tables its hand; 2c is read at 40 %: the show waits for the dealer
    recognizer.low["2c"] = 0.4
    qtbot.waitUntil(lambda: len(window.camera_panel.rows) == 1 and str(window.camera_panel.rows[0].read.zone) == "seat 3", timeout=WAIT_MS)
    key(qtbot, window, "S")
    assert session.hand.hole_cards(3) == (None,) * 4, "a card below the threshold was shown without the dealer"
    assert "Cannot show seat 3's hand: card 3: read below 60 % (best guess 2♣): confirm or correct it in the camera panel (V)" \
        in window.notification_area.messages()[0]
    key(qtbot, window, "V")
    qtbot.waitUntil(lambda: not window.camera_panel.rows, timeout=WAIT_MS)
    key(qtbot, window, "S")
    assert session.hand.hole_cards(3) == cards("As Ad 2c 3d")

    # seat 5's 7h is read as the As that seat 3 tabled: red, and the show refused until the camera reads the felt right
    recognizer.misread["7h"] = "As"
    qtbot.waitUntil(lambda: "Seat 5, card 1: A♠ is read twice on the table" in window.camera_panel.problems.text(), timeout=WAIT_MS)
    key(qtbot, window, "S")
    assert session.hand.hole_cards(5) == (None,) * 4
    assert "Cannot show seat 5's hand: card 1: A♠ is read twice on the table" in window.notification_area.messages()[0]
    recognizer.misread.clear()
    qtbot.waitUntil(lambda: reads(devices, Zone.of_seat(5)) == list(cards("7h 8h 9s Tc")), timeout=WAIT_MS)
    key(qtbot, window, "S")
    assert session.hand.hole_cards(5) == cards("7h 8h 9s Tc")

    # seat 1 tables Kh Kd 4h 5h, not the Qs Js 4h 5h the console's deck dealt face down
    assert session.face_down_cards(1) == cards("Qs Js 4h 5h")
    qtbot.waitUntil(lambda: len(reads(devices, Zone.of_seat(1))) == 4, timeout=WAIT_MS)
    felt, _ = devices.felt.cards()
    felt.seats[1] = list(cards("Kh Kd 4h 5h"))
    devices.felt.lay(felt)
    qtbot.waitUntil(lambda: reads(devices, Zone.of_seat(1)) == list(cards("Kh Kd 4h 5h")), timeout=WAIT_MS)
    key(qtbot, window, "S")
    assert session.hand.is_complete, window.notification_area.messages()[:2]
    assert session.hand.hole_cards(1) == cards("Kh Kd 4h 5h")
    assert session.hand.stacks == {1: 98, 3: 98, 5: 104}
    assert not [read for read in devices.hub.camera_view().reads if read.status in (CardStatus.DUPLICATE, CardStatus.DISAGREES)]


def test_face_down_cards_without_a_camera_are_asked_of_the_dealer_and_the_deal_undoes(qtbot) -> None:  # type: ignore[no-untyped-def]
    """No camera reads the cards (every device is an aid): the board is never the console's deck, whose cards are not the
    ones on the felt; a street and a face-down hand are asked of the dealer in words (the window opens its card entry:
    tests/ui/test_card_entry.py), the typed cards play, and a hand can still end with a muck; undoing a face-down deal puts
    its cards back on the deck.

    By hand: seat 1 calls 2, seat 3 folds, seat 5 checks; the dealer types Kh Kd Kc, 3h, 3s and the river is checked;
    seat 5 (first left of the button still in) is asked for its cards, mucks, and seat 1 takes the pot of 5 with its unseen
    cards: stacks 103, 99, 98.
    """
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
    session.hole_cards_seen = False
    notices: list[str] = []
    requests: list[object] = []
    session.subscribe_notices(lambda notice: notices.append(notice.text))
    session.subscribe_card_requests(requests.append)
    session.start_hand()
    assert session.deal_hole_cards()
    assert session.upcoming_cards(3) == cards("6c 2s 8c")
    assert session.undo() and session.undo() and session.undo()
    assert session.upcoming_cards(12) == cards("As Ad 2c 3d 7h 8h 9s Tc Qs Js 4h 5h"), "the unseen cards went back in order"
    assert session.deal_hole_cards()
    assert session.call() and session.fold() and session.check()
    assert not session.deal_board()
    assert notices[-1] == "Type the flop (3 cards): no camera reads the board, and at a table dealt face down the console does not know the deck"
    assert session.hand.boards()[0] == () and session.upcoming_cards(3) == cards("6c 2s 8c")
    assert requests[-1] == replace(session.board_request(), reason="no camera reads the board")
    for street in ("Kh Kd Kc", "3h", "3s"):
        assert session.deal_board(street.split())
        while session.hand.actor is not None:
            assert session.check()
    assert session.hand.boards()[0] == cards("Kh Kd Kc 3h 3s")
    assert session.showdown_seats() == (5, 1)
    assert not session.show(5)
    assert notices[-1] == "Type seat 5's 4 cards: they were dealt face down and no camera reads them"
    assert requests[-1] == replace(session.show_request(), reason="no camera reads them")
    assert session.muck(5)
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 103, 3: 99, 5: 98}


def test_a_second_run_is_dealt_from_its_own_row_of_the_camera(qtbot, table) -> None:  # type: ignore[no-untyped-def]
    """All-in before the flop, run twice (SPEC, Extra boards): the first run is the upper row of the board area, the second
    run's cards the row below it, each street the new cards the camera reads in its run's row. A card of the second run read
    as a card of the first is red and the deal refused; a doubtful card waits for the dealer (V); the second run's flop is
    the felt's, not the deck's.

    By hand (as tests/ui/test_play_hands.py's run twice): seat 1 all-in 100, seat 3 folds its small blind, seat 5 calls:
    pot 201, two runs. Run 1 Ks Kh Qs Qh Jd: seat 5's As Ah with Ks Kh Qs, aces and kings, beat seat 1's pair of kings. Run 2: the
    dealer lays 6s 7s 8d (the deck's next cards were Jc Td 9s), then Jc and Td: seat 1's 4d 5d with 6s 7s 8d is a straight
    to the eight and beats seat 5's pair of aces. Half the pot each, the odd chip to the first run: seat 5 101, seat 1 100,
    seat 3 99.
    """
    deck = "6h 6d 7c 7d  As Ah Ac Ad  2c 3c 4d 5d  Ks Kh Qs Qh Jd Jc Td 9s 8h 8c"
    session, devices, recognizer, window = table(deck=deck, structure="no-limit")
    session.start_hand()
    for keys in ("D", "A", "F", "C", "W", "W"):
        key(qtbot, window, keys)
    assert session.hand.planned_runs() == 2, window.notification_area.messages()[:2]
    for laid in (3, 4, 5):
        qtbot.waitUntil(lambda laid=laid: len(reads(devices, Zone.of_board(0))) == laid, timeout=WAIT_MS)
        key(qtbot, window, "D")
    assert session.hand.boards(0)[0] == cards("Ks Kh Qs Qh Jd")

    # the second run's row: the dealer lays 6s 7s 8d where the deck would have dealt Jc Td 9s
    second = Zone.of_board(0, 1)
    assert str(second) == "board 1, run 2"
    qtbot.waitUntil(lambda: reads(devices, second) == list(cards("Jc Td 9s")), timeout=WAIT_MS)
    felt, _ = devices.felt.cards()
    felt.runs = [[list(cards("6s 7s 8d"))]]
    devices.felt.lay(felt)
    qtbot.waitUntil(lambda: reads(devices, second) == list(cards("6s 7s 8d")), timeout=WAIT_MS)
    assert reads(devices, Zone.of_board(0)) == list(cards("Ks Kh Qs Qh Jd")), "the first run's row stays the first run"
    key(qtbot, window, "D")
    assert session.hand.boards(1)[0] == cards("6s 7s 8d"), window.notification_area.messages()[:2]

    # its turn, Jc, read as the first run's Ks: red, refused
    recognizer.misread["Jc"] = "Ks"
    qtbot.waitUntil(lambda: "Board 1, run 2, card 4: K♠ is read twice on the table" in window.camera_panel.problems.text(),
                    timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert len(session.hand.boards(1)[0]) == 3
    assert "Cannot deal the turn of run 2: run 2, card 4: K♠ is read twice on the table" in window.notification_area.messages()[0]
    recognizer.misread.clear()
    qtbot.waitUntil(lambda: reads(devices, second) == list(cards("6s 7s 8d Jc")), timeout=WAIT_MS)
    key(qtbot, window, "D")
    # its river, Td, read at 30 %: it waits for the dealer
    recognizer.low["Td"] = 0.3
    qtbot.waitUntil(lambda: len(window.camera_panel.rows) == 1 and window.camera_panel.rows[0].read.zone == second, timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert len(session.hand.boards(1)[0]) == 4
    key(qtbot, window, "V")
    qtbot.waitUntil(lambda: not window.camera_panel.rows, timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert session.hand.boards(1)[0] == cards("6s 7s 8d Jc Td")
    while session.showdown_seats():
        key(qtbot, window, "S")
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 100, 3: 99, 5: 101}


def test_three_runs_after_the_flop_share_the_flop_and_take_each_turn_and_river_from_their_rows(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """All-in on the flop, run three times (SPEC, Extra boards): the flop lies once, in the first run's row, and is every
    run's; each run's turn and river are the cards the camera reads in that run's own row, top to bottom.

    By hand (no-limit): pre-flop everyone puts in 2 (pot 6); on the flop 6c 2s 8c seat 3 goes all-in for 98, seat 5 calls,
    seat 1 folds: pot 202, three runs of 67, the odd chip to the first run (SPEC, Splitting). Run 1, 9c Td: seat 5's 7h Tc
    with 6c 8c 9c is a straight to the ten (68 to seat 5). Run 2, 3h Kd: seat 3's 2c 3d with 2s 3h is two pair, threes
    and twos, against seat 5's pair of eights (67 to seat 3). Run 3, Ks Kc: seat 3's As Ad with Ks Kc is aces and kings,
    against seat 5's kings and eights (67 to seat 3). Stacks: seat 1 98, seat 3 134, seat 5 68.
    """
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK + " 3h Kd Ks Kc", structure="no-limit")
    with DemoDevices(session, workdir=tmp_path, recognizer=KnownRecognizer(), camera_interval=0.05, recheck=0.1) as devices:
        session.start_hand()
        assert session.deal_hole_cards() and session.call() and session.call() and session.check()
        qtbot.waitUntil(lambda: reads(devices, Zone.of_board(0)) == list(cards("6c 2s 8c")), timeout=WAIT_MS)
        assert session.deal_board()
        assert session.all_in() and session.call() and session.fold()
        assert session.choose_runs(3, 3) and session.choose_runs(5, 3)
        assert session.hand.planned_runs() == 3
        for run, turn_and_river in enumerate(("9c Td", "3h Kd", "Ks Kc")):
            zone = Zone.of_board(0, run)
            for street in range(2):
                expected = ([*cards("6c 2s 8c")] if run == 0 else []) + list(cards(turn_and_river))[:street + 1]
                qtbot.waitUntil(lambda zone=zone, expected=expected: reads(devices, zone) == expected, timeout=WAIT_MS)
                target = session.next_board()
                assert target is not None and target.run == run
                assert session.deal_board()
            assert session.hand.boards(run)[0] == cards("6c 2s 8c " + turn_and_river)
        view = devices.hub.camera_view()
        assert [zone for zone in sorted({str(read.zone) for read in view.reads}) if zone.startswith("board")] == [
            "board 1", "board 1, run 2", "board 1, run 3"]
        while session.showdown_seats():
            assert session.show(session.showdown_seats()[0])
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 98, 3: 134, 5: 68}


def test_face_down_hole_cards_are_a_devices_setting_with_any_camera_or_none(qtbot, open_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``[devices] hole_cards = "face-down"`` (a real table) is taken with a camera that reads no card, or none (what no camera
    reads, the dealer types: SPEC, Inputs, every device is an aid); a value that is neither setting is refused; with the
    demo's camera the started devices put the table in face-down mode, and the default keeps the console's deck dealing known
    hole cards; with no devices at all the setting holds as well."""
    from dealer_console.config import ConfigError, DeviceSettings, load_settings
    from dealer_console.ui.app import _start_devices

    config = tmp_path / "config.toml"
    for camera in ("0", "none"):
        config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path}"\n[devices]\ncamera = "{camera}"\nhole_cards = "face-down"\n', encoding="utf-8")
        assert load_settings(config, environ={}).devices.hole_cards == "face-down"
    config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path}"\n[devices]\nhole_cards = "face-up"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="hole_cards"):
        load_settings(config, environ={})

    for setting, seen in (("face-down", False), ("known", True)):
        session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
        window = open_window(session)
        devices = _start_devices(session, window, DeviceSettings(hole_cards=setting, sensors="none"))
        assert devices is not None
        try:
            assert session.hole_cards_seen is seen
            session.start_hand()
            session.deal_hole_cards()
            assert (None in session.hand.hole_cards(3)) is not seen
        finally:
            devices.stop()
            window.close()
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
    window = open_window(session)
    assert _start_devices(session, window, DeviceSettings(camera="none", sensors="none", hole_cards="face-down")) is None
    assert not session.hole_cards_seen
    window.close()


def test_an_oklahoma_hand_dealt_face_down_shows_the_two_cards_kept_after_its_discards(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Oklahoma face down (SPEC, Games: a discard after the flop and after the turn): the discards are unseen too, a discard
    undone is back in the player's hand, and at the showdown each player tables the two cards kept, which the camera names.

    By hand: everyone puts in 2 pre-flop (pot 6), then checks on 6c 2s 8c 9c Td. Seat 3 keeps As Ad (a pair of aces), seat
    5 keeps 7h Tc (6c 8c 9c with them: a straight to the ten), seat 1 keeps Qs Js (8c 9c Td with them: a straight to the
    queen) and takes 6: stacks seat 1 104, seats 3 and 5 98.
    """
    session = make_session("OK", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
    session.hole_cards_seen = False
    throws = {3: [3, 2], 5: [1, 1], 1: [3, 2]}  # positions in the hand: seat 3 throws 3d then 2c, seat 5 8h then 9s, seat 1 5h then 4h
    with DemoDevices(session, workdir=tmp_path, recognizer=KnownRecognizer(), camera_interval=0.05, recheck=0.1) as devices:
        session.start_hand()
        assert session.deal_hole_cards() and session.call() and session.call() and session.check()
        undone = False
        while not session.showdown_seats():
            seat = session.discarding_seat()
            if seat is not None:
                if not undone:  # seat 3 throws its As by mistake: undone, the As is back where it was
                    assert seat == 3 and session.discard(0) and session.face_down_cards(3) == cards("Ad 2c 3d")
                    assert session.undo() and session.face_down_cards(3) == cards("As Ad 2c 3d")
                    undone = True
                assert session.discard(throws[seat].pop(0))
                assert session.hand.hole_cards(seat) == (None,) * len(session.face_down_cards(seat))
            elif session.hand.actor is not None:
                assert session.check()
            else:
                count = 3 if not session.hand.boards()[0] else 1
                expected = [*session.hand.boards()[0], *session.upcoming_cards(count)]
                qtbot.waitUntil(lambda expected=expected: reads(devices, Zone.of_board(0)) == expected, timeout=WAIT_MS)
                assert session.deal_board()
        assert [session.face_down_cards(seat) for seat in (3, 5, 1)] == [cards("As Ad"), cards("7h Tc"), cards("Qs Js")]
        for seat in (3, 5, 1):
            assert session.showdown_seats()[0] == seat
            qtbot.waitUntil(lambda seat=seat: reads(devices, Zone.of_seat(seat)) == list(session.face_down_cards(seat)), timeout=WAIT_MS)
            assert session.show(seat)
            assert session.hand.hole_cards(seat) == session.face_down_cards(seat)
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 104, 3: 98, 5: 98}
