"""Chips by denomination in the sensor protocol (``drivers/PROTOCOL.md``, Amounts): ``<denomination>x<count>`` groups
joined by ``;``, largest denomination first, each denomination once, adding up to the amount.

An empty chips field means "no chips", so it goes only with an amount of 0; no chips field at all means "the sensor
does not know the chips". The decoder refuses every break of these rules (a ``ValueError``, reported as a malformed
frame); the encoder refuses to send one (:class:`~drivers.errors.ProtocolError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drivers.errors import ProtocolError

__all__ = ["ChipCount", "chip_rule_broken", "format_chips", "parse_chips"]

_INT = re.compile(r"[0-9]{1,9}\Z")
MAX_CHIP_COUNT = 9999


@dataclass(frozen=True, slots=True)
class ChipCount:
    """``count`` chips of ``denomination`` (in the table's money unit)."""

    denomination: int
    count: int


def chip_rule_broken(chips: tuple[ChipCount, ...], amount: int) -> str | None:
    """Which rule of PROTOCOL.md, Amounts, ``chips`` for ``amount`` breaks (``None``: none)."""
    seen: set[int] = set()
    for before, chip in zip((None, *chips), chips, strict=False):
        if chip.denomination in seen:
            return f"denomination {chip.denomination} is given twice"
        seen.add(chip.denomination)
        if before is not None and chip.denomination > before.denomination:
            return f"denomination {chip.denomination} follows {before.denomination}: chips go largest first"
    total = sum(chip.denomination * chip.count for chip in chips)
    if total != amount:
        return f"an amount of {amount} with no chips" if not chips else f"chips of {total} do not add up to {amount}"
    return None


def format_chips(chips: tuple[ChipCount, ...] | None, amount: int) -> list[str]:
    """The chips field of a frame (none when the sensor does not know the chips); raises :class:`ProtocolError`."""
    if chips is None:
        return []
    parts = []
    for chip in chips:
        for value, name, high in ((chip.denomination, "chip denomination", 999_999_999), (chip.count, "chip count", MAX_CHIP_COUNT)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
                raise ProtocolError(f"{name} {value!r} must be a whole number in 1..{high}")
        parts.append(f"{chip.denomination}x{chip.count}")
    broken = chip_rule_broken(chips, amount)
    if broken is not None:
        raise ProtocolError(f"chips {';'.join(parts)!r}: {broken}")
    return [";".join(parts)]


def _whole(raw: str, name: str, high: int) -> int:
    if not _INT.match(raw):
        raise ValueError(f"{name} {raw!r} is not a whole number")
    value = int(raw)
    if not 1 <= value <= high:
        raise ValueError(f"{name} {value} is outside 1..{high}")
    return value


def parse_chips(fields: list[str], amount: int) -> tuple[ChipCount, ...] | None:
    """The chips of a frame's remaining fields for ``amount``; raises ``ValueError`` naming the rule broken."""
    if not fields:
        return None
    if len(fields) > 1:
        raise ValueError("too many fields after the chips")
    chips = []
    for part in fields[0].split(";") if fields[0] else ():
        denomination, x, count = part.partition("x")
        if not x:
            raise ValueError(f"chip group {part!r} is not <denomination>x<count>")
        chips.append(ChipCount(_whole(denomination, "chip denomination", 999_999_999), _whole(count, "chip count", MAX_CHIP_COUNT)))
    broken = chip_rule_broken(tuple(chips), amount)
    if broken is not None:
        raise ValueError(f"chips {fields[0]!r}: {broken}")
    return tuple(chips)
