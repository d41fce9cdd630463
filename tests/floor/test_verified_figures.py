"""The floor's summary and review check their figures against the chain: a tampered row is warned about, never reported.

Sources: issue 27, "Verified projections" (``hands.pot_total = 987654`` made ``floor summary`` report it while
``verify-log`` said intact: "``floor summary`` and the review warn on a mismatch instead of reporting it"); SPEC,
Insiders ("figures the floor reads are checked against the chain"). The hand is tests/floor/hands.py's (pot 4).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from dealer_console.cli import main
from dealer_console.config import StoreSettings
from dealer_console.floor.report import dispute_report_html
from dealer_console.floor.review import HandReview
from dealer_console.store import Store
from tests.floor.hands import record_disputed_hand


@pytest.fixture
def database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'floor.sqlite3'}"
    with Store.open(url, settings=StoreSettings(data_dir=tmp_path / "data")) as store:
        disputed = record_disputed_hand(store)
        store.record_ruling(disputed.table_id, by=disputed.manager, rule="TDA 15", decision="pot stands", pot_held=True,
                            disputed_amount=4, hand_number=1)
    return url


def tamper(url: str) -> None:
    with Store.open(url) as store, store.sql_engine.begin() as connection:
        connection.execute(text("UPDATE hands SET pot_total = 987654"))


def test_summary_reports_the_figures_of_an_untouched_store(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """No false alarm: the summary of an honest store has its figures and no warning."""
    assert main(["floor", "summary", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "WARNING" not in out and "Table 1" in out and " 4 " in out


def test_summary_warns_instead_of_reporting_a_tampered_pot(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: with ``hands.pot_total = 987654`` the summary withholds the table's figures and names the row."""
    tamper(database)
    assert main(["floor", "summary", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "987654" not in out.splitlines()[1]
    assert "Table 1" in out and "figures withheld" in out
    assert "WARNING: table 1: hands row hand id 1 (#1): hands.pot_total = 987654, but the chain says 4" in out
    assert main(["floor", "summary", "--json", "--database", database]) == 0
    [table] = json.loads(capsys.readouterr().out)["tables"]
    assert table["pot_total"] is None and table["warnings"]


def test_review_and_dispute_report_warn_of_a_tampered_pot(database: str) -> None:
    """The review (and its dispute report) names the differing row beside the chain's own figures."""
    tamper(database)
    with Store.open(database) as store:
        review = HandReview.load(store, 1)
        assert any("hands.pot_total = 987654, but the chain says 4" in problem for problem in review.link_problems)
        html = dispute_report_html(review)
    assert 'class="broken">table 1: hands row hand id 1 (#1): hands.pot_total = 987654' in html
