"""A stored hand, event by event, as the floor reviews it (SPEC, Records and review).

:meth:`HandReview.load` reads every event the store keeps for a hand (its opening record, the
engine's events, readings, flags, rulings, its close) and replays the engine's events through a
fresh :class:`~dealer_console.engine.hand.Hand`, keeping the state after each: phase, whose turn,
stacks, bets, pot, boards. Each step names its source (dealer, camera, sensor, floor), its actor
and its evidence image, if any. At the end, the chip audit and why each pot went where it went
(:meth:`~dealer_console.engine.showdown.HandResult.describe`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlmodel import SQLModel

from dealer_console.engine.events import EVENT_TYPES, Event, Voided
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.showdown import ChipAudit, HandResult
from dealer_console.store.chain import ChainReport
from dealer_console.store.errors import EvidenceError, ReplayError
from dealer_console.store.models import Source
from dealer_console.store.search import HandSummary
from dealer_console.store.store import Store, StoredEvent

_T = SQLModel.metadata.tables


def describe_payload(kind: str, payload: Mapping[str, Any]) -> str:
    """One line for an event: its kind and its non-empty fields (nested set-ups left out)."""
    parts = []
    for key, value in payload.items():
        if value in (None, "", (), []) or key in ("setup", "plan", "config"):
            continue
        if isinstance(value, list) and all(isinstance(item, str) or item is None for item in value):
            value = " ".join("??" if item is None else item for item in value)
        parts.append(f"{key}={value}")
    return f"{kind} " + ", ".join(parts) if parts else kind


@dataclass(frozen=True, slots=True)
class EvidenceItem:
    """A camera image an event relied on: its bytes, or why they cannot be shown."""

    seq: int
    sha256: str
    media_type: str | None
    data: bytes | None
    problem: str | None


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One stored event of the hand and, for the engine's events, the hand's state after it."""

    event: StoredEvent
    description: str
    engine_event: bool
    """True for the rules engine's events (replayed); False for the store's and table's records."""
    phase: str
    actor_to_act: int | None
    """The seat whose turn it is after this event."""
    stacks: Mapping[int, int]
    bets: Mapping[int, int]
    pot: int
    """Chips in the middle after this event (every chip put in, bets of the current round included; 0 once settled)."""
    boards: tuple[tuple[str, ...], ...]
    voided_by_floor: bool = False

    @property
    def seq(self) -> int:
        return self.event.seq

    @property
    def source(self) -> Source:
        return self.event.source

    @property
    def who(self) -> str:
        """Who entered the event (the dealer, the camera or sensor, the floor manager), as stored."""
        return self.event.actor or self.event.source.value


