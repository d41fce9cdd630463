"""The table session with the event store: every command durable before it is shown, and resumed after a restart.

Sources: issue 4 ("Write-ahead: an event is committed before the console shows its effect. On start,
an open hand is rebuilt from its events and resumes"; "A clear message and no lost data when the
database is locked, full, unreachable or corrupt"); SPEC.md, Records and review; docs/store.md,
Write-ahead: stored before shown (verify, append, apply).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from dealer_console.config import StoreSettings
from dealer_console.engine.events import BoardDealt, Event, Folded
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.live.deck import stacked_deck
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import recorded_session
from dealer_console.store import Store
from dealer_console.store.codec import table_event_types
from dealer_console.store.stored import HAND_EVENT_KINDS

# Omaha, button on seat 1; seats 3 and 5 post the blinds; seat 1 acts first pre-flop.
# Hole cards in deal order (seat 3, 5, 1), then the flop, turn and river.
TABLE_KINDS = tuple(table_event_types())
DECK = "As Ah Ks Kh 2c 3d 4h 5s Qs Qh Js Jh 7c 8c 9d Td 2d"


def template(name: str = "Store table") -> Table:
    """Three players, 100 each, blinds 1/2 pot-limit Omaha, the button on seat 1 (not yet in any store)."""
    table = Table(TableConfig(name=name, seat_count=6, schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2), min_buy_in=20))
    for seat in (1, 3, 5):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=100)
    table.place_button(seat=1)
    return table


def recorded(store: Store) -> TableSession:
    return recorded_session(store, template(), deck_for_hand=lambda _: stacked_deck(DECK), dealer="Dana")


def stored_hand_events(store: Store, session: TableSession) -> list[Event]:
    """The engine events of the session's hand as the store holds them, in order."""
    assert session.recorder is not None and session.recorder.hand is not None
    rows = store.events(session.recorder.table_id, hand_id=session.recorder.hand.hand_id, kinds=HAND_EVENT_KINDS)
    return [row.record() for row in rows]  # type: ignore[misc]


def head(store: Store) -> int:
    return store.tables()[0].events


def test_every_command_is_stored_before_any_listener_sees_it(tmp_path: Path) -> None:
    """Write-ahead (issue 4; docs/store.md): when a listener (the screen) is told, the store already holds the event it shows."""
    with Store.open(f"sqlite:///{tmp_path / 'console.sqlite3'}") as store:
        session = recorded(store)
        seen: list[int] = []

        def listener(s: TableSession) -> None:
            assert s.hand is not None
            assert stored_hand_events(store, s) == list(s.hand.events), "the screen was told before the store had the event"
            assert s.recorder is not None
            assert [e.record() for e in store.events(s.recorder.table_id, kinds=TABLE_KINDS)] == list(s.table.events)
            seen.append(len(s.hand.events))

        session.subscribe(listener)
        assert session.start_hand() and session.deal_hole_cards()
        assert session.call() and session.call() and session.check()  # seat 1 and 3 call, 5 (big blind) checks
        while session.hand is not None and not session.hand.is_complete:
            if session.legal_actions() is not None:
                assert session.check()
            elif session.next_board() is not None:
                assert session.deal_board()
            else:
                assert session.show(session.showdown_seats()[0])
        assert seen == sorted(seen) and len(seen) >= 10
        assert session.start_hand()  # the finished hand goes on the table's record, then the next one starts
        assert [e.kind for e in store.events(session.recorder.table_id, kinds=TABLE_KINDS)][-2:] == ["hand_finished", "hand_started"]
        assert store.verify_log()[0].intact


def test_refused_command_stores_nothing(tmp_path: Path) -> None:
    """A refused event is neither stored nor applied (docs/store.md, step 1); the dealer reads the engine's sentence."""
    with Store.open(f"sqlite:///{tmp_path / 'console.sqlite3'}") as store:
        session = recorded(store)
        notices: list[Notice] = []
        session.subscribe_notices(notices.append)
        session.start_hand()
        session.deal_hole_cards()
        before, snapshot = head(store), session.hand.snapshot()
        assert not session.check()  # seat 1 faces the big blind: it cannot check
        assert head(store) == before and session.hand.snapshot() == snapshot
        assert notices[-1].level is NoticeLevel.ERROR and "Seat 1 cannot check" in notices[-1].text


