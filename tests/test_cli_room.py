"""``dealer-console room ship``: the shipper as a ``dealer-console`` command, the same as ``python -m dealer_console.room
ship`` (which keeps working), against the real PostgreSQL of this machine (a scratch card room, tests/room/conftest.py).
``--until-in-sync`` stops once the server holds every local event, so the command runs in-process here."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from dealer_console.cli import main
from dealer_console.room.__main__ import main as room_main
from dealer_console.sim.stepwise_play import play_to_end, random_hand_setup
from dealer_console.store import Store, open_hand
from tests.room.conftest import Room, scratch_room


@pytest.fixture(scope="module")
def room() -> Iterator[Room]:
    with scratch_room("clirm") as made:
        yield made


def _local_store(path: Path, table_id: int) -> int:
    """A console's SQLite store with one hand dealt at ``table_id``; the number of events in its log."""
    rng = random.Random(table_id)
    with Store.open(f"sqlite:///{path}") as store:
        store.create_table(f"Table {table_id}", table_id=table_id)
        recorded = open_hand(store, table_id, random_hand_setup(rng))
        play_to_end(recorded, rng)
        recorded.close()
        return len(store.events(table_id))


def _shipped(room: Room, table_id: int) -> int:
    with psycopg.connect(room.owner_url) as connection:
        row = connection.execute("SELECT count(*) FROM room_events WHERE table_id = %s", (table_id,)).fetchone()
    assert row is not None
    return int(row[0])


def test_dealer_console_room_ship_ships_the_log_and_stops_in_sync(room: Room, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/room.md: the shipper copies the local log in order; ``--database`` (a global option) names the local store."""
    count = _local_store(tmp_path / "console.sqlite3", 311)
    code = main(["room", "ship", "--server", room.console_url(311), "--until-in-sync", "--database", f"sqlite:///{tmp_path / 'console.sqlite3'}"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "card room: in sync" in out.splitlines()
    assert _shipped(room, 311) == count


def test_python_m_dealer_console_room_ship_keeps_working(room: Room, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    count = _local_store(tmp_path / "console.sqlite3", 312)
    code = room_main(["ship", "--server", room.console_url(312), "--local", f"sqlite:///{tmp_path / 'console.sqlite3'}", "--until-in-sync"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "card room: in sync" in out.splitlines() and _shipped(room, 312) == count


@pytest.mark.parametrize("ship", [main, room_main], ids=["dealer-console room", "python -m dealer_console.room"])
def test_room_ship_from_a_mistyped_local_store_creates_nothing(ship: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped local path is refused in one line before the server is reached; no empty store is made there."""
    argv = ["ship", "--server", "postgresql://nobody@127.0.0.1:1/nothing", "--local", f"sqlite:///{tmp_path / 'typo' / 'x.sqlite3'}"]
    code = main(["room", *argv]) if ship is main else room_main(argv)
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and f"no database at {tmp_path / 'typo' / 'x.sqlite3'}" in err
    assert not (tmp_path / "typo").exists()


def test_room_ship_without_a_server_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DEALER_ROOM_SERVER_URL", "DEALER_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no user's config.toml with a [room]
    code = main(["room", "ship", "--local", f"sqlite:///{tmp_path / 'x.sqlite3'}"])
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == ("dealer-console room ship: --server (or $DEALER_ROOM_SERVER_URL, or [room] server_url in the"
                                         " configuration) is required")
    assert not (tmp_path / "x.sqlite3").exists()
