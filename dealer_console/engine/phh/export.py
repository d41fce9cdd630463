"""PHH export: the text of a finished or misdealt hand, standard fields first, then the
``_dealer_console_*`` fields from which :func:`~.importer.import_phh` rebuilds the identical hand."""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping
from typing import Any

from dealer_console.engine.events import event_to_dict
from dealer_console.engine.hand import Hand
from dealer_console.engine.phh.errors import PHHError
from dealer_console.engine.phh.notation import (
    FIELD_PREFIX,
    FORMAT_VERSION,
    in_player_order,
    standard_fields,
)
from dealer_console.engine.phh.standardness import nonstandard_reasons

__all__ = ["export_phh", "is_standard_phh"]


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def is_standard_phh(hand: Hand) -> bool:
    """True when the standard fields alone describe the hand, so any PHH reader replays it to the same stacks.

    That needs a game PHH defines (``PO``, ``FO/8``) and nothing it lacks or reads otherwise:
    see :func:`~.standardness.nonstandard_reasons` (docs/phh.md, What other PHH readers can replay).
    """
    return not nonstandard_reasons(hand)


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
    fields = standard_fields(hand)
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
    fields["finishing_stacks"] = in_player_order(hand, hand.stacks)
    if hand.result is not None:
        fields["winnings"] = in_player_order(hand, hand.result.winnings)
    if currency is not None:
        fields["currency"] = currency
    reasons = nonstandard_reasons(hand)
    fields.update(_dealer_console_fields(hand, reasons))
    head = ""
    if reasons:
        # the mark a reader sees first: a standard reader would replay another hand from the standard fields
        head = ("# Not standard PHH: a PHH reader would replay another hand from the standard fields alone ("
                + "; ".join(reasons) + "). The _dealer_console_ fields hold the exact hand.\n")
    return head + _dumps_toml(fields)


def _dealer_console_fields(hand: Hand, reasons: tuple[str, ...]) -> dict[str, Any]:
    """The user-defined fields: the standard mark, the whole set-up and every event, as plain data."""
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
        **({FIELD_PREFIX + "standard": False, FIELD_PREFIX + "nonstandard": list(reasons)} if reasons else {}),
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
