"""A floor manager's authority is the member their own sign-in returned, re-checked when they act; never a name.

Sources: SPEC.md, Insiders ("a floor manager's acts are recorded under their own signed-in session, never under a name
passed in"; "a dealer cannot do what only a floor manager may"); the issue's point "Accounts" ("authority comes from a
signed-in session, never from a name argument"). Every test runs on SQLite and on PostgreSQL (the store's fixtures).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import text

from dealer_console.engine.cards import parse_cards
from dealer_console.engine.events import BoardDealt
from dealer_console.floor import HandReview
from dealer_console.store import NotAuthorizedError, Role, RulingRecorded, SignInError, Source, StaffMember, Store
from dealer_console.store.records import HouseSettingsChanged
from tests.floor.hands import Disputed, record_disputed_hand
from tests.support.staff import add_staff


def _pretenders(store: Store, manager: StaffMember) -> dict[str, Any]:
    """Everything that is not the signed-in member: made by hand, looked up by name, copied two ways, and a plain name."""
    return {
        "made by hand": StaffMember(manager.id, manager.name, Role.FLOOR_MANAGER),
        "looked up by name": store.staff_member(manager.name),
        "a replaced copy": dataclasses.replace(manager),
        "a shallow copy": copy.copy(manager),
        "a name": manager.name,
    }


def _state(store: Store) -> tuple[list[tuple[int, int]], list[tuple[str, int]], int]:
    """What an act could change: every table's last seq, each account's lock-out count, the rulings projected."""
    heads = [(report.table_id, report.last_seq) for report in store.verify_log()]
    with store.sql_engine.connect() as connection:
        accounts = [(row.name, row.failed_sign_ins) for row in connection.execute(
            text("SELECT name, failed_sign_ins FROM staff ORDER BY name"))]
        rulings = int(connection.execute(text("SELECT count(*) FROM rulings")).scalar_one())
    return heads, accounts, rulings


def _floor_acts(store: Store, disputed: Disputed) -> dict[str, Callable[[Any], object]]:
    """Each act only a floor manager may do, taking the member who does it."""
    table_id = disputed.table_id
    ruling = RulingRecorded(hand_number=1, floor_manager="Flo", rule="TDA 15", decision="split", pot_held=False,
                            disputed_amount=4, reportable=False)
    return {
        "record a ruling": lambda by: store.record_ruling(table_id, by=by, rule="TDA 15", decision="pot stands", pot_held=True,
                                                         disputed_amount=4, hand_number=1),
        "change the house settings": lambda by: store.change_house_settings(table_id, {"rake.percent": 5}, by=by),
        "unlock an account": lambda by: store.unlock_staff("Dana", by=by),
        "add a staff account": lambda by: store.add_staff("Eve", Role.DEALER, "5555", by=by),
        "list the staff accounts": lambda by: store.staff(by=by),
        "record a correction": lambda by: HandReview.load(store, disputed.recorded.hand_id).record_correction(
            12, BoardDealt(cards=parse_cards("Qs7d9s")), reason="camera misread the Qs", by=by),
        "record a ruling (appended)": lambda by: store.append(table_id, ruling, source=Source.FLOOR, actor="Flo", by=by),
    }


def test_a_member_not_returned_by_a_sign_in_here_is_refused_for_every_floor_act_and_nothing_is_stored(store: Store) -> None:
    """SPEC, Insiders: authority is the member this store's sign-in returned. A member made by hand, looked up by name or
    copied, and a plain name, are each refused for every floor act, with one line naming the act, and nothing changes."""
    disputed = record_disputed_hand(store)
    before = _state(store)
    acts = _floor_acts(store, disputed)
    for pretender_kind, pretender in _pretenders(store, disputed.manager).items():
        for act, do in acts.items():
            with pytest.raises(NotAuthorizedError) as refused:
                do(pretender)
            message = str(refused.value)
            assert "\n" not in message and "has not signed in here" in message, (pretender_kind, act, message)
            assert act.removesuffix(" (appended)") in message, (pretender_kind, act, message)
    assert _state(store) == before


def test_the_member_signed_in_does_every_floor_act_under_their_own_name(store: Store) -> None:
    """The same acts with the member the sign-in returned: each is stored, naming that floor manager."""
    disputed = record_disputed_hand(store)
    acts = _floor_acts(store, disputed)
    for act in ("record a ruling", "change the house settings", "record a correction", "add a staff account"):
        acts[act](disputed.manager)
    log = store.events(disputed.table_id)
    floor_events = [event for event in log if event.source is Source.FLOOR]
    assert [event.kind for event in floor_events][-3:] == ["ruling", "house_settings", "correction"]
    assert all(event.actor == "Flo" for event in floor_events)
    assert store.sign_in("Eve", "5555").role is Role.DEALER
    assert store.verify_log(disputed.table_id)[0].intact


def test_a_ruling_names_the_member_signed_in_never_another_name(store: Store) -> None:
    """SPEC, Insiders: "never under a name passed in". Signed in as Flo, a ruling, a change of house settings or a
    correction naming Gus (another floor manager) is refused, and nothing is stored."""
    disputed = record_disputed_hand(store)
    store.add_staff("Gus", Role.FLOOR_MANAGER, "floor-2", by=disputed.manager)
    before = _state(store)
    in_gus_name = (
        RulingRecorded(hand_number=1, floor_manager="Gus", rule="TDA 15", decision="split", pot_held=False, disputed_amount=4,
                       reportable=False),
        HouseSettingsChanged(by="Gus", changes=(("rake.percent", "5"),)),
    )
    for record in in_gus_name:
        for actor in ("Gus", "Flo"):
            with pytest.raises(NotAuthorizedError, match="under their own name: 'Flo' signed in"):
                store.append(disputed.table_id, record, source=Source.FLOOR, actor=actor, by=disputed.manager)
    assert _state(store) == before


def test_authority_is_read_again_from_the_database_at_the_moment_of_the_act(store: Store, store_url: str) -> None:
    """A sign-in is not a licence: the role, the lock-out and whether the account is active are read again in the act's own
    transaction. Locked out, made a dealer, or made inactive after signing in, the member is refused and nothing stored;
    and a member signed in at another opening of the same database has not signed in here."""
    disputed = record_disputed_hand(store)
    record = _floor_acts(store, disputed)["record a ruling"]
    before = _state(store)
    for change, why in (("locked_at = CURRENT_TIMESTAMP", "(locked out)"), ("role = 'dealer'", "is a dealer"),
                        ("active = FALSE", "no longer an active account")):
        with store.sql_engine.begin() as connection:
            connection.execute(text(f"UPDATE staff SET {change} WHERE name = 'Flo'"))
        with pytest.raises(NotAuthorizedError, match=why.replace("(", r"\(").replace(")", r"\)")):
            record(disputed.manager)
        with store.sql_engine.begin() as connection:
            connection.execute(text("UPDATE staff SET locked_at = NULL, role = 'floor_manager', active = TRUE WHERE name = 'Flo'"))
    assert _state(store) == before
    with Store.open(store_url, settings=store.settings) as elsewhere:
        with pytest.raises(NotAuthorizedError, match="'Flo' has not signed in here"):
            elsewhere.record_ruling(disputed.table_id, by=disputed.manager, rule="TDA 15", decision="d", pot_held=False,
                                    disputed_amount=0)
        assert elsewhere.record_ruling(disputed.table_id, by=elsewhere.sign_in("Flo", "floor-1"), rule="TDA 15", decision="d",
                                       pot_held=False, disputed_amount=0).actor == "Flo"


def test_the_first_account_is_a_floor_manager_and_every_later_one_is_added_by_one_signed_in(store: Store) -> None:
    """SPEC, Insiders (a dealer cannot do what only a floor manager may): a store's first account needs no sign-in and must be
    a floor manager; every later account needs a floor manager signed in here; a dealer signed in cannot add one."""
    with pytest.raises(NotAuthorizedError, match="first account of a store is its floor manager"):
        store.add_staff("Dana", Role.DEALER, "1111")
    [manager] = add_staff(store, ("Flo", Role.FLOOR_MANAGER, "floor-1"))
    with pytest.raises(NotAuthorizedError, match="no signed-in member was given"):
        store.add_staff("Dana", Role.DEALER, "1111")
    with pytest.raises(NotAuthorizedError, match="has not signed in here"):
        store.add_staff("Dana", Role.DEALER, "1111", by=manager)
    store.add_staff("Dana", Role.DEALER, "1111", by=store.sign_in("Flo", "floor-1"))
    with pytest.raises(NotAuthorizedError, match="'Dana' is a dealer"):
        store.add_staff("Eve", Role.FLOOR_MANAGER, "5555", by=store.sign_in("Dana", "1111"))
    with pytest.raises(SignInError):
        store.sign_in("Eve", "5555")
