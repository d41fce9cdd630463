"""The records of a table: frozen, appended in order; the table's state is derived from them.

Seat changes (a player sits down, adds on, cashes out, sits out, comes back, leaves), standing
agreements and choices, the first button, and one record per hand started, finished or misdealt.
Records are nouns (``PlayerSeated``); :class:`~dealer_console.engine.table.Table` has the verbs
(``sit_down``). A :class:`HandPlan` is what the table decided for one hand: the game, the button,
the blinds and posts, who is dealt in and who waits, with the agreements and choices that apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from dealer_console.engine.events import BlindKind
from dealer_console.engine.games import Game
from dealer_console.engine.hand import HandSetup
from dealer_console.engine.schedule import SchedulePosition

__all__ = [
    "ActionClockCalled",
    "ActionClockExpired",
    "AgreementsChanged",
    "ButtonPlaced",
    "ChipsAdded",
    "ChipsCashedOut",
    "ChoicesChanged",
    "DealerPushed",
    "HandFinished",
    "HandMisdealt",
    "HandPlan",
    "HandStarted",
    "MississippiAuthorization",
    "PlayerCameBack",
    "PlayerChoices",
    "PlayerLeft",
    "PlayerSatOut",
    "PlayerSeated",
    "Post",
    "SeatChanged",
    "TableClosed",
    "TableAgreements",
    "TableEvent",
    "Waiting",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class MississippiAuthorization:
    """The manager's authorization for Mississippi straddles at this table (omaha-club-rules.txt, MISSISSIPPI)."""

    manager: str
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class TableAgreements:
    """Standing agreements of a table (SPEC: Blinds, button, straddles), recorded with every hand."""

    straddles_allowed: bool = True
    mississippi: MississippiAuthorization | None = None
    """``None``: no Mississippi straddles (they need a manager's authorization on record)."""
    extra_boards_allowed: bool = True
    extra_player_authorized_by: str | None = None
    """The manager who allowed one player more than the games seat (omaha-club-rules.txt: a ninth player)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerChoices:
    """A player's standing choices, applied to every hand they play until changed."""

    wait_for_big_blind: bool = True
    """When they owe a blind (new, or back from sitting out): wait for the big blind instead of posting."""
    always_run_once: bool = False
    """Answer "once" whenever extra boards are offered."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Post:
    """A blind or post a seat owes before the deal, with the amount actually due (all-in for less when short)."""

    seat: int
    blind: BlindKind
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Waiting:
    """A seated player who is not dealt in this hand, and why (shown to the dealer)."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPlan:
    """The table's plan for one hand: everything decided before the first card."""

    number: int
    game: Game
    schedule_position: SchedulePosition
    button: int
    """The button's seat. Under the dead-button rule it may be an empty seat, or a player not dealt in."""
    small_blind_position: int
    """Where the small blind is due (the last hand's big blind under the dead-button rule), even if nobody posts it."""
    small_blind: int | None
    """The seat posting the small blind, or ``None`` (a dead small blind)."""
    big_blind: int
    dealt_in: tuple[int, ...]
    """Seats dealt in, in deal order (from the first seat left of the button)."""
    posts: tuple[Post, ...]
    waiting: tuple[Waiting, ...]
    passed: tuple[tuple[int, int], ...]
    """(seat, seating) of players the big blind passes without their being dealt in: they will owe blinds."""
    players: tuple[tuple[int, str], ...]
    """(seat, name) of every player dealt in."""
    agreements: TableAgreements
    choices: tuple[tuple[int, PlayerChoices], ...]
    """The standing choices of every player dealt in."""
    heads_up: bool
    fresh_start: bool
    """True when the game (re)started: everyone eligible is dealt in and owes nothing (Robert's Rules, newly started game)."""
    setup: HandSetup

    @property
    def dead_button(self) -> bool:
        """True when the button is on a seat that is not dealt in."""
        return self.button not in self.dealt_in

    def posts_of(self, seat: int) -> tuple[Post, ...]:
        """What ``seat`` posts before the deal."""
        return tuple(post for post in self.posts if post.seat == seat)

    def choices_of(self, seat: int) -> PlayerChoices:
        """The standing choices of a seat dealt in."""
        return dict(self.choices).get(seat, PlayerChoices())

    def describe(self) -> list[str]:
        """Lines a dealer reads before the deal."""
        game = self.game
        lines = [f"Hand {self.number}: {game.name}, blinds {game.stakes.small_blind}/{game.stakes.big_blind}"]
        button = f"Button on seat {self.button}" + (" (dead button)" if self.dead_button else "")
        lines.append(button + ("; heads-up: the button posts the small blind" if self.heads_up else ""))
        if self.small_blind is None:
            dead = self.small_blind_position not in self.dealt_in
            lines.append("No small blind this hand" + (f" (seat {self.small_blind_position} is not dealt in)" if dead else ""))
        for post in self.posts:
            lines.append(f"Seat {post.seat} posts a {post.blind.value} of {post.amount}")
        for wait in self.waiting:
            lines.append(f"Seat {wait.seat} is not dealt in: {wait.reason}")
        return lines


