"""The ``dealer-console`` command."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from dealer_console.arguments import (
    OneLineParser,
    UsageError,
    add_global_options,
    bounded_int,
    error_line,
    print_error,
    require_database,
    spread_global_options,
)
from dealer_console.config import ConfigError
from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import event_to_dict
from dealer_console.engine.games import VARIANTS, Stakes, Structure, make_game
from dealer_console.engine.phh.export import export_phh
from dealer_console.engine.schedule import GameSchedule, mix_rotation, mixed_omaha
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import HandMisdealt
from dealer_console.floor.errors import FloorError
from dealer_console.live.errors import LiveError
from dealer_console.sim.hand_play import play_random_hand, random_setup
from dealer_console.sim.table_play import PlayedHand, SimulatedTable
from dealer_console.store.errors import StoreError

if TYPE_CHECKING:
    from dealer_console.engine.table import TableChipAudit
    from dealer_console.live.night_recording import RecordedNight
    from dealer_console.sim.night import SimulatedNight
    from dealer_console.store.store import Store

__all__ = [
    "KNOWN_ERRORS", "MOST_CHIPS", "MOST_HANDS", "MOST_SEATS", "build_parser", "cmd_console", "cmd_demo", "cmd_games", "cmd_review",
    "cmd_simulate", "cmd_simulate_night", "cmd_staff", "cmd_verify_log", "main", "night_audit", "simulation_schedule",
]

Commands: TypeAlias = "argparse._SubParsersAction[OneLineParser]"

MOST_SEATS = 10
"""The most seats a table has (``[table] seats``); a game may deal to fewer (``dealer-console games``)."""
MOST_HANDS = 10_000_000
"""The most hands one ``simulate`` plays."""
MOST_CHIPS = 10**12
"""The largest blind the commands take."""
DEFAULT_DEMO_PLAYERS = 5
DEFAULT_SIMULATION_SEATS = 9


def _describe_event(data: dict[str, object]) -> str:
    kind = data.pop("kind")
    details = ", ".join(f"{key}={value}" for key, value in data.items() if value not in (None, ""))
    return f"{kind:<8} {details}"


def cmd_games(_: argparse.Namespace) -> int:
    """List the games the engine deals."""
    for code, variant in VARIANTS.items():
        split = "hi-lo" if variant.hi_lo else "high"
        discards = ", discards" if variant.discards else ""
        print(f"{code:<7} {variant.name} ({variant.hole_cards} hole cards, {variant.boards} board(s), {split}{discards})")
    print("structures: " + ", ".join(structure.value for structure in Structure))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Deal and play one random hand, printing every event and the settlement."""
    rng = random.Random(args.seed)
    game = make_game(args.game, args.structure, small_blind=args.small_blind, big_blind=args.big_blind)
    most = game.variant.player_limit()
    if args.players is not None and args.players > most:
        raise UsageError(f"--players {args.players}: {game.variant.name} deals to 2 to {most} players")
    setup = random_setup(game, rng, players=args.players)
    print(f"{game.name}, blinds {args.small_blind}/{args.big_blind}, button on seat {setup.button}")
    print("stacks: " + ", ".join(f"seat {seat}: {stack}" for seat, stack in sorted(setup.stacks.items())))
    hand = play_random_hand(setup, rng, straddle_chance=0.2)
    for number, event in enumerate(hand.events, 1):
        print(f"{number:>3}. {_describe_event(event_to_dict(event))}")
    assert hand.result is not None
    for line in hand.result.describe():
        print(line)
    print("final stacks: " + ", ".join(f"seat {seat}: {stack}" for seat, stack in sorted(hand.result.final_stacks.items())))
    audit = hand.result.audit
    print(f"chip audit: contributed {audit.contributed} = awarded {audit.awarded} + rake {audit.rake}"
          f" + jackpot {audit.jackpot} + returned {audit.returned}: {'balanced' if audit.balanced else 'UNBALANCED'}")
    return 0 if audit.balanced else 1


