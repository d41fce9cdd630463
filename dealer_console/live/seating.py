"""Who sits where, with what: seating a player, rebuys and add-ons, sitting out and back, seat changes, leaving, and
closing the table, at any table (the demo or a configured one).

Each operation is a command (:mod:`dealer_console.live.commands`: ``SeatPlayer``, ``AddChips``, ``SitOut``,
``SitBack``, ``LeaveTable``, ``ChangeSeat``, ``CloseTable``) that :meth:`TableSession.perform` hands here. Every
record is checked by the engine's table before it is stored (write-ahead, with a recorder) and applied, so a refused
operation stores nothing. :func:`seat_operations` says which operations are legal for a seat now (the seat menu of
the screen). Nothing here imports Qt.

Between hands means "once the hand's result is recorded": a hand that is over is recorded before an operation that
needs the table between hands (a player who leaves after the last hand), as the next hand's start would record it.
Chips bought during a hand by a player in it play from the next hand (SPEC, table stakes; docs/table.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeGuard

from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.table_events import (
    ChipsAdded,
    ChoicesChanged,
    PlayerCameBack,
    PlayerChoices,
    PlayerLeft,
    PlayerSatOut,
    PlayerSeated,
    SeatChanged,
    TableClosed,
    TableEvent,
)
from dealer_console.live.commands import AddChips, ChangeSeat, CloseTable, LeaveTable, SeatCommand, SeatPlayer, SitBack, SitOut
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.store.errors import NotAuthorizedError
from dealer_console.store.kinds import Source

if TYPE_CHECKING:
    from dealer_console.engine.table import Table
    from dealer_console.live.table_session import TableSession
    from dealer_console.store.stored import StaffMember

__all__ = [
    "SeatOperation", "SeatOperationKind", "demo_buy_in", "empty_seats", "is_seat_command", "keep_demo_players",
    "known_players",
    "rebuy_busted", "run_seat_command", "seat_operations",
]


class SeatOperationKind(Enum):
    """What the seat menu may offer."""

    SEAT_PLAYER = "seat a player"
    REBUY = "rebuy"
    ADD_ON = "add on"
    SIT_OUT = "sit out"
    SIT_BACK_POST = "sit back and post now"
    SIT_BACK_WAIT = "sit back and wait for the big blind"
    CHANGE_SEAT = "change seat"
    LEAVE = "leave"


@dataclass(frozen=True, slots=True)
class SeatOperation:
    """One operation of a seat's menu: what it is, and the figures the dealer needs for it."""

    kind: SeatOperationKind
    seat: int
    minimum: int = 0
    """The least amount (a buy-in or rebuy: the minimum buy-in)."""
    maximum: int | None = None
    """The most amount (``None``: no maximum); for a leave, the chips cashed out."""


# ---------------------------------------------------------------------- what is legal now


def empty_seats(table: Table) -> tuple[int, ...]:
    """Seats nobody holds."""
    return tuple(seat for seat in range(1, table.config.seat_count + 1) if table.seat(seat) is None)


def _between_hands(session: TableSession) -> bool:
    hand = session.hand
    return session.table.hand_in_progress is None or (hand is not None and hand.is_complete)


def seat_operations(session: TableSession, seat: int) -> tuple[SeatOperation, ...]:
    """The operations legal for ``seat`` now, in menu order (the engine's rules, asked without recording anything)."""
    table = session.table
    config = table.config
    view = table.seat(seat)
    if view is None:
        if table.seated_count >= table.player_limit or not 1 <= seat <= config.seat_count:
            return ()
        return (SeatOperation(SeatOperationKind.SEAT_PLAYER, seat, config.min_buy_in, config.max_buy_in),)
    operations: list[SeatOperation] = []
    held = view.stack + table.pending_chips(seat)
    room = None if config.max_buy_in is None else config.max_buy_in - held
    if held == 0:
        operations.append(SeatOperation(SeatOperationKind.REBUY, seat, config.min_buy_in, room))
    elif room is None or room > 0:
        operations.append(SeatOperation(SeatOperationKind.ADD_ON, seat, 1, room))
    if view.sitting_out:
        operations.append(SeatOperation(SeatOperationKind.SIT_BACK_POST, seat))
        operations.append(SeatOperation(SeatOperationKind.SIT_BACK_WAIT, seat))
    else:
        operations.append(SeatOperation(SeatOperationKind.SIT_OUT, seat))
    between = _between_hands(session)
    playing = table.hand_in_progress is not None and seat in table.hand_in_progress.dealt_in
    if between and empty_seats(table):
        operations.append(SeatOperation(SeatOperationKind.CHANGE_SEAT, seat))
    if between or not playing:
        # a hand over but not yet recorded: its final stack is what the player leaves with
        stack = session.hand.stacks[seat] if playing and session.hand is not None else view.stack
        operations.append(SeatOperation(SeatOperationKind.LEAVE, seat, maximum=stack + table.pending_chips(seat)))
    return tuple(operations)


