"""A stored event in the review's words, in the screen's language.

The floor's review names each event as its kind and its non-empty fields (``floor.review.describe_payload``:
``"blind amount=1, blind=small blind, seat=3"``). The review window shows the same line with the kind, the field
names and the values it knows (a blind's kind, yes and no) translated; cards, numbers and free text stay as they are.
In English the line is the floor's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication

from dealer_console.ui.sentence_words import WORDS
from dealer_console.ui.sentences import translate_in
from dealer_console.ui.translation import QT_TRANSLATE_NOOP

__all__ = ["EVENT_FIELDS", "EVENT_KINDS", "describe_event"]

EVENT_KINDS = WORDS["EventKind"]
"""Every kind of record the store keeps (the engine's events, the table's and the floor's records)."""
EVENT_FIELDS = WORDS["EventField"]
"""The fields of those records."""

_VALUES = (QT_TRANSLATE_NOOP("EventValue", "True"), QT_TRANSLATE_NOOP("EventValue", "False"))
_LINE = (QT_TRANSLATE_NOOP("Event", "{kind} {fields}"), QT_TRANSLATE_NOOP("Event", "{field}={value}"))
_LEFT_OUT = ("setup", "plan", "config")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return QCoreApplication.translate("EventValue", str(value))
    if isinstance(value, list) and all(isinstance(item, str) or item is None for item in value):
        return " ".join("??" if item is None else item for item in value)
    return translate_in("Blind", value) if isinstance(value, str) else str(value)


def describe_event(kind: str, payload: Mapping[str, Any]) -> str:
    """One line for a stored event: its kind and its non-empty fields (nested set-ups left out), in the screen's language."""
    fields = [
        QCoreApplication.translate("Event", "{field}={value}").format(field=QCoreApplication.translate("EventField", key), value=_value(value))
        for key, value in payload.items()
        if value not in (None, "", (), []) and key not in _LEFT_OUT
    ]
    name = QCoreApplication.translate("EventKind", kind)
    return QCoreApplication.translate("Event", "{kind} {fields}").format(kind=name, fields=", ".join(fields)) if fields else name
