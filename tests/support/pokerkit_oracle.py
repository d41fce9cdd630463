"""pokerkit as an oracle: random complete Omaha hands played through pokerkit and the engine.

One hand is a seeded random deal (2..9 players, stacks from a fraction of the big blind to
two hundred big blinds), played by choosing random legal actions from pokerkit's state and
making the same move in the engine: the same cards (from one shuffled deck, dealt explicitly
to both), the same bets, the same showdown (every remaining player shows). At the end the
final stacks are compared; along the way, the player to act, the amount to call and the
smallest and largest bet or raise are compared at every decision.

Known pokerkit 0.7.7 defects and rule differences are not chased: a hand that meets one is
*excluded* by a named rule (see :class:`Exclusion`), decided in code from the hand itself,
and counted. The test module states the rules and bounds how many hands they take out.

The pokerkit side is set up by :mod:`dealer_console.sim.pokerkit_reference` (its game classes, tournament
mode, no hand killed before the push), as ``bench/engine.py`` sets it up.
:func:`play_script` plays a hand from a fixed deck and a list of PHH verbs, for directed tests.
"""

from __future__ import annotations

import enum
import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

from pokerkit import State

from dealer_console.engine.cards import DECK, Card, format_cards, parse_known_cards
from dealer_console.engine.games import HouseRules, Structure
from dealer_console.engine.hand import Hand, HandSetup, Phase
from dealer_console.sim.pokerkit_reference import make_games
from dealer_console.sim.random_deals import random_table

__all__ = ["BatchSummary", "Exclusion", "Mismatch", "PlayedHand", "play_batch", "play_hand", "play_script"]


class Exclusion(enum.Enum):
    """Why a hand is left out of the comparison: a known pokerkit defect or rule difference."""

    LIMIT_SHORT_ALL_IN_RAISE = "limit: an all-in bet or raise of less than a full bet"
    """SPEC (Betting structures): in limit an all-in of at least half a bet counts as a raise;
    pokerkit 0.7.7 has no half-bet rule (it treats every short all-in as not reopening and
    sizes the next raise from it)."""
    SHORT_BIG_BLIND = "the big blind is posted all-in for less than a full blind"
    """pokerkit lets the others call the short blind and sizes the next raise from it; the engine
    follows the card-room convention (Robert's Rules, "Blinds"): the full big blind must be
    called, and the next raise is sized from it."""
    SHORT_ALL_IN_MEASURED_FROM_ZERO = "no-limit/pot-limit: an all-in that pokerkit and the engine size differently as a full raise"
    """pokerkit 0.7.7 measures the first bet or raise of a round against zero, not the big blind:
    an all-in raise of less than the big blind's worth reopens the betting for it. The engine
    follows TDA Rule 43 and SPEC (Betting structures): less than a full raise does not reopen."""
    LOW_HALF_WITHOUT_LOW = "hi-lo: a pot whose contenders have no qualifying low, while another live hand has one"
    """pokerkit 0.7.7 decides per board, not per pot, whether there is a low half, and then
    splits that half among every contender of the pot; omaha-club-rules.txt (Omaha Hi-Low) and
    SPEC ("no qualifying low means the high hand takes the whole pot") give it to the high."""
    SEVERAL_ODD_CHIPS = "a share split among three or more tied hands with two or more odd chips"
    """pokerkit gives every odd chip to the first winner; SPEC (Splitting) and the engine give
    them one at a time from the first seat left of the button."""


