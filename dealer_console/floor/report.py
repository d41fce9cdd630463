"""The floor's reports: a hand's dispute report (HTML, :mod:`.dispute_report`) and a shift or day summary per table."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from dealer_console.floor.dispute_report import dispute_report_html
from dealer_console.store.kinds import HandStatus
from dealer_console.store.store import Store


@dataclass(slots=True)
class TableSummary:
    """One table's figures over a shift or a day."""

    table_id: int
    table_name: str
    hands: int = 0
    complete: int = 0
    misdealt: int = 0
    rake: int = 0
    jackpot: int = 0
    disputes: int = 0
    """Rulings recorded at the table in the period."""
    flagged: int = 0
    pot_total: int = 0
    warnings: list[str] = field(default_factory=list)
    """Rows of the table's projections that differ from its chain: its figures are withheld, not reported."""


@dataclass(slots=True)
class DaySummary:
    """Every table's figures over a period (``since`` inclusive, ``until`` exclusive)."""

    since: datetime | None
    until: datetime | None
    tables: list[TableSummary] = field(default_factory=list)

    def as_json(self) -> str:
        return json.dumps({
            "since": None if self.since is None else self.since.isoformat(),
            "until": None if self.until is None else self.until.isoformat(),
            "tables": [
                {name: (None if table.warnings and name not in ("table_id", "table_name", "warnings") else getattr(table, name))
                 for name in TableSummary.__slots__} for table in self.tables
            ],
        }, indent=2)


def table_summaries(store: Store, *, since: datetime | None = None, until: datetime | None = None,
                    table_id: int | None = None) -> DaySummary:
    """Hands (started in the period), rake and jackpot drop (from each hand's closing record), disputes (rulings in the period)."""
    summary = DaySummary(since, until)
    by_table = {table.id: TableSummary(table.id, table.name) for table in store.tables() if table_id is None or table.id == table_id}
    for hand in store.report_hands(since=since, until=until, table_id=table_id):
        figures = by_table[hand.table_id]
        figures.hands += 1
        figures.complete += hand.status is HandStatus.COMPLETE
        figures.misdealt += hand.status is HandStatus.MISDEALT
        figures.flagged += hand.flagged
        figures.pot_total += hand.pot_total
        figures.rake += hand.rake
        figures.jackpot += hand.jackpot
    for ruled_table, rulings in store.rulings_per_table(since=since, until=until).items():
        if ruled_table in by_table:
            by_table[ruled_table].disputes = rulings
    for figures in by_table.values():
        if figures.hands or figures.disputes:
            figures.warnings = store.projection_problems(figures.table_id)
    summary.tables = list(by_table.values())
    return summary


def summary_text(summary: DaySummary) -> str:
    """The summary as a table of text, one line per table and a total."""
    lines = [f"{'table':<20} {'hands':>6} {'misdeal':>7} {'rake':>8} {'jackpot':>8} {'pots':>10} {'disputes':>8} {'flagged':>7}"]
    warnings: list[str] = []
    for t in summary.tables:
        if t.warnings:
            lines.append(f"{t.table_name[:20]:<20} WARNING: figures withheld, the store's rows differ from the table's log")
            warnings += [f"WARNING: {warning}" for warning in t.warnings]
            continue
        lines.append(f"{t.table_name[:20]:<20} {t.hands:>6} {t.misdealt:>7} {t.rake:>8} {t.jackpot:>8} {t.pot_total:>10}"
                     f" {t.disputes:>8} {t.flagged:>7}")
    total = TableSummary(0, "total" if not warnings else "total (checked)")
    for t in (t for t in summary.tables if not t.warnings):
        for name in ("hands", "misdealt", "rake", "jackpot", "pot_total", "disputes", "flagged"):
            setattr(total, name, getattr(total, name) + getattr(t, name))
    lines.append(f"{'total':<20} {total.hands:>6} {total.misdealt:>7} {total.rake:>8} {total.jackpot:>8} {total.pot_total:>10}"
                 f" {total.disputes:>8} {total.flagged:>7}")
    if warnings:
        lines += [*warnings, "run  dealer-console verify-log --deep  for every row that differs"]
    return "\n".join(lines)


__all__ = ["DaySummary", "TableSummary", "dispute_report_html", "summary_text", "table_summaries"]
