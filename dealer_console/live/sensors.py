"""Sensor readings turned into facts the dealer can accept: bets read from chips, the button seat.

Nothing here applies itself. A reading becomes a :class:`BetProposal` (or a
:class:`SensorWarning` when it is implausible), the console shows it, and the dealer's tap
applies it through the engine's own verbs (:func:`apply_proposal`). STYLE practice 3: illegal
means raise, implausible means warn and ask.

Amounts follow the engine: a zone holds the seat's chips in front for this round, so its amount
is compared with "raise to" totals, and the amount to call comes from
:meth:`dealer_console.engine.hand.Hand.legal_actions`.

SPEC, Rules and guardrails, "Bets read from chips": a single oversized chip without a
declaration is a call; several chips are a call if every chip is needed for the call; the dealer
confirms any reading that would be a raise (TDA Rules 45 and 46, 2019 edition: multiple-chip and
oversized-chip betting). Where SPEC is silent the card-room practice used is named at the spot.
"""

from __future__ import annotations

import enum
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from dealer_console.engine.events import Event
from dealer_console.engine.hand import Hand, LegalActions
from drivers.board import BoardState, Received, SensorBoard, StateChanged
from drivers.codec import ButtonReading, ChipCount, PotReading, ZoneReading
from drivers.reader import BoardError, Listener

__all__ = [
    "BetProposal",
    "BetZone",
    "ConfirmationRequired",
    "ProposedAction",
    "SensorWarning",
    "TableSensors",
    "apply_proposal",
    "check_action",
    "check_button",
    "expected_zone",
    "propose_bet",
]


@dataclass(frozen=True, slots=True)
class BetZone:
    """What a seat's bet zone shows: the amount and, when the sensor knows it, the chips."""

    seat: int
    amount: int
    chips: tuple[ChipCount, ...] | None = None

    @classmethod
    def from_reading(cls, reading: ZoneReading) -> BetZone:
        """The zone a ``ZONE`` message describes."""
        return cls(reading.seat, reading.amount, reading.chips)


class ProposedAction(enum.Enum):
    """The dealer verb a reading suggests."""

    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"


@dataclass(frozen=True, slots=True)
class BetProposal:
    """A bet read from chips, for the dealer to accept (or confirm, when ``needs_confirmation``)."""

    seat: int
    action: ProposedAction
    amount_to: int
    """The seat's total for the round after the action (the engine's "raise to" amounts)."""
    seen: int
    """What the zone showed."""
    needs_confirmation: bool
    reason: str
    call: int = 0
    """The chips a call adds for this seat (what the action bar's Call says): a call is shown by it, "call 173", and a
    raise or an all-in over the call says it beside its total, "raise to 24 (call 7)"; 0 for a check, a bet, an all-in
    that only calls."""


@dataclass(frozen=True, slots=True)
class SensorWarning:
    """A reading that disagrees with the hand or the dealer: both figures, for the dealer to settle."""

    message: str
    seat: int | None = None
    expected: int | None = None
    seen: int | None = None


def _chips_added(zone: BetZone, before: BetZone | None, in_front: int) -> tuple[ChipCount, ...] | None:
    """The chips put out in this action, or ``None`` when the sensor cannot tell."""
    if zone.chips is None:
        return None
    if before is None:
        return zone.chips if in_front == 0 else None
    if before.chips is None:
        return None
    now = Counter({c.denomination: c.count for c in zone.chips})
    then = Counter({c.denomination: c.count for c in before.chips})
    if then - now:  # chips were taken back or changed: the difference is not what was put out
        return None
    added = now - then
    return tuple(ChipCount(d, n) for d, n in sorted(added.items(), reverse=True))


@dataclass(frozen=True, slots=True)
class _Turn:
    """The seat to act and its figures, against what its zone shows."""

    seat: int
    legal: LegalActions
    in_front: int
    call_to: int
    all_in_to: int
    amount: int
    """What the zone shows."""

    def propose(self, action: ProposedAction, to: int, reason: str, *, confirm: bool = False) -> BetProposal:
        """A proposal of ``action`` to ``to`` for this seat, as read."""
        # the call beside a "to" amount only where the action calls first and then adds (a raise, an all-in over the call)
        calls = action is ProposedAction.CALL or (action in (ProposedAction.RAISE, ProposedAction.ALL_IN) and to > self.call_to)
        return BetProposal(self.seat, action, to, self.amount, confirm, reason, call=self.call_to - self.in_front if calls else 0)

    def warn(self, message: str, expected: int) -> SensorWarning:
        """A warning with both figures: ``expected`` against what the zone shows."""
        return SensorWarning(f"Seat {self.seat}: {message}", seat=self.seat, expected=expected, seen=self.amount)


