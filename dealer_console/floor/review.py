"""A stored hand, event by event, as the floor reviews it (SPEC, Records and review).

:meth:`HandReview.load` reads every event the source keeps for a hand (its opening record, the
engine's events, readings, flags, corrections, rulings, its close) and replays the engine's events
through a fresh :class:`~dealer_console.engine.hand.Hand`, keeping the state after each: phase,
whose turn, stacks, bets, pots, boards, hole cards, folded and all-in seats. Each step names its
source (dealer, camera, sensor, floor), its actor and its evidence image, if any. At the end: the
chip audit and why each pot went where it went
(:meth:`~dealer_console.engine.showdown.HandResult.describe`), for the hand as recorded and, when a
floor manager corrected it (:mod:`.corrections`), as corrected.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dealer_console.engine.events import EVENT_TYPES, BlindKind, BlindPosted, Event, Voided
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.pots_shown import hand_status, pots_shown
from dealer_console.engine.replay import ReplayStepError, replay, replay_into
from dealer_console.engine.showdown import ChipAudit, HandResult
from dealer_console.floor.corrections import (
    CorrectionPreview,
    DisputeKind,
    DisputeWindows,
    InForce,
    Outcome,
    apply_corrections,
    events_in_force,
    replacement_text,
)
from dealer_console.floor.errors import CorrectionError, ReadOnlySourceError, RulingError
from dealer_console.floor.room_source import RoomSource
from dealer_console.floor.source import ReviewSource, StoreSource
from dealer_console.store.chain import ChainReport
from dealer_console.store.errors import EvidenceError, ReplayError
from dealer_console.store.kinds import Source
from dealer_console.store.records import HandCorrected
from dealer_console.store.search import HandSummary
from dealer_console.store.store import Store
from dealer_console.store.stored import StaffMember, StoredEvent


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
    holes: Mapping[int, tuple[str | None, ...]] = field(default_factory=dict)
    """Hole cards held after this event (``None``: dealt face down, unknown)."""
    folded: frozenset[int] = frozenset()
    all_in: frozenset[int] = frozenset()
    markers: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """Button and blinds posted, by seat."""
    pots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(amount, contenders) of each pot after this event."""
    corrected_by: int | None = None
    """The ``seq`` of the floor correction applied to this event, if any."""
    note: str = ""
    """What the review says of the step (a correction applied, withdrawn or refused, and why)."""
    status: str = "open"
    """The hand's status after this event (``open``, ``complete``, ``misdealt``: the engine's, as the live window says)."""
    pot_lines: tuple[str, ...] = ()
    """The pots in words after this event, as the live felt shows them (empty once settled)."""

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

    @property
    def reading(self) -> str:
        """A camera or sensor reading, in words (empty for other events)."""
        if self.event.kind != "reading":
            return ""
        p = self.event.payload
        confidence = p.get("confidence")
        sure = "" if confidence is None else f", confidence {float(confidence):.0%}"
        return f"{p.get('subject', '')}: {p.get('value', '')}{sure}, {'applied' if p.get('applied') else 'not applied'}"


