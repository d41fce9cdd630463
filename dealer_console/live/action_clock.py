"""The action clock's countdown (SPEC: A night at the table; TDA): headless, driven by an injected time source.

The floor or the dealer calls the clock on the player to act (:meth:`ActionClock.call`, recorded as
:class:`~dealer_console.engine.table_events.ActionClockCalled`); the screen shows :meth:`ActionClock.state`: the seconds of
the house's clock, then those left of the seat's time bank (``house.time_bank_seconds`` a night, where the house sets
one). At zero the clock says what the rule gives (a fold facing a bet, else a check) and waits: only the dealer's
:meth:`ActionClock.confirm` records the expiry and the fold or the check. Nothing happens by itself, and the clock stops
as soon as the seat acts (or the hand ends). Time comes from ``now`` (seconds, :func:`time.monotonic` by default), so
tests move it by hand.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import Checked
from dealer_console.live.commands import CallClock, ConfirmClockOutcome
from dealer_console.live.dealer_duty import ClockTerms, clock_outcome, clock_terms
from dealer_console.live.notices import Notice, NoticeLevel

if TYPE_CHECKING:
    from dealer_console.live.table_session import TableSession

__all__ = ["ActionClock", "ClockPhase", "ClockState"]


class ClockPhase(enum.Enum):
    """Where the countdown is."""

    OFF = "off"
    RUNNING = "running"
    TIME_BANK = "time bank"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class ClockState:
    """What the screen shows of the clock now."""

    phase: ClockPhase
    seat: int | None = None
    remaining: float = 0.0
    """Seconds left of the clock (RUNNING) or of the time bank (TIME_BANK)."""
    time_bank: int = 0
    """The seat's time bank when the clock was called."""
    outcome: str = ""
    """At zero: ``"fold"`` facing a bet, else ``"check"``, for the dealer to confirm."""


@dataclass(frozen=True, slots=True)
class _Called:
    terms: ClockTerms
    started: float


class ActionClock:
    """The clock at ``session``: call it, read its state, confirm the outcome at zero."""

    def __init__(self, session: TableSession, *, now: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.now = now
        self._called: _Called | None = None
        self._unsubscribe = session.subscribe(self._on_session_change)

    def close(self) -> None:
        """Stop following the session."""
        self._unsubscribe()

    @property
    def enabled(self) -> bool:
        """Whether the house plays with an action clock."""
        return self.session.table.config.house.action_clock_seconds > 0

    def call(self, seat: int | None = None, *, by: str = "") -> bool:
        """Put ``seat`` (default: the player to act) on the clock; a refusal is a notice (the house has no clock, the seat is
        not to act) and ``False``."""
        session = self.session
        target = seat if seat is not None else (session.hand.actor if session.hand is not None else None)
        try:
            if target is None:
                raise EngineError("Nobody is to act now, so there is nobody to put on the clock")
            terms = clock_terms(session, target)
        except EngineError as error:
            session.notify(Notice(NoticeLevel.ERROR, str(error), target))
            return False
        if not session.perform(CallClock(target, by)):
            return False
        self._called = _Called(terms, self.now())
        return True

    def state(self) -> ClockState:
        """The countdown now (``OFF`` when no clock runs)."""
        called = self._called
        if called is None:
            return ClockState(ClockPhase.OFF)
        terms, elapsed = called.terms, self.now() - called.started
        if elapsed < terms.seconds:
            return ClockState(ClockPhase.RUNNING, terms.seat, terms.seconds - elapsed, terms.time_bank)
        if elapsed < terms.seconds + terms.time_bank:
            return ClockState(ClockPhase.TIME_BANK, terms.seat, terms.seconds + terms.time_bank - elapsed, terms.time_bank)
        try:
            outcome = "check" if isinstance(clock_outcome(self.session, terms.seat), Checked) else "fold"
        except EngineError:
            outcome = ""
        return ClockState(ClockPhase.EXPIRED, terms.seat, 0.0, terms.time_bank, outcome)

    def confirm(self) -> bool:
        """The dealer confirms the outcome at zero: recorded (the expiry, then the fold or the check). Before zero, or with no
        clock running, it is refused with a notice and nothing changes."""
        state = self.state()
        if state.phase is not ClockPhase.EXPIRED or state.seat is None:
            left = f": {state.remaining:.0f} seconds are left" if state.phase is not ClockPhase.OFF else ": no clock is running"
            self.session.notify(Notice(NoticeLevel.ERROR, f"The clock has not run out{left}", state.seat))
            return False
        if not self.session.perform(ConfirmClockOutcome(state.seat, state.time_bank)):
            return False
        self._called = None
        return True

    def _on_session_change(self, session: TableSession) -> None:
        called = self._called
        if called is None:
            return
        hand, plan = session.hand, session.plan
        if hand is None or plan is None or plan.number != called.terms.hand_number or hand.actor != called.terms.seat:
            self._called = None  # the seat acted, or the hand is over: the clock stops
