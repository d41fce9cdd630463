"""The floor's review reading the card room's PostgreSQL (issue 9: "the floor's review window reads the card room's
database: every table, live"; issue 8: the review window "a floor station can run against the card room's PostgreSQL";
issue 27, done-when 6: the room review records a ruling and shows a shipped evidence picture).

Consoles keep their own SQLite stores and ship their tables' events to ``room_events`` (docs/room.md); the review reads
them there with the floor's role (SELECT only), every table, polling for new events, and checks every link it reads.
A scratch card room per module (deploy/postgres/setup.py, as in tests/room); without a server the tests skip with the
reason, under CI=true they fail. The hand is the one of tests/floor/hands.py.
"""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
from pytestqt.qtbot import QtBot

from dealer_console.config import StoreSettings
from dealer_console.engine.events import BoardDealt
from dealer_console.floor import HandReview, dispute_report_html
from dealer_console.floor.corrections import DisputeKind
from dealer_console.floor.errors import RulingError
from dealer_console.floor.room_source import RoomSource
from dealer_console.room import Shipper
from dealer_console.sim.stepwise_play import play_to_end, random_hand_setup
from dealer_console.store import Role, Store, open_hand
from dealer_console.store.chain import LinkRow, link_hash, row_content
from dealer_console.store.errors import NotAuthorizedError, SignInError, StoreError
from dealer_console.store.search import HandQuery
from dealer_console.store.stored import StaffMember
from dealer_console.ui.review_window import ReviewWindow
from tests.floor.hands import PNG, Disputed, record_disputed_hand
from tests.room.conftest import Room, scratch_room
from tests.support.staff import add_staff


@pytest.fixture(scope="module")
def floor_room() -> Iterator[Room]:
    """A card room with the store's tables migrated too (the floor's staff accounts live there), dropped afterwards."""
    with scratch_room("fl", migrate_store=True) as made:
        with Store.open(made.owner_url) as room_store:
            add_staff(room_store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"))
        yield made


@pytest.fixture(scope="module")
def console(floor_room: Room, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, Disputed]]:
    """Table 1's console: the disputed hand, corrected and ruled on at the table, flagged, shipped to the room (once)."""
    folder = tmp_path_factory.mktemp("table1")
    with Store.open(f"sqlite:///{folder / 'table1.sqlite3'}", settings=StoreSettings(data_dir=folder)) as store:
        disputed = record_disputed_hand(store)
        store.flag_hand(disputed.table_id, 1, reason="seat 2 says the flop was misread", by="Dana")
        review = HandReview.load(store, disputed.recorded.hand_id)
        review.record_correction(12, BoardDealt(cards=_cards("Qs7d9s")), reason="camera misread the Qs", by=disputed.manager)
        store.record_ruling(disputed.table_id, by=disputed.manager, rule="TDA 15", decision="pot to seat 2", pot_held=True,
                            disputed_amount=4, hand_number=1)
        Shipper(store, floor_room.console_url(disputed.table_id), [disputed.table_id]).ship_once()
        yield store, disputed


def _cards(text: str):  # type: ignore[no-untyped-def]
    from dealer_console.engine.cards import parse_cards

    return parse_cards(text)


def _deal_table_2(tmp_path: Path, room: Room) -> int:
    """Table 2's console deals two hands and ships them; returns how many events it shipped."""
    with Store.open(f"sqlite:///{tmp_path / 'table2.sqlite3'}", settings=StoreSettings(data_dir=tmp_path / "t2")) as store:
        store.create_table("Table 2", table_id=2)
        rng = random.Random(5)
        for _ in range(2):
            recorded = open_hand(store, 2, random_hand_setup(rng), players={1: "Erin", 2: "Finn"})
            play_to_end(recorded, rng)
            recorded.close()
        Shipper(store, room.console_url(2), [2]).ship_once()
        return len(store.events(2))


