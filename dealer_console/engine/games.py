"""Game definitions: the variant (cards, boards, split, discards), the betting structure,
the stakes, the rake and the house settings where card rooms differ.

Every combination of SPEC's games with Limit, Pot-limit and No-limit is a :class:`Game`;
:meth:`Game.validate_players` checks a deal fits in one 52-card deck.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from dealer_console.engine.errors import GameDefinitionError

__all__ = [
    "BOARD_CARDS",
    "BURNS_PER_HAND",
    "DECK_SIZE",
    "DOUBLE_BOARD_OMAHA",
    "DOUBLE_BOARD_OMAHA_HI_LO",
    "FIVE_CARD_DOUBLE_BOARD_OMAHA",
    "FIVE_CARD_OMAHA",
    "FIVE_CARD_OMAHA_HI_LO",
    "OKLAHOMA",
    "OMAHA",
    "OMAHA_HI_LO",
    "SIX_CARD_DOUBLE_BOARD_OMAHA",
    "SIX_CARD_DOUBLE_BOARD_OMAHA_HI_LO",
    "SIX_CARD_OMAHA",
    "SIX_CARD_OMAHA_HI_LO",
    "STREET_CARDS",
    "VARIANTS",
    "Game",
    "HouseRules",
    "MississippiPreflopOrder",
    "Rake",
    "Stakes",
    "StraddlePrecedence",
    "Structure",
    "Variant",
    "make_game",
]

DECK_SIZE = 52
BOARD_CARDS = 5
STREET_CARDS = (3, 1, 1)
"""Board cards dealt on the flop, turn and river."""
BURNS_PER_HAND = 3
"""One burn before each of flop, turn and river (both boards of a double board are dealt after one burn)."""


class Structure(enum.Enum):
    """Betting structure."""

    LIMIT = "limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    """The card side of a game: hole cards, boards, split and discards."""

    code: str
    name: str
    hole_cards: int = 4
    boards: int = 1
    hi_lo: bool = False
    discards: tuple[int, ...] = ()
    """Streets (1 = flop round, 2 = turn round) on which every active player discards one card."""
    max_players: int = 8
    """omaha-club-rules.txt (opening): two to eight players; a ninth only with the manager's authorization."""

    def __post_init__(self) -> None:
        if not 2 <= self.hole_cards <= 6:
            raise GameDefinitionError(f"{self.name}: {self.hole_cards} hole cards; Omaha games deal 4, 5 or 6")
        if self.hole_cards - len(self.discards) < 2:
            raise GameDefinitionError(f"{self.name}: players would hold fewer than two hole cards after discards")
        if self.boards not in (1, 2):
            raise GameDefinitionError(f"{self.name}: {self.boards} boards; one or two are dealt")
        if any(street not in (1, 2) for street in self.discards):
            raise GameDefinitionError(f"{self.name}: discards happen on the flop round (1) or the turn round (2)")

    def player_limit(self, *, extra_player_authorized: bool = False) -> int:
        """The most players dealt in: ``max_players`` (one more with the manager's authorization), deck permitting."""
        return min(self.max_players + (1 if extra_player_authorized else 0), self.deck_capacity())

    def deck_capacity(self, *, runs: int = 1) -> int:
        """The most players one deck can deal this variant to, with ``runs`` complete boards."""
        board_cards = self.boards * BOARD_CARDS * runs
        return (DECK_SIZE - board_cards - BURNS_PER_HAND * runs) // self.hole_cards


OMAHA = Variant(code="O", name="Omaha")
OMAHA_HI_LO = Variant(code="O/8", name="Omaha Hi-Lo 8-or-better", hi_lo=True)
FIVE_CARD_OMAHA = Variant(code="5O", name="Five-card Omaha", hole_cards=5)
FIVE_CARD_OMAHA_HI_LO = Variant(code="5O/8", name="Five-card Omaha Hi-Lo", hole_cards=5, hi_lo=True)
SIX_CARD_OMAHA = Variant(code="6O", name="Six-card Omaha", hole_cards=6)
SIX_CARD_OMAHA_HI_LO = Variant(code="6O/8", name="Six-card Omaha Hi-Lo", hole_cards=6, hi_lo=True)
# The seed (omaha-club-rules.txt, "Double board Omaha") seats up to seven players.
DOUBLE_BOARD_OMAHA = Variant(code="DBO", name="Double-board Omaha", boards=2, max_players=7)
DOUBLE_BOARD_OMAHA_HI_LO = Variant(code="DBO/8", name="Double-board Omaha Hi-Lo", boards=2, hi_lo=True, max_players=7)
FIVE_CARD_DOUBLE_BOARD_OMAHA = Variant(code="5DBO", name="Five-card Double-board Omaha", hole_cards=5, boards=2, max_players=7)
SIX_CARD_DOUBLE_BOARD_OMAHA = Variant(code="6DBO", name="Six-card Double-board Omaha", hole_cards=6, boards=2, max_players=7)
SIX_CARD_DOUBLE_BOARD_OMAHA_HI_LO = Variant(
    code="6DBO/8", name="Six-card Double-board Omaha Hi-Lo", hole_cards=6, boards=2, hi_lo=True, max_players=7
)
OKLAHOMA = Variant(code="OK", name="Oklahoma", discards=(1, 2))

