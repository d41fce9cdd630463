"""Plain data for what the store keeps: canonical JSON, hand set-ups, table configurations and records.

The engine's hand events have their own plain form (:func:`~dealer_console.engine.events.event_to_dict`);
everything else the store writes (a :class:`~dealer_console.engine.hand.HandSetup`, a
:class:`~dealer_console.engine.table_config.TableConfig`, the table's records with their
:class:`~dealer_console.engine.table_events.HandPlan`, the store's own floor records) is a frozen
dataclass, turned into JSON-ready data by :func:`to_data` and back by :func:`from_data`, which reads
the dataclass's type hints. The engine stays free of the store: these (de)serialisers live here.

Enums are stored by value, cards as text (``"As"``, ``None`` for an unseen card), datetimes as ISO
8601 text, mappings as JSON objects (keys as text, read back with the key type of the hint).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

from dealer_console.engine.cards import Card, parse_card
from dealer_console.engine.events import EVENT_TYPES, Event, event_from_dict, event_to_dict
from dealer_console.engine.table_events import TableEvent

T = TypeVar("T")


def canonical_json(value: Any) -> str:
    """The one text for a value: sorted keys, no spaces, UTF-8 characters kept, no NaN."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def utc_text(moment: datetime) -> str:
    """A moment as ISO 8601 UTC text with microseconds (a naive moment is taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def to_data(value: Any) -> Any:
    """JSON-ready data for a dataclass (recursively), an enum, a card, a datetime or a container."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {item.name: to_data(getattr(value, item.name)) for item in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): to_data(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [to_data(item) for item in value]
    raise TypeError(f"cannot store a {type(value).__name__}: {value!r}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_data(hint: Any, data: Any) -> Any:
    """The value of type ``hint`` that :func:`to_data` turned into ``data``."""
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        errors: list[str] = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_data(option, data)
            except (TypeError, ValueError, KeyError) as error:
                errors.append(str(error))
        raise TypeError(f"{data!r} fits none of {hint}: {'; '.join(errors)}")
    if origin is tuple:
        args = get_args(hint)
        _expect(data, list, hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], item) for item in data)
        if len(args) != len(data):
            raise TypeError(f"{data!r} does not have the {len(args)} items of {hint}")
        return tuple(from_data(arg, item) for arg, item in zip(args, data, strict=True))
    if origin is list:
        _expect(data, list, hint)
        return [from_data(get_args(hint)[0], item) for item in data]
    if origin in (dict, Mapping) or (isinstance(origin, type) and issubclass(origin, Mapping)):
        key_type, value_type = get_args(hint)
        _expect(data, dict, hint)
        pairs = [(_key(key_type, key), from_data(value_type, item)) for key, item in data.items()]
        if key_type in (int, float):
            pairs.sort(key=lambda pair: pair[0])
        return dict(pairs)
    if hint is Any:
        return data
    if hint is Card:
        _expect(data, str, hint)
        card = parse_card(data)
        if card is None:
            raise ValueError(f"{data!r} is not a known card")
        return card
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return hint(data)
        if dataclasses.is_dataclass(hint):
            _expect(data, dict, hint)
            hints = _hints(hint)
            values = {
                item.name: from_data(hints[item.name], data[item.name])
                for item in dataclasses.fields(hint)
                if item.init and item.name in data
            }
            return hint(**values)
        if hint is datetime:
            _expect(data, str, hint)
            return datetime.fromisoformat(data)
        if hint is bool:
            _expect(data, bool, hint)
            return data
        if hint is int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise TypeError(f"{data!r} is not an integer")
            return data
        if hint is float:
            if isinstance(data, bool) or not isinstance(data, int | float):
                raise TypeError(f"{data!r} is not a number")
            return float(data)
        if hint is str:
            _expect(data, str, hint)
            return data
    raise TypeError(f"cannot read a {hint} from stored data")


def _key(hint: Any, text: str) -> Any:
    # JSON object keys are text; a mapping's keys are read back as the hint's type
    if hint is int:
        return int(text)
    if hint is float:
        return float(text)
    return from_data(hint, text)


def _expect(data: Any, kind: type, hint: Any) -> None:
    if not isinstance(data, kind):
        raise TypeError(f"expected {kind.__name__} for {hint}, found {data!r}")


def decode(cls: type[T], data: Any) -> T:
    """A dataclass of type ``cls`` from its stored data."""
    value: T = from_data(cls, data)
    return value


# ---------------------------------------------------------------------------- records


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StoreRecord:
    """Base of the store's own records (table opened, hand opened or closed, ruling, flag, reading)."""

    kind: typing.ClassVar[str] = "store_record"


def _all_subclasses(cls: type[T]) -> list[type[T]]:
    found: list[type[T]] = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_all_subclasses(sub))
    return found


def table_event_types() -> dict[str, type[TableEvent]]:
    """The table engine's records by kind (every subclass of ``TableEvent``)."""
    return {cls.kind: cls for cls in _all_subclasses(TableEvent)}


def store_record_types() -> dict[str, type[StoreRecord]]:
    """The store's own records by kind."""
    return {cls.kind: cls for cls in _all_subclasses(StoreRecord)}


Record = Event | TableEvent | StoreRecord
"""Anything the store appends to a table's log."""


def record_kind(record: Record) -> str:
    """The stable kind name of a record."""
    return record.kind


def record_payload(record: Record) -> dict[str, Any]:
    """The stored payload of a record (its plain data, without the kind, which has its own column)."""
    if isinstance(record, Event):
        data = event_to_dict(record)
        data.pop("kind", None)
        return data
    data = to_data(record)
    assert isinstance(data, dict)
    return data


def is_hand_event_kind(kind: str) -> bool:
    """True for the kinds of the engine's hand events (the ones a ``Hand`` replays)."""
    return kind in EVENT_TYPES


def record_from_payload(kind: str, payload: Mapping[str, Any]) -> Record:
    """The record of ``kind`` stored with ``payload``."""
    if kind in EVENT_TYPES:
        return event_from_dict({**payload, "kind": kind})
    table_types = table_event_types()
    if kind in table_types:
        return decode(table_types[kind], dict(payload))
    store_types = store_record_types()
    if kind in store_types:
        return decode(store_types[kind], dict(payload))
    raise ValueError(f"unknown record kind {kind!r}")


__all__ = [
    "Record", "StoreRecord", "canonical_json", "decode", "from_data", "is_hand_event_kind", "record_from_payload",
    "record_kind", "record_payload", "store_record_types", "table_event_types", "to_data", "utc_text",
]