@dataclass(slots=True)
class PlayedHand:
    """One random hand: its set-up, every step (for reproduction) and the outcome."""

    seed: int
    structure: Structure
    blinds: tuple[int, int]
    stacks: tuple[int, ...]
    steps: list[str] = field(default_factory=list)
    exclusion: Exclusion | None = None
    pending_exclusion: tuple[Exclusion, int | None] | None = None
    """A known difference met this hand, which excludes it only if it changes who may raise later in the round."""
    pokerkit_stacks: tuple[int, ...] = ()
    engine_stacks: tuple[int, ...] = ()
    mismatch: str = ""
    showdown: bool = False
    all_in: bool = False
    side_pots: bool = False
    odd_chip_to_high: bool = False
    """A hi-lo pot of an odd amount was split high/low (the odd chip went to the high half)."""
    odd_chip_among_tied: bool = False
    """Tied hands split a share of an odd amount (the odd chip went to the first seat left of the button)."""

    def describe(self) -> str:
        """Everything needed to reproduce the hand by hand, one step a line."""
        head = (
            f"seed={self.seed} {self.structure.value} blinds={self.blinds} stacks={list(self.stacks)}"
            f" (seat N = pokerkit player N-1; button = seat {len(self.stacks)})"
        )
        body = "\n".join(f"  {step}" for step in self.steps)
        tail = f"\n  pokerkit stacks: {list(self.pokerkit_stacks)}\n  engine stacks:   {list(self.engine_stacks)}"
        problem = f"\n  problem: {self.mismatch}" if self.mismatch else ""
        return f"{head}\n{body}{tail}{problem}"


class Mismatch(AssertionError):
    """The engine and pokerkit disagree."""


def _pk_cards(cards: list[Card]) -> str:
    return "".join(str(card) for card in cards)


def _engine_raise_bounds(hand: Hand) -> tuple[int, int] | None:
    """The engine's smallest and largest bet/raise-to for the player to act, all-ins included."""
    legal = hand.legal_actions()
    assert legal is not None
    if legal.can_bet or legal.can_raise:
        return legal.min_to, legal.max_to
    if legal.all_in_to and legal.all_in_to > hand.current_bet:
        return legal.all_in_to, legal.all_in_to
    return None


def _choose_amount(rng: random.Random, low: int, high: int, structure: Structure, state: State) -> int:
    if low >= high:
        return low
    roll = rng.random()
    if roll < 0.30:
        return low
    if roll < 0.50:
        return high
    if roll < 0.65 and structure is Structure.NO_LIMIT:
        pot = state.pot_completion_betting_or_raising_to_amount
        if pot is not None and low <= pot <= high:
            return int(pot)
    return rng.randint(low, high)


def _odd_chip_or_low_exclusion(state: State) -> Exclusion | None:
    """Look at the share pokerkit is about to push: does a known defect decide it?"""
    amount, pot_index, board_index, hand_type_index = state._sub_pots[0]
    if board_index is None or hand_type_index is None:
        return None
    pots = state._pots
    assert pots is not None
    pot = pots[pot_index]
    hands = tuple(state.get_up_hands(board_index, hand_type_index))
    contenders = [i for i in pot.player_indices if hands[i] is not None]
    if not contenders:
        return Exclusion.LOW_HALF_WITHOUT_LOW if hand_type_index == 1 else None
    best = max(hands[i] for i in contenders)  # type: ignore[type-var]
    winners = [i for i in pot.player_indices if hands[i] == best]
    if len(winners) >= 3 and amount % len(winners) >= 2:
        return Exclusion.SEVERAL_ODD_CHIPS
    return None


def play_hand(seed: int, structure: Structure, house: HouseRules | None = None) -> PlayedHand:
    """Play one random hand through pokerkit and the engine; raise :class:`Mismatch` on any disagreement.

    The returned record has ``exclusion`` set when a known pokerkit difference met the hand
    (then play stopped there, or the outcome is not compared).
    """
    rng = random.Random(seed)
    house = house or HouseRules()
    blinds, stacks = random_table(rng, structure)
    played = PlayedHand(seed=seed, structure=structure, blinds=blinds, stacks=stacks)
    deck = list(DECK)
    try:
        rng.shuffle(deck)
        _play(played, house, deck, lambda state, hand: _act(rng, state, hand, played))
    except Mismatch as problem:
        played.mismatch = str(problem)
        raise Mismatch(played.describe()) from None
    except Exception as problem:  # an engine refusal or crash is a mismatch too
        played.mismatch = f"{type(problem).__name__}: {problem}"
        raise Mismatch(played.describe()) from problem
    return played


