"""The floor's commands at a running table take the floor manager their sign-in returned; the dealer's keep the dealer.

Sources: SPEC.md, Insiders ("a floor manager's acts are recorded under their own signed-in session, never under a name
passed in"); SPEC.md, Records and review ("only a floor manager may ... authorize a Mississippi"); the issue's point
"Accounts" ("authority comes from a signed-in session, never from a name argument").
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dealer_console.engine.events import BlindKind, BlindPosted
from dealer_console.engine.table_events import TableAgreements
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_session import TableSession
from dealer_console.store import Role, Source, StaffMember, Store
from tests.live.test_table_session_store import recorded, template
from tests.support.staff import add_staff

MOMENT = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)


def _table(tmp_path: Path) -> tuple[Store, TableSession, list[Notice], StaffMember]:
    store = Store.open(f"sqlite:///{tmp_path / 'console.sqlite3'}")
    add_staff(store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"))
    session = recorded(store)
    notices: list[Notice] = []
    session.subscribe_notices(notices.append)
    session.start_hand()
    return store, session, notices, store.sign_in("Flo", "floor-1")


def _floor_commands(session: TableSession) -> dict[str, Any]:
    return {
        "change the table's agreements": lambda by: session.change_agreements(TableAgreements(straddles_allowed=False), by=by),
        "authorize a Mississippi straddle": lambda by: session.authorize_mississippi(manager=by, at=MOMENT),
        "change the house settings": lambda by: session.change_house_settings([("rake.percent", "5")], by=by),
        "authorize a Mississippi straddle for this hand": lambda by: session.post_mississippi(authorized_by=by),
    }


def test_a_floor_command_with_a_member_not_signed_in_is_refused_in_one_line_and_changes_nothing(tmp_path: Path) -> None:
    """A member made by hand, a copy of the signed-in one, or a signed-in dealer: each floor command is refused with one
    line naming the act, the table and the hand are as they were, and the log holds nothing new."""
    store, session, notices, manager = _table(tmp_path)
    with store:
        pretenders = {
            "made by hand": StaffMember(manager.id, "Flo", Role.FLOOR_MANAGER),
            "a copy": dataclasses.replace(manager),
            "a dealer signed in": store.sign_in("Dana", "1111"),
        }
        before = (len(store.events(session.recorder.table_id)), session.table.agreements, session.table.config,
                  session.hand.snapshot())
        for kind, pretender in pretenders.items():
            for act, command in _floor_commands(session).items():
                assert not command(pretender), (kind, act)
                refusal = notices[-1]
                assert refusal.level is NoticeLevel.ERROR and "\n" not in refusal.text, (kind, act)
                assert act in refusal.text and ("has not signed in here" in refusal.text or "'Dana' is a dealer" in refusal.text), \
                    (kind, act, refusal.text)
        assert (len(store.events(session.recorder.table_id)), session.table.agreements, session.table.config,
                session.hand.snapshot()) == before


def test_the_floor_manager_signed_in_changes_the_agreements_and_authorizes_a_mississippi_under_their_name(tmp_path: Path) -> None:
    """With the member the sign-in returned: the agreements and the standing authorization are floor events naming them,
    and the button's Mississippi for this hand names them; the dealer's own events keep the dealer on duty."""
    store, session, _, manager = _table(tmp_path)
    with store:
        assert session.post_mississippi(authorized_by=manager)
        assert session.authorize_mississippi(manager=manager, at=MOMENT)
        assert session.change_agreements(dataclasses.replace(session.table.agreements, extra_boards_allowed=False), by=manager)
        assert session.table.agreements.mississippi is not None and session.table.agreements.mississippi.manager == "Flo"
        table_id = session.recorder.table_id
        agreements = store.events(table_id, kinds=("agreements",))
        assert [(event.source, event.actor) for event in agreements] == [(Source.FLOOR, "Flo")] * 2
        blinds = [event for event in store.events(table_id) if event.kind == "blind"]
        mississippi = [event for event in blinds if event.payload["blind"] == BlindKind.MISSISSIPPI.value]
        assert len(blinds) == 3
        assert len(mississippi) == 1 and mississippi[0].payload["authorized_by"] == "Flo" and mississippi[0].actor == "Dana"
        assert all(event.actor == "Dana" and event.source is Source.DEALER for event in blinds)
        assert isinstance(mississippi[0].record(), BlindPosted)


def test_a_table_that_records_nothing_takes_no_floor_managers_act(tmp_path: Path) -> None:
    """Without a store nobody signs in, so a floor command is refused with one line saying so (the demo without a store)."""
    session = TableSession(template(), dealer="Dana")
    notices: list[Notice] = []
    session.subscribe_notices(notices.append)
    session.start_hand()
    assert not session.change_agreements(TableAgreements(straddles_allowed=False), by=StaffMember(1, "Flo", Role.FLOOR_MANAGER))
    assert "this table records nothing, so nobody signs in" in notices[-1].text and session.table.agreements.straddles_allowed
