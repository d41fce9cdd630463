"""The PHH files ``dealer-console simulate --churn`` writes: each replays in pokerkit to its finishing stacks, or says it is
not standard PHH.

Sources: SPEC.md, Records and review ("Hands export to the PHH (Poker Hand History) standard, so other tools can read them");
SPEC.md, A night at the table (the churn: joins, rebuys, sit-outs, returns, leaves, dealer pushes); docs/phh.md, What other
PHH readers can replay (the ``_dealer_console_standard`` mark); the checker
:func:`tests.support.phh_standard.check_standard_marks`.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from dealer_console.cli import main
from tests.support.phh_standard import check_standard_marks

HANDS = 150


@pytest.mark.parametrize(("game", "structure", "seed"), [("omaha", "pot-limit", 3), ("omaha-hi-lo", "limit", 7)])
def test_churn_files_replay_in_pokerkit_or_carry_the_non_standard_mark(tmp_path: Path, game: str, structure: str, seed: int) -> None:
    """A busy night's churn (new players posting or waiting, players back from sitting out owing blinds, dealer pushes) makes
    more posts than a plain session: every file still either replays in pokerkit or says why not."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["simulate", "--game", game, "--structure", structure, "--hands", str(HANDS), "--seed", str(seed), "--churn",
                     "--push-minutes", "20", "--out", str(tmp_path), "--quiet"]) == 0
    assert "dealer pushes" in printed.getvalue() and ": balanced" in printed.getvalue()
    check = check_standard_marks(sorted(tmp_path.glob("*.phh")))
    print(f"\n{game} {structure} with churn: {check.standard} of {check.files} standard; marked: {check.reasons}")
    assert check.files == HANDS
    assert not check.failures, "\n".join(check.failures)
    assert check.standard > 0 and check.marked > 0  # the churn makes both kinds of file
