"""Staff sign-in, rulings, camera evidence and its retention, and the plain-data form of what is stored.

Sources: SPEC.md, Records and review ("Dealers and floor managers sign in (PIN or password,
hashed); only a floor manager may record a correction or a ruling, or authorize a Mississippi";
"A ruling records the floor manager, the rule cited, the decision, whether the pot was held ...,
and a 'reportable' flag when the disputed amount reaches a configured threshold (Nevada ... $500
or more)"; "Camera evidence ... is stored with a hash in the event, under a retention policy").
"""

from __future__ import annotations

import hashlib
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text

from dealer_console.config import StoreSettings
from dealer_console.engine.events import event_from_dict, event_to_dict
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import AgreementsChanged, MississippiAuthorization, TableAgreements
from dealer_console.sim.stepwise_play import play_in_memory, random_hand_setup
from dealer_console.sim.table_play import SimulatedTable
from dealer_console.store import (
    EvidenceError,
    HandQuery,
    NotAuthorizedError,
    ReadingTaken,
    Role,
    SignInError,
    Source,
    Store,
    open_hand,
)
from dealer_console.store.codec import decode, record_from_payload, record_payload, to_data
from dealer_console.store.recorder import RecordedTable, resume_table
from tests.support.staff import add_staff


def test_pin_is_kept_only_as_an_argon2_hash_and_checked_on_sign_in(store: Store) -> None:
    """SPEC Records: staff sign in with a PIN or password, stored hashed (Argon2), never as given."""
    add_staff(store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "4821"))
    with store.sql_engine.connect() as connection:
        stored = connection.execute(text("SELECT secret_hash FROM staff WHERE name = 'Dana'")).scalar_one()
    assert stored.startswith("$argon2id$") and "4821" not in stored
    assert store.sign_in("Dana", "4821").role is Role.DEALER
    with pytest.raises(SignInError, match="unknown name or wrong PIN"):
        store.sign_in("Dana", "4822")
    with pytest.raises(SignInError, match="unknown name or wrong PIN"):
        store.sign_in("Nobody", "4821")