@dataclass(slots=True)
class HandReview:
    """A hand opened for review: its steps, its result (as recorded and as corrected), rulings, the log's checks."""

    source: ReviewSource
    summary: HandSummary
    setup: HandSetup
    steps: list[ReviewStep]
    hand: Hand
    """The hand as recorded (the dealer's own undos applied)."""
    players: Mapping[int, str]
    position: int = 0
    """The step the reviewer is on (0: the first event)."""
    in_force: list[InForce] = field(default_factory=list)
    applied_corrections: dict[int, HandCorrected] = field(default_factory=dict)
    """Target seq -> the floor correction in force for it."""
    corrected: Hand | None = None
    """The hand replayed with the corrections in force (``None`` without any)."""
    link_problems: list[str] = field(default_factory=list)
    """What re-checking this hand's own links, and its rows in the store's projections against the chain, found at load
    (an edit made in the database shows here at once)."""

    @classmethod
    def load(cls, source: ReviewSource | Store, hand_id: int) -> HandReview:
        """Read and replay a stored hand (raises :class:`ReplayError` if its recorded events no longer replay)."""
        source = StoreSource(source) if isinstance(source, Store) else source
        summary = source.hand(hand_id)
        setup = source.hand_setup(hand_id)
        events = source.hand_events(hand_id)
        hand = Hand(setup)
        replayed = 0
        steps: list[ReviewStep] = []
        engine_events: list[tuple[int, Event]] = []
        markers: dict[int, list[str]] = {setup.button: ["button"]}
        for stored in events:
            engine_event = stored.kind in EVENT_TYPES
            record = None
            if engine_event:
                try:
                    record = stored.record()
                    assert isinstance(record, Event)
                    replay_into(hand, [record], start=replayed)
                except (ReplayStepError, ValueError, TypeError, KeyError) as error:  # refused, or a payload that no longer reads
                    cause = error.cause if isinstance(error, ReplayStepError) else error
                    raise ReplayError(f"table {stored.table_id}: hand #{summary.number} does not replay at seq {stored.seq}"
                                      f" ({stored.kind}): {cause}", table_id=stored.table_id, seq=stored.seq, kind=stored.kind) from error
                replayed += 1
                engine_events.append((stored.seq, record))
                if isinstance(record, BlindPosted) and record.blind is not BlindKind.DEAD:
                    markers.setdefault(record.seat, []).append(record.blind.value)
            steps.append(_step(stored, hand, setup, engine_event=engine_event, markers=markers,
                               voided_by_floor=isinstance(record, Voided) and stored.source is Source.FLOOR))
        review = cls(source, summary, setup, steps, hand, source.players(hand_id), in_force=events_in_force(engine_events))
        review._apply_corrections()
        review.link_problems = source.check_links(summary.table_id, [step.seq for step in steps])
        if isinstance(source, StoreSource):  # the figures the store keeps beside the log (issue 27: verified projections)
            review.link_problems += [f"{problem}: the review shows the chain's figures; run verify-log --deep"
                                     for problem in source.store.projection_problems(summary.table_id, [hand_id])]
        return review

    def reload(self) -> HandReview:
        """The hand read again (after a correction or a ruling), at the same step."""
        fresh = HandReview.load(self.source, self.summary.id)
        fresh.position = min(self.position, len(fresh.steps) - 1)
        return fresh

    def _apply_corrections(self) -> None:
        in_force = {item.seq for item in self.in_force}
        active: dict[int, tuple[int, HandCorrected]] = {}  # target seq -> (correction seq, record)
        notes: dict[int, str] = {}
        for index, step in enumerate(self.steps):
            if step.event.kind != HandCorrected.kind:
                continue
            record = step.event.record()
            assert isinstance(record, HandCorrected)
            withdrawn = next((target for target, (seq, _) in active.items() if seq == record.target_seq), None)
            if step.source is not Source.FLOOR or not self.source.is_floor_manager(step.event.actor):
                notes[index] = f"NOT APPLIED: {step.who!r} is not a floor manager; only a floor manager's correction counts"
            elif withdrawn is not None:
                del active[withdrawn]
                notes[index] = f"withdraws the correction at seq {record.target_seq}"
            elif record.target_seq not in in_force:
                notes[index] = f"NOT APPLIED: seq {record.target_seq} is not an event of this hand in force"
            elif record.target_seq in active:
                notes[index] = f"NOT APPLIED: seq {record.target_seq} was already corrected at seq {active[record.target_seq][0]}"
            else:
                trial = {target: rec for target, (_, rec) in active.items()} | {record.target_seq: record}
                try:
                    apply_corrections(self.setup, self.in_force, trial)
                except CorrectionError as error:
                    notes[index] = f"NOT APPLIED: {error}"
                    continue
                active[record.target_seq] = (step.seq, record)
                replacement = record.replacement_event()
                notes[index] = (f"corrects seq {record.target_seq}: " +
                                ("voided" if replacement is None else describe_payload(replacement.kind, _plain(replacement))))
        self.applied_corrections = {target: record for target, (_, record) in active.items()}
        by_target = {target: seq for target, (seq, _) in active.items()}
        for index, step in enumerate(self.steps):
            if index in notes or step.seq in by_target:
                self.steps[index] = replace(step, note=notes.get(index, step.note), corrected_by=by_target.get(step.seq))
        self.corrected = apply_corrections(self.setup, self.in_force, self.applied_corrections) if self.applied_corrections else None

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

    def hand_at(self, position: int | None = None) -> Hand:
        """The hand as it was after the step at ``position`` (default: the current one), replayed from its recorded events."""
        index = self.position if position is None else position
        events = []
        for step in self.steps[:index + 1]:
            if step.engine_event:
                record = step.event.record()
                assert isinstance(record, Event)
                events.append(record)
        return replay(self.setup, events)

    # ------------------------------------------------------------------ what the floor asks

    @property
    def store(self) -> ReviewSource:
        """The source the hand was read from (kept under its first name)."""
        return self.source

    @property
    def standing(self) -> Hand:
        """The hand as it stands: as corrected, if a floor manager corrected it, else as recorded."""
        return self.corrected if self.corrected is not None else self.hand

    @property
    def result(self) -> HandResult | None:
        """The settlement of the hand as it stands."""
        return self.standing.result

    @property
    def status(self) -> str:
        """The hand's status as the live window says it: the engine's (a hand the table has not closed yet, because
        the next hand has not started, is ``complete`` once every chip is awarded)."""
        return listed_status(self.summary, self.hand)

    @property
    def audit(self) -> ChipAudit | None:
        """The chip audit (SPEC: contributions = awarded + rake + jackpot drop + returned), of the hand as it stands."""
        result = self.result
        return None if result is None else result.audit

    def explanation(self) -> list[str]:
        """Why each pot went where it went, one line per share (the engine's own words), as the hand stands."""
        standing = self.standing
        if standing.result is None:
            return [f"no settlement: the hand is {standing.phase.value}"]
        return standing.result.describe()

    def recorded_outcome(self) -> Outcome:
        """Pots and stacks as the table recorded them (before any floor correction)."""
        return Outcome.of(self.hand)

    def standing_outcome(self) -> Outcome:
        """Pots and stacks as the hand stands (after the floor's corrections)."""
        return Outcome.of(self.standing)

    def rulings(self) -> list[StoredEvent]:
        return [step.event for step in self.steps if step.event.kind == "ruling"]

    def corrections(self) -> list[StoredEvent]:
        """The floor's voids (open hand) and corrections (any hand), in order."""
        return [step.event for step in self.steps if step.voided_by_floor or step.event.kind == HandCorrected.kind]

    def flags(self) -> list[StoredEvent]:
        return [step.event for step in self.steps if step.event.kind == "flag"]

    def evidence(self) -> list[EvidenceItem]:
        """Every image the hand's events name, with its bytes (checked against the hash) or the problem."""
        items = []
        media = self.source.media_types([s.event.evidence_sha256 for s in self.steps if s.event.evidence_sha256])
        for step in self.steps:
            sha = step.event.evidence_sha256
            if sha is None:
                continue
            items.append(self.evidence_of(step, media.get(sha)))
        return items

    def evidence_of(self, step: ReviewStep, media_type: str | None = None) -> EvidenceItem:
        """The image of one step (its bytes, or why they cannot be shown)."""
        sha = step.event.evidence_sha256
        assert sha is not None
        if media_type is None:
            media_type = self.source.media_types([sha]).get(sha)
        try:
            return EvidenceItem(step.seq, sha, media_type, self.source.evidence(sha), None)
        except EvidenceError as error:
            return EvidenceItem(step.seq, sha, media_type, None, str(error))

    def verification(self) -> ChainReport:
        """The table's log, verified now."""
        return self.source.verify_table(self.summary.table_id)

    def windows(self) -> DisputeWindows:
        """SPEC's dispute windows for this hand: closed by the next hand's start / its substantial action."""
        following = self.source.next_hand(self.summary.id)
        if following is None:
            return DisputeWindows(None, "", None, "")
        started = f"hand #{following.number} started, seq {following.started_seq}"
        substantial = "" if following.substantial_seq is None else \
            f"substantial action on hand #{following.number}, seq {following.substantial_seq}"
        return DisputeWindows(following.started_at, started, following.substantial_at, substantial)

    # ------------------------------------------------------------------ the floor's acts

    def preview_correction(self, target_seq: int, replacement: Event | None, *, reason: str, by: str) -> CorrectionPreview:
        """Check a correction of one event (void it, or replace it) and show the hand before and after; nothing is stored.

        Raises :class:`CorrectionError` with the reason a floor manager can read.
        """
        if not reason.strip():
            raise CorrectionError("say why the event is corrected (the reason is kept with the correction)", seq=target_seq)
        if target_seq not in {item.seq for item in self.in_force}:
            step = next((s for s in self.steps if s.seq == target_seq), None)
            if step is None:
                raise CorrectionError(f"hand #{self.summary.number} has no event with seq {target_seq}", seq=target_seq)
            why = "it was undone by the dealer" if step.engine_event else f"it is a {step.event.kind} record, not a play of the hand"
            raise CorrectionError(f"seq {target_seq} cannot be corrected: {why}", seq=target_seq)
        if target_seq in self.applied_corrections:
            raise CorrectionError(f"seq {target_seq} was already corrected; withdraw that correction first", seq=target_seq)
        record = HandCorrected(hand_number=self.summary.number, target_seq=target_seq, replacement=replacement_text(replacement),
                               reason=reason.strip(), by=by)
        after = apply_corrections(self.setup, self.in_force, {**self.applied_corrections, target_seq: record})
        if self.standing.is_complete and not after.is_complete:
            raise CorrectionError(
                f"after this correction the hand is no longer settled (it would be waiting at {after.phase.value}):"
                " enter the right card or amount instead of voiding the event", seq=target_seq)
        return CorrectionPreview(record, self.standing_outcome(), Outcome.of(after))

    def record_correction(self, target_seq: int, replacement: Event | None, *, reason: str, by: StaffMember) -> HandReview:
        """Store a floor manager's correction as a new event of the table's log; return the hand read again.

        ``by``: the floor manager as the store's sign-in returned them; the correction is recorded under that member's
        name, and anyone else (a member made from a name, a copy, a dealer) is refused with nothing stored.
        """
        store = self._writable_store()
        store.signed_in_floor_manager(by, "record a correction")
        preview = self.preview_correction(target_seq, replacement, reason=reason, by=by.name)
        store.append(self.summary.table_id, preview.record, hand_id=self.summary.id, source=Source.FLOOR, actor=by.name,
                     voids_seq=target_seq, by=by)
        return self.reload()

    def withdraw_correction(self, correction_seq: int, *, reason: str, by: StaffMember) -> HandReview:
        """Withdraw a correction (itself a new event naming the correction it voids)."""
        store = self._writable_store()
        store.signed_in_floor_manager(by, "record a correction")
        if correction_seq not in {seq for seq in self._active_correction_seqs()}:
            raise CorrectionError(f"seq {correction_seq} is not a correction in force on this hand", seq=correction_seq)
        record = HandCorrected(hand_number=self.summary.number, target_seq=correction_seq, reason=reason.strip(), by=by.name)
        store.append(self.summary.table_id, record, hand_id=self.summary.id, source=Source.FLOOR, actor=by.name, voids_seq=correction_seq,
                     by=by)
        return self.reload()

    def _active_correction_seqs(self) -> list[int]:
        return [step.corrected_by for step in self.steps if step.corrected_by is not None]

    def record_ruling(self, *, by: StaffMember, rule: str, decision: str, pot_held: bool, disputed_amount: int,
                      dispute: DisputeKind) -> HandReview:
        """Store a floor manager's ruling on this hand (late when its dispute window has closed); return the hand read again.

        ``by``: the floor manager as the store's sign-in returned them. In the card room's review the ruling goes to the
        room's ``room_rulings`` under the floor manager's own signed-in session (:meth:`RoomSource.record_ruling`), and
        ``by`` must be the member that session's sign-in returned.
        """
        store = None if isinstance(self.source, RoomSource) else self._writable_store()
        if store is None:
            assert isinstance(self.source, RoomSource)
            self.source.signed_in_floor_manager(by, "record a ruling")
        else:
            store.signed_in_floor_manager(by, "record a ruling")
        if not rule.strip() or not decision.strip():
            missing = "rule" if not rule.strip() else "decision"
            raise RulingError("a ruling needs the rule cited and the decision", field=missing, value=rule if missing == "rule" else decision)
        if disputed_amount < 0:
            raise RulingError(f"the disputed amount cannot be negative ({disputed_amount})", field="disputed_amount", value=disputed_amount)
        if store is None:
            assert isinstance(self.source, RoomSource)
            self.source.record_ruling(self.summary.id, by=by, rule=rule.strip(), decision=decision.strip(), pot_held=pot_held,
                                      disputed_amount=disputed_amount, late=self.windows().closed(dispute))
            return self.reload()
        store.record_ruling(self.summary.table_id, by=by, rule=rule.strip(), decision=decision.strip(), pot_held=pot_held,
                            disputed_amount=disputed_amount, hand_number=self.summary.number, late=self.windows().closed(dispute))
        return self.reload()

    def _writable_store(self) -> Store:
        if not isinstance(self.source, StoreSource):
            raise ReadOnlySourceError(f"{self.source.where} is the card room's shipped log, which only the tables' consoles write:"
                                      " record the correction at the table's console (or on its store)", where=self.source.where)
        return self.source.store


