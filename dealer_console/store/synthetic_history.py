"""A synthetic history for capacity checks of a room's server: the floor's searches over many hands.

Used by the store's tests and the benchmarks (``bench/store.py``, ``bench/review.py``), through
:meth:`Store.bulk_load <dealer_console.store.base.StoreBase.bulk_load>`, which hands either loader
the connection of one write transaction. Two loaders: :func:`load_history` inserts rows built in Python (any back end; small histories whose
expected search results the tests compute independently), and :func:`generate_postgres_history`
has PostgreSQL generate a large history itself (``INSERT ... SELECT generate_series``), about a
million hands a minute on a small machine. Both fill only the floor's projection tables (hands,
hand seats, rulings), not the event log: searches read those tables alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from sqlalchemy import Connection, insert, text
from sqlmodel import SQLModel

__all__ = ["SEATS_PER_HAND", "START", "History", "generate_postgres_history", "load_history"]

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
"""When :func:`load_history`'s first hand starts (each table's hands two minutes apart)."""
SEATS_PER_HAND = 6
"""Players dealt in each generated hand."""


@dataclass(frozen=True, slots=True)
class History:
    """What :func:`load_history` inserted, for computing expected results."""

    tables: list[int] = field(default_factory=list)
    players: dict[int, str] = field(default_factory=dict)
    hands: list[dict[str, object]] = field(default_factory=list)
    seats: list[dict[str, object]] = field(default_factory=list)
    rulings: list[dict[str, object]] = field(default_factory=list)


def load_history(connection: Connection, rng: random.Random, *, tables: int = 3, hands_per_table: int = 100, players: int = 30) -> History:
    """Insert a small random history (every table, player and hand new); return what was inserted."""
    t = SQLModel.metadata.tables
    history = History()
    for number in range(tables):
        result = connection.execute(insert(t["tables"]).values(name=f"Synthetic {number} {rng.random()}", created_at=START))
        assert result.inserted_primary_key is not None
        history.tables.append(int(result.inserted_primary_key[0]))
    for number in range(players):
        result = connection.execute(insert(t["players"]).values(name=f"Player {number}", created_at=START))
        assert result.inserted_primary_key is not None
        history.players[int(result.inserted_primary_key[0])] = f"Player {number}"
    manager = connection.execute(insert(t["staff"]).values(name=f"Floor {rng.random()}", role="floor_manager", secret_hash="-",
                                                           active=True, created_at=START)).inserted_primary_key
    assert manager is not None
    for table_id in history.tables:
        for number in range(1, hands_per_table + 1):
            started = START + timedelta(minutes=2 * number, seconds=table_id)
            flagged = rng.random() < 0.05
            row = dict(table_id=table_id, number=number, status="complete", started_at=started, finished_at=started + timedelta(minutes=2),
                       game="O", structure="pot-limit", small_blind=1, big_blind=2, button=1, setup="{}", dealer_id=None,
                       first_seq=number, pot_total=int(rng.expovariate(1 / 300)), rake=0, flagged=flagged,
                       flag_reason="synthetic" if flagged else None, ruled=False)
            hand_id = connection.execute(insert(t["hands"]).values(**row)).inserted_primary_key
            assert hand_id is not None
            row["id"] = int(hand_id[0])
            history.hands.append(row)
            for seat, player in zip(sorted(rng.sample(range(1, 10), SEATS_PER_HAND)), rng.sample(sorted(history.players), SEATS_PER_HAND),
                                    strict=True):
                history.seats.append(dict(hand_id=row["id"], seat=seat, table_id=table_id, started_at=started, player_id=player,
                                          starting_stack=200, final_stack=200))
            if rng.random() < 0.03:
                history.rulings.append(dict(table_id=table_id, hand_id=row["id"], event_seq=number, floor_manager_id=int(manager[0]),
                                            rule="TDA 1", decision="synthetic", pot_held=False, disputed_amount=rng.randint(0, 100_000),
                                            reportable=False, late=False, recorded_at=started))
    connection.execute(insert(t["hand_seats"]), history.seats)
    if history.rulings:
        for ruling in history.rulings:
            ruling["reportable"] = int(str(ruling["disputed_amount"])) >= 50_000
        connection.execute(insert(t["rulings"]), history.rulings)
        ruled = {ruling["hand_id"] for ruling in history.rulings}
        connection.execute(t["hands"].update().where(t["hands"].c.id.in_(ruled)).values(ruled=True))
        for hand in history.hands:
            hand["ruled"] = hand["id"] in ruled
    return history


def generate_postgres_history(connection: Connection, *, hands: int, tables: int = 20, players: int = 5000) -> None:
    """Have PostgreSQL generate ``hands`` hands at ``tables`` tables (six players each, pots skewed, ~0.5% flagged, ~0.2% ruled)."""
    per_table = max(1, hands // tables)
    statements = [
        "INSERT INTO tables (name, created_at) SELECT 'Bench table ' || g, now() FROM generate_series(1, :tables) g",
        "INSERT INTO players (name, created_at) SELECT 'Bench player ' || g, now() FROM generate_series(1, :players) g",
        "INSERT INTO staff (name, role, secret_hash, active, created_at) VALUES ('Bench floor', 'floor_manager', '-', true, now())",
        """INSERT INTO hands (table_id, number, status, started_at, finished_at, game, structure, small_blind, big_blind, button, setup,
                              first_seq, pot_total, rake, flagged, flag_reason, ruled)
           SELECT t.id, n, 'complete', timestamptz '2025-01-01 12:00+00' + (n * interval '150 seconds') + (t.id * interval '7 seconds'),
                  timestamptz '2025-01-01 12:02+00' + (n * interval '150 seconds'), 'O', 'pot-limit', 1, 2, 1 + n % 9, '{}',
                  n * 30, floor(exp(random() * 9))::bigint, 0, random() < 0.005, NULL, false
           FROM (SELECT id FROM tables WHERE name LIKE 'Bench table %') t, generate_series(1, :per_table) n""",
        """INSERT INTO hand_seats (hand_id, seat, table_id, started_at, player_id, starting_stack, final_stack)
           SELECT h.id, s, h.table_id, h.started_at, p.first + ((h.id::bigint * 7919 + s * 104729) % :players), 200, 200
           FROM hands h, generate_series(1, 6) s, (SELECT min(id) AS first FROM players WHERE name LIKE 'Bench player %') p""",
        """INSERT INTO rulings (table_id, hand_id, event_seq, floor_manager_id, rule, decision, pot_held, disputed_amount, reportable, late,
                                recorded_at)
           SELECT h.table_id, h.id, h.first_seq, (SELECT id FROM staff WHERE name = 'Bench floor'), 'TDA 1', 'bench', false,
                  (h.id % 1000) * 100, (h.id % 1000) * 100 >= 50000, false, h.finished_at
           FROM hands h WHERE h.id % 500 = 0""",
        "UPDATE hands SET ruled = true WHERE id IN (SELECT hand_id FROM rulings)",
    ]
    for statement in statements:
        connection.execute(text(statement), {"tables": tables, "players": players, "per_table": per_table})
    connection.execute(text("ANALYZE"))