def known_players(session: TableSession) -> list[str]:
    """The room's player list (the store's), for picking a name; empty at a table that records nothing."""
    recorder = session.recorder
    return [] if recorder is None else [player.name for player in recorder.store.players()]


# ---------------------------------------------------------------------- running a command


def is_seat_command(command: object) -> TypeGuard[SeatCommand]:
    """True for a command this module runs."""
    return isinstance(command, SeatPlayer | AddChips | SitOut | SitBack | LeaveTable | ChangeSeat | CloseTable)


def _record(session: TableSession, event: TableEvent, *, source: Source = Source.DEALER, by: StaffMember | None = None) -> None:
    """One table record: checked, stored durably (with a store), then applied."""
    if session.recorder is None:
        session.table.apply(event)
    else:
        actor = by.name if by is not None else session.dealer
        session.recorder.apply(event, actor=actor, source=source, by=by)


def run_seat_command(session: TableSession, command: SeatCommand) -> None:
    """Check and record the table records of ``command``; raise :class:`IllegalActionError` (nothing recorded) if refused."""
    table = session.table
    if not isinstance(command, SeatPlayer | SitOut | SitBack):
        session.finish_completed_hand()  # between hands once the hand over is recorded
    match command:
        case SeatPlayer(seat, player, buy_in, wait):
            name = " ".join(player.split())
            for other in table.seats.values():
                if other.player.casefold() == name.casefold():
                    raise IllegalActionError(f"Seat {seat} cannot take a seat: {other.player} is already in seat {other.seat}",
                                             seat=seat, action="take a seat")
            choices = PlayerChoices(wait_for_big_blind=wait)
            _record(session, PlayerSeated(seat=seat, player=name, buy_in=buy_in, choices=choices))
        case AddChips(seat, amount):
            _record(session, ChipsAdded(seat=seat, amount=amount))
        case SitOut(seat):
            _record(session, PlayerSatOut(seat=seat))
        case SitBack(seat, post_now):
            _sit_back(session, seat, post_now)
        case LeaveTable(seat):
            view = table.seat(seat)
            _record(session, PlayerLeft(seat=seat, cashed_out=view.stack if view is not None else 0))
        case ChangeSeat(seat, to_seat):
            _record(session, SeatChanged(seat=seat, to_seat=to_seat))
        case CloseTable(by):
            _close(session, by)


def _sit_back(session: TableSession, seat: int, post_now: bool) -> None:
    table = session.table
    came_back = PlayerCameBack(seat=seat)
    table.verify(came_back)
    view = table.seat(seat)
    assert view is not None
    if view.choices.wait_for_big_blind == post_now:
        choices = PlayerChoices(wait_for_big_blind=not post_now, always_run_once=view.choices.always_run_once)
        _record(session, ChoicesChanged(seat=seat, choices=choices))
    _record(session, came_back)


def _close(session: TableSession, by: StaffMember) -> None:
    table = session.table
    if session.recorder is None:
        raise NotAuthorizedError("only a floor manager signed in may close the table; this table records nothing, so nobody signs in")
    session.recorder.store.signed_in_floor_manager(by, "close the table")
    if table.hand_in_progress is not None:
        raise IllegalActionError(f"The table cannot close: hand {table.hand_in_progress.number} is not over", action="close the table")
    for seat, view in table.seats.items():
        _record(session, PlayerLeft(seat=seat, cashed_out=view.stack))
    audit = table.chip_audit()
    _record(session, TableClosed(by=by.name, buy_ins=audit.buy_ins, add_ons=audit.add_ons, cash_outs=audit.cash_outs,
                                 rake=audit.rake, jackpot=audit.jackpot, hands=audit.hands), source=Source.FLOOR, by=by)


# ---------------------------------------------------------------------- the demo keeps its players


def demo_buy_in(table: Table) -> int:
    """The demo's buy-in: 100 big blinds, within the table's minimum and maximum."""
    config = table.config
    big = config.schedule.max_big_blind
    return min(max(100 * big, config.min_buy_in), config.max_buy_in or 100 * big)


def rebuy_busted(session: TableSession) -> Sequence[Notice]:
    """Between hands, every player without chips rebuys for the demo's buy-in; a notice says so for each."""
    notices: list[Notice] = []
    amount = demo_buy_in(session.table)
    for seat, view in session.table.seats.items():
        if view.stack == 0 and session.table.pending_chips(seat) == 0:
            _record(session, ChipsAdded(seat=seat, amount=amount))
            notices.append(Notice(NoticeLevel.INFO, f"Demo table: {view.player} (seat {seat}) had no chips and rebuys for {amount}", seat))
    return notices


def keep_demo_players(session: TableSession, players: Table | None = None) -> None:
    """The demo table rebuys its busted players automatically after each hand, so it never goes heads-up by attrition.

    ``players``: the demo's seating; a demo table resumed from the store after it was closed seats them again.
    """
    session.after_hand.append(lambda: rebuy_busted(session))
    table = session.table
    if players is not None and not table.seats and table.hand_in_progress is None:
        for seat, view in players.seats.items():
            _record(session, PlayerSeated(seat=seat, player=view.player, buy_in=view.stack, choices=view.choices))
