"""Settlement of a finished hand: uncalled bets, rake, pots split by runs, boards, high/low
and tied winners, odd chips, and the chip audit.

SPEC (All-in, side pots, extra boards, showdown): "for each pot: divide by runs, then by
boards, then high/low, then among tied winners. Chips are split in the table's smallest chip
unit; an odd chip goes to the high hand (hi-lo), to the first run/board, and among tied players
to the first seat left of the button."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from dealer_console.engine.cards import Card
from dealer_console.engine.evaluation import BoardEvaluator, HighHand, LowHand
from dealer_console.engine.games import Game
from dealer_console.engine.pots import Pot, split_evenly

__all__ = ["ChipAudit", "HandResult", "PotResult", "SettlementInput", "Share", "settle"]


@dataclass(frozen=True, slots=True)
class Share:
    """One slice of a pot (a run, a board, a high or low half) and who won it with what."""

    pot: int
    run: int
    board: int
    half: str
    """``"high"``, ``"low"`` or ``"all"`` (uncontested, or high when no low qualifies)."""
    amount: int
    winners: tuple[tuple[int, int], ...]
    """(seat, chips) for each winner, first seat left of the button first."""
    hand: str
    """The winning hand in words, e.g. "Aces full of Kings" or "8-6-4-2-A low"."""
    cards: tuple[Card, ...] = ()

    @property
    def split(self) -> bool:
        """True when tied players share it (flagged for the dealer to check)."""
        return len(self.winners) > 1


@dataclass(frozen=True, slots=True)
class PotResult:
    """A pot after the house's take, with its runs and shares."""

    index: int
    amount: int
    """Chips in the pot before rake and jackpot drop."""
    rake: int
    jackpot: int
    contenders: tuple[int, ...]
    runs: int
    shares: tuple[Share, ...]

    @property
    def name(self) -> str:
        """``"Main pot"``, ``"Side pot 1"``..."""
        return "Main pot" if self.index == 0 else f"Side pot {self.index}"


@dataclass(frozen=True, slots=True)
class ChipAudit:
    """SPEC (Chip audit): contributions = pots awarded + rake + jackpot drop + returned bets."""

    contributed: int
    awarded: int
    rake: int
    jackpot: int
    returned: int

    @property
    def balanced(self) -> bool:
        """True when every chip put in is accounted for."""
        return self.contributed == self.awarded + self.rake + self.jackpot + self.returned


@dataclass(frozen=True, slots=True)
class HandResult:
    """Where every chip of a finished hand went."""

    pots: tuple[PotResult, ...]
    returned: Mapping[int, int]
    """Uncalled bets given back, by seat."""
    winnings: Mapping[int, int]
    """Chips won from pots, by seat."""
    final_stacks: Mapping[int, int]
    rake: int
    jackpot: int
    audit: ChipAudit

    def describe(self) -> list[str]:
        """One line a person can read per share: who won what and why."""
        lines = []
        for seat, amount in self.returned.items():
            lines.append(f"Seat {seat} gets back {amount} uncalled")
        for pot in self.pots:
            for share in pot.shares:
                where = []
                if pot.runs > 1:
                    where.append(f"run {share.run + 1}")
                if share.board or any(s.board for s in pot.shares):
                    where.append(f"board {share.board + 1}")
                if share.half != "all":
                    where.append(share.half)
                scope = f" ({', '.join(where)})" if where else ""
                names = " and ".join(f"seat {seat} ({chips})" for seat, chips in share.winners)
                reason = f" with {share.hand}" if share.hand else ""
                lines.append(f"{pot.name}{scope}: {share.amount} to {names}{reason}")
        if self.rake or self.jackpot:
            lines.append(f"Rake {self.rake}, jackpot drop {self.jackpot}")
        return lines


@dataclass(frozen=True, slots=True, kw_only=True)
class SettlementInput:
    """What :func:`settle` needs from a finished hand."""

    game: Game
    order: tuple[int, ...]
    starting_stacks: Mapping[int, int]
    stacks: Mapping[int, int]
    """Chips behind at the end of the betting."""
    contributions: Mapping[int, int]
    pots: tuple[Pot, ...]
    pot_runs: tuple[int, ...]
    returned: Mapping[int, int]
    holdings: Mapping[int, tuple[Card, ...]]
    contenders: tuple[int, ...]
    """Seats still claiming pots (not folded, not mucked)."""
    boards: tuple[tuple[tuple[Card, ...], ...], ...]
    """``boards[run][board]``: the five cards of each board of each run."""
    flop_dealt: bool
    showdown: bool
    mucked: tuple[int, ...] = ()
    """Seats that mucked at the showdown, in the order they mucked."""


