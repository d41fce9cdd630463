"""Accounts and roles: who may sign in, and who may record the floor's acts (issue 8, done-when 1).

Sources: SPEC.md, Records and review ("Dealers and floor managers sign in (PIN or password,
hashed); only a floor manager may record a correction or a ruling, or authorize a Mississippi");
issue 8 ("sign-in with lock-out after repeated failures"; "only a floor manager records a
correction, a ruling, a Mississippi authorization or a change of house settings; every such act is
an event naming who did it"). SPEC is silent on how many tries: a card room's console locks a
staff account after a configured number of wrong PINs until a manager unlocks it (as any
point-of-sale system does); the number is ``[store] sign_in_attempts`` (default 5).
Every test runs on SQLite and on PostgreSQL (the store's fixtures).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from dealer_console.config import StoreSettings
from dealer_console.engine.events import Voided
from dealer_console.engine.table_events import AgreementsChanged, MississippiAuthorization, TableAgreements
from dealer_console.store import NotAuthorizedError, Role, RulingRecorded, SignInError, Source, Store
from dealer_console.store.records import HouseSettingsChanged
from tests.floor.hands import record_disputed_hand
from tests.support.hands import make_hand
from tests.support.staff import add_staff, signed_in_floor_manager

FLO = ("Flo", Role.FLOOR_MANAGER, "floor-1")
DANA = ("Dana", Role.DEALER, "1111")


def _head(store: Store, table_id: int) -> tuple[int, str]:
    report = store.verify_log(table_id)[0]
    return report.last_seq, report.head_hash


def test_a_dealer_cannot_record_a_ruling(store: Store) -> None:
    """SPEC Records: only a floor manager may record a ruling, whichever way it reaches the store."""
    table_id = store.create_table("T")
    add_staff(store, FLO, DANA)
    dealer = store.sign_in("Dana", "1111")
    before = _head(store, table_id)
    with pytest.raises(NotAuthorizedError, match="only a floor manager may record a ruling"):
        store.record_ruling(table_id, by=dealer, rule="TDA 15", decision="split", pot_held=False, disputed_amount=10)
    forged = RulingRecorded(hand_number=None, floor_manager="Dana", rule="TDA 15", decision="split", pot_held=False,
                            disputed_amount=10, reportable=False)
    with pytest.raises(NotAuthorizedError, match="record a ruling"):
        store.append(table_id, forged, source=Source.FLOOR, actor="Dana")
    assert _head(store, table_id) == before, "a refused ruling must leave nothing in the log"


def test_a_dealer_cannot_record_a_correction(store: Store) -> None:
    """SPEC Records: a correction (a floor void) is a floor manager's act; the dealer's own undo stays a dealer event."""
    table_id = store.create_table("T")
    add_staff(store, FLO, DANA)
    from dealer_console.store import open_hand

    recorded = open_hand(store, table_id, make_hand({1: 100, 2: 100}, button=1).setup, actor="Dana", post_blinds=True)
    events_before = recorded.hand.events
    head = _head(store, table_id)
    with pytest.raises(NotAuthorizedError, match="record a correction"):
        recorded.undo(by="Dana", reason="wrong blind", source=Source.FLOOR)
    with pytest.raises(NotAuthorizedError, match="record a correction"):
        store.append(table_id, Voided(target=1, reason="x", by="Dana"), hand_id=recorded.hand_id, source=Source.FLOOR, actor="Dana")
    assert recorded.hand.events == events_before and _head(store, table_id) == head


def test_a_dealer_cannot_authorize_a_mississippi_or_change_house_settings(store: Store) -> None:
    """SPEC Records (Mississippi needs a floor manager); issue 8 (a change of house settings is a floor manager's act)."""
    table_id = store.create_table("T")
    add_staff(store, FLO, DANA)
    dealer = store.sign_in("Dana", "1111")
    head = _head(store, table_id)
    moment = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
    with pytest.raises(NotAuthorizedError, match="Mississippi"):
        store.append(table_id, AgreementsChanged(agreements=TableAgreements(
            mississippi=MississippiAuthorization(manager="Dana", at=moment)), by="Dana"), actor="Dana")
    with pytest.raises(NotAuthorizedError, match="house settings"):
        store.change_house_settings(table_id, {"rake.percent": 5}, by=dealer)
    with pytest.raises(NotAuthorizedError, match="house settings"):
        store.append(table_id, HouseSettingsChanged(by="Dana", changes=(("rake.percent", "5"),)), source=Source.FLOOR, actor="Dana")
    assert _head(store, table_id) == head


def test_a_wrong_pin_locks_the_account_out_after_the_set_number_of_tries(store_url: str, tmp_path: Path) -> None:
    """Issue 8: lock-out after repeated failures. With sign_in_attempts = 3: two wrong PINs are refused with the
    usual message; the third locks the account; then even the right PIN is refused, after a restart too
    (kept in the database); a dealer cannot unlock; a floor manager can, and the right PIN works again."""
    settings = StoreSettings(data_dir=tmp_path / "data", sign_in_attempts=3)
    with Store.open(store_url, settings=settings) as store:
        dealer, manager = add_staff(store, DANA, FLO)
        for _ in range(2):
            with pytest.raises(SignInError, match="unknown name or wrong PIN"):
                store.sign_in("Dana", "9999")
        assert not store.is_locked_out("Dana")
        with pytest.raises(SignInError, match="3 times; the account is now locked out"):
            store.sign_in("Dana", "9999")
        with pytest.raises(SignInError, match="locked out"):
            store.sign_in("Dana", "1111")
    with Store.open(store_url, settings=settings) as store:
        assert store.is_locked_out("Dana")
        with pytest.raises(SignInError, match="locked out"):
            store.sign_in("Dana", "1111")
        with pytest.raises(NotAuthorizedError):
            store.unlock_staff("Dana", by=dealer)
        with pytest.raises(NotAuthorizedError, match="has not signed in"):
            store.unlock_staff("Dana", by=manager)  # the account's value, not a sign-in: no authority
        store.unlock_staff("Dana", by=store.sign_in("Flo", "floor-1"))
        assert store.sign_in("Dana", "1111") == dealer


def test_a_good_sign_in_resets_the_count_of_wrong_pins(store_url: str, tmp_path: Path) -> None:
    """The lock-out counts wrong PINs in a row: two wrong, one right, two wrong (sign_in_attempts = 3) is not locked."""
    with Store.open(store_url, settings=StoreSettings(data_dir=tmp_path / "data", sign_in_attempts=3)) as store:
        add_staff(store, FLO, DANA)
        for attempt in ("0000", "0000", "1111", "0000", "0000"):
            if attempt == "1111":
                store.sign_in("Dana", attempt)
            else:
                with pytest.raises(SignInError):
                    store.sign_in("Dana", attempt)
        assert not store.is_locked_out("Dana")
        assert store.sign_in("Dana", "1111").role is Role.DEALER


def test_every_floor_act_is_an_event_in_the_chain_naming_the_manager(store: Store) -> None:
    """Issue 8: a correction, a ruling, a Mississippi authorization and a change of house settings are each an event
    of the table's hash chain, naming the floor manager; verify-log passes over them."""
    disputed = record_disputed_hand(store)
    table_id, manager = disputed.table_id, store.sign_in("Flo", "floor-1")
    moment = datetime(2026, 11, 30, 21, 0, tzinfo=UTC)
    ruling = store.record_ruling(table_id, by=manager, rule="TDA 15: cards speak", decision="pot to seat 1 stands",
                                 pot_held=True, disputed_amount=4, hand_number=1)
    mississippi = store.append(table_id, AgreementsChanged(agreements=TableAgreements(
        mississippi=MississippiAuthorization(manager="Flo", at=moment)), by="Flo"), source=Source.FLOOR, actor="Flo", by=manager)
    house = store.change_house_settings(table_id, {"rake.percent": 10, "rake.cap": 5}, by=manager, reason="new shift")
    [report] = store.verify_log(table_id)
    assert report.intact, report.describe()
    log = {event.seq: event for event in store.events(table_id)}
    assert report.last_seq == max(log)
    correction = [event for event in log.values() if event.kind == "void"]
    assert len(correction) == 1 and correction[0].source is Source.FLOOR and correction[0].actor == "Flo"
    assert correction[0].voids_seq == 7  # the mistaken raise (see tests/floor/hands.py)
    assert log[ruling.seq].kind == "ruling" and log[ruling.seq].source is Source.FLOOR and log[ruling.seq].actor == "Flo"
    assert log[ruling.seq].payload["floor_manager"] == "Flo" and log[ruling.seq].hand_id == disputed.recorded.hand_id
    assert log[mississippi.seq].kind == "agreements" and log[mississippi.seq].payload["agreements"]["mississippi"]["manager"] == "Flo"
    assert log[house.seq].kind == "house_settings" and log[house.seq].source is Source.FLOOR and log[house.seq].actor == "Flo"
    assert dict(map(tuple, log[house.seq].payload["changes"])) == {"rake.percent": "10", "rake.cap": "5"}


def test_a_floor_change_of_house_settings_applies_where_it_sits_in_the_log(store: Store) -> None:
    """Issue 8 (a change of house settings is a floor manager's act) and SPEC Records (the log rebuilds the table):
    a table resumed from its log carries the new rake from the point where the manager changed it."""
    from dealer_console.engine.games import Rake
    from dealer_console.engine.table_config import TableConfig
    from dealer_console.store.recorder import resume_table

    table_id = store.create_table("T", TableConfig(name="T", rake=Rake(percent=5, cap=4)))
    manager = signed_in_floor_manager(store)
    assert resume_table(store, table_id).table.config.rake == Rake(percent=5, cap=4)
    store.change_house_settings(table_id, {"rake.percent": 10, "rake.cap": "None", "house.max_runs": 2}, by=manager, reason="new shift")
    resumed = resume_table(store, table_id).table.config
    assert (resumed.rake.percent, resumed.rake.cap, resumed.house.max_runs) == (10.0, None, 2)


@pytest.mark.parametrize(("changes", "message"), [
    ({"rake_percent": 5}, "There is no house setting 'rake_percent'"),
    ({"rake.percent": "ten"}, "rake.percent must be a number"),
    ({"rake.percent": 120}, "cannot apply: rake 120.0% must be between 0 and 100"),
    ({"house.limit_heads_up_uncapped": "maybe"}, "is yes or no"),
])
def test_a_house_setting_the_table_cannot_apply_is_refused_before_it_is_written(store: Store, changes: dict[str, object],
                                                                                 message: str) -> None:
    """Bad input loses nothing: a change that would stop the table's replay is refused with the setting named,
    and the log is as it was."""
    table_id = store.create_table("T")
    manager = signed_in_floor_manager(store)
    before = _head(store, table_id)
    with pytest.raises(ValueError, match=message):
        store.change_house_settings(table_id, changes, by=manager)
    assert _head(store, table_id) == before
