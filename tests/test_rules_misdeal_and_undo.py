"""Misdeals and the dealer's undo.

Sources (under /work/shared/):

* SPEC.md, "All-in, side pots, extra boards, showdown", Misdeal: "voids the hand, returns every
  chip, the button does not move. After substantial action (TDA: two actions with chips, or three
  actions; blinds don't count) a misdeal ... is no longer allowed."
* Poker TDA rules, Substantial Action (Rule 35 in 2019, 36 in 2022): "any two actions in turn, at
  least one of which puts chips in the pot (i.e. any 2 actions except 2 checks or 2 folds); OR any
  combination of three actions in turn (check, bet, raise, call, or fold)". Posting blinds does not
  count.
* SPEC.md, "Records and review": "Every hand is a sequence of events ... The state of a hand is a
  pure function of its events ... Events are never edited or deleted: a dealer's undo ... is a new
  event that names the event it voids, who did it and why."
* STYLE.md: python-chess's push()/pop() over a move stack for undo.
"""

from __future__ import annotations

import pytest

from dealer_console.engine.cards import DECK
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.events import BlindKind, Voided
from dealer_console.engine.games import make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase

STACKS = {1: 100, 2: 200, 3: 300, 4: 150, 5: 80, 6: 500}

# --------------------------------------------------------------------------- helpers


def setup(stacks: dict[int, int] | None = None, structure: str = "no-limit") -> HandSetup:
    game = make_game("O", structure, small_blind=1, big_blind=2)
    return HandSetup(game=game, stacks=dict(stacks or STACKS), button=max(stacks or STACKS))


def dealt(stacks: dict[int, int] | None = None, *, straddle: bool = False) -> Hand:
    """Blinds posted (and a straddle on seat 3 if asked), hole cards dealt; seat 1 small blind,
    seat 2 big blind, the button on the highest seat."""
    hand = Hand(setup(stacks))
    hand.post_blinds()
    if straddle:
        hand.post_blind(3, 4, BlindKind.STRADDLE)
    cards = iter(DECK)
    for seat in hand.deal_order():
        hand.deal_hole(seat, [next(cards) for _ in range(4)])
    return hand


def misdeal_refusal(hand: Hand) -> str:
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        hand.misdeal("dealer exposed a card")
    assert hand.snapshot() == before
    return str(caught.value)


# --------------------------------------------------------------------------- misdeal


def test_misdeal_returns_every_chip() -> None:
    """SPEC, Misdeal: "voids the hand, returns every chip". Blinds, a straddle and a fold are in;
    after the misdeal every stack is back to its starting size and the pot is empty."""
    hand = dealt(straddle=True)
    hand.fold(4)
    assert hand.pot_total == 7
    hand.misdeal("two cards exposed in the deal")
    assert hand.phase is Phase.MISDEALT
    assert hand.is_complete
    assert hand.stacks == STACKS
    assert hand.pot_total == 0
    assert hand.bets == {seat: 0 for seat in STACKS}
    assert hand.actor is None


def test_misdeal_returns_dead_posts_too() -> None:
    """Every chip goes back, dead chips included (SPEC, Misdeal)."""
    hand = Hand(setup())
    hand.post_blinds()
    hand.post_blind(4, 1, BlindKind.DEAD)
    assert hand.pot_total == 4
    hand.misdeal()
    assert hand.stacks == STACKS and hand.pot_total == 0


def test_misdeal_before_any_card_and_with_only_blinds_is_allowed() -> None:
    """TDA, Substantial Action: posting blinds does not count; neither do straddles and re-straddles,
    which are blinds posted before the deal (omaha-club-rules.txt, STRADDLE/RESTRADDLE 2)."""
    hand = Hand(setup())
    hand.post_blinds()
    hand.post_blind(3, 4, BlindKind.STRADDLE)
    for seat in (1, 2, 3, 5, 6):
        hand.consent_to_restraddle(seat, True)
    hand.post_blind(4, 8, BlindKind.RESTRADDLE)
    assert not hand.substantial_action
    hand.misdeal()
    assert hand.stacks == STACKS


