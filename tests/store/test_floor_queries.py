"""The floor finds any hand: by table, time range, seat, player, pot size, flagged, ruling; with indexes.

Sources: SPEC.md, Records and review ("A floor manager can find any hand (table, time, seat,
player, pot size, flagged)"); issue 4 ("Queries for the floor ... with the indexes they need").
The expected results are computed here, in Python, from the rows the test inserted.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from dealer_console.store import HandQuery, Store
from dealer_console.store.search import hand_search
from dealer_console.store.synthetic_history import START, History, generate_postgres_history, load_history
from tests.store.conftest import postgres_schema_url


@pytest.fixture
def history(store: Store) -> History:
    with store.sql_engine.begin() as connection:
        return load_history(connection, random.Random(31), tables=3, hands_per_table=60, players=25)


def expected(history: History, keep: object, limit: int = 100) -> list[int]:
    hands = [hand for hand in history.hands if keep(hand)]  # type: ignore[operator]
    hands.sort(key=lambda hand: (hand["started_at"], hand["id"]), reverse=True)
    return [int(str(hand["id"])) for hand in hands][:limit]


def found(store: Store, query: HandQuery) -> list[int]:
    return [hand.id for hand in store.search_hands(query)]


def test_hands_by_table_and_time_range(store: Store, history: History) -> None:
    """Table and time window, newest first; the window's end is exclusive."""
    table = history.tables[1]
    since, until = START + timedelta(minutes=20), START + timedelta(minutes=60)
    query = HandQuery(table_id=table, since=since, until=until)
    assert found(store, query) == expected(
        history, lambda h: h["table_id"] == table and since <= h["started_at"] < until)
    assert len(found(store, query)) > 5


def test_hands_by_seat_and_by_player(store: Store, history: History) -> None:
    """Hands in which a seat of a table, or a player anywhere, was dealt in."""
    table = history.tables[0]
    seat_hands = {s["hand_id"] for s in history.seats if s["table_id"] == table and s["seat"] == 5}
    assert found(store, HandQuery(table_id=table, seat=5)) == expected(history, lambda h: h["id"] in seat_hands)
    player_id, name = sorted(history.players.items())[3]
    player_hands = {s["hand_id"] for s in history.seats if s["player_id"] == player_id}
    assert found(store, HandQuery(player=name, limit=500)) == expected(history, lambda h: h["id"] in player_hands, limit=500)
    assert found(store, HandQuery(player="Nobody at all")) == []


def test_hands_by_pot_size_flag_and_ruling(store: Store, history: History) -> None:
    """Pot at least / at most an amount; flagged hands; hands with a ruling, and with a reportable one."""
    assert found(store, HandQuery(min_pot=500)) == expected(history, lambda h: h["pot_total"] >= 500)
    assert found(store, HandQuery(min_pot=100, max_pot=200)) == expected(history, lambda h: 100 <= h["pot_total"] <= 200)
    assert found(store, HandQuery(flagged=True)) == expected(history, lambda h: h["flagged"])
    ruled = {r["hand_id"] for r in history.rulings}
    reportable = {r["hand_id"] for r in history.rulings if r["reportable"]}
    assert ruled and found(store, HandQuery(with_ruling=True)) == expected(history, lambda h: h["id"] in ruled)
    assert found(store, HandQuery(reportable=True)) == expected(history, lambda h: h["id"] in reportable)


def test_pages_of_results_follow_each_other(store: Store, history: History) -> None:
    """Keyset paging: the next page starts strictly before the last hand shown."""
    first = store.search_hands(HandQuery(limit=50))
    second = store.search_hands(HandQuery(limit=50, before=first[-1].started_at))
    assert [h.id for h in first + second] == expected(history, lambda h: True, limit=100)


GENERATED = datetime(2025, 1, 1, 14, 0, tzinfo=UTC)
"""Two hours into the generated history (dealer_console/store/synthetic_history.py)."""
QUERIES_AND_INDEXES: list[tuple[HandQuery, tuple[str, ...]]] = [
    # a table's time window: either time index serves it (which one the planner picks depends on how the tables interleave)
    (HandQuery(table_id=2, since=GENERATED, until=GENERATED + timedelta(hours=2)), ("ix_hands_table_started", "ix_hands_started")),
    (HandQuery(since=GENERATED, until=GENERATED + timedelta(hours=1)), ("ix_hands_started",)),
    (HandQuery(table_id=2, seat=3), ("ix_hand_seats_table_seat_started",)),
    (HandQuery(player="Bench player 17"), ("ix_hand_seats_player_started",)),
    # big pots: the pot index, or (SQLite, no sort wanted) the time index read newest first
    (HandQuery(min_pot=8000), ("ix_hands_pot", "ix_hands_started")),
    (HandQuery(flagged=True), ("ix_hands_flagged",)),
    (HandQuery(with_ruling=True), ("ix_hands_ruled",)),
]


@pytest.fixture(scope="module")
def postgres_history(postgres_database: str) -> str:
    """A schema of its own holding 10,000 generated hands (generated once for this module's plan tests)."""
    url = postgres_schema_url(postgres_database)
    with Store.open(url) as store, store.sql_engine.begin() as connection:
        generate_postgres_history(connection, hands=10_000, players=50)
    return url


@pytest.mark.parametrize(("query", "indexes"), QUERIES_AND_INDEXES, ids=[indexes[0] for _, indexes in QUERIES_AND_INDEXES])
def test_postgresql_plans_use_the_floor_indexes(postgres_history: str, query: HandQuery, indexes: tuple[str, ...]) -> None:
    """EXPLAIN on PostgreSQL, over 10,000 generated hands: each search reads its index, and never scans the whole hands table."""
    with Store.open(postgres_history) as store:
        player_id = None
        if query.player is not None:
            with store.sql_engine.connect() as connection:
                player_id = connection.execute(text("SELECT id FROM players WHERE name = :n"), {"n": query.player}).scalar()
        statement = hand_search(query, player_id=player_id)
        with store.sql_engine.connect() as connection:
            compiled = str(statement.compile(connection, compile_kwargs={"literal_binds": True}))
            plan = "\n".join(row[0] for row in connection.exec_driver_sql("EXPLAIN " + compiled))
    assert any(index in plan for index in indexes), plan
    assert "Seq Scan on hands" not in plan and "Seq Scan on hand_seats" not in plan, plan


def test_sqlite_plans_use_the_floor_indexes(tmp_path: object) -> None:
    """EXPLAIN QUERY PLAN on SQLite: the same searches read the same indexes."""
    with Store.open(f"sqlite:///{tmp_path}/plans.sqlite3") as store:
        with store.sql_engine.begin() as connection:
            load_history(connection, random.Random(1), tables=3, hands_per_table=100, players=20)
        for query, indexes in QUERIES_AND_INDEXES:
            if query.player is not None:
                query = HandQuery(player="Player 3")
            plan = store.explain_search(query)
            assert any(index.replace("hands_pkey", "INTEGER PRIMARY KEY") in plan for index in indexes), (indexes, plan)
