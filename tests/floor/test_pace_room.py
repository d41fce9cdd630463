"""``dealer-console floor pace --room``: the pace read from the card room's shipped log (PostgreSQL ``room_events``) is the
pace of the console's own store.

Sources: SPEC.md, A night at the table (pace reported); SPEC.md, Scale ("A card room: all consoles and floor stations on one
PostgreSQL server"); docs/floor.md, Pace; docs/room.md (the consoles ship their logs to ``room_events``).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Iterator

import pytest

from dealer_console.cli import main, simulation_schedule
from dealer_console.config import StoreSettings
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.live.night_recording import RecordedNight, SettableClock
from dealer_console.room import Shipper
from dealer_console.sim.night import CHURN, NightSettings, SimulatedNight
from dealer_console.sim.table_play import SimulatedTable
from dealer_console.store import Store
from tests.room.conftest import Room, scratch_room


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Room, str]]:
    """A recorded simulated night (8 hands, pushes every 4 minutes) in a console's SQLite store, shipped to a scratch room."""
    folder = tmp_path_factory.mktemp("pace_room")
    local = f"sqlite:///{folder / 'console.sqlite3'}"
    schedule = simulation_schedule("omaha", "pot-limit", small_blind=1, big_blind=2)
    config = TableConfig.for_schedule(schedule, name="Room pace table", seat_count=9)
    clock = SettableClock(NightSettings().start)
    with scratch_room("pace") as room:
        with Store.open(local, settings=StoreSettings(data_dir=folder), clock=clock) as store:
            recorded = RecordedNight(store, clock, config)
            night = SimulatedNight(SimulatedTable(Table(config), random.Random(2), CHURN), settings=NightSettings(push_minutes=4),
                                   watcher=recorded, seed=2)
            night.open()
            for _ in range(8):
                night.play_hand()
            Shipper(store, room.console_url(recorded.table_id), [recorded.table_id]).ship_once()
        yield room, local


def _pace(*arguments: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["floor", "pace", *arguments])
    return code, out.getvalue(), err.getvalue()


def test_room_pace_is_the_consoles_pace(shipped: tuple[Room, str]) -> None:
    """The floor's login reads the shipped log: the same hands, hands per hour and dealers as the console's own store."""
    room, local = shipped
    code, room_json, _ = _pace("--room", "--database", room.url(room.floor_role), "--json")
    assert code == 0
    code, local_json, _ = _pace("--database", local, "--json")
    assert code == 0
    from_room, from_store = json.loads(room_json), json.loads(local_json)
    assert from_room["tables"] == from_store["tables"] and from_room["dealers"] == from_store["dealers"]
    assert from_room["tables"][0]["hands"] == 8 and len(from_room["dealers"]) >= 2


def test_room_pace_without_a_url_or_server_is_one_message() -> None:
    """Bad input gets one clear message (exit 2)."""
    code, _, err = _pace("--room", "--database", "postgresql://nobody@127.0.0.1:9/none")
    assert code == 2 and err.startswith("dealer-console floor pace: reading the card room's log")
