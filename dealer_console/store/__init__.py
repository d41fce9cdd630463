"""The event store: the room's tamper-evident record of every table, hand and ruling.

SQLite by default (in the user's data folder, nothing to set up), PostgreSQL by URL. See
``docs/store.md``. The rules engine knows nothing of this package; it imports the engine.

The names below are loaded on first use (PEP 562), so a part that needs only the store's errors,
kinds or values (the running table at a demo without a database, the screen) does not load
SQLAlchemy with them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from dealer_console.store.kinds import HandStatus, Role, Source
    from dealer_console.store.recorder import RecordedHand, RecordedTable, open_hand, resume_hand, resume_table
    from dealer_console.store.records import HandClosed, HandFlagged, HandOpened, ReadingTaken, RulingRecorded, TableOpened
    from dealer_console.store.search import HandQuery, HandSummary
    from dealer_console.store.store import Store
    from dealer_console.store.stored import PurgeReport, StaffAccount, StaffMember, StoredEvent, TableInfo

_WHERE = {
    **dict.fromkeys(("ChainBreak", "ChainReport"), "chain"),
    **dict.fromkeys((
        "DuplicateEventError", "EvidenceError", "NotAuthorizedError", "RecordNotFoundError", "ReplayError", "SchemaVersionError",
        "SequenceConflictError", "SignInError", "StoreCorruptError", "StoreError", "StoreFullError", "StoreLockedError",
        "StoreUnavailableError"), "errors"),
    **dict.fromkeys(("HandStatus", "Role", "Source"), "kinds"),
    **dict.fromkeys(("RecordedHand", "RecordedTable", "open_hand", "resume_hand", "resume_table"), "recorder"),
    **dict.fromkeys(("HandClosed", "HandFlagged", "HandOpened", "ReadingTaken", "RulingRecorded", "TableOpened"), "records"),
    **dict.fromkeys(("HandQuery", "HandSummary"), "search"),
    "Store": "store",
    **dict.fromkeys(("PurgeReport", "StaffAccount", "StaffMember", "StoredEvent", "TableInfo"), "stored"),
}

__all__ = [
    "ChainBreak", "ChainReport", "DuplicateEventError", "EvidenceError", "HandClosed", "HandFlagged", "HandOpened",
    "HandQuery", "HandStatus", "HandSummary", "NotAuthorizedError", "PurgeReport", "ReadingTaken",
    "RecordNotFoundError", "RecordedHand", "RecordedTable", "ReplayError", "Role", "RulingRecorded",
    "SchemaVersionError", "SequenceConflictError", "SignInError", "Source", "StaffAccount", "StaffMember", "Store",
    "StoreCorruptError", "StoreError", "StoreFullError", "StoreLockedError", "StoreUnavailableError", "StoredEvent",
    "TableInfo", "TableOpened", "open_hand", "resume_hand", "resume_table"
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
