"""The room's player list: the floor adds players and corrects names, with history; ``dealer-console floor players``;
a closed table's session report.

Sources: SPEC.md, "A night at the table" ("the room keeps a player list"; "Closing a table cashes everyone out and
records the session's chip audit"); "Records and review" (only a floor manager records a correction; nothing edited
silently); "Insiders" (a floor manager's acts are recorded under their own signed-in session, never a name passed in).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dealer_console.cli import main
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.floor.session_report import session_report, session_report_html
from dealer_console.store import NotAuthorizedError, Role, StaffMember, Store, StoreError
from dealer_console.store.recorder import RecordedTable


@pytest.fixture(scope="module")
def staffed(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('players') / 'room.sqlite3'}"
    with Store.open(url) as store:
        flo = store.add_staff("Flo", Role.FLOOR_MANAGER, "floor-1")
        store.add_staff("Dana", Role.DEALER, "1111", by=store.sign_in("Flo", "floor-1"))
        assert flo.role is Role.FLOOR_MANAGER
    return url


def test_the_floor_adds_players_and_corrects_a_name_keeping_the_old_one(staffed: str) -> None:
    """A correction is a row naming the old name, the new one, who and why; a taken name, an empty name and a dealer are
    refused with nothing stored."""
    with Store.open(staffed) as store:
        flo = store.sign_in("Flo", "floor-1")
        store.add_player("  Ivan   Petrov ", by=flo)
        with pytest.raises(StoreError, match="already on the room's list"):
            store.add_player("Ivan Petrov", by=flo)
        with pytest.raises(StoreError, match="a player needs a name"):
            store.add_player("   ", by=flo)
        with pytest.raises(NotAuthorizedError, match="only a floor manager"):
            store.add_player("Masha", by=store.sign_in("Dana", "1111"))
        with pytest.raises(NotAuthorizedError, match="has not signed in here"):
            store.add_player("Masha", by=StaffMember(flo.id, "Flo", Role.FLOOR_MANAGER))
        change = store.rename_player("Ivan Petrov", "Ivan Petrenko", by=flo, reason="spelling on his ID")
        assert (change.old_name, change.new_name, change.changed_by) == ("Ivan Petrov", "Ivan Petrenko", "Flo")
        with pytest.raises(StoreError, match="no player named 'Nobody'"):
            store.rename_player("Nobody", "Somebody", by=flo)
        names = [player.name for player in store.players()]
        assert "Ivan Petrenko" in names and "Ivan Petrov" not in names and "Masha" not in names
        assert [c.old_name for c in store.player_history("Ivan Petrov")] == ["Ivan Petrov"]
        assert store.player_history("Ivan Petrenko")[0].reason == "spelling on his ID"


def floor(monkeypatch: pytest.MonkeyPatch, url: str, *args: str, typed: str = "") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(["floor", *args, "--database", url])


def test_floor_players_command_adds_and_renames_behind_a_floor_sign_in(
    staffed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """``dealer-console floor players [add NAME | rename OLD NEW]``: a floor manager signs in for each change."""
    assert floor(monkeypatch, staffed, "players", "add", "Olga", typed="Dana\n1111\n") == 2
    assert "only a floor manager may add a player to the room's list; 'Dana' is a dealer" in capsys.readouterr().err
    assert floor(monkeypatch, staffed, "players", "add", "Olga", typed="Flo\nfloor-1\n") == 0
    assert "added Olga" in capsys.readouterr().out
    assert floor(monkeypatch, staffed, "players", "rename", "Olga", typed="Flo\nfloor-1\n") == 2
    assert "dealer-console floor players rename OLD NEW" in capsys.readouterr().err
    assert floor(monkeypatch, staffed, "players", "rename", "Olga", "Olga K", "--reason", "surname", typed="Flo\nfloor-1\n") == 0
    assert floor(monkeypatch, staffed, "players") == 0
    listed = capsys.readouterr().out
    assert "Olga K" in listed and "added by Flo" in listed
    assert floor(monkeypatch, staffed, "players", "history", "Olga") == 0
    assert "Olga -> Olga K  by Flo (surname)" in capsys.readouterr().out


def test_a_closed_sessions_report_balances_and_renders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The session's chip audit (buy-ins, rebuys and add-ons, cash-outs, rake, jackpot, chips in play) balances and the
    report renders as HTML through ``dealer-console floor session``."""
    url = f"sqlite:///{tmp_path / 'session.sqlite3'}"
    with Store.open(url) as store:
        store.add_staff("Flo", Role.FLOOR_MANAGER, "floor-1")
        config = TableConfig(name="T1", schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2), min_buy_in=40, max_buy_in=400)
        table_id = store.create_table("T1", config)
        recorded = RecordedTable(store, table_id, Table(config))
        from dealer_console.engine.table_events import ChipsAdded, PlayerLeft, PlayerSeated, TableClosed
        from dealer_console.store.kinds import Source

        for seat, name in ((1, "Anna"), (2, "Boris")):
            recorded.apply(PlayerSeated(seat=seat, player=name, buy_in=100))
        recorded.apply(ChipsAdded(seat=2, amount=50))
        open_report = session_report(store, table_id)
        assert open_report.closed_by is None and open_report.in_play == 250 and open_report.balanced
        for seat in (1, 2):
            recorded.apply(PlayerLeft(seat=seat, cashed_out=recorded.table.seat(seat).stack))  # type: ignore[union-attr]
        flo = store.sign_in("Flo", "floor-1")
        audit = recorded.table.chip_audit()
        recorded.apply(TableClosed(by="Flo", buy_ins=audit.buy_ins, add_ons=audit.add_ons, cash_outs=audit.cash_outs, rake=0,
                                   jackpot=0, hands=0), actor="Flo", source=Source.FLOOR, by=flo)
        report = session_report(store, table_id)
        assert (report.buy_ins, report.add_ons, report.cash_outs, report.in_play, report.closed_by) == (250, 50, 250, 0, "Flo")
        assert [(p.player, p.buy_in, p.add_ons, p.cashed_out) for p in report.players] == [("Anna", 100, 0, 100), ("Boris", 100, 50, 150)]
        html = session_report_html(report)
        assert "The chip audit balances" in html and "Boris" in html
    out = tmp_path / "session.html"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    pdf = tmp_path / "session.pdf"
    assert main(["floor", "session", "T1", "--html", str(out), "--pdf", str(pdf), "--database", url]) == 0
    assert "Session report: T1" in out.read_text(encoding="utf-8")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert main(["floor", "session", "T1", "--session", "3", "--html", "-", "--database", url]) == 2


