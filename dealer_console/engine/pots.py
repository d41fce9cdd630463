"""Side pots and even splits: pure functions over contributions (omaha-club-rules.txt, ALL-IN)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Pot", "build_pots", "split_evenly", "uncalled_excess"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its amount and the seats that contend for it (in order left of the button)."""

    amount: int
    contenders: tuple[int, ...]


def uncalled_excess(contributions: Mapping[int, int]) -> tuple[int | None, int]:
    """The seat whose bet nobody matched and by how much (``(None, 0)`` if none)."""
    if not contributions:
        return None, 0
    top_seat = max(contributions, key=lambda seat: contributions[seat])
    top = contributions[top_seat]
    second = max((amount for seat, amount in contributions.items() if seat != top_seat), default=0)
    return (top_seat, top - second) if top > second else (None, 0)


def build_pots(
    contributions: Mapping[int, int],
    *,
    order: Sequence[int],
    live: Sequence[int],
    all_in: Sequence[int],
    dead: int = 0,
) -> list[Pot]:
    """Split live contributions into a main pot and side pots.

    ``order`` lists every seat left of the button first; ``live`` are the seats still in the
    hand; ``all_in`` those of them with no chips behind. Each all-in amount closes a pot that
    only players who put in at least as much contend for. ``dead`` chips go to the main pot.
    """
    live_set = set(live)
    levels = sorted({contributions[seat] for seat in all_in if seat in live_set and contributions[seat] > 0})
    top = max((contributions[seat] for seat in live), default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(value, level) - min(value, previous) for value in contributions.values())
        contenders = tuple(seat for seat in order if seat in live_set and contributions[seat] >= level)
        previous = level
        if amount <= 0:
            continue
        if pots and pots[-1].contenders == contenders:
            pots[-1] = Pot(pots[-1].amount + amount, contenders)
        else:
            pots.append(Pot(amount, contenders))
    leftover = sum(contributions.values()) - sum(pot.amount for pot in pots)
    if leftover > 0:
        # Chips folded players put in above every live player's total (a folded top bettor, matched
        # only by other folded players): dead money for the last pot, so that no chip is lost.
        if pots:
            pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].contenders)
        else:
            pots.append(Pot(leftover, tuple(seat for seat in order if seat in live_set)))
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].contenders)
        else:
            pots.append(Pot(dead, tuple(seat for seat in order if seat in live_set)))
    return pots


def split_evenly(amount: int, parts: int, unit: int) -> list[int]:
    """Split ``amount`` into ``parts`` shares in whole ``unit`` chips; odd chips go to the first shares.

    SPEC (All-in, side pots, extra boards, showdown, "Splitting"): chips are split in the
    table's smallest chip unit and an odd chip goes to the first share. Amounts that are not
    a multiple of the unit leave a last fraction, which goes with the first odd chip.
    """
    if parts <= 0:
        raise ValueError(f"cannot split into {parts} parts")
    base = amount // (parts * unit) * unit
    shares = [base] * parts
    rest = amount - base * parts
    fraction = rest % unit
    shares[0] += fraction
    rest -= fraction
    index = 0
    while rest > 0:
        shares[index % parts] += unit
        rest -= unit
        index += 1
    return shares