def play_script(
    structure: Structure,
    blinds: tuple[int, int],
    stacks: tuple[int, ...],
    cards: str,
    actions: list[str],
    house: HouseRules | None = None,
) -> PlayedHand:
    """Play a scripted hand through both: ``cards`` in the order they are dealt (hole cards in
    deal order, then burn and board cards), ``actions`` as PHH verbs (``f``, ``cc``,
    ``cbr N``) for whoever is to act. The final stacks are recorded, not compared."""
    played = PlayedHand(seed=-1, structure=structure, blinds=blinds, stacks=stacks)
    deck = list(reversed(_cards_of(cards)))
    script = list(actions)

    def act(state: State, hand: Hand) -> None:
        seat = (state.actor_index or 0) + 1
        words = script.pop(0).split()
        _apply(state, hand, played, seat, words[0], int(words[1]) if len(words) > 1 else 0, use_all_in=False)

    _play(played, house or HouseRules(), deck, act, compare=False)
    return played


def _cards_of(cards: str) -> list[Card]:
    """Cards from text such as ``"AsKd"``, every one known."""
    return list(parse_known_cards(cards))


def _play(
    played: PlayedHand, house: HouseRules, deck: list[Card], act: Callable[[State, Hand], None], *, compare: bool = True
) -> None:
    structure = played.structure
    small, big = played.blinds
    count = len(played.stacks)
    game, create = make_games(structure, small, big, house)
    state = create(list(played.stacks))
    hand = Hand(HandSetup(
        game=game,
        stacks={i + 1: stack for i, stack in enumerate(played.stacks)},
        button=count,
        extra_player_authorized_by="floor" if count > game.variant.max_players else None,  # the seed's ninth player
    ))
    hand.post_blinds()
    steps = played.steps
    if hand.big_blind_seat is not None and played.stacks[hand.big_blind_seat - 1] < big:
        played.pending_exclusion = (Exclusion.SHORT_BIG_BLIND, 0)
        steps.append("(the big blind is all-in for less than a full blind)")
    for seat in hand.deal_order():
        cards = [deck.pop() for _ in range(4)]
        if state.hole_dealee_index != seat - 1:
            raise Mismatch(f"deal order: pokerkit deals player {state.hole_dealee_index} where the engine deals seat {seat}")
        state.deal_hole(_pk_cards(cards))
        hand.deal_hole(seat, cards)
        steps.append(f"deal seat {seat} {format_cards(cards)}")
    to_show: list[int] = []
    while state.status:
        if state.actor_index is not None:
            act(state, hand)
            if played.exclusion is not None:
                return
        elif hand.actor is not None and played.pending_exclusion is not None and played.pending_exclusion[1] == hand.street:
            # pokerkit closed the round where the engine still has a player to act (rules 1-3)
            played.exclusion = played.pending_exclusion[0]
            steps.append(f"pokerkit closed the round; the engine has seat {hand.actor} to act (excluded)")
            return
        elif state.can_burn_card():
            card = deck.pop()
            state.burn_card(str(card))
            hand.burn(card)
            steps.append(f"burn {card}")
        elif state.can_deal_board():
            dealt = state.board_dealing_count
            assert dealt is not None
            cards = [deck.pop() for _ in range(dealt)]
            state.deal_board(_pk_cards(cards))
            hand.deal_board(cards)
            steps.append(f"board {format_cards(cards)}")
        elif state.showdown_index is not None:
            index = state.showdown_index
            state.show_or_muck_hole_cards(True)
            to_show.append(index + 1)
            played.showdown = True
        elif state.can_push_chips():
            exclusion = _odd_chip_or_low_exclusion(state)
            if exclusion is not None and played.exclusion is None:
                played.exclusion = exclusion
            state.push_chips()
        else:
            raise Mismatch(f"pokerkit is stuck: {state.operations[-1] if state.operations else 'no operation'}")
        if hand.phase is Phase.SHOWDOWN:
            # pokerkit tables all-in hands before the run-out; the engine takes them at the showdown
            for seat in to_show:
                hand.show(seat)
                steps.append(f"seat {seat} shows {format_cards(hand.hole_cards(seat))}")
            to_show.clear()
    played.pokerkit_stacks = tuple(int(stack) for stack in state.stacks)
    if not hand.is_complete:
        played.engine_stacks = tuple(hand.stacks[seat] for seat in range(1, count + 1))
        raise Mismatch(f"pokerkit finished the hand but the engine is in {hand.phase} (actor {hand.actor})")
    played.engine_stacks = tuple(hand.stacks[seat] for seat in range(1, count + 1))
    _note_outcome(played, hand)
    if compare and played.exclusion is None and played.pokerkit_stacks != played.engine_stacks:
        raise Mismatch("final stacks differ")


