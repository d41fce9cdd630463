"""The dealer on duty and the action clock at a running table: the commands of :class:`~dealer_console.live.commands.DutyCommand`
as the session runs them, and the pace of the table and of the dealer's down.

A **push** (SPEC: A night at the table): between hands the incoming dealer signs in (the store's staff sign-in) and takes
over; the record (:class:`~dealer_console.engine.table_events.DealerPushed`) names them, the outgoing dealer and the hands of
the outgoing down, and from then on every event the session records names the new dealer as its actor. A push while a hand
is being played is refused with a message; a hand that is over is finished first (its result recorded, the button moved).

The **action clock** (SPEC; TDA): only where the house sets ``house.action_clock_seconds``. The clock is called on the
player to act (:class:`~dealer_console.engine.table_events.ActionClockCalled`); when it and the seat's time bank have run
out, the dealer confirms the rule's outcome, a fold facing a bet or else a check
(:class:`~dealer_console.engine.table_events.ActionClockExpired`, then the fold or the check). The countdown itself is
:mod:`dealer_console.live.action_clock`; nothing happens by itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.events import Checked, Event, Folded
from dealer_console.engine.table_events import ActionClockCalled, ActionClockExpired, DealerPushed
from dealer_console.live.commands import CallClock, ConfirmClockOutcome, DutyCommand, PushDealer
from dealer_console.store.errors import NotAuthorizedError, RecordNotFoundError
from dealer_console.store.kinds import Role
from dealer_console.store.stored import StaffMember, utc_now

if TYPE_CHECKING:
    from dealer_console.live.table_session import TableSession

__all__ = ["ClockTerms", "PaceMeter", "PaceReading", "clock_outcome", "clock_terms", "perform_duty"]

ROLLING = timedelta(minutes=30)
"""The rolling window of the table's pace on the dealer's status bar."""


def perform_duty(session: TableSession, command: DutyCommand) -> None:
    """Run a push or a clock command at ``session`` (its ``_dispatch`` hands them here); raises as the engine and store do."""
    match command:
        case PushDealer(member):
            _push(session, member)
        case CallClock(seat, by):
            terms = clock_terms(session, seat)
            session._record(ActionClockCalled(hand_number=terms.hand_number, seat=seat, seconds=terms.seconds,
                                              time_bank=terms.time_bank, by=by or session.dealer))
        case ConfirmClockOutcome(seat, used):
            _confirm(session, seat, used)


def _push(session: TableSession, member: StaffMember) -> None:
    hand = session.hand
    if hand is not None and not hand.is_complete:
        number = session.plan.number if session.plan is not None else ""
        raise IllegalActionError(f"No dealer push during a hand: finish hand {number} first, then the next dealer signs in",
                                 action="push the dealer")
    if member.role not in (Role.DEALER, Role.FLOOR_MANAGER):
        raise NotAuthorizedError(f"{member.name} is not a dealer")
    recorder = session.recorder
    if recorder is not None:
        try:
            known = recorder.store.staff_member(member.name)
        except RecordNotFoundError:
            known = None
        if known != member:
            raise NotAuthorizedError(f"{member.name} did not sign in at this table's store: the incoming dealer signs in with their PIN")
    table = session.table
    if member.name == (table.dealer_on_duty or session.dealer):
        raise IllegalActionError(f"{member.name} is already dealing", action="push the dealer")
    if hand is not None and table.hand_in_progress is not None:
        session.finish_completed_hand()  # the hand is over: its result is recorded before the next dealer takes over
    session.hand, session.plan = None, None
    event = DealerPushed(dealer=member.name, outgoing=table.dealer_on_duty or session.dealer, outgoing_hands=table.down_hands)
    session._record(event, actor=member.name)
    session.dealer = member.name


@dataclass(frozen=True, slots=True)
class ClockTerms:
    """What a clock called now would give ``seat``: the house's seconds and what is left of the seat's time bank."""

    hand_number: int
    seat: int
    seconds: int
    time_bank: int


def clock_terms(session: TableSession, seat: int) -> ClockTerms:
    """The clock ``seat`` would be put on now; raises (with the reason) when the house has no clock or the seat is not to act."""
    house = session.table.config.house
    if house.action_clock_seconds <= 0:
        raise IllegalActionError("This house plays without an action clock (house setting house.action_clock_seconds is 0)",
                                 seat=seat, action="call the clock")
    hand, plan = session.hand, session.plan
    if hand is None or plan is None or hand.actor != seat:
        raise IllegalActionError(f"The clock is called on the player to act, and seat {seat} is not to act now", seat=seat,
                                 action="call the clock")
    view = session.table.seat(seat)
    used = session.table.time_bank_used(view.player) if view is not None else 0
    return ClockTerms(plan.number, seat, house.action_clock_seconds, max(0, house.time_bank_seconds - used))


def clock_outcome(session: TableSession, seat: int) -> Event:
    """The rule's outcome when ``seat``'s clock runs out (TDA): a fold facing a bet, else a check."""
    hand = session.hand
    legal = hand.legal_actions() if hand is not None and hand.actor == seat else None
    if legal is None:
        raise IllegalActionError(f"Seat {seat} is not to act now: the clock no longer runs", seat=seat, action="time out")
    return Checked(seat=seat) if legal.can_check else Folded(seat=seat)


def _confirm(session: TableSession, seat: int, used: int) -> None:
    outcome = clock_outcome(session, seat)
    hand, plan = session._require_hand(), session.plan
    assert plan is not None
    hand.verify(outcome)
    session._record(ActionClockExpired(hand_number=plan.number, seat=seat, outcome="check" if isinstance(outcome, Checked) else "fold",
                                       time_bank_used=used))
    session._play(outcome)


# ---------------------------------------------------------------------------- pace on the status bar


@dataclass(frozen=True, slots=True)
class PaceReading:
    """The pace the dealer sees: hands per hour of the table (rolling 30 minutes) and of this down."""

    dealer: str
    down_hands: int
    down_minutes: float
    down_per_hour: float | None
    rolling_hands: int
    rolling_per_hour: float | None

    def describe(self) -> str:
        """One line for the status bar."""
        def rate(value: float | None) -> str:
            return "–" if value is None else f"{value:.0f}"
        return (f"Pace: table {rate(self.rolling_per_hour)}/h (30 min), {self.dealer}'s down {self.down_hands} hands in"
                f" {self.down_minutes:.0f} min, {rate(self.down_per_hour)}/h")


class PaceMeter:
    """Counts the hands played to the end at ``session`` against ``now`` (an injected clock): per hour over the rolling 30
    minutes and over the dealer's down, which starts at the meter's start or at the last push it saw. Each change of the
    session is read once (:meth:`observe`, subscribed by :meth:`attach`); a misdeal is not a hand."""

    def __init__(self, session: TableSession, *, now: Callable[[], datetime] = utc_now) -> None:
        self.session = session
        self.now = now
        self.opened = self.down_started = now()
        self._over: deque[datetime] = deque()
        self._counted = self._hand_over()
        self._dealer = session.dealer

    def _hand_over(self) -> int | None:
        plan, hand = self.session.plan, self.session.hand
        return plan.number if plan is not None and hand is not None and hand.result is not None else None

    def attach(self) -> Callable[[], None]:
        """Observe the session from now on; returns the function that stops it."""
        return self.session.subscribe(self.observe)

    def observe(self, session: TableSession) -> None:
        """Note a hand played to the end and a push since the last look."""
        moment = self.now()
        if session.dealer != self._dealer:
            self._dealer, self.down_started = session.dealer, moment
        number = self._hand_over()
        if number is not None and number != self._counted:
            self._counted = number
            self._over.append(moment)

    def reading(self) -> PaceReading:
        """The pace now."""
        moment = self.now()
        while self._over and moment - self._over[0] > ROLLING and self._over[0] < self.down_started:
            self._over.popleft()
        rolling = sum(1 for at in self._over if moment - at <= ROLLING)
        down = sum(1 for at in self._over if at > self.down_started)  # a hand over at the push was the last down's
        down_span = moment - self.down_started
        return PaceReading(dealer=self.session.dealer, down_hands=down, down_minutes=down_span.total_seconds() / 60,
                           down_per_hour=_per_hour(down, down_span), rolling_hands=rolling,
                           rolling_per_hour=_per_hour(rolling, min(ROLLING, moment - self.opened)))


def _per_hour(hands: int, span: timedelta) -> float | None:
    hours = span.total_seconds() / 3600
    return None if hours < 1 / 60 else hands / hours