def listed_status(summary: HandSummary, hand: Hand | Store | None = None) -> str:
    """The status to list for a stored hand, the same as the live window's (:func:`~dealer_console.engine.pots_shown.hand_status`).

    The store keeps a hand ``open`` until the table closes it as the next hand starts (the dealer may still undo until
    then); its engine events may already have settled it. ``hand``: the hand replayed, or the store to replay it from;
    only a hand stored as open is replayed.
    """
    if summary.status.value != "open" or hand is None:
        return summary.status.value
    return hand_status(hand.rebuild_hand(summary.id) if isinstance(hand, Store) else hand)


def _plain(event: Event) -> dict[str, Any]:
    from dealer_console.engine.events import event_to_dict

    data = event_to_dict(event)
    data.pop("kind")
    return data


def _step(stored: StoredEvent, hand: Hand, setup: HandSetup, *, engine_event: bool, markers: Mapping[int, list[str]],
          voided_by_floor: bool) -> ReviewStep:
    settled = hand.is_complete
    shown = pots_shown(hand)  # the live felt shows the same (live.views.pot_lines)
    pots = tuple((pot.amount, pot.contenders) for pot in shown.pots)
    return ReviewStep(
        event=stored, description=describe_payload(stored.kind, stored.payload), engine_event=engine_event,
        phase=hand.phase.value, actor_to_act=hand.actor, stacks=dict(hand.stacks), bets=dict(hand.bets),
        pot=shown.total, status=hand_status(hand), pot_lines=tuple(shown.lines()) if not settled else (),
        boards=tuple(tuple(str(card) for card in board) for board in hand.boards()),
        voided_by_floor=voided_by_floor,
        holes={seat: tuple(None if card is None else str(card) for card in hand.hole_cards(seat)) for seat in hand.seats},
        folded=frozenset(seat for seat in hand.seats if hand.is_folded(seat)),
        all_in=frozenset(seat for seat in hand.seats if not settled and hand.is_all_in(seat)),
        markers={seat: tuple(names) for seat, names in markers.items()}, pots=pots,
    )


__all__ = ["EvidenceItem", "HandReview", "ReviewStep", "describe_payload", "listed_status"]
