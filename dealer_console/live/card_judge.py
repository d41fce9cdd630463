"""The card judge: the camera's sightings and the hand -> what the console makes of each card read (pure, no thread).

Each sighting is placed in its zone (:mod:`dealer_console.live.zones`), numbered left to right, and judged against the
hand: confident, below the threshold (waiting for the dealer unless the hand already knows the place), confirmed by
the dealer, read twice, or disagreeing with the hand (SPEC, Inputs: a reading below the threshold is never applied
silently). :func:`street_reads` and :func:`shown_reads` say whether a street or a shown hand can be taken from the
reads, and refuse in the dealer's words when not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dealer_console.engine.cards import Card
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.hand import STREET_NAMES, Hand, Phase
from dealer_console.live.camera_reads import RED, CameraView, CardRead, CardStatus, Sighting
from dealer_console.live.card_requests import BoardTarget, CardsUnread
from dealer_console.live.zones import Zone, ZoneMap

__all__ = [
    "Confirmations",
    "Judging",
    "judge_sightings",
    "run_row_cards",
    "shared_count",
    "shown_reads",
    "split_rows",
    "street_reads",
]

Confirmations = Mapping[tuple[Zone, int], tuple[Card | None, Card]]
"""The dealer's confirmations by place: the camera's guess there when confirmed, and the card the dealer named."""


@dataclass(frozen=True, slots=True)
class Judging:
    """How reads are judged: the confidence threshold, the frames a vote takes, the runs the hand plans."""

    threshold: float
    stable_frames: int = 1
    runs: int = 1
    """Extra runs' rows are told apart on the board only when the hand plans more than one run."""


def shared_count(hand: Hand, run: int, board: int) -> int:
    """How many of ``run``'s cards on ``board`` are the first run's (dealt before the runs split; they lie on the felt once)."""
    first, own = hand.boards(0)[board], hand.boards(run)[board]
    count = 0
    while count < min(len(first), len(own)) and first[count] == own[count]:
        count += 1
    return count


def run_row_cards(hand: Hand, run: int, board: int) -> tuple[Card, ...]:
    """The cards of ``run`` on ``board`` that lie in its own row: all of the first run's, the unshared ones of an extra run."""
    boards = hand.boards(run)
    if board >= len(boards):
        return ()
    cards = boards[board]
    return cards if run == 0 else cards[shared_count(hand, run, board):]


def split_rows(sightings: Sequence[Sighting]) -> list[list[Sighting]]:
    """Cards of one board's area in rows, top to bottom (a new row where a card lies half a card lower than the row above)."""
    rows: list[list[Sighting]] = []
    for sighting in sorted(sightings, key=lambda s: s.centre[1]):
        tall = max(y for _, y in sighting.quad) - min(y for _, y in sighting.quad)
        if rows and sighting.centre[1] - sum(s.centre[1] for s in rows[-1]) / len(rows[-1]) < tall / 2:
            rows[-1].append(sighting)
        else:
            rows.append([sighting])
    return rows


@dataclass(frozen=True, slots=True)
class _Table:
    """What the hand says of the places the camera sees (empty without a hand)."""

    hand: Hand | None
    dealt: dict[Zone, tuple[Card, ...]]
    """Each board row's cards as the hand has them."""
    held: dict[Card, int]
    """Each known hole card and its seat."""
    named: Counter[Card | None]
    """How often each card is read with confidence at a steady place."""

    def known(self, zone: Zone) -> list[Card]:
        """The cards the hand knows a seat holds (for a seat's zone)."""
        hand = self.hand
        if not zone.is_seat or hand is None or zone.seat not in hand.seats:
            return []
        return [card for card in hand.hole_cards(zone.seat) if card is not None]

    def to_be_named(self, zone: Zone) -> bool:
        """A seat's showdown zone whose cards the hand does not know and that is still to show (its reads wait for the dealer)."""
        hand = self.hand
        if not zone.is_seat or hand is None or hand.phase is not Phase.SHOWDOWN:
            return False
        seat = zone.seat
        return seat in hand.seats and hand.needs_showdown_decision(seat) and None in hand.hole_cards(seat)