def settle(data: SettlementInput) -> HandResult:
    """Award every pot of a finished hand."""
    game = data.game
    unit = game.stakes.chip_unit
    amounts = [pot.amount for pot in data.pots]
    rake_by_pot, jackpot_by_pot = _house_take(data, amounts)
    winnings: dict[int, int] = {seat: 0 for seat in data.order}
    evaluators: dict[tuple[int, int], BoardEvaluator] = {}
    cache: dict[tuple[int, int, int], tuple[HighHand, LowHand | None]] = {}
    results = []
    for index, pot in enumerate(data.pots):
        net = pot.amount - rake_by_pot[index] - jackpot_by_pot[index]
        claimants = tuple(seat for seat in pot.contenders if seat in data.contenders)
        runs = data.pot_runs[index] if index < len(data.pot_runs) else 1
        shares: list[Share] = []
        if len(claimants) <= 1 or not data.showdown:
            winner = claimants[0] if claimants else _first_live(data, pot)
            winnings[winner] += net
            shares.append(Share(index, 0, 0, "all", net, ((winner, net),), ""))
            results.append(PotResult(index, pot.amount, rake_by_pot[index], jackpot_by_pot[index], pot.contenders, 1, tuple(shares)))
            continue
        run_amounts = split_evenly(net, runs, unit)
        if not game.house.odd_chip_to_first_run:
            run_amounts.reverse()
        for run, run_amount in enumerate(run_amounts):
            for board, board_amount in enumerate(split_evenly(run_amount, game.variant.boards, unit)):
                key = (run, board)
                if key not in evaluators:
                    evaluators[key] = BoardEvaluator(data.boards[run][board])
                evaluator = evaluators[key]
                hands = {}
                for seat in claimants:
                    cached = cache.get((run, board, seat))
                    if cached is None:
                        holding = data.holdings[seat]
                        cached = (evaluator.high(holding), evaluator.low(holding) if game.variant.hi_lo else None)
                        cache[(run, board, seat)] = cached
                    hands[seat] = cached
                lows = {seat: hand[1] for seat, hand in hands.items() if hand[1] is not None}
                halves: list[tuple[str, int]]
                if lows:
                    high_half, low_half = split_evenly(board_amount, 2, unit)
                    halves = [("high", high_half), ("low", low_half)]
                else:
                    halves = [("all", board_amount)]
                for half, half_amount in halves:
                    if half == "low":
                        best_low = max(low for low in lows.values() if low is not None)
                        tied = [seat for seat in claimants if lows.get(seat) == best_low]
                        text, cards = best_low.describe(), best_low.cards
                    else:
                        best_high = max(hand[0] for hand in hands.values())
                        tied = [seat for seat in claimants if hands[seat][0] == best_high]
                        text, cards = best_high.describe(), best_high.cards
                    pieces = split_evenly(half_amount, len(tied), unit)
                    for seat, piece in zip(tied, pieces, strict=True):
                        winnings[seat] += piece
                    shares.append(Share(index, run, board, half, half_amount, tuple(zip(tied, pieces, strict=True)), text, cards))
        results.append(PotResult(index, pot.amount, rake_by_pot[index], jackpot_by_pot[index], pot.contenders, runs, tuple(shares)))
    final = {
        seat: data.stacks[seat] + data.returned.get(seat, 0) + winnings[seat] for seat in data.order
    }
    rake = sum(rake_by_pot)
    jackpot = sum(jackpot_by_pot)
    audit = ChipAudit(
        contributed=sum(data.contributions.values()),
        awarded=sum(winnings.values()),
        rake=rake,
        jackpot=jackpot,
        returned=sum(data.returned.values()),
    )
    return HandResult(
        pots=tuple(results),
        returned=dict(data.returned),
        winnings={seat: amount for seat, amount in winnings.items() if amount},
        final_stacks=final,
        rake=rake,
        jackpot=jackpot,
        audit=audit,
    )


def _first_live(data: SettlementInput, pot: Pot) -> int:
    # Every contender mucked: the last to muck was the last hand holding a claim to this pot
    # (the others had conceded it to them).
    for seat in reversed(data.mucked):
        if seat in pot.contenders:
            return seat
    return pot.contenders[0] if pot.contenders else data.order[0]


def _house_take(data: SettlementInput, amounts: list[int]) -> tuple[list[int], list[int]]:
    """Rake and jackpot drop, taken from the main pot first (SPEC: before the pot is split)."""
    rake_rule = data.game.rake
    unit = data.game.stakes.chip_unit
    rake_by_pot = [0] * len(amounts)
    jackpot_by_pot = [0] * len(amounts)
    if rake_rule.no_flop_no_drop and not data.flop_dealt:
        return rake_by_pot, jackpot_by_pot
    total = sum(amounts)
    rake = int(total * Fraction(str(rake_rule.percent)) / 100) // unit * unit
    if rake_rule.cap is not None:
        rake = min(rake, rake_rule.cap)
    jackpot = 0
    if rake_rule.jackpot_drop and total >= rake_rule.jackpot_threshold:
        jackpot = min(rake_rule.jackpot_drop, total - rake)
    for take, target in ((rake, rake_by_pot), (jackpot, jackpot_by_pot)):
        for index, amount in enumerate(amounts):
            if take <= 0:
                break
            taken = min(take, amount - rake_by_pot[index] - jackpot_by_pot[index])
            target[index] += taken
            take -= taken
    return rake_by_pot, jackpot_by_pot
