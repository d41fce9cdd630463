"""Real hands replay to the chip: the 2023 WSOP $50,000 Poker Players Championship, Day 5.

The hands are the PHH transcriptions in ``shared/data/phh`` (README there): every action is
played through the engine's own verbs, each one checked by the engine's rules, and the hand
must end with exactly the ``finishing_stacks`` the broadcast recorded.

The limit cap in force. The README says the cap came from the WSOP's rules and must be taken
as a setting (``HouseRules.limit_raises_per_round`` / ``limit_heads_up_uncapped``). The WSOP
rules allow one bet and four raises in a limit round and lift the cap heads-up (2023 WSOP
Tournament Rules, Rule 100.b, as quoted by third parties; the rule book itself is not in
the shared data); that is :data:`WSOP_LIMIT_RULES`. The hands themselves only bound the cap from below: two rounds reach
a bet and three raises (00-55-24 pre-flop five-handed, 03-22-08 pre-flop, where the fourth
bet is made with two players left), so every setting from three raises up replays all twelve
limit hands, heads-up capped or not, and a cap of two raises refuses them
(:func:`test_limit_cap_of_two_raises_contradicts_the_real_hands`). Nothing in the hands can
tell a cap of three raises from four, nor whether heads-up is capped.

Pot-limit hands: all six carry a big-blind ante (``antes = [0, 100000, 0, 0, 0]``: the big
blind also puts 100,000 dead in the pot, which counts in the pot-limit maximum). The replayer
posts it with ``BlindKind.ANTE`` before the blinds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.games import HouseRules, Structure
from dealer_console.engine.hand import Hand, Phase
from tests.conftest import shared_data_dir
from tests.support.phh import PHHHand, final_stacks_in_seat_order, make_setup, read_phh, replay

WSOP_LIMIT_RULES = HouseRules(limit_raises_per_round=4, limit_heads_up_uncapped=True)
"""The limit cap at the 2023 WSOP: one bet and four raises, no cap heads-up."""

_DATA = shared_data_dir()
PHH_FILES = sorted((_DATA / "phh").glob("*.phh")) if _DATA is not None else []


def _load(shared_data: Path, name: str) -> PHHHand:
    return read_phh(shared_data / "phh" / name)


def test_the_shared_folder_holds_the_eighteen_hands(shared_data: Path) -> None:
    """shared/data/phh/README.md: 18 hands, FO/8 and PO; the replay test below covers each file."""
    files = sorted((shared_data / "phh").glob("*.phh"))
    assert len(files) == 18
    variants = {read_phh(path).variant for path in files}
    assert variants == {"FO/8", "PO"}


@pytest.mark.parametrize(
    "name",
    [pytest.param(path.name, id=path.name) for path in PHH_FILES],
)
def test_real_hand_replays_to_its_finishing_stacks(shared_data: Path, name: str) -> None:
    """A broadcast hand replays action by action and ends with exactly the recorded stacks.

    shared/data/phh/README.md: "a replay of actions must end with exactly finishing_stacks";
    the limit cap is the event's (WSOP: a bet and four raises, no cap heads-up).
    """
    phh = _load(shared_data, name)
    hand = replay(phh, WSOP_LIMIT_RULES)
    assert hand.phase is Phase.COMPLETE, f"{name}: the hand stopped in {hand.phase} after its last action"
    assert hand.result is not None and hand.result.audit.balanced
    assert final_stacks_in_seat_order(hand, phh.player_count) == list(phh.finishing_stacks or ())


@pytest.mark.parametrize("raises", [3, 4, 5])
@pytest.mark.parametrize("heads_up_uncapped", [False, True])
def test_every_limit_hand_replays_under_any_cap_of_three_raises_or_more(
    shared_data: Path, raises: int, heads_up_uncapped: bool
) -> None:
    """The limit hands fit every cap from a bet and three raises up (omaha-limit-basics.txt: four
    bets a round is the product default), so they cannot tell three raises from four."""
    house = HouseRules(limit_raises_per_round=raises, limit_heads_up_uncapped=heads_up_uncapped)
    for path in sorted((shared_data / "phh").glob("*.phh")):
        phh = read_phh(path)
        if phh.structure is not Structure.LIMIT:
            continue
        hand = replay(phh, house)
        assert final_stacks_in_seat_order(hand, phh.player_count) == list(phh.finishing_stacks or ()), path.name


@pytest.mark.parametrize(
    ("name", "refused_seat"),
    [
        # pre-flop five-handed: p3 raises, p4 re-raises, p5 makes the fourth bet
        ("wsop_2023_43_5_00-55-24.phh", 5),
        # one blind, pre-flop: p2 raises, p3 re-raises, p4 and p1 fold, p2 makes the fourth bet heads-up
        ("wsop_2023_43_5_03-22-08.phh", 2),
    ],
)
def test_limit_cap_of_two_raises_contradicts_the_real_hands(shared_data: Path, name: str, refused_seat: int) -> None:
    """With a bet and only two raises, the fourth bet that was really made is refused.

    This proves the replay uses the cap setting and that these rounds really reached four bets.
    """
    phh = _load(shared_data, name)
    with pytest.raises(IllegalActionError, match="capped at 3 bets") as refused:
        replay(phh, HouseRules(limit_raises_per_round=2))
    assert refused.value.seat == refused_seat


def test_single_blind_hand_posts_only_a_big_blind_left_of_the_button(shared_data: Path) -> None:
    """``blinds_or_straddles = [250000, 0, 0, 0]``: p1 posts one blind of a full small bet.

    It is played as a big blind with no small blind (HandSetup ``small_blind_seat=None``):
    pre-flop the action opens left of it, with p2 (omaha-club-rules.txt, PREFLOP: "the player
    clockwise from the big blind position opens betting").
    """
    phh = _load(shared_data, "wsop_2023_43_5_03-22-08.phh")
    assert phh.blinds_or_straddles == (250000, 0, 0, 0)
    hand = Hand(make_setup(phh, WSOP_LIMIT_RULES))
    assert hand.small_blind_seat is None and hand.big_blind_seat == 1
    hand.post_blinds()
    assert hand.bets == {1: 250000, 2: 0, 3: 0, 4: 0}
    for seat in hand.deal_order():
        hand.deal_hole(seat, "????????")
    assert hand.actor == 2
    legal = hand.legal_actions()
    assert legal is not None and legal.call_amount == 250000 and legal.min_to == legal.max_to == 500000


def test_heads_up_hand_uses_reverse_blinds(shared_data: Path) -> None:
    """PHH heads-up: p1 is the big blind, p2 the button posts the small blind and acts first
    pre-flop (omaha-club-rules.txt, HEADS UP 2; SPEC, Heads-up)."""
    phh = _load(shared_data, "wsop_2023_43_5_03-42-38.phh")
    hand = Hand(make_setup(phh, WSOP_LIMIT_RULES))
    hand.post_blinds()
    assert hand.bets == {1: 300000, 2: 150000}
    assert hand.deal_order() == (1, 2)
    for seat in hand.deal_order():
        hand.deal_hole(seat, "????????")
    assert hand.actor == 2
