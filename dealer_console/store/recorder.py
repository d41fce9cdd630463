"""Write-ahead play: every event checked, then stored durably, then applied to the state shown.

A :class:`RecordedHand` wraps a :class:`~dealer_console.engine.hand.Hand`; :meth:`RecordedHand.play`
verifies the event with the rules engine (a refused event is neither stored nor applied), appends
it to the store (committed to disk before ``append`` returns), and only then applies it, so the
console never shows an effect the record does not hold. A :class:`RecordedTable` does the same for
the table's records (seat changes, hands started and finished).

On start, :func:`resume_table` rebuilds a table and its open hand from the log
(``Table(config, events)``, ``Hand(setup, events)``), and play goes on where it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from dealer_console.engine.events import BlindPosted, Event, MisdealDeclared, Voided
from dealer_console.engine.hand import Hand, HandSetup, Phase
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig, apply_house_changes
from dealer_console.engine.table_events import HandFinished, HandMisdealt, HandStarted, TableEvent
from dealer_console.store.codec import table_event_types
from dealer_console.store.errors import StoreError
from dealer_console.store.kinds import Source
from dealer_console.store.records import HandOpened, HouseSettingsChanged
from dealer_console.store.stored import StaffMember, StoredEvent, hand_closed_record

if TYPE_CHECKING:
    from dealer_console.store.store import Store


@dataclass(slots=True)
class RecordedHand:
    """A hand whose every event is on disk before it is applied."""

    store: Store
    table_id: int
    hand_id: int
    number: int
    hand: Hand

    def play(
        self,
        event: Event,
        *,
        source: Source = Source.DEALER,
        actor: str = "",
        frame_at: datetime | None = None,
        evidence_sha256: str | None = None,
        by: StaffMember | None = None,
    ) -> StoredEvent:
        """Check ``event`` against the rules, store it durably, then apply it; return the stored event.

        Raises the engine's :class:`~dealer_console.engine.errors.IllegalActionError` (nothing
        stored) or a :class:`~dealer_console.store.errors.StoreError` (nothing applied).
        ``by``: the signed-in floor manager of a floor event (see ``Store.append``).
        """
        self.hand.verify(event)
        stored = self.store.append(
            self.table_id, event, hand_id=self.hand_id, source=source, actor=actor, frame_at=frame_at,
            evidence_sha256=evidence_sha256, hand_position=len(self.hand.events), by=by,
        )
        self.hand.apply(event)
        return stored

    def undo(self, *, by: str | StaffMember, reason: str = "", source: Source = Source.DEALER) -> StoredEvent:
        """Void the latest event in force: a dealer's undo (``by`` the dealer on duty's name), or with ``source=FLOOR`` a
        floor correction (``by`` the floor manager as ``Store.sign_in`` returned them; a name is refused)."""
        target = self.hand.undo_target
        if target is None:
            raise StoreError(f"hand #{self.number} has nothing to undo")
        member = by if isinstance(by, StaffMember) else None
        name = by.name if isinstance(by, StaffMember) else by
        return self.play(Voided(target=target, reason=reason, by=name), source=source, actor=name, by=member)

    def close(self, *, actor: str = "") -> StoredEvent:
        """Record the end of a hand dealt without a table plan (complete or misdealt)."""
        return self.store.append(self.table_id, hand_closed_record(self.hand, number=self.number), hand_id=self.hand_id, actor=actor)


def open_hand(store: Store, table_id: int, setup: HandSetup, *, players: dict[int, str] | None = None,
              actor: str = "", post_blinds: bool = False) -> RecordedHand:
    """Start a hand without a table plan: store its set-up (``hand_opened``), then play it write-ahead."""
    number = store.next_hand_number(table_id)
    opened = HandOpened(number=number, setup=setup, players=tuple(sorted((players or {}).items())))
    stored = store.append(table_id, opened, actor=actor)
    assert stored.hand_id is not None
    recorded = RecordedHand(store, table_id, stored.hand_id, number, Hand(setup))
    if post_blinds:
        scratch = Hand(setup)
        scratch.post_blinds()
        for event in scratch.events:
            recorded.play(event, actor=actor)
    return recorded


def resume_hand(store: Store, hand_id: int) -> RecordedHand:
    """An open hand rebuilt from the log, ready to go on."""
    summary = store.hand(hand_id)
    hand = store.rebuild_hand(hand_id)
    return RecordedHand(store, summary.table_id, hand_id, summary.number, hand)


@dataclass(slots=True)
class RecordedTable:
    """A table whose every record is on disk before it is applied."""

    store: Store
    table_id: int
    table: Table
    hand: RecordedHand | None = None

    def apply(self, event: TableEvent, *, actor: str = "", source: Source = Source.DEALER,
              by: StaffMember | None = None) -> StoredEvent:
        """Check a table record, store it durably, then apply it (``by``: the signed-in floor manager of a floor record)."""
        self.table.verify(event)
        stored = self.store.append(self.table_id, event, actor=actor, source=source, by=by)
        self.table.apply(event)
        return stored

    def start_hand(self, *, actor: str = "") -> RecordedHand:
        """Deal the table's next hand: ``HandStarted`` stored, then every blind and post, each write-ahead."""
        plan = self.table.next_hand()
        stored = self.apply(HandStarted(plan=plan), actor=actor)
        assert stored.hand_id is not None
        self.hand = RecordedHand(self.store, self.table_id, stored.hand_id, plan.number, Hand(plan.setup))
        for post in plan.posts:
            self.hand.play(BlindPosted(seat=post.seat, amount=post.amount, blind=post.blind), actor=actor)
        return self.hand

    def finish_hand(self, *, actor: str = "") -> StoredEvent:
        """Record the result (or the misdeal) of the hand in progress and move the button."""
        plan = self.table.hand_in_progress
        if plan is None or self.hand is None:
            raise StoreError(f"table {self.table_id} has no hand in progress")
        hand = self.hand.hand
        record: TableEvent
        if hand.phase is Phase.MISDEALT:
            reason = next((e.reason for e in hand.events_in_force if isinstance(e, MisdealDeclared)), "")
            record = HandMisdealt(plan=plan, reason=reason)
        elif hand.result is not None:
            result = hand.result
            stacks = tuple(sorted(result.final_stacks.items()))
            record = HandFinished(plan=plan, final_stacks=stacks, rake=result.rake, jackpot=result.jackpot)
        else:
            raise StoreError(f"hand {plan.number} is not over: it is at the {hand.phase.value} stage")
        stored = self.apply(record, actor=actor)
        self.hand = None
        return stored


def resume_table(store: Store, table_id: int) -> RecordedTable:
    """The table rebuilt from its records (house settings changed where the floor changed them), with its open hand rebuilt from its events."""
    name, config = store.table_config(table_id)
    table = Table(config if config is not None else TableConfig(name=name))
    for stored in store.events(table_id, kinds=(*table_event_types(), HouseSettingsChanged.kind)):
        record = stored.record()
        if isinstance(record, HouseSettingsChanged):
            # a floor manager's change applies from the point where it sits in the log
            table.config = apply_house_changes(table.config, record.changes)
        elif isinstance(record, TableEvent):
            table.apply(record)
    recorded = RecordedTable(store, table_id, table)
    open_hands = store.open_hands(table_id)
    if open_hands:
        recorded.hand = resume_hand(store, open_hands[0].id)
    return recorded


__all__ = ["RecordedHand", "RecordedTable", "open_hand", "resume_hand", "resume_table"]
