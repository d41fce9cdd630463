"""PHH (Poker Hand History) export and import.

PHH is the TOML hand-history format of the PHH standard (uoftcprg/phh-std, version 0.0.1), the
one pokerkit reads and writes. :func:`export_phh` writes any finished or misdealt
:class:`~dealer_console.engine.hand.Hand`; :func:`import_phh` / :func:`load_phh` read one back.

What the standard covers is written in its own fields: ``variant``, ``antes``,
``blinds_or_straddles``, ``min_bet`` or ``small_bet``/``big_bet``, ``starting_stacks``,
``actions``, ``seats``, ``players``, ``finishing_stacks``, ``winnings``... Players are listed
from the first seat left of the button (``p1``, the small blind) round to the button (the last
player); heads-up the standard "reverses" the blinds, so ``p1`` is the big blind and ``p2`` the
button, who posts the small blind: that is the engine's own order either way
(:meth:`Hand.seats`).

What the standard has no notation for (Oklahoma discards, double boards, five- and six-card
Omaha, no-limit Omaha, straddle consents, live and dead posts, burns, per-pot runs and the run
choices, the rake and the house rules) goes in user-defined fields whose names start with
``_dealer_console_`` (the standard reserves a leading underscore for them): the hand's whole
set-up and its full event list as plain data (:func:`~.events.event_to_dict`). A file written
here is rebuilt from those fields, so it re-imports to an identical hand; a file without them
(from pokerkit, the PHH dataset, another tool) is replayed action by action through the
engine's own verbs. ``docs/phh.md`` documents every field.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from dealer_console.engine.cards import Card, format_cards, parse_cards
from dealer_console.engine.errors import CardError, EngineError, GameDefinitionError
from dealer_console.engine.events import (
    BetPlaced,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    CardsShown,
    Checked,
    Discarded,
    Event,
    Folded,
    HoleCardsDealt,
    MisdealDeclared,
    Mucked,
    RaisedTo,
    RestraddleConsent,
    RunsChosen,
    WentAllIn,
    event_from_dict,
    event_to_dict,
)
from dealer_console.engine.games import (
    OMAHA,
    OMAHA_HI_LO,
    VARIANTS,
    Game,
    HouseRules,
    MississippiPreflopOrder,
    Rake,
    Stakes,
    StraddlePrecedence,
    Structure,
    Variant,
)
from dealer_console.engine.hand import Hand, HandSetup, Phase

FORMAT_VERSION = 1
"""Version of the ``_dealer_console_*`` fields; a file with a newer version is refused."""

FIELD_PREFIX = "_dealer_console_"

PHH_VARIANTS: dict[str, str] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
"""The variant codes the PHH standard defines, with their names (required fields, "Variant Code")."""

STANDARD_OMAHA_CODES: dict[str, tuple[Structure, Variant]] = {
    "PO": (Structure.POT_LIMIT, OMAHA),
    "FO/8": (Structure.LIMIT, OMAHA_HI_LO),
}
"""The Omaha games PHH defines. It has no no-limit Omaha and no limit Omaha high."""

EXTENDED_OMAHA_CODES: dict[str, tuple[Structure, Variant]] = {
    "FO": (Structure.LIMIT, OMAHA),
    "NO": (Structure.NO_LIMIT, OMAHA),
    "PO/8": (Structure.POT_LIMIT, OMAHA_HI_LO),
    "NO/8": (Structure.NO_LIMIT, OMAHA_HI_LO),
}
"""Codes PHH does not define, built by its naming scheme (structure letter, game, ``/8``);
written for those games and read back."""

_STRUCTURE_LETTERS = {Structure.LIMIT: "F", Structure.POT_LIMIT: "P", Structure.NO_LIMIT: "N"}
_BETTING = (Folded, Checked, Called, BetPlaced, RaisedTo, WentAllIn)
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


# ---------------------------------------------------------------------------------- errors


class PHHError(EngineError):
    """A PHH file that cannot be read into a hand, or a hand that cannot be written."""


class PHHFormatError(PHHError):
    """Not PHH: not TOML, a required field missing or of the wrong type, unreadable card text."""


class PHHUnsupportedError(PHHError):
    """Valid PHH that the engine cannot play: another game, a blind shape or action it lacks."""


class PHHActionError(PHHError):
    """An action (or recorded event) the engine's rules refuse; chained to the engine's error."""

    def __init__(self, message: str, *, index: int, action: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.index = index
        """Position in ``actions`` (or in ``_dealer_console_events``), from 0."""
        self.action = action
        self.seat = seat


class PHHMismatchError(PHHError):
    """The file contradicts itself: its ``finishing_stacks`` or standard fields disagree with the replay."""


# ---------------------------------------------------------------------------------- export


def phh_variant_code(game: Game) -> str:
    """The closest PHH code for ``game``: structure letter, ``O``, and ``/8`` for hi-lo.

    Only ``PO`` and ``FO/8`` are defined by PHH; the rest follow its naming scheme. A game PHH
    cannot describe at all (five-card, double board, Oklahoma) gets the code of the Omaha game
    nearest to it, and its true variant in ``_dealer_console_variant``.
    """
    return _STRUCTURE_LETTERS[game.structure] + "O" + ("/8" if game.variant.hi_lo else "")


def is_standard_phh(hand: Hand) -> bool:
    """True when the standard fields alone describe the hand, so any PHH reader replays it.

    That needs a game PHH defines (``PO``, ``FO/8``) and nothing it lacks: no misdeal, one run,
    blinds and straddles in the places PHH reads them (so no live post, and the blinds on the
    first two seats left of the button), and a Mississippi only with the small blind first.
    Dead posts and antes are PHH antes, which is exact.
    """
    game = hand.setup.game
    standard = STANDARD_OMAHA_CODES.get(phh_variant_code(game))
    if standard is None or standard[1] != game.variant:
        return False
    if hand.phase is Phase.MISDEALT or hand.run_count > 1:
        return False
    small_blind_first = game.house.mississippi_preflop_order is MississippiPreflopOrder.SMALL_BLIND_FIRST
    if not small_blind_first and any(isinstance(e, BlindPosted) and e.blind is BlindKind.MISSISSIPPI for e in hand.events_in_force):
        return False
    _, blinds = _forced_bets(hand)
    if len(blinds) == 2:
        blinds.reverse()
    try:
        plan = _blind_plan(_Reader({}, "export"), blinds, list(hand.seats))
    except PHHError:
        return False
    return (plan.small_blind_seat, plan.big_blind_seat) == (hand.small_blind_seat, hand.big_blind_seat)


def export_phh(
    hand: Hand,
    *,
    players: Mapping[int, str] | None = None,
    event: str | None = None,
    venue: str | None = None,
    table: str | int | None = None,
    seat_count: int | None = None,
    author: str | None = None,
    currency: str | None = None,
    started_at: datetime.datetime | None = None,
    time_zone: str | None = None,
) -> str:
    """The PHH text of a finished or misdealt hand.

    ``players`` names the players by seat number; ``started_at`` gives the standard's ``time``,
    ``day``, ``month`` and ``year`` (local time; ``time_zone`` an IANA name such as
    ``"Europe/Moscow"``). The standard fields come first, then the ``_dealer_console_*`` fields
    from which :func:`import_phh` rebuilds the identical hand.
    """
    if not hand.is_complete:
        raise PHHError(
            f"hand {hand.setup.hand_id or '(no id)'} is not finished ({hand.phase.value}): only finished or misdealt hands are exported"
        )
    fields = _standard_fields(hand)
    if event is not None:
        fields["event"] = event
    if venue is not None:
        fields["venue"] = venue
    if author is not None:
        fields["author"] = author
    if started_at is not None:
        fields["time"] = started_at.time().replace(tzinfo=None, microsecond=0)
        if time_zone is not None:
            fields["time_zone"] = time_zone
        fields["day"] = started_at.day
        fields["month"] = started_at.month
        fields["year"] = started_at.year
    if hand.setup.hand_id:
        fields["hand"] = hand.setup.hand_id
    fields["seats"] = list(hand.seats)
    if seat_count is not None:
        fields["seat_count"] = seat_count
    if table is not None:
        fields["table"] = table
    if players is not None:
        fields["players"] = [players.get(seat, "") for seat in hand.seats]
    fields["finishing_stacks"] = _in_player_order(hand, hand.stacks)
    if hand.result is not None:
        fields["winnings"] = _in_player_order(hand, hand.result.winnings)
    if currency is not None:
        fields["currency"] = currency
    fields.update(_dealer_console_fields(hand))
    return _dumps_toml(fields)


def _in_player_order(hand: Hand, values: Mapping[int, int]) -> list[int]:
    return [values.get(seat, 0) for seat in hand.seats]


def _standard_fields(hand: Hand) -> dict[str, Any]:
    """The PHH required fields of ``hand``, in the standard's order."""
    game = hand.setup.game
    antes, blinds = _forced_bets(hand)
    fields: dict[str, Any] = {"variant": phh_variant_code(game), "antes": antes, "blinds_or_straddles": blinds}
    if game.structure is Structure.LIMIT:
        fields["small_bet"] = game.stakes.limit_small_bet
        fields["big_bet"] = game.stakes.limit_big_bet
    else:
        fields["min_bet"] = game.stakes.big_blind
    fields["starting_stacks"] = [hand.setup.stacks[seat] for seat in hand.seats]
    fields["actions"] = _standard_actions(hand)
    return fields


