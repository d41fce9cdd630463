"""The games a table deals and when it changes game: one game, Mixed Omaha, or a mix rotation.

SPEC (Betting structures, "Mixed"): "the table alternates Limit and Pot-limit every orbit
(configurable: orbit or N hands), with the blinds of each structure configured (the seed: blinds
go up when switching from Pot-limit to Limit)". omaha-betting-structures.txt, "Blended Omaha":
"The blinds are increased when the game switches from Pot Limit to Limit". SPEC (Games, "Mix
game"): "a rotation of the above, agreed per table"; omaha-club-rules.txt, MIX GAME.

An orbit ends when the button has gone once round the table: the schedule adds up the seats the
button moves each hand, and the hand whose button completes a lap of ``seat_count`` seats starts
the next game. Misdealt hands do not count (they are replayed).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from dealer_console.engine.errors import GameDefinitionError
from dealer_console.engine.games import VARIANTS, Game, HouseRules, Rake, Stakes, Structure

__all__ = [
    "GameSchedule",
    "Rotation",
    "SchedulePosition",
    "ScheduledGame",
    "mix_rotation",
    "mixed_omaha",
    "position_for_next_hand",
    "single_game",
]


class Rotation(enum.Enum):
    """When a scheduled game gives way to the next one."""

    ORBIT = "orbit"
    """After the button has gone once round the table (SPEC default)."""
    HANDS = "hands"
    """After a fixed number of hands (``GameSchedule.hands_per_game``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ScheduledGame:
    """One game of a table's schedule: a variant code of :data:`~.games.VARIANTS`, a structure and its stakes."""

    variant: str
    structure: Structure
    stakes: Stakes

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise GameDefinitionError(f"unknown game {self.variant!r}; known: {', '.join(VARIANTS)}")

    def game(self, *, rake: Rake, house: HouseRules) -> Game:
        """The :class:`~.games.Game` dealt while this entry is current."""
        return Game(variant=VARIANTS[self.variant], structure=self.structure, stakes=self.stakes, rake=rake, house=house)

    @property
    def name(self) -> str:
        """For example ``"Limit Omaha (blinds 2/4)"``."""
        stakes = self.stakes
        return f"{self.structure.value.capitalize()} {VARIANTS[self.variant].name} (blinds {stakes.small_blind}/{stakes.big_blind})"

    @property
    def seats_limit(self) -> int:
        """The most players this game can deal to (the variant's limit and one deck)."""
        return VARIANTS[self.variant].player_limit()

    def player_limit(self, *, extra_player_authorized: bool = False) -> int:
        """As :attr:`seats_limit`, with one more player when the manager authorized it."""
        return VARIANTS[self.variant].player_limit(extra_player_authorized=extra_player_authorized)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSchedule:
    """The games of a table in their agreed order, and when the table moves on to the next."""

    games: tuple[ScheduledGame, ...]
    rotation: Rotation = Rotation.ORBIT
    hands_per_game: int = 0
    """With :attr:`Rotation.HANDS`: how many hands each game lasts."""

    def __post_init__(self) -> None:
        if not self.games:
            raise GameDefinitionError("a schedule needs at least one game")
        if self.rotation is Rotation.HANDS and self.hands_per_game < 1:
            raise GameDefinitionError(f"a rotation every N hands needs N of at least 1, not {self.hands_per_game}")

    @property
    def max_big_blind(self) -> int:
        """The largest big blind of any scheduled game (buy-ins are sized on it)."""
        return max(entry.stakes.big_blind for entry in self.games)

    @property
    def seats_limit(self) -> int:
        """The most players every scheduled game can deal to."""
        return min(entry.seats_limit for entry in self.games)

    @property
    def all_limit(self) -> bool:
        """True when every game is Limit (omaha-betting-structures.txt: no maximum buy-in for Limit)."""
        return all(entry.structure is Structure.LIMIT for entry in self.games)


@dataclass(frozen=True, slots=True)
class SchedulePosition:
    """Which game of the schedule a hand is, and how far the table has gone into it."""

    index: int = 0
    progress: int = 0
    """Seats the button has travelled since the game began (orbit), or hands dealt in it (hands)."""


def position_for_next_hand(
    schedule: GameSchedule,
    last: SchedulePosition | None,
    *,
    button_moved: int,
    seat_count: int,
) -> SchedulePosition:
    """The schedule position of the next hand, given the last finished hand's and how far the button moved.

    ``button_moved`` is the clockwise distance, in seats, from the last hand's button to the next
    hand's. ``last`` is ``None`` before the first hand.
    """
    count = len(schedule.games)
    if last is None:
        return SchedulePosition(0, 0 if schedule.rotation is Rotation.ORBIT else 1)
    if schedule.rotation is Rotation.HANDS:
        if last.progress >= schedule.hands_per_game:
            return SchedulePosition((last.index + 1) % count, 1)
        return SchedulePosition(last.index, last.progress + 1)
    travelled = last.progress + button_moved
    if travelled >= seat_count:
        return SchedulePosition((last.index + 1) % count, travelled - seat_count)
    return SchedulePosition(last.index, travelled)


def single_game(
    code: str,
    structure: Structure | str,
    *,
    small_blind: int,
    big_blind: int,
    small_bet: int | None = None,
    big_bet: int | None = None,
    chip_unit: int = 1,
) -> GameSchedule:
    """A table that deals one game."""
    stakes = Stakes(small_blind=small_blind, big_blind=big_blind, small_bet=small_bet, big_bet=big_bet, chip_unit=chip_unit)
    return GameSchedule(games=(ScheduledGame(variant=code, structure=Structure(structure), stakes=stakes),))


def mixed_omaha(
    code: str = "O",
    *,
    pot_limit: Stakes,
    limit: Stakes | None = None,
    rotation: Rotation = Rotation.ORBIT,
    hands_per_game: int = 0,
) -> GameSchedule:
    """Mixed ("Blended") Omaha: Limit and Pot-limit alternate, Limit first, each with its own blinds.

    Without ``limit`` stakes the Limit blinds are twice the Pot-limit blinds. Limit blinds that do
    not go up are refused (omaha-betting-structures.txt, "Blended Omaha": the blinds are increased
    when the game switches from Pot Limit to Limit).
    """
    if limit is None:
        limit = Stakes(small_blind=2 * pot_limit.small_blind, big_blind=2 * pot_limit.big_blind, chip_unit=pot_limit.chip_unit)
    if limit.big_blind <= pot_limit.big_blind:
        raise GameDefinitionError(
            f"Mixed Omaha: the Limit big blind {limit.big_blind} must be higher than the Pot-limit big blind {pot_limit.big_blind}"
            " (omaha-betting-structures.txt, Blended Omaha: the blinds go up from Pot-limit to Limit)"
        )
    return GameSchedule(
        games=(
            ScheduledGame(variant=code, structure=Structure.LIMIT, stakes=limit),
            ScheduledGame(variant=code, structure=Structure.POT_LIMIT, stakes=pot_limit),
        ),
        rotation=rotation,
        hands_per_game=hands_per_game,
    )


def mix_rotation(
    entries: tuple[tuple[str, Structure | str], ...],
    *,
    pot_limit: Stakes,
    limit: Stakes | None = None,
    rotation: Rotation = Rotation.ORBIT,
    hands_per_game: int = 0,
) -> GameSchedule:
    """A mix game: the (variant code, structure) entries in the agreed order.

    Limit entries use the ``limit`` stakes (default: twice the others' blinds, as in Mixed Omaha);
    Pot-limit and No-limit entries use ``pot_limit``.
    """
    if limit is None:
        limit = Stakes(small_blind=2 * pot_limit.small_blind, big_blind=2 * pot_limit.big_blind, chip_unit=pot_limit.chip_unit)
    games = []
    for code, structure in entries:
        kind = Structure(structure)
        games.append(ScheduledGame(variant=code, structure=kind, stakes=limit if kind is Structure.LIMIT else pot_limit))
    return GameSchedule(games=tuple(games), rotation=rotation, hands_per_game=hands_per_game)