def propose_bet(
    hand: Hand, zone: BetZone, *, before: BetZone | None = None, declared_raise: bool = False
) -> BetProposal | SensorWarning | None:
    """What ``zone`` means for the seat to act, ``None`` when it means nothing yet.

    ``before`` is the zone's reading when the action reached the seat (so that the chips put out
    now can be told from those already in front); ``declared_raise`` is set when the player
    declared a raise before putting out the chips, which lifts the oversized-chip rule.
    """
    seat = zone.seat
    in_front = hand.bets.get(seat)
    if in_front is None:
        return SensorWarning(f"Seat {seat} is not dealt in, but its bet zone shows {zone.amount}", seat=seat, expected=0, seen=zone.amount)
    legal = hand.legal_actions(seat)
    if legal is None:
        return _not_to_act(seat, zone.amount, in_front)
    turn = _Turn(seat, legal, in_front, in_front + legal.call_amount, in_front + hand.stacks[seat], zone.amount)
    if turn.amount < in_front:
        return turn.warn(f"the bet zone shows {turn.amount}, less than the {in_front} already in front", in_front)
    if turn.amount > turn.all_in_to:
        return turn.warn(f"the bet zone shows {turn.amount}, more than the seat's {turn.all_in_to} in chips", turn.all_in_to)
    if legal.must_discard:
        return None
    if turn.amount == in_front:
        return turn.propose(ProposedAction.CHECK, in_front, "no chips put out") if legal.can_check else None
    if legal.call_amount and turn.amount <= turn.call_to:
        return _up_to_the_call(turn)
    # More than a call (or chips where a check was possible).
    added = _chips_added(zone, before, in_front)
    if legal.call_amount and not declared_raise and added:
        call = _chips_that_call(turn, added)
        if call is not None:
            return call
    if legal.can_bet:
        return _bet(turn)
    return _raise(turn, declared_raise=declared_raise, single_chip=added is not None and sum(c.count for c in added) == 1)


def _not_to_act(seat: int, amount: int, in_front: int) -> SensorWarning | None:
    """A seat not to act: its zone should show what it has in front."""
    if amount == in_front:
        return None
    return SensorWarning(f"Seat {seat} is not to act, but its bet zone shows {amount} against {in_front} in front",
                         seat=seat, expected=in_front, seen=amount)


def _up_to_the_call(turn: _Turn) -> BetProposal | SensorWarning:
    """Chips up to the call: the call, an all-in for less, or short of the call (a warning)."""
    if turn.amount == turn.call_to:
        return turn.propose(ProposedAction.CALL, turn.call_to, f"chips match the call to {turn.call_to}")
    if turn.amount == turn.all_in_to:
        return turn.propose(ProposedAction.ALL_IN, turn.amount, f"all-in for {turn.amount}, less than the call to {turn.call_to}")
    return turn.warn(f"the call is {turn.call_to}, the bet zone shows {turn.amount}", turn.call_to)


def _chips_that_call(turn: _Turn, added: tuple[ChipCount, ...]) -> BetProposal | None:
    """More than the call put out without a declaration: a call by the chip rules (TDA 45 and 46), else ``None``."""
    if sum(c.count for c in added) == 1:
        return turn.propose(ProposedAction.CALL, turn.call_to,
                            f"a single oversized chip of {added[0].denomination} without a declaration is a call to {turn.call_to} (TDA 46)")
    smallest = min(c.denomination for c in added)
    if turn.amount - smallest < turn.call_to:
        return turn.propose(ProposedAction.CALL, turn.call_to, f"every chip is needed for the call to {turn.call_to}: a call (TDA 45)")
    return None