SIMULATION_GAMES = {
    "omaha": "O",
    "omaha-hi-lo": "O/8",
    "five-card-omaha": "5O",
    "six-card-omaha": "6O",
    "double-board-omaha": "DBO",
    "oklahoma": "OK",
}
"""``simulate --game`` names and their variant codes; ``mix`` rotates through all of them in this order."""
SIMULATION_STRUCTURES = ("limit", "pot-limit", "no-limit", "mixed")


def simulation_schedule(game: str, structure: str, *, small_blind: int, big_blind: int) -> GameSchedule:
    """The schedule ``simulate`` deals: one game, Mixed Omaha (Limit and Pot-limit each orbit) or a mix rotation.

    Limit games, and the Limit half of Mixed Omaha, use twice the blinds when mixed with Pot-limit
    (omaha-betting-structures.txt, Blended Omaha: the blinds go up from Pot-limit to Limit).
    """
    codes = tuple(SIMULATION_GAMES.values()) if game == "mix" else (SIMULATION_GAMES[game],)
    pot_limit = Stakes(small_blind=small_blind, big_blind=big_blind)
    if structure == "mixed":
        if len(codes) == 1:
            return mixed_omaha(codes[0], pot_limit=pot_limit)
        return mix_rotation(tuple((code, kind) for code in codes for kind in ("limit", "pot-limit")), pot_limit=pot_limit)
    return mix_rotation(tuple((code, structure) for code in codes), pot_limit=pot_limit, limit=pot_limit)


def _simulation_seats(seats: int | None, schedule: GameSchedule) -> int:
    """``--seats``, else 9 or fewer if a game needs it; more seats than a game of the schedule deals to is refused."""
    most = schedule.seats_limit
    if seats is None:
        return min(DEFAULT_SIMULATION_SEATS, most)
    if seats > most:
        names = ", ".join(sorted({game.name for game in schedule.games if game.seats_limit == most}))
        raise UsageError(f"--seats {seats}: {names} deals to at most {most} players; give 2 to {most}")
    return seats


def _output_folder(text: str | None) -> Path | None:
    """The folder ``--out`` names, made if missing; refused in one line if it is a file or cannot be made or written."""
    if not text:
        return None
    out = Path(text)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {text}: this is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"--out {text}: cannot make the folder ({error_line(error)})") from error
    if not os.access(out, os.W_OK | os.X_OK):
        raise UsageError(f"--out {text}: the folder is not writable")
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play N random hands at a seeded random table; write one PHH file per hand."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    schedule = simulation_schedule(args.game, args.structure, small_blind=args.small_blind, big_blind=args.big_blind)
    config = TableConfig.for_schedule(
        schedule, name=f"Simulation {seed}", seat_count=_simulation_seats(args.seats, schedule), partial_cash_out=True
    )
    out = _output_folder(args.out)
    table = Table(config)
    session = SimulatedTable(table, random.Random(seed))
    session.open_table()
    if not args.quiet:
        print(f"{config.name}: {config.seat_count} seats, {len(schedule.games)} game(s), first {schedule.games[0].name},"
              f" seed {seed}", file=sys.stderr)
    misdeals = _play_hands(args, session.play_hand, config, out, rate=True)
    audit = table.chip_audit()
    print(f"{args.hands} hands ({misdeals} misdealt and dealt again), {len(table.seats)} players seated at the end")
    print(f"chips: bought {audit.buy_ins}, cashed out {audit.cash_outs}, on the table {audit.stacks}, rake {audit.rake}"
          f" + jackpot {audit.jackpot}: {'balanced' if audit.balanced else 'UNBALANCED'}")
    if out is not None:
        print(f"{args.hands} PHH files written to {out}")
    return 0 if audit.balanced else 1


