"""What a screen shows of the chips in the middle and of the hand's status, one function for every screen.

The dealer's felt (``live.views``) and the floor's review of the same moment (``floor.review``) both
read :func:`pots_shown` and :func:`hand_status`, so they cannot disagree: the pots are every chip in
the middle, bets of the round in front of the players included (the uncalled part of a bet is never
in it: the engine gives it back when its round closes), and the status is the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_console.engine.hand import Hand, Phase

__all__ = ["PotShown", "PotsShown", "hand_status", "pots_shown"]


@dataclass(frozen=True, slots=True)
class PotShown:
    """One pot as shown: main pot first, its amount, who contends for it and how many runs it gets."""

    index: int
    amount: int
    contenders: tuple[int, ...]
    runs: int = 1

    @property
    def name(self) -> str:
        return "Main pot" if self.index == 0 else f"Side pot {self.index}"

    def line(self) -> str:
        runs = f", run {self.runs} times" if self.runs > 1 else ""
        return f"{self.name} {self.amount}: seats {', '.join(map(str, self.contenders))}{runs}"


@dataclass(frozen=True, slots=True)
class PotsShown:
    """The chips in the middle of a hand in play: its pots, the total and the part still in front of the players."""

    pots: tuple[PotShown, ...]
    total: int
    in_front: int
    returned: tuple[tuple[int, int], ...] = ()
    """(seat, chips) given back as uncalled so far."""

    def lines(self) -> list[str]:
        """The pots in words, then the total, then any uncalled chips given back."""
        lines = [pot.line() for pot in self.pots] or [f"Pot {self.total}"]
        lines.append(f"Total in the middle {self.total} (bets this round {self.in_front})")
        lines.extend(f"Seat {seat} got back {chips} uncalled" for seat, chips in self.returned)
        return lines


def pots_shown(hand: Hand) -> PotsShown:
    """The pots of ``hand`` as it stands (empty once it is settled or misdealt: its result says where the chips went)."""
    if hand.is_complete:
        return PotsShown((), 0, 0, tuple(sorted(hand.returned_uncalled.items())))
    pots = hand.pots()
    in_front = sum(hand.bets.values())
    runs = hand.pot_runs() if in_front == 0 else []
    shown = tuple(PotShown(index, pot.amount, tuple(pot.contenders), runs[index] if index < len(runs) else 1)
                  for index, pot in enumerate(pots))
    return PotsShown(shown, hand.pot_total, in_front, tuple(sorted(hand.returned_uncalled.items())))


def hand_status(hand: Hand) -> str:
    """``"open"`` while the hand is played, ``"complete"`` once every chip is awarded, ``"misdealt"`` after a misdeal
    (the values of the store's ``HandStatus``)."""
    if hand.phase is Phase.MISDEALT:
        return "misdealt"
    return "complete" if hand.phase is Phase.COMPLETE else "open"
