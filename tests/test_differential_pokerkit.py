"""The engine against pokerkit 0.7.7: thousands of random complete Omaha hands, same deals,
same actions, same final stacks.

For each of pot-limit Omaha, no-limit Omaha and fixed-limit Omaha hi-lo 8-or-better, at least
2,000 seeded random hands (``tests/support/pokerkit_oracle.py``) are played through pokerkit and
the engine together: 2 to 9 players, random stacks (many short, so all-ins, side pots and short
all-ins are common), blinds of 1/2, 2/4, 5/10, 1/4 and 1/10, random legal actions taken
from pokerkit's state (fold, check or call, bet or raise to a random size between the minimum
and the maximum, all-in), explicit dealing from one shuffled deck, one board, one run, and a
showdown where every remaining player shows. At every decision the player to act, the amount
to call and the bet/raise-to range must agree; at the end, every final stack.

How pokerkit is set up (its own classes do not fit, see the oracle module's docstring): a
fixed-limit hi-lo class built from ``FixedLimitPokerMixin``, ``OmahaHoldemMixin`` and
``Holdem`` with the engine's default cap (a bet and three raises; pre-flop the big blind is the
bet), a no-limit Omaha class, tournament mode (so one run-out), and no killing of losing hands
before the push: pokerkit's hand killing merges pots whose remaining contenders coincide and
then splits odd chips over the merged amount, while SPEC (Splitting) splits each pot on its own.
One more difference is not an exclusion: when one player with chips is left facing no bet and
nobody can bet against them, pokerkit still asks them to check; the engine closes the round
without asking (nothing can change), so the harness answers pokerkit alone.

Odd chips. pokerkit gives the odd chip of a hi-lo split to the high half and, among tied hands,
the remainder to the first winner in player order (player 0 is the first seat left of the
button, heads-up the big blind, which is also left of the button): SPEC's rule ("an odd chip
goes to the high hand (hi-lo) ... and among tied players to the first seat left of the
button") as long as there is one odd chip. With two or more odd chips pokerkit gives them all to
the first winner, the engine one each from the left of the button; see rule 5.

Exclusion rules (applied in code, counted, bounded below; a hand meeting none is compared):

1. Limit: after an all-in bet or raise of less than a full bet, the rest of that betting round
   is compared only while pokerkit and the engine agree on the next raise; if they disagree
   (its size, whether the betting is reopened, whether it is capped), the hand is excluded.
   SPEC (Betting structures): "in limit, an all-in of at least half a bet counts as a raise";
   pokerkit 0.7.7 has no half-bet rule and sizes the next raise from the short all-in.
2. When the big blind is posted all-in for less than a full blind, the pre-flop round is
   compared only while the two agree on the call and the raise: pokerkit lets players call the
   short blind and raises from it; the engine follows the card-room convention (Robert's Rules,
   "Blinds"): the full big blind must be called and the next raise is sized from it.
3. No-limit and pot-limit: after an all-in that pokerkit counts as a full raise but that is
   less than the big blind (pokerkit measures the first bet or raise of a round from zero), the
   rest of that round is compared only while the two agree on who may raise. TDA Rule 43 and
   SPEC: an all-in for less than a full raise does not reopen the betting.
4. Hi-lo: a pot none of whose contenders has a qualifying low while another shown hand has one
   (pokerkit then makes a low half and shares it among the pot's contenders; the seed and SPEC
   give the whole pot to the high hand).
5. A share split among three or more tied hands with two or more odd chips.

Rules 1 to 3 take a hand out only at the decision where the two disagree (play stops there);
rules 4 and 5 are decided when pokerkit pushes the chips. Bounds: at most 10 % of pot-limit and
no-limit hands and at most 25 % of limit hands excluded (measured: about 7 %, 7 % and 13 %, most of them short big blinds and limit short all-ins).
Whenever two results differ the failure shows the whole hand, step by step (the first three
failing hands in full); ``play_hand(seed, structure)`` replays one.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest
from pokerkit import FixedLimitOmahaHoldemHighLowSplitEightOrBetter, State

from dealer_console.engine.cards import DECK
from dealer_console.engine.games import HouseRules, Structure
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.sim.pokerkit_reference import AUTOMATIONS, make_games
from tests.support.pokerkit_oracle import BatchSummary, Exclusion, play_batch, play_script

HANDS = {Structure.POT_LIMIT: 2200, Structure.NO_LIMIT: 2200, Structure.LIMIT: 2400}
"""Hands first played per structure (seeded: the same hands on every run); more are played if
fewer than :data:`MIN_COMPARED` were compared."""
SEED_BASE = {Structure.POT_LIMIT: 1_000_000, Structure.NO_LIMIT: 2_000_000, Structure.LIMIT: 3_000_000}
MIN_COMPARED = 2000
MAX_EXCLUDED = {Structure.POT_LIMIT: 0.10, Structure.NO_LIMIT: 0.10, Structure.LIMIT: 0.25}
BATCH = 40
_TIMING: dict[str, str] = {"text": ""}


def _add(total: BatchSummary, summary: BatchSummary) -> None:
    total.hands += summary.hands
    total.compared += summary.compared
    for rule, excluded in summary.excluded.items():
        total.excluded[rule] = total.excluded.get(rule, 0) + excluded
    total.showdowns += summary.showdowns
    total.all_ins += summary.all_ins
    total.side_pots += summary.side_pots
    total.odd_chip_to_high += summary.odd_chip_to_high
    total.odd_chip_among_tied += summary.odd_chip_among_tied
    total.failures += summary.failures


def _batches(structure: Structure, first: int, count: int) -> list[tuple[Structure, range]]:
    return [(structure, range(start, min(start + BATCH, first + count))) for start in range(first, first + count, BATCH)]


@pytest.fixture(scope="module")
def differential() -> Iterator[dict[Structure, BatchSummary]]:
    """Play every structure's hands in a process pool; the summaries by structure."""
    started = time.perf_counter()
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = max(1, min(8, os.cpu_count() or 1))
    totals = {structure: BatchSummary(structure) for structure in HANDS}
    jobs = [job for structure, count in HANDS.items() for job in _batches(structure, SEED_BASE[structure], count)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while jobs:
            for summary in pool.map(play_batch, *zip(*jobs, strict=True)):
                _add(totals[summary.structure], summary)
            jobs = [
                job
                for structure, total in totals.items()
                if total.compared < MIN_COMPARED and not total.failures
                for job in _batches(structure, SEED_BASE[structure] + total.hands, (MIN_COMPARED - total.compared) * 5 // 4 + BATCH)
            ]
    elapsed = time.perf_counter() - started
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime
    hands = sum(total.hands for total in totals.values())
    _TIMING["text"] = f"{hands} hands in {elapsed:.1f} s on {workers} worker(s), {cpu:.1f} s of CPU"
    print(f"\ndifferential against pokerkit: {_TIMING['text']}")
    for total in totals.values():
        print(
            f"  {total.structure.value}: {total.hands} hands, {total.compared} compared, excluded {total.excluded},"
            f" {total.showdowns} showdowns, {total.all_ins} with an all-in, {total.side_pots} with side pots,"
            f" odd chip to the high half {total.odd_chip_to_high}, odd chip among tied hands {total.odd_chip_among_tied},"
            f" {len(total.failures)} failures"
        )
    yield totals


@pytest.mark.slow
@pytest.mark.parametrize("structure", list(HANDS), ids=[structure.value for structure in HANDS])
def test_engine_and_pokerkit_end_random_hands_with_the_same_stacks(
    differential: dict[Structure, BatchSummary], structure: Structure, capsys: pytest.CaptureFixture[str]
) -> None:
    """Same deals and actions give the same decisions and the same final stacks.

    SPEC (Betting structures; All-in, side pots, extra boards, showdown): blinds, pot-limit and
    no-limit sizes, limit bets and cap, all-ins and side pots, uncalled bets, hi-lo splits and
    odd chips; pokerkit is the independent implementation of the same rules.
    """
    total = differential[structure]
    if total.failures:
        shown = "\n\n".join(total.failures[:3])
        pytest.fail(f"{len(total.failures)} of {total.hands} {structure.value} hands disagree with pokerkit; the first:\n\n{shown}")
    assert total.compared >= MIN_COMPARED, f"only {total.compared} {structure.value} hands were compared"
    excluded = sum(total.excluded.values())
    assert excluded <= MAX_EXCLUDED[structure] * total.hands, f"{excluded} {structure.value} hands excluded: {total.excluded}"
    # the hands really reach the rules under test
    assert total.showdowns >= total.compared // 2
    assert total.all_ins >= total.compared // 3
    assert total.side_pots >= total.compared // 5
    with capsys.disabled():
        print(f"\n  {structure.value}: {total.compared} hands compared, {excluded} excluded {total.excluded} ({_TIMING['text']} in all)")


@pytest.mark.slow
def test_odd_chips_were_split_in_the_compared_hands(differential: dict[Structure, BatchSummary]) -> None:
    """The odd-chip rules were exercised and agreed: SPEC (Splitting) "an odd chip goes to the
    high hand (hi-lo) ... and among tied players to the first seat left of the button"."""
    assert differential[Structure.LIMIT].odd_chip_to_high > 0
    assert sum(total.odd_chip_among_tied for total in differential.values()) > 0


def test_pokerkits_own_fixed_limit_omaha_hi_lo_is_pot_limit() -> None:
    """Why the oracle builds its own class: pokerkit 0.7.7's fixed-limit hi-lo lets the first
    player raise to the pot, while a limit raise pre-flop is to exactly two small bets
    (omaha-betting-structures.txt, Limit: the bet or raise is a fixed sum)."""
    theirs = FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, (200, 200, 200), 3)
    for cards in ("AsKsQsJs", "AhKhQhJh", "AdKdQdJd"):
        theirs.deal_hole(cards)
    assert theirs.max_completion_betting_or_raising_to_amount == 7  # pot-limit: 2 + (3 + 2)
    _, create = make_games(Structure.LIMIT, 1, 2, HouseRules())
    ours = create([200, 200, 200])
    for cards in ("AsKsQsJs", "AhKhQhJh", "AdKdQdJd"):
        ours.deal_hole(cards)
    assert ours.min_completion_betting_or_raising_to_amount == ours.max_completion_betting_or_raising_to_amount == 4


def test_oracle_fixed_limit_caps_like_the_engine() -> None:
    """omaha-limit-basics.txt: "The maximum amount of bets per round at the table is 4 per
    player. This includes the first bet and up to 3 raises"; pre-flop the big blind is the
    first bet, so three raises take the betting to four small bets, as in the engine."""
    _, create = make_games(Structure.LIMIT, 1, 2, HouseRules())
    state = create([500] * 6)
    deck = iter(DECK)
    for _ in range(6):
        state.deal_hole("".join(str(next(deck)) for _ in range(4)))
    raises = 0
    while state.can_complete_bet_or_raise_to():
        state.complete_bet_or_raise_to()
        raises += 1
    assert raises == 3
    assert max(state.bets) == 8


def _dealt(structure: Structure, blinds: tuple[int, int], stacks: list[int]) -> tuple[State, Hand]:
    """A pokerkit state and an engine hand with the same blinds posted and the same cards dealt."""
    game, create = make_games(structure, *blinds, HouseRules())
    state = create(stacks)
    hand = Hand(HandSetup(
        game=game,
        stacks={seat: stack for seat, stack in enumerate(stacks, 1)},
        button=len(stacks),
        extra_player_authorized_by="floor" if len(stacks) > game.variant.max_players else None,
    ))
    hand.post_blinds()
    deck = iter(DECK)
    for seat in hand.deal_order():
        cards = [next(deck) for _ in range(4)]
        state.deal_hole("".join(map(str, cards)))
        hand.deal_hole(seat, cards)
    return state, hand


def test_exclusion_1_limit_all_in_of_half_a_bet_reopens_the_betting_in_the_engine_only() -> None:
    """Rule 1: limit 1/2, pre-flop. Seat 3 raises to 4 and seat 4 calls; seat 1 (the small
    blind, 5 chips) goes all-in to 5, half a bet more, and seat 2 calls. SPEC (Betting
    structures): "in limit, an all-in of at least half a bet counts as a raise", so seat 3 may
    raise again, to 7 (a full bet over the 5); pokerkit has no half-bet rule: seat 3 may only
    call."""
    state, hand = _dealt(Structure.LIMIT, (1, 2), [5, 100, 100, 100])
    state.complete_bet_or_raise_to(4)
    hand.raise_to(3, 4)
    state.check_or_call()
    hand.call(4)
    state.complete_bet_or_raise_to(5)
    hand.all_in(1)
    state.check_or_call()
    hand.call(2)
    assert hand.actor == 3 and state.actor_index == 2
    legal = hand.legal_actions()
    assert legal is not None and legal.can_raise and legal.min_to == legal.max_to == 7
    assert not state.can_complete_bet_or_raise_to()


def test_exclusion_2_limit_raise_over_a_short_big_blind() -> None:
    """Rule 2: limit 2/4 (bets of 4), the big blind has 3 chips. The engine's first raise is to
    two full bets, 8, as if the blind were complete (card rooms make players call the full big
    blind when it is short); pokerkit's is to the short blind plus a bet, 7."""
    state, hand = _dealt(Structure.LIMIT, (2, 4), [100, 3, 100])
    legal = hand.legal_actions()
    assert legal is not None and legal.min_to == legal.max_to == 8
    assert state.min_completion_betting_or_raising_to_amount == state.max_completion_betting_or_raising_to_amount == 7


def test_exclusion_3_pokerkit_reopens_the_betting_on_an_all_in_below_the_big_blind() -> None:
    """Rule 3 is pokerkit's, not the engine's: pre-flop, pot-limit 5/10, the big blind (12 chips)
    raises all-in to 12, two chips more. The button had called: TDA Rule 43 and SPEC ("All-in for
    less than a full raise does not reopen the betting to players who have already acted") let
    them call or fold only; pokerkit lets them raise."""
    state, hand = _dealt(Structure.POT_LIMIT, (5, 10), [1000, 12, 1000])
    state.check_or_call()
    hand.call(3)
    state.check_or_call()
    hand.call(1)
    state.complete_bet_or_raise_to(12)
    hand.raise_to(2, 12)
    assert hand.actor == 3 and state.actor_index == 2
    assert state.can_complete_bet_or_raise_to()
    legal = hand.legal_actions()
    assert legal is not None and not legal.can_raise and legal.call_amount == 2


def test_exclusion_4_pokerkit_shares_a_low_half_nobody_in_the_pot_qualifies_for() -> None:
    """Rule 4 is pokerkit's: limit hi-lo 1/2. Seat 3 is all-in pre-flop with the only low
    (A-2-3-5-7); seats 1 and 2 bet on into a side pot, where seat 1's trip kings beat seat 2's
    trip queens. The side pot has no low among its contenders, so the high hand takes all of it
    (omaha-club-rules.txt, Omaha Hi-Low; SPEC: "no qualifying low means the high hand takes
    the whole pot"); pokerkit splits half of it between seats 1 and 2."""
    played = play_script(
        Structure.LIMIT,
        (1, 2),
        (100, 100, 4),
        "KhKdJcJd" "QhQsTcTd" "As5h9c9d" "4s" "2c3d7h" "8s" "Ks" "6s" "Qd",
        ["cbr 4", "cc", "cc", "cbr 2", "cc", "cbr 4", "cc", "cc", "cc"],
    )
    # each of seats 1 and 2 put in 10; main pot 12 (high seat 1, low seat 3), side pot 12
    assert played.engine_stacks == (100 - 10 + 6 + 12, 100 - 10, 6)
    assert played.pokerkit_stacks == (100 - 10 + 6 + 6 + 3, 100 - 10 + 3, 6)
    assert played.exclusion is Exclusion.LOW_HALF_WITHOUT_LOW


def test_exclusion_5_pokerkit_gives_every_odd_chip_to_the_first_winner() -> None:
    """Rule 5: no-limit 2/4; the small blind folds, three players check to the river and tie
    with the same straight (A-K-Q-J-T). The 14-chip pot gives 4 each and two odd chips: SPEC
    (Splitting) gives them from the first seat left of the button, one each to seats 2 and 3;
    pokerkit gives both to seat 2."""
    played = play_script(
        Structure.NO_LIMIT,
        (2, 4),
        (100, 100, 100, 100),
        "8c8d7c7d" "JcTd3c3d" "JhTs4c4d" "JdTh6c6d" "9s" "AcKdQh" "9h" "5s" "9d" "2c",
        ["cc", "cc", "f", "cc"] + ["cc"] * 9,
    )
    assert played.engine_stacks == (98, 101, 101, 100)
    assert played.pokerkit_stacks == (98, 102, 100, 100)
    assert played.exclusion is Exclusion.SEVERAL_ODD_CHIPS
