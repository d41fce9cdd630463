"""The floor's review of the record: step through a stored hand, see where every chip went, report.

No Qt here (the review window builds on it). See ``docs/floor.md``. The names below are loaded on first use, so
the console's command line (which registers ``dealer-console floor ...``) does not pay for the review at start.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "DaySummary": "report", "TableSummary": "report", "dispute_report_html": "report", "table_summaries": "report",
    "EvidenceItem": "review", "HandReview": "review", "ReviewStep": "review",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