@dataclass(slots=True)
class HandReview:
    """A hand opened for review: its steps, its result, its rulings, the log's verification."""

    store: Store
    summary: HandSummary
    setup: HandSetup
    steps: list[ReviewStep]
    hand: Hand
    players: Mapping[int, str]
    position: int = 0
    """The step the reviewer is on (0: the first event)."""

    @classmethod
    def load(cls, store: Store, hand_id: int) -> HandReview:
        """Read and replay a stored hand (raises :class:`ReplayError` if its events no longer replay)."""
        summary = store.hand(hand_id)
        setup = store.hand_setup(hand_id)
        events = store.events(summary.table_id, hand_id=hand_id)
        hand = Hand(setup)
        steps: list[ReviewStep] = []
        for stored in events:
            engine_event = stored.kind in EVENT_TYPES
            if engine_event:
                record = stored.record()
                assert isinstance(record, Event)
                try:
                    hand.apply(record)
                except Exception as error:  # the engine's refusal, named with the event that caused it
                    raise ReplayError(f"table {stored.table_id}: hand #{summary.number} does not replay at seq {stored.seq}"
                                      f" ({stored.kind}): {error}", table_id=stored.table_id, seq=stored.seq, kind=stored.kind) from error
            steps.append(ReviewStep(
                event=stored, description=describe_payload(stored.kind, stored.payload), engine_event=engine_event,
                phase=hand.phase.value, actor_to_act=hand.actor, stacks=dict(hand.stacks), bets=dict(hand.bets),
                pot=0 if hand.is_complete else sum(setup.stacks.values()) - sum(hand.stacks.values()),
                boards=tuple(tuple(str(card) for card in board) for board in hand.boards()),
                voided_by_floor=isinstance(stored.record(), Voided) and stored.source is Source.FLOOR if engine_event else False,
            ))
        return cls(store, summary, setup, steps, hand, _players(store, hand_id))

    # ------------------------------------------------------------------ stepping

    @property
    def current(self) -> ReviewStep:
        return self.steps[self.position]

    def next(self) -> ReviewStep | None:
        """Go one event forward (``None`` at the last)."""
        if self.position + 1 >= len(self.steps):
            return None
        self.position += 1
        return self.current

    def previous(self) -> ReviewStep | None:
        """Go one event back (``None`` at the first)."""
        if self.position == 0:
            return None
        self.position -= 1
        return self.current

    def go_to(self, seq: int) -> ReviewStep:
        """Jump to the event with this sequence number."""
        for index, step in enumerate(self.steps):
            if step.seq == seq:
                self.position = index
                return step
        raise KeyError(f"hand #{self.summary.number} has no event with seq {seq}")

    # ------------------------------------------------------------------ what the floor asks

    @property
    def result(self) -> HandResult | None:
        return self.hand.result

    @property
    def audit(self) -> ChipAudit | None:
        """The chip audit (SPEC: contributions = awarded + rake + jackpot drop + returned)."""
        return None if self.hand.result is None else self.hand.result.audit

    def explanation(self) -> list[str]:
        """Why each pot went where it went, one line per share (the engine's own words)."""
        if self.hand.result is None:
            return [f"no settlement: the hand is {self.hand.phase.value}"]
        return self.hand.result.describe()

    def rulings(self) -> list[StoredEvent]:
        return [step.event for step in self.steps if step.event.kind == "ruling"]

    def corrections(self) -> list[StoredEvent]:
        return [step.event for step in self.steps if step.voided_by_floor]

    def flags(self) -> list[StoredEvent]:
        return [step.event for step in self.steps if step.event.kind == "flag"]

    def evidence(self) -> list[EvidenceItem]:
        """Every image the hand's events name, with its bytes (checked against the hash) or the problem."""
        items = []
        media = _media_types(self.store, [s.event.evidence_sha256 for s in self.steps if s.event.evidence_sha256])
        for step in self.steps:
            sha = step.event.evidence_sha256
            if sha is None:
                continue
            try:
                items.append(EvidenceItem(step.seq, sha, media.get(sha), self.store.evidence(sha), None))
            except EvidenceError as error:
                items.append(EvidenceItem(step.seq, sha, media.get(sha), None, str(error)))
        return items

    def verification(self) -> ChainReport:
        """The table's log, verified now."""
        return self.store.verify_log(self.summary.table_id)[0]


def _players(store: Store, hand_id: int) -> dict[int, str]:
    seats, players = _T["hand_seats"], _T["players"]
    statement = select(seats.c.seat, players.c.name).join(players, players.c.id == seats.c.player_id).where(seats.c.hand_id == hand_id)
    with store.engine.connect() as connection:
        return {int(row.seat): str(row.name) for row in connection.execute(statement)}


def _media_types(store: Store, hashes: list[str | None]) -> dict[str, str]:
    wanted = [sha for sha in hashes if sha]
    if not wanted:
        return {}
    evidence = _T["evidence"]
    with store.engine.connect() as connection:
        rows = connection.execute(select(evidence.c.sha256, evidence.c.media_type).where(evidence.c.sha256.in_(wanted)))
        return {str(row.sha256): str(row.media_type) for row in rows}
