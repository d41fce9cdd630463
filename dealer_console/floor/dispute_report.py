"""A hand's dispute report as one standalone HTML page (the PDF is this page laid out by Qt).

What a ruling has to stand on (SPEC, Records and review), in the order a regulator reads it: a header (room, table,
hand, date, dealer, floor manager, ruling), the players, the timeline in words (one line per event, its time on one
line, who entered it, the pot and every board of every run after it), the boards as dealt, the camera's readings below
the confidence threshold with who confirmed or corrected each, the pots and why each went where it went, the chip audit,
corrections, dispute windows, rulings, the evidence pictures (each with its caption and SHA-256 directly under it), and
the log's verification with its head hash.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from html import escape

from dealer_console.engine.events import Event
from dealer_console.engine.hand import Hand
from dealer_console.engine.replay import replay_into
from dealer_console.floor.event_words import Circumstances, event_sentence
from dealer_console.floor.review import EvidenceItem, HandReview, ReviewStep
from dealer_console.floor.room_source import RoomSource
from dealer_console.store.chain import ChainReport
from dealer_console.store.kinds import Source

__all__ = ["dispute_report_html"]

_STYLE = """
body { font-family: sans-serif; margin: 1em; }
table { border-collapse: collapse; margin-bottom: 0.8em; }
td, th { border: 1px solid #999; padding: 1px 4px; vertical-align: top; text-align: left; }
td.time, td.num, td.seq { white-space: nowrap; }
td.num { text-align: right; }
.floor { background: #fde9c9; } .voided { text-decoration: line-through; color: #777; }
.broken { color: #b00; font-weight: bold; } .intact { color: #060; font-weight: bold; }
table.header th { background: #eee; }
.picture { margin: 0.8em 0 0 0; page-break-inside: avoid; break-inside: avoid; }
.picture img { max-width: 100%; max-height: 150mm; }
.caption { margin: 0 0 0.8em 0; font-size: 90%; }
"""


@dataclass(frozen=True, slots=True)
class _Line:
    """One event of the timeline, in words, with the boards and stacks after it."""

    step: ReviewStep
    sentence: str
    boards: str
    picture: int | None
    """The number of its evidence picture in the report, if it has one."""


def _time(moment: datetime, day: str) -> str:
    """``21:04:07.123`` (milliseconds; the date in front when it is not the hand's date)."""
    text = f"{moment:%H:%M:%S}.{moment.microsecond // 1000:03d}"
    return text if f"{moment:%Y-%m-%d}" == day else f"{moment:%Y-%m-%d} {text}"


def _boards_text(hand: Hand) -> str:
    """Every board of every run: ``"2c 7d 9s"``, ``"run 1: ... | run 2: ..."``, ``"board 1: ... / board 2: ..."``."""
    runs = []
    for run in range(hand.run_count):
        boards = [" ".join(str(card) for card in cards) for cards in hand.boards(run)]
        text = " / ".join(f"board {index + 1}: {cards or '-'}" for index, cards in enumerate(boards)) if len(boards) > 1 else \
            (boards[0] if boards else "")
        runs.append(text)
    if len(runs) > 1:
        return " | ".join(f"run {index + 1}: {text or '-'}" for index, text in enumerate(runs))
    return runs[0] if runs else ""


def _narrate(review: HandReview, pictures: dict[int, int]) -> list[_Line]:
    """The hand's events in words, replayed once to know the street of each board card and the chips of each call."""
    hand = Hand(review.setup)
    boards_in_game = review.setup.game.variant.boards
    lines: list[_Line] = []
    on_board: dict[int, int | None] = {}  # seq of a board event -> the cards on its board after it
    replayed = 0
    for step in review.steps:
        event = step.event
        before = dict(hand.stacks)
        record = None
        if step.engine_event:
            record = event.record()
            assert isinstance(record, Event)
            replay_into(hand, [record], start=replayed)
            replayed += 1
        said = Circumstances(players=review.players, runs=max(hand.run_count, hand.planned_runs()), boards=boards_in_game,
                             actor=event.actor, voids_seq=event.voids_seq)
        payload = event.payload
        if event.kind == "board":
            run, board = int(payload.get("run", 0)), int(payload.get("board", 0))
            dealt = hand.boards(run)
            on_board[event.seq] = len(dealt[board]) if board < len(dealt) else None
            said = _with(said, cards_on_board=on_board[event.seq])
        elif event.kind == "correction" and "target_seq" in payload:
            said = _with(said, cards_on_board=on_board.get(int(payload["target_seq"])))
        elif event.kind in ("call", "all_in") and "seat" in payload:
            seat = int(payload["seat"])
            said = _with(said, chips_put_in=before.get(seat, 0) - hand.stacks.get(seat, 0))
        lines.append(_Line(step, event_sentence(event.kind, payload, said), _boards_text(hand) if record is not None else "",
                           pictures.get(step.seq)))
    return lines


def _with(said: Circumstances, *, cards_on_board: int | None = None, chips_put_in: int | None = None) -> Circumstances:
    return replace(said, cards_on_board=cards_on_board, chips_put_in=chips_put_in)


def dispute_report_html(review: HandReview, *, generated_at: datetime | None = None, verification: ChainReport | None = None) -> str:
    """The hand's full dispute report as a standalone HTML page (evidence pictures embedded as data URIs).

    ``verification``: the table's chain as already verified (else it is verified now).
    """
    evidence = review.evidence()
    pictures = {item.seq: number for number, item in enumerate(evidence, 1)}
    lines = _narrate(review, pictures)
    out: list[str] = []
    out += _header(review, generated_at)
    out += _players(review)
    out += _timeline(review, lines)
    out += _boards(review)
    out += _readings(review, lines)
    out += _pots(review)
    out += _corrections(review, lines)
    out += _windows(review)
    out += _rulings(review)
    out += _evidence(review, lines, evidence)
    out += _verification(review, verification)
    out.append("</body></html>")
    return "\n".join(out)


def _names(values: Iterator[str]) -> str:
    seen: list[str] = []
    for value in values:
        if value and value not in seen:
            seen.append(value)
    return ", ".join(seen) if seen else "none"


def _header(review: HandReview, generated_at: datetime | None) -> list[str]:
    summary = review.summary
    moment = generated_at or review.source.now()
    title = f"Dispute report: table {summary.table_id}, hand #{summary.number}"
    table_name = next((table.name for table in review.source.tables() if table.id == summary.table_id), "")
    room = review.source.where if isinstance(review.source, RoomSource) else "none (this table's own store)"
    dealers = _names(step.event.actor for step in review.steps if step.source is Source.DEALER)
    managers = _names(iter([*(step.event.actor for step in review.steps if step.source is Source.FLOOR),
                            *(str(event.payload.get("floor_manager", "")) for event in review.rulings())]))
    rulings = "; ".join(f"{event.payload.get('rule', '')}: {event.payload.get('decision', '')} ({event.payload.get('floor_manager', event.actor)})"
                        for event in review.rulings()) or "none"
    finished = "" if summary.finished_at is None else f" to {summary.finished_at:%H:%M:%S}"
    rows = [
        ("Room", room), ("Table", f"{table_name} (table {summary.table_id})" if table_name else f"table {summary.table_id}"),
        ("Hand", f"#{summary.number} (hand id {summary.id}): {summary.game} {summary.structure} {summary.small_blind}/{summary.big_blind},"
                 f" button seat {summary.button}, {summary.status.value}"),
        ("Date", f"{summary.started_at:%Y-%m-%d}, {summary.started_at:%H:%M:%S}{finished} UTC"),
        ("Dealer", dealers), ("Floor manager", managers), ("Ruling", rulings),
        ("Report made", f"{moment:%Y-%m-%d %H:%M:%S} UTC"),
    ]
    return [
        "<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\">", f"<title>{escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body>", f"<h1>{escape(title)}</h1>", "<table class=\"header\">",
        *(f"<tr><th>{name}</th><td>{escape(value)}</td></tr>" for name, value in rows), "</table>",
    ]


def _players(review: HandReview) -> list[str]:
    out = ["<h2>Players</h2><table><thead><tr><th>seat</th><th>player</th><th>starting stack</th><th>final stack</th></tr></thead>"]
    final = review.result.final_stacks if review.result is not None else review.hand.stacks
    for seat, stack in sorted(review.setup.stacks.items()):
        out.append(f"<tr><td class=\"num\">{seat}</td><td>{escape(review.players.get(seat, '') or 'not known')}</td>"
                   f"<td class=\"num\">{stack}</td><td class=\"num\">{final.get(seat, '')}</td></tr>")
    out.append("</table>")
    return out


def _floor_note(step: ReviewStep) -> str:
    if step.corrected_by is not None:
        return f"corrected by event {step.corrected_by}"
    note = step.note
    if note.startswith("corrects seq"):
        return "in force"
    return note


def _stacks(step: ReviewStep) -> str:
    return " ".join(f"{seat}:{chips}" for seat, chips in sorted(step.stacks.items()))


def _timeline(review: HandReview, lines: list[_Line]) -> list[str]:
    day = f"{review.summary.started_at:%Y-%m-%d}"
    voided = {step.event.voids_seq for step in review.steps if step.event.voids_seq is not None}
    out = [f"<h2>Timeline</h2><p>Times are the console's wall clock, UTC, on {day}. Struck through: an event undone or"
           " corrected; shaded: the floor's.</p>",
           "<table class=\"timeline\"><thead><tr><th>event</th><th>time (UTC)</th><th>entered by</th><th>what happened</th>"
           "<th>pot</th><th>boards after</th><th>stacks after (seat:chips)</th><th>picture</th><th>floor</th></tr></thead>"]
    for line in lines:
        step = line.step
        classes = []
        if step.source is Source.FLOOR:
            classes.append("floor")
        if step.seq in voided or step.corrected_by is not None:
            classes.append("voided")
        who = step.who if step.source in (Source.DEALER, Source.FLOOR) else f"{step.who} ({step.source.value})"
        engine = step.engine_event
        out.append(
            f"<tr class=\"{' '.join(classes)}\"><td>{step.seq}</td><td class=\"time\">{_time(step.event.recorded_at, day)}</td>"
            f"<td>{escape(who)}</td><td>{escape(line.sentence)}</td><td class=\"num\">{step.pot if engine else ''}</td>"
            f"<td>{escape(line.boards)}</td><td>{_stacks(step) if engine else ''}</td>"
            f"<td>{'' if line.picture is None else f'picture {line.picture}'}</td><td>{escape(_floor_note(step))}</td></tr>"
        )
    out.append("</table>")
    return out


def _boards(review: HandReview) -> list[str]:
    out = ["<h2>Boards</h2>"]
    hands = [("as recorded at the table", review.hand)]
    if review.corrected is not None:
        hands.append(("as corrected by the floor", review.corrected))
    for label, hand in hands:
        rows = []
        for run in range(hand.run_count):
            for board, cards in enumerate(hand.boards(run)):
                rows.append(f"<tr><td>run {run + 1}</td><td>board {board + 1}</td><td>{escape(' '.join(str(c) for c in cards) or '-')}</td></tr>")
        out.append(f"<h3>{label}</h3>")
        out.append("<table><thead><tr><th>run</th><th>board</th><th>cards</th></tr></thead>" + "".join(rows) + "</table>" if rows
                   else "<p>No board was dealt.</p>")
    return out


def _below_threshold(step: ReviewStep) -> bool:
    p = step.event.payload
    if step.event.kind != "reading" or p.get("confidence") is None or p.get("subject") == "camera frame":
        return False
    if p.get("confirmed_by"):
        return True
    threshold = p.get("threshold")
    return threshold is not None and float(p["confidence"]) < float(threshold)


def _readings(review: HandReview, lines: list[_Line]) -> list[str]:
    """Every camera reading below the threshold: what the camera read, how sure, who confirmed or corrected it, and when;
    and every camera event the floor corrected."""
    day = f"{review.summary.started_at:%Y-%m-%d}"
    out = ["<h2>Camera readings below the confidence threshold</h2>"]
    rows = []
    for line in lines:
        step, p = line.step, line.step.event.payload
        if _below_threshold(step):
            who = str(p.get("confirmed_by") or "not recorded")
            act = "confirmed" if p.get("applied") else "corrected"
            moment = p.get("confirmed_at")
            when = _time(datetime.fromisoformat(moment), day) if isinstance(moment, str) else _time(step.event.recorded_at, day)
            threshold = "" if p.get("threshold") is None else f"{100 * float(p['threshold']):.0f} %"
            rows.append(f"<tr><td>{step.seq}</td><td>{escape(str(p.get('subject', '')))}</td><td>{escape(str(p.get('value') or 'nothing'))}</td>"
                        f"<td class=\"num\">{100 * float(p['confidence']):.0f} %</td><td class=\"num\">{threshold}</td>"
                        f"<td>{act} by {escape(who)} (dealer on duty)</td><td class=\"time\">{when}</td>"
                        f"<td>{'' if line.picture is None else f'picture {line.picture}'}</td></tr>")
        elif step.source is Source.CAMERA and step.corrected_by is not None:
            correction = next((s for s in review.steps if s.seq == step.corrected_by), None)
            manager = correction.who if correction is not None else "the floor"
            when = _time(correction.event.recorded_at, day) if correction is not None else ""
            rows.append(f"<tr><td>{step.seq}</td><td>{escape(line.sentence)}</td><td></td><td></td><td></td>"
                        f"<td>corrected by {escape(manager)} (floor manager), event {step.corrected_by}</td><td class=\"time\">{when}</td>"
                        f"<td>{'' if line.picture is None else f'picture {line.picture}'}</td></tr>")
    if not rows:
        out.append("<p>None: every card the camera read was at or above the threshold, or typed by the dealer.</p>")
    else:
        out.append("<table><thead><tr><th>event</th><th>card</th><th>the camera read</th><th>confidence</th><th>threshold</th>"
                   "<th>confirmed or corrected by</th><th>when (UTC)</th><th>picture</th></tr></thead>" + "".join(rows) + "</table>")
    return out


def _pots(review: HandReview) -> list[str]:
    out = ["<h2>Pots</h2>"]
    result = review.result
    if result is None:
        out.append(f"<p>No settlement: the hand is {escape(review.hand.phase.value)}.</p>")
    else:
        out.append("<table><thead><tr><th>pot</th><th>amount</th><th>rake</th><th>jackpot drop</th><th>contenders</th></tr></thead>")
        for pot in result.pots:
            out.append(f"<tr><td>{'main' if pot.index == 0 else f'side {pot.index}'}</td><td class=\"num\">{pot.amount}</td>"
                       f"<td class=\"num\">{pot.rake}</td><td class=\"num\">{pot.jackpot}</td><td>{' '.join(map(str, pot.contenders))}</td></tr>")
        out.append("</table>")
    out.append("<h3>Why each pot went where it went</h3><ul>")
    out.extend(f"<li>{escape(line)}</li>" for line in review.explanation())
    out.append("</ul>")
    audit = review.audit
    if audit is not None:
        out.append(f"<p>Chip audit: contributed {audit.contributed} = awarded {audit.awarded} + rake {audit.rake} + jackpot drop"
                   f" {audit.jackpot} + returned {audit.returned}: {'balanced' if audit.balanced else 'NOT BALANCED'}.</p>")
    return out


def _corrections(review: HandReview, lines: list[_Line]) -> list[str]:
    out = ["<h2>Corrections</h2>"]
    said = {line.step.seq: line for line in lines}
    corrections = review.corrections()
    if not corrections:
        out.append("<p>None.</p>")
    else:
        out.append("<ul>")
        for event in corrections:
            line = said[event.seq]
            note = line.step.note if line.step.note.startswith(("NOT APPLIED", "withdraws")) else ""
            out.append(f"<li>event {event.seq}, {event.recorded_at:%H:%M:%S} UTC: {escape(line.sentence)}"
                       f"{escape(f' ({note})') if note else ''}</li>")
        out.append("</ul>")
    if review.corrected is not None:
        before, after = review.recorded_outcome(), review.standing_outcome()
        out.append("<h3>Before and after the corrections</h3><table><tr><th>as recorded at the table</th><th>as corrected</th></tr>")
        out.append(f"<tr><td>{'<br>'.join(escape(line) for line in before.lines())}</td>"
                   f"<td>{'<br>'.join(escape(line) for line in after.lines())}</td></tr></table>")
    return out


def _windows(review: HandReview) -> list[str]:
    return ["<h2>Dispute windows</h2><ul>", *(f"<li>{escape(line)}</li>" for line in review.windows().lines()), "</ul>"]


def _rulings(review: HandReview) -> list[str]:
    out = ["<h2>Ruling</h2>"]
    rulings = review.rulings()
    if not rulings:
        out.append("<p>No ruling recorded.</p>")
    for event in rulings:
        p = event.payload
        out.append(
            f"<table><tr><th>floor manager</th><td>{escape(str(p.get('floor_manager', event.actor)))}</td></tr>"
            f"<tr><th>recorded</th><td>{event.recorded_at:%Y-%m-%d %H:%M:%S} UTC (event {event.seq})</td></tr>"
            f"<tr><th>rule cited</th><td>{escape(str(p.get('rule', '')))}</td></tr>"
            f"<tr><th>decision</th><td>{escape(str(p.get('decision', '')))}</td></tr>"
            f"<tr><th>pot held</th><td>{'yes' if p.get('pot_held') else 'no'}</td></tr>"
            f"<tr><th>disputed amount</th><td>{p.get('disputed_amount', '')}</td></tr>"
            f"<tr><th>reportable</th><td>{'yes' if p.get('reportable') else 'no'}</td></tr>"
            f"<tr><th>late</th><td>{'yes' if p.get('late') else 'no'}</td></tr></table>"
        )
    return out


def _evidence(review: HandReview, lines: list[_Line], items: list[EvidenceItem]) -> list[str]:
    """Each picture in its own paragraph, its caption (what it shows, the event, the time, the SHA-256) directly under it.

    The hash is set in a fixed-width font, which has no ligatures: copied from the PDF, "ff" stays two letters."""
    day = f"{review.summary.started_at:%Y-%m-%d}"
    said = {line.step.seq: line for line in lines}
    out = ["<h2>Evidence</h2>"]
    if not items:
        out.append("<p>No camera images.</p>")
    for number, item in enumerate(items, 1):
        line = said[item.seq]
        if item.data is not None:
            encoded = base64.b64encode(item.data).decode("ascii")
            out.append(f"<p class=\"picture\"><img alt=\"picture {number}, event {item.seq}\""
                       f" src=\"data:{escape(item.media_type or 'image/jpeg')};base64,{encoded}\"></p>")
        else:
            out.append(f"<p class=\"picture broken\">{escape(item.problem or 'missing')}</p>")
        out.append(f"<p class=\"caption\"><b>Picture {number}</b>, event {item.seq} at"
                   f" {_time(line.step.event.recorded_at, day)} UTC: {escape(line.sentence)}<br>SHA-256 <code>{item.sha256}</code></p>")
    return out


def _verification(review: HandReview, verification: ChainReport | None) -> list[str]:
    report = review.verification() if verification is None else verification
    css = "intact" if report.intact and not review.link_problems else "broken"
    out = [f"<h2>Verification of the log</h2><p class=\"{css}\">{escape(report.describe())}</p>"]
    out.extend(f"<p class=\"broken\">{escape(problem)}</p>" for problem in review.link_problems)
    return out