def test_a_corrected_name_keeps_the_deep_verification_sound(tmp_path: Path) -> None:
    """The chain keeps the name as the dealer typed it; the floor's correction is the same player, so ``verify-log
    --deep`` finds no difference, and the hands played are found under the corrected name."""
    from dealer_console.live.table_session import TableSession
    from dealer_console.live.tables import recorded_session
    from dealer_console.store.search import HandQuery

    with Store.open(f"sqlite:///{tmp_path / 'deep.sqlite3'}") as store:
        store.add_staff("Flo", Role.FLOOR_MANAGER, "floor-1")
        config = TableConfig(name="T2", schedule=single_game("O", "pot-limit", small_blind=1, big_blind=2), min_buy_in=40, max_buy_in=400)
        table = Table(config)
        table.sit_down(seat=1, player="Ivan Petrov", buy_in=100)
        table.sit_down(seat=2, player="Olga", buy_in=100)
        table.place_button(seat=1)
        session: TableSession = recorded_session(store, table)
        assert session.start_hand() and session.deal_hole_cards() and session.fold()
        assert session.start_hand()
        store.rename_player("Ivan Petrov", "Ivan Petrenko", by=store.sign_in("Flo", "floor-1"))
        [report] = store.verify_log("T2", deep=True)
        assert report.intact and not report.mismatches, report.describe()
        assert len(store.search_hands(HandQuery(player="Ivan Petrenko"))) == 2