def cmd_simulate_night(args: argparse.Namespace) -> int:
    """``simulate`` with ``--churn`` or ``--database``: a timed night (pushes, churn), recorded through the store's recorder."""
    if not args.churn and args.database is None:
        return cmd_simulate(args)
    if args.push_minutes <= 0:
        print(f"dealer-console simulate: --push-minutes must be more than 0, not {args.push_minutes:g}", file=sys.stderr)
        return 2
    from dealer_console.sim.night import CHURN, NightSettings, SimulatedNight

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    schedule = simulation_schedule(args.game, args.structure, small_blind=args.small_blind, big_blind=args.big_blind)
    config = TableConfig.for_schedule(schedule, name=f"Simulation {seed}", seat_count=_simulation_seats(args.seats, schedule),
                                      partial_cash_out=True)
    settings = NightSettings(push_minutes=args.push_minutes) if args.churn else NightSettings(dealers=("Dealer Ann",))
    out = _output_folder(args.out)  # refused before a store is made
    table = Table(config)
    recorded = None
    if args.database is not None:
        from dealer_console.live.night_recording import RecordedNight, SettableClock
        from dealer_console.store.errors import StoreError
        from dealer_console.store.store import Store

        clock = SettableClock(settings.start)
        try:
            store = Store.open(args.database, clock=clock)
            recorded = RecordedNight(store, clock, config)
        except StoreError as error:
            print(f"dealer-console simulate: {error}", file=sys.stderr)
            return 2
    night = SimulatedNight(SimulatedTable(table, random.Random(seed), CHURN if args.churn else None), settings=settings,
                           watcher=recorded, seed=seed)
    night.open()
    try:
        misdeals = _play_hands(args, night.play_hand, config, out)
    finally:
        if recorded is not None:
            recorded.store.close()
    return _night_summary(args, night, misdeals, recorded)


