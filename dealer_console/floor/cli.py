"""``dealer-console floor ...``: the floor's review from the command line (for scripts).

``hands`` lists hands (newest first), ``show`` steps through one hand, ``report`` writes its
dispute report (HTML), ``phh`` prints its PHH text, ``summary`` prints a shift or day summary per
table, ``players`` lists the room's players or (a floor manager signs in) adds one or corrects a name,
``session`` writes a table session's report (its chip audit and each player's figures). A hand is
named by its id (``42``) or by table and number (``"Table 1:7"``, ``1:7``).
Exit status: 0 done, 2 could not (unknown hand, unreachable database...).
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from dealer_console.arguments import bounded_int, require_database
from dealer_console.config import ConfigError, load_settings
from dealer_console.engine.errors import EngineError
from dealer_console.floor.errors import ReportTargetError
from dealer_console.store.errors import NotAuthorizedError, RecordNotFoundError, StoreError

if TYPE_CHECKING:
    from dealer_console.store.store import Store
    from dealer_console.store.stored import StaffMember

EXIT_ERROR = 2
MOST_HANDS_LISTED = 1_000_000
"""The most hands ``floor hands --limit`` lists at once."""


class PdfWriter(Protocol):
    """Lays a report's HTML out as a PDF file at ``path``; returns the path written."""

    def __call__(self, html: str, path: Path | str, *, title: str) -> Path: ...


def parse_time(text: str) -> datetime:
    """An ISO 8601 date or time; without a zone, UTC."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def resolve_hand(store: Store, hand: str) -> int:
    """The id of a hand named by id or by ``TABLE:NUMBER``."""
    if hand.isdigit():
        store.hand(int(hand))
        return int(hand)
    table, sep, number = hand.rpartition(":")
    if not sep or not number.isdigit():
        raise RecordNotFoundError(f"{hand!r} is not a hand: give its id (42) or its table and number (\"Table 1:7\")")
    table_id = store.table_id(table)
    try:
        return store.find_hand(table_id, int(number))
    except RecordNotFoundError as error:
        raise RecordNotFoundError(f"no hand #{number} at table {table!r}") from error


def _open(args: argparse.Namespace) -> Store:
    from dealer_console.store.store import Store

    settings = load_settings(args.config, overrides={"store": {"database_url": args.database}})
    require_database(settings.store)  # the floor only reads: a mistyped path is refused, never created
    return Store.open(settings=settings.store)


def cmd_hands(args: argparse.Namespace, store: Store) -> int:
    from dealer_console.floor.review import listed_status
    from dealer_console.store.search import HandQuery

    query = HandQuery(
        table_id=None if args.table is None else store.table_id(args.table),
        since=None if args.since is None else parse_time(args.since), until=None if args.until is None else parse_time(args.until),
        player=args.player, flagged=True if args.flagged else None, with_ruling=True if args.ruled else None, limit=args.limit,
    )
    found = store.search_hands(query)
    for hand in found:
        marks = ("F" if hand.flagged else "-")
        print(f"{hand.id:>8}  table {hand.table_id:<4} #{hand.number:<6} {hand.started_at:%Y-%m-%d %H:%M:%S}  {hand.game:<5}"
              f" {hand.structure:<10} {hand.small_blind}/{hand.big_blind}  pot {hand.pot_total:<8} {listed_status(hand, store):<9} {marks}")
    if not found:
        print("no hands found")
    return 0


def cmd_show(args: argparse.Namespace, store: Store) -> int:
    from dealer_console.floor.review import HandReview

    review = HandReview.load(store, resolve_hand(store, args.hand))
    s = review.summary
    print(f"hand id {s.id}: table {s.table_id} #{s.number}, {s.game} {s.structure} {s.small_blind}/{s.big_blind},"
          f" button {s.button}, {review.status}")
    for step in review.steps:
        board = " / ".join(" ".join(cards) for cards in step.boards)
        evidence = f" [evidence {step.event.evidence_sha256[:12]}]" if step.event.evidence_sha256 else ""
        state = f" | {step.phase} pot {step.pot} stacks {' '.join(f'{k}:{v}' for k, v in sorted(step.stacks.items()))}" \
                f"{' board ' + board if board else ''}" if step.engine_event else ""
        floor = f" [{step.note}]" if step.note else (f" [corrected at seq {step.corrected_by}]" if step.corrected_by else "")
        print(f"{step.seq:>6} {step.event.recorded_at:%H:%M:%S} {step.source.value:<6} {step.who:<12} {step.description}{evidence}{state}"
              f"{floor}")
    if review.corrected is not None:
        print("as recorded at the table, before the floor's corrections:")
        for line in review.recorded_outcome().lines():
            print(f"  {line}")
    print("why each pot went where it went" + (" (as corrected):" if review.corrected is not None else ":"))
    for line in review.explanation():
        print(f"  {line}")
    audit = review.audit
    if audit is not None:
        print(f"chip audit: contributed {audit.contributed} = awarded {audit.awarded} + rake {audit.rake} + jackpot {audit.jackpot}"
              f" + returned {audit.returned} ({'balanced' if audit.balanced else 'NOT BALANCED'})")
    return 0


def cmd_report(args: argparse.Namespace, store: Store) -> int:
    from dealer_console.floor.report import dispute_report_html
    from dealer_console.floor.review import HandReview

    if not args.html and not args.pdf:
        raise ReportTargetError("say where to write the report: --html PATH and/or --pdf PATH", formats=("html", "pdf"))
    review = HandReview.load(store, resolve_hand(store, args.hand))
    s = review.summary
    return _write_report(args, dispute_report_html(review), title=f"Dispute report: table {s.table_id}, hand #{s.number}")


def _write_report(args: argparse.Namespace, html: str, *, title: str) -> int:
    """Write a report's ``html`` where ``--html`` (``-``: standard output) and ``--pdf`` say."""
    if args.html == "-":
        sys.stdout.write(html)
    elif args.html:
        Path(args.html).write_text(html, encoding="utf-8")
        print(f"wrote {args.html}")
    if args.pdf:
        args.write_pdf(html, args.pdf, title=title)
        print(f"wrote {args.pdf}")
    return 0


