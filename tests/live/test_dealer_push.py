"""Dealer pushes at a running table: the incoming dealer signs in between hands, every event names the dealer on duty,
a down's hands are counted, and the pace of the table and of the down.

Sources: SPEC.md, A night at the table ("Dealers push every 20–30 minutes: the incoming dealer signs in between hands;
every event names the dealer on duty. Pace (hands per hour per table and per dealer down) is shown and reported");
SPEC.md, Insiders ("a dealer cannot do what only a floor manager may"); docs/table.md, Dealer pushes and the action clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import DealerPushed
from dealer_console.live.commands import PushDealer
from dealer_console.live.dealer_duty import PaceMeter
from dealer_console.live.deck import stacked_deck
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import recorded_session
from dealer_console.store import Store
from dealer_console.store.kinds import Role
from dealer_console.store.recorder import resume_table
from dealer_console.store.stored import StaffMember
from tests.support.staff import add_staff

DECK = "As Ah Ks Kh 2c 3d 4h 5s Qs Qh Js Jh 7c 8c 9d Td 2d"


def template(name: str = "Push table", config: TableConfig | None = None) -> Table:
    """Three players, 100 each, pot-limit Omaha 1/2, the button on seat 1."""
    table = Table(config or TableConfig(name=name, seat_count=6, schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2),
                                        min_buy_in=20))
    for seat in (1, 3, 5):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=100)
    table.place_button(seat=1)
    return table


def play_hand(session: TableSession) -> None:
    """Start a hand and check it down to the end (seat 1 and 3 call, then everyone checks)."""
    assert session.start_hand() and session.deal_hole_cards()
    assert session.call() and session.call() and session.check()
    while session.hand is not None and not session.hand.is_complete:
        if session.legal_actions() is not None:
            assert session.check()
        elif session.next_board() is not None:
            assert session.deal_board()
        else:
            assert session.show(session.showdown_seats()[0])


@pytest.fixture(scope="module")
def staffed_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """One SQLite store for the module (migrations and PIN hashes cost time), a table of its own per test."""
    with Store.open(f"sqlite:///{tmp_path_factory.mktemp('push') / 'console.sqlite3'}") as store:
        add_staff(store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"), ("Eve", Role.DEALER, "2222"))
        yield store


@pytest.fixture
def night(staffed_store: Store, request: pytest.FixtureRequest) -> tuple[Store, TableSession, list[Notice]]:
    session = recorded_session(staffed_store, template(request.node.name), deck_for_hand=lambda _: stacked_deck(DECK), dealer="Dana")
    notices: list[Notice] = []
    session.subscribe_notices(notices.append)
    return staffed_store, session, notices


def head(store: Store, session: TableSession) -> int:
    assert session.recorder is not None
    return next(info.events for info in store.tables() if info.id == session.recorder.table_id)


def test_push_between_hands_records_the_down_and_every_later_event_names_the_new_dealer(
        night: tuple[Store, TableSession, list[Notice]]) -> None:
    """SPEC, A night at the table: the incoming dealer signs in between hands; every event names the dealer on duty; a down's
    hands are counted (the outgoing dealer's, in the push record)."""
    store, session, _ = night
    play_hand(session)
    play_hand(session)
    assert session.perform(PushDealer(store.sign_in("Eve", "2222")))
    assert session.dealer == "Eve" and session.hand is None
    assert session.table.dealer_on_duty == "Eve" and session.table.down_hands == 0
    play_hand(session)
    assert session.recorder is not None
    events = store.events(session.recorder.table_id)
    push = next(e for e in events if e.kind == "dealer_push")
    assert push.record() == DealerPushed(dealer="Eve", outgoing="Dana", outgoing_hands=2) and push.actor == "Eve"
    before = [e for e in events if e.seq < push.seq and e.kind not in ("table_opened", "seated", "button")]
    after = [e for e in events if e.seq > push.seq]
    assert before and {e.actor for e in before} == {"Dana"}
    assert after and {e.actor for e in after} == {"Eve"}
    assert store.verify_log(session.recorder.table_id)[0].intact
    resumed = resume_table(store, session.recorder.table_id)
    assert resumed.table.dealer_on_duty == "Eve" and resumed.table.hands_finished == 2  # the third hand is still open


def test_push_during_a_hand_is_refused_with_a_message_and_stores_nothing(night: tuple[Store, TableSession, list[Notice]]) -> None:
    """SPEC: the incoming dealer signs in *between hands*; a push mid-hand is one clear message, nothing recorded."""
    store, session, notices = night
    assert session.start_hand() and session.deal_hole_cards()
    before = head(store, session)
    assert not session.perform(PushDealer(store.sign_in("Eve", "2222")))
    assert notices[-1].level is NoticeLevel.ERROR and "No dealer push during a hand" in notices[-1].text
    assert head(store, session) == before and session.dealer == "Dana"


def test_a_dealer_made_from_a_name_or_the_same_dealer_is_refused(night: tuple[Store, TableSession, list[Notice]]) -> None:
    """SPEC, Insiders: authority comes from a sign-in; a member made by hand (no account) pushes nobody out."""
    store, session, notices = night
    before = head(store, session)
    assert not session.perform(PushDealer(StaffMember(99, "Mallory", Role.DEALER)))
    assert "did not sign in" in notices[-1].text
    assert not session.perform(PushDealer(store.sign_in("Dana", "1111")))
    assert "already dealing" in notices[-1].text
    assert head(store, session) == before


def test_the_table_refuses_a_push_record_during_a_hand_or_with_a_wrong_down() -> None:
    """The engine checks the record itself (SPEC: between hands; the down's hands counted honestly)."""
    table = template()
    table.apply(DealerPushed(dealer="Dana"))
    with pytest.raises(IllegalActionError, match="Dana with 0 hands, not Dana with 3"):
        table.apply(DealerPushed(dealer="Eve", outgoing="Dana", outgoing_hands=3))
    table.start_hand()
    with pytest.raises(IllegalActionError, match="hand 1 is in progress"):
        table.apply(DealerPushed(dealer="Eve", outgoing="Dana", outgoing_hands=0))


def test_pace_meter_counts_hands_per_hour_for_the_table_and_the_down() -> None:
    """SPEC: pace, hands per hour per table (a rolling 30 minutes) and per dealer down, read off an injected clock."""
    moment = [datetime(2026, 12, 1, 21, 0, tzinfo=UTC)]
    session = TableSession(template(), deck_for_hand=lambda _: stacked_deck(DECK), dealer="Dana")
    meter = PaceMeter(session, now=lambda: moment[0])
    meter.attach()
    for _ in range(3):
        moment[0] += timedelta(minutes=2)
        play_hand(session)
    reading = meter.reading()
    assert (reading.rolling_hands, reading.down_hands) == (3, 3)
    assert reading.rolling_per_hour == pytest.approx(30.0) and reading.down_per_hour == pytest.approx(30.0)
    assert session.perform(PushDealer(StaffMember(2, "Eve", Role.DEALER)))  # nothing recorded: no store to sign in to
    moment[0] += timedelta(minutes=4)
    play_hand(session)
    reading = meter.reading()
    assert reading.dealer == "Eve" and reading.down_hands == 1 and reading.down_per_hour == pytest.approx(15.0)
    assert reading.rolling_hands == 4 and reading.rolling_per_hour == pytest.approx(24.0)  # 4 hands in the 10 minutes open
    moment[0] += timedelta(minutes=40)
    reading = meter.reading()
    assert reading.rolling_hands == 0 and reading.down_hands == 1
    assert "Eve's down 1 hands" in reading.describe()