def _play_hands(args: argparse.Namespace, play_hand: Callable[[], PlayedHand], config: TableConfig, out: Path | None, *,
                rate: bool = False) -> int:
    """Play ``args.hands`` hands, each written as a PHH file into ``out`` when given, the progress on standard error;
    the number misdealt (and dealt again)."""
    started, misdeals = time.perf_counter(), 0
    for number in range(1, args.hands + 1):
        played = play_hand()
        misdeals += isinstance(played.record, HandMisdealt)
        if out is not None:
            text = export_phh(played.hand, players=dict(played.plan.players), table=config.name, seat_count=config.seat_count)
            (out / f"hand-{played.plan.number:05d}.phh").write_text(text, encoding="utf-8")
        if not args.quiet and (number % max(1, args.hands // 100) == 0 or number == args.hands):
            elapsed = time.perf_counter() - started
            speed = f"  {number / max(elapsed, 1e-9):7.0f} hands/s" if rate else ""
            print(f"\r  hand {number}/{args.hands}  {elapsed:6.1f} s{speed}", end="", file=sys.stderr)
    if not args.quiet:
        print(file=sys.stderr)
    return misdeals


def _night_summary(args: argparse.Namespace, night: SimulatedNight, misdeals: int, recorded: RecordedNight | None) -> int:
    from collections import Counter

    table = night.table.table
    kinds = Counter(event.kind for event in table.events)
    hours = (night.clock.now() - night.settings.start).total_seconds() / 3600
    print(f"{args.hands} hands ({misdeals} misdealt and dealt again) in {hours:.1f} simulated hours ({args.hands / hours:.1f} an hour),"
          f" {len(table.seats)} players seated at the end")
    print(f"churn: {kinds['seated']} joined, {kinds['add_on']} rebuys and add-ons, {kinds['sit_out']} sat out,"
          f" {kinds['come_back']} came back, {kinds['leave']} left; {night.pushes} dealer pushes")
    audit = table.chip_audit()
    balanced = audit.balanced
    print(f"chips: bought {audit.buy_ins}, cashed out {audit.cash_outs}, on the table {audit.stacks}, rake {audit.rake}"
          f" + jackpot {audit.jackpot}: {'balanced' if balanced else 'UNBALANCED'}")
    if recorded is not None:
        from dealer_console.store.store import Store

        with Store.open(args.database) as store:
            stored = night_audit(store, recorded.table_id)
        same = stored == audit
        balanced = balanced and same and stored.balanced
        print(f"recorded as table {recorded.table_id} in {args.database}: the log's chip audit"
              f" {'balances and matches' if same and stored.balanced else 'DIFFERS'}")
    if args.out:
        print(f"{args.hands} PHH files written to {args.out}")
    return 0 if balanced else 1


def night_audit(store: Store, table_id: int) -> TableChipAudit:
    """The chip audit of a recorded table, rebuilt from its log."""
    from dealer_console.store.recorder import resume_table

    return resume_table(store, table_id).table.chip_audit()


def cmd_staff(args: argparse.Namespace) -> int:
    """Dealers' and floor managers' accounts."""
    from dealer_console.store.cli import staff_command

    return staff_command(action=args.staff_action, name=getattr(args, "name", None), role=getattr(args, "role", None),
                         database=args.database, config=args.config)


def _existing_store(args: argparse.Namespace) -> None:
    """A reading command's store must exist: refuse a SQLite path with no database instead of creating one."""
    from dealer_console.config import load_settings

    require_database(load_settings(args.config, overrides={"store": {"database_url": args.database}}).store)


def cmd_verify_log(args: argparse.Namespace) -> int:
    """Check the hash chain of every table's log (or one); exit 1 at the first broken link."""
    from dealer_console.room.heads import check_store_against_room
    from dealer_console.store.cli import verify_log_command

    _existing_store(args)
    return verify_log_command(table=args.table, database=args.database, config=args.config, deep=args.deep, room=args.room,
                              room_check=check_store_against_room)


def _check_demo_players(args: argparse.Namespace) -> None:
    """``--players`` beyond what the configured table seats and its games deal to is refused before any window opens."""
    from dealer_console.config import ConfigError, load_settings

    if args.players is None:
        return
    try:
        settings = load_settings(args.config, overrides={"game": {"variant": args.game, "structure": args.structure}})
        most = min(settings.table.seats, settings.schedule().seats_limit)
    except (ConfigError, EngineError):
        return  # the console itself says what is wrong with the configuration
    if args.players > most:
        raise UsageError(f"--players {args.players}: this table seats 2 to {most} players ([table] seats and the game)")


def cmd_console(args: argparse.Namespace) -> int:
    """Open the dealer's window on a demo table (the default command)."""
    from dealer_console.ui.app import run_console

    _check_demo_players(args)
    overrides = {
        "game": {"variant": args.game, "structure": args.structure},
        "store": {"database_url": args.database},
        "console": {"language": args.language, "four_colour": False if args.two_colour else None},
    }
    return run_console(seed=args.seed, players=args.players or DEFAULT_DEMO_PLAYERS, quit_after_ms=args.quit_after_ms,
                       config=args.config, overrides=overrides, record=not args.no_database)


def cmd_review(args: argparse.Namespace) -> int:
    """Open the floor's review window (sign-in of a floor manager first)."""
    from dealer_console.ui.review_window import run_review

    if not args.room:
        _existing_store(args)
    return run_review(database=args.database, config=args.config, room=args.room, quit_after_ms=args.quit_after_ms)


def _add_console_arguments(parser: argparse.ArgumentParser) -> None:
    # no defaults here: an option given on the command line overrides the configuration, one not given leaves it be
    parser.add_argument("--game", default=None, choices=sorted(VARIANTS), help="variant code (default: [game] variant, else OK, Oklahoma)")
    parser.add_argument("--structure", default=None, choices=[*(s.value for s in Structure), "mixed"],
                        help="default: [game] structure, else pot-limit; mixed: Limit and Pot-limit alternate every orbit")
    parser.add_argument("--players", type=bounded_int(2, MOST_SEATS), default=None,
                        help=f"players at the demo table, 2 to {MOST_SEATS} (and no more than its seats and game allow; default:"
                             f" {DEFAULT_DEMO_PLAYERS})")
    parser.add_argument("--seed", type=int, default=None, help="seed of the demo deck (default: random)")
    parser.add_argument("--two-colour", action="store_true", help="two-colour deck instead of the four-colour one")
    parser.add_argument("--no-database", action="store_true", help="record nothing (a throwaway table)")
    parser.add_argument("--quit-after-ms", type=bounded_int(0), default=None, help=argparse.SUPPRESS)


def _configuration_epilog() -> str:
    from dealer_console.config import EXAMPLE, describe_sections

    return (
        "Global options: --database URL, --config PATH and --language en|ru go before or after the command\n"
        "(dealer-console --database URL verify-log, or dealer-console verify-log --database URL).\n\n"
        "Configuration: one TOML file (--config PATH, else $DEALER_CONFIG, else config.toml in the user's configuration folder),\n"
        "then DEALER_<SECTION>_<KEY> environment variables (e.g. DEALER_STORE_DATABASE_URL, DEALER_ROOM_SERVER_URL,\n"
        "DEALER_CONSOLE_LANGUAGE), then the command line, each overriding the one before. Sections and keys:\n"
        f"{describe_sections()}\n\nExample config.toml:\n\n{EXAMPLE}\n"
        "Without [[players]] the console opens the demo table (simulated devices, a demo dealer signed in automatically).\n"
        "Exit status 2: a bad argument or a command that could not run (one line on standard error says why)."
    )


class _ConsoleParser(OneLineParser):
    """The top-level parser: its long epilog (every configuration key, an example) is written only when help is asked for,
    and only here: the commands' own help does not repeat it."""

    def format_help(self) -> str:
        if self.epilog is None:
            self.epilog = _configuration_epilog()
        return super().format_help()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dealer-console")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def _add_console_parser(commands: Commands) -> None:
    console = commands.add_parser("console", help="open the dealer's window on a demo table (the default with no command)")
    _add_console_arguments(console)
    console.set_defaults(run=cmd_console)
    for action in console._actions:  # given before the command, a console option stays unless given again after it
        if action.dest not in ("help", "run"):
            action.default = argparse.SUPPRESS


def _add_games_parser(commands: Commands) -> None:
    games = commands.add_parser("games", help="list the games and betting structures")
    games.set_defaults(run=cmd_games)


def _add_demo_parser(commands: Commands) -> None:
    demo = commands.add_parser("demo", help="deal and play one random hand through the rules engine")
    demo.add_argument("--game", default="O", choices=sorted(VARIANTS), help="variant code (default: O, Omaha)")
    demo.add_argument("--structure", default="pot-limit", choices=[s.value for s in Structure])
    demo.add_argument("--players", type=bounded_int(2, MOST_SEATS), default=None,
                      help=f"players dealt in, 2 to {MOST_SEATS} and no more than the game deals to (default: random)")
    demo.add_argument("--small-blind", type=bounded_int(0, MOST_CHIPS), default=1)
    demo.add_argument("--big-blind", type=bounded_int(1, MOST_CHIPS), default=2)
    demo.add_argument("--seed", type=int, default=None)
    demo.set_defaults(run=cmd_demo)


def _add_simulate_parser(commands: Commands) -> None:
    simulate = commands.add_parser("simulate", help="play random hands at a seeded random table, one PHH file per hand")
    simulate.add_argument("--game", default="omaha", choices=[*SIMULATION_GAMES, "mix"])
    simulate.add_argument("--structure", default="pot-limit", choices=SIMULATION_STRUCTURES,
                          help="mixed: Limit and Pot-limit alternate every orbit")
    simulate.add_argument("--hands", type=bounded_int(1, MOST_HANDS), default=100, help=f"hands to play, 1 to {MOST_HANDS} (default: 100)")
    simulate.add_argument("--seed", type=int, default=None, help="default: a random seed, printed")
    simulate.add_argument("--out", default=None, metavar="FOLDER", help="folder for the PHH files, made if missing (default: none written)")
    simulate.add_argument("--seats", type=bounded_int(2, MOST_SEATS), default=None,
                          help=f"seats at the table, 2 to {MOST_SEATS} and no more than the games deal to"
                               f" (default: {DEFAULT_SIMULATION_SEATS}, fewer if a game needs it)")
    simulate.add_argument("--small-blind", type=bounded_int(0, MOST_CHIPS), default=1)
    simulate.add_argument("--big-blind", type=bounded_int(1, MOST_CHIPS), default=2)
    simulate.add_argument("--quiet", action="store_true", help="no progress on stderr")
    simulate.add_argument("--churn", action="store_true",
                          help="a busy night: players join, rebuy, sit out, come back and leave; dealers push (--push-minutes)")
    simulate.add_argument("--push-minutes", type=float, default=25.0, help="with --churn: a dealer push every N simulated minutes")
    simulate.add_argument("--database", default=None, metavar="URL",
                          help="record the session into this store as a live table would, on a simulated clock (~30 hands an hour)")
    simulate.set_defaults(run=cmd_simulate_night)


def _add_verify_log_parser(commands: Commands) -> None:
    verify = commands.add_parser("verify-log", help="check the hash chain of the event log; report the first broken link")
    verify.add_argument("--table", default=None, help="table id or name (default: every table)")
    verify.add_argument("--deep", action="store_true", help="also rebuild hands, pots and rulings from the chain; name each row that differs")
    verify.add_argument("--room", default=None, metavar="URL", help="also check the log against every signed head the room's server kept")
    verify.set_defaults(run=cmd_verify_log)


def _add_staff_parser(commands: Commands) -> None:
    staff = commands.add_parser("staff", help="dealers' and floor managers' accounts: list, add, unlock (a floor manager signs in), recover")
    staff_actions = staff.add_subparsers(dest="staff_action", required=True)
    staff_actions.add_parser("list", help="every account: role, active or locked out (a floor manager signs in)")
    staff_add = staff_actions.add_parser("add", help="a new account (its PIN asked twice; the first account is the floor manager)")
    staff_add.add_argument("name")
    staff_add.add_argument("--role", choices=["dealer", "floor-manager"], default="dealer")
    staff_unlock = staff_actions.add_parser("unlock", help="lift a lock-out after wrong PINs")
    staff_unlock.add_argument("name")
    staff_recover = staff_actions.add_parser(
        "recover", help="a sole floor manager locked out: a new PIN, on the store's own machine (needs write access to its files;"
                        " recorded in every table's log)")
    staff_recover.add_argument("name")
    staff.set_defaults(run=cmd_staff)


def _add_review_parser(commands: Commands) -> None:
    review = commands.add_parser("review", help="the floor's review window: find a hand, step through it, correct, rule, report")
    review.add_argument("--room", action="store_true", help="read the card room's shipped log (room_events) at --database: every table, live")
    review.add_argument("--quit-after-ms", type=bounded_int(0), default=None, help=argparse.SUPPRESS)
    review.set_defaults(run=cmd_review)


def _add_room_parser(commands: Commands) -> None:
    from dealer_console.room.__main__ import add_room_commands

    room = commands.add_parser("room", help="the card room: ship this console's log to the room's server, verify the room's chains")
    add_room_commands(room.add_subparsers(dest="room_command", required=True))


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    from dealer_console.floor.cli import add_floor_parser
    from vision.cli import add_vision_eval_parser

    parser = _ConsoleParser(prog="dealer-console", description="The dealer console for Omaha-family poker tables.",
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    add_global_options(parser)
    _add_console_arguments(parser)
    parser.set_defaults(run=cmd_console)
    # the commands' parsers are plain ones: the configuration's epilog is the top-level help's alone
    commands = parser.add_subparsers(dest="command", required=False, parser_class=OneLineParser)
    _add_console_parser(commands)
    _add_games_parser(commands)
    _add_demo_parser(commands)
    _add_simulate_parser(commands)
    _add_verify_log_parser(commands)
    _add_staff_parser(commands)
    _add_review_parser(commands)
    add_floor_parser(commands, write_pdf=_write_report_pdf)
    _add_room_parser(commands)
    add_vision_eval_parser(commands)
    spread_global_options(parser)
    return parser


def _write_report_pdf(html: str, path: Path | str, *, title: str) -> Path:
    from dealer_console.ui.review_pdf import write_report_pdf  # Qt only when a PDF is asked for

    return write_report_pdf(html, path, title=title)


KNOWN_ERRORS: tuple[type[BaseException], ...] = (UsageError, EngineError, ConfigError, StoreError, FloorError, LiveError, OSError)
"""What a command may raise for what the user gave or for its surroundings: one line each, exit status 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``dealer-console``: exit 0 done, 1 a check failed, 2 a bad argument or a command that could not run."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KNOWN_ERRORS as error:
        command = " ".join(part for part in (args.command, getattr(args, "floor_command", None) or getattr(args, "room_command", None)) if part)
        return print_error(f"dealer-console {command}".rstrip(), error)


if __name__ == "__main__":
    sys.exit(main())
