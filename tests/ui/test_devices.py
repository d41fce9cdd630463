"""Hands played at the demo table with its devices: bets read from chips, board cards read by the camera.

Sources: issue 7, Done when 2 ("camera readings and bet-zone readings flow into the hand, a
low-confidence card waits for confirmation, an unplugged sensor board shows and recovers"); SPEC,
Inputs ("A reading below the confidence threshold is never applied silently: it is shown to the
dealer to confirm or correct"; "every device is an aid, never required"); SPEC, Rules and
guardrails, "Bets read from chips" (a raise is confirmed by the dealer; a call read from chips is
proposed); drivers/PROTOCOL.md, Liveness and reconnection (an unplugged board is reported
disconnected and picked up again under the same name).

Every test runs the real sensor board driver against the simulator over a real pseudo-terminal,
and the synthetic camera over the demo felt. Most tests read the cards with a recognizer that
knows what the synthetic camera laid (so that they prove the console's handling, not the
recognizer's accuracy); one runs the taught-deck recognizer of ``vision/``.

Table for the hands: Omaha pot-limit, blinds 1/2, seats 1, 3 and 5 with 100 each, button on seat 1:
seat 3 posts the small blind, seat 5 the big blind, seat 1 acts first pre-flop, seat 3 first after
the flop. Cards are dealt from seat 3.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dealer_console.engine.cards import Card, parse_card
from dealer_console.live.camera_reads import RED, CardStatus, Sighting
from dealer_console.live.demo_devices import DemoDevices, FeltCards
from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.table_session import TableSession
from dealer_console.live.zones import Zone
from drivers.board import BoardConfig
from drivers.simulator.process import SimulatorProcess
from tests.ui.conftest import make_session
from tests.ui.test_play_hands import key

WAIT_MS = 10_000

# seat 3: As Ad 2c 3d; seat 5: 7h 8h 9s Tc; seat 1: Qs Js 4h 5h; then the deck's next cards 6c 2s 8c...
DECK = "As Ad 2c 3d  7h 8h 9s Tc  Qs Js 4h 5h  6c 2s 8c 9c Td"


def card(text: str) -> Card:
    """One named card."""
    found = parse_card(text)
    assert found is not None
    return found


class KnownRecognizer:
    """Reads what the synthetic camera laid, with the confidences a test chooses (not the point of these tests: vision's own tests are).

    ``low``: cards read below the threshold; ``misread``: a card read as another (with ``low`` if it is in it);
    every other card is read at 0.97.
    """

    def __init__(self) -> None:
        self.low: dict[str, float] = {}
        self.misread: dict[str, str] = {}

    def __call__(self, frame: Any) -> list[Sighting]:
        sightings = []
        for laid, quad in frame.truth:
            name = str(laid)
            read = card(self.misread.get(name, name))
            confidence = self.low.get(name, 0.97)
            sightings.append(Sighting(read if confidence >= 0.6 else None, read, confidence, quad))
        return sightings


@pytest.fixture
def demo_table(qtbot, open_window, tmp_path: Path) -> Iterator[Callable[..., tuple[TableSession, DemoDevices, Any]]]:  # type: ignore[no-untyped-def]
    """Open the window on a stacked demo table with its devices docked; the devices stop after the test."""
    started: list[DemoDevices] = []

    def opener(*, recognizer: Any = None, deck: str = DECK) -> tuple[TableSession, DemoDevices, Any]:
        session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=deck)
        devices = DemoDevices(session, workdir=tmp_path, recognizer=recognizer, camera_interval=0.05, recheck=0.1)
        started.append(devices.start())
        window = open_window(session)
        window.attach_devices(devices.hub)
        qtbot.waitUntil(lambda: window.sensor_panel.board_states() == {"zones": "connected"}, timeout=WAIT_MS)
        return session, devices, window

    yield opener
    for devices in started:
        devices.stop()


def accept_read_bet(qtbot, window, seat: int, action: str, *, by_key: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Wait until the chips of ``seat`` (the seat to act) propose ``action``, then accept it (key Y or a click)."""
    panel = window.sensor_panel

    def proposed() -> bool:
        shown = panel.accept.property("seat"), panel.accept.property("action")
        return window.session.hand.actor == seat and shown == (seat, action) and not panel.accept.isHidden()

    qtbot.waitUntil(proposed, timeout=WAIT_MS)
    before = len(window.session.hand.events)
    if by_key:
        key(qtbot, window, "Y")
    else:
        qtbot.mouseClick(panel.accept, Qt.MouseButton.LeftButton)
    assert len(window.session.hand.events) == before + 1, window.notification_area.messages()[:3]


def board_read(devices: DemoDevices, count: int) -> Callable[[], bool]:
    """The camera reads ``count`` cards on the board."""
    return lambda: (view := devices.hub.camera_view()) is not None and len(view.zone(Zone.of_board(0))) == count


def test_a_demo_hand_takes_its_bets_from_the_chips_and_its_board_from_the_camera(qtbot, demo_table) -> None:  # type: ignore[no-untyped-def]
    """Bets read from chips are accepted with Y (a bet put out by hand is proposed as read); the flop is the cards the camera
    reads on the felt, not the deck's; a turn read below the threshold is refused until the dealer confirms it, and a river
    read low as the wrong card is corrected; the hands shown are read on their seats and agree.

    By hand: everyone puts in 2 pre-flop (pot 6); on the flop Kc Kd Kh seat 5 bets 4, seats 1 and 3 call (pot 18); checks to
    showdown on Kc Kd Kh 6c 2s: seat 3's As Ad with the three kings (kings full of aces) beats seat 5's and seat 1's three kings.
    Stacks: seat 3 100 - 6 + 18 = 112, seats 1 and 5 94. The seat to act is lit on the sensor board (SPEC, Inputs).
    """
    recognizer = KnownRecognizer()
    session, devices, window = demo_table(recognizer=recognizer)
    session.start_hand()
    qtbot.waitUntil(lambda: window.sensor_panel.button_label.text() == "Button: seat 1, as the sensor sees it", timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert session.hand.hole_cards(3) == tuple(card(c) for c in "As Ad 2c 3d".split())
    # the seat to act is lit on the sensor board ("action on seat 1"), the others not
    qtbot.waitUntil(lambda: {seat for seat, mode in devices.simulator.lights.items() if mode == "ON"} == {1}, timeout=WAIT_MS)
    accept_read_bet(qtbot, window, 1, "call")
    qtbot.waitUntil(lambda: {seat for seat, mode in devices.simulator.lights.items() if mode == "ON"} == {3}, timeout=WAIT_MS)
    accept_read_bet(qtbot, window, 3, "call", by_key=False)
    accept_read_bet(qtbot, window, 5, "check")

    # the dealer lays three kings (not the deck's 6c 2s 8c): the board is what the camera reads
    qtbot.waitUntil(board_read(devices, 3), timeout=WAIT_MS)
    devices.felt.lay(FeltCards([[card("Kc"), card("Kd"), card("Kh")]]))
    qtbot.waitUntil(lambda: [r.card for r in devices.hub.camera_view().zone(Zone.of_board(0))] == [card("Kc"), card("Kd"), card("Kh")],
                    timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert session.hand.boards() == ((card("Kc"), card("Kd"), card("Kh")),)
    assert not {card("Kc"), card("Kd"), card("Kh")} & set(session.upcoming_cards(52)), "the camera's cards left the deck"

    accept_read_bet(qtbot, window, 3, "check")
    devices.simulate("zone 5 4 1x4")  # seat 5 puts out a bet of 4
    accept_read_bet(qtbot, window, 5, "bet")
    assert session.hand.bets[5] == 4
    accept_read_bet(qtbot, window, 1, "call")
    accept_read_bet(qtbot, window, 3, "call")

    # the turn (6c, the deck's next card) is read at 35 %: it waits for the dealer
    recognizer.low["6c"] = 0.35
    qtbot.waitUntil(board_read(devices, 4), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: len(window.camera_panel.rows) == 1 and window.camera_panel.rows[0].isVisible(), timeout=WAIT_MS)
    waiting = window.camera_panel.rows[0]
    assert waiting.read.status is CardStatus.LOW and "6♣? 35 %" in waiting.label.text()
    key(qtbot, window, "D")
    assert len(session.hand.boards()[0]) == 3, "a card below the threshold was dealt without the dealer"
    assert "confirm or correct" in window.notification_area.messages()[0]
    key(qtbot, window, "V")  # the dealer confirms the guess shown
    qtbot.waitUntil(lambda: not window.camera_panel.rows, timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert session.hand.boards()[0][3] == card("6c")

    # the river 2s is read low as 3s: the dealer corrects it to 2s
    recognizer.misread["2s"] = "3s"
    recognizer.low["2s"] = 0.4
    for seat in (3, 5, 1):
        accept_read_bet(qtbot, window, seat, "check")
    qtbot.waitUntil(lambda: len(window.camera_panel.rows) == 1 and window.camera_panel.rows[0].isVisible(), timeout=WAIT_MS)
    row = window.camera_panel.rows[0]
    assert row.choice.currentData() == card("3s")
    row.choice.setCurrentIndex(card("2s").index)
    qtbot.mouseClick(row.confirm, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: [r.status for r in devices.hub.camera_view().zone(Zone.of_board(0))][-1] is CardStatus.CONFIRMED, timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert session.hand.boards()[0] == tuple(card(c) for c in "Kc Kd Kh 6c 2s".split())

    for seat in (3, 5, 1):
        accept_read_bet(qtbot, window, seat, "check")
    while session.showdown_seats():
        key(qtbot, window, "S")
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 94, 3: 112, 5: 94}
    # the hands shown lie on their seats and the camera agrees with the hand
    qtbot.waitUntil(lambda: all(len(devices.hub.camera_view().zone(Zone.of_seat(seat))) == 4 for seat in (1, 3, 5)), timeout=WAIT_MS)
    view = devices.hub.camera_view()
    assert {str(read.zone) for read in view.reads} == {"board 1", "seat 1", "seat 3", "seat 5"}
    assert all(read.status is CardStatus.CONFIDENT for read in view.reads if read.zone.is_seat), view.reads
    assert not [read for read in view.reads if read.status in RED], "nothing on the felt disagrees with the hand"
    assert not view.waiting(), "the doubtful 6c and 2s are dealt: they wait for nobody"


def test_duplicate_and_disagreeing_camera_readings_are_red_and_refused(qtbot, demo_table) -> None:  # type: ignore[no-untyped-def]
    """A flop card read as a card in a seat's hand is a duplicate; a dealt board card the camera now reads as another card
    disagrees: both show in red, with words, and the deal is refused until the felt is right (SPEC, Inputs)."""
    recognizer = KnownRecognizer()
    session, devices, window = demo_table(recognizer=recognizer)
    session.start_hand()
    key(qtbot, window, "D")
    for seat, action in ((1, "call"), (3, "call"), (5, "check")):
        accept_read_bet(qtbot, window, seat, action)
    recognizer.misread["8c"] = "As"  # the flop is 6c 2s 8c; 8c is read as seat 3's As
    qtbot.waitUntil(lambda: any(r.status is CardStatus.DUPLICATE for r in devices.hub.camera_view().reads), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.camera_panel.problems.isVisibleTo(window.camera_panel), timeout=WAIT_MS)
    assert "A♠ is in seat 3's hand" in window.camera_panel.problems.text()
    key(qtbot, window, "D")
    assert session.hand.boards()[0] == ()
    assert "A♠ is in seat 3's hand" in window.notification_area.messages()[0]
    recognizer.misread.clear()
    qtbot.waitUntil(lambda: not window.camera_panel.problems.isVisibleTo(window.camera_panel), timeout=WAIT_MS)
    # the place read As, now 8c: offered once read the same over the camera's frames in a row (docs/ui.md, Devices)
    qtbot.waitUntil(lambda: [r.card for r in devices.hub.camera_view().zone(Zone.of_board(0))] == [card(c) for c in "6c 2s 8c".split()],
                    timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert session.hand.boards()[0] == tuple(card(c) for c in "6c 2s 8c".split())

    recognizer.misread["2s"] = "7d"  # the dealt 2s is now read as 7d
    qtbot.waitUntil(lambda: any(r.status is CardStatus.DISAGREES for r in devices.hub.camera_view().reads), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "the camera reads 7♦, the hand has 2♠ there" in window.camera_panel.problems.text(), timeout=WAIT_MS)
    for _ in (3, 5, 1):
        key(qtbot, window, "K")
    qtbot.waitUntil(board_read(devices, 4), timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert len(session.hand.boards()[0]) == 3
    assert "the hand has 2♠ there" in window.notification_area.messages()[0]


def test_the_taught_deck_reader_reads_the_flop_from_the_synthetic_camera(qtbot, demo_table) -> None:  # type: ignore[no-untyped-def]
    """The real path: the synthetic camera's picture of the felt, read by vision's taught-deck recognizer. Whatever it reads
    confidently is right (never a confident misread on this clean felt), whatever it doubts waits for the dealer, who names
    the card on the felt; then the flop dealt is the one on the felt."""
    session, devices, window = demo_table()
    session.start_hand()
    key(qtbot, window, "D")
    for seat, action in ((1, "call"), (3, "call"), (5, "check")):
        accept_read_bet(qtbot, window, seat, action)
    laid = list(session.upcoming_cards(3))
    qtbot.waitUntil(board_read(devices, 3), timeout=WAIT_MS * 2)
    view = devices.hub.camera_view()
    for read, truth in zip(view.zone(Zone.of_board(0)), laid, strict=True):
        assert read.status in (CardStatus.CONFIDENT, CardStatus.LOW), read
        if read.status is CardStatus.CONFIDENT:
            assert read.card == truth, f"confident misread: {read.card} for {truth}"
        else:
            devices.hub.confirm_card(read, truth)
    qtbot.waitUntil(lambda: not window.camera_panel.rows, timeout=WAIT_MS)
    key(qtbot, window, "D")
    assert session.hand.boards()[0] == tuple(laid)


@pytest.fixture
def simulator(tmp_path: Path) -> Iterator[Callable[[], SimulatorProcess]]:
    """Start ``python -m drivers.simulator --link <tmp>/zones`` processes; every one is closed after the test."""
    started: list[SimulatorProcess] = []

    def start() -> SimulatorProcess:
        started.append(SimulatorProcess(tmp_path / "zones", heartbeat_ms=100))
        return started[-1]

    yield start
    for process in started:
        process.close()


def test_an_unplugged_sensor_board_shows_and_the_table_recovers_when_it_returns(qtbot, open_window, simulator, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The button sensor disagreeing with the console shows both seats. The simulator process is killed mid-hand (the board
    unplugged): the panel says "unplugged", the notification area
    says why, the dealer plays on with the keys; a new simulator on the same name is picked up and its chips flow into the
    hand again (drivers/PROTOCOL.md, Liveness and reconnection; SPEC: every device is an aid, never required).

    By hand: seat 1 calls 2 (read from chips), seat 3 calls by key, seat 5 checks by key; on the flop 6c 2s 8c seat 3 bets 2
    (read from the new board's chips), seat 5 calls by key although its zone shows nothing (a warning with both figures,
    drivers' console rules), seat 1 folds; checked to the river 9c Td: seat 5's 7h Tc with 6c 8c 9c (a straight to the ten)
    beats seat 3's aces and takes 10. Stacks: seat 1 98, seat 3 96, seat 5 106.
    """
    board = simulator()
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
    hub = DeviceHub(session, boards=[BoardConfig(name="zones", url=str(tmp_path / "zones"), heartbeat_timeout=0.5)])
    window = open_window(session)
    with hub:
        window.attach_devices(hub)
        panel = window.sensor_panel
        qtbot.waitUntil(lambda: panel.board_states() == {"zones": "connected"}, timeout=WAIT_MS)
        session.start_hand()
        # the button puck is seen on seat 4 while the console has it on seat 1: the panel says both, in red
        board.command("button 4")
        qtbot.waitUntil(lambda: panel.button_label.property("agrees") is False, timeout=WAIT_MS)
        assert panel.button_label.text() == "Button: seat 1 for the console, the sensor sees it on seat 4"
        board.command("button 1")
        qtbot.waitUntil(lambda: panel.button_label.property("agrees") is True, timeout=WAIT_MS)
        key(qtbot, window, "D")
        board.command("zone 1 2 1x2")
        accept_read_bet(qtbot, window, 1, "call")

        hellos = sum("Sensor board zones: connected (HELLO" in m for m in window.notification_area.messages())
        board.process.kill()
        board.process.wait(5)
        qtbot.waitUntil(lambda: panel.board_states() == {"zones": "unplugged"}, timeout=WAIT_MS)
        assert "background: #b00000" in panel.board_labels["zones"].styleSheet()
        # the notice comes on its own event, after the panel's state: waited for, not assumed in the same turn
        qtbot.waitUntil(lambda: any(m.startswith("Warning: Sensor board zones: disconnected")
                                    for m in window.notification_area.messages()), timeout=WAIT_MS)
        assert hub.proposal() is None, "a vanished board's readings are stale"
        key(qtbot, window, "C")
        key(qtbot, window, "K")
        key(qtbot, window, "D")

        board = simulator()
        qtbot.waitUntil(lambda: panel.board_states() == {"zones": "connected"}, timeout=WAIT_MS)
        # the board's state and its notice reach the screen separately: wait for the notice too
        qtbot.waitUntil(lambda: sum("Sensor board zones: connected (HELLO" in m for m in window.notification_area.messages())
                        == hellos + 1, timeout=WAIT_MS)
        board.command("zone 3 2 1x2")
        accept_read_bet(qtbot, window, 3, "bet")
        # seat 5's zone shows nothing, the dealer keys a call: a warning with both figures, and the seat's row differs
        board.command("zone 5 0")
        qtbot.waitUntil(lambda: hub.sensors.zone(5) is not None, timeout=WAIT_MS)
        key(qtbot, window, "C")
        assert "Warning: Seat 5: the dealer entered call for 2, the bet zone shows 0" in window.notification_area.messages()
        row = next(r for r in range(panel.table.rowCount()) if panel.table.item(r, 0).text() == "5")
        assert [panel.table.item(row, c).text() for c in (2, 3, 5)] == ["0", "2", "DIFFERS"]
        key(qtbot, window, "F")
        for _ in range(2):  # turn and river: checked through
            key(qtbot, window, "D")
            key(qtbot, window, "K")
            key(qtbot, window, "K")
        while session.showdown_seats():
            key(qtbot, window, "S")
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 98, 3: 96, 5: 106}


def test_a_recorded_table_takes_the_camera_flop_on_its_recorder_thread(qtbot, open_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """With the event store the commands run on the recorder's thread (docs/ui.md, Database work and the UI thread): the
    bets accepted from chips and the flop read by the camera are recorded, the camera's cards asked for on that thread,
    and the stored flop is the one on the felt (issue 4: an event is committed before the console shows its effect)."""
    import threading

    from dealer_console.config import StoreSettings
    from dealer_console.live.tables import demo_session
    from dealer_console.store import Store

    with Store.open(f"sqlite:///{tmp_path / 'table.sqlite3'}", settings=StoreSettings()) as store:
        session = demo_session(game="O", seed=11, players=3, store=store)
        with DemoDevices(session, workdir=tmp_path, recognizer=KnownRecognizer(), camera_interval=0.05, recheck=0.1) as devices:
            asked_on: list[str] = []
            hook = session.board_cards
            assert hook is not None
            session.board_cards = lambda target, count: (asked_on.append(threading.current_thread().name), hook(target, count))[1]
            window = open_window(session)
            window.attach_devices(devices.hub)
            session.start_hand()
            qtbot.waitUntil(lambda: not session.busy and session.hand is not None, timeout=WAIT_MS)
            key(qtbot, window, "D")
            qtbot.waitUntil(lambda: not session.busy and session.hand.actor is not None, timeout=WAIT_MS)
            while session.next_board() is None:
                seat = session.hand.actor
                qtbot.waitUntil(lambda seat=seat: window.sensor_panel.accept.property("seat") == seat, timeout=WAIT_MS)
                key(qtbot, window, "Y")
                qtbot.waitUntil(lambda seat=seat: not session.busy and session.hand.actor != seat, timeout=WAIT_MS)
            laid = list(session.upcoming_cards(3))
            qtbot.waitUntil(lambda: [r.card for r in devices.hub.camera_view().zone(Zone.of_board(0))] == laid, timeout=WAIT_MS)
            key(qtbot, window, "D")
            qtbot.waitUntil(lambda: not session.busy and len(session.hand.boards()[0]) == 3, timeout=WAIT_MS)
            assert list(session.hand.boards()[0]) == laid
            assert asked_on and set(asked_on) != {threading.current_thread().name}, asked_on
            window.close()
        [table] = store.tables()
        dealt = [event.payload for event in store.events(table.id) if event.kind == "board"]
    assert [payload["cards"] for payload in dealt] == ["".join(str(c) for c in laid)], dealt


def test_double_board_streets_come_from_their_own_rows_of_the_camera(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Double-board Omaha (SPEC, Games): the upper row of the board area is board 1, the lower board 2; each street of each
    board is the new cards the camera reads in its own row, and a card read twice across the boards is refused."""
    session = make_session("DBO", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
    recognizer = KnownRecognizer()
    with DemoDevices(session, workdir=tmp_path, recognizer=recognizer, camera_interval=0.05, recheck=0.1) as devices:
        session.start_hand()
        session.deal_hole_cards()
        session.call()
        session.call()
        session.check()
        for street in range(3):
            for board in (1, 2):
                target = session.next_board()
                assert target is not None and target.board == board - 1
                boards = session.hand.boards()
                dealt = boards[board - 1] if len(boards) >= board else ()
                expected = [*dealt, *session.upcoming_cards(3 if street == 0 else 1)]
                qtbot.waitUntil(lambda board=board, expected=expected: [r.card for r in devices.hub.camera_view().zone(Zone.of_board(board - 1))]
                                == expected, timeout=WAIT_MS)
                if (street, board) == (1, 2):
                    recognizer.misread[str(expected[-1])] = str(session.hand.boards()[0][0])  # read as board 1's first card
                    qtbot.waitUntil(lambda: any(r.status is CardStatus.DUPLICATE for r in devices.hub.camera_view().reads),
                                    timeout=WAIT_MS)
                    assert not session.deal_board()
                    recognizer.misread.clear()
                    qtbot.waitUntil(lambda board=board, expected=expected: [
                        r.card for r in devices.hub.camera_view().zone(Zone.of_board(board - 1))] == expected, timeout=WAIT_MS)
                assert session.deal_board()
                assert list(session.hand.boards()[board - 1]) == expected
            if street < 2:
                for _ in range(3):
                    session.check()
    first, second = session.hand.boards()
    assert len(first) == len(second) == 5 and not set(first) & set(second)
