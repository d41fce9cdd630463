"""Floor corrections of a stored hand, and SPEC's dispute windows.

A correction never edits the log (SPEC, Records and review): it is a new event, ``correction``
(:class:`HandCorrected`, ``source=floor``, its ``voids_seq`` column naming the event it corrects),
appended by a floor manager, even to a hand that is closed. It either voids the event outright or
replaces it with the event the floor manager enters (the right card, the right amount). The hand
"as corrected" is the hand's events in force (the dealer's own undos already applied) with each
corrected event dropped or replaced in its place, replayed through the rules engine: pots, stacks
and the chip audit are recomputed from it, and the review shows them before and after.

A correction is checked before it is stored: it must name an engine event of this hand still in
force and not corrected yet (or, to withdraw one, an earlier correction), and the corrected hand
must replay and still be settled. A correction in the log whose actor is not a floor manager is
shown but not applied.

Dispute windows (SPEC): a hand reading can be disputed until the next hand at the table starts; an
accounting error until substantial action on the next hand (TDA: two actions, one with chips, or
three). A ruling after its window is recorded as ``late``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from datetime import datetime
from typing import Any

from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import EVENT_TYPES, Event, Voided, event_from_dict, event_to_dict
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.replay import ReplayStepError, in_force_positions, replay
from dealer_console.floor.errors import CorrectionError
from dealer_console.store.codec import canonical_json
from dealer_console.store.records import HandCorrected

CORRECTION_KIND = HandCorrected.kind


def replacement_text(event: Event | None) -> str:
    """How a replacement event is kept in a :class:`HandCorrected`."""
    return "" if event is None else canonical_json(event_to_dict(event))


def parse_replacement(kind: str, fields: Mapping[str, str]) -> Event:
    """An engine event of ``kind`` from the texts a floor manager typed (cards as ``"2c7d9s"``, numbers as digits).

    Raises :class:`CorrectionError` naming the field that cannot be read.
    """
    cls = EVENT_TYPES.get(kind)
    if cls is None or cls is Voided:
        raise CorrectionError(f"{kind!r} is not an event a correction can enter")
    types = {item.name: str(item.type) for item in dataclass_fields(cls)}
    data: dict[str, Any] = {"kind": kind}
    for name, text in fields.items():
        if name not in types:
            raise CorrectionError(f"a {kind} has no field {name!r}")
        text = text.strip()
        if types[name].startswith("bool"):
            data[name] = text.lower() in ("1", "yes", "true", "y")
        elif types[name].startswith("int"):
            if not text and "None" in types[name]:
                data[name] = None
            elif not text.lstrip("-").isdigit():
                raise CorrectionError(f"{name} must be a whole number, not {text!r}")
            else:
                data[name] = int(text)
        elif text or "None" not in types[name]:
            data[name] = text
    try:
        return event_from_dict(data)
    except (EngineError, ValueError, TypeError, KeyError) as error:
        raise CorrectionError(f"cannot read the {kind} entered: {error}") from error


def editable_fields(event: Event) -> dict[str, str]:
    """The fields of an event as texts a floor manager can edit (``kind`` left out)."""
    return {name: "" if value is None else str(value) for name, value in event_to_dict(event).items() if name != "kind"}


@dataclass(frozen=True, slots=True)
class InForce:
    """An engine event of the hand still in force after the dealer's own undos, with its place in the log."""

    seq: int
    event: Event


def events_in_force(engine_events: Sequence[tuple[int, Event]]) -> list[InForce]:
    """The hand's events in force, in order, each with its ``seq`` (a ``Voided`` undoes the latest in force)."""
    positions = in_force_positions([event for _, event in engine_events])
    return [InForce(*engine_events[position]) for position in positions]


def apply_corrections(setup: HandSetup, in_force: Sequence[InForce], corrections: Mapping[int, HandCorrected]) -> Hand:
    """The hand replayed with each corrected event dropped or replaced in its place.

    Raises :class:`CorrectionError` naming the first event that no longer replays.
    """
    replayed: list[tuple[InForce, bool, Event]] = []
    for item in in_force:
        correction = corrections.get(item.seq)
        event = item.event if correction is None else correction.replacement_event()
        if event is not None:
            replayed.append((item, correction is not None, event))
    try:
        return replay(setup, [event for _, _, event in replayed])
    except ReplayStepError as error:
        item, corrected, _ = replayed[error.index]
        what = f"the event entered for seq {item.seq}" if corrected else f"seq {item.seq} ({item.event.kind})"
        raise CorrectionError(f"with the correction, {what} no longer follows the rules: {error.cause}", seq=item.seq) from error


