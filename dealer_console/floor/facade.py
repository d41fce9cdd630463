"""The floor's façade: everything the screen's review, search, ruling and correction dialogs and the staff sign-in use.

The user interface imports the floor and the store only from here (one boundary, kept by a test);
the names below are re-exported from where they live. :func:`open_review` opens what the review
window reads: a store (a table's SQLite, a PostgreSQL store) or the card room's shipped log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dealer_console.config import StoreSettings
from dealer_console.floor.cli import parse_time
from dealer_console.floor.corrections import (
    CorrectionPreview,
    DisputeKind,
    DisputeWindows,
    editable_fields,
    parse_replacement,
)
from dealer_console.floor.errors import CorrectionError, FloorError, ReadOnlySourceError, RulingError
from dealer_console.floor.pace import PaceFigures, PaceReport, pace_report
from dealer_console.floor.report import dispute_report_html
from dealer_console.floor.review import EvidenceItem, HandReview, ReviewStep
from dealer_console.floor.room_source import RoomSource
from dealer_console.floor.session_report import SessionReport, session_report, session_report_html
from dealer_console.floor.source import ReviewSource, StoreSource
from dealer_console.store.chain import ChainReport
from dealer_console.store.errors import RecordNotFoundError, SignInError, StoreError
from dealer_console.store.kinds import Role
from dealer_console.store.search import HandQuery, HandSummary
from dealer_console.store.store import Store
from dealer_console.store.stored import StaffMember, TableInfo


@dataclass(frozen=True, slots=True)
class OpenReview:
    """What the review window works with: the source it reads, and the staff sign-in of the database behind it."""

    source: ReviewSource
    _store: Store

    def sign_in(self, name: str, secret: str) -> StaffMember:
        """Check a floor manager's (or dealer's) name and PIN or password against the database's staff accounts.

        In the card room the check runs on the server (the floor's login never reads a PIN hash) and
        opens the session under which the review records rulings.
        """
        if isinstance(self.source, RoomSource):
            return self.source.sign_in(name, secret)
        return self._store.sign_in(name, secret)

    def close(self) -> None:
        """Close the source and the database."""
        if isinstance(self.source, RoomSource):
            self.source.close()
        self._store.close()


def open_review(settings: StoreSettings, *, room: bool) -> OpenReview:
    """Open the configured store for review, or (``room``) the card room's shipped log at its URL, read once.

    Raises :class:`StoreError` (an unreachable database, a schema not at the newest revision...).
    """
    if not room:
        store = Store.open(settings=settings)
        return OpenReview(StoreSource(store), store)
    if not settings.database_url:
        raise StoreError("the card room's log is read at a PostgreSQL URL: give it with --database URL")
    source = RoomSource(settings.database_url, connect_timeout_s=settings.connect_timeout_s,
                        reportable_threshold=settings.reportable_threshold)
    try:
        source.refresh()
        # the floor's role reads the store's tables of the room's database (staff) and may not migrate them
        return OpenReview(source, Store.open(settings=settings, migrate=False))
    except BaseException:
        source.close()
        raise


SignIn = Callable[[str, str], StaffMember]
"""Checks a name and a PIN or password; returns the staff member or raises :class:`StoreError`."""

__all__ = [
    "ChainReport", "CorrectionError", "CorrectionPreview", "DisputeKind", "DisputeWindows", "EvidenceItem",
    "FloorError", "HandQuery", "HandReview", "HandSummary", "OpenReview", "PaceFigures", "PaceReport",
    "ReadOnlySourceError", "RecordNotFoundError", "ReviewSource", "ReviewStep", "Role", "RulingError",
    "SessionReport", "SignIn", "SignInError", "StaffMember", "StoreError", "TableInfo", "dispute_report_html",
    "editable_fields", "open_review", "pace_report", "parse_replacement", "parse_time", "session_report",
    "session_report_html",
]
