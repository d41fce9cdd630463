"""The room keeps every signed chain head a console ships, so a log cut after shipping is caught by the room-side check.

Sources: issue 27, "A chain no insider can shorten or rewrite unseen" ("the room keeps every signed head it receives,
so truncation after shipping is caught"); SPEC, Insiders. One console in this process (its own SQLite store and key
in tmp_path), the room's real PostgreSQL with its roles (deploy/postgres).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import text

from dealer_console.cli import main
from dealer_console.config import StoreSettings
from dealer_console.room import Shipper
from dealer_console.room.heads import check_room_heads
from dealer_console.sim.stepwise_play import play_to_end, random_hand_setup
from dealer_console.store import Store, open_hand
from dealer_console.store.keys import head_signature_holds

from .conftest import Room


@pytest.fixture
def local(tmp_path: Path) -> Any:
    store = Store.open(f"sqlite:///{tmp_path / 'console.sqlite3'}", settings=StoreSettings(data_dir=tmp_path))
    yield store
    store.close()


def _ship(local: Store, room: Room, table_id: int, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(hands):
        recorded = open_hand(local, table_id, random_hand_setup(rng))
        play_to_end(recorded, rng)
        recorded.close()
    shipper = Shipper(local, room.console_url(table_id), [table_id])
    while shipper.ship_once():
        pass
    shipper.stop()


def test_the_room_keeps_the_signed_head_shipped_after_the_events(room: Room, local: Store) -> None:
    """After shipping, ``room_heads`` holds the console's head (its seq, hash, public key and a signature that holds)."""
    table_id = 301
    local.create_table("Table 301", table_id=table_id)
    _ship(local, room, table_id, 2, seed=3)
    signed = local.signed_head(table_id)
    assert signed is not None
    with psycopg.connect(room.owner_url) as connection:
        kept = connection.execute("SELECT seq, hash, public_key, signature FROM room_heads WHERE table_id = %s ORDER BY seq",
                                  (table_id,)).fetchall()
    assert kept[-1][0] == signed[0] and kept[-1][1].strip() == signed[1] and kept[-1][2].strip() == signed[2]
    assert head_signature_holds(kept[-1][2].strip(), table_id=table_id, seq=kept[-1][0], digest=kept[-1][1].strip(), signature=kept[-1][3])
    assert check_room_heads(room.url(room.floor_role)) == []


def test_a_log_cut_after_shipping_and_re_signed_with_the_key_is_caught_by_the_room(
    room: Room, local: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    """An insider holding the console's key cuts the last events and re-signs the head: the console's own check passes
    (nothing on one machine can tell), but ``verify-log --room`` names the table and the seq the room kept."""
    table_id = 302
    local.create_table("Table 302", table_id=table_id)
    _ship(local, room, table_id, 2, seed=4)
    head = local.signed_head(table_id)
    assert head is not None
    last_seq = head[0]
    kept_seq = last_seq - 3
    [kept] = local.event_links(table_id, since_seq=kept_seq - 1, limit=1)
    key = local.console_key()
    with local.sql_engine.begin() as connection:
        connection.execute(text("DELETE FROM events WHERE table_id = :t AND seq > :s"), {"t": table_id, "s": kept_seq})
        connection.execute(text("UPDATE chain_heads SET last_seq = :s, last_hash = :h, signature = :g WHERE table_id = :t"),
                           {"s": kept_seq, "h": kept.hash, "g": key.sign_head(table_id, kept_seq, kept.hash), "t": table_id})
    database = str(local.target.url)
    assert main(["verify-log", "--database", database, "--table", str(table_id)]) == 0
    capsys.readouterr()
    assert main(["verify-log", "--database", database, "--table", str(table_id), "--room", room.url(room.floor_role)]) == 1
    output = capsys.readouterr().err
    assert f"table {table_id}: the room keeps a head signed by key {key.key_id[:16]} at seq {last_seq}" in output
    assert "events cut off after they were shipped" in output


def test_a_console_cannot_change_or_delete_a_head_the_room_kept(room: Room, local: Store) -> None:
    """``room_heads`` is append-only: the console's login may insert and read, never update or delete."""
    table_id = 303
    local.create_table("Table 303", table_id=table_id)
    _ship(local, room, table_id, 1, seed=5)
    with psycopg.connect(room.console_url(table_id)) as connection:
        for statement in ("UPDATE room_heads SET seq = 1 WHERE table_id = %s", "DELETE FROM room_heads WHERE table_id = %s"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                connection.execute(statement, (table_id,))
            connection.rollback()
