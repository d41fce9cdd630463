"""Write-ahead play, resuming after a restart, duplicates and concurrent writers.

Sources: SPEC.md, Records and review ("stored as it happens, before the console shows its
effect"; "A console restarted after a crash resumes the open hand where it was"; "a dealer's undo
or a floor correction is a new event that names the event it voids, who did it and why"; "only a
floor manager may record a correction"); SPEC.md, Scale ("all consoles and floor stations on one
PostgreSQL server"); issue 4 ("two writers ... cannot fork the chain", "a duplicate append").
"""

from __future__ import annotations

import random
import threading

import pytest

from dealer_console.config import StoreSettings
from dealer_console.engine.cards import parse_cards
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.events import Checked, Folded, HoleCardsDealt, Voided
from dealer_console.engine.games import make_game
from dealer_console.engine.hand import HandSetup
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import PlayerSeated
from dealer_console.sim.stepwise_play import next_events, play_to_end
from dealer_console.store import (
    DuplicateEventError,
    HandQuery,
    HandStatus,
    NotAuthorizedError,
    ReadingTaken,
    Role,
    SequenceConflictError,
    Source,
    Store,
    StoreUnavailableError,
    open_hand,
    resume_hand,
    resume_table,
)
from dealer_console.store.recorder import RecordedTable
from tests.support.staff import add_staff


def three_handed() -> HandSetup:
    game = make_game("O", "pot-limit", small_blind=1, big_blind=2)
    return HandSetup(game=game, stacks={1: 200, 4: 150, 6: 300}, button=6)


def test_event_is_readable_by_another_connection_when_append_returns(store: Store, store_url: str, store_settings: StoreSettings) -> None:
    """Write-ahead: when append returns, the event is committed (another console opening the database sees it)."""
    table_id = store.create_table("T")
    stored = store.append(table_id, ReadingTaken(subject="bet zone 4", value="25", confidence=0.97))
    with Store.open(store_url, settings=store_settings, migrate=False) as other:
        seen = other.events(table_id)
    assert [(event.seq, event.kind, event.hash) for event in seen][-1] == (stored.seq, "reading", stored.hash)
    assert seen[-1].payload == {"subject": "bet zone 4", "value": "25", "confidence": 0.97, "applied": False, "threshold": None,
                                "confirmed_by": "", "confirmed_at": None}


def test_refused_action_is_neither_stored_nor_applied(store: Store) -> None:
    """STYLE practice 3 / write-ahead: an illegal action raises before anything is stored, and the hand is unchanged."""
    table_id = store.create_table("T")
    recorded = open_hand(store, table_id, three_handed(), post_blinds=True)
    before_log = len(store.events(table_id))
    before_events = recorded.hand.events
    with pytest.raises(IllegalActionError):
        recorded.play(Checked(seat=6))  # nobody has cards yet
    assert len(store.events(table_id)) == before_log
    assert recorded.hand.events == before_events


