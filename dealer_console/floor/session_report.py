"""A table session's report: who sat, what each bought, added and cashed out, the hands played, and the session's
chip audit (SPEC, A night at the table: "Closing a table cashes everyone out and records the session's chip audit").

A session runs from the table's opening (or its last close) to its close (the ``table_closed`` record, which holds
the audit the engine checked). :func:`session_report` reads it from the store's log; :func:`session_report_html` lays
it out as a standalone HTML page, which the floor's PDF writer (handed in by the entry point) turns into a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from html import escape

from dealer_console.engine.table_events import (
    ChipsAdded,
    ChipsCashedOut,
    HandFinished,
    PlayerLeft,
    PlayerSeated,
    SeatChanged,
    TableClosed,
)
from dealer_console.floor.errors import FloorError
from dealer_console.store.codec import table_event_types
from dealer_console.store.store import Store

__all__ = ["PlayerSession", "SessionReport", "session_report", "session_report_html"]


@dataclass(slots=True)
class PlayerSession:
    """One player's figures in the session."""

    player: str
    seats: list[int] = field(default_factory=list)
    buy_in: int = 0
    add_ons: int = 0
    cashed_out: int = 0

    @property
    def result(self) -> int:
        """Won (positive) or lost (negative) at the table: cashed out minus bought."""
        return self.cashed_out - self.buy_in - self.add_ons


@dataclass(slots=True)
class SessionReport:
    """A session of one table, closed or still running."""

    table: str
    table_id: int
    opened_at: datetime | None
    closed_at: datetime | None
    closed_by: str | None
    players: list[PlayerSession]
    buy_ins: int
    """Every chip brought (first buy-ins, rebuys and add-ons)."""
    add_ons: int
    cash_outs: int
    rake: int
    jackpot: int
    hands: int
    in_play: int
    """Chips still at the table (0 once closed)."""

    @property
    def balanced(self) -> bool:
        """Every chip brought is cashed out, taken by the house, or still in play."""
        return self.buy_ins == self.cash_outs + self.rake + self.jackpot + self.in_play


def session_report(store: Store, table_id: int, *, session: int | None = None) -> SessionReport:
    """The report of the table's ``session`` (1 the first; default: the last closed one, else the one running).

    Raises :class:`FloorError` when the table has no such session, :class:`~dealer_console.store.errors.StoreError` when
    the store cannot be read.
    """
    name, _ = store.table_config(table_id)
    stored = store.events(table_id, kinds=tuple(table_event_types()))
    closes = [index for index, event in enumerate(stored) if event.kind == TableClosed.kind]
    count = len(closes) + (1 if not closes or closes[-1] != len(stored) - 1 else 0)
    wanted = session if session is not None else (len(closes) if closes else 1)
    if not 1 <= wanted <= max(count, 1):
        raise FloorError(f"table {name!r} has {count} sessions; there is no session {wanted}")
    start = closes[wanted - 2] + 1 if wanted >= 2 else 0
    end = closes[wanted - 1] + 1 if wanted <= len(closes) else len(stored)
    events = stored[start:end]
    players: dict[str, PlayerSession] = {}
    by_seat: dict[int, str] = {}
    report = SessionReport(name, table_id, events[0].recorded_at if events else None, None, None, [], 0, 0, 0, 0, 0, 0, 0)
    for event in events:
        record = event.record()
        if isinstance(record, PlayerSeated):
            by_seat[record.seat] = record.player
            player = players.setdefault(record.player, PlayerSession(record.player))
            player.seats.append(record.seat)
            player.buy_in += record.buy_in
            report.buy_ins += record.buy_in
        elif isinstance(record, ChipsAdded):
            players[by_seat[record.seat]].add_ons += record.amount
            report.buy_ins += record.amount
            report.add_ons += record.amount
        elif isinstance(record, ChipsCashedOut | PlayerLeft):
            amount = record.amount if isinstance(record, ChipsCashedOut) else record.cashed_out
            players[by_seat[record.seat]].cashed_out += amount
            report.cash_outs += amount
        elif isinstance(record, SeatChanged):
            by_seat[record.to_seat] = by_seat.pop(record.seat)
            players[by_seat[record.to_seat]].seats.append(record.to_seat)
        elif isinstance(record, HandFinished):
            report.rake += record.rake
            report.jackpot += record.jackpot
            report.hands += 1
        elif isinstance(record, TableClosed):
            report.closed_at, report.closed_by = event.recorded_at, record.by
            if (record.buy_ins, record.add_ons, record.cash_outs, record.rake, record.jackpot, record.hands) != (
                    report.buy_ins, report.add_ons, report.cash_outs, report.rake, report.jackpot, report.hands):
                raise FloorError(f"table {name!r}: the audit recorded at the close (seq {event.seq}) differs from its records")
    report.in_play = report.buy_ins - report.cash_outs - report.rake - report.jackpot
    report.players = sorted(players.values(), key=lambda p: p.player)
    return report


_STYLE = """
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin-bottom: 1em; }
td, th { border: 1px solid #999; padding: 2px 8px; } td.n { text-align: right; }
.ok { color: #060; font-weight: bold; } .bad { color: #b00; font-weight: bold; }
"""


def _when(moment: datetime | None) -> str:
    return "—" if moment is None else f"{moment:%Y-%m-%d %H:%M:%S %Z}"


def session_report_html(report: SessionReport) -> str:
    """The session's report as a standalone HTML page."""
    title = f"Session report: {report.table}"
    state = (f"closed {_when(report.closed_at)} by {report.closed_by}" if report.closed_by is not None
             else "still open (figures so far)")
    rows = "".join(
        f"<tr><td>{escape(p.player)}</td><td>{', '.join(map(str, p.seats))}</td><td class='n'>{p.buy_in}</td>"
        f"<td class='n'>{p.add_ons}</td><td class='n'>{p.cashed_out}</td><td class='n'>{p.result:+d}</td></tr>"
        for p in report.players
    )
    audit = [("Buy-ins (all chips brought)", report.buy_ins), ("of which rebuys and add-ons", report.add_ons),
             ("Cash-outs", report.cash_outs), ("Rake", report.rake), ("Jackpot drop", report.jackpot),
             ("Chips in play", report.in_play), ("Hands played", report.hands)]
    audit_rows = "".join(f"<tr><th>{escape(label)}</th><td class='n'>{value}</td></tr>" for label, value in audit)
    verdict = ("<p class='ok'>The chip audit balances: buy-ins = cash-outs + rake + jackpot drop + chips in play.</p>"
               if report.balanced else "<p class='bad'>The chip audit does NOT balance.</p>")
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{escape(title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1><p>Table id {report.table_id}; opened {_when(report.opened_at)}; {escape(state)}.</p>"
        f"<h2>Chip audit</h2><table>{audit_rows}</table>{verdict}"
        "<h2>Players</h2><table><tr><th>Player</th><th>Seats</th><th>Buy-in</th><th>Rebuys and add-ons</th><th>Cashed out</th>"
        f"<th>Result</th></tr>{rows}</table></body></html>"
    )