def test_the_review_reads_a_tables_shipped_log_with_the_floor_role_and_replays_its_hands(
    floor_room: Room, console: tuple[Store, Disputed],
) -> None:
    """The room's copy reviews like the console's own: the same steps, the correction applied (its author is a floor
    manager in the room's accounts), flags and rulings searchable, the chain verified; the floor's role cannot write the
    shipped log, so a correction is refused here with the reason."""
    store, disputed = console
    source = RoomSource(floor_room.url(floor_room.floor_role))
    try:
        assert source.refresh() == len(store.events(disputed.table_id)) and source.refresh() == 0
        assert [(t.id, t.name) for t in source.tables()] == [(1, "Table 1")]
        [found] = source.search_hands(HandQuery(player="Alice", flagged=True, with_ruling=True, min_pot=4))
        assert (found.table_id, found.number, found.pot_total, found.status.value) == (1, 1, 4, "complete")
        assert source.search_hands(HandQuery(player="Nobody")) == [] and source.search_hands(HandQuery(min_pot=5)) == []
        room_review = HandReview.load(source, found.id)
        local_review = HandReview.load(store, disputed.recorded.hand_id)
        assert [s.seq for s in room_review.steps] == [s.seq for s in local_review.steps]
        assert [dict(s.stacks) for s in room_review.steps] == [dict(s.stacks) for s in local_review.steps]
        assert dict(room_review.standing_outcome().final_stacks) == {1: 98, 2: 102} and room_review.link_problems == []
        assert room_review.verification().intact
        assert "4 to seat 2 (4) with Three Queens" in dispute_report_html(room_review)
        with pytest.raises(StoreError, match="only the tables' consoles write"):
            room_review.record_correction(16, None, reason="x", by=disputed.manager)
    finally:
        source.close()


def test_the_review_window_shows_every_table_live_and_reports_an_edit_made_on_the_server(
    qtbot: QtBot, floor_room: Room, console: tuple[Store, Disputed], tmp_path: Path,
) -> None:
    """Issue 9: every table, live: a table that ships while the window is open appears in the window's search without
    any action (polling). Issue 8, done-when 3: someone with the owner's rights switches the append-only trigger off and
    rewrites an event together with its hash; the window, which remembers every hash it read, names it on opening."""
    source = RoomSource(floor_room.url(floor_room.floor_role))
    source.refresh()
    with Store.open(floor_room.owner_url, migrate=False) as room_store:
        manager = room_store.sign_in("Flo", "floor-1")
    window = ReviewWindow(source, manager, poll_ms=100)
    qtbot.addWidget(window)
    try:
        window.search(HandQuery())
        assert {hand.table_id for hand in window.search_panel.found} == {1}
        shipped = _deal_table_2(tmp_path, floor_room)
        qtbot.waitUntil(lambda: {hand.table_id for hand in window.search_panel.found} == {1, 2}, timeout=10000)
        assert "new event(s) read" in window.status.text() and window.search_panel.table.count() == 3  # any, Table 1, Table 2
        assert source.tables()[1].events == shipped

        window.open_hand(next(hand.id for hand in window.search_panel.found if hand.table_id == 1))
        assert window.review is not None and not window.correct_button.isEnabled() and window.ruling_button.isEnabled()
        qtbot.waitUntil(lambda: window.integrity.text().startswith("Log verified"), timeout=10000)

        from psycopg.rows import namedtuple_row

        with psycopg.connect(floor_room.owner_url, autocommit=True, row_factory=namedtuple_row) as owner:
            row = owner.execute("SELECT * FROM room_events WHERE table_id = 1 AND seq = 10").fetchone()
            forged = replace(LinkRow.of(row), actor="Bob")
            owner.execute("ALTER TABLE room_events DISABLE TRIGGER room_events_frozen")
            owner.execute("UPDATE room_events SET actor = 'Bob', hash = %s WHERE table_id = 1 AND seq = 10",
                          (link_hash(row.prev_hash, row_content(forged)),))
            owner.execute("ALTER TABLE room_events ENABLE TRIGGER room_events_frozen")
        window.open_hand(window.review.summary.id)
        assert window.integrity.text().startswith("LOG ALTERED")
        assert "seq 10 (check) is not the event the review read before" in window.integrity.text()
        qtbot.waitUntil(lambda: window.verified is not None, timeout=10000)
        assert window.verified is not None and window.verified.broken is not None and window.verified.broken.seq == 11
    finally:
        window.close()
        source.close()