def test_ruling_is_recorded_by_a_floor_manager_and_flagged_reportable_at_the_threshold(store_url: str, tmp_path: Path) -> None:
    """SPEC Records: a ruling keeps manager, rule, decision, pot held; reportable from the configured amount ($500 in cents)."""
    with Store.open(store_url, settings=StoreSettings(reportable_threshold=50_000, data_dir=tmp_path)) as store:
        table_id = store.create_table("T")
        add_staff(store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"))
        floor, dealer = store.sign_in("Flo", "floor-1"), store.sign_in("Dana", "1111")
        recorded = open_hand(store, table_id, random_hand_setup(random.Random(2)), post_blinds=True)
        with pytest.raises(NotAuthorizedError, match="only a floor manager may record a ruling"):
            store.record_ruling(table_id, by=dealer, rule="TDA 1", decision="x", pot_held=False, disputed_amount=1, hand_number=1)
        small = store.record_ruling(table_id, by=floor, rule="TDA Rule 15 (cards speak)", decision="pot to seat 4", pot_held=True,
                                    disputed_amount=49_999, hand_number=recorded.number)
        large = store.record_ruling(table_id, by=floor, rule="TDA Rule 15", decision="pot split", pot_held=True,
                                    disputed_amount=50_000, hand_number=recorded.number, late=True)
        assert small.payload["reportable"] is False and large.payload["reportable"] is True
        assert small.source is Source.FLOOR and small.actor == "Flo" and small.hand_id == recorded.hand_id
        assert [h.id for h in store.search_hands(HandQuery(reportable=True))] == [recorded.hand_id]
        with store.sql_engine.connect() as connection:
            rows = connection.execute(text("SELECT rule, pot_held, disputed_amount, reportable, late FROM rulings ORDER BY id")).all()
        assert [tuple(row) for row in rows] == [("TDA Rule 15 (cards speak)", True, 49_999, False, False),
                                                ("TDA Rule 15", True, 50_000, True, True)]
        assert store.verify_log(table_id)[0].intact


def test_ruling_cannot_be_forged_as_a_plain_event(store: Store) -> None:
    """A ruling appended directly must come from the floor, as its floor manager: the store checks the role too."""
    from dealer_console.store import RulingRecorded

    table_id = store.create_table("T")
    add_staff(store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"))
    forged = RulingRecorded(hand_number=None, floor_manager="Dana", rule="-", decision="-", pot_held=False,
                            disputed_amount=0, reportable=False)
    with pytest.raises(NotAuthorizedError):
        store.append(table_id, forged, source=Source.FLOOR, actor="Dana")
    assert [e.kind for e in store.events(table_id)] == ["table_opened"]


def test_mississippi_authorization_needs_a_floor_manager(store: Store) -> None:
    """SPEC Records: only a floor manager may authorize a Mississippi straddle at a table."""
    table_id = store.create_table("T")
    add_staff(store, ("Dana", Role.DEALER, "1111"), ("Flo", Role.FLOOR_MANAGER, "floor-1"))
    dealer, floor = store.sign_in("Dana", "1111"), store.sign_in("Flo", "floor-1")
    moment = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
    by_dealer = AgreementsChanged(agreements=TableAgreements(mississippi=MississippiAuthorization(manager="Dana", at=moment)), by="Dana")
    with pytest.raises(NotAuthorizedError, match="Mississippi straddle authorized"):
        store.append(table_id, by_dealer, source=Source.FLOOR, actor="Dana", by=dealer)
    by_floor = AgreementsChanged(agreements=TableAgreements(mississippi=MississippiAuthorization(manager="Flo", at=moment)), by="Flo")
    stored = store.append(table_id, by_floor, source=Source.FLOOR, actor="Flo", by=floor)
    assert stored.record() == by_floor


@pytest.mark.parametrize("on_disk", [False, True], ids=["in-database", "on-disk"])
def test_evidence_is_kept_with_its_sha256_and_purged_without_breaking_the_chain(store_url: str, tmp_path: Path, on_disk: bool) -> None:
    """SPEC Records: the frame a reading came from is stored with its hash; the retention purge removes the image, never the hash."""
    settings = StoreSettings(evidence_dir=tmp_path / "frames" if on_disk else None, evidence_retention_days=30, data_dir=tmp_path)
    now = datetime(2026, 11, 30, tzinfo=UTC)
    with Store.open(store_url, settings=settings, clock=lambda: now) as store:
        table_id = store.create_table("T")
        old_frame, kept_frame, new_frame = b"\xff\xd8 old frame", b"\xff\xd8 disputed frame", b"\xff\xd8 new frame"
        old = store.put_evidence(old_frame, table_id=table_id, captured_at=now - timedelta(days=40))
        kept = store.put_evidence(kept_frame, table_id=table_id, captured_at=now - timedelta(days=40))
        new = store.put_evidence(new_frame, table_id=table_id, captured_at=now - timedelta(days=1))
        assert old == hashlib.sha256(old_frame).hexdigest()
        recorded = open_hand(store, table_id, random_hand_setup(random.Random(3)))
        for digest in (old, kept, new):
            store.append(table_id, ReadingTaken(subject="board", value="AsKdQh", confidence=0.6), source=Source.CAMERA,
                         frame_at=now - timedelta(seconds=1), evidence_sha256=digest, hand_id=recorded.hand_id)
        store.flag_hand(table_id, recorded.number, reason="disputed board reading", by="Dana")
        unrelated = store.put_evidence(b"\xff\xd8 unrelated", table_id=table_id, captured_at=now - timedelta(days=40))
        held = store.put_evidence(b"\xff\xd8 held", table_id=table_id, captured_at=now - timedelta(days=40))
        store.hold_evidence(held)
        report = store.purge_evidence()
        assert (report.purged, report.kept_held) == (1, 3)  # old and kept back a flagged hand, held is held
        with pytest.raises(EvidenceError, match="purged .* the log keeps its SHA-256"):
            store.evidence(unrelated)
        assert store.evidence(old) == old_frame and store.evidence(new) == new_frame and store.evidence(held) == b"\xff\xd8 held"
        assert store.verify_log(table_id)[0].intact
        camera_events = [e for e in store.events(table_id) if e.source is Source.CAMERA]
        assert [e.evidence_sha256 for e in camera_events] == [old, kept, new]
        if on_disk:
            assert not list((tmp_path / "frames").rglob(f"{unrelated}*"))


def test_altered_evidence_file_is_detected(tmp_path: Path) -> None:
    """An image changed on disk no longer matches the SHA-256 the log holds."""
    settings = StoreSettings(evidence_dir=tmp_path / "frames", data_dir=tmp_path)
    with Store.open(f"sqlite:///{tmp_path / 's.sqlite3'}", settings=settings) as store:
        digest = store.put_evidence(b"original frame")
        (tmp_path / "frames" / digest[:2] / f"{digest}.bin").write_bytes(b"doctored frame")
        with pytest.raises(EvidenceError, match="does not match its SHA-256"):
            store.evidence(digest)


def test_hand_setup_and_hand_events_round_trip_through_stored_data() -> None:
    """The store's (de)serialisers: a HandSetup (game, stakes, house rules, rake, stacks, button, blinds, agreements) and every event."""
    rng = random.Random(99)
    for _ in range(30):
        setup = random_hand_setup(rng)
        hand = play_in_memory(setup, rng)
        from dealer_console.engine.hand import Hand, HandSetup

        assert decode(HandSetup, to_data(setup)) == setup
        events = [record_from_payload(event.kind, record_payload(event)) for event in hand.events]
        assert events == list(hand.events)
        assert Hand(decode(HandSetup, to_data(setup)), events).snapshot() == hand.snapshot()
        assert all(event_from_dict(event_to_dict(event)) == event for event in hand.events)


def test_table_records_round_trip_and_a_stored_table_session_replays(store: Store) -> None:
    """Every table record of a random session (seats, add-ons, hands started and finished, misdeals) is stored and read back equal."""
    config = TableConfig(name="Sim", seat_count=6, partial_cash_out=True)
    table = Table(config)
    session = SimulatedTable(table, random.Random(12))
    session.open_table()
    for _ in range(15):
        session.play_hand()
    for record in table.events:
        assert record_from_payload(record.kind, record_payload(record)) == record
    table_id = store.create_table("Sim", config)
    store.append_many(table_id, list(table.events))
    rebuilt: RecordedTable = resume_table(store, table_id)
    assert rebuilt.table.events == table.events
    assert rebuilt.table.chip_audit() == table.chip_audit()