VARIANTS: dict[str, Variant] = {
    variant.code: variant
    for variant in (
        OMAHA, OMAHA_HI_LO, FIVE_CARD_OMAHA, FIVE_CARD_OMAHA_HI_LO, SIX_CARD_OMAHA, SIX_CARD_OMAHA_HI_LO,
        DOUBLE_BOARD_OMAHA, DOUBLE_BOARD_OMAHA_HI_LO, FIVE_CARD_DOUBLE_BOARD_OMAHA, SIX_CARD_DOUBLE_BOARD_OMAHA,
        SIX_CARD_DOUBLE_BOARD_OMAHA_HI_LO, OKLAHOMA,
    )
}
"""Every variant of SPEC's games table, by code."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """Blinds and bet sizes in the table's money unit (integers, e.g. cents)."""

    small_blind: int
    big_blind: int
    small_bet: int | None = None
    """Limit only: the bet on pre-flop and flop; defaults to the big blind."""
    big_bet: int | None = None
    """Limit only: the bet on turn and river; defaults to twice the small bet."""
    chip_unit: int = 1
    """The table's smallest chip: pots are split in this unit."""

    def __post_init__(self) -> None:
        if self.chip_unit <= 0:
            raise GameDefinitionError(f"chip unit {self.chip_unit} must be positive")
        if self.big_blind <= 0 or self.small_blind < 0:
            raise GameDefinitionError(f"blinds {self.small_blind}/{self.big_blind}: the big blind must be positive")
        if self.small_blind > self.big_blind:
            raise GameDefinitionError(f"blinds {self.small_blind}/{self.big_blind}: the small blind exceeds the big blind")
        for name in ("small_blind", "big_blind", "small_bet", "big_bet"):
            amount = getattr(self, name)
            if amount is not None and amount % self.chip_unit:
                raise GameDefinitionError(f"{name.replace('_', ' ')} {amount} is not a multiple of the chip unit {self.chip_unit}")
        if self.small_bet is not None and self.small_bet <= 0:
            raise GameDefinitionError(f"small bet {self.small_bet} must be positive")
        if self.big_bet is not None and self.big_bet < self.limit_small_bet:
            raise GameDefinitionError(f"big bet {self.big_bet} is smaller than the small bet {self.limit_small_bet}")

    @property
    def limit_small_bet(self) -> int:
        """Limit bet size on pre-flop and flop (omaha-betting-structures.txt: the big blind)."""
        return self.small_bet if self.small_bet is not None else self.big_blind

    @property
    def limit_big_bet(self) -> int:
        """Limit bet size on turn and river (omaha-betting-structures.txt: twice the big blind)."""
        return self.big_bet if self.big_bet is not None else 2 * self.limit_small_bet

    def limit_bet(self, street: int) -> int:
        """The fixed bet and raise size on ``street`` (0 pre-flop .. 3 river)."""
        return self.limit_small_bet if street < 2 else self.limit_big_bet


@dataclass(frozen=True, slots=True, kw_only=True)
class Rake:
    """The house's take: a percentage with a cap, "no flop, no drop", and a jackpot drop."""

    percent: float = 0.0
    cap: int | None = None
    no_flop_no_drop: bool = True
    jackpot_drop: int = 0
    """A fixed amount taken for the jackpot from every pot that reaches ``jackpot_threshold``."""
    jackpot_threshold: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100:
            raise GameDefinitionError(f"rake {self.percent}% must be between 0 and 100")
        if self.cap is not None and self.cap < 0:
            raise GameDefinitionError(f"rake cap {self.cap} must not be negative")
        if self.jackpot_drop < 0 or self.jackpot_threshold < 0:
            raise GameDefinitionError("jackpot drop and threshold must not be negative")