def cmd_phh(args: argparse.Namespace, store: Store) -> int:
    from dealer_console.engine.phh.export import export_phh
    from dealer_console.floor.review import HandReview

    review = HandReview.load(store, resolve_hand(store, args.hand))
    text = export_phh(review.hand, players=dict(review.players) or None, table=review.summary.table_id,
                      started_at=review.summary.started_at)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def cmd_summary(args: argparse.Namespace, store: Store) -> int:
    from dealer_console.floor.report import summary_text, table_summaries

    summary = table_summaries(
        store, since=None if args.since is None else parse_time(args.since), until=None if args.until is None else parse_time(args.until),
        table_id=None if args.table is None else store.table_id(args.table),
    )
    print(summary.as_json() if args.json else summary_text(summary))
    return 0


def _floor_manager(store: Store, what: str) -> StaffMember:
    """A floor manager signs in (name, then PIN: without echo at a terminal, else a line of standard input)."""
    from dealer_console.store.cli import read_secret
    from dealer_console.store.kinds import Role

    prompt = f"Floor manager's name ({what}): "
    line = sys.stdin.readline() if not sys.stdin.isatty() else input(prompt)
    name = line.strip()
    if not name:
        raise NotAuthorizedError(f"only a floor manager signed in may {what}; no name was given")
    member = store.sign_in(name, read_secret(f"{name}'s PIN or password: "))
    if member.role is not Role.FLOOR_MANAGER:
        raise NotAuthorizedError(f"only a floor manager may {what}; {member.name!r} is a {member.role.value.replace('_', ' ')}")
    return store.signed_in_floor_manager(member, what)


