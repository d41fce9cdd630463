"""The dealer's commands as frozen records: what the dealer asked for, given to :meth:`TableSession.perform`.

A command names the dealer's intent (``Fold()``, ``RaiseTo(80)``, ``DealBoard(cards)``); the session turns it into
the engine's events, which the engine checks. A refused command changes nothing. The offers of the moment
(:mod:`dealer_console.live.offers`) carry the command that takes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_console.engine.cards import Card
from dealer_console.engine.table_events import TableAgreements
from dealer_console.store.stored import StaffMember

__all__ = [
    "AllIn", "Bet", "Call", "ChangeAgreements", "ChangeHouseSettings", "Check", "ChooseRuns", "Command", "ConsentToRestraddle",
    "DealBoard", "DealHoleCards", "DealNext", "DeclareMisdeal", "Discard", "Fold", "Muck", "PostMississippi", "PostRestraddle",
    "PostStraddle", "RaiseTo", "Show", "StartHand", "Undo", "Wager", "typed_cards",
    "AddChips", "ChangeSeat", "CloseTable", "LeaveTable", "SeatCommand", "SeatPlayer", "SitBack", "SitOut",
    "CallClock", "ConfirmClockOutcome", "DutyCommand", "PushDealer",
]


def typed_cards(cards: Sequence[Card | str] | None) -> tuple[Card | str, ...] | None:
    """Cards the dealer typed, as a record holds them (``None``: none typed)."""
    return None if cards is None else tuple(cards)


@dataclass(frozen=True, slots=True)
class StartHand:
    """Finish the last hand (if over) and start the next: the plan's blinds and posts are made; no card dealt."""


@dataclass(frozen=True, slots=True)
class Fold:
    """The player to act folds."""


@dataclass(frozen=True, slots=True)
class Check:
    """The player to act checks."""


@dataclass(frozen=True, slots=True)
class Call:
    """The player to act calls."""


@dataclass(frozen=True, slots=True)
class Bet:
    """The player to act bets ``amount``."""

    amount: int


@dataclass(frozen=True, slots=True)
class RaiseTo:
    """The player to act raises to a total of ``amount`` this round."""

    amount: int


@dataclass(frozen=True, slots=True)
class Wager:
    """Bet or raise to ``amount``, whichever the player to act may do (the keypad's amount)."""

    amount: int


@dataclass(frozen=True, slots=True)
class AllIn:
    """The player to act puts every chip in."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Oklahoma: the seat owing a discard throws ``card`` (a card, its text, or its position in the hand)."""

    card: Card | str | int


@dataclass(frozen=True, slots=True)
class DealHoleCards:
    """Deal every player's hole cards, in deal order (those not dealt yet)."""


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Deal the street due: ``cards`` the dealer typed, else the camera's reading, else the deck."""

    cards: tuple[Card | str, ...] | None = None


@dataclass(frozen=True, slots=True)
class DealNext:
    """Deal what is due: the hole cards while the blinds are being posted, else the street due."""


@dataclass(frozen=True, slots=True)
class ChooseRuns:
    """A contender's choice of how many times to run the board (1, 2 or 3)."""

    seat: int
    runs: int