def test_the_room_review_shows_the_shipped_evidence_picture_checked_against_its_hash(
    floor_room: Room, console: tuple[Store, Disputed],
) -> None:
    """Issue 27, done-when 6 (camera evidence ships to the room, content-addressed, hash-checked): the flop's camera frame,
    kept at table 1's console, shipped with its events, is shown by the floor's room review with its media type, the
    very bytes the console keeps; an image altered in the room's database afterwards is refused on reading, with the
    reason, not shown."""
    store, disputed = console
    source = RoomSource(floor_room.url(floor_room.floor_role))
    try:
        source.refresh()
        review = HandReview.load(source, source.hand_id(disputed.table_id, 1))
        [item] = review.evidence()
        assert item.problem is None and item.sha256 == disputed.evidence_sha
        assert item.data == store.evidence(disputed.evidence_sha) == PNG and item.media_type == "image/png"
        with psycopg.connect(floor_room.owner_url, autocommit=True) as owner:
            owner.execute("ALTER TABLE room_evidence DISABLE TRIGGER room_evidence_frozen")
            owner.execute("ALTER TABLE room_evidence DROP CONSTRAINT room_evidence_content_addressed")
            owner.execute("UPDATE room_evidence SET data = %s WHERE sha256 = %s", (PNG[:-1] + b"x", disputed.evidence_sha))
        [altered] = review.evidence()
        assert altered.data is None and "does not match its SHA-256" in (altered.problem or "")
    finally:
        source.close()
        with psycopg.connect(floor_room.owner_url, autocommit=True) as owner:
            owner.execute("UPDATE room_evidence SET data = %s WHERE sha256 = %s", (PNG, disputed.evidence_sha))
            owner.execute("ALTER TABLE room_evidence ENABLE TRIGGER room_evidence_frozen")
            owner.execute("ALTER TABLE room_evidence ADD CONSTRAINT room_evidence_content_addressed"
                          " CHECK (encode(sha256(data), 'hex') = sha256)")


def test_the_room_review_records_a_ruling_under_the_signed_in_floor_managers_session(
    floor_room: Room, console: tuple[Store, Disputed],
) -> None:
    """Issue 27, done-when 6: from the room review a floor manager records a ruling (SPEC Records and review: only a
    floor manager rules). It is stored in the room's ``room_rulings`` under the session the manager opened by signing in:
    the server names the manager and the floor's login; the hand then searches as ruled. A name held without signing in
    here, and a dealer's sign-in, record nothing."""
    store, disputed = console
    source = RoomSource(floor_room.url(floor_room.floor_role), reportable_threshold=40)
    try:
        source.refresh()
        hand_id = source.hand_id(disputed.table_id, 1)
        review = HandReview.load(source, hand_id)
        with pytest.raises(NotAuthorizedError, match="not signed in at this review"):
            review.record_ruling(by=StaffMember(1, "Flo", Role.FLOOR_MANAGER), rule="TDA 1", decision="d", pot_held=False,
                                 disputed_amount=0, dispute=DisputeKind.HAND_READING)
        dealer = source.sign_in("Dana", "1111")
        with pytest.raises(NotAuthorizedError, match="only a floor manager may record a ruling"):
            review.record_ruling(by=dealer, rule="TDA 1", decision="d", pot_held=False, disputed_amount=0, dispute=DisputeKind.HAND_READING)
        with pytest.raises(SignInError):
            source.sign_in("Flo", "wrong")
        manager = source.sign_in("Flo", "floor-1")
        with pytest.raises(NotAuthorizedError, match="'Flo' has not signed in at this review"):  # a copy carries no session
            review.record_ruling(by=dataclasses.replace(manager), rule="TDA 1", decision="d", pot_held=False, disputed_amount=0,
                                 dispute=DisputeKind.HAND_READING)
        before = len(source.rulings(hand_id))
        again = review.record_ruling(by=manager, rule="TDA 42", decision="the pot stands", pot_held=False, disputed_amount=40,
                                     dispute=DisputeKind.HAND_READING)
        assert again.summary.id == hand_id
        rulings = source.rulings(hand_id)
        assert len(rulings) == before + 1
        ruling = rulings[-1]
        assert (ruling.floor_manager, ruling.recorded_by, ruling.rule, ruling.decision, ruling.disputed_amount, ruling.reportable) == (
            "Flo", floor_room.floor_role, "TDA 42", "the pot stands", 40, True)
        assert not ruling.late  # no later hand at table 1: the window is still open
        assert [h.id for h in source.search_hands(HandQuery(table_id=disputed.table_id, reportable=True))] == [hand_id]
        with pytest.raises(RulingError):
            review.record_ruling(by=manager, rule=" ", decision="d", pot_held=False, disputed_amount=0, dispute=DisputeKind.HAND_READING)
        assert len(source.rulings(hand_id)) == before + 1
    finally:
        source.close()
    fresh = RoomSource(floor_room.url(floor_room.floor_role))
    try:
        fresh.refresh()
        assert [r.decision for r in fresh.rulings(fresh.hand_id(disputed.table_id, 1))][-1] == "the pot stands"
    finally:
        fresh.close()