def test_misdeal_allowed_after_two_folds() -> None:
    """TDA, Substantial Action: "any 2 actions except 2 checks or 2 folds"."""
    hand = dealt()
    hand.fold(3)
    hand.fold(4)
    assert not hand.substantial_action
    hand.misdeal()
    assert hand.phase is Phase.MISDEALT


def test_misdeal_allowed_after_one_action_with_chips() -> None:
    """One action, even with chips, is not substantial (TDA: two actions or three)."""
    hand = dealt()
    hand.raise_to(3, 6)
    assert not hand.substantial_action
    hand.misdeal()
    assert hand.stacks == STACKS


def test_misdeal_refused_after_two_actions_with_chips() -> None:
    """SPEC, Misdeal: after "two actions with chips" a misdeal is no longer allowed."""
    hand = dealt()
    hand.call(3)
    hand.raise_to(4, 8)
    assert hand.substantial_action
    message = misdeal_refusal(hand)
    assert message.startswith("The dealer cannot declare a misdeal: there has been substantial action")


@pytest.mark.parametrize("actions", [("fold", "call"), ("call", "fold"), ("fold", "raise")])
def test_misdeal_refused_after_two_actions_one_of_them_with_chips(actions: tuple[str, str]) -> None:
    """TDA, Substantial Action: "any two actions in turn, at least one of which puts chips in the pot".
    A fold and a call (in either order) are substantial action."""
    hand = dealt()
    for seat, action in zip((3, 4), actions, strict=True):
        if action == "fold":
            hand.fold(seat)
        elif action == "call":
            hand.call(seat)
        else:
            hand.raise_to(seat, 6)
    assert hand.substantial_action
    assert "substantial action" in misdeal_refusal(hand)


def test_misdeal_refused_after_three_actions_without_chips() -> None:
    """TDA, Substantial Action: "any combination of three actions in turn (check, bet, raise, call,
    or fold)": three folds."""
    hand = dealt()
    hand.fold(3)
    hand.fold(4)
    hand.fold(5)
    assert hand.substantial_action
    assert "substantial action" in misdeal_refusal(hand)


def test_nothing_happens_in_a_misdealt_hand() -> None:
    """A void hand takes no more events; the dealer undoes the misdeal first if it was a mistake."""
    hand = dealt()
    hand.misdeal()
    with pytest.raises(IllegalActionError, match="Seat 3 cannot fold: the hand was declared a misdeal"):
        hand.fold(3)
    with pytest.raises(IllegalActionError, match="the hand was declared a misdeal"):
        hand.misdeal()


# --------------------------------------------------------------------------- undo


def play_recording_snapshots(hand: Hand) -> list[tuple[object, ...]]:
    """Play a whole hand, recording the snapshot before each event (the last entry is the end)."""
    snapshots: list[tuple[object, ...]] = []

    def step(action, *args):  # type: ignore[no-untyped-def]
        snapshots.append(hand.snapshot())
        action(*args)

    step(hand.post_blind, 1, 1, BlindKind.SMALL)
    step(hand.post_blind, 2, 2, BlindKind.BIG)
    step(hand.post_blind, 3, 4, BlindKind.STRADDLE)
    cards = iter(DECK)
    for seat in hand.deal_order():
        step(hand.deal_hole, seat, [next(cards) for _ in range(4)])
    step(hand.raise_to, 4, 12)
    step(hand.all_in, 5)  # short stack: 80
    step(hand.fold, 6)
    step(hand.fold, 1)
    step(hand.fold, 2)
    step(hand.call, 3)
    step(hand.call, 4)
    step(hand.burn)
    step(hand.deal_board, "AhKhQh")
    step(hand.check, 3)
    step(hand.bet, 4, 20)
    step(hand.call, 3)
    for card in ("Jc", "Td"):
        step(hand.burn)
        step(hand.deal_board, card)
        step(hand.check, 3)
        step(hand.check, 4)
    assert hand.phase is Phase.SHOWDOWN
    step(hand.show, 3)
    step(hand.show, 4)
    step(hand.show, 5)
    assert hand.phase is Phase.COMPLETE and hand.result is not None
    snapshots.append(hand.snapshot())
    return snapshots


