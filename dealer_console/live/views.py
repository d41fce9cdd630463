"""What the screen shows of the running table, as values: each seat, the cards in play, the hand's result in words."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_console.engine.cards import Card
from dealer_console.engine.events import BlindKind, BlindPosted, CardBurned, Discarded
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.pots_shown import PotsShown, hand_status, pots_shown
from dealer_console.engine.table import Table
from dealer_console.engine.table_events import HandPlan

__all__ = ["BoardRow", "PotsShown", "SeatState", "board_rows", "cards_in_play", "hand_status", "pot_lines", "pots_shown",
           "result_lines", "seat_states"]


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat as the dealer sees it during a hand."""

    seat: int
    player: str
    stack: int
    bet: int
    cards: tuple[Card | None, ...]
    """Cards held now (``None``: unknown); empty before the deal or once folded."""
    discarded: int
    """Oklahoma: cards discarded so far."""
    in_hand: bool
    folded: bool
    all_in: bool
    to_act: bool
    owes_discard: bool
    markers: tuple[str, ...]
    """``"button"``, ``"small blind"``, ``"big blind"``, ``"straddle"``, ``"Mississippi straddle"``..."""

    @property
    def status(self) -> str:
        """The seat's state in words (colour is never the only signal)."""
        if not self.in_hand:
            return "not in hand"
        if self.folded:
            return "FOLDED"
        if self.all_in:
            return "ALL-IN"
        if self.to_act:
            return "TO ACT"
        return ""


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One board of one run as the felt lays it out: its cards so far (five places)."""

    run: int
    board: int
    cards: tuple[Card, ...]
    runs: int
    """Runs shown (a row names its run when more than one)."""
    boards: int
    """Boards of this run (a row names its board when more than one)."""


def board_rows(hand: Hand | None) -> tuple[BoardRow, ...]:
    """Every board of every run planned or dealt, in order (empty boards before the flop)."""
    if hand is None:
        return ()
    runs = max(hand.run_count, hand.planned_runs())
    rows: list[BoardRow] = []
    for run in range(runs):
        boards = hand.boards(run) or tuple(() for _ in range(hand.game.variant.boards))
        rows.extend(BoardRow(run, number, tuple(cards), runs, len(boards)) for number, cards in enumerate(boards))
    return tuple(rows)


def _markers(hand: Hand | None, plan: HandPlan | None) -> tuple[dict[int, int], dict[int, list[str]]]:
    """Discards made per seat, and each seat's button and blinds (dead blinds are not markers)."""
    discards: dict[int, int] = {}
    markers: dict[int, list[str]] = {}
    if hand is not None and plan is not None:
        for event in hand.events_in_force:
            if isinstance(event, Discarded):
                discards[event.seat] = discards.get(event.seat, 0) + 1
            elif isinstance(event, BlindPosted) and event.blind is not BlindKind.DEAD:
                markers.setdefault(event.seat, []).append(event.blind.value)
        markers.setdefault(plan.button, []).insert(0, "button")
    return discards, markers


def seat_states(table: Table, hand: Hand | None, plan: HandPlan | None) -> list[SeatState]:
    """Every seated player, in seat order, as the dealer sees them now."""
    discards, markers = _markers(hand, plan)
    owed = set(hand.discards_owed()) if hand is not None and not hand.is_complete else set()
    states = []
    for seat, view in table.seats.items():
        if hand is not None and seat in hand.seats:
            folded = hand.is_folded(seat)
            states.append(SeatState(
                seat=seat, player=view.player, stack=hand.stacks[seat],
                bet=0 if hand.is_complete else hand.bets[seat],
                cards=() if folded else hand.hole_cards(seat), discarded=discards.get(seat, 0), in_hand=True,
                folded=folded, all_in=not hand.is_complete and hand.is_all_in(seat), to_act=hand.actor == seat,
                owes_discard=seat in owed, markers=tuple(markers.get(seat, ())),
            ))
        else:
            states.append(SeatState(
                seat=seat, player=view.player, stack=view.stack, bet=0, cards=(), discarded=0, in_hand=False,
                folded=False, all_in=False, to_act=False, owes_discard=False, markers=tuple(markers.get(seat, ())),
            ))
    return states


def result_lines(hand: Hand | None) -> list[str]:
    """Who won what and why, in the engine's words (empty until the hand is over)."""
    if hand is None:
        return []
    if hand.phase is Phase.MISDEALT:
        return ["Misdeal: the hand is void and every chip goes back; the button does not move"]
    return [] if hand.result is None else hand.result.describe()


def pot_lines(hand: Hand | None) -> list[str]:
    """What the felt's pot area says: the result once the hand is over, else the pots (the engine's
    :func:`~dealer_console.engine.pots_shown.pots_shown`, which the floor's review shows too)."""
    if hand is None:
        return []
    return result_lines(hand) if hand.is_complete else pots_shown(hand).lines()


def cards_in_play(hand: Hand | None) -> dict[Card, str]:
    """Every card the hand knows is out, with where it is in words (``"on the board"``, ``"in seat 3's hand"``...).

    A card the dealer names must not be one of them (the engine refuses a card twice in a hand).
    """
    if hand is None:
        return {}
    out: dict[Card, str] = {}
    boards = hand.game.variant.boards
    for run in range(hand.run_count):
        for board, cards in enumerate(hand.boards(run)):
            where = ["on the board"] if boards == 1 and run == 0 else [f"on board {board + 1}" if boards > 1 else "on the board"]
            if run:
                where.append(f"run {run + 1}")
            for card in cards:
                out.setdefault(card, ", ".join(where))
    for seat in hand.seats:
        for held in hand.hole_cards(seat):
            if held is not None:
                out.setdefault(held, f"in seat {seat}'s hand")
    for event in hand.events_in_force:
        if isinstance(event, Discarded) and event.card is not None:
            out.setdefault(event.card, f"discarded by seat {event.seat}")
        elif isinstance(event, CardBurned) and event.card is not None:
            out.setdefault(event.card, "burned")
    return out
