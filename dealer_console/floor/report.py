"""The floor's reports: a hand's dispute report (HTML) and a shift or day summary per table.

The dispute report holds what a ruling has to stand on (SPEC, Records and review): the hand's
set-up, its timeline (every event with its time, source, who entered it and the state after it),
the pots and why each went where it went, the chip audit, corrections and rulings, the camera
images the events relied on (embedded), and the log's verification result with its head hash.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from datetime import datetime
from html import escape

from dealer_console.floor.review import HandReview
from dealer_console.store.chain import ChainReport
from dealer_console.store.kinds import HandStatus
from dealer_console.store.store import Store

_STYLE = """
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin-bottom: 1em; }
td, th { border: 1px solid #999; padding: 2px 6px; font-size: 90%; vertical-align: top; }
.floor { background: #fde9c9; } .voided { text-decoration: line-through; color: #777; }
.broken { color: #b00; font-weight: bold; } .intact { color: #060; font-weight: bold; }
"""


def _stacks(stacks: dict[int, int] | object) -> str:
    assert isinstance(stacks, dict)
    return " ".join(f"{seat}:{chips}" for seat, chips in sorted(stacks.items()))


def dispute_report_html(review: HandReview, *, generated_at: datetime | None = None, verification: ChainReport | None = None) -> str:
    """The hand's full dispute report as a standalone HTML page (evidence images embedded as data URIs).

    ``verification``: the table's chain as already verified (else it is verified now).
    """
    out: list[str] = []
    for section in (_header, _players, _timeline, _pots, _corrections, _windows, _rulings, _evidence):
        out.extend(section(review, generated_at))
    out.extend(_verification(review, verification))
    out.append("</body></html>")
    return "\n".join(out)


def _header(review: HandReview, generated_at: datetime | None) -> list[str]:
    summary = review.summary
    moment = generated_at or review.source.now()
    title = f"Dispute report: table {summary.table_id}, hand #{summary.number}"
    return [
        "<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\">", f"<title>{escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body>", f"<h1>{escape(title)}</h1>",
        f"<p>Hand id {summary.id}; {escape(summary.game)} {escape(summary.structure)} {summary.small_blind}/{summary.big_blind};"
        f" button seat {summary.button}; started {summary.started_at:%Y-%m-%d %H:%M:%S} UTC;"
        f" status {escape(summary.status.value)}. Report generated {moment:%Y-%m-%d %H:%M:%S} UTC.</p>",
    ]


def _players(review: HandReview, _generated_at: datetime | None) -> list[str]:
    out = ["<h2>Players</h2><table><tr><th>seat</th><th>player</th><th>starting stack</th><th>final stack</th></tr>"]
    final = review.result.final_stacks if review.result is not None else review.hand.stacks
    for seat, stack in sorted(review.setup.stacks.items()):
        out.append(f"<tr><td>{seat}</td><td>{escape(review.players.get(seat, ''))}</td><td>{stack}</td>"
                   f"<td>{final.get(seat, '')}</td></tr>")
    out.append("</table>")
    return out


def _timeline(review: HandReview, _generated_at: datetime | None) -> list[str]:
    voided = {step.event.voids_seq for step in review.steps if step.event.voids_seq is not None}
    out = ["<h2>Timeline</h2><table><tr><th>seq</th><th>recorded (UTC)</th><th>source</th><th>by</th><th>event</th>"
           "<th>phase</th><th>stacks after</th><th>pot</th><th>board</th><th>evidence</th><th>floor</th></tr>"]
    for step in review.steps:
        classes = []
        if step.source.value == "floor":
            classes.append("floor")
        if step.seq in voided or step.corrected_by is not None:
            classes.append("voided")
        board = " / ".join(" ".join(cards) for cards in step.boards)
        evidence = step.event.evidence_sha256[:12] + "..." if step.event.evidence_sha256 else ""
        out.append(
            f"<tr class=\"{' '.join(classes)}\"><td>{step.seq}</td><td>{step.event.recorded_at:%H:%M:%S.%f}</td>"
            f"<td>{escape(step.source.value)}</td><td>{escape(step.who)}</td><td>{escape(step.description)}</td>"
            f"<td>{escape(step.phase)}</td><td>{_stacks(step.stacks)}</td><td>{step.pot}</td><td>{escape(board)}</td>"
            f"<td>{escape(evidence)}</td><td>{escape(step.note or (f'corrected at seq {step.corrected_by}' if step.corrected_by else ''))}</td></tr>"
        )
    out.append("</table>")
    return out


def _pots(review: HandReview, _generated_at: datetime | None) -> list[str]:
    out = ["<h2>Pots</h2>"]
    result = review.result
    if result is None:
        out.append(f"<p>No settlement: the hand is {escape(review.hand.phase.value)}.</p>")
    else:
        out.append("<table><tr><th>pot</th><th>amount</th><th>rake</th><th>jackpot drop</th><th>contenders</th></tr>")
        for pot in result.pots:
            out.append(f"<tr><td>{'main' if pot.index == 0 else f'side {pot.index}'}</td><td>{pot.amount}</td><td>{pot.rake}</td>"
                       f"<td>{pot.jackpot}</td><td>{' '.join(map(str, pot.contenders))}</td></tr>")
        out.append("</table>")
    out.append("<h3>Why each pot went where it went</h3><ul>")
    out.extend(f"<li>{escape(line)}</li>" for line in review.explanation())
    out.append("</ul>")
    audit = review.audit
    if audit is not None:
        out.append(f"<p>Chip audit: contributed {audit.contributed} = awarded {audit.awarded} + rake {audit.rake} + jackpot drop"
                   f" {audit.jackpot} + returned {audit.returned}: {'balanced' if audit.balanced else 'NOT BALANCED'}.</p>")
    return out


def _corrections(review: HandReview, _generated_at: datetime | None) -> list[str]:
    out = ["<h2>Corrections</h2>"]
    corrections = review.corrections()
    notes = {step.seq: step.note for step in review.steps}
    if not corrections:
        out.append("<p>None.</p>")
    else:
        out.append("<ul>")
        for event in corrections:
            note = notes.get(event.seq) or f"voided seq {event.voids_seq}"
            out.append(f"<li>seq {event.seq}: {escape(event.actor)}: {escape(note)}"
                       f" ({escape(str(event.payload.get('reason', '')))})</li>")
        out.append("</ul>")
    if review.corrected is not None:
        before, after = review.recorded_outcome(), review.standing_outcome()
        out.append("<h3>Before and after the corrections</h3><table><tr><th>as recorded at the table</th><th>as corrected</th></tr>")
        out.append(f"<tr><td>{'<br>'.join(escape(line) for line in before.lines())}</td>"
                   f"<td>{'<br>'.join(escape(line) for line in after.lines())}</td></tr></table>")
    return out


def _windows(review: HandReview, _generated_at: datetime | None) -> list[str]:
    return ["<h2>Dispute windows</h2><ul>", *(f"<li>{escape(line)}</li>" for line in review.windows().lines()), "</ul>"]


def _rulings(review: HandReview, _generated_at: datetime | None) -> list[str]:
    out = ["<h2>Ruling</h2>"]
    rulings = review.rulings()
    if not rulings:
        out.append("<p>No ruling recorded.</p>")
    for event in rulings:
        p = event.payload
        out.append(
            f"<table><tr><th>floor manager</th><td>{escape(str(p.get('floor_manager', event.actor)))}</td></tr>"
            f"<tr><th>recorded</th><td>{event.recorded_at:%Y-%m-%d %H:%M:%S} UTC (seq {event.seq})</td></tr>"
            f"<tr><th>rule cited</th><td>{escape(str(p.get('rule', '')))}</td></tr>"
            f"<tr><th>decision</th><td>{escape(str(p.get('decision', '')))}</td></tr>"
            f"<tr><th>pot held</th><td>{'yes' if p.get('pot_held') else 'no'}</td></tr>"
            f"<tr><th>disputed amount</th><td>{p.get('disputed_amount', '')}</td></tr>"
            f"<tr><th>reportable</th><td>{'yes' if p.get('reportable') else 'no'}</td></tr>"
            f"<tr><th>late</th><td>{'yes' if p.get('late') else 'no'}</td></tr></table>"
        )
    return out


def _evidence(review: HandReview, _generated_at: datetime | None) -> list[str]:
    out = ["<h2>Evidence</h2>"]
    items = review.evidence()
    if not items:
        out.append("<p>No camera images.</p>")
    for item in items:
        out.append(f"<figure><figcaption>seq {item.seq}, SHA-256 {item.sha256}</figcaption>")
        if item.data is not None:
            encoded = base64.b64encode(item.data).decode("ascii")
            out.append(f"<img alt=\"evidence of seq {item.seq}\" src=\"data:{escape(item.media_type or 'image/jpeg')};base64,{encoded}\">")
        else:
            out.append(f"<p class=\"broken\">{escape(item.problem or 'missing')}</p>")
        out.append("</figure>")
    return out


def _verification(review: HandReview, verification: ChainReport | None) -> list[str]:
    report = review.verification() if verification is None else verification
    css = "intact" if report.intact and not review.link_problems else "broken"
    out = [f"<h2>Verification of the log</h2><p class=\"{css}\">{escape(report.describe())}</p>"]
    out.extend(f"<p class=\"broken\">{escape(problem)}</p>" for problem in review.link_problems)
    return out


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
