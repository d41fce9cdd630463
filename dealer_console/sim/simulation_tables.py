"""The ten seeded tables of the 10,000-hand table simulation (checked by ``tests/test_table_simulation.py``,
timed by ``bench/table.py``).

Every game of SPEC (Omaha, Omaha Hi-Lo, five- and six-card Omaha, double-board Omaha, Oklahoma) in
Limit, Pot-limit and No-limit, Mixed Omaha every orbit and every N hands, a mix rotation of every
game, and one table under the moving button.
"""

from __future__ import annotations

from typing import NamedTuple

from dealer_console.engine.games import Stakes
from dealer_console.engine.schedule import GameSchedule, Rotation, mix_rotation, mixed_omaha, single_game
from dealer_console.engine.table_config import ButtonMode

__all__ = ["SIMULATION_TABLES", "SimulationTable"]


class SimulationTable(NamedTuple):
    """A table of the simulation (unpacks as ``name, schedule, button_mode, hands``)."""

    name: str
    schedule: GameSchedule
    button_mode: ButtonMode
    hands: int
    """How many hands it plays, misdeals included."""


_POT_LIMIT_1_2 = Stakes(small_blind=1, big_blind=2)

SIMULATION_TABLES: tuple[SimulationTable, ...] = (
    SimulationTable("Pot-limit Omaha", single_game("O", "pot-limit", small_blind=1, big_blind=2), ButtonMode.DEAD, 1100),
    SimulationTable("Limit Omaha Hi-Lo", single_game("O/8", "limit", small_blind=1, big_blind=2), ButtonMode.DEAD, 1000),
    SimulationTable("No-limit five-card Omaha", single_game("5O", "no-limit", small_blind=1, big_blind=2), ButtonMode.DEAD, 1000),
    SimulationTable("Pot-limit six-card Omaha", single_game("6O", "pot-limit", small_blind=1, big_blind=2), ButtonMode.DEAD, 1000),
    SimulationTable("Pot-limit double-board Omaha", single_game("DBO", "pot-limit", small_blind=1, big_blind=2), ButtonMode.DEAD, 900),
    SimulationTable("Limit Oklahoma", single_game("OK", "limit", small_blind=1, big_blind=2), ButtonMode.DEAD, 900),
    SimulationTable("Mixed Omaha, every orbit", mixed_omaha("O", pot_limit=_POT_LIMIT_1_2), ButtonMode.DEAD, 1200),
    SimulationTable(
        "Mixed Omaha Hi-Lo, every 7 hands",
        mixed_omaha("O/8", pot_limit=_POT_LIMIT_1_2, rotation=Rotation.HANDS, hands_per_game=7),
        ButtonMode.DEAD,
        600,
    ),
    SimulationTable(
        "Mix rotation of every game",
        mix_rotation(
            (("O", "limit"), ("O/8", "pot-limit"), ("5O", "no-limit"), ("6O", "limit"), ("DBO", "pot-limit"), ("OK", "no-limit"),
             ("O", "pot-limit"), ("OK", "limit")),
            pot_limit=_POT_LIMIT_1_2,
        ),
        ButtonMode.DEAD,
        1200,
    ),
    SimulationTable("No-limit Omaha, moving button", single_game("O", "no-limit", small_blind=1, big_blind=2), ButtonMode.MOVING, 1100),
)
"""The tables in the order they are played (table ``i`` is seeded with ``1000 + i``); 10,000 hands in all."""
