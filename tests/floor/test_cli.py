"""``dealer-console floor ...``: the command-line equivalents of the review (issue 8: "list and show hands, export a
report, export PHH"). The hand is the one of tests/floor/hands.py (figures worked out in its docstring). SQLite."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_console.cli import main
from dealer_console.config import StoreSettings
from dealer_console.engine.phh.importer import import_phh
from dealer_console.store import Store
from tests.floor.hands import record_disputed_hand


@pytest.fixture
def database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'floor.sqlite3'}"
    with Store.open(url, settings=StoreSettings(data_dir=tmp_path / "data")) as store:
        disputed = record_disputed_hand(store)
        store.record_ruling(disputed.table_id, by=disputed.manager, rule="TDA 15", decision="pot stands", pot_held=True,
                            disputed_amount=4, hand_number=1)
        store.flag_hand(disputed.table_id, 1, reason="player disputes the pot", by="Dana")
    return url


def test_floor_hands_lists_the_hand_and_filters_by_table_and_time(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 8: list hands by table and time, newest first."""
    assert main(["floor", "hands", "--database", database]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and "table 1" in lines[0] and "#1" in lines[0] and "pot 4" in lines[0] and "complete" in lines[0]
    assert main(["floor", "hands", "--database", database, "--table", "Table 1", "--since", "2999-01-01"]) == 0
    assert capsys.readouterr().out.strip() == "no hands found"
    assert main(["floor", "hands", "--database", database, "--ruled", "--flagged"]) == 0
    assert "#1" in capsys.readouterr().out


def test_floor_show_prints_every_event_with_its_source_and_the_pot_explained(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """SPEC Records: every input with its source; why the pot went where it went; the chip audit."""
    assert main(["floor", "show", "Table 1:1", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "floor  Flo" in out and "void" in out and "camera camera 1" in out and "[evidence " in out
    assert "Main pot: 4 to seat 1 (4) with Pair of Aces" in out
    assert "chip audit: contributed 4 = awarded 4 + rake 0 + jackpot 0 + returned 0 (balanced)" in out
    assert main(["floor", "show", "1", "--database", database]) == 0
    assert capsys.readouterr().out == out


def test_floor_report_writes_the_html_dispute_report(database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 8, Reports: the dispute report as HTML, with the ruling and the verification result."""
    target = tmp_path / "out.html"
    assert main(["floor", "report", "1", "--html", str(target), "--database", database]) == 0
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "pot stands" in html and 'class="intact"' in html and "data:image/png;base64," in html


def test_floor_phh_exports_the_hand_as_it_stands_after_the_correction(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 8: export PHH. The voided raise is not part of the hand: the PHH replays to the same final stacks (102, 98)."""
    assert main(["floor", "phh", "1", "--database", database]) == 0
    text = capsys.readouterr().out
    assert "Alice" in text and "Bob" in text
    hand = import_phh(text)
    assert hand.result is not None and dict(hand.result.final_stacks) == {1: 102, 2: 98}


def test_floor_summary_and_errors(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The shift summary per table; an unknown hand is refused with exit status 2 and a message."""
    assert main(["floor", "summary", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "Table 1" in out and out.splitlines()[-1].split()[:2] == ["total", "1"]
    assert main(["floor", "show", "99", "--database", database]) == 2
    assert "no hand id 99" in capsys.readouterr().err
    assert main(["floor", "show", "Table 1:x", "--database", database]) == 2
