"""The event store: the room's tamper-evident record of every table, hand and ruling.

SQLite by default (in the user's data folder, nothing to set up), PostgreSQL by URL. See
``docs/store.md``. The rules engine knows nothing of this package; it imports the engine.
"""

from __future__ import annotations

from dealer_console.store.chain import ChainBreak, ChainReport
from dealer_console.store.errors import (
    DuplicateEventError,
    EvidenceError,
    NotAuthorizedError,
    RecordNotFoundError,
    ReplayError,
    SchemaVersionError,
    SequenceConflictError,
    SignInError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreUnavailableError,
)
from dealer_console.store.models import HandStatus, Role, Source
from dealer_console.store.recorder import RecordedHand, RecordedTable, open_hand, resume_hand, resume_table
from dealer_console.store.records import HandClosed, HandFlagged, HandOpened, ReadingTaken, RulingRecorded, TableOpened
from dealer_console.store.search import HandQuery, HandSummary
from dealer_console.store.store import Store
from dealer_console.store.stored import PurgeReport, StaffAccount, StaffMember, StoredEvent, TableInfo

__all__ = [
    "ChainBreak", "ChainReport", "DuplicateEventError", "EvidenceError", "HandClosed", "HandFlagged", "HandOpened", "HandQuery",
    "HandStatus", "HandSummary", "NotAuthorizedError", "PurgeReport", "ReadingTaken", "RecordNotFoundError", "RecordedHand",
    "RecordedTable", "ReplayError", "Role", "RulingRecorded", "SchemaVersionError", "SequenceConflictError", "SignInError",
    "Source", "StaffAccount", "StaffMember", "Store", "StoreCorruptError", "StoreError", "StoreFullError", "StoreLockedError",
    "StoreUnavailableError", "StoredEvent", "TableInfo", "TableOpened", "open_hand", "resume_hand", "resume_table",
]