def _forced_bets(hand: Hand) -> tuple[list[int], list[int]]:
    """``antes`` (dead chips) and ``blinds_or_straddles`` (live chips) posted before the deal.

    A blind posted all-in for less is written at its full size, as PHH readers cap a forced bet
    at the stack themselves (pokerkit: ``min(blind, stack)``) and take the bet sizes from it.
    Heads-up the standard lists them reversed (p1, the big blind, posts the second entry).
    """
    posting = [e for e in hand.events_in_force if isinstance(e, BlindPosted | RestraddleConsent)]
    posted = Hand(hand.setup, posting)
    stakes = hand.game.stakes
    nominal = {BlindKind.SMALL: stakes.small_blind, BlindKind.BIG: stakes.big_blind, BlindKind.LIVE: stakes.big_blind}
    short = {seat: 0 for seat in hand.seats}
    for event in posting:
        if isinstance(event, BlindPosted) and event.blind in nominal:
            short[event.seat] += max(0, nominal[event.blind] - event.amount)
    live = [posted.bets[seat] + short[seat] for seat in hand.seats]
    dead = [posted.contributions[seat] - posted.bets[seat] for seat in hand.seats]
    if len(hand.seats) == 2:
        live.reverse()
        dead.reverse()
    return dead, live


def _standard_actions(hand: Hand) -> list[str]:
    """The hand's actions in PHH notation, in the order a PHH reader plays them.

    When the betting ends before the board is complete (all-in), PHH (and pokerkit) table the
    hands first and then deal the rest of the board, one run after the other; the engine may
    take the shows at the end and deal runs interleaved, so for games without discards the
    shows and the run-out are moved into that order. Burns, run choices and straddle consents
    have no PHH notation (they are in ``_dealer_console_events``).
    """
    events = hand.events_in_force
    label = {seat: f"p{index + 1}" for index, seat in enumerate(hand.seats)}
    last_betting = max((i for i, e in enumerate(events) if isinstance(e, _BETTING)), default=-1)
    reorder = not hand.setup.game.variant.discards
    replay = Hand(hand.setup)
    actions: list[str] = []
    shows: list[str] = []
    runout: list[tuple[int, int, str]] = []
    # once extra runs are agreed, the first run's own cards are named too (not the shared streets)
    first_choice = min((i for i, e in enumerate(events) if isinstance(e, RunsChosen)), default=len(events))
    multi_run = hand.run_count > 1
    for index, event in enumerate(events):
        text = _action_text(replay, event, label, name_runs=multi_run and index > first_choice)
        replay.apply(event)
        if text is None:
            continue
        if reorder and index > last_betting and isinstance(event, BoardDealt):
            runout.append((event.run, index, text))
        elif reorder and index > last_betting and isinstance(event, CardsShown | Mucked):
            shows.append(text)
        else:
            actions.append(text)
    return actions + shows + [text for _, _, text in sorted(runout)]