def test_locked_database_gives_a_plain_error_changes_nothing_and_loses_nothing(tmp_path: Path) -> None:
    """Database locked by another program (issue 4, failures): a plain message, the hand unchanged, then the retry is stored."""
    path = tmp_path / "console.sqlite3"
    with Store.open(f"sqlite:///{path}", settings=StoreSettings(busy_timeout_s=0.2)) as store:
        session = recorded(store)
        changes: list[TableSession] = []
        notices: list[Notice] = []
        session.start_hand()
        session.deal_hole_cards()
        session.subscribe(changes.append)
        session.subscribe_notices(notices.append)
        before, snapshot, stored = head(store), session.hand.snapshot(), stored_hand_events(store, session)
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            assert not session.fold()
            assert not session.deal_board()  # refused by the engine first (no board is due), never reaches the store
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        assert changes == [] and session.hand.snapshot() == snapshot and head(store) == before
        assert stored_hand_events(store, session) == stored
        assert notices[0].level is NoticeLevel.ERROR
        assert notices[0].text.startswith("Not recorded, so nothing changed:") and "locked" in notices[0].text
        assert session.fold() and changes == [session]  # the dealer repeats the step once the database is free
        assert stored_hand_events(store, session)[-1] == Folded(seat=1)
        assert store.verify_log()[0].intact


def test_database_replaced_under_the_console_refuses_plainly_and_the_hand_stays_as_it_was(tmp_path: Path) -> None:
    """The database file replaced by garbage while the console runs (issue 4, corrupt): a plain message, nothing applied or dealt."""
    path = tmp_path / "console.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    session = recorded(store)
    session.start_hand()
    snapshot = session.hand.snapshot()
    notices: list[Notice] = []
    session.subscribe_notices(notices.append)
    store.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    assert not session.deal_hole_cards()
    assert session.hand.snapshot() == snapshot and session.deck.cards == list(reversed(stacked_deck(DECK)))
    assert notices and notices[-1].level is NoticeLevel.ERROR and notices[-1].text.startswith("Not recorded")
    store.close()


def test_a_session_reopened_on_the_same_file_resumes_the_open_hand(tmp_path: Path) -> None:
    """On start an open hand is rebuilt from its events and resumes (issue 4): same state, same deck, same ending; the chain holds.

    The control is the same commands played without a store: the resumed hand must end exactly as it does.
    """
    url = f"sqlite:///{tmp_path / 'console.sqlite3'}"
    control = TableSession(template(), deck_for_hand=lambda _: stacked_deck(DECK))
    with Store.open(url) as store:
        first = recorded(store)
        for s in (first, control):
            assert s.start_hand() and s.deal_hole_cards()
            assert s.raise_to(7) and s.call() and s.call()
            assert s.deal_board() and s.undo() and s.deal_board()  # a flop undone goes back on the deck and comes again
            assert s.bet(10)
        snapshot, events, plan = first.hand.snapshot(), first.hand.events, first.plan
        assert snapshot == control.hand.snapshot()
    with Store.open(url) as store:
        again = recorded(store)  # the template is ignored: the table is in the store
        assert again.plan == plan and again.hand is not None
        assert again.hand.events == events and again.hand.snapshot() == snapshot
        assert again.table.seats == control.table.seats
        assert again.deck.cards == control.deck.cards
        for s in (again, control):
            assert s.call() and s.fold()
            while not s.hand.is_complete:
                if s.next_board() is not None:
                    assert s.deal_board()
                elif s.legal_actions() is not None:
                    assert s.check()
                else:
                    assert s.show(s.showdown_seats()[0])
        assert again.hand.snapshot() == control.hand.snapshot()
        assert [e for e in again.hand.events if isinstance(e, BoardDealt)] == [e for e in control.hand.events if isinstance(e, BoardDealt)]
        assert again.start_hand() and control.start_hand()
        assert again.table.seats == control.table.seats and again.plan == control.plan
        reports = store.verify_log()
        assert len(reports) == 1 and reports[0].intact
    with Store.open(url) as store:
        third = recorded(store)
        assert third.plan == control.plan and third.hand.snapshot() == control.hand.snapshot()
