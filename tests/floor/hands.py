"""A disputed hand played into a store: checked by hand in the docstring of :func:`record_disputed_hand`."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from dealer_console.engine.hand import Hand
from dealer_console.store import RecordedHand, Role, Source, StaffMember, Store, open_hand
from tests.support.hands import make_hand
from tests.support.staff import add_staff


def _png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A real PNG of one colour (so the review can draw it and a rendered report can be searched for it)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


PNG = _png(96, 64, (230, 20, 20))
"""A camera frame standing in for the flop's evidence: a red 96 x 64 image."""


@dataclass
class Disputed:
    table_id: int
    recorded: RecordedHand
    dealer: StaffMember
    """The dealer, signed in."""
    manager: StaffMember
    """The floor manager, signed in (the store takes no other as authority)."""
    evidence_sha: str


def record_disputed_hand(store: Store, *, table: str = "Table 1") -> Disputed:
    """Heads-up Omaha no-limit 1/2, stacks 100/100, button seat 1 (heads-up the button posts the small blind).

    Events (seq of the table's log in brackets; [1] table_opened, [2] hand_opened):
      [3] seat 1 small blind 1, [4] seat 2 big blind 2; [5] seat 2 dealt QdQcJdJc and [6] seat 1
      AsAhKsKh (the deal starts left of the button); [7] the dealer keys seat 1 "raise to 6" by
      mistake; [8] the floor manager voids it (a floor correction); [9] seat 1 calls 2; [10] seat 2
      checks; [11] burn, [12] flop 2c 7d 9s read by the camera (with an image); checks; turn 3h;
      checks; river 4c; checks; [23], [24] both show; [25] hand_closed.
    Pot 4. Seat 1 (AA with 9 7 4) beats seat 2 (QQ with 9 7 4): Omaha uses two hole cards and three
    board cards; no straight (no 5), no flush. Final stacks: seat 1 102, seat 2 98. No rake.
    """
    table_id = store.create_table(table)
    add_staff(store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"))
    dealer, manager = store.sign_in("Dana", "1111"), store.sign_in("Flo", "floor-1")
    scratch = make_hand({1: 100, 2: 100}, button=1)
    recorded = open_hand(store, table_id, scratch.setup, players={1: "Alice", 2: "Bob"}, actor="Dana")

    def play_like(verb: str, *args: object, source: Source = Source.DEALER, actor: str = "Dana",
                  evidence: str | None = None) -> None:
        sketch = Hand(recorded.hand.setup, recorded.hand.events)
        before = len(sketch.events)
        getattr(sketch, verb)(*args)
        for event in sketch.events[before:]:
            recorded.play(event, source=source, actor=actor, evidence_sha256=evidence)

    play_like("post_blinds")
    for seat in recorded.hand.deal_order():
        play_like("deal_hole", seat, {1: "AsAhKsKh", 2: "QdQcJdJc"}[seat])
    play_like("raise_to", 1, 6)
    recorded.undo(by=manager, reason="dealer keyed a raise; seat 1 called", source=Source.FLOOR)
    play_like("call", 1)
    play_like("check", 2)
    sha = store.put_evidence(PNG, media_type="image/png", table_id=table_id)
    play_like("burn")
    play_like("deal_board", "2c7d9s", source=Source.CAMERA, actor="camera 1", evidence=sha)
    for street in ("3h", "4c"):
        play_like("check", 2)
        play_like("check", 1)
        play_like("burn")
        play_like("deal_board", street)
    play_like("check", 2)
    play_like("check", 1)
    for seat in recorded.hand.showdown_order():
        if not recorded.hand.is_complete:
            play_like("show", seat)
    recorded.close(actor="Dana")
    return Disputed(table_id, recorded, dealer, manager, sha)
