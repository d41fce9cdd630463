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

from dealer_console.ui.sentences import translate_in
from dealer_console.ui.translation import QT_TRANSLATE_NOOP

__all__ = ["EVENT_FIELDS", "EVENT_KINDS", "describe_event"]

EVENT_KINDS = (
    QT_TRANSLATE_NOOP("EventKind", "table_event"), QT_TRANSLATE_NOOP("EventKind", "seated"), QT_TRANSLATE_NOOP("EventKind", "add_on"),
    QT_TRANSLATE_NOOP("EventKind", "cash_out"), QT_TRANSLATE_NOOP("EventKind", "sit_out"), QT_TRANSLATE_NOOP("EventKind", "come_back"),
    QT_TRANSLATE_NOOP("EventKind", "leave"), QT_TRANSLATE_NOOP("EventKind", "choices"), QT_TRANSLATE_NOOP("EventKind", "agreements"),
    QT_TRANSLATE_NOOP("EventKind", "button"), QT_TRANSLATE_NOOP("EventKind", "hand_started"),
    QT_TRANSLATE_NOOP("EventKind", "hand_finished"), QT_TRANSLATE_NOOP("EventKind", "hand_misdealt"),
    QT_TRANSLATE_NOOP("EventKind", "blind"), QT_TRANSLATE_NOOP("EventKind", "restraddle_consent"), QT_TRANSLATE_NOOP("EventKind", "hole"),
    QT_TRANSLATE_NOOP("EventKind", "burn"), QT_TRANSLATE_NOOP("EventKind", "board"), QT_TRANSLATE_NOOP("EventKind", "fold"),
    QT_TRANSLATE_NOOP("EventKind", "check"), QT_TRANSLATE_NOOP("EventKind", "call"), QT_TRANSLATE_NOOP("EventKind", "bet"),
    QT_TRANSLATE_NOOP("EventKind", "raise"), QT_TRANSLATE_NOOP("EventKind", "all_in"), QT_TRANSLATE_NOOP("EventKind", "discard"),
    QT_TRANSLATE_NOOP("EventKind", "runs"), QT_TRANSLATE_NOOP("EventKind", "show"), QT_TRANSLATE_NOOP("EventKind", "muck"),
    QT_TRANSLATE_NOOP("EventKind", "misdeal"), QT_TRANSLATE_NOOP("EventKind", "void"), QT_TRANSLATE_NOOP("EventKind", "staff_recovered"),
    QT_TRANSLATE_NOOP("EventKind", "table_opened"), QT_TRANSLATE_NOOP("EventKind", "hand_opened"),
    QT_TRANSLATE_NOOP("EventKind", "hand_closed"), QT_TRANSLATE_NOOP("EventKind", "ruling"), QT_TRANSLATE_NOOP("EventKind", "flag"),
    QT_TRANSLATE_NOOP("EventKind", "reading"), QT_TRANSLATE_NOOP("EventKind", "house_settings"),
    QT_TRANSLATE_NOOP("EventKind", "correction"),
)
"""Every kind of record the store keeps (the engine's events, the table's and the floor's records)."""

EVENT_FIELDS = (
    QT_TRANSLATE_NOOP("EventField", "agreements"), QT_TRANSLATE_NOOP("EventField", "agrees"), QT_TRANSLATE_NOOP("EventField", "amount"),
    QT_TRANSLATE_NOOP("EventField", "applied"), QT_TRANSLATE_NOOP("EventField", "authorized_by"), QT_TRANSLATE_NOOP("EventField", "blind"),
    QT_TRANSLATE_NOOP("EventField", "board"), QT_TRANSLATE_NOOP("EventField", "buy_in"), QT_TRANSLATE_NOOP("EventField", "by"),
    QT_TRANSLATE_NOOP("EventField", "card"), QT_TRANSLATE_NOOP("EventField", "cards"), QT_TRANSLATE_NOOP("EventField", "cashed_out"),
    QT_TRANSLATE_NOOP("EventField", "changes"), QT_TRANSLATE_NOOP("EventField", "choices"), QT_TRANSLATE_NOOP("EventField", "confidence"),
    QT_TRANSLATE_NOOP("EventField", "decision"), QT_TRANSLATE_NOOP("EventField", "disputed_amount"),
    QT_TRANSLATE_NOOP("EventField", "final_stacks"), QT_TRANSLATE_NOOP("EventField", "floor_manager"),
    QT_TRANSLATE_NOOP("EventField", "hand_number"), QT_TRANSLATE_NOOP("EventField", "jackpot"), QT_TRANSLATE_NOOP("EventField", "late"),
    QT_TRANSLATE_NOOP("EventField", "name"), QT_TRANSLATE_NOOP("EventField", "number"), QT_TRANSLATE_NOOP("EventField", "player"),
    QT_TRANSLATE_NOOP("EventField", "players"), QT_TRANSLATE_NOOP("EventField", "pot_held"), QT_TRANSLATE_NOOP("EventField", "pot_total"),
    QT_TRANSLATE_NOOP("EventField", "rake"), QT_TRANSLATE_NOOP("EventField", "reason"), QT_TRANSLATE_NOOP("EventField", "replacement"),
    QT_TRANSLATE_NOOP("EventField", "reportable"), QT_TRANSLATE_NOOP("EventField", "rule"), QT_TRANSLATE_NOOP("EventField", "run"),
    QT_TRANSLATE_NOOP("EventField", "runs"), QT_TRANSLATE_NOOP("EventField", "seat"), QT_TRANSLATE_NOOP("EventField", "status"),
    QT_TRANSLATE_NOOP("EventField", "subject"), QT_TRANSLATE_NOOP("EventField", "target"), QT_TRANSLATE_NOOP("EventField", "target_seq"),
    QT_TRANSLATE_NOOP("EventField", "value"),
)
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
