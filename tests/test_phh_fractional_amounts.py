"""Importing PHH files with fractional amounts: a chip scale, found or given, recorded on the hand.

Sources: the PHH standard 0.0.1 (uoftcprg/phh-std, required.rst: amounts are numbers, integers or
floats, as in the dataset's online hands posted in cents or quarters); SPEC, Records and review
("Hands export to the PHH standard, so other tools can read them") and the house rule that bad input
gets one clear message (docs/phh.md, Errors). The file below is a pot-limit Omaha hand at blinds
0.25/0.5 in quarter amounts, worked out by hand:

  stacks 50.75, 40.25, 60; p3 raises to 1.75 (the pot limit: call 0.5, pot after it 1.25), p1 folds,
  p2 calls; flop: p2 checks, p3 bets 2.5, p2 folds. p3 takes 0.25 + 1.75 + 1.75 = 3.75 and gets the
  uncalled 2.5 back: 50.5, 38.5, 62.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dealer_console.engine.hand import Phase
from dealer_console.engine.phh.errors import PHHFormatError
from dealer_console.engine.phh.importer import import_phh

QUARTERS = """\
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.5, 0]
min_bet = 0.5
starting_stacks = [50.75, 40.25, 60]
actions = [
  "d dh p1 ????????",
  "d dh p2 ????????",
  "d dh p3 ????????",
  "p3 cbr 1.75",
  "p1 f",
  "p2 cc",
  "d db 2c7d9s",
  "p2 cc",
  "p3 cbr 2.5",
  "p2 f",
]
finishing_stacks = [50.5, 38.5, 62]
"""


def test_quarter_amounts_are_read_in_quarter_chips_found_from_the_file() -> None:
    """The smallest unit that makes every amount whole is 0.25: the hand is played in chips of 0.25
    (stacks 203, 161, 240; blinds 1/2) and ends on the file's finishing stacks, the scale on record."""
    hand = import_phh(QUARTERS, source="quarters.phh")
    assert hand.chip_scale == Fraction(1, 4)
    assert hand.setup.stacks == {1: 203, 2: 161, 3: 240}
    assert (hand.game.stakes.small_blind, hand.game.stakes.big_blind) == (1, 2)
    assert hand.phase is Phase.COMPLETE and hand.result is not None
    assert hand.result.final_stacks == {1: 202, 2: 154, 3: 248}
    assert {seat: chips * hand.chip_scale for seat, chips in hand.result.final_stacks.items()} == {
        1: Fraction("50.5"), 2: Fraction("38.5"), 3: Fraction(62)}


def test_a_given_chip_scale_that_makes_every_amount_whole_is_used() -> None:
    """A scale of 0.05 (nickels) also makes every amount whole: five times as many chips, the same hand."""
    hand = import_phh(QUARTERS, source="quarters.phh", chip_scale="0.05")
    assert hand.chip_scale == Fraction(1, 20)
    assert hand.setup.stacks == {1: 1015, 2: 805, 3: 1200}
    assert hand.result is not None and hand.result.final_stacks == {1: 1010, 2: 770, 3: 1240}


@pytest.mark.parametrize(("scale", "message"), [
    ("0.5", "quarters.phh: chip scale 0.5 does not make every amount whole: blinds_or_straddles[0] 0.25 would be 0.5 chips"
            " (a scale that does: 0.25)"),
    ("0", "quarters.phh: chip scale '0' must be more than zero"),
    ("a quarter", "quarters.phh: chip scale 'a quarter' is not a number such as 0.25 or 1/4"),
])
def test_a_chip_scale_that_cannot_make_the_amounts_whole_is_refused_clearly(scale: str, message: str) -> None:
    """Bad input gets one clear message: the scale, the first amount it leaves fractional and a scale that works."""
    with pytest.raises(PHHFormatError) as refused:
        import_phh(QUARTERS, source="quarters.phh", chip_scale=scale)
    assert str(refused.value) == message


def test_whole_chip_files_keep_a_scale_of_one() -> None:
    """A file in whole amounts is read as before, its scale 1."""
    whole = QUARTERS.replace("0.25, 0.5", "1, 2").replace("min_bet = 0.5", "min_bet = 2").replace(
        "[50.75, 40.25, 60]", "[100, 100, 100]").replace("1.75", "7").replace("2.5", "10").replace(
        "[50.5, 38.5, 62]", "[99, 93, 108]")
    hand = import_phh(whole, source="whole.phh")
    assert hand.chip_scale == 1 and hand.result is not None


def test_the_antonius_blom_hand_in_quarters_reads_with_the_scale_it_needs() -> None:
    """The 2009 online pot-limit Omaha hand between Patrik Antonius and Viktor Blom (stacks 1,259,450.25 and 678,473.50):
    the importer finds the quarter as its chip, replays the hand to its end (Blom all in on the flop, called, Antonius's
    wheel wins) and keeps every amount exact in quarters."""
    from pathlib import Path

    from dealer_console.engine.phh.importer import load_phh

    hand = load_phh(Path(__file__).parent / "data" / "phh" / "antonius-blom-2009.phh")
    assert hand.chip_scale == Fraction(1, 4)
    assert hand.phase is Phase.COMPLETE
    blom_all_in = 678_473 * 4 + 2  # 678,473.50 in quarters
    assert hand.stacks == {1: (1_259_450 * 4 + 1) + blom_all_in, 2: 0}  # Antonius takes it all (no rake in the record)
    assert hand.result is not None
    assert any("Straight, Five high" in line for line in hand.result.describe())