def _placed(sightings: Sequence[Sighting], zones: ZoneMap, size: tuple[int, int], runs: int) -> dict[Zone, list[Sighting]]:
    """The sightings by zone; with several runs planned, a board's area in rows, each run's own row."""
    width, height = size
    placed: dict[Zone, list[Sighting]] = {}
    for sighting in sightings:
        x, y = sighting.centre
        placed.setdefault(zones.place_px(x, y, width, height), []).append(sighting)
    if runs > 1:
        for zone in [zone for zone in placed if zone.is_board]:
            for run, row in enumerate(split_rows(placed.pop(zone))):
                placed[Zone.of_board(zone.board, run)] = row
    return placed


def _table(hand: Hand | None, sightings: Sequence[Sighting], threshold: float) -> _Table:
    dealt: dict[Zone, tuple[Card, ...]] = {}
    held: dict[Card, int] = {}
    if hand is not None:
        for run in range(hand.run_count):
            for number in range(len(hand.boards(run))):
                dealt[Zone.of_board(number, run)] = run_row_cards(hand, run, number)
        for seat in hand.seats:
            for card in hand.hole_cards(seat):
                if card is not None:
                    held[card] = seat
    # a place whose reads still disagree names no card yet: it makes no other card a duplicate
    named = Counter(s.card or s.best for s in sightings if (s.card or s.best) is not None and s.confidence >= threshold and s.steady)
    return _Table(hand, dealt, held, named)


def judge_sightings(sightings: Sequence[Sighting], *, size: tuple[int, int] | None, hand: Hand | None, zones: ZoneMap,
                    judging: Judging, confirmed: Confirmations) -> list[CardRead]:
    """Every sighting placed on a picture of ``size`` (width, height) and judged against ``hand`` (``None``: among themselves
    only) and the dealer's confirmations; nothing without a picture."""
    if size is None:
        return []
    table = _table(hand, sightings, judging.threshold)
    reads: list[CardRead] = []
    for zone, group in _placed(sightings, zones, size, judging.runs).items():
        for slot, sighting in enumerate(sorted(group, key=lambda s: s.centre[0])):
            reads.append(_judge_one(zone, slot, sighting, table, judging, confirmed))
    return reads


def _judge_one(zone: Zone, slot: int, sighting: Sighting, table: _Table, judging: Judging, confirmed: Confirmations) -> CardRead:
    mark = confirmed.get((zone, slot))
    if mark is not None and mark[0] == sighting.best:
        card, status = mark[1], CardStatus.CONFIRMED
    elif sighting.card is not None and sighting.confidence >= judging.threshold:
        card, status = sighting.card, CardStatus.CONFIDENT
        if table.named[card] > 1:  # the dealer's confirmation settles a card read twice; a reading does not
            return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is read twice on the table")
    else:
        return _doubtful(zone, slot, sighting, table, judging)
    red = _contradiction(zone, slot, sighting, card, table)
    return red if red is not None else CardRead(sighting, zone, slot, status, card)


def _doubtful(zone: Zone, slot: int, sighting: Sighting, table: _Table, judging: Judging) -> CardRead:
    """A read below the threshold (or not steady yet): waits for the dealer unless the hand has settled the place."""
    best = sighting.best.symbol if sighting.best is not None else "nothing"
    note = f"read below {round(100 * judging.threshold)} % (best guess {best})"
    ask = "confirm or correct it"
    if not sighting.steady:
        note = f"not read the same in {judging.stable_frames} frames in a row yet (best guess {best})"
        ask = "wait for the camera, or confirm or correct it"
    # a place the hand has already settled (a dealt board card, a known hand) does not wait for the dealer
    on_board = table.dealt.get(zone, ())
    if slot < len(on_board):
        return CardRead(sighting, zone, slot, CardStatus.LOW, None, f"{note}; the hand has {on_board[slot].symbol} there", settled=True)
    if table.known(zone) or not (zone.is_board or table.to_be_named(zone)):
        return CardRead(sighting, zone, slot, CardStatus.LOW, None, note, settled=True)
    return CardRead(sighting, zone, slot, CardStatus.LOW, None, f"{note}: {ask}")


