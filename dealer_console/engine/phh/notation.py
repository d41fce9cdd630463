"""PHH notation shared by export and import: the variant codes, the standard fields of a hand
(forced bets, actions in PHH order), and who posts what from ``blinds_or_straddles``.

The standard (uoftcprg/phh-std 0.0.1) lists players from the first seat left of the button
(``p1``) round to the button; heads-up it reverses the blinds, so ``p1`` is the big blind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from dealer_console.engine.cards import format_cards
from dealer_console.engine.events import (
    BetPlaced,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    CardsShown,
    Checked,
    Discarded,
    Event,
    Folded,
    HoleCardsDealt,
    MisdealDeclared,
    Mucked,
    RaisedTo,
    RestraddleConsent,
    RunsChosen,
    WentAllIn,
)
from dealer_console.engine.games import OMAHA, OMAHA_HI_LO, Game, Structure, Variant
from dealer_console.engine.hand import Hand
from dealer_console.engine.phh.fields import FieldReader

__all__ = [
    "EXTENDED_OMAHA_CODES",
    "FIELD_PREFIX",
    "FORMAT_VERSION",
    "PHH_VARIANTS",
    "STANDARD_OMAHA_CODES",
    "BlindPlan",
    "blind_plan",
    "forced_bets",
    "in_player_order",
    "phh_variant_code",
    "standard_fields",
]


FORMAT_VERSION = 1
"""Version of the ``_dealer_console_*`` fields; a file with a newer version is refused."""

FIELD_PREFIX = "_dealer_console_"
"""The start of the user-defined fields' names written here (PHH reserves a leading underscore for them)."""

PHH_VARIANTS: dict[str, str] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
"""The variant codes the PHH standard defines, with their names (required fields, "Variant Code")."""

STANDARD_OMAHA_CODES: dict[str, tuple[Structure, Variant]] = {
    "PO": (Structure.POT_LIMIT, OMAHA),
    "FO/8": (Structure.LIMIT, OMAHA_HI_LO),
}
"""The Omaha games PHH defines. It has no no-limit Omaha and no limit Omaha high."""

EXTENDED_OMAHA_CODES: dict[str, tuple[Structure, Variant]] = {
    "FO": (Structure.LIMIT, OMAHA),
    "NO": (Structure.NO_LIMIT, OMAHA),
    "PO/8": (Structure.POT_LIMIT, OMAHA_HI_LO),
    "NO/8": (Structure.NO_LIMIT, OMAHA_HI_LO),
}
"""Codes PHH does not define, built by its naming scheme (structure letter, game, ``/8``);
written for those games and read back."""

_STRUCTURE_LETTERS = {Structure.LIMIT: "F", Structure.POT_LIMIT: "P", Structure.NO_LIMIT: "N"}

_BETTING = (Folded, Checked, Called, BetPlaced, RaisedTo, WentAllIn)


def phh_variant_code(game: Game) -> str:
    """The closest PHH code for ``game``: structure letter, ``O``, and ``/8`` for hi-lo.

    Only ``PO`` and ``FO/8`` are defined by PHH; the rest follow its naming scheme. A game PHH
    cannot describe at all (five-card, double board, Oklahoma) gets the code of the Omaha game
    nearest to it, and its true variant in ``_dealer_console_variant``.
    """
    return _STRUCTURE_LETTERS[game.structure] + "O" + ("/8" if game.variant.hi_lo else "")


def in_player_order(hand: Hand, values: Mapping[int, int]) -> list[int]:
    """``values`` by seat as a PHH list, ``p1`` first (0 for a seat without one)."""
    return [values.get(seat, 0) for seat in hand.seats]


def standard_fields(hand: Hand) -> dict[str, Any]:
    """The PHH required fields of ``hand``, in the standard's order."""
    game = hand.setup.game
    antes, blinds = forced_bets(hand)
    fields: dict[str, Any] = {"variant": phh_variant_code(game), "antes": antes, "blinds_or_straddles": blinds}
    if game.structure is Structure.LIMIT:
        fields["small_bet"] = game.stakes.limit_small_bet
        fields["big_bet"] = game.stakes.limit_big_bet
    else:
        fields["min_bet"] = game.stakes.big_blind
    fields["starting_stacks"] = [hand.setup.stacks[seat] for seat in hand.seats]
    fields["actions"] = _standard_actions(hand)
    return fields


def forced_bets(hand: Hand) -> tuple[list[int], list[int]]:
    """``antes`` (dead chips) and ``blinds_or_straddles`` (live chips) posted before the deal.

    A blind posted all-in for less is written at its full size, as PHH readers cap a forced bet
    at the stack themselves (pokerkit: ``min(blind, stack)``) and take the bet sizes from it.
    Heads-up the standard lists them reversed (p1, the big blind, posts the second entry).
    """
    posting = [e for e in hand.events_in_force if isinstance(e, BlindPosted | RestraddleConsent)]
    posted = Hand(hand.setup, posting)
    stakes = hand.game.stakes
    nominal = {BlindKind.SMALL: stakes.small_blind, BlindKind.BIG: stakes.big_blind, BlindKind.LIVE: stakes.big_blind}
    short = {seat: 0 for seat in hand.seats}
    for event in posting:
        if isinstance(event, BlindPosted) and event.blind in nominal:
            short[event.seat] += max(0, nominal[event.blind] - event.amount)
    live = [posted.bets[seat] + short[seat] for seat in hand.seats]
    dead = [posted.contributions[seat] - posted.bets[seat] for seat in hand.seats]
    if len(hand.seats) == 2:
        live.reverse()
        dead.reverse()
    return dead, live


