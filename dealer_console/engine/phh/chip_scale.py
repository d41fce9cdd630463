"""Fractional PHH amounts as whole chips: a chip scale (the money one chip stands for).

PHH allows amounts such as ``0.25``; the engine counts whole chips. A file whose amounts are not
whole is read with a chip scale: given by the caller, or found (the largest unit of which every
amount is a whole number, ``1 / lcm`` of the amounts' denominators). Every amount is divided by
the scale, the hand is played in chips, and the scale is recorded on the hand
(:attr:`~dealer_console.engine.hand.Hand.chip_scale`). A scale that leaves an amount fractional is
refused, naming the field and the amount.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from dealer_console.engine.phh.errors import PHHFormatError

__all__ = ["AMOUNT_FIELDS", "find_chip_scale", "parse_chip_scale", "scale_amounts"]

AMOUNT_FIELDS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings", "min_bet", "small_bet",
                 "big_bet", "bring_in")
"""The standard fields that hold amounts (a number or an array of numbers)."""

_BET = re.compile(r"^(?P<head>p\d+\s+cbr\s+)(?P<amount>\S+)(?P<tail>\s*(#.*)?)$")


def parse_chip_scale(value: str | Fraction | int | float, source: str) -> Fraction:
    """A chip scale from the dealer's or the caller's text (``"0.25"``, ``"1/4"``); positive, finite."""
    try:
        scale = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError) as problem:
        raise PHHFormatError(f"{source}: chip scale {value!r} is not a number such as 0.25 or 1/4") from problem
    if scale <= 0:
        raise PHHFormatError(f"{source}: chip scale {value!r} must be more than zero")
    return scale


def _amounts(data: Mapping[str, Any]) -> Iterator[tuple[str, Fraction]]:
    """Every amount of the standard fields and of the ``cbr`` actions, with where it is."""
    for key in AMOUNT_FIELDS:
        value = data.get(key)
        items = value if isinstance(value, list) else [value] if value is not None else []
        for index, item in enumerate(items):
            if isinstance(item, int | float) and not isinstance(item, bool) and math.isfinite(item):
                yield (f"{key}[{index}]" if isinstance(value, list) else key), Fraction(repr(item))
    actions = data.get("actions")
    for index, action in enumerate(actions if isinstance(actions, list) else []):
        match = _BET.match(action) if isinstance(action, str) else None
        if match is not None:
            try:
                yield f"actions[{index}]", Fraction(match.group("amount"))
            except ValueError:
                continue  # not a number: the replay names it


def find_chip_scale(data: Mapping[str, Any]) -> Fraction:
    """The largest chip that makes every amount whole (1 for a file already in whole chips)."""
    denominators = [amount.denominator for _, amount in _amounts(data)]
    return Fraction(1, math.lcm(*denominators)) if denominators else Fraction(1)


def scale_amounts(data: Mapping[str, Any], scale: Fraction, source: str) -> dict[str, Any]:
    """A copy of the document with every amount in chips of ``scale``; refused if one is not whole."""
    for where, amount in _amounts(data):
        in_chips = amount / scale
        if in_chips.denominator != 1:
            raise PHHFormatError(
                f"{source}: chip scale {_text(scale)} does not make every amount whole: {where} {_text(amount)} would be"
                f" {float(in_chips):g} chips (a scale that does: {_text(find_chip_scale(data))})"
            )
    if scale == 1:
        return dict(data)

    def chips(item: Any) -> Any:
        if isinstance(item, int | float) and not isinstance(item, bool) and math.isfinite(item):
            return int(Fraction(repr(item)) / scale)
        return item

    scaled = dict(data)
    for key in AMOUNT_FIELDS:
        if key in scaled:
            value = scaled[key]
            scaled[key] = [chips(item) for item in value] if isinstance(value, list) else chips(value)
    if isinstance(scaled.get("actions"), list):
        scaled["actions"] = [_scaled_action(action, scale) for action in scaled["actions"]]
    return scaled


def _scaled_action(action: Any, scale: Fraction) -> Any:
    match = _BET.match(action) if isinstance(action, str) else None
    if match is None:
        return action
    try:
        amount = Fraction(match.group("amount"))
    except ValueError:
        return action
    return f"{match.group('head')}{int(amount / scale)}{match.group('tail')}"


def _text(value: Fraction) -> str:
    """A scale or amount as a person writes it: ``0.25``, ``1/3`` when it has no short decimal."""
    decimal = float(value)
    return f"{decimal:g}" if Fraction(repr(decimal)) == value else f"{value.numerator}/{value.denominator}"
