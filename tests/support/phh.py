"""A small reader of PHH (Poker Hand History) files and a replayer into the hand engine.

PHH is the TOML hand-history format of the PHH standard (the one pokerkit reads). Only what
Omaha-family hands need is read: the variant, antes, blinds, bet sizes, stacks and actions.
It is written apart from the product's own PHH import (``dealer_console.engine.phh``) so that
the real-hands test does not lean on the code it could be checking.

Seats: PHH lists players from the small blind round to the button, so ``pN`` sits at seat
``N`` and the button is the last seat. Heads-up the PHH standard "reverses" the blinds: ``p1``
is the big blind and ``p2`` the button, who posts the small blind; that is the engine's own
heads-up rule (omaha-club-rules.txt, HEADS UP 2), so the button is still the last seat.

Actions (PHH standard, section "Actions"): ``d dh pN CARDS`` deals hole cards, ``d db CARDS``
the board (three cards: the flop; one: the turn or river), ``pN f`` folds, ``pN cc`` checks or
calls, ``pN cbr X`` bets or raises to a total of ``X`` this round, ``pN sm CARDS`` shows and
``pN sm`` (no cards) mucks.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer_console.engine.cards import parse_cards
from dealer_console.engine.events import BlindKind
from dealer_console.engine.games import OMAHA, OMAHA_HI_LO, Game, HouseRules, Stakes, Structure, Variant
from dealer_console.engine.hand import Hand, HandSetup

STRUCTURES = {"F": Structure.LIMIT, "P": Structure.POT_LIMIT, "N": Structure.NO_LIMIT}
"""The first letter of a PHH variant code: fixed-limit, pot-limit, no-limit."""
VARIANTS = {"O": OMAHA, "O/8": OMAHA_HI_LO}
"""The rest of a PHH variant code: Omaha hold'em, Omaha hold'em hi-lo eight or better."""


class PHHUnsupported(Exception):
    """The hand uses something the replayer or the engine cannot represent."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PHHHand:
    """The fields of one PHH hand that a replay needs."""

    name: str
    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    finishing_stacks: tuple[int, ...] | None
    actions: tuple[str, ...]
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None

    @property
    def player_count(self) -> int:
        """How many players were dealt in."""
        return len(self.starting_stacks)

    @property
    def structure(self) -> Structure:
        """The betting structure named by the variant code."""
        try:
            return STRUCTURES[self.variant[0]]
        except (IndexError, KeyError):
            raise PHHUnsupported(f"{self.name}: unknown variant {self.variant!r}") from None

    @property
    def game_variant(self) -> Variant:
        """The engine's variant for the PHH code (``FO/8`` -> Omaha Hi-Lo 8-or-better)."""
        variant = VARIANTS.get(self.variant[1:])
        if variant is None:
            raise PHHUnsupported(f"{self.name}: variant {self.variant!r} is not an Omaha game this replayer reads")
        return variant


def _ints(values: Any, count: int) -> tuple[int, ...]:
    """A PHH value list, or one number meaning "this for everyone"."""
    if isinstance(values, int):
        return (values,) * count
    return tuple(int(value) for value in values)


