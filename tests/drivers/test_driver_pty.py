"""The driver against the simulator in a separate process, over a real pseudo-terminal.

Issue 6, done-when 2: normal play, every injected fault (garbage, bad checksums, split and cut
frames, silence, unplug and replug), each reported by the reader, which recovers. Every wait has
a timeout; the simulator process is always made to quit (or killed).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from drivers import (
    Ack,
    BoardConfig,
    BoardEvent,
    BoardRole,
    BoardState,
    BufferedListener,
    ButtonReading,
    ChipCount,
    DeviceFault,
    FrameError,
    FrameErrorKind,
    FramesLost,
    Hello,
    LightMode,
    PotReading,
    Received,
    SensorBoard,
    SensorReader,
    StateChanged,
    ZoneReading,
    open_board,
)
from drivers.simulator.process import SimulatorProcess

HEARTBEAT_TIMEOUT = 0.4


class Table:
    """A simulator process, a board opened on its pty, and a reader feeding a buffered listener."""

    def __init__(self, tmp_path: Path, name: str = "zones", role: BoardRole = BoardRole.COMBINED) -> None:
        self.sim = SimulatorProcess(tmp_path / f"{name}-board", serial_number=f"SIM-{name}", role=role.value)
        self.board = open_board(
            BoardConfig(name=name, url=self.sim.path, role=role, heartbeat_timeout=HEARTBEAT_TIMEOUT, reconnect_interval=0.1)
        )
        self.listener = BufferedListener()
        self.log: list[BoardEvent] = []

    def wait(self, predicate: Callable[[BoardEvent], bool], *, timeout: float = 3.0, what: str = "event") -> BoardEvent:
        """The first event (heartbeats skipped in the failure message) that matches ``predicate``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.listener.get(timeout=max(0.0, deadline - time.monotonic()))
            if got is None:
                continue
            _, event = got
            self.log.append(event)
            if predicate(event):
                return event
        shown = [e for e in self.log if not (isinstance(e, Received) and type(e.frame.message).__name__ == "Heartbeat")]
        raise AssertionError(f"no {what} within {timeout} s; events: {shown[-15:]}; simulator: {self.sim.seen[-10:]}")

    def wait_state(self, state: BoardState, *, timeout: float = 3.0) -> StateChanged:
        event = self.wait(lambda e: isinstance(e, StateChanged) and e.new is state, timeout=timeout, what=f"state {state.value}")
        assert isinstance(event, StateChanged)
        return event

    def wait_message(self, message: object, *, timeout: float = 3.0) -> Received:
        event = self.wait(lambda e: isinstance(e, Received) and e.frame.message == message, timeout=timeout, what=repr(message))
        assert isinstance(event, Received)
        return event

    def wait_error(self, kind: type | FrameErrorKind, *, timeout: float = 3.0) -> BoardEvent:
        if isinstance(kind, FrameErrorKind):
            return self.wait(lambda e: isinstance(e, FrameError) and e.kind is kind, timeout=timeout, what=kind.value)
        return self.wait(lambda e: isinstance(e, kind), timeout=timeout, what=kind.__name__)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path)
    reader = SensorReader([table.board], [table.listener])
    try:
        table.wait_state(BoardState.READY, timeout=5)
        # the answer to the READ sent on opening (a HELLO after the power-up one, seq 0) settles the start
        table.wait(
            lambda e: isinstance(e, Received) and isinstance(e.frame.message, Hello) and e.frame.seq > 0, what="HELLO answering READ"
        )
        yield table
    finally:
        reader.stop()
        table.board.shutdown()
        table.sim.close()
    assert not reader.running


def test_normal_play_readings_arrive_with_their_values(table: Table) -> None:
    """SPEC Inputs, Serial sensors: bet zones (with chips), the pot and the button reach the console as sent."""
    assert table.board.hello is not None and table.board.hello.serial == "SIM-zones"
    table.sim.command("zone 4 1500 500x2;100x5")
    table.sim.command("pot 12500")
    table.sim.command("button 3")
    table.wait_message(ZoneReading(4, 1500, (ChipCount(500, 2), ChipCount(100, 5))))
    table.wait_message(PotReading(12500))
    table.wait_message(ButtonReading(3))


def test_seat_light_and_fresh_reading_requests_are_answered(table: Table) -> None:
    """PROTOCOL.md, Console to board: LIGHT is acknowledged with its sequence number; READ <seat> brings that zone."""
    table.sim.command("zone 6 200")
    table.wait_message(ZoneReading(6, 200))
    seq = table.board.set_light(4, LightMode.ON)
    table.sim.wait_for("LIGHT 4 ON")
    table.wait_message(Ack(seq))
    table.board.request_reading(6)
    table.sim.wait_for("READ 6")
    table.wait_message(ZoneReading(6, 200))


def test_garbage_is_reported_and_the_next_frame_is_read(table: Table) -> None:
    """PROTOCOL.md, Receiving: bytes outside frames are reported as garbage; the reader resynchronises."""
    table.sim.command("garbage 64")
    table.sim.command("zone 2 25")
    error = table.wait_error(FrameErrorKind.GARBAGE)
    assert isinstance(error, FrameError) and error.size >= 1
    table.wait_message(ZoneReading(2, 25))
    assert table.board.state is BoardState.READY