@dataclass(frozen=True, slots=True)
class Show:
    """``seat`` tables its hand (``cards``: what the dealer typed for a hand dealt face down)."""

    seat: int
    cards: tuple[Card | str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Muck:
    """``seat`` throws its hand away at showdown."""

    seat: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Void the latest event of the hand; cards it dealt go back on top of the deck."""


@dataclass(frozen=True, slots=True)
class DeclareMisdeal:
    """The hand is void, every chip goes back, the button does not move."""

    reason: str = "misdeal declared by the dealer"


@dataclass(frozen=True, slots=True)
class PostStraddle:
    """The player facing the big blind posts a straddle of twice the big blind."""


@dataclass(frozen=True, slots=True)
class PostMississippi:
    """The button posts a Mississippi straddle (``authorized_by``: for this hand only, the floor manager who authorizes it,
    as the store's sign-in returned them; ``None``: under the table's standing authorization)."""

    authorized_by: StaffMember | None = None


@dataclass(frozen=True, slots=True)
class ConsentToRestraddle:
    """``seat``'s yes or no to the re-straddle."""

    seat: int
    agrees: bool


@dataclass(frozen=True, slots=True)
class PostRestraddle:
    """The player facing the straddle re-straddles, twice the straddle."""


@dataclass(frozen=True, slots=True)
class ChangeAgreements:
    """The table's standing agreements, changed by floor manager ``by`` (as the store's sign-in returned them)."""

    agreements: TableAgreements
    by: StaffMember


@dataclass(frozen=True, slots=True)
class ChangeHouseSettings:
    """New house settings (``("rake.percent", "5")``...) from the next hand on, by floor manager ``by`` (as the store's
    sign-in returned them)."""

    changes: tuple[tuple[str, str], ...]
    by: StaffMember
    reason: str = ""





# ---------------------------------------------------------------------- seats (dealer_console.live.seating runs them)


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """``player`` sits down in the empty ``seat`` with ``buy_in`` chips; they wait for the big blind or post one to play now."""

    seat: int
    player: str
    buy_in: int
    wait_for_big_blind: bool = True


@dataclass(frozen=True, slots=True)
class AddChips:
    """A rebuy or add-on of ``amount`` for ``seat``; bought during a hand the player is in, it plays from the next hand."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class SitOut:
    """``seat`` sits out from the next hand on."""

    seat: int


@dataclass(frozen=True, slots=True)
class SitBack:
    """``seat`` comes back: ``post_now`` posts the blinds missed to play at once, else they wait for the big blind."""

    seat: int
    post_now: bool


@dataclass(frozen=True, slots=True)
class LeaveTable:
    """``seat`` leaves between hands, cashing out the whole stack."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChangeSeat:
    """The player in ``seat`` moves to the empty ``to_seat`` between hands."""

    seat: int
    to_seat: int


@dataclass(frozen=True, slots=True)
class CloseTable:
    """Floor manager ``by`` (as the store's sign-in returned them) closes the table: everyone cashes out, the session's
    chip audit is recorded."""

    by: StaffMember


SeatCommand = SeatPlayer | AddChips | SitOut | SitBack | LeaveTable | ChangeSeat | CloseTable
"""A command about who sits where and with what (:mod:`dealer_console.live.seating`)."""


# ---------------------------------------------------------------------- the dealer on duty and the action clock


@dataclass(frozen=True, slots=True)
class PushDealer:
    """Between hands, ``dealer`` (as the store's staff sign-in returned them) takes over the table; the dealer on duty signs
    out (SPEC: A night at the table)."""

    dealer: StaffMember


@dataclass(frozen=True, slots=True)
class CallClock:
    """``by`` (the floor or the dealer) puts the player to act, ``seat``, on the house's action clock (then their time bank)."""

    seat: int
    by: str = ""


@dataclass(frozen=True, slots=True)
class ConfirmClockOutcome:
    """The clock on ``seat`` ran out: the dealer confirms the rule's outcome (fold facing a bet, else check)."""

    seat: int
    time_bank_used: int = 0


DutyCommand = PushDealer | CallClock | ConfirmClockOutcome
"""The commands of the dealer on duty and the action clock (:mod:`dealer_console.live.dealer_duty`)."""

Command = (StartHand | Fold | Check | Call | Bet | RaiseTo | Wager | AllIn | Discard | DealHoleCards | DealBoard | DealNext
           | ChooseRuns | Show | Muck | Undo | DeclareMisdeal | PostStraddle | PostMississippi | ConsentToRestraddle
           | PostRestraddle | ChangeAgreements | ChangeHouseSettings | SeatCommand | DutyCommand)
"""Any command the session performs."""