def _action_text(before: Hand, event: Event, label: Mapping[int, str], *, name_runs: bool = False) -> str | None:
    """One event in PHH notation (``before`` is the hand just before it), or ``None``.

    Board cards of a second or third run, or of the second board, carry a PHH commentary
    (``d db 7d # run 2``) for the human reader; ``name_runs`` names the first run's too.
    """
    if isinstance(event, HoleCardsDealt):
        return f"d dh {label[event.seat]} {format_cards(event.cards)}"
    if isinstance(event, BoardDealt):
        where = [f"run {event.run + 1}"] if event.run or name_runs else []
        where += [f"board {event.board + 1}"] if event.board else []
        return f"d db {format_cards(event.cards)}" + (f" # {', '.join(where)}" if where else "")
    if isinstance(event, Folded):
        return f"{label[event.seat]} f"
    if isinstance(event, Checked | Called):
        return f"{label[event.seat]} cc"
    if isinstance(event, BetPlaced | RaisedTo):
        return f"{label[event.seat]} cbr {event.amount}"
    if isinstance(event, WentAllIn):
        to = before.bets[event.seat] + before.stacks[event.seat]
        return f"{label[event.seat]} cc" if to <= before.current_bet else f"{label[event.seat]} cbr {to}"
    if isinstance(event, CardsShown):
        return f"{label[event.seat]} sm {format_cards(event.cards)}"
    if isinstance(event, Mucked):
        return f"{label[event.seat]} sm"
    if isinstance(event, Discarded):
        return f"{label[event.seat]} sd {format_cards((event.card,))}"
    if isinstance(event, MisdealDeclared):
        reason = " ".join(event.reason.split())
        return "# misdeal" + (f": {reason}" if reason else "")
    return None


def _dealer_console_fields(hand: Hand) -> dict[str, Any]:
    """The user-defined fields: the whole set-up and every event, as plain data."""
    setup = hand.setup
    game = setup.game
    variant = game.variant
    stakes = game.stakes
    rake = game.rake
    house = game.house
    stakes_fields: dict[str, Any] = {"small_blind": stakes.small_blind, "big_blind": stakes.big_blind}
    if stakes.small_bet is not None:
        stakes_fields["small_bet"] = stakes.small_bet
    if stakes.big_bet is not None:
        stakes_fields["big_bet"] = stakes.big_bet
    stakes_fields["chip_unit"] = stakes.chip_unit
    rake_fields: dict[str, Any] = {"percent": float(rake.percent)}
    if rake.cap is not None:
        rake_fields["cap"] = rake.cap
    rake_fields.update(no_flop_no_drop=rake.no_flop_no_drop, jackpot_drop=rake.jackpot_drop, jackpot_threshold=rake.jackpot_threshold)
    seats = sorted(setup.stacks)
    setup_fields: dict[str, Any] = {
        "hand_id": setup.hand_id,
        "seats": seats,
        "stacks": [setup.stacks[seat] for seat in seats],
        "button": setup.button,
        "small_blind_seat": _optional_seat(setup.small_blind_seat),
        "big_blind_seat": _optional_seat(setup.big_blind_seat),
        "straddles_allowed": setup.straddles_allowed,
        "extra_boards_allowed": setup.extra_boards_allowed,
    }
    if setup.mississippi_authorized_by is not None:
        setup_fields["mississippi_authorized_by"] = setup.mississippi_authorized_by
    if setup.extra_player_authorized_by is not None:
        setup_fields["extra_player_authorized_by"] = setup.extra_player_authorized_by
    fields: dict[str, Any] = {
        FIELD_PREFIX + "format": FORMAT_VERSION,
        FIELD_PREFIX + "variant": variant.code,
        FIELD_PREFIX + "game": {
            "name": variant.name,
            "hole_cards": variant.hole_cards,
            "boards": variant.boards,
            "hi_lo": variant.hi_lo,
            "discards": list(variant.discards),
            "max_players": variant.max_players,
            "structure": game.structure.value,
        },
        FIELD_PREFIX + "stakes": stakes_fields,
        FIELD_PREFIX + "rake": rake_fields,
        FIELD_PREFIX + "house": {
            "limit_raises_per_round": house.limit_raises_per_round,
            "limit_heads_up_uncapped": house.limit_heads_up_uncapped,
            "mississippi_preflop_order": house.mississippi_preflop_order.value,
            "straddle_precedence": house.straddle_precedence.value,
            "button_straddle_in_limit": house.button_straddle_in_limit,
            "odd_chip_to_first_run": house.odd_chip_to_first_run,
            "max_runs": house.max_runs,
        },
        FIELD_PREFIX + "setup": setup_fields,
    }
    if hand.result is not None and any(pot.runs > 1 for pot in hand.result.pots):
        fields[FIELD_PREFIX + "pot_runs"] = [pot.runs for pot in hand.result.pots]
    fields[FIELD_PREFIX + "events"] = [
        {key: value for key, value in event_to_dict(event).items() if value is not None} for event in hand.events
    ]
    return fields