def _contradiction(zone: Zone, slot: int, sighting: Sighting, card: Card, table: _Table) -> CardRead | None:
    """The card red where the hand says otherwise (another card dealt there, the card in a hand or on the board), else ``None``."""
    if zone.is_board:
        on_board = table.dealt.get(zone, ())
        if slot < len(on_board) and on_board[slot] != card:
            return CardRead(sighting, zone, slot, CardStatus.DISAGREES, card, f"the camera reads {card.symbol}, the hand has {on_board[slot].symbol} there")
        if card in table.held:
            return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is in seat {table.held[card]}'s hand")
        other = [name for name, cards in table.dealt.items() if name != zone and card in cards]
        if other:
            return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is already on {other[0]}")
    elif zone.is_seat:
        known = table.known(zone)
        if known and card not in known:
            return CardRead(sighting, zone, slot, CardStatus.DISAGREES, card,
                            f"the camera reads {card.symbol}, {zone} holds {' '.join(c.symbol for c in known)}")
        if any(card in cards for cards in table.dealt.values()):
            return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is on the board")
        owner = table.held.get(card)
        if owner is not None and owner != zone.seat:
            return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is in seat {owner}'s hand")
    return None


def _picture_problem(view: CameraView, *, seat: int | None = None, action: str | None = None) -> None:
    if not view.working:
        raise CardsUnread(f"the camera is {view.status}" + (f" ({view.detail})" if view.detail else ""), seat=seat, action=action)


def street_reads(view: CameraView, hand: Hand, target: BoardTarget, count: int, *, can_type: bool) -> list[tuple[str, CardRead]]:
    """The reads of the street ``target`` (``count`` cards), each named for its evidence (``"flop card 1"``); refused in the
    dealer's words while one is red, waits for the dealer, or the camera sees another number of cards. ``can_type``: the
    refusal may offer to type the cards."""
    _picture_problem(view)
    zone = Zone.of_board(target.board, target.run)
    street = STREET_NAMES[target.street + 1]
    already = len(run_row_cards(hand, target.run, target.board))
    reads = view.zone(zone)
    need = already + count
    where = str(zone) if hand.game.variant.boards > 1 else "the board" if not target.run else f"run {target.run + 1}"
    if target.run:
        street = f"{street} of run {target.run + 1}"
    for read in reads:
        if read.status in RED:
            raise IllegalActionError(f"Cannot deal the {street}: {where}, card {read.slot + 1}: {read.note}", action=f"deal the {street}")
    if len(reads) != need:
        raise IllegalActionError(
            f"Cannot deal the {street}: the camera sees {len(reads)} card(s) on {where}, the {street} makes {need}: lay the cards "
            f"in the board area and wait for the camera, or turn off 'Board from camera'"
            + (", or type them (Shift+D)" if can_type else ""), action=f"deal the {street}")
    for read in reads[already:]:
        if read.card is None:
            raise IllegalActionError(f"Cannot deal the {street}: {where}, card {read.slot + 1}: {read.note} in the camera panel (V)",
                                     action=f"deal the {street}")
    named = f"board {target.board + 1} {street}" if hand.game.variant.boards > 1 else street
    return [(f"{named} card {number}", read) for number, read in enumerate(reads[already:], 1)]


def shown_reads(view: CameraView, seat: int, count: int) -> list[tuple[str, CardRead]]:
    """The reads of the ``count`` cards ``seat`` shows, each named (``"seat 3 card 1"``); refused while one is red, waits for
    the dealer, or the camera sees another number of cards at the seat."""
    verb = f"show seat {seat}'s hand"
    _picture_problem(view, seat=seat, action=verb)
    reads = view.zone(Zone.of_seat(seat))
    for read in reads:
        if read.status in RED:
            raise IllegalActionError(f"Cannot show seat {seat}'s hand: card {read.slot + 1}: {read.note}", seat=seat, action=verb)
    if len(reads) != count:
        raise IllegalActionError(
            f"Cannot show seat {seat}'s hand: the camera sees {len(reads)} card(s) at seat {seat}, who holds {count}: the cards go "
            f"face up in front of the seat; wait for the camera, or type them (Shift+S)", seat=seat, action=verb)
    for read in reads:
        if read.card is None:
            raise IllegalActionError(f"Cannot show seat {seat}'s hand: card {read.slot + 1}: {read.note} in the camera panel (V)",
                                     seat=seat, action=verb)
    return [(f"seat {seat} card {number}", read) for number, read in enumerate(reads, 1)]