def _note_outcome(played: PlayedHand, hand: Hand) -> None:
    """What the finished hand came to, for the batch's counts (all-ins, side pots, odd chips)."""
    played.all_in = any(hand.is_all_in(seat) for seat in hand.seats)
    result = hand.result
    assert result is not None
    played.side_pots = len(result.pots) > 1
    for pot in result.pots:
        halves = {share.half: share.amount for share in pot.shares}
        played.odd_chip_to_high |= halves.get("high", 0) == halves.get("low", 0) + 1
        played.odd_chip_among_tied |= any(len({chips for _, chips in share.winners}) > 1 for share in pot.shares)


def _act(rng: random.Random, state: State, hand: Hand, played: PlayedHand) -> None:
    """Choose a random legal action from pokerkit's state and make it in both."""
    structure = played.structure
    index = state.actor_index
    assert index is not None
    seat = index + 1
    steps = played.steps
    if hand.actor is None and not state.checking_or_calling_amount and not state.can_complete_bet_or_raise_to():
        # pokerkit asks the last player with chips for a check nobody can bet against; the engine
        # closes the round without asking (nothing can change)
        state.check_or_call()
        steps.append(f"seat {seat} checks (pokerkit only: nobody left to bet against)")
        return
    if hand.actor != seat:
        raise Mismatch(f"turn: pokerkit has seat {seat} to act, the engine seat {hand.actor}")
    legal = hand.legal_actions()
    assert legal is not None
    to_call = int(state.checking_or_calling_amount or 0)
    if legal.call_amount != to_call and played.pending_exclusion is not None and played.pending_exclusion[1] == state.street_index:
        played.exclusion = played.pending_exclusion[0]
        played.steps.append(f"seat {seat}: pokerkit's call is {to_call}, the engine's {legal.call_amount} (excluded)")
        return
    if legal.call_amount != to_call:
        raise Mismatch(f"seat {seat}: pokerkit's call is {to_call}, the engine's {legal.call_amount}")
    low_to = state.min_completion_betting_or_raising_to_amount
    high_to = state.max_completion_betting_or_raising_to_amount
    pk_bounds = (int(low_to), int(high_to)) if low_to is not None and high_to is not None else None
    engine_bounds = _engine_raise_bounds(hand)
    if pk_bounds != engine_bounds and played.pending_exclusion is not None and played.pending_exclusion[1] == state.street_index:
        played.exclusion = played.pending_exclusion[0]
        steps.append(f"seat {seat}: pokerkit's bet/raise-to range is {pk_bounds}, the engine's {engine_bounds} (excluded)")
        return
    if pk_bounds != engine_bounds:
        raise Mismatch(f"seat {seat}: pokerkit's bet/raise-to range is {pk_bounds}, the engine's {engine_bounds}")
    roll = rng.random()
    stack = hand.stacks[seat]
    if to_call and roll < 0.18:
        _apply(state, hand, played, seat, "f", 0, use_all_in=False)
        return
    if pk_bounds is not None and roll > (0.70 if to_call else 0.62):
        low, high = pk_bounds
        amount = _choose_amount(rng, low, high, structure, state)
        all_in = amount == stack + hand.bets[seat]
        increment = amount - max(state.bets)
        street = state.street
        assert street is not None
        if structure is Structure.LIMIT and all_in and increment < street.min_completion_betting_or_raising_amount:
            played.pending_exclusion = (Exclusion.LIMIT_SHORT_ALL_IN_RAISE, state.street_index)
            steps.append(f"(seat {seat}'s all-in is less than a full bet)")
        if structure is not Structure.LIMIT and all_in:
            # a full raise is at least the big blind and the last full bet or raise (TDA 43);
            # pokerkit measures it from the largest earlier bet or raise of the round, or zero
            measured_from = state.completion_betting_or_raising_amount
            if measured_from <= increment < max(hand.game.stakes.big_blind, measured_from):
                played.pending_exclusion = (Exclusion.SHORT_ALL_IN_MEASURED_FROM_ZERO, state.street_index)
                steps.append(f"(seat {seat}'s all-in is a full raise to pokerkit only)")
        _apply(state, hand, played, seat, "cbr", amount, use_all_in=rng.random() < 0.5)
        return
    _apply(state, hand, played, seat, "cc", 0, use_all_in=rng.random() < 0.5)