@dataclass(frozen=True, slots=True, kw_only=True)
class TableEvent:
    """Base of every table record."""

    kind: ClassVar[str] = "table_event"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated(TableEvent):
    """A player sits down with a buy-in."""

    kind: ClassVar[str] = "seated"
    seat: int
    player: str
    buy_in: int
    choices: PlayerChoices = PlayerChoices()


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsAdded(TableEvent):
    """An add-on (or a rebuy after losing every chip) between hands."""

    kind: ClassVar[str] = "add_on"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsCashedOut(TableEvent):
    """Chips taken off the table by a player who stays (only where the house allows it)."""

    kind: ClassVar[str] = "cash_out"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSatOut(TableEvent):
    """A player sits out from the next hand on; the blinds that pass them are owed."""

    kind: ClassVar[str] = "sit_out"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCameBack(TableEvent):
    """A player who sat out wants to be dealt in again."""

    kind: ClassVar[str] = "come_back"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLeft(TableEvent):
    """A player leaves the table, taking ``cashed_out`` chips (their whole stack)."""

    kind: ClassVar[str] = "leave"
    seat: int
    cashed_out: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoicesChanged(TableEvent):
    """A player's standing choices, from the next hand on."""

    kind: ClassVar[str] = "choices"
    seat: int
    choices: PlayerChoices


@dataclass(frozen=True, slots=True, kw_only=True)
class AgreementsChanged(TableEvent):
    """The table's standing agreements, from the next hand on."""

    kind: ClassVar[str] = "agreements"
    agreements: TableAgreements
    by: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonPlaced(TableEvent):
    """Where the button starts (omaha-club-rules.txt: "determined randomly before the first hand")."""

    kind: ClassVar[str] = "button"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted(TableEvent):
    """A hand is dealt to the plan; nothing changes at the table until it is finished or misdealt."""

    kind: ClassVar[str] = "hand_started"
    plan: HandPlan


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFinished(TableEvent):
    """A finished hand: its plan (button, blinds, posts, who was dealt in) and its result."""

    kind: ClassVar[str] = "hand_finished"
    plan: HandPlan
    final_stacks: tuple[tuple[int, int], ...]
    rake: int = 0
    jackpot: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class HandMisdealt(TableEvent):
    """A misdealt hand: every chip went back, the button does not move, the hand is dealt again."""

    kind: ClassVar[str] = "hand_misdealt"
    plan: HandPlan
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChanged(TableEvent):
    """A player moves from ``seat`` to the empty ``to_seat`` between hands, with their stack and what they owe."""

    kind: ClassVar[str] = "seat_change"
    seat: int
    to_seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableClosed(TableEvent):
    """The table closes its session: nobody is seated any more and the session's chip audit is on record.

    ``buy_ins`` counts every chip brought (first buy-ins, rebuys and add-ons), ``add_ons`` the rebuys and add-ons
    among them; ``cash_outs`` every chip taken away; ``rake`` and ``jackpot`` the house's take; ``hands`` the hands
    played to the end. The session's figures start again from zero after it.
    """

    kind: ClassVar[str] = "table_closed"
    by: str
    buy_ins: int
    add_ons: int
    cash_outs: int
    rake: int
    jackpot: int
    hands: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerPushed(TableEvent):
    """The dealer on duty changes between hands (a "push", SPEC: A night at the table): ``dealer`` signs in at the table and
    ``outgoing`` (``""``: nobody was on duty) signs out, having dealt ``outgoing_hands`` hands in their down."""

    kind: ClassVar[str] = "dealer_push"
    dealer: str
    outgoing: str = ""
    outgoing_hands: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionClockCalled(TableEvent):
    """The floor or the dealer puts ``seat``, the player to act, on the clock (SPEC: an optional action clock, TDA).

    ``seconds`` on the clock, then up to ``time_bank`` seconds of the seat's time bank; ``by`` who called it."""

    kind: ClassVar[str] = "clock_called"
    hand_number: int
    seat: int
    seconds: int
    time_bank: int = 0
    by: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionClockExpired(TableEvent):
    """The clock on ``seat`` ran out and the dealer confirmed the rule's outcome (``"fold"`` facing a bet, else ``"check"``);
    ``time_bank_used`` seconds of the seat's time bank went with it."""

    kind: ClassVar[str] = "clock_expired"
    hand_number: int
    seat: int
    outcome: str
    time_bank_used: int = 0
