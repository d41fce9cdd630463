"""The rules engine's, the running table's and the floor's sentences in the screen's language.

The engine and ``live/`` have no Qt and keep their English API: a refusal, a notice or a result line
is an English sentence built from a fixed template ("Seat 4 cannot fold: they discarded this round",
"Main pot (run 1): 101 to seat 5 (101) with Two Pair, Aces and Kings"). ``sentence_templates`` holds those
templates, each marked for ``pyside6-lupdate`` in the context that says what it is (a whole sentence,
a reason, a verb, a hand's name...). :func:`translate_sentence` recognises a sentence by its template
and fills the template's translation with its parts, each translated in turn by what its field names:
numbers, seats, cards and people's names stay as they are; a reason, a verb, a street, a hand or a rank
is translated in its own context (Russian needs a rank in four forms: "тузы", "тузов", "туз", "туза").
A sentence that no template matches is shown as it is; the test over the screen's states fails on it.
Templates with a count (``%n``) are translated with the count, so Russian gets its plural forms.
"""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QCoreApplication

from dealer_console.engine.games import VARIANTS
from dealer_console.ui.sentence_templates import TEMPLATES, Counted
from dealer_console.ui.sentence_words import WORDS
from dealer_console.ui.translation import VALUE_WORDS

__all__ = ["game_name", "game_title", "translate_in", "translate_sentence"]

_KEPT = {
    "secs": r"[\d.]+",
    "raw": r".+?",
    "hash": r"[0-9a-f]+",
    "time": r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d",
    "numbers": r"\d+(?: \d+)*",
    "seat": r"\d+",
    "name": r".+?",
    "quoted": r"'.*?'|\".*?\"",
    "version": r"\S+",
    "amount": r"-?\d+",
    "n": r"\d+",
    "seats": r"\d+(?:, \d+)*",
    "card": r"\S+",
    "cards": r"\S+(?: \S+)*",
    "text": r".+",
}
"""Fields shown as they are, and what they look like (``text``: a message of another part, itself translated)."""
_CONTEXT_OF = {
    "who": "Who",
    "verb": "Verb",
    "why": "Reason",
    "blind": "Blind",
    "street": "Street",
    "pot": "Pot",
    "hand": "Hand",
    "structure": "Structure",
    "variant": "Variant",
    "rank": "Rank",
    "rank_gen": "RankGenitive",
    "ranks": "RankPlural",
    "ranks_gen": "RankPluralGenitive",
    "chips": "Chips",
    "action": "Action",
    "place": "Place",
    "role": "BoardRole",
    "street_run": "StreetRun",
    "zone": "Zone",
    "note": "Note",
    "unread": "Unread",
    "mode": "CameraMode",
    "status": "CameraStatus",
    "board_state": "BoardChange",
    "typed": "Typed",
    "doing": "Doing",
    "kind": "EventKind",
    "phase": "Phase",
    "closed": "Closed",
    "audit": "Audit",
}
"""The context each other field is translated in (a word of it, or one of its templates)."""
_LISTS = {"where": (", ", "Where"), "winners": (" and ", "Winner")}
"""Fields that are a list of parts: the separator and the parts' context."""
_FIELD = re.compile(r"\{([a-z_]+?)(\d?)\}|%n")


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts, end = [], 0
    for match in _FIELD.finditer(template):
        parts.append(re.escape(template[end : match.start()]))
        if match.group(0) == "%n":
            parts.append(r"(?P<count>\d+)")
        else:
            kind, digit = match.group(1), match.group(2)
            parts.append(f"(?P<{kind}{digit}>{_KEPT.get(kind, '.+?')})")
        end = match.end()
    parts.append(re.escape(template[end:]))
    return re.compile("".join(parts) + r"\Z", re.S)


def _templates(context: str) -> list[tuple[str, str, bool]]:
    found = [(context, template, False) for template in TEMPLATES.get(context, ())]
    found += [(Counted.CONTEXT, template, True) for template, home in Counted.TEMPLATES.items() if home == context]
    return found


def _part(field: str, value: str) -> str | None:
    """A part of a sentence translated as its field says; ``None`` when it should be translated and is not."""
    kind = field.rstrip("0123456789")
    if kind == "text":
        return translate_sentence(value)
    if kind in _KEPT:
        return value
    if kind == "stacks":  # "seat 1 100 seat 3 95"
        items = re.findall(r"seat \d+ -?\d+", value)
        parts = [_match("Stack", item) for item in items]
    elif kind in _LISTS:
        separator, context = _LISTS[kind]
        parts = [_match(context, item) for item in value.split(separator)]
        if None not in parts:
            return QCoreApplication.translate("Joiner", separator).join(part or "" for part in parts)
        return None
    else:
        return _match(_CONTEXT_OF.get(kind, "Sentence"), value)
    return None if None in parts or not parts else " ".join(part or "" for part in parts)


def _match(context: str, text: str) -> str | None:
    """``text`` translated as a word or a template of ``context``; ``None`` when it is neither (a template matches only
    when each of its parts is translated too, so the most fitting of two templates is the one used)."""
    if text in WORDS.get(context, ()) or text in TEMPLATES.get(context, ()) or text in VALUE_WORDS.get(context, ()):
        return QCoreApplication.translate(context, text)
    for home, template, counted in _templates(context):
        match = _pattern(template).match(text)
        if match is None:
            continue
        fields = match.groupdict()
        count = int(fields.pop("count")) if counted else -1
        parts = {field: _part(field, value) for field, value in fields.items()}
        if None in parts.values():
            continue
        translated = QCoreApplication.translate(home, template, "", count) if counted else QCoreApplication.translate(home, template)
        return translated.format(**parts)
    return None


def translate_in(context: str, text: str) -> str:
    """``text`` translated as a part of ``context`` (as it is when it is no word or template of the context)."""
    translated = _match(context, text)
    return text if translated is None else translated


_TOP = ("Sentence", "Table", "Camera", "Devices", "DeviceNews", "Chips", "SignIn", "StartUp", "Store", "Floor", "Audit")
"""The contexts whose templates are whole sentences, in the order they are tried."""


def translate_sentence(text: str) -> str:
    """An English sentence of the engine, the running table or the store in the screen's language (as it is when none matches)."""
    for context in _TOP:
        translated = _match(context, text)
        if translated is not None:
            return translated
    return text


def game_title(variant: str, structure: str) -> str:
    """A game named by its codes (``"O"``, ``"pot-limit"``) in the screen's language; the codes as they are when unknown."""
    known = VARIANTS.get(variant)
    return f"{variant} {structure}" if known is None else game_name(f"{structure.capitalize()} {known.name}")


def game_name(name: str) -> str:
    """A game's name (``"Pot-limit Oklahoma"``) in the screen's language."""
    return translate_in("Game", name)