def _optional_seat(seat: int | None) -> int | str:
    """A blind seat of :class:`HandSetup`: ``-1`` (the usual seat), a seat number, or ``"none"``."""
    return "none" if seat is None else seat


# ---------------------------------------------------------------------------------- TOML


def _dumps_toml(fields: Mapping[str, Any]) -> str:
    """A flat TOML document: one ``key = value`` a line; long arrays one element a line."""
    lines = []
    for key, value in fields.items():
        if isinstance(value, list) and value and (isinstance(value[0], dict) or (isinstance(value[0], str) and len(value) > 4)):
            items = "".join(f"  {_toml_value(item)},\n" for item in value)
            lines.append(f"{_toml_key(key)} = [\n{items}]")
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} {value!r} as TOML")


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _toml_string(text: str) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


# ---------------------------------------------------------------------------------- import


def load_phh(path: str | Path, *, house: HouseRules | None = None) -> Hand:
    """Read a ``.phh`` file (see :func:`import_phh`); errors name the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as problem:
        raise PHHFormatError(f"{path.name}: not a PHH file: not UTF-8 text ({problem.reason})") from problem
    return import_phh(text, house=house, source=path.name)


def import_phh(text: str, *, house: HouseRules | None = None, source: str = "PHH") -> Hand:
    """The hand of a PHH text.

    A file written by :func:`export_phh` is rebuilt from its recorded events (``house`` is then
    ignored: the file carries the house rules the hand was played under) and must agree with
    its own standard fields. Any other file of an Omaha game is replayed action by action with
    ``house`` (default :class:`HouseRules`), every action checked by the engine's rules; when it
    has ``finishing_stacks``, the replay must end with exactly those stacks.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise PHHFormatError(f"{source}: not a PHH file: invalid TOML ({problem})") from problem
    reader = _Reader(data, source)
    if FIELD_PREFIX + "events" in data or FIELD_PREFIX + "format" in data:
        hand = _rebuild(reader)
        _check_against_standard_fields(reader, hand)
        return hand
    return _replay_standard(reader, house or HouseRules())


class _Reader:
    """Typed access to a parsed PHH table; every complaint names the source and the field."""

    def __init__(self, data: Mapping[str, Any], source: str) -> None:
        self.data = data
        self.source = source

    def fail(self, message: str) -> PHHFormatError:
        return PHHFormatError(f"{self.source}: {message}")

    def unsupported(self, message: str) -> PHHUnsupportedError:
        return PHHUnsupportedError(f"{self.source}: {message}")

    def require(self, key: str, why: str = "") -> Any:
        if key not in self.data:
            raise self.fail(f"missing required field {key!r}{why}")
        return self.data[key]

    def table(self, key: str) -> _Reader:
        value = self.require(key)
        if not isinstance(value, dict):
            raise self.fail(f"field {key!r} must be a table, not {value!r}")
        return _Reader(value, f"{self.source}: {key}")

    def integer(self, key: str, value: Any = None, *, where: str | None = None) -> int:
        value = self.require(key) if value is None else value
        return _as_chips(value, lambda message: self.fail(f"field {where or key!r}: {message}"))

    def optional_integer(self, key: str) -> int | None:
        return None if key not in self.data else self.integer(key)

    def integers(self, key: str, count: int | None = None) -> list[int]:
        value = self.require(key)
        if not isinstance(value, list):
            raise self.fail(f"field {key!r} must be an array of numbers, not {value!r}")
        if count is not None and len(value) != count:
            raise self.fail(f"field {key!r} has {len(value)} entries; there are {count} players")
        return [self.integer(key, item, where=f"{key}[{index}]") for index, item in enumerate(value)]

    def string(self, key: str) -> str:
        value = self.require(key)
        if not isinstance(value, str):
            raise self.fail(f"field {key!r} must be a string, not {value!r}")
        return value

    def boolean(self, key: str) -> bool:
        value = self.require(key)
        if not isinstance(value, bool):
            raise self.fail(f"field {key!r} must be true or false, not {value!r}")
        return value


