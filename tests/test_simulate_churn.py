"""``dealer-console simulate --churn --database URL``: a night's churn and dealer pushes recorded as a live table records
them, on a simulated clock; the log verifies, the floor's pace reads it, and the session's chip audit balances.

Sources: SPEC.md, A night at the table (players sit down, rebuy, sit out, come back and leave; dealers push every 20–30
minutes; pace is reported; "Closing a table cashes everyone out and records the session's chip audit"); SPEC.md, Records
and review (a hash-chained log a verify command checks); docs/table.md, Simulation, command and benchmark.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_console.cli import main
from dealer_console.store import Store

HANDS = 30
"""500 hands take about 14,000 stored events (minutes on a shared machine): 30 hands show every kind of churn at seed 3."""


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, str]]:
    folder = tmp_path_factory.mktemp("churn")
    url = f"sqlite:///{folder / 'night.sqlite3'}"
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(["simulate", "--game", "omaha", "--structure", "pot-limit", "--hands", str(HANDS), "--seed", "3", "--churn",
                     "--push-minutes", "5", "--database", url, "--out", str(folder / "phh"), "--quiet"])
    assert code == 0, buffer.getvalue()
    yield url, folder, buffer.getvalue()


def test_simulate_churn_records_joins_rebuys_sit_outs_leaves_and_pushes(night: tuple[str, Path, str]) -> None:
    """SPEC, A night at the table: each seat change and each push is a record of the table's log, under the dealer on duty."""
    url, _, _ = night
    with Store.open(url) as store:
        (info,) = store.tables()
        events = store.events(info.id)
    kinds = Counter(event.kind for event in events)
    assert kinds["hand_finished"] + kinds["hand_misdealt"] == HANDS
    assert all(kinds[kind] > 0 for kind in ("seated", "add_on", "sit_out", "come_back", "leave", "dealer_push")), kinds
    pushes = [event for event in events if event.kind == "dealer_push"]
    assert len({event.actor for event in pushes}) >= 2
    assert all(event.actor.startswith("Dealer ") for event in events if event.kind not in ("table_opened",))
    moments = [event.recorded_at for event in events]
    assert moments == sorted(moments) and (moments[-1] - moments[0]).total_seconds() / 3600 == pytest.approx(HANDS / 32, rel=0.3)


def test_simulate_prints_the_balanced_chip_audit_and_the_log_verifies(night: tuple[str, Path, str],
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """SPEC: the session's chip audit (printed by simulate, from the play and from the log); verify-log says intact."""
    url, _, printed = night
    assert ": balanced" in printed and "the log's chip audit balances and matches" in printed
    assert "dealer pushes" in printed
    assert main(["verify-log", "--database", url]) == 0
    assert "chain intact" in capsys.readouterr().out


def test_floor_pace_reads_the_simulated_night(night: tuple[str, Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    """``floor pace --json`` over the recorded night: about 30 hands an hour, per table and per dealer."""
    url, _, _ = night
    assert main(["floor", "pace", "--database", url, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (table,) = data["tables"]
    assert table["hands"] > 0 and 20 <= table["hands_per_hour"] <= 45
    assert len(data["dealers"]) >= 2 and sum(d["hands"] for d in data["dealers"]) == table["hands"]


def test_simulate_refuses_bad_push_minutes_and_a_store_that_already_has_the_night(night: tuple[str, Path, str],
                                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input gets one clear message and loses nothing."""
    url, _, _ = night
    with Store.open(url) as store:
        before = store.tables()
    assert main(["simulate", "--churn", "--push-minutes", "0", "--hands", "1", "--quiet"]) == 2
    assert "--push-minutes must be more than 0" in capsys.readouterr().err
    assert main(["simulate", "--hands", "1", "--seed", "3", "--churn", "--database", url, "--quiet"]) == 2
    assert "already has a table named 'Simulation 3'" in capsys.readouterr().err
    with Store.open(url) as store:
        assert store.tables() == before


def test_a_bad_out_folder_is_refused_before_any_store_is_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--out`` naming a file: one line, exit 2, and the ``--database`` file is never created."""
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    database = tmp_path / "night.sqlite3"
    assert main(["simulate", "--churn", "--hands", "2", "--quiet", "--database", f"sqlite:///{database}",
                 "--out", str(tmp_path / "a-file")]) == 2
    assert "this is a file, not a folder" in capsys.readouterr().err
    assert not database.exists()