def _apply(state: State, hand: Hand, played: PlayedHand, seat: int, verb: str, amount: int, *, use_all_in: bool) -> None:
    """Make one move in both: ``f`` fold, ``cc`` check or call, ``cbr`` bet or raise to ``amount``.

    ``use_all_in``: when the move puts the player's last chip in, say so with the engine's
    ``all_in`` verb rather than ``call``/``bet``/``raise_to``.
    """
    steps = played.steps
    stack = hand.stacks[seat]
    if verb == "f":
        state.fold()
        hand.fold(seat)
        steps.append(f"seat {seat} folds")
    elif verb == "cbr":
        state.complete_bet_or_raise_to(amount)
        if use_all_in and amount == stack + hand.bets[seat]:
            hand.all_in(seat)
            steps.append(f"seat {seat} all-in to {amount}")
        elif hand.current_bet == 0:
            hand.bet(seat, amount)
            steps.append(f"seat {seat} bets {amount}")
        else:
            hand.raise_to(seat, amount)
            steps.append(f"seat {seat} raises to {amount}")
    elif verb == "cc":
        to_call = int(state.checking_or_calling_amount or 0)
        state.check_or_call()
        if to_call == 0:
            hand.check(seat)
            steps.append(f"seat {seat} checks")
        elif use_all_in and to_call == stack:
            hand.all_in(seat)
            steps.append(f"seat {seat} all-in calling {to_call}")
        else:
            hand.call(seat)
            steps.append(f"seat {seat} calls {to_call}")
    else:
        raise ValueError(f"unknown move {verb!r}")



@dataclass(slots=True)
class BatchSummary:
    """What a batch of hands came to (picklable, for a process pool)."""

    structure: Structure
    hands: int = 0
    compared: int = 0
    excluded: dict[str, int] = field(default_factory=dict)
    showdowns: int = 0
    all_ins: int = 0
    side_pots: int = 0
    odd_chip_to_high: int = 0
    odd_chip_among_tied: int = 0
    failures: list[str] = field(default_factory=list)


def play_batch(structure: Structure, seeds: range) -> BatchSummary:
    """Play ``seeds`` (one hand each) and sum them up; failures keep their full description."""
    warnings.simplefilter("ignore")  # pokerkit warns about chips it burns in defect cases
    summary = BatchSummary(structure)
    for seed in seeds:
        summary.hands += 1
        try:
            played = play_hand(seed, structure)
        except Mismatch as failure:
            summary.failures.append(str(failure))
            continue
        if played.exclusion is not None:
            key = played.exclusion.name
            summary.excluded[key] = summary.excluded.get(key, 0) + 1
            continue
        summary.compared += 1
        summary.showdowns += played.showdown
        summary.all_ins += played.all_in
        summary.side_pots += played.side_pots
        summary.odd_chip_to_high += played.odd_chip_to_high
        summary.odd_chip_among_tied += played.odd_chip_among_tied
    return summary
