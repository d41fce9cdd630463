"""From cards seen on the table to what the dealer (and the rules engine) can be told.

Cards in the board area are grouped into rows and columns on the table plan: each row is one board of
one run, each column one position in dealing order (three flop cards, the turn, the river), so a
reading becomes "flop of board 1 is Ah 7c 2d".  Cards in a seat's showdown area are that seat's
tabled cards.  Two checks run on every reading: the same card seen at two places is flagged, and a
card that disagrees with what the engine already knows (a board card that is something else, a card
the engine has in another place) is flagged.  Nothing here applies anything: a street is offered to
the console with its confidence, and the console asks the dealer whenever it is not certain.

The engine's knowledge comes in as plain data (:class:`KnownCards`, card text such as ``"Ah"``), so
vision does not depend on the rules engine.

Layout on the plan (decisions where the issue is silent): rows are taken from the far side of the
board area towards the dealer (``first_row="far"``; ``"near"`` for tables dealt the other way).  With
``b`` boards, row ``r * b + k`` is board ``k + 1`` of run ``r + 1``.  A later run lays out only the
cards it does not share with the first, in the columns of the streets they belong to.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .calibration import Calibration
from .synthetic import ALL_CARDS

__all__ = [
    "BoardLayout",
    "CARD_HEIGHT_RATIO",
    "Flag",
    "KnownCards",
    "read_table",
    "ShowdownReading",
    "Sighting",
    "StreetReading",
    "STREETS",
    "TableReading",
]

STREETS = (("flop", 0, 3), ("turn", 3, 4), ("river", 4, 5))
CARD_HEIGHT_RATIO = 88.0 / 63.0


@dataclass(frozen=True)
class Sighting:
    """One card seen on the picture: its id (None when not read confidently), confidence and place."""

    card: str | None
    confidence: float
    centre_px: tuple[float, float]
    best: str | None = None  # best guess even when unknown, for the dealer's prompt
    source: Any = None  # what it came from (the recogniser's reading, a vote track), kept for evidence

    @staticmethod
    def from_reading(reading: Any) -> Sighting:
        """A sighting from a recogniser reading (anything with ``card``, ``confidence``, ``quad``, optionally ``best``)."""
        centre = np.asarray(reading.quad, np.float64).reshape(-1, 2).mean(axis=0)
        return Sighting(reading.card, float(reading.confidence), (float(centre[0]), float(centre[1])), getattr(reading, "best", reading.card), reading)


@dataclass(frozen=True)
class KnownCards:
    """What the engine already knows, as card text: boards by (board, run) in dealing order, seats' cards, dead cards."""

    boards: Mapping[tuple[int, int], Sequence[str | None]] = field(default_factory=dict)
    holes: Mapping[int, Sequence[str | None]] = field(default_factory=dict)
    dead: Collection[str] = ()  # burns and discards that were seen

    def __post_init__(self) -> None:
        for where, cards in [(f"board {b + 1} run {r + 1}", c) for (b, r), c in self.boards.items()] + \
                            [(f"seat {s}", c) for s, c in self.holes.items()] + [("dead cards", list(self.dead))]:
            for card in cards:
                if card is not None and card not in ALL_CARDS:
                    raise ValueError(f"{where}: {card!r} is not a card (expected a rank of 23456789TJQKA and a suit of cdhs, like 'Ah')")

    @staticmethod
    def from_hand(hand: Any) -> KnownCards:
        """Read what a rules-engine hand knows (its ``run_count``, ``boards(run)``, ``seats`` and ``hole_cards(seat)``)."""
        boards: dict[tuple[int, int], list[str | None]] = {}
        for run in range(int(hand.run_count)):
            for b, cards in enumerate(hand.boards(run)):
                boards[(b, run)] = [str(c) for c in cards]
        holes = {int(seat): [None if c is None else str(c) for c in hand.hole_cards(seat)] for seat in hand.seats}
        return KnownCards(boards, holes)

    def place_of(self, card: str) -> str | None:
        """Where the engine has this card, in words, or None."""
        for (b, r), cards in self.boards.items():
            if card in cards:
                return f"board {b + 1}" + (f" run {r + 1}" if r else "")
        for seat, cards in self.holes.items():
            if card in cards:
                return f"seat {seat}"
        if card in self.dead:
            return "the dead cards"
        return None


