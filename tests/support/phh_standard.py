"""A checker of PHH files' standard marks (docs/phh.md, What other PHH readers can replay).

:func:`check_standard_marks` reads PHH files the product wrote and holds each to its word: a file
that carries no mark (``_dealer_console_standard`` absent or true) must replay in pokerkit 0.7.7
to its ``finishing_stacks``; a file marked ``false`` must say so in a comment at its top and name
its reasons. Any ``simulate`` run can be checked with it (``--churn`` included).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterable
from pathlib import Path

from dealer_console.engine.phh.notation import FIELD_PREFIX, STANDARD_OMAHA_CODES

__all__ = ["MarkCheck", "check_standard_marks"]


@dataclasses.dataclass(slots=True)
class MarkCheck:
    """What the files said and what pokerkit made of the ones marked standard."""

    files: int = 0
    standard: int = 0
    marked: int = 0
    reasons: dict[str, int] = dataclasses.field(default_factory=dict)
    failures: list[str] = dataclasses.field(default_factory=list)
    """One line per file that broke its word (unmarked and not replayed, or marked without saying why)."""

    @property
    def standard_share(self) -> float:
        return self.standard / self.files if self.files else 0.0


def check_standard_marks(paths: Iterable[Path]) -> MarkCheck:
    """Check every file in ``paths``: an unmarked file of a PHH game replays in pokerkit to its finishing stacks."""
    from tests.test_phh_export_import import replay_in_pokerkit

    check = MarkCheck()
    for path in paths:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
        check.files += 1
        if data.get(FIELD_PREFIX + "standard", True) is False:
            check.marked += 1
            reasons = data.get(FIELD_PREFIX + "nonstandard", [])
            if not reasons or not text.startswith("# Not standard PHH"):
                check.failures.append(f"{path.name}: marked not standard without the comment at its top or its reasons")
            for reason in reasons:
                check.reasons[reason] = check.reasons.get(reason, 0) + 1
            continue
        check.standard += 1
        if data["variant"] not in STANDARD_OMAHA_CODES:
            check.failures.append(f"{path.name}: variant {data['variant']!r} is not a PHH game, yet the file carries no mark")
            continue
        try:
            stacks = replay_in_pokerkit(text)
        except (ValueError, UserWarning) as refusal:
            check.failures.append(f"{path.name}: unmarked, and pokerkit refuses it: {refusal}")
            continue
        if stacks != data["finishing_stacks"]:
            check.failures.append(f"{path.name}: unmarked, and pokerkit ends with {stacks}, not {data['finishing_stacks']}")
    return check