def test_hand_is_not_changed_when_the_store_fails(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Write-ahead order: a failed append leaves the hand as it was (the console shows nothing the record lacks)."""
    table_id = store.create_table("T")
    recorded = open_hand(store, table_id, three_handed(), post_blinds=True)
    before = recorded.hand.events

    def unreachable(*args: object, **kwargs: object) -> None:
        raise StoreUnavailableError("the database server cannot be reached")

    monkeypatch.setattr(store, "append", unreachable)
    with pytest.raises(StoreUnavailableError):
        recorded.play(HoleCardsDealt(seat=1, cards=parse_cards("AsAdKsKd")))
    assert recorded.hand.events == before


def test_open_hand_resumes_after_restart_where_it_was(store_url: str, store_settings: StoreSettings) -> None:
    """SPEC Records: a restarted console rebuilds the open hand from its events (Hand(setup, events)) and goes on."""
    rng = random.Random(11)
    with Store.open(store_url, settings=store_settings) as store:
        table_id = store.create_table("T")
        recorded = open_hand(store, table_id, three_handed(), players={1: "Ann", 4: "Bob", 6: "Cy"})
        for _ in range(8):
            for event in next_events(recorded.hand, rng):
                recorded.play(event)
        snapshot = recorded.hand.snapshot()
        events = recorded.hand.events
        hand_id = recorded.hand_id
    with Store.open(store_url, settings=store_settings) as restarted:
        assert [hand.id for hand in restarted.open_hands(table_id)] == [hand_id]
        resumed = resume_hand(restarted, hand_id)
        assert resumed.hand.events == events
        assert resumed.hand.snapshot() == snapshot
        play_to_end(resumed, rng)
        resumed.close()
        summary = restarted.hand(hand_id)
        assert summary.status is HandStatus.COMPLETE
        assert resumed.hand.result is not None
        assert summary.pot_total == resumed.hand.result.audit.awarded + resumed.hand.result.audit.rake + resumed.hand.result.audit.jackpot
        assert restarted.verify_log(table_id)[0].intact
        assert [hand.number for hand in restarted.search_hands(HandQuery(player="Bob"))] == [1]


def test_table_and_its_hand_in_progress_resume_after_restart(store_url: str, store_settings: StoreSettings) -> None:
    """SPEC Records: the table's records (seats, hands started) and its open hand are rebuilt on start; the next hand follows."""
    rng = random.Random(5)
    config = TableConfig(name="Table 9", seat_count=6)
    with Store.open(store_url, settings=store_settings) as store:
        table_id = store.create_table("Table 9", config)
        live = RecordedTable(store, table_id, resume_table(store, table_id).table)
        for seat, name in ((1, "Ann"), (3, "Bob"), (5, "Cy")):
            live.apply(PlayerSeated(seat=seat, player=name, buy_in=100))
        recorded = live.start_hand()
        for _ in range(4):
            for event in next_events(recorded.hand, rng):
                recorded.play(event)
        plan = live.table.hand_in_progress
        events = recorded.hand.events
    with Store.open(store_url, settings=store_settings) as restarted:
        resumed = resume_table(restarted, table_id)
        assert resumed.table.hand_in_progress == plan
        assert resumed.hand is not None and resumed.hand.hand.events == events
        play_to_end(resumed.hand, rng)
        resumed.finish_hand()
        assert resumed.table.hand_in_progress is None and resumed.table.hands_finished == 1
        following = resumed.start_hand()
        assert following.number == 2
        assert restarted.verify_log(table_id)[0].intact
        hands = restarted.search_hands(HandQuery(table_id=table_id))
        assert [(hand.number, hand.status) for hand in hands] == [(2, HandStatus.OPEN), (1, HandStatus.COMPLETE)]
        assert {hand.number for hand in restarted.search_hands(HandQuery(player="Cy"))} == {1, 2}


def test_undo_is_a_new_event_naming_the_event_it_voids(store: Store) -> None:
    """SPEC Records: an undo is a new event that names the voided event, who did it and why."""
    table_id = store.create_table("T")
    recorded = open_hand(store, table_id, three_handed(), post_blinds=True)
    for seat, cards in zip(recorded.hand.deal_order(), ("AsAdKsKd", "2c3c4c5c", "7h8h9hTh"), strict=True):
        recorded.play(HoleCardsDealt(seat=seat, cards=parse_cards(cards)))
    folded = recorded.play(Folded(seat=6))
    undo = recorded.undo(by="Dealer Dana", reason="pressed fold by mistake")
    assert undo.kind == "void" and undo.voids_seq == folded.seq and undo.actor == "Dealer Dana"
    assert undo.payload["reason"] == "pressed fold by mistake"
    assert recorded.hand.actor == 6  # the fold no longer in force: seat 6 is to act again
    assert store.rebuild_hand(recorded.hand_id).actor == 6


def test_only_a_floor_manager_may_record_a_correction(store: Store) -> None:
    """SPEC Records: only a floor manager may record a correction (a void with the floor as its source)."""
    table_id = store.create_table("T")
    add_staff(store, ("Dana", Role.DEALER, "1234"), ("Flo", Role.FLOOR_MANAGER, "floor-5678"))
    recorded = open_hand(store, table_id, three_handed(), post_blinds=True)
    with pytest.raises(NotAuthorizedError, match="only a floor manager signed in may record a correction"):
        recorded.undo(by="Dana", reason="correction", source=Source.FLOOR)
    with pytest.raises(NotAuthorizedError, match="only a floor manager may record a correction; 'Dana' is a dealer"):
        recorded.undo(by=store.sign_in("Dana", "1234"), reason="correction", source=Source.FLOOR)
    assert len(recorded.hand.events) == 2
    correction = recorded.undo(by=store.sign_in("Flo", "floor-5678"), reason="big blind posted by the wrong seat", source=Source.FLOOR)
    assert correction.source is Source.FLOOR and correction.voids_seq is not None


def test_duplicate_append_is_refused_and_names_the_stored_event(store: Store) -> None:
    """A retried append of an event already stored (its acknowledgement lost) is refused, never stored twice."""
    table_id = store.create_table("T")
    recorded = open_hand(store, table_id, three_handed())
    position = len(recorded.hand.events)
    first = recorded.play(next_events(recorded.hand, random.Random(1))[0])
    before = store.events(table_id)
    with pytest.raises(DuplicateEventError) as raised:
        store.append(table_id, recorded.hand.events[position], hand_id=recorded.hand_id, hand_position=position)
    assert raised.value.existing_seq == first.seq
    assert f"already stored as seq {first.seq}" in str(raised.value)
    assert store.events(table_id) == before


def test_append_at_a_stale_position_is_refused_as_a_conflict(store: Store) -> None:
    """Another console wrote first: an append expecting an older sequence number is refused; nothing is written."""
    table_id = store.create_table("T")
    head = store.append(table_id, ReadingTaken(subject="button", value="seat 3"))
    store.append(table_id, ReadingTaken(subject="button", value="seat 4"))
    with pytest.raises(SequenceConflictError) as raised:
        store.append(table_id, ReadingTaken(subject="button", value="seat 5"), expected_seq=head.seq + 1)
    assert not isinstance(raised.value, DuplicateEventError)
    assert (raised.value.expected, raised.value.actual) == (head.seq + 1, head.seq + 2)
    assert len(store.events(table_id)) == head.seq + 1


def test_two_writers_on_one_table_cannot_fork_the_chain(store_url: str, store_settings: StoreSettings) -> None:
    """Two consoles appending to the same table at once: one unbroken chain, every event once, numbers contiguous."""
    with Store.open(store_url, settings=store_settings) as store:
        table_id = store.create_table("Shared table")
    errors: list[BaseException] = []
    per_writer = 25

    def writer(name: str) -> None:
        try:
            with Store.open(store_url, settings=store_settings, migrate=False) as own:
                for number in range(per_writer):
                    own.append(table_id, ReadingTaken(subject=name, value=str(number)))
        except BaseException as error:  # reported below, with the other writer's
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(name,)) for name in ("console A", "console B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    with Store.open(store_url, settings=store_settings, migrate=False) as store:
        events = store.events(table_id)
        assert [event.seq for event in events] == list(range(1, 2 * per_writer + 2))
        for name in ("console A", "console B"):
            assert [e.payload["value"] for e in events if e.payload.get("subject") == name] == [str(n) for n in range(per_writer)]
        assert store.verify_log(table_id)[0].intact


def test_void_event_records_the_seq_it_voids_even_when_imported(store: Store) -> None:
    """The void's stored ``voids_seq`` points at the voided event's sequence number, not only its place in the hand."""
    table_id = store.create_table("T")
    setup = three_handed()
    recorded = open_hand(store, table_id, setup, post_blinds=True)
    stored = store.append(table_id, Voided(target=1, reason="wrong amount", by="Dana"), hand_id=recorded.hand_id)
    seqs = store.hand_event_seqs(recorded.hand_id)
    assert stored.voids_seq == seqs[1]