@dataclass(frozen=True)
class StreetReading:
    """A street of one board of one run as seen: cards in dealing order (None where not read)."""

    board: int  # 0-based
    run: int  # 0-based
    street: str  # 'flop', 'turn' or 'river'
    cards: tuple[str | None, ...]
    sightings: tuple[Sighting, ...]

    @property
    def certain(self) -> bool:
        """Every card of the street read confidently: the console may apply it (after the checks)."""
        return all(c is not None for c in self.cards)

    @property
    def confidence(self) -> float:
        """The lowest confidence of its cards."""
        return min((s.confidence for s in self.sightings), default=0.0)

    @property
    def guesses(self) -> tuple[str | None, ...]:
        """Cards with each unknown replaced by the recogniser's best guess (to pre-fill the dealer's prompt)."""
        return tuple(s.card if s.card is not None else s.best for s in self.sightings)

    def describe(self) -> str:
        """``flop of board 1 is Ah 7c 2d`` (``??`` for a card not read)."""
        run = f" run {self.run + 1}" if self.run else ""
        return f"{self.street} of board {self.board + 1}{run} is " + " ".join(c or "??" for c in self.cards)


@dataclass(frozen=True)
class Flag:
    """Something the dealer must look at: ``duplicate``, ``disagrees`` or ``layout``."""

    kind: str
    message: str
    card: str | None = None
    expected: str | None = None
    seen: str | None = None


@dataclass(frozen=True)
class ShowdownReading:
    """Cards seen in a seat's showdown area, left to right on the plan."""

    seat: int
    cards: tuple[str | None, ...]
    sightings: tuple[Sighting, ...]

    @property
    def certain(self) -> bool:
        return all(c is not None for c in self.cards)


@dataclass
class TableReading:
    """One picture (or one set of voted cards) read as boards, showdown hands and flags."""

    streets: list[StreetReading]
    showdown: dict[int, ShowdownReading]
    muck: list[Sighting]
    elsewhere: list[Sighting]
    flags: list[Flag]
    slots: dict[tuple[int, int], dict[int, Sighting]]  # (board, run) -> position (0-4) -> card there

    def street(self, street: str, *, board: int = 0, run: int = 0) -> StreetReading | None:
        """The reading of one street, or None when its cards are not all on the table."""
        for s in self.streets:
            if (s.street, s.board, s.run) == (street, board, run):
                return s
        return None

    def new_streets(self, known: KnownCards | None = None) -> list[StreetReading]:
        """Streets on the table the engine does not have yet, in dealing order (boards, then runs).

        A street is offered only when every earlier position of its row is known to the engine or on
        the table, so a turn is never offered before its flop.
        """
        known = known or KnownCards()
        out = []
        for s in self.streets:
            have = known.boards.get((s.board, s.run))
            if have is None and s.run > 0:
                have = known.boards.get((s.board, 0), [])[:_first_slot_of_row(self.slots.get((s.board, s.run), {}))]
            start = {"flop": 0, "turn": 3, "river": 4}[s.street]
            if len(have or []) == start:
                out.append(s)
                known = _with_street(known, s)
        return out

    def applicable(self, known: KnownCards | None = None) -> list[StreetReading]:
        """The new streets the console may apply without asking: every card read confidently, none of them flagged,
        and no layout flag on the picture.  Anything else is shown to the dealer to confirm or correct."""
        if any(f.kind == "layout" for f in self.flags):
            return []
        flagged = {f.seen for f in self.flags if f.seen is not None}
        out = []
        for s in self.new_streets(known):
            if not s.certain or flagged.intersection(c for c in s.cards if c is not None):
                break  # a later street is not applied over one that needs the dealer
            out.append(s)
        return out

    @property
    def ok(self) -> bool:
        """No flag raised."""
        return not self.flags


def _first_slot_of_row(row: Mapping[int, Sighting]) -> int:
    return min(row) if row else 0


