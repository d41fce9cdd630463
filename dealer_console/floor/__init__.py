"""The floor's review of the record: step through a stored hand, see where every chip went, report.

No Qt here (the review window builds on it). See ``docs/floor.md``.
"""

from __future__ import annotations

from dealer_console.floor.report import DaySummary, TableSummary, dispute_report_html, table_summaries
from dealer_console.floor.review import EvidenceItem, HandReview, ReviewStep

__all__ = ["DaySummary", "EvidenceItem", "HandReview", "ReviewStep", "TableSummary", "dispute_report_html", "table_summaries"]
