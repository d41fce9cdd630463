"""A table's configuration: seats, buy-ins, the game schedule, the standing agreements, house rules and rake,
and the button rule; and the house settings a floor manager may change at a running table.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from dealer_console.engine.errors import EngineError, GameDefinitionError, IllegalActionError
from dealer_console.engine.games import VARIANTS, HouseRules, Rake, Structure
from dealer_console.engine.schedule import GameSchedule, single_game
from dealer_console.engine.table_events import TableAgreements

__all__ = ["HOUSE_SETTING_NAMES", "MAX_SEATS", "MIN_SEATS", "ButtonMode", "TableConfig", "apply_house_changes"]

MIN_SEATS = 2
MAX_SEATS = 10


class ButtonMode(enum.Enum):
    """How the button and blinds move when players come and go (Robert's Rules, Button and Blind Use 2)."""

    DEAD = "dead"
    """The big blind moves one player each hand; the button and small blind follow it, even onto empty seats."""
    MOVING = "moving"
    """The big blind still moves one player each hand, but the button moves to the next player of the last hand
    (never onto an empty seat); a small blind may then be skipped."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableConfig:
    """Everything about a table that is set before play: seats, buy-ins, games, agreements, house rules, rake."""

    name: str = "Table 1"
    seat_count: int = 9
    schedule: GameSchedule = field(default_factory=lambda: single_game("O", Structure.POT_LIMIT, small_blind=1, big_blind=2))
    min_buy_in: int = 40
    max_buy_in: int | None = 200
    """``None``: no maximum (omaha-betting-structures.txt: no maximum buy-in for Limit Omaha)."""
    button_mode: ButtonMode = ButtonMode.DEAD
    agreements: TableAgreements = field(default_factory=TableAgreements)
    house: HouseRules = field(default_factory=HouseRules)
    rake: Rake = field(default_factory=Rake)
    partial_cash_out: bool = False
    """Whether a player who stays may take chips off the table (card rooms forbid "going south")."""

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seat_count <= MAX_SEATS:
            raise GameDefinitionError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {self.seat_count}")
        for entry in self.schedule.games:
            # The deck bounds the seats; the game's own player limit is applied as players sit down.
            limit = VARIANTS[entry.variant].deck_capacity()
            if self.seat_count > limit:
                raise GameDefinitionError(
                    f"{entry.name} deals to at most {limit} players from one deck; a {self.seat_count}-seat table cannot run it"
                )
        biggest = self.schedule.max_big_blind
        if self.min_buy_in < biggest:
            raise GameDefinitionError(f"the minimum buy-in {self.min_buy_in} is less than the big blind {biggest}")
        if self.max_buy_in is not None and self.max_buy_in < self.min_buy_in:
            raise GameDefinitionError(f"the maximum buy-in {self.max_buy_in} is less than the minimum {self.min_buy_in}")

    @classmethod
    def for_schedule(cls, schedule: GameSchedule, **settings: Any) -> TableConfig:
        """A table for ``schedule`` with buy-ins sized on its largest big blind: 20 to 100 big blinds.

        omaha-betting-structures.txt, Buy-in: "usually a maximum buy-in of 100 x the big blind", and
        no maximum for Limit Omaha; the minimum of 20 big blinds is a common card-room figure.
        """
        big = schedule.max_big_blind
        settings.setdefault("min_buy_in", 20 * big)
        settings.setdefault("max_buy_in", None if schedule.all_limit else 100 * big)
        return cls(schedule=schedule, **settings)

    def buy_in_range(self) -> str:
        """``"40 to 200"`` or ``"40 or more"``."""
        return f"{self.min_buy_in} or more" if self.max_buy_in is None else f"{self.min_buy_in} to {self.max_buy_in}"


HOUSE_SETTING_NAMES: tuple[str, ...] = (
    *(f"rake.{f.name}" for f in fields(Rake)),
    *(f"house.{f.name}" for f in fields(HouseRules)),
)
"""The house settings a floor manager may change at a running table (``rake.percent``, ``house.max_runs``...)."""


def _typed(current: Any, text: str, name: str) -> Any:
    if isinstance(current, bool):
        if text not in ("True", "False", "true", "false"):
            raise IllegalActionError(f"House setting {name} is yes or no, not {text!r}", action="change the house settings")
        return text in ("True", "true")
    if isinstance(current, enum.Enum):
        try:
            return type(current)(text)
        except ValueError as error:
            allowed = ", ".join(str(member.value) for member in type(current))
            raise IllegalActionError(f"House setting {name} is one of {allowed}, not {text!r}", action="change the house settings") from error
    try:
        if text in ("None", ""):
            if name != "rake.cap":
                raise ValueError(text)
            return None
        return float(text) if isinstance(current, float) else int(text)
    except ValueError as error:
        raise IllegalActionError(f"House setting {name} must be a number, not {text!r}", action="change the house settings") from error


def apply_house_changes(config: TableConfig, changes: Sequence[tuple[str, str]]) -> TableConfig:
    """``config`` with the house settings ``changes`` (name, value as text); raises ``IllegalActionError`` naming a bad one."""
    rake: dict[str, Any] = {}
    house: dict[str, Any] = {}
    for name, text in changes:
        if name not in HOUSE_SETTING_NAMES:
            raise IllegalActionError(f"There is no house setting {name!r}", action="change the house settings")
        group, _, key = name.partition(".")
        target, source = (rake, config.rake) if group == "rake" else (house, config.house)
        current = getattr(source, key)
        target[key] = _typed(current if current is not None else 0, text, name)
    try:
        return replace(config, rake=replace(config.rake, **rake), house=replace(config.house, **house))
    except EngineError as error:
        raise IllegalActionError(f"Those house settings cannot apply: {error}", action="change the house settings") from error