def cmd_players(args: argparse.Namespace, store: Store) -> int:
    action, names = args.action, list(args.names)
    expected = {"list": 0, "add": 1, "rename": 2, "history": 1}[action]
    if len(names) != expected:
        usage = {"list": "players", "add": "players add NAME", "rename": "players rename OLD NEW", "history": "players history NAME"}
        raise ValueError(f"give {expected or 'no'} name{'s' if expected != 1 else ''}: dealer-console floor {usage[action]}")
    if action == "list":
        for player in store.players():
            added = f"added by {player.added_by}" if player.added_by else "first seated at a table"
            print(f"{player.name:<32} since {player.created_at:%Y-%m-%d}  {added}")
        return 0
    if action == "history":
        for change in store.player_history(names[0]):
            why = f" ({change.reason})" if change.reason else ""
            print(f"{change.changed_at:%Y-%m-%d %H:%M}  {change.old_name} -> {change.new_name}  by {change.changed_by}{why}")
        return 0
    if action == "add":
        by = _floor_manager(store, "add a player to the room's list")
        known = store.add_player(names[0], by=by)
        print(f"added {known.name} to the room's players (by {by.name})")
        return 0
    by = _floor_manager(store, "correct a player's name")
    change = store.rename_player(names[0], names[1], by=by, reason=args.reason)
    print(f"{change.old_name} is now {change.new_name} (by {by.name}; the old name stays in the player's history)")
    return 0


def cmd_session(args: argparse.Namespace, store: Store) -> int:
    from dealer_console.floor.session_report import session_report, session_report_html

    if not args.html and not args.pdf:
        raise ReportTargetError("say where to write the report: --html PATH and/or --pdf PATH", formats=("html", "pdf"))
    report = session_report(store, store.table_id(args.table), session=args.session)
    return _write_report(args, session_report_html(report), title=f"Session report: {report.table}")


def cmd_pace(args: argparse.Namespace, store: Store) -> int:
    from dealer_console.floor.pace import pace_report, pace_text

    report = pace_report(store, since=None if args.since is None else parse_time(args.since),
                         until=None if args.until is None else parse_time(args.until),
                         table_id=None if args.table is None else store.table_id(args.table))
    print(report.as_json() if args.json else pace_text(report))
    return 0


def run_pace(args: argparse.Namespace) -> int:
    """``floor pace``: from a store, or with ``--room`` from the card room's shipped log at the PostgreSQL ``--database``."""
    if not args.room:
        return run(args)
    from dealer_console.floor.pace import pace_text, room_pace_report

    try:
        settings = load_settings(args.config, overrides={"store": {"database_url": args.database}})
        if not settings.store.database_url:
            raise StoreError("the card room's log is read at a PostgreSQL URL: give it with --database URL")
        report = room_pace_report(settings.store.database_url, since=None if args.since is None else parse_time(args.since),
                                  until=None if args.until is None else parse_time(args.until),
                                  connect_timeout_s=settings.store.connect_timeout_s)
    except (StoreError, ConfigError, ValueError) as error:
        print(f"dealer-console floor pace: {error}", file=sys.stderr)
        return EXIT_ERROR
    print(report.as_json() if args.json else pace_text(report))
    return 0


def run(args: argparse.Namespace) -> int:
    """Open the store and run the ``floor`` sub-command."""
    try:
        with _open(args) as store:
            return int(args.floor_run(args, store))
    except (StoreError, ConfigError, EngineError, ValueError, OSError) as error:
        print(f"dealer-console floor {args.floor_command}: {error}", file=sys.stderr)
        return EXIT_ERROR


