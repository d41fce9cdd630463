"""The action clock at a running table, headless: called on the player to act, counted down by an injected time source,
the time bank after it, and at zero the dealer confirms the rule's outcome; nothing happens by itself.

Sources: SPEC.md, A night at the table ("An optional action clock (TDA): called by the floor or dealer on a seat, counted down
on screen, time banks if the house sets them; at zero the dealer confirms the outcome (fold facing a bet, else check);
nothing happens by itself"); Poker TDA Rules 2022, Rule 30 (calling for a clock) and Recommended Procedure 3 (time banks);
docs/table.md, Dealer pushes and the action clock.
"""

from __future__ import annotations

from pathlib import Path

from dealer_console.engine.events import Checked, Folded
from dealer_console.engine.games import HouseRules
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import ActionClockCalled, ActionClockExpired
from dealer_console.live.action_clock import ActionClock, ClockPhase
from dealer_console.live.deck import stacked_deck
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import recorded_session
from dealer_console.store import Store
from tests.live.test_dealer_push import DECK, template


def clocked_config(name: str = "Clock table", *, seconds: int = 30, bank: int = 60) -> TableConfig:
    return TableConfig(name=name, seat_count=6, schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2), min_buy_in=20,
                       house=HouseRules(action_clock_seconds=seconds, time_bank_seconds=bank))


class FakeTime:
    """The time source the clock reads; the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def started(session: TableSession) -> TableSession:
    assert session.start_hand() and session.deal_hole_cards()
    return session


def test_a_house_without_a_clock_refuses_the_call_with_a_message() -> None:
    """SPEC: the action clock is optional, a house setting off by default (house.action_clock_seconds = 0)."""
    session = started(TableSession(template(), deck_for_hand=lambda _: stacked_deck(DECK)))
    notices: list[Notice] = []
    session.subscribe_notices(notices.append)
    clock = ActionClock(session, now=FakeTime())
    assert not clock.enabled and not clock.call()
    assert notices[-1].level is NoticeLevel.ERROR and "without an action clock" in notices[-1].text
    assert clock.state().phase is ClockPhase.OFF and not any(isinstance(e, ActionClockCalled) for e in session.table.events)


def test_clock_counts_down_then_the_time_bank_then_waits_for_the_dealer_to_confirm_the_fold(tmp_path: Path) -> None:
    """SPEC/TDA: counted down, then the time bank; at zero nothing happens until the dealer confirms the fold facing a bet;
    the call, the expiry and the fold are recorded (seat 1 faces the big blind pre-flop)."""
    time = FakeTime()
    with Store.open(f"sqlite:///{tmp_path / 'clock.sqlite3'}") as store:
        session = started(recorded_session(store, template(config=clocked_config()), deck_for_hand=lambda _: stacked_deck(DECK),
                                           dealer="Dana"))
        notices: list[Notice] = []
        session.subscribe_notices(notices.append)
        clock = ActionClock(session, now=time)
        assert clock.enabled and clock.call(by="Flo")
        state = clock.state()
        assert (state.phase, state.seat, state.remaining, state.time_bank) == (ClockPhase.RUNNING, 1, 30.0, 60)
        time.now += 31
        state = clock.state()
        assert state.phase is ClockPhase.TIME_BANK and state.remaining == 59.0
        assert not clock.confirm() and "has not run out: 59 seconds are left" in notices[-1].text
        time.now += 59
        state = clock.state()
        assert (state.phase, state.outcome) == (ClockPhase.EXPIRED, "fold")
        assert session.hand is not None and session.hand.actor == 1  # nothing happened by itself
        assert clock.confirm()
        assert session.hand.is_folded(1) and clock.state().phase is ClockPhase.OFF
        assert session.recorder is not None
        stored = store.events(session.recorder.table_id)
        records = [e.record() for e in stored if e.kind in ("clock_called", "clock_expired", "fold")]
        assert records == [ActionClockCalled(hand_number=1, seat=1, seconds=30, time_bank=60, by="Flo"),
                           ActionClockExpired(hand_number=1, seat=1, outcome="fold", time_bank_used=60), Folded(seat=1)]
        assert session.table.time_bank_used("P1") == 60
        assert store.verify_log()[0].intact


def test_clock_outcome_is_a_check_when_no_bet_is_faced_and_the_spent_bank_is_gone() -> None:
    """TDA: at zero a player facing no bet is checked; a time bank used up is not given again the same night."""
    time = FakeTime()
    session = started(TableSession(template(config=clocked_config(bank=20)), deck_for_hand=lambda _: stacked_deck(DECK)))
    clock = ActionClock(session, now=time)
    assert clock.call()  # seat 1 faces the big blind: its bank goes
    time.now += 50
    assert clock.confirm() and session.call()  # seat 3 calls; the big blind (seat 5) may check
    assert clock.call()
    state = clock.state()
    assert (state.seat, state.time_bank) == (5, 20)
    time.now += 50
    assert clock.state().outcome == "check" and clock.confirm()
    assert session.hand is not None and isinstance(session.hand.events[-1], Checked)
    assert session.table.time_bank_used("P1") == 20 and session.table.time_bank_used("P5") == 20


def test_the_clock_stops_when_the_seat_acts_in_time() -> None:
    """TDA: a player who acts before the clock runs out is not timed out; nothing is recorded as expired."""
    time = FakeTime()
    session = started(TableSession(template(config=clocked_config()), deck_for_hand=lambda _: stacked_deck(DECK)))
    clock = ActionClock(session, now=time)
    assert clock.call(1)
    time.now += 10
    assert session.call()
    assert clock.state().phase is ClockPhase.OFF and not clock.confirm()
    assert not any(isinstance(e, ActionClockExpired) for e in session.table.events)


def test_the_clock_is_called_only_on_the_player_to_act() -> None:
    """TDA Rule 30: the clock is put on the player whose turn it is."""
    session = started(TableSession(template(config=clocked_config()), deck_for_hand=lambda _: stacked_deck(DECK)))
    notices: list[Notice] = []
    session.subscribe_notices(notices.append)
    assert not ActionClock(session, now=FakeTime()).call(3)
    assert "seat 3 is not to act now" in notices[-1].text