class MississippiPreflopOrder(enum.Enum):
    """Who opens pre-flop under a Mississippi straddle."""

    SMALL_BLIND_FIRST = "small-blind-first"
    """The seed's rule (omaha-club-rules.txt, MISSISSIPPI): the small blind is under the gun."""
    LEFT_OF_BIG_BLIND = "left-of-big-blind"
    """Action starts left of the big blind, skips the button and ends on it."""


class StraddlePrecedence(enum.Enum):
    """Which wins when both a straddle and a Mississippi are asked for."""

    STRADDLE = "straddle"
    MISSISSIPPI = "mississippi"


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseRules:
    """Settings where card rooms differ; stored with every hand they apply to (SPEC)."""

    limit_raises_per_round: int = 3
    """Limit: a bet and this many raises (omaha-limit-basics.txt: four bets a round)."""
    limit_heads_up_uncapped: bool = False
    """Limit: no cap while only two players are in the hand."""
    mississippi_preflop_order: MississippiPreflopOrder = MississippiPreflopOrder.SMALL_BLIND_FIRST
    straddle_precedence: StraddlePrecedence = StraddlePrecedence.STRADDLE
    button_straddle_in_limit: bool = False
    odd_chip_to_first_run: bool = True
    """The odd chip between runs goes to the first run (SPEC default); otherwise to the last."""
    max_runs: int = 3
    action_clock_seconds: int = 0
    """The action clock (TDA): seconds a player called on the clock has to act; 0: the house uses no clock."""
    time_bank_seconds: int = 0
    """Each player's time bank for the night, used once the clock runs out (TDA); 0: no time banks."""

    def __post_init__(self) -> None:
        if self.action_clock_seconds < 0 or self.time_bank_seconds < 0:
            raise GameDefinitionError("the action clock and the time bank are seconds, 0 or more")
        if self.limit_raises_per_round < 1:
            raise GameDefinitionError("limit needs at least one raise per round")
        if not 1 <= self.max_runs <= 3:
            raise GameDefinitionError(f"at most three runs (SPEC); got {self.max_runs}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """A variant, a betting structure and stakes, with the rake and house rules that apply."""

    variant: Variant
    structure: Structure
    stakes: Stakes
    rake: Rake = field(default_factory=Rake)
    house: HouseRules = field(default_factory=HouseRules)

    @property
    def name(self) -> str:
        """For example ``"Pot-limit Omaha Hi-Lo 8-or-better"``."""
        return f"{self.structure.value.capitalize()} {self.variant.name}"

    def validate_players(self, count: int, *, extra_player_authorized: bool = False) -> None:
        """Refuse a deal of ``count`` players that the game or the deck cannot take.

        ``extra_player_authorized``: the manager allowed one player more than the game seats
        (omaha-club-rules.txt: "subject to the authorization of a poker club manager, a ninth
        player can participate").
        """
        if count < 2:
            raise GameDefinitionError(f"{self.name} needs at least two players, not {count}")
        limit = self.variant.player_limit(extra_player_authorized=extra_player_authorized)
        if count > limit:
            raise GameDefinitionError(
                f"{self.name} seats at most {limit} players: {count} x {self.variant.hole_cards} hole cards"
                f" + {self.variant.boards * BOARD_CARDS} board cards + {BURNS_PER_HAND} burns exceed {DECK_SIZE} cards"
                if count > self.variant.deck_capacity()
                else f"{self.name} seats at most {limit} players, not {count}"
                + ("" if extra_player_authorized else " (one more only with the manager's authorization)")
            )


def make_game(
    code: str,
    structure: Structure | str,
    *,
    small_blind: int,
    big_blind: int,
    small_bet: int | None = None,
    big_bet: int | None = None,
    chip_unit: int = 1,
    rake: Rake | None = None,
    house: HouseRules | None = None,
) -> Game:
    """Build a game by variant code (see :data:`VARIANTS`) and structure name."""
    variant = VARIANTS.get(code)
    if variant is None:
        raise GameDefinitionError(f"unknown game {code!r}; known: {', '.join(VARIANTS)}")
    return Game(
        variant=variant,
        structure=Structure(structure) if isinstance(structure, str) else structure,
        stakes=Stakes(small_blind=small_blind, big_blind=big_blind, small_bet=small_bet, big_bet=big_bet, chip_unit=chip_unit),
        rake=rake or Rake(),
        house=house or HouseRules(),
    )