def _as_chips(value: Any, fail: Callable[[str], PHHError]) -> int:
    """A PHH amount as whole chips (PHH allows floats; ``3.0`` is read as ``3``)."""
    if isinstance(value, bool):
        raise fail(f"{value!r} is not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            raise fail(f"{value!r}: an unknown amount cannot be played")
        if value.is_integer():
            return int(value)
        raise fail(f"{value!r} is not a whole number of chips (the engine counts chips in whole units; scale the file's amounts)")
    raise fail(f"{value!r} is not a number")


# ----------------------------------------------------------------- our own files: rebuild


_EVENT_FIELD_TYPES: dict[str, type] = {
    "seat": int, "amount": int, "runs": int, "target": int, "board": int, "run": int,
    "agrees": bool, "reason": str, "by": str, "authorized_by": str, "cards": str, "card": str, "blind": str,
}


def _rebuild(reader: _Reader) -> Hand:
    """The hand of a file written by :func:`export_phh`, from its set-up and events."""
    version = reader.integer(FIELD_PREFIX + "format")
    if version > FORMAT_VERSION:
        raise reader.unsupported(f"{FIELD_PREFIX}format {version} is newer than this program reads ({FORMAT_VERSION})")
    setup = _read_setup(reader)
    raw_events = reader.require(FIELD_PREFIX + "events")
    if not isinstance(raw_events, list):
        raise reader.fail(f"field {FIELD_PREFIX + 'events'!r} must be an array of tables")
    hand = Hand(setup)
    for index, raw in enumerate(raw_events):
        event = _read_event(reader, index, raw)
        try:
            hand.apply(event)
        except EngineError as problem:
            raise PHHActionError(
                f"{reader.source}: {FIELD_PREFIX}events[{index}] ({event.kind}) is refused: {problem}",
                index=index,
                action=event.kind,
                seat=getattr(event, "seat", None),
            ) from problem
    return hand


def _read_event(reader: _Reader, index: int, raw: Any) -> Event:
    where = f"{FIELD_PREFIX}events[{index}]"
    if not isinstance(raw, dict):
        raise reader.fail(f"{where} must be a table, not {raw!r}")
    for key, value in raw.items():
        if key == "kind":
            continue
        expected = _EVENT_FIELD_TYPES.get(key)
        if expected is None:
            raise reader.fail(f"{where} has an unknown field {key!r}")
        good = type(value) is bool if expected is bool else isinstance(value, expected) and not isinstance(value, bool)
        if not good:
            raise reader.fail(f"{where}.{key} must be {expected.__name__}, not {value!r}")
    try:
        event = event_from_dict(raw)
    except CardError as problem:
        raise reader.fail(f"{where}: {problem}") from problem
    except (EngineError, ValueError, TypeError) as problem:
        raise reader.fail(f"{where} is not an event: {problem}") from problem
    known = {field.name for field in dataclasses.fields(event)} | {"kind"}
    stray = sorted(set(raw) - known)
    if stray:
        raise reader.fail(f"{where}: a {event.kind!r} event has no field {stray[0]!r}")
    return event


def _read_setup(reader: _Reader) -> HandSetup:
    game_fields = reader.table(FIELD_PREFIX + "game")
    stakes_fields = reader.table(FIELD_PREFIX + "stakes")
    rake_fields = reader.table(FIELD_PREFIX + "rake")
    house_fields = reader.table(FIELD_PREFIX + "house")
    setup_fields = reader.table(FIELD_PREFIX + "setup")
    code = reader.string(FIELD_PREFIX + "variant")
    discards = game_fields.require("discards")
    if not isinstance(discards, list) or not all(isinstance(street, int) and not isinstance(street, bool) for street in discards):
        raise game_fields.fail(f"field 'discards' must be an array of streets, not {discards!r}")
    try:
        variant = Variant(
            code=code,
            name=game_fields.string("name"),
            hole_cards=game_fields.integer("hole_cards"),
            boards=game_fields.integer("boards"),
            hi_lo=game_fields.boolean("hi_lo"),
            discards=tuple(discards),
            max_players=game_fields.integer("max_players"),
        )
        variant = VARIANTS[code] if VARIANTS.get(code) == variant else variant
        structure = _enum(game_fields, "structure", Structure)
        percent = rake_fields.require("percent")
        if isinstance(percent, bool) or not isinstance(percent, int | float):
            raise rake_fields.fail(f"field 'percent' must be a number, not {percent!r}")
        game = Game(
            variant=variant,
            structure=structure,
            stakes=Stakes(
                small_blind=stakes_fields.integer("small_blind"),
                big_blind=stakes_fields.integer("big_blind"),
                small_bet=stakes_fields.optional_integer("small_bet"),
                big_bet=stakes_fields.optional_integer("big_bet"),
                chip_unit=stakes_fields.integer("chip_unit"),
            ),
            rake=Rake(
                percent=float(percent),
                cap=rake_fields.optional_integer("cap"),
                no_flop_no_drop=rake_fields.boolean("no_flop_no_drop"),
                jackpot_drop=rake_fields.integer("jackpot_drop"),
                jackpot_threshold=rake_fields.integer("jackpot_threshold"),
            ),
            house=HouseRules(
                limit_raises_per_round=house_fields.integer("limit_raises_per_round"),
                limit_heads_up_uncapped=house_fields.boolean("limit_heads_up_uncapped"),
                mississippi_preflop_order=_enum(house_fields, "mississippi_preflop_order", MississippiPreflopOrder),
                straddle_precedence=_enum(house_fields, "straddle_precedence", StraddlePrecedence),
                button_straddle_in_limit=house_fields.boolean("button_straddle_in_limit"),
                odd_chip_to_first_run=house_fields.boolean("odd_chip_to_first_run"),
                max_runs=house_fields.integer("max_runs"),
            ),
        )
        seats = setup_fields.integers("seats")
        stacks = setup_fields.integers("stacks", len(seats))
        if len(set(seats)) != len(seats):
            raise setup_fields.fail(f"field 'seats' {seats} names a seat twice")
        authorized = setup_fields.data.get("mississippi_authorized_by")
        if authorized is not None and not isinstance(authorized, str):
            raise setup_fields.fail(f"field 'mississippi_authorized_by' must be a string, not {authorized!r}")
        extra_player = setup_fields.data.get("extra_player_authorized_by")
        if extra_player is not None and not isinstance(extra_player, str):
            raise setup_fields.fail(f"field 'extra_player_authorized_by' must be a string, not {extra_player!r}")
        return HandSetup(
            game=game,
            stacks=dict(zip(seats, stacks, strict=True)),
            button=setup_fields.integer("button"),
            small_blind_seat=_read_optional_seat(setup_fields, "small_blind_seat"),
            big_blind_seat=_read_optional_seat(setup_fields, "big_blind_seat"),
            straddles_allowed=setup_fields.boolean("straddles_allowed"),
            mississippi_authorized_by=authorized,
            extra_boards_allowed=setup_fields.boolean("extra_boards_allowed"),
            extra_player_authorized_by=extra_player,
            hand_id=setup_fields.string("hand_id"),
        )
    except GameDefinitionError as problem:
        raise reader.fail(f"the recorded game or set-up is inconsistent: {problem}") from problem


_Choice = TypeVar("_Choice", Structure, MississippiPreflopOrder, StraddlePrecedence)


def _enum(reader: _Reader, key: str, kind: type[_Choice]) -> _Choice:
    value = reader.string(key)
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise reader.fail(f"field {key!r} is {value!r}; expected one of {choices}") from None


def _read_optional_seat(reader: _Reader, key: str) -> int | None:
    value = reader.require(key)
    if value == "none":
        return None
    return reader.integer(key)


def _check_against_standard_fields(reader: _Reader, hand: Hand) -> None:
    """A file of ours must say the same in its standard fields as its events do."""
    expected = _standard_fields(hand)
    expected["seats"] = list(hand.seats)
    if hand.is_complete:
        expected["finishing_stacks"] = _in_player_order(hand, hand.stacks)
    for key, value in expected.items():
        if key not in reader.data:
            raise reader.fail(f"missing required field {key!r}")
        found = reader.data[key]
        if found != value:
            raise PHHMismatchError(
                f"{reader.source}: field {key!r} is {found!r} but the hand rebuilt from {FIELD_PREFIX}events gives {value!r}"
            )


# ----------------------------------------------------------------- standard files: replay


def _omaha_game(reader: _Reader) -> tuple[str, Structure, Variant]:
    code = reader.require("variant")
    if not isinstance(code, str):
        raise reader.fail(f"field 'variant' must be a string, not {code!r}")
    known = STANDARD_OMAHA_CODES.get(code) or EXTENDED_OMAHA_CODES.get(code)
    if known is not None:
        return code, known[0], known[1]
    if code in PHH_VARIANTS:
        raise reader.unsupported(f"PHH variant {code!r} ({PHH_VARIANTS[code]}) is not an Omaha game")
    raise reader.unsupported(
        f"PHH variant {code!r} is not defined by the PHH standard (Omaha codes read here: "
        f"{', '.join([*STANDARD_OMAHA_CODES, *EXTENDED_OMAHA_CODES])})"
    )


def _replay_standard(reader: _Reader, house: HouseRules) -> Hand:
    """Play a standard PHH file through the engine's verbs."""
    code, structure, variant = _omaha_game(reader)
    bet_fields = ("small_bet", "big_bet") if structure is Structure.LIMIT else ("min_bet",)
    for key in ("antes", "blinds_or_straddles", *bet_fields, "starting_stacks", "actions"):
        reader.require(key, f" (PHH: required for variant {code!r})")
    stacks = reader.integers("starting_stacks")
    count = len(stacks)
    if count < 2:
        raise reader.fail(f"field 'starting_stacks' lists {count} player(s); a hand needs two or more")
    antes = reader.integers("antes", count)
    blinds = reader.integers("blinds_or_straddles", count)
    if any(ante < 0 for ante in antes):
        raise reader.fail(f"antes {antes}: an ante cannot be negative")
    seats = _read_seats(reader, count)
    if count == 2:
        # PHH: the antes and blinds are reverse-assigned heads-up (p1 is the big blind)
        antes.reverse()
        blinds.reverse()
    plan = _blind_plan(reader, blinds, seats)
    if structure is Structure.LIMIT:
        sizes: dict[str, int] = {"small_bet": reader.integer("small_bet"), "big_bet": reader.integer("big_bet")}
    else:
        sizes = {}
        min_bet = reader.integer("min_bet")
        if min_bet != plan.big_blind:
            raise reader.unsupported(
                f"min_bet {min_bet} differs from the big blind {plan.big_blind}: the engine's minimum bet is the big blind"
            )
    if plan.mississippi and structure is Structure.LIMIT:
        house = dataclasses.replace(house, button_straddle_in_limit=True)
    hand_name = reader.data.get("hand", "")
    try:
        game = Game(
            variant=variant,
            structure=structure,
            stakes=Stakes(small_blind=plan.small_blind, big_blind=plan.big_blind, **sizes),
            house=house,
        )
        setup = HandSetup(
            game=game,
            stacks=dict(zip(seats, stacks, strict=True)),
            button=seats[-1],
            small_blind_seat=plan.small_blind_seat,
            big_blind_seat=plan.big_blind_seat,
            mississippi_authorized_by="PHH file" if plan.mississippi else None,
            # a hand already played with one player more than the game seats had the room's authorization
            extra_player_authorized_by="PHH file" if len(seats) > game.variant.max_players else None,
            hand_id=str(hand_name) if isinstance(hand_name, str | int) and not isinstance(hand_name, bool) else "",
        )
    except GameDefinitionError as problem:
        raise reader.fail(f"the game or table it describes is inconsistent: {problem}") from problem
    hand = Hand(setup)
    try:
        for seat, ante in zip(seats, antes, strict=True):
            if ante:
                hand.post_blind(seat, min(ante, setup.stacks[seat]), BlindKind.ANTE)
        hand.post_blinds()
        for seat, amount, kind in plan.straddles:
            if kind is BlindKind.RESTRADDLE:
                # the file records a re-straddle, so every other player agreed to it
                for other in seats:
                    if other != seat:
                        hand.consent_to_restraddle(other, True)
            hand.post_blind(seat, amount, kind, authorized_by="PHH file" if kind is BlindKind.MISSISSIPPI else None)
    except EngineError as problem:
        raise reader.unsupported(f"the forced bets (antes {antes}, blinds_or_straddles {blinds}) cannot be posted: {problem}") from problem
    _ActionReplay(reader, hand, seats).run(reader.require("actions"))
    if "finishing_stacks" in reader.data:
        finishing = reader.integers("finishing_stacks", count)
        final = [hand.stacks[seat] for seat in seats]
        if final != finishing:
            state = "after" if hand.is_complete else f"with the hand unfinished ({hand.phase.value}) after"
            raise PHHMismatchError(f"{reader.source}: the stacks {state} its actions are {final}, but finishing_stacks says {finishing}")
    return hand


def _read_seats(reader: _Reader, count: int) -> list[int]:
    """The table seats of p1..pN: the ``seats`` field, else 1..N (the button is the last player)."""
    if "seats" not in reader.data:
        return list(range(1, count + 1))
    seats = reader.integers("seats", count)
    if len(set(seats)) != count:
        raise reader.fail(f"field 'seats' {seats} names a seat twice")
    ordered = sorted(seats)
    start = ordered.index(seats[-1]) + 1
    if ordered[start:] + ordered[:start] != seats:
        raise reader.unsupported(f"field 'seats' {seats} is not in clockwise order from the first seat left of the button to the button")
    return seats


@dataclasses.dataclass(frozen=True, slots=True)
class _BlindPlan:
    small_blind: int
    big_blind: int
    small_blind_seat: int | None
    big_blind_seat: int
    straddles: tuple[tuple[int, int, BlindKind], ...]
    mississippi: bool


def _blind_plan(reader: _Reader, posted: list[int], seats: list[int]) -> _BlindPlan:
    """Who posts what, from ``blinds_or_straddles`` in player order (heads-up already un-reversed).

    ``[SB, BB, 0...]``: the usual blinds (no small blind if ``SB`` is 0). ``[X, 0, 0...]``: one
    blind, a big blind of ``X`` from p1 with no small blind (the action opens left of it).
    A third entry of twice the big blind is a straddle, a fourth of twice that a re-straddle,
    and twice the big blind on the button a Mississippi straddle (SPEC: exactly 2x each).
    """
    count = len(posted)
    shown = f"blinds_or_straddles {posted if count != 2 else posted[::-1]}"
    if any(amount < 0 for amount in posted):
        raise reader.fail(f"{shown}: a forced bet cannot be negative")
    if count == 2:
        big, small = posted
        if big <= 0:
            raise reader.unsupported(f"{shown}: heads-up, p1 must post the big blind")
        return _BlindPlan(small, big, seats[1] if small else None, seats[0], (), False)
    if posted[0] > 0 and not any(posted[1:]):
        return _BlindPlan(0, posted[0], None, seats[0], (), False)
    small, big = posted[0], posted[1]
    if big <= 0:
        raise reader.unsupported(f"{shown}: p2 posts no big blind and the engine knows no other blind shape")
    straddles: list[tuple[int, int, BlindKind]] = []
    mississippi = False
    for index in range(2, count):
        amount = posted[index]
        if not amount:
            continue
        if index == 2 and amount == 2 * big:
            straddles.append((seats[index], amount, BlindKind.STRADDLE))
        elif index == 3 and straddles and amount == 4 * big:
            straddles.append((seats[index], amount, BlindKind.RESTRADDLE))
        elif index == count - 1 and not straddles and amount == 2 * big:
            straddles.append((seats[index], amount, BlindKind.MISSISSIPPI))
            mississippi = True
        else:
            raise reader.unsupported(
                f"{shown}: p{index + 1} posts {amount}; the engine's straddles are twice the big blind (p3), twice the straddle (p4)"
                " or twice the big blind on the button (SPEC, Blinds, button, straddles)"
            )
    return _BlindPlan(small, big, seats[0] if small else None, seats[1], tuple(straddles), mississippi)


class _ActionReplay:
    """Feeds PHH actions to the engine: hole deals in the engine's order, shows when it takes them."""

    def __init__(self, reader: _Reader, hand: Hand, seats: Sequence[int]) -> None:
        self.reader = reader
        self.hand = hand
        self.seats = list(seats)
        self.to_deal = list(hand.deal_order())
        self.dealt: dict[int, tuple[Card | None, ...]] = {}
        self.deferred: list[tuple[int, str, Event]] = []

    def run(self, actions: Any) -> None:
        if not isinstance(actions, list):
            raise self.reader.fail(f"field 'actions' must be an array of strings, not {actions!r}")
        for index, action in enumerate(actions):
            if not isinstance(action, str):
                raise self.reader.fail(f"actions[{index}] must be a string, not {action!r}")
            self.step(index, action)
        if self.to_deal and self.dealt:
            raise self.reader.fail(f"the hole cards of p{self.seats.index(self.to_deal[0]) + 1} are never dealt")
        for index, action, event in self.deferred:
            self.apply(index, action, event)

    def where(self, index: int, action: str) -> str:
        return f"{self.reader.source}: actions[{index}] {action!r}"

    def step(self, index: int, action: str) -> None:
        words = action.split("#", 1)[0].split()
        if not words:
            return
        where = self.where(index, action)
        if words[0] == "d":
            if words[1:2] == ["dh"] and len(words) == 4:
                seat = self.seat(index, action, words[2])
                if seat in self.dealt or seat not in self.to_deal:
                    label = f"p{self.seats.index(seat) + 1}"
                    raise PHHActionError(f"{where}: {label} already has hole cards", index=index, action=action, seat=seat)
                self.dealt[seat] = self.cards(index, action, words[3])
                while self.to_deal and self.to_deal[0] in self.dealt:
                    seat = self.to_deal.pop(0)
                    self.apply(index, action, HoleCardsDealt(seat=seat, cards=self.dealt[seat]))
                return
            if words[1:2] == ["db"] and len(words) == 3:
                if self.to_deal:
                    raise PHHActionError(f"{where}: the board is dealt before every player's hole cards", index=index, action=action)
                cards = self.cards(index, action, words[2])
                if any(card is None for card in cards):
                    raise self.reader.fail(f"actions[{index}] {action!r}: board cards must be known")
                self.apply(index, action, BoardDealt(cards=tuple(card for card in cards if card is not None)))
                self.flush_deferred()
                return
            raise self.reader.fail(f"actions[{index}] {action!r} is not a PHH dealer action ('d dh pN CARDS' or 'd db CARDS')")
        seat = self.seat(index, action, words[0])
        verb, arguments = (words[1] if len(words) > 1 else ""), words[2:]
        hand = self.hand
        if verb == "f" and not arguments:
            self.apply(index, action, Folded(seat=seat))
        elif verb == "cc" and not arguments:
            if hand.actor is None and hand.phase in (Phase.BOARD, Phase.SHOWDOWN) and not hand.is_folded(seat):
                # pokerkit asks the last player with chips to check when nobody can bet against
                # them; the engine closes that round without asking, so there is nothing to do
                return
            behind = hand.bets.get(seat, 0) >= hand.current_bet
            self.apply(index, action, Checked(seat=seat) if behind else Called(seat=seat))
        elif verb == "cbr" and len(arguments) == 1:
            amount = _as_chips(_number(arguments[0]), lambda message: self.reader.fail(f"actions[{index}] {action!r}: {message}"))
            self.apply(index, action, BetPlaced(seat=seat, amount=amount) if hand.current_bet == 0 else RaisedTo(seat=seat, amount=amount))
        elif verb == "sm" and len(arguments) <= 1:
            self.show(index, action, seat, arguments[0] if arguments else "")
        elif verb in ("sd", "pb"):
            what = "standing pat or discarding (draw games)" if verb == "sd" else "a bring-in (stud games)"
            raise self.reader.unsupported(f"actions[{index}] {action!r}: {what} is not part of {hand.game.name}")
        else:
            raise self.reader.fail(f"actions[{index}] {action!r} is not a PHH action (pN f, pN cc, pN cbr X, pN sm [CARDS])")

    def show(self, index: int, action: str, seat: int, text: str) -> None:
        if text == "-":
            held = self.hand.hole_cards(seat)
            if any(card is None for card in held):
                message = f"{self.where(index, action)}: their hole cards were dealt unseen; name them"
                raise PHHActionError(message, index=index, action=action, seat=seat)
            event: Event = CardsShown(seat=seat, cards=tuple(card for card in held if card is not None))
        else:
            cards = self.cards(index, action, text) if text else ()
            if all(card is None for card in cards):
                # nothing shown: the hand is not tabled, so it cannot win (cards speak only when shown)
                event = Mucked(seat=seat)
            elif any(card is None for card in cards):
                raise self.reader.unsupported(
                    f"actions[{index}] {action!r}: a partly shown hand cannot be evaluated; the engine needs every card"
                )
            else:
                event = CardsShown(seat=seat, cards=tuple(card for card in cards if card is not None))
        hand = self.hand
        if not hand.can(event) and hand.phase is Phase.BOARD:
            # PHH tables the hands of an all-in before the rest of the board; the engine takes a
            # muck only at the showdown, so it waits until the board is out
            self.deferred.append((index, action, event))
            return
        self.apply(index, action, event)

    def flush_deferred(self) -> None:
        waiting, self.deferred = self.deferred, []
        for index, action, event in waiting:
            if self.hand.can(event) or self.hand.phase is not Phase.BOARD:
                self.apply(index, action, event)
            else:
                self.deferred.append((index, action, event))

    def seat(self, index: int, action: str, label: str) -> int:
        match = _PLAYER.fullmatch(label)
        if match is None:
            raise self.reader.fail(f"actions[{index}] {action!r}: {label!r} is not a player (p1..p{len(self.seats)})")
        number = int(match.group(1))
        if number > len(self.seats):
            raise self.reader.fail(f"actions[{index}] {action!r}: there is no {label} in a hand of {len(self.seats)} players")
        return self.seats[number - 1]

    def cards(self, index: int, action: str, text: str) -> tuple[Card | None, ...]:
        if len(text) % 2 or not re.fullmatch(r"(?:[2-9TJQKA?][cdhs?])+", text):
            raise self.reader.fail(
                f"actions[{index}] {action!r}: invalid cards {text!r} (PHH cards are rank then suit, like 'AsTd', '??' unknown)"
            )
        try:
            return parse_cards(text)
        except CardError as problem:
            raise self.reader.fail(f"actions[{index}] {action!r}: {problem}") from problem

    def apply(self, index: int, action: str, event: Event) -> None:
        try:
            self.hand.apply(event)
        except EngineError as problem:
            raise PHHActionError(
                f"{self.where(index, action)}: {problem}", index=index, action=action, seat=getattr(event, "seat", None)
            ) from problem


def _number(text: str) -> int | float | str:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


__all__ = [
    "EXTENDED_OMAHA_CODES",
    "FIELD_PREFIX",
    "FORMAT_VERSION",
    "PHHActionError",
    "PHHError",
    "PHHFormatError",
    "PHHMismatchError",
    "PHHUnsupportedError",
    "PHH_VARIANTS",
    "STANDARD_OMAHA_CODES",
    "export_phh",
    "import_phh",
    "is_standard_phh",
    "load_phh",
    "phh_variant_code",
]
