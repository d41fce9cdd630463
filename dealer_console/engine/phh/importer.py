"""PHH import: :func:`import_phh` and :func:`load_phh`.

A file written by :func:`~.export.export_phh` is rebuilt here from its ``_dealer_console_*``
set-up and events and checked against its own standard fields; any other file of an Omaha game
is replayed action by action (:mod:`.standard_replay`)."""

from __future__ import annotations

import dataclasses
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from dealer_console.engine.errors import CardError, EngineError, GameDefinitionError
from dealer_console.engine.events import Event, event_from_dict
from dealer_console.engine.games import VARIANTS, Game, HouseRules, MississippiPreflopOrder, Rake, Stakes, StraddlePrecedence, Structure, Variant
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.phh.chip_scale import find_chip_scale, parse_chip_scale, scale_amounts
from dealer_console.engine.phh.errors import PHHActionError, PHHError, PHHFormatError, PHHMismatchError
from dealer_console.engine.phh.fields import FieldReader
from dealer_console.engine.phh.notation import FIELD_PREFIX, FORMAT_VERSION, in_player_order, standard_fields
from dealer_console.engine.phh.standard_replay import replay_standard

__all__ = ["import_phh", "load_phh"]


def load_phh(path: str | Path, *, house: HouseRules | None = None, chip_scale: str | Fraction | None = None) -> Hand:
    """Read a ``.phh`` file (see :func:`import_phh`); errors name the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as problem:
        raise PHHFormatError(f"{path.name}: not a PHH file: not UTF-8 text ({problem.reason})") from problem
    except OSError as problem:
        raise PHHFormatError(f"{path.name}: cannot be read: {problem.strerror or problem}") from problem
    return import_phh(text, house=house, source=path.name, chip_scale=chip_scale)


def import_phh(text: str, *, house: HouseRules | None = None, source: str = "PHH", chip_scale: str | Fraction | None = None) -> Hand:
    """The hand of a PHH text.

    A file written by :func:`export_phh` is rebuilt from its recorded events (``house`` is then
    ignored: the file carries the house rules the hand was played under) and must agree with
    its own standard fields. Any other file of an Omaha game is replayed action by action with
    ``house`` (default :class:`HouseRules`), every action checked by the engine's rules; when it
    has ``finishing_stacks``, the replay must end with exactly those stacks. Its amounts may be
    fractional (``0.25``): they are counted in chips of ``chip_scale`` (``"0.25"``; by default the
    largest chip that makes every amount whole), recorded as the hand's ``chip_scale``; a scale that
    leaves an amount fractional is refused (:mod:`.chip_scale`).

    Raises only :class:`PHHError` (its message starts with ``source``): what the engine refuses while the hand is set up
    or replayed (a seat not dealt in, a game it cannot define) is a :class:`PHHFormatError` naming the file.
    """
    try:
        return _import(text, house=house, source=source, chip_scale=chip_scale)
    except PHHError:
        raise
    except (EngineError, ValueError, TypeError, LookupError, ArithmeticError, RecursionError) as problem:
        raise PHHFormatError(f"{source}: not a hand this program can read: {problem}") from problem


def _import(text: str, *, house: HouseRules | None, source: str, chip_scale: str | Fraction | None = None) -> Hand:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise PHHFormatError(f"{source}: not a PHH file: invalid TOML ({problem})") from problem
    reader = FieldReader(data, source)
    scale = None if chip_scale is None else parse_chip_scale(chip_scale, source)
    if FIELD_PREFIX + "events" in data or FIELD_PREFIX + "format" in data:
        if scale is not None and scale != 1:
            raise PHHFormatError(f"{source}: a file written by this program is in whole chips already; a chip scale does not apply")
        hand = _rebuild(reader)
        _check_against_standard_fields(reader, hand)
        return hand
    scale = find_chip_scale(data) if scale is None else scale
    hand = replay_standard(FieldReader(scale_amounts(data, scale, source), source), house or HouseRules())
    hand.chip_scale = scale
    return hand


_EVENT_FIELD_TYPES: dict[str, type] = {
    "seat": int, "amount": int, "runs": int, "target": int, "board": int, "run": int,
    "agrees": bool, "reason": str, "by": str, "authorized_by": str, "cards": str, "card": str, "blind": str,
}


def _rebuild(reader: FieldReader) -> Hand:
    """The hand of a file written by :func:`export_phh`, from its set-up and events."""
    version = reader.integer(FIELD_PREFIX + "format")
    if version > FORMAT_VERSION:
        raise reader.unsupported(f"{FIELD_PREFIX}format {version} is newer than this program reads ({FORMAT_VERSION})")
    setup = _read_setup(reader)
    raw_events = reader.require(FIELD_PREFIX + "events")
    if not isinstance(raw_events, list):
        raise reader.fail(f"field {FIELD_PREFIX + 'events'!r} must be an array of tables")
    try:
        hand = Hand(setup)
    except EngineError as problem:
        raise reader.fail(f"the recorded set-up is inconsistent: {problem}") from problem
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


def _read_event(reader: FieldReader, index: int, raw: Any) -> Event:
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


def _read_setup(reader: FieldReader) -> HandSetup:
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


def _enum(reader: FieldReader, key: str, kind: type[_Choice]) -> _Choice:
    value = reader.string(key)
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise reader.fail(f"field {key!r} is {value!r}; expected one of {choices}") from None


def _read_optional_seat(reader: FieldReader, key: str) -> int | None:
    value = reader.require(key)
    if value == "none":
        return None
    return reader.integer(key)


def _check_against_standard_fields(reader: FieldReader, hand: Hand) -> None:
    """A file of ours must say the same in its standard fields as its events do."""
    expected = standard_fields(hand)
    expected["seats"] = list(hand.seats)
    if hand.is_complete:
        expected["finishing_stacks"] = in_player_order(hand, hand.stacks)
    for key, value in expected.items():
        if key not in reader.data:
            raise reader.fail(f"missing required field {key!r}")
        found = reader.data[key]
        if found != value:
            raise PHHMismatchError(
                f"{reader.source}: field {key!r} is {found!r} but the hand rebuilt from {FIELD_PREFIX}events gives {value!r}"
            )
