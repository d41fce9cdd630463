"""Backup and restore of the room's database (issue 9: "backup and restore commands";
deploy/postgres/backup.sh, restore.sh, which checks every chain with ``python -m dealer_console.room verify``)."""

from __future__ import annotations

import os
import random
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from dealer_console.room import Shipper
from dealer_console.sim.stepwise_play import play_to_end, random_hand_setup
from dealer_console.store import Store, open_hand

from .conftest import ADMIN_URL, Room

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "postgres"


def _ship_hands(room: Room, tmp_path: Path, table_id: int, hands: int) -> int:
    rng = random.Random(table_id)
    with Store.open(f"sqlite:///{tmp_path / f'{table_id}.sqlite3'}") as store:
        store.create_table(f"Table {table_id}", table_id=table_id)
        for _ in range(hands):
            recorded = open_hand(store, table_id, random_hand_setup(rng))
            play_to_end(recorded, rng)
            recorded.close()
        shipper = Shipper(store, room.console_url(table_id), [table_id])
        while shipper.ship_once():
            pass
        shipper.stop()
        return len(store.events(table_id))


def _libpq_env() -> dict[str, str]:
    host_port = ADMIN_URL.partition("://")[2].rpartition("@")[2].partition("/")[0]
    host, _, port = host_port.partition(":")
    user = ADMIN_URL.partition("://")[2].rpartition("@")[0].partition(":")[0] or "postgres"
    return {**os.environ, "PGHOST": host, "PGPORT": port or "5432", "PGUSER": user, "PYTHON": sys.executable}


@pytest.mark.skipif(shutil.which("pg_dump") is None, reason="pg_dump/pg_restore (postgresql-client) not installed")
def test_backup_then_restore_into_a_new_database_keeps_every_event_and_chain(room: Room, tmp_path: Path) -> None:
    """backup.sh writes a checked dump; restore.sh restores it into a new database and verifies every chain there."""
    count = _ship_hands(room, tmp_path, 402, 2)
    env = _libpq_env()
    backup = subprocess.run(["sh", str(DEPLOY / "backup.sh"), room.database, str(tmp_path / "backups")], env=env,
                            capture_output=True, text=True, timeout=60)
    assert backup.returncode == 0, backup.stderr
    dump = backup.stdout.strip().splitlines()[-1]
    target = f"room_restore_{secrets.token_hex(4)}"
    try:
        restore = subprocess.run(["sh", str(DEPLOY / "restore.sh"), dump, target], env=env, capture_output=True, text=True, timeout=60)
        assert restore.returncode == 0, restore.stdout + restore.stderr
        assert "table 402" in restore.stdout and "chain intact" in restore.stdout
        head = ADMIN_URL.partition("?")[0].rpartition("/")[0]
        with psycopg.connect(f"{head}/{target}") as restored, psycopg.connect(room.owner_url) as original:
            query = "SELECT seq, hash FROM room_events WHERE table_id = 402 ORDER BY seq"
            assert restored.execute(query).fetchall() == original.execute(query).fetchall()
            assert len(restored.execute(query).fetchall()) == count
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
                restored.execute("DELETE FROM room_events")  # the trigger came back with the dump
    finally:
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)')