def test_bad_checksum_is_reported_with_the_lost_frame_and_never_applied(table: Table) -> None:
    """PROTOCOL.md, Receiving: a frame whose CRC does not match is discarded, reported, and its sequence number shows as lost."""
    table.sim.command("badsum zone 4 999")
    table.sim.command("zone 4 100")
    table.wait_error(FrameErrorKind.BAD_CHECKSUM)
    table.wait_error(FramesLost)
    table.wait_message(ZoneReading(4, 100))
    assert not any(isinstance(e, Received) and e.frame.message == ZoneReading(4, 999) for e in table.log)


def test_split_frame_is_joined_and_cut_frame_is_reported(table: Table) -> None:
    """PROTOCOL.md, Framing: frames carry no timing (a frame in two writes is one frame); a frame cut off is reported as truncated."""
    table.sim.command("split 80 button 5")
    table.wait_message(ButtonReading(5))
    table.sim.command("cut zone 3 700")
    table.sim.command("zone 3 50")
    table.wait_error(FrameErrorKind.TRUNCATED)
    table.wait_message(ZoneReading(3, 50))


def test_silent_board_is_reported_and_recovers_when_heartbeats_resume(table: Table) -> None:
    """PROTOCOL.md, Liveness: no valid frame for the heartbeat timeout makes the board silent; the next frame makes it ready."""
    table.sim.command("silence 1.0", timeout=5)
    silent = table.wait_state(BoardState.SILENT)
    assert "heartbeat timeout" in silent.reason
    table.wait_state(BoardState.READY)


def test_device_fault_is_received_and_acknowledged(table: Table) -> None:
    """PROTOCOL.md, Board to console: ERR carries the board's own fault and the console acknowledges it."""
    mark = len(table.sim.seen)
    table.sim.command("err ZONE_BLOCKED seat 6 sensor covered")
    fault = table.wait_message(DeviceFault("ZONE_BLOCKED", "seat 6 sensor covered"))
    table.sim.wait_for_line(f"ACKED {fault.frame.seq}", since=mark)


def test_unplug_and_replug_reconnects_and_refreshes_the_readings(table: Table) -> None:
    """Issue 6: the reader reconnects after the board is unplugged and plugged back, and asks for fresh readings."""
    table.sim.command("zone 8 300")
    table.wait_message(ZoneReading(8, 300))
    table.sim.command("unplug 0.5", timeout=5)
    down = table.wait_state(BoardState.DISCONNECTED)
    assert "read failed" in down.reason
    table.wait_state(BoardState.CONNECTED)
    table.wait_state(BoardState.READY)
    table.wait_message(ZoneReading(8, 300))  # the READ sent on reconnection brings every reading again
    seq = table.board.set_light(8, LightMode.BLINK)
    table.wait_message(Ack(seq))


def test_port_missing_at_start_is_reported_once_and_opened_when_it_appears(tmp_path: Path) -> None:
    """Issue 6: a board not yet plugged in is reported, retried, and picked up when it appears (no console restart)."""
    link = tmp_path / "late-board"
    board: SensorBoard = open_board(BoardConfig(name="late", url=str(link), heartbeat_timeout=HEARTBEAT_TIMEOUT, reconnect_interval=0.05))
    listener = BufferedListener()
    with board, SensorReader([board], [listener]):
        time.sleep(0.3)
        with SimulatorProcess(link) as sim:
            assert sim.path == str(link)
            deadline = time.monotonic() + 5
            events = []
            while board.state is not BoardState.READY and time.monotonic() < deadline:
                got = listener.get(0.1)
                if got:
                    events.append(got[1])
            assert board.state is BoardState.READY
            while (got := listener.get(0.01)) is not None:
                events.append(got[1])
    open_errors = [e for e in events if not isinstance(e, Received | StateChanged | FrameError | FramesLost)]
    assert len(open_errors) == 1 and "cannot open" in str(open_errors[0])


def test_two_boards_by_port_and_role_are_read_independently(tmp_path: Path) -> None:
    """Issue 6: several boards at once, configured by port and role; one unplugged does not disturb the other."""
    zones = Table(tmp_path, "zones", BoardRole.ZONES)
    button = Table(tmp_path, "button", BoardRole.BUTTON)
    shared = BufferedListener()
    reader = SensorReader([zones.board, button.board], [zones.listener, button.listener, shared])
    try:
        for t in (zones, button):
            t.wait(
                lambda e, t=t: isinstance(e, StateChanged) and e.new is BoardState.READY and t.board.state is BoardState.READY, timeout=5
            )
        zones.sim.command("zone 1 10")
        button.sim.command("button 7")
        button.sim.command("unplug 0.3", timeout=5)
        zones.sim.command("zone 1 20")
        seen: dict[str, list[object]] = {"zones": [], "button": []}
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not (
            ZoneReading(1, 20) in seen["zones"] and button.board.state is BoardState.READY and ButtonReading(7) in seen["button"]
        ):
            got = shared.get(0.1)
            if got and isinstance(got[1], Received):
                seen[got[0].name].append(got[1].frame.message)
        assert ZoneReading(1, 10) in seen["zones"] and ZoneReading(1, 20) in seen["zones"]
        assert ButtonReading(7) in seen["button"]
        assert not any(isinstance(m, ZoneReading) for m in seen["button"])
        assert not any(isinstance(m, ButtonReading) for m in seen["zones"])
        assert zones.board.state is BoardState.READY and button.board.state is BoardState.READY
    finally:
        reader.stop()
        for t in (zones, button):
            t.board.shutdown()
            t.sim.close()
