"""Typed access to a parsed PHH document: every complaint names the source and the field."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from dealer_console.engine.phh.errors import PHHError, PHHFormatError, PHHUnsupportedError

__all__ = ["FieldReader", "as_chips"]


class FieldReader:
    """Typed access to a parsed PHH table; every complaint names the source and the field."""

    def __init__(self, data: Mapping[str, Any], source: str) -> None:
        self.data = data
        self.source = source

    def fail(self, message: str) -> PHHFormatError:
        """A format error naming the source."""
        return PHHFormatError(f"{self.source}: {message}")

    def unsupported(self, message: str) -> PHHUnsupportedError:
        """An error for valid PHH the engine cannot play, naming the source."""
        return PHHUnsupportedError(f"{self.source}: {message}")

    def require(self, key: str, why: str = "") -> Any:
        """The value of field ``key``; a format error if it is missing (``why`` says why it is needed)."""
        if key not in self.data:
            raise self.fail(f"missing required field {key!r}{why}")
        return self.data[key]

    def table(self, key: str) -> FieldReader:
        """A reader of the sub-table ``key``."""
        value = self.require(key)
        if not isinstance(value, dict):
            raise self.fail(f"field {key!r} must be a table, not {value!r}")
        return FieldReader(value, f"{self.source}: {key}")

    def integer(self, key: str, value: Any = None, *, where: str | None = None) -> int:
        """Field ``key`` (or ``value`` read for it) as whole chips; ``where`` names it in a complaint."""
        value = self.require(key) if value is None else value
        return as_chips(value, lambda message: self.fail(f"field {where or key!r}: {message}"))

    def optional_integer(self, key: str) -> int | None:
        """Field ``key`` as whole chips, or ``None`` when absent."""
        return None if key not in self.data else self.integer(key)

    def integers(self, key: str, count: int | None = None) -> list[int]:
        """Field ``key`` as a list of whole chips, of ``count`` entries when given."""
        value = self.require(key)
        if not isinstance(value, list):
            raise self.fail(f"field {key!r} must be an array of numbers, not {value!r}")
        if count is not None and len(value) != count:
            raise self.fail(f"field {key!r} has {len(value)} entries; there are {count} players")
        return [self.integer(key, item, where=f"{key}[{index}]") for index, item in enumerate(value)]

    def string(self, key: str) -> str:
        """Field ``key``, which must be a string."""
        value = self.require(key)
        if not isinstance(value, str):
            raise self.fail(f"field {key!r} must be a string, not {value!r}")
        return value

    def boolean(self, key: str) -> bool:
        """Field ``key``, which must be true or false."""
        value = self.require(key)
        if not isinstance(value, bool):
            raise self.fail(f"field {key!r} must be true or false, not {value!r}")
        return value


def as_chips(value: Any, fail: Callable[[str], PHHError]) -> int:
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
