"""The ``dealer-console`` command."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from dealer_console.engine.autoplay import play_random_hand, random_setup
from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import event_to_dict
from dealer_console.engine.games import VARIANTS, Structure, make_game


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


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    parser = argparse.ArgumentParser(prog="dealer-console", description="The dealer console for Omaha-family poker tables.")
    commands = parser.add_subparsers(dest="command", required=True)
    games = commands.add_parser("games", help="list the games and betting structures")
    games.set_defaults(run=cmd_games)
    demo = commands.add_parser("demo", help="deal and play one random hand through the rules engine")
    demo.add_argument("--game", default="O", choices=sorted(VARIANTS), help="variant code (default: O, Omaha)")
    demo.add_argument("--structure", default="pot-limit", choices=[s.value for s in Structure])
    demo.add_argument("--players", type=int, default=None, help="players dealt in (default: random)")
    demo.add_argument("--small-blind", type=int, default=1)
    demo.add_argument("--big-blind", type=int, default=2)
    demo.add_argument("--seed", type=int, default=None)
    demo.set_defaults(run=cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``dealer-console``."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except EngineError as error:
        print(f"dealer-console: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
