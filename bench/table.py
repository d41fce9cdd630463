"""Speed of the table engine: hands per second of the 10,000-hand table simulation.

``python bench/table.py [--quick]`` from the repository.

The simulation is the one ``tests/test_table_simulation.py`` checks: the ten seeded random tables
of ``dealer_console.sim.simulation_tables`` (every game of SPEC in Limit, Pot-limit and No-limit,
Mixed Omaha every orbit and every N hands, a mix rotation, a moving-button table) where players
join, leave, sit out, come back, add on, rebuy and cash out, and every hand is dealt from a
shuffled deck and played with random legal choices through the table and hand engines
(``dealer_console.sim.table_play``). A hand counts from the table's plan to the table's record of
its result (misdeals included). The bookkeeping checks of the test are not timed.

``--quick`` plays a fifth of the hands (2,000) and takes a few seconds. Each run plays the tables twice: as above, and
with a night's churn (``dealer_console.sim.night``: about twice the joins, leaves, sit-outs and rebuys, dealers pushing
every 25 simulated minutes, every record timed on the simulated clock), so the two figures can be compared. The last line
printed is one JSON object: ``hands_per_s``, ``hands``, ``seconds``, ``misdeals``, and ``churn_hands_per_s``,
``churn_hands``, ``churn_seconds``, ``pushes`` for the run with churn.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import HandMisdealt
from dealer_console.sim.night import CHURN, SimulatedNight
from dealer_console.sim.simulation_tables import SIMULATION_TABLES
from dealer_console.sim.table_play import SessionSettings, SimulatedTable


def run(fraction: int, *, churn: bool = False) -> tuple[int, int, int, float, dict[str, float]]:
    """Play every table's hands (divided by ``fraction``), with a night's churn and dealer pushes or without; return hands,
    misdeals, pushes, seconds and hands/s per table."""
    hands_total = misdeals = pushes = 0
    elapsed = 0.0
    per_table: dict[str, float] = {}
    for index, (name, schedule, mode, hands) in enumerate(SIMULATION_TABLES):
        rng = random.Random(1000 + index)
        config = TableConfig.for_schedule(
            schedule, name=name, seat_count=min(9, schedule.seats_limit), button_mode=mode, partial_cash_out=index % 2 == 0
        )
        table = Table(config)
        session = SimulatedTable(table, rng, CHURN if churn else SessionSettings())
        night = SimulatedNight(session, seed=1000 + index) if churn else None
        for _ in range(rng.randint(2, config.seat_count)):
            session.join()
        count = hands // fraction
        started = time.perf_counter()
        for _ in range(count):
            played = session.play_hand() if night is None else night.play_hand()
            misdeals += isinstance(played.record, HandMisdealt)
        seconds = time.perf_counter() - started
        pushes += night.pushes if night is not None else 0
        assert table.chip_audit().balanced
        per_table[name] = count / seconds
        hands_total += count
        elapsed += seconds
    return hands_total, misdeals, pushes, elapsed, per_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fifth of the hands (2,000), a few seconds")
    args = parser.parse_args()
    fraction = 5 if args.quick else 1
    hands, misdeals, _, seconds, per_table = run(fraction)
    churn_hands, _, pushes, churn_seconds, churn_per_table = run(fraction, churn=True)
    for name, rate in per_table.items():
        print(f"{name:<40} {rate:8.0f} hands/s   with churn {churn_per_table[name]:8.0f} hands/s")
    hands_per_s, churn_per_s = hands / seconds, churn_hands / churn_seconds
    print(f"table simulation: {hands} hands ({misdeals} misdeals) in {seconds:.1f} s: {hands_per_s:,.0f} hands/s;"
          f" with churn and {pushes} dealer pushes: {churn_per_s:,.0f} hands/s")
    print(json.dumps({"hands_per_s": round(hands_per_s, 1), "hands": hands, "seconds": round(seconds, 2), "misdeals": misdeals,
                      "churn_hands_per_s": round(churn_per_s, 1), "churn_hands": churn_hands, "churn_seconds": round(churn_seconds, 2),
                      "pushes": pushes}))


if __name__ == "__main__":
    main()