@dataclass(frozen=True, slots=True)
class Outcome:
    """Pots, stacks and explanation of a hand, for the before-and-after of a correction."""

    phase: str
    final_stacks: Mapping[int, int]
    pots: tuple[tuple[str, int, tuple[int, ...]], ...]
    """(name, amount, contenders) of each pot."""
    explanation: tuple[str, ...]
    audit: str

    @classmethod
    def of(cls, hand: Hand) -> Outcome:
        """What the floor compares: the hand's settlement (or its state, if not settled)."""
        result = hand.result
        if result is None:
            return cls(hand.phase.value, dict(hand.stacks), (), (f"no settlement: the hand is {hand.phase.value}",), "")
        pots = tuple(("Main pot" if pot.index == 0 else f"Side pot {pot.index}", pot.amount, tuple(pot.contenders)) for pot in result.pots)
        audit = result.audit
        line = (f"contributed {audit.contributed} = awarded {audit.awarded} + rake {audit.rake} + jackpot drop {audit.jackpot}"
                f" + returned {audit.returned}: {'balanced' if audit.balanced else 'NOT BALANCED'}")
        return cls(hand.phase.value, dict(result.final_stacks), pots, tuple(result.describe()), line)

    def lines(self) -> list[str]:
        """The outcome in words."""
        out = [f"{name} {amount} (seats {' '.join(map(str, seats))})" for name, amount, seats in self.pots]
        out.extend(self.explanation)
        out.append("stacks: " + " ".join(f"seat {seat} {chips}" for seat, chips in sorted(self.final_stacks.items())))
        if self.audit:
            out.append(f"chip audit: {self.audit}")
        return out


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """A correction checked against the hand: the hand before and after it."""

    record: HandCorrected
    before: Outcome
    after: Outcome

    def changes(self) -> dict[int, tuple[int, int]]:
        """Seats whose final stack changes: (before, after)."""
        seats = set(self.before.final_stacks) | set(self.after.final_stacks)
        return {seat: (self.before.final_stacks.get(seat, 0), self.after.final_stacks.get(seat, 0)) for seat in sorted(seats)
                if self.before.final_stacks.get(seat, 0) != self.after.final_stacks.get(seat, 0)}


class DisputeKind(enum.Enum):
    """What is disputed decides how long the dispute window stays open (SPEC, Records and review)."""

    HAND_READING = "hand reading"
    """Until the next hand starts."""
    ACCOUNTING = "accounting"
    """Until substantial action on the next hand."""


@dataclass(frozen=True, slots=True)
class DisputeWindows:
    """When each of SPEC's dispute windows closed for a hand (``None``: still open)."""

    reading_closed_at: datetime | None
    reading_closed_by: str
    """What closed it ("hand #8 started, seq 412"), or "" while open."""
    accounting_closed_at: datetime | None
    accounting_closed_by: str

    def closed(self, kind: DisputeKind) -> bool:
        """Whether the window for this kind of dispute has closed (a ruling now is late)."""
        return (self.reading_closed_at if kind is DisputeKind.HAND_READING else self.accounting_closed_at) is not None

    def lines(self) -> list[str]:
        """The two windows in words, as the review shows them."""
        out = []
        for kind, moment, why in ((DisputeKind.HAND_READING, self.reading_closed_at, self.reading_closed_by),
                                  (DisputeKind.ACCOUNTING, self.accounting_closed_at, self.accounting_closed_by)):
            limit = "until the next hand starts" if kind is DisputeKind.HAND_READING else "until substantial action on the next hand"
            if moment is None:
                out.append(f"{kind.value.capitalize()} dispute: window OPEN ({limit})")
            else:
                out.append(f"{kind.value.capitalize()} dispute: window CLOSED at {moment:%Y-%m-%d %H:%M:%S} UTC ({why});"
                           " a ruling now is recorded as late")
        return out


__all__ = [
    "CORRECTION_KIND", "CorrectionPreview", "DisputeKind", "DisputeWindows", "InForce", "Outcome", "apply_corrections",
    "editable_fields", "events_in_force", "parse_replacement", "replacement_text",
]
