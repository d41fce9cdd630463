"""Driver behaviour that needs no second process: backends by name, loop://, configuration, the no-Qt boundary, udev rules."""

from __future__ import annotations

import ast
import re
import time
from pathlib import Path

import pytest

from drivers import (
    BACKENDS,
    BoardConfig,
    BoardRole,
    BoardState,
    BufferedListener,
    Hello,
    Received,
    SensorInitializationError,
    SensorOperationError,
    SensorReader,
    SerialSensorBoard,
    StateChanged,
    ZoneReading,
    encode,
    open_board,
    register_backend,
)

ROOT = Path(__file__).resolve().parents[2]


def _drain_until(listener: BufferedListener, predicate, timeout: float = 2.0) -> list[object]:  # type: ignore[no-untyped-def]
    seen: list[object] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = listener.get(0.05)
        if got is None:
            continue
        seen.append(got[1])
        if predicate(got[1]):
            return seen
    raise AssertionError(f"not seen within {timeout} s: {seen}")


def test_board_speaking_another_major_version_is_refused_and_its_readings_ignored() -> None:
    """PROTOCOL.md, Versions: a HELLO of another major version makes the board incompatible; its readings are not passed on."""
    board = open_board(BoardConfig(name="loop", url="loop://", heartbeat_timeout=5.0))
    assert isinstance(board, SerialSensorBoard)
    listener = BufferedListener()
    with board, SensorReader([board], [listener]):
        _drain_until(listener, lambda e: isinstance(e, StateChanged) and e.new is BoardState.CONNECTED)
        board._port.write(encode(Hello("2.0", BoardRole.ZONES, "SB-9", "fw9", 10, 100), 0) + encode(ZoneReading(3, 50), 1))
        seen = _drain_until(listener, lambda e: isinstance(e, StateChanged) and e.new is BoardState.INCOMPATIBLE)
        time.sleep(0.2)
        while (got := listener.get(0.01)) is not None:
            seen.append(got[1])
    assert not any(isinstance(e, Received) and isinstance(e.frame.message, ZoneReading) for e in seen)


def test_loop_port_silence_is_detected_without_any_frame() -> None:
    """PROTOCOL.md, Liveness: a port that stays open but sends nothing is reported silent after the heartbeat timeout."""
    board = open_board(BoardConfig(name="loop", url="loop://", heartbeat_timeout=0.2, poll_interval=0.02))
    listener = BufferedListener()
    with board, SensorReader([board], [listener]):
        change = _drain_until(listener, lambda e: isinstance(e, StateChanged) and e.new is BoardState.SILENT)[-1]
    assert isinstance(change, StateChanged) and "heartbeat timeout" in change.reason
    assert board.state is BoardState.CLOSED


def test_backend_is_chosen_by_name_and_unknown_names_are_refused() -> None:
    """STYLE (python-can): the backend is chosen by name in the configuration; a wrong name fails at initialisation."""
    assert BACKENDS["serial"] is SerialSensorBoard

    class Other(SerialSensorBoard):
        pass

    register_backend("other", Other)
    try:
        assert type(open_board(BoardConfig(name="x", url="loop://", backend="other"))) is Other
    finally:
        del BACKENDS["other"]
    with pytest.raises(SensorInitializationError, match="unknown sensor backend"):
        open_board(BoardConfig(name="x", url="loop://", backend="can"))


def test_bad_configuration_and_sends_to_a_closed_board_raise_the_right_errors() -> None:
    """STYLE (python-can): one exception hierarchy, initialisation errors apart from operation errors."""
    with pytest.raises(SensorInitializationError):
        BoardConfig(name="x", url="loop://", heartbeat_timeout=0.01, poll_interval=0.05)
    board = open_board(BoardConfig(name="x", url="loop://"))
    with pytest.raises(SensorOperationError, match="disconnected"):
        board.set_light(4)
    board.shutdown()
    with pytest.raises(SensorOperationError, match="closed"):
        board.request_reading()


def test_drivers_import_no_qt() -> None:
    """STYLE practice 1: drivers/ imports no Qt (and the console side of sensors neither)."""
    files = [*ROOT.joinpath("drivers").rglob("*.py"), ROOT / "dealer_console" / "live" / "sensors.py"]
    assert len(files) >= 6
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert not re.match(r"(PyQt\d|PySide\d|qtpy|shiboken)", name), f"{path}: imports {name}"


def test_udev_rules_name_each_board_by_its_serial_number() -> None:
    """Issue 6, done-when 4: every tty rule matches a serial number and gives the board a stable symlink."""
    rules = [
        line
        for line in (ROOT / "deploy" / "udev" / "99-dealer-sensors.rules").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(rules) >= 2
    symlinks = []
    for rule in rules:
        keys = dict(re.findall(r'(\w+(?:\{\w+\})?)\s*[=+!]?=\s*"([^"]*)"', rule))
        assert keys.get("SUBSYSTEM") == "tty", rule
        assert keys.get("ATTRS{serial}"), rule
        assert "SYMLINK" in keys, rule
        symlinks.append(keys["SYMLINK"])
    per_board = [s for s in symlinks if "$" not in s]
    assert len(per_board) == len(set(per_board)) >= 2
