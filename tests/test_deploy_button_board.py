"""The button board the udev rules name (``/dev/sensor-button``) is configurable (``[devices] button_sensor``) and read:
a simulated board with the button role on a pseudo-terminal, opened by the console's devices from that key
(docs/sensors.md; drivers/PROTOCOL.md: a board announces its role in HELLO and reports ``BTN,<seat>``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.live.demo_devices import table_devices
from dealer_console.live.table_session import TableSession
from drivers.simulator.process import SimulatorProcess


def _wait(condition: Callable[[], bool], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_button_board_of_its_own_is_opened_from_the_configuration_and_read(tmp_path: Path) -> None:
    table = Table(TableConfig(seat_count=9, schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2), min_buy_in=20,
                              max_buy_in=400))
    for seat in (1, 4):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=200)
    table.place_button(seat=1)
    session = TableSession(table)
    with SimulatorProcess(tmp_path / "sensor-button", heartbeat_ms=50, role="button", serial_number="SB-0002") as board:
        devices = table_devices(session, camera="none", sensors="none", button_sensor=str(tmp_path / "sensor-button"))
        assert devices is not None
        with devices:
            hub = devices.hub
            assert _wait(lambda: [status.words for status in hub.board_statuses()] == ["connected"])
            board.command("button 4")
            assert _wait(lambda: hub.button().seen == 4)