def _bet(turn: _Turn) -> BetProposal | SensorWarning:
    """Chips into an unopened pot: SPEC asks confirmation only for raises, so a bet is proposed as read."""
    legal, amount = turn.legal, turn.amount
    if amount == turn.all_in_to:
        return turn.propose(ProposedAction.ALL_IN, amount, f"all-in bet of {amount}")
    if amount < legal.min_to:
        return turn.warn(f"the smallest bet is {legal.min_to}, the bet zone shows {amount}", legal.min_to)
    if amount > legal.max_to:
        return turn.propose(ProposedAction.BET, legal.max_to, f"the largest bet is {legal.max_to}; {amount - legal.max_to} goes back",
                            confirm=True)
    return turn.propose(ProposedAction.BET, amount, f"bet of {amount}")


def _raise(turn: _Turn, *, declared_raise: bool, single_chip: bool) -> BetProposal:
    """Chips beyond the call: a raise, always confirmed by the dealer (SPEC)."""
    legal, amount, call_to, in_front = turn.legal, turn.amount, turn.call_to, turn.in_front
    if not legal.can_raise:
        if legal.call_amount:
            return turn.propose(ProposedAction.CALL, call_to, f"a raise is not allowed now; a call to {call_to}, {amount - call_to} goes back",
                                confirm=True)
        return turn.propose(ProposedAction.CHECK, in_front, f"a raise is not allowed now; {amount - in_front} goes back", confirm=True)
    if amount == turn.all_in_to and legal.all_in_to:
        return turn.propose(ProposedAction.ALL_IN, amount, f"all-in raise to {amount}", confirm=True)
    if amount < legal.min_to:
        return _short_raise(turn)
    if amount > legal.max_to:
        return turn.propose(ProposedAction.RAISE, legal.max_to, f"the largest raise is to {legal.max_to}; {amount - legal.max_to} goes back",
                            confirm=True)
    reason = "raise declared" if declared_raise else ("chips beyond the call" if not single_chip else "a single chip where no call was owed")
    return turn.propose(ProposedAction.RAISE, amount, f"raise to {amount} ({reason})", confirm=True)


def _short_raise(turn: _Turn) -> BetProposal:
    """Less than the minimum raise. TDA 43 (raise amounts): at least half the minimum raise obliges a full raise, less is a call."""
    legal, amount, call_to = turn.legal, turn.amount, turn.call_to
    if 2 * (amount - call_to) >= legal.min_to - call_to:
        return turn.propose(ProposedAction.RAISE, legal.min_to,
                            f"{amount} is short of the minimum raise to {legal.min_to}: a full raise is owed (TDA 43)", confirm=True)
    if legal.call_amount:
        return turn.propose(ProposedAction.CALL, call_to, f"{amount} is less than half a raise: a call to {call_to} (TDA 43)", confirm=True)
    return turn.propose(ProposedAction.CHECK, turn.in_front, f"{amount} is less than half a raise: a check, the chips go back (TDA 43)",
                        confirm=True)


class ConfirmationRequired(ValueError):
    """A proposal that the dealer must confirm was applied without the confirmation."""


def apply_proposal(hand: Hand, proposal: BetProposal, *, confirmed: bool = False) -> Event:
    """Apply an accepted proposal through the engine's verbs; refuses an unconfirmed raise."""
    if proposal.needs_confirmation and not confirmed:
        raise ConfirmationRequired(f"Seat {proposal.seat}: {proposal.reason} - the dealer must confirm")
    seat = proposal.seat
    match proposal.action:
        case ProposedAction.CHECK:
            return hand.check(seat)
        case ProposedAction.CALL:
            return hand.call(seat)
        case ProposedAction.BET:
            return hand.bet(seat, proposal.amount_to)
        case ProposedAction.RAISE:
            return hand.raise_to(seat, proposal.amount_to)
        case ProposedAction.ALL_IN:
            return hand.all_in(seat)


def expected_zone(hand: Hand, seat: int, action: str, amount_to: int | None = None) -> int | None:
    """The zone total the dealer's ``action`` implies, judged before it is applied; ``None`` for a fold."""
    in_front = hand.bets[seat]
    if action == "fold":
        return None
    if action == "check":
        return in_front
    if action == "call":
        legal = hand.legal_actions(seat)
        return in_front + (legal.call_amount if legal else 0)
    if action == "all-in":
        return in_front + hand.stacks[seat]
    if action in ("bet", "raise"):
        if amount_to is None:
            raise ValueError(f"{action} needs an amount")
        return amount_to
    raise ValueError(f"unknown action {action!r}")


