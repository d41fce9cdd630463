"""PHH files say when they are not standard; the standard ones replay in pokerkit to their finishing stacks.

Sources: SPEC, Records and review ("Hands export to the PHH (Poker Hand History) standard, so other
tools can read them"); the PHH standard 0.0.1 (uoftcprg/phh-std: required fields; user-defined
fields start with an underscore); docs/phh.md, What other PHH readers can replay. The real
``dealer-console simulate`` is run in-process for 200 seeded hands of pot-limit Omaha and of limit
Omaha hi-lo (pokerkit's strict fixed-limit class for ``FO/8``), and every file is checked by
:func:`tests.support.phh_standard.check_standard_marks`.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from dealer_console.cli import main
from dealer_console.engine.events import BlindKind
from dealer_console.engine.games import make_game
from dealer_console.engine.hand import Hand, HandSetup
from dealer_console.engine.phh.export import export_phh, is_standard_phh
from tests.support.phh_standard import check_standard_marks

HANDS = 200
SEED = 4_242


@pytest.mark.parametrize(("game", "structure"), [("omaha", "pot-limit"), ("omaha-hi-lo", "limit")])
def test_simulated_files_are_standard_or_say_why_not(tmp_path: Path, game: str, structure: str) -> None:
    """Of 200 plain simulated hands at least 80 % are standard, and every file either replays in pokerkit
    to its finishing_stacks or carries ``_dealer_console_standard = false`` with a comment at its top."""
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["simulate", "--game", game, "--structure", structure, "--hands", str(HANDS), "--seed", str(SEED),
                     "--out", str(tmp_path), "--quiet"]) == 0
    check = check_standard_marks(sorted(tmp_path.glob("*.phh")))
    print(f"\n{game} {structure}: {check.standard} of {check.files} standard; marked: {check.reasons}")
    assert check.files == HANDS
    assert not check.failures, "\n".join(check.failures)
    assert check.standard_share >= 0.8, f"{check.standard} standard of {check.files}: {check.reasons}"


def test_a_live_post_marks_the_file_and_a_plain_hand_carries_no_mark() -> None:
    """docs/phh.md: a live post is in ``blinds_or_straddles``, where a PHH reader takes it for a straddle, so the
    file says it is not standard, in a field and in a comment at its top; a plain hand's file says nothing."""
    game = make_game("O", "pot-limit", small_blind=1, big_blind=2)
    plain = Hand(HandSetup(game=game, stacks={1: 100, 2: 100, 3: 100}, button=3))
    plain.post_blinds()
    posted = Hand(HandSetup(game=game, stacks={1: 100, 2: 100, 3: 100, 4: 100}, button=4))
    posted.post_blinds()
    posted.post_blind(3, 2, BlindKind.LIVE)
    for hand in (plain, posted):
        for seat in hand.deal_order():
            hand.deal_hole(seat, "????????")
        while not hand.is_complete:
            hand.fold(hand.actor)  # type: ignore[arg-type]
    assert is_standard_phh(plain)
    text = export_phh(plain)
    assert "_dealer_console_standard" not in text and not text.startswith("#")
    text = export_phh(posted)
    assert not is_standard_phh(posted)
    assert text.startswith("# Not standard PHH") and "a live post" in text.splitlines()[0]
    assert "_dealer_console_standard = false" in text