def _standard_actions(hand: Hand) -> list[str]:
    """The hand's actions in PHH notation, in the order a PHH reader plays them.

    When the betting ends before the board is complete (all-in), PHH (and pokerkit) table the
    hands first and then deal the rest of the board, one run after the other; the engine may
    take the shows at the end and deal runs interleaved, so for games without discards the
    shows and the run-out are moved into that order. Burns, run choices and straddle consents
    have no PHH notation (they are in ``_dealer_console_events``).
    """
    events = hand.events_in_force
    label = {seat: f"p{index + 1}" for index, seat in enumerate(hand.seats)}
    last_betting = max((i for i, e in enumerate(events) if isinstance(e, _BETTING)), default=-1)
    reorder = not hand.setup.game.variant.discards
    replay = Hand(hand.setup)
    actions: list[str] = []
    shows: list[str] = []
    runout: list[tuple[int, int, str]] = []
    # once extra runs are agreed, the first run's own cards are named too (not the shared streets)
    first_choice = min((i for i, e in enumerate(events) if isinstance(e, RunsChosen)), default=len(events))
    multi_run = hand.run_count > 1
    for index, event in enumerate(events):
        text = _action_text(replay, event, label, name_runs=multi_run and index > first_choice)
        replay.apply(event)
        if text is None:
            continue
        if reorder and index > last_betting and isinstance(event, BoardDealt):
            runout.append((event.run, index, text))
        elif reorder and index > last_betting and isinstance(event, CardsShown | Mucked):
            shows.append(text)
        else:
            actions.append(text)
    return actions + shows + [text for _, _, text in sorted(runout)]


def _action_text(before: Hand, event: Event, label: Mapping[int, str], *, name_runs: bool = False) -> str | None:
    """One event in PHH notation (``before`` is the hand just before it), or ``None``.

    Board cards of a second or third run, or of the second board, carry a PHH commentary
    (``d db 7d # run 2``) for the human reader; ``name_runs`` names the first run's too.
    """
    if isinstance(event, HoleCardsDealt):
        return f"d dh {label[event.seat]} {format_cards(event.cards)}"
    if isinstance(event, BoardDealt):
        where = [f"run {event.run + 1}"] if event.run or name_runs else []
        where += [f"board {event.board + 1}"] if event.board else []
        return f"d db {format_cards(event.cards)}" + (f" # {', '.join(where)}" if where else "")
    if isinstance(event, Folded):
        return f"{label[event.seat]} f"
    if isinstance(event, Checked | Called):
        return f"{label[event.seat]} cc"
    if isinstance(event, BetPlaced | RaisedTo):
        return f"{label[event.seat]} cbr {event.amount}"
    if isinstance(event, WentAllIn):
        to = before.bets[event.seat] + before.stacks[event.seat]
        return f"{label[event.seat]} cc" if to <= before.current_bet else f"{label[event.seat]} cbr {to}"
    if isinstance(event, CardsShown):
        return f"{label[event.seat]} sm {format_cards(event.cards)}"
    if isinstance(event, Mucked):
        return f"{label[event.seat]} sm"
    if isinstance(event, Discarded):
        return f"{label[event.seat]} sd {format_cards((event.card,))}"
    if isinstance(event, MisdealDeclared):
        reason = " ".join(event.reason.split())
        return "# misdeal" + (f": {reason}" if reason else "")
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class BlindPlan:
    """Who posts which forced bet, read from ``blinds_or_straddles``."""

    small_blind: int
    big_blind: int
    small_blind_seat: int | None
    big_blind_seat: int
    straddles: tuple[tuple[int, int, BlindKind], ...]
    mississippi: bool


def blind_plan(reader: FieldReader, posted: list[int], seats: list[int]) -> BlindPlan:
    """Who posts what, from ``blinds_or_straddles`` in player order (heads-up already un-reversed).

    ``[SB, BB, 0...]``: the usual blinds (no small blind if ``SB`` is 0). ``[X, 0, 0...]``: one
    blind, a big blind of ``X`` from p1 with no small blind (the action opens left of it).
    A third entry of twice the big blind is a straddle, a fourth of twice that a re-straddle,
    and twice the big blind on the button a Mississippi straddle (SPEC: exactly 2x each).
    """
    count = len(posted)
    shown = f"blinds_or_straddles {posted if count != 2 else posted[::-1]}"
    if any(amount < 0 for amount in posted):
        raise reader.fail(f"{shown}: a forced bet cannot be negative")
    if count == 2:
        big, small = posted
        if big <= 0:
            raise reader.unsupported(f"{shown}: heads-up, p1 must post the big blind")
        return BlindPlan(small, big, seats[1] if small else None, seats[0], (), False)
    if posted[0] > 0 and not any(posted[1:]):
        return BlindPlan(0, posted[0], None, seats[0], (), False)
    small, big = posted[0], posted[1]
    if big <= 0:
        raise reader.unsupported(f"{shown}: p2 posts no big blind and the engine knows no other blind shape")
    straddles: list[tuple[int, int, BlindKind]] = []
    mississippi = False
    for index in range(2, count):
        amount = posted[index]
        if not amount:
            continue
        if index == 2 and amount == 2 * big:
            straddles.append((seats[index], amount, BlindKind.STRADDLE))
        elif index == 3 and straddles and amount == 4 * big:
            straddles.append((seats[index], amount, BlindKind.RESTRADDLE))
        elif index == count - 1 and not straddles and amount == 2 * big:
            straddles.append((seats[index], amount, BlindKind.MISSISSIPPI))
            mississippi = True
        else:
            raise reader.unsupported(
                f"{shown}: p{index + 1} posts {amount}; the engine's straddles are twice the big blind (p3), twice the straddle (p4)"
                " or twice the big blind on the button (SPEC, Blinds, button, straddles)"
            )
    return BlindPlan(small, big, seats[0] if small else None, seats[1], tuple(straddles), mississippi)
