"""``verify-log --deep``: the floor's figures (hands, pots, rulings) rebuilt from the chain, each differing row named.

Sources: issue 27, "Verified projections" (``hands.pot_total = 987654`` made ``floor summary`` report it while
``verify-log`` said intact) and done-when 1 ("a changed projection detected by ``verify-log --deep``"); SPEC, Insiders
("figures the floor reads are checked against the chain").

The hands are real: the disputed hand of tests/floor/hands.py (pot 4, a ruling, a flag) and a simulated table
session of 15 hands (hands started and finished through the table's own records).
The tampering is plain SQL, as someone with write access to the database would do it.
"""

from __future__ import annotations

import random

import pytest
from sqlalchemy import text

from dealer_console.cli import main
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.sim.table_play import SimulatedTable
from dealer_console.store import Store
from tests.floor.hands import record_disputed_hand


@pytest.fixture
def recorded(store: Store) -> tuple[Store, int, int]:
    """The disputed hand (table 1, with a ruling and a flag) and a simulated session of 15 hands at a second table."""
    disputed = record_disputed_hand(store)
    store.record_ruling(disputed.table_id, by=disputed.manager, rule="TDA 15", decision="pot stands", pot_held=True,
                        disputed_amount=4, hand_number=1)
    store.flag_hand(disputed.table_id, 1, reason="player disputes the pot", by="Dana")
    config = TableConfig(name="Sim", seat_count=6)
    table = Table(config)
    session = SimulatedTable(table, random.Random(12))
    session.open_table()
    for _ in range(15):
        session.play_hand()
    simulated = store.create_table("Sim", config)
    store.append_many(simulated, list(table.events))
    return store, disputed.table_id, simulated


def verify(store_url: str, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["verify-log", "--database", store_url, *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def run_sql(store: Store, statement: str, **parameters: object) -> None:
    with store.sql_engine.begin() as connection:
        connection.execute(text(statement), parameters)


def test_an_honest_record_rebuilds_to_exactly_its_projections(
    recorded: tuple[Store, int, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every hands, hand_seats and rulings row the program wrote is what the chain rebuilds (no false alarm)."""
    code, output = verify(store_url, capsys, "--deep")
    assert code == 0, output
    assert "PROJECTION DIFFERS" not in output


def test_a_changed_pot_total_passes_the_chain_but_not_deep_verify(
    recorded: tuple[Store, int, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27: ``hands.pot_total = 987654`` is outside the chain (plain verify-log exit 0) and named by --deep (exit 1)."""
    store, table_id, _ = recorded
    run_sql(store, "UPDATE hands SET pot_total = 987654 WHERE table_id = :t AND number = 1", t=table_id)
    assert verify(store_url, capsys)[0] == 0
    code, output = verify(store_url, capsys, "--deep")
    assert code == 1
    assert f"table {table_id}: hands row hand id" in output
    assert "hands.pot_total = 987654, but the chain says 4 (seq " in output


def test_a_changed_stack_of_a_hand_finished_through_the_table_is_named(
    recorded: tuple[Store, int, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand started and finished through the table (``hand_started``/``hand_finished``) is rebuilt from those records."""
    store, _, simulated = recorded
    with store.sql_engine.connect() as connection:
        seat = connection.execute(text("SELECT hand_id, seat, final_stack FROM hand_seats WHERE table_id = :t ORDER BY hand_id DESC, seat"),
                                  {"t": simulated}).first()
    assert seat is not None and seat.final_stack is not None
    run_sql(store, "UPDATE hand_seats SET final_stack = final_stack + 500 WHERE hand_id = :h AND seat = :s", h=seat.hand_id, s=seat.seat)
    code, output = verify(store_url, capsys, "--deep", "--table", "Sim")
    assert code == 1
    assert (f"hand id {seat.hand_id} seat {seat.seat}: hand_seats.final_stack = {seat.final_stack + 500},"
            f" but the chain says {seat.final_stack}") in output


@pytest.mark.parametrize(("statement", "named"), [
    ("UPDATE rulings SET decision = 'pot to seat 2'", "rulings.decision = 'pot to seat 2', but the chain says 'pot stands'"),
    ("UPDATE rulings SET disputed_amount = 0", "rulings.disputed_amount = 0, but the chain says 4"),
    ("DELETE FROM rulings", "rulings row of the ruling at seq"),
    ("UPDATE hand_seats SET final_stack = 150 WHERE seat = 2", "hand_seats.final_stack = 150, but the chain says 98"),
    ("UPDATE hand_seats SET starting_stack = 1 WHERE seat = 1", "hand_seats.starting_stack = 1, but the chain says 100"),
    ("UPDATE hands SET status = 'misdealt' WHERE number = 1", "hands.status = 'misdealt', but the chain says 'complete'"),
    ("UPDATE hands SET flagged = false WHERE number = 1", "hands.flagged = False, but the chain says True"),
    ("UPDATE hands SET ruled = false WHERE number = 1", "hands.ruled = False, but the chain says True"),
    ("UPDATE hands SET rake = 3 WHERE number = 1", "hands.rake = 3, but the chain says 0"),
])
def test_each_changed_figure_of_the_floor_is_named(
    recorded: tuple[Store, int, int], store_url: str, capsys: pytest.CaptureFixture[str], statement: str, named: str
) -> None:
    """Rulings, seats' stacks and the hand's status, flag, ruling mark and rake are each rebuilt from the chain."""
    store, table_id, _ = recorded
    run_sql(store, statement + (" AND table_id = :t" if "WHERE" in statement else " WHERE table_id = :t"), t=table_id)
    code, output = verify(store_url, capsys, "--deep")
    assert code == 1
    assert named in output, output
    assert f"table {table_id} (Table 1): PROJECTION DIFFERS" in output


def test_projection_problems_of_some_hands_only(recorded: tuple[Store, int, int]) -> None:
    """The floor's summary checks only the hands it counts: ``projection_problems`` with their ids."""
    store, table_id, _ = recorded
    hand = store.find_hand(table_id, 1)
    assert store.projection_problems(table_id, [hand]) == []
    run_sql(store, "UPDATE hands SET pot_total = 987654 WHERE id = :h", h=hand)
    [problem] = store.projection_problems(table_id, [hand])
    assert "hands.pot_total = 987654, but the chain says 4" in problem