def _with_street(known: KnownCards, s: StreetReading) -> KnownCards:
    boards = {k: list(v) for k, v in known.boards.items()}
    key = (s.board, s.run)
    if key not in boards and s.run > 0:
        boards[key] = list(known.boards.get((s.board, 0), []))[: {"flop": 0, "turn": 3, "river": 4}[s.street]]
    boards.setdefault(key, []).extend(s.cards)
    return KnownCards(boards, known.holes, known.dead)


@dataclass(frozen=True)
class BoardLayout:
    """How boards and runs are laid out in the board area."""

    boards: int = 1
    runs: int = 1
    first_row: str = "far"  # 'far': rows counted from the far side of the board area; 'near': from the dealer

    def __post_init__(self) -> None:
        if self.boards not in (1, 2):
            raise ValueError(f"a game has 1 or 2 boards, not {self.boards}")
        if not 1 <= self.runs <= 3:
            raise ValueError(f"a board is run 1 to 3 times, not {self.runs}")
        if self.first_row not in ("far", "near"):
            raise ValueError(f"first_row is 'far' or 'near', not {self.first_row!r}")


def read_table(sightings: Sequence[Sighting], calibration: Calibration, *, layout: BoardLayout | None = None,
               known: KnownCards | None = None) -> TableReading:
    """Group the sightings of one picture into boards, runs and showdown hands, and flag duplicates and disagreements."""
    layout = layout or BoardLayout()
    known = known or KnownCards()
    card_w = calibration.card_width_mm
    card_h = card_w * CARD_HEIGHT_RATIO
    flags: list[Flag] = []
    board_cards: list[tuple[Sighting, np.ndarray]] = []
    seats: dict[int, list[tuple[Sighting, np.ndarray]]] = {}
    muck: list[Sighting] = []
    elsewhere: list[Sighting] = []
    places: list[tuple[Sighting, np.ndarray, str]] = []
    # One card seen twice at one place (two readings of it, or an unread hypothesis beside a read one) is one card.
    located: list[tuple[Sighting, np.ndarray]] = []
    for s in sorted(sightings, key=lambda x: -x.confidence):
        p = calibration.to_plan([s.centre_px])[0]
        if any(np.linalg.norm(p - q) < 0.5 * card_w and (s.card is None or t.card is None or s.card == t.card) for t, q in located):
            continue
        located.append((s, p))
    for s, p in located:
        zone = next((z for z in calibration.zones if z.contains(p)), None)
        where = "off the zones" if zone is None else zone.name
        places.append((s, p, where))
        if zone is None:
            elsewhere.append(s)
        elif zone.kind == "board":
            board_cards.append((s, p))
        elif zone.kind == "showdown" and zone.seat is not None:
            seats.setdefault(zone.seat, []).append((s, p))
        else:
            muck.append(s)

    # Rows of the board area, then columns (positions in dealing order).
    board_cards.sort(key=lambda sp: sp[1][1], reverse=layout.first_row == "near")
    rows: list[list[tuple[Sighting, np.ndarray]]] = []
    for s, p in board_cards:
        if rows and abs(p[1] - float(np.mean([q[1] for _, q in rows[-1]]))) < 0.6 * card_h:
            rows[-1].append((s, p))
        else:
            rows.append([(s, p)])
    slots: dict[tuple[int, int], dict[int, Sighting]] = {}
    streets: list[StreetReading] = []
    if len(rows) > layout.boards * layout.runs:
        flags.append(Flag("layout", f"{len(rows)} rows of cards in the board area, but the hand has {layout.boards} board(s) and "
                                    f"{layout.runs} run(s): check the board"))
    if rows:
        ref = max(rows, key=len)
        xs = sorted(float(p[0]) for _, p in ref)
        # Neighbouring positions: the smallest spacing of two cards of a row (a gap where a card is missing spans two).
        spacings = [float(d) for row in rows for d in np.diff(sorted(float(p[0]) for _, p in row)) if card_w * 0.9 <= d <= card_w * 2.0]
        pitch = min(spacings) if spacings else card_w * 1.2
        # The first card of the longest row is the first flop card unless a wider row shows otherwise.
        x0 = min(float(p[0]) for row in rows for _, p in row if abs(float(p[0]) - xs[0]) < 0.5 * pitch or float(p[0]) < xs[0])
        for i, row in enumerate(rows[: layout.boards * layout.runs]):
            run, board = divmod(i, layout.boards)
            row_slots: dict[int, Sighting] = {}
            for s, p in sorted(row, key=lambda sp: sp[1][0]):
                k = int(round((float(p[0]) - x0) / pitch))
                if not 0 <= k <= 4:
                    flags.append(Flag("layout", f"a card ({s.card or 'unread'}) lies outside the five positions of board {board + 1}", s.card))
                    continue
                if k in row_slots:
                    flags.append(Flag("layout", f"two cards at position {k + 1} of board {board + 1}: check the board", s.card))
                    continue
                row_slots[k] = s
            slots[(board, run)] = row_slots
            for name, a, b in STREETS:
                if all(k in row_slots for k in range(a, b)):
                    ss = tuple(row_slots[k] for k in range(a, b))
                    streets.append(StreetReading(board, run, name, tuple(x.card for x in ss), ss))
            # A first run is dealt in order; a gap before a card on the table is a card missing or unread.
            if run == 0 and row_slots:
                gaps = [k + 1 for k in range(max(row_slots)) if k not in row_slots]
                if gaps:
                    flags.append(Flag("layout", f"board {board + 1}: no card seen at position(s) {', '.join(map(str, gaps))}"))
    streets.sort(key=lambda s: ({"flop": 0, "turn": 1, "river": 2}[s.street], s.run, s.board))

    # Disagreement with the engine, slot by slot, and cards the engine has elsewhere.
    for (board, run), row_slots in slots.items():
        have = list(known.boards.get((board, run), known.boards.get((board, 0), []) if run else []))
        for k, s in row_slots.items():
            if s.card is None:
                continue
            where = f"board {board + 1}" + (f" run {run + 1}" if run else "")
            if k < len(have) and have[k] != s.card:
                flags.append(Flag("disagrees", f"{where} position {k + 1}: the camera sees {s.card}, the hand has {have[k]}",
                                  s.card, have[k], s.card))
            elif k >= len(have):
                other = known.place_of(s.card)
                if other is not None:
                    flags.append(Flag("disagrees", f"{where} position {k + 1}: the camera sees {s.card}, which the hand has in {other}",
                                      s.card, other, s.card))
    showdown: dict[int, ShowdownReading] = {}
    for seat, items in sorted(seats.items()):
        items.sort(key=lambda sp: sp[1][0])
        ss = tuple(s for s, _ in items)
        showdown[seat] = ShowdownReading(seat, tuple(s.card for s in ss), ss)
        have_hole = [c for c in known.holes.get(seat, ()) if c is not None]
        for s in ss:
            if s.card is None:
                continue
            other = known.place_of(s.card)
            if have_hole and s.card not in have_hole:
                flags.append(Flag("disagrees", f"seat {seat}: the camera sees {s.card}, not one of the cards the hand has for the seat "
                                               f"({' '.join(have_hole)})", s.card, " ".join(have_hole), s.card))
            elif other is not None and other != f"seat {seat}":
                flags.append(Flag("disagrees", f"seat {seat}: the camera sees {s.card}, which the hand has in {other}", s.card, other, s.card))

    # The same card at two places: one of them is misread (or a second deck is on the table).
    seen: dict[str, list[tuple[np.ndarray, str]]] = {}
    for s, p, where in places:
        if s.card is not None:
            seen.setdefault(s.card, []).append((p, where))
    for card, at in seen.items():
        distinct: list[tuple[np.ndarray, str]] = []
        for p, where in at:
            if all(np.linalg.norm(p - q) > 0.5 * card_w for q, _ in distinct):
                distinct.append((p, where))
        if len(distinct) > 1:
            flags.append(Flag("duplicate", f"{card} is seen {len(distinct)} times ({', '.join(w for _, w in distinct)}): one of them is misread",
                              card, None, card))
    return TableReading(streets, showdown, muck, elsewhere, flags, slots)