def read_phh(path: Path) -> PHHHand:
    """Read one ``.phh`` file."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    stacks = tuple(int(value) for value in data["starting_stacks"])
    count = len(stacks)
    finishing = data.get("finishing_stacks")
    return PHHHand(
        name=path.name,
        variant=str(data["variant"]),
        antes=_ints(data.get("antes", 0), count),
        blinds_or_straddles=_ints(data.get("blinds_or_straddles", 0), count),
        starting_stacks=stacks,
        finishing_stacks=tuple(int(value) for value in finishing) if finishing is not None else None,
        actions=tuple(str(action) for action in data.get("actions", ())),
        small_bet=data.get("small_bet"),
        big_bet=data.get("big_bet"),
        min_bet=data.get("min_bet"),
    )


def seat_of(player: str) -> int:
    """``"p3"`` -> seat 3."""
    if not player.startswith("p") or not player[1:].isdigit():
        raise PHHUnsupported(f"not a player: {player!r}")
    return int(player[1:])


@dataclass(frozen=True, slots=True)
class BlindPlan:
    """Who posts what: stakes, the blind seats for :class:`HandSetup`, and straddles."""

    stakes: Stakes
    small_blind_seat: int | None
    big_blind_seat: int | None
    straddles: tuple[tuple[int, int], ...]
    """(seat, amount) of each straddle, in posting order."""


def blind_plan(phh: PHHHand) -> BlindPlan:
    """Infer the stakes and the blind seats from ``blinds_or_straddles``.

    The usual shape is ``[SB, BB, 0, ...]`` (``p1`` small blind, ``p2`` big blind; heads-up the
    button ``p2`` posts the small blind and ``p1`` the big blind). A hand where one player posts
    a single blind (``[X, 0, ...]``) is a big blind of ``X`` from ``p1`` with no small blind:
    ``p1`` sits left of the button, the action opens left of them and the limit bet is ``X``.
    """
    blinds = phh.blinds_or_straddles
    count = phh.player_count
    heads_up = count == 2
    posted = [(index, amount) for index, amount in enumerate(blinds) if amount]
    limit = phh.structure is Structure.LIMIT

    def stakes(small: int, big: int) -> Stakes:
        if limit:
            return Stakes(small_blind=small, big_blind=big, small_bet=phh.small_bet, big_bet=phh.big_bet)
        return Stakes(small_blind=small, big_blind=big)

    if len(posted) == 1 and posted[0][0] == 0 and not heads_up:
        return BlindPlan(stakes(0, posted[0][1]), None, 1, ())
    if len(posted) >= 2 and [index for index, _ in posted[:2]] == [0, 1]:
        small, big = blinds[0], blinds[1]
        straddles = tuple((index + 1, amount) for index, amount in posted[2:])
        if heads_up and straddles:
            raise PHHUnsupported(f"{phh.name}: heads-up straddles")
        if heads_up:
            # reverse blinds: the button (p2) posts blinds[0], p1 posts blinds[1]
            return BlindPlan(stakes(small, big), 2, 1, ())
        return BlindPlan(stakes(small, big), 1, 2, straddles)
    raise PHHUnsupported(f"{phh.name}: blinds_or_straddles {list(blinds)} have no blind shape this replayer knows")


def make_setup(phh: PHHHand, house: HouseRules | None = None) -> HandSetup:
    """The engine's :class:`HandSetup` for a PHH hand: seat ``N`` for ``pN``, the button last."""
    plan = blind_plan(phh)
    if phh.structure is not Structure.LIMIT and phh.min_bet is not None and phh.min_bet != plan.stakes.big_blind:
        raise PHHUnsupported(f"{phh.name}: min_bet {phh.min_bet} differs from the big blind {plan.stakes.big_blind}")
    game = Game(
        variant=phh.game_variant,
        structure=phh.structure,
        stakes=plan.stakes,
        house=house or HouseRules(),
    )
    count = phh.player_count
    return HandSetup(
        game=game,
        stacks={seat: phh.starting_stacks[seat - 1] for seat in range(1, count + 1)},
        button=count,
        small_blind_seat=plan.small_blind_seat,
        big_blind_seat=plan.big_blind_seat,
        hand_id=phh.name,
    )


def _post_antes(hand: Hand, phh: PHHHand) -> None:
    """Antes go in first, dead (a big-blind ante is ``antes = [0, X, 0, ...]``)."""
    for index, amount in enumerate(phh.antes):
        if amount:
            seat = index + 1
            hand.post_blind(seat, min(amount, hand.stacks[seat]), BlindKind.ANTE)


def replay(phh: PHHHand, house: HouseRules | None = None, *, actions: Iterable[str] | None = None) -> Hand:
    """Play a PHH hand through the engine, every action checked by the engine's own rules.

    Hole cards are dealt in the engine's :meth:`Hand.deal_order` (buffered until the next seat's
    cards are known). Raises the engine's error at the first action it refuses.
    """
    hand = Hand(make_setup(phh, house))
    _post_antes(hand, phh)
    hand.post_blinds()
    for seat, amount in blind_plan(phh).straddles:
        hand.post_blind(seat, amount, BlindKind.STRADDLE)
    pending: dict[int, str] = {}
    order = list(hand.deal_order())

    def deal_pending() -> None:
        while order and order[0] in pending:
            seat = order.pop(0)
            hand.deal_hole(seat, pending.pop(seat))

    for action in phh.actions if actions is None else actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            pending[seat_of(words[2])] = words[3]
            deal_pending()
            continue
        if order or pending:
            raise PHHUnsupported(f"{phh.name}: {action!r} before every player's hole cards are dealt")
        if words[:2] == ["d", "db"]:
            hand.deal_board(words[2])
            continue
        if words[0] == "d":
            raise PHHUnsupported(f"{phh.name}: dealer action {action!r}")
        seat = seat_of(words[0])
        verb = words[1]
        if verb == "f":
            hand.fold(seat)
        elif verb == "cc":
            if hand.bets[seat] >= hand.current_bet:
                hand.check(seat)
            else:
                hand.call(seat)
        elif verb == "cbr":
            amount = int(words[2])
            if hand.current_bet == 0:
                hand.bet(seat, amount)
            else:
                hand.raise_to(seat, amount)
        elif verb == "sm":
            cards = words[2] if len(words) > 2 else ""
            if not cards or all(card is None for card in parse_cards(cards)):
                hand.muck(seat)
            else:
                hand.show(seat, cards)
        else:
            raise PHHUnsupported(f"{phh.name}: action {action!r}")
    return hand


def final_stacks_in_seat_order(hand: Hand, count: int) -> list[int]:
    """The hand's final stacks as a PHH list (``p1`` first)."""
    stacks = hand.stacks
    return [stacks[seat] for seat in range(1, count + 1)]