def test_void_undoes_the_latest_event_and_restores_the_state_before_it() -> None:
    """SPEC, Records: the state is a pure function of the events in force; ``void()`` undoes the
    latest event and the state equals the one before that event (python-chess pop())."""
    hand = Hand(setup())
    snapshots = play_recording_snapshots(hand)
    events = hand.events
    hand.void(reason="dealer pressed the wrong seat", by="dealer 12")
    assert hand.snapshot() == snapshots[-2]
    assert hand.phase is Phase.SHOWDOWN and hand.result is None
    assert hand.events[:-1] == events  # nothing edited or deleted
    assert hand.events[-1] == Voided(target=len(events) - 1, reason="dealer pressed the wrong seat", by="dealer 12")
    assert hand.events_in_force == events[:-1]


def test_several_voids_in_a_row_walk_back_to_the_start() -> None:
    """SPEC, Records: each undo is a new event naming the event it voids; voiding again undoes the
    event before. Walking back through a whole hand passes through every earlier state."""
    hand = Hand(setup())
    snapshots = play_recording_snapshots(hand)
    played = len(hand.events)
    for expected in reversed(snapshots[:-1]):
        hand.void()
        assert hand.snapshot() == expected
    assert hand.events_in_force == ()
    voids = hand.events[played:]
    assert [event.target for event in voids] == list(reversed(range(played)))  # type: ignore[attr-defined]
    assert hand.stacks == STACKS


def test_void_with_nothing_to_void_is_refused() -> None:
    """There is nothing to undo in a hand with no events, nor once every event is voided."""
    hand = Hand(setup())
    with pytest.raises(IllegalActionError, match="Nothing to undo"):
        hand.void()
    hand.post_blind(1, 1, BlindKind.SMALL)
    hand.void()
    with pytest.raises(IllegalActionError, match="Nothing to undo"):
        hand.void()
    with pytest.raises(IllegalActionError, match="Nothing to undo"):
        hand.apply(Voided(target=0))


def test_only_the_latest_event_in_force_can_be_voided() -> None:
    """A dealer's undo takes back the latest event (SPEC: undo one key away); an older event is
    corrected by walking back to it, so the events after it are re-checked."""
    hand = dealt()
    latest = len(hand.events) - 1
    with pytest.raises(IllegalActionError, match=f"Only the latest event \\(#{latest}\\) can be undone, not #0"):
        hand.apply(Voided(target=0))
    hand.apply(Voided(target=latest))
    assert len(hand.events_in_force) == latest


def test_a_voided_action_can_be_replaced_by_the_right_one() -> None:
    """The dealer recorded a call by mistake; after the undo the raise the player made is accepted."""
    hand = dealt()
    before = hand.snapshot()
    hand.call(3)
    hand.void(reason="it was a raise")
    assert hand.snapshot() == before
    assert hand.actor == 3
    hand.raise_to(3, 6)
    assert hand.bets[3] == 6


def test_voiding_the_misdeal_restores_the_hand() -> None:
    """A misdeal declared by mistake is undone like any event: the chips go back in."""
    hand = dealt(straddle=True)
    before = hand.snapshot()
    hand.misdeal()
    hand.void(reason="misdeal declared on the wrong table")
    assert hand.snapshot() == before
    assert hand.actor == 4


def test_void_restores_substantial_action_and_the_all_in_notice() -> None:
    """Derived state that the snapshot does not show is rebuilt too: after voiding the second action
    the hand may be misdealt again, and a voided all-in leaves no notice."""
    hand = dealt({1: 100, 2: 100, 3: 100, 4: 9})
    hand.call(3)
    hand.all_in(4)
    assert hand.substantial_action and hand.all_in_notice is not None
    hand.void()
    assert not hand.substantial_action
    assert hand.all_in_notice is None
    hand.misdeal()


def test_replaying_the_events_rebuilds_the_same_state() -> None:
    """SPEC, Records: "The state of a hand is a pure function of its events. A console restarted
    after a crash resumes the open hand where it was." Replaying every event, voids included, gives
    the same state at every point."""
    hand = Hand(setup())
    play_recording_snapshots(hand)
    hand.void()
    hand.void()
    replayed = Hand(setup(), hand.events)
    assert replayed.snapshot() == hand.snapshot()
    assert replayed.events == hand.events
    assert Hand(setup(), hand.events_in_force).snapshot() == hand.snapshot()