def add_floor_parser(commands: argparse._SubParsersAction, *, write_pdf: PdfWriter) -> None:  # type: ignore[type-arg]
    """Add ``floor`` and its sub-commands to ``dealer-console``; ``write_pdf`` lays a report's HTML out as a PDF file
    (the floor is headless: the program's entry point hands in the renderer, which needs Qt)."""
    floor = commands.add_parser("floor", help="the floor's review: list and show hands, dispute reports, PHH, shift summaries")
    sub = floor.add_subparsers(dest="floor_command", required=True)

    def common(parser: argparse.ArgumentParser) -> None:
        # --database and --config: dealer-console's global options, taken before or after the command
        parser.set_defaults(run=run)

    hands = sub.add_parser("hands", help="list hands, newest first")
    hands.add_argument("--table", default=None, help="table id or name")
    hands.add_argument("--since", default=None, help="started at or after (ISO 8601, UTC if no zone)")
    hands.add_argument("--until", default=None, help="started before (ISO 8601)")
    hands.add_argument("--player", default=None)
    hands.add_argument("--flagged", action="store_true")
    hands.add_argument("--ruled", action="store_true", help="only hands with a ruling")
    hands.add_argument("--limit", type=bounded_int(1, MOST_HANDS_LISTED), default=100,
                       help=f"list at most this many, 1 to {MOST_HANDS_LISTED} (default: 100)")
    hands.set_defaults(floor_run=cmd_hands)
    show = sub.add_parser("show", help="step through a hand: every event, its source and the state after it")
    show.add_argument("hand", help="hand id, or TABLE:NUMBER")
    show.set_defaults(floor_run=cmd_show)
    report = sub.add_parser("report", help="write a hand's dispute report")
    report.add_argument("hand", help="hand id, or TABLE:NUMBER")
    report.add_argument("--html", default=None, metavar="PATH", help="HTML output file ('-': standard output)")
    report.add_argument("--pdf", default=None, metavar="PATH", help="PDF output file (laid out by Qt)")
    report.set_defaults(floor_run=cmd_report, write_pdf=write_pdf)
    phh = sub.add_parser("phh", help="print a hand as PHH")
    phh.add_argument("hand", help="hand id, or TABLE:NUMBER")
    phh.add_argument("--out", default=None, metavar="PATH")
    phh.set_defaults(floor_run=cmd_phh)
    summary = sub.add_parser("summary", help="shift or day summary per table: hands, rake, jackpot drop, disputes")
    summary.add_argument("--table", default=None)
    summary.add_argument("--since", default=None)
    summary.add_argument("--until", default=None)
    summary.add_argument("--json", action="store_true")
    summary.set_defaults(floor_run=cmd_summary)
    players = sub.add_parser("players", help="the room's players: list, add NAME or rename OLD NEW (a floor manager signs in),"
                                              " history NAME")
    players.add_argument("action", nargs="?", default="list", choices=["list", "add", "rename", "history"])
    players.add_argument("names", nargs="*", help="NAME, or OLD NEW")
    players.add_argument("--reason", default="", help="why a name is corrected (kept with the correction)")
    players.set_defaults(floor_run=cmd_players)
    session = sub.add_parser("session", help="a table session's report: chip audit, each player's buy-ins, add-ons, cash-outs")
    session.add_argument("table", help="table id or name")
    session.add_argument("--session", type=bounded_int(1, 1_000_000), default=None, help="1 for the first (default: the last closed, else the open one)")
    session.add_argument("--html", default=None, metavar="PATH", help="HTML output file ('-': standard output)")
    session.add_argument("--pdf", default=None, metavar="PATH", help="PDF output file (laid out by Qt)")
    session.set_defaults(floor_run=cmd_session, write_pdf=write_pdf)
    pace = sub.add_parser("pace", help="hands per hour per table and per dealer, time per hand and per decision, over a period")
    pace.add_argument("--table", default=None, help="table id or name (default: every table)")
    pace.add_argument("--since", default=None, help="events at or after (ISO 8601, UTC if no zone)")
    pace.add_argument("--until", default=None, help="events before (ISO 8601)")
    pace.add_argument("--json", action="store_true", help="JSON for scripts: keys tables and dealers")
    pace.add_argument("--room", action="store_true", help="read the card room's shipped log (room_events) at --database: every table")
    pace.set_defaults(floor_run=cmd_pace)
    for parser in (hands, show, report, phh, summary, players, session, pace):
        common(parser)
    pace.set_defaults(run=run_pace)


__all__ = [
    "EXIT_ERROR", "MOST_HANDS_LISTED", "add_floor_parser", "cmd_hands", "cmd_pace", "cmd_phh", "cmd_players", "cmd_report", "cmd_session",
    "cmd_show", "cmd_summary", "parse_time", "resolve_hand", "run", "run_pace",
]