def check_action(hand: Hand, seat: int, action: str, zone: BetZone | None, amount_to: int | None = None) -> SensorWarning | None:
    """A warning when the dealer's ``action`` (not yet applied) disagrees with the zone, with both figures."""
    if zone is None:
        return None
    expected = expected_zone(hand, seat, action, amount_to)
    if expected is None or expected == zone.amount:
        return None
    return SensorWarning(
        f"Seat {seat}: the dealer entered {action} for {expected}, the bet zone shows {zone.amount}",
        seat=seat,
        expected=expected,
        seen=zone.amount,
    )


def check_button(expected_seat: int, reading: ButtonReading) -> SensorWarning | None:
    """A warning when the button sensor disagrees with the seat the console has for the button."""
    if reading.seat == expected_seat:
        return None
    where = "no seat" if reading.seat is None else f"seat {reading.seat}"
    return SensorWarning(
        f"The button is on seat {expected_seat} for the console, the sensor sees it on {where}",
        seat=expected_seat,
        expected=expected_seat,
        seen=reading.seat,
    )


class TableSensors(Listener):
    """The latest readings of every board, kept for the console (a :class:`~drivers.reader.Listener`).

    Readings from a board that is not ``READY`` are dropped (a silent or unplugged board's last
    reading is stale); the board's ``READ`` on reconnection brings fresh ones. ``on_warning`` is
    called, on the reader thread, for every state change and fault, as text for the notification
    area.
    """

    def __init__(self, on_warning: Callable[[str], None] | None = None) -> None:
        self._lock = threading.Lock()
        self._zones: dict[int, BetZone] = {}
        self._turn_start: dict[int, BetZone] = {}
        self._board_seats: dict[str, set[int]] = {}
        self.button: ButtonReading | None = None
        self.pot: PotReading | None = None
        self.on_warning = on_warning

    def on_frame(self, board: SensorBoard, received: Received) -> None:
        """See :meth:`drivers.reader.Listener.on_frame`."""
        message = received.frame.message
        with self._lock:
            if isinstance(message, ZoneReading):
                self._zones[message.seat] = BetZone.from_reading(message)
                self._board_seats.setdefault(board.name, set()).add(message.seat)
            elif isinstance(message, ButtonReading):
                self.button = message
            elif isinstance(message, PotReading):
                self.pot = message

    def on_state(self, board: SensorBoard, change: StateChanged) -> None:
        """See :meth:`drivers.reader.Listener.on_state`."""
        if change.new is not BoardState.READY:
            with self._lock:
                for seat in self._board_seats.pop(board.name, set()):
                    self._zones.pop(seat, None)
        if self.on_warning and change.new is not BoardState.READY:
            self.on_warning(f"Sensor board {board.name}: {change.new.value} ({change.reason})")

    def on_error(self, board: SensorBoard, error: BoardError) -> None:
        """See :meth:`drivers.reader.Listener.on_error`."""
        if self.on_warning:
            self.on_warning(f"Sensor board {board.name}: {error}")

    def zone(self, seat: int) -> BetZone | None:
        """The latest reading of the seat's zone."""
        with self._lock:
            return self._zones.get(seat)

    def mark_turn(self, seat: int) -> None:
        """Remember the seat's zone as the action reaches it, to tell the chips it puts out next."""
        with self._lock:
            zone = self._zones.get(seat)
            if zone is None:
                self._turn_start.pop(seat, None)
            else:
                self._turn_start[seat] = zone

    def propose(self, hand: Hand, *, declared_raise: bool = False) -> BetProposal | SensorWarning | None:
        """What the zone of the seat to act means now (``None``: no reading or nothing yet)."""
        seat = hand.actor
        if seat is None:
            return None
        with self._lock:
            zone = self._zones.get(seat)
            before = self._turn_start.get(seat)
        if zone is None:
            return None
        return propose_bet(hand, zone, before=before, declared_raise=declared_raise)

    def check_action(self, hand: Hand, seat: int, action: str, amount_to: int | None = None) -> SensorWarning | None:
        """:func:`check_action` against the latest reading of the seat's zone."""
        return check_action(hand, seat, action, self.zone(seat), amount_to)

    def check_button(self, expected_seat: int) -> SensorWarning | None:
        """:func:`check_button` against the latest button reading (``None`` without one)."""
        reading = self.button
        return None if reading is None else check_button(expected_seat, reading)
