"""The store's exceptions: one small hierarchy, each saying what happened and what to do.

Every failure of the database (locked, full, unreachable, corrupt) reaches the caller as a
:class:`StoreError` subclass whose message a dealer or a floor manager can act on. When
:meth:`~dealer_console.store.store.Store.append` raises, the event was NOT acknowledged: the
caller still holds it and may try again (a retry that finds the event already stored gets a
:class:`DuplicateEventError`, never a second copy).
"""

from __future__ import annotations


class StoreError(Exception):
    """Base of every failure of the event store."""


class StoreUnavailableError(StoreError, ConnectionError):
    """The database cannot be reached (server down, connection lost, file or folder not there)."""

    def __init__(self, message: str, *, url: str = "") -> None:
        super().__init__(message)
        self.url = url

    def __str__(self) -> str:
        return str(self.args[0])


class StoreLockedError(StoreError, TimeoutError):
    """Another program holds the database (or the table's log) for longer than the wait allowed."""

    def __str__(self) -> str:
        return str(self.args[0])


class StoreFullError(StoreError):
    """The disk (or the database's size limit) is full: nothing more can be written."""


class StoreCorruptError(StoreError):
    """The database file is damaged or is not a database; it is left untouched for recovery."""

    def __init__(self, message: str, *, path: str = "") -> None:
        super().__init__(message)
        self.path = path


class SchemaVersionError(StoreError):
    """The database was written by a newer program (a schema revision this one does not know)."""


class SequenceConflictError(StoreError):
    """The log is not where the caller expected: another console appended to it first.

    ``expected`` and ``actual`` are the sequence numbers (or, for a hand, the positions of the
    hand's events) that the caller expected to write and that the log is at.
    """

    def __init__(self, message: str, *, table_id: int, expected: int, actual: int) -> None:
        super().__init__(message)
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class DuplicateEventError(SequenceConflictError):
    """The event is already stored (a retry after its acknowledgement was lost); it was not stored twice."""

    def __init__(self, message: str, *, table_id: int, expected: int, actual: int, existing_seq: int) -> None:
        super().__init__(message, table_id=table_id, expected=expected, actual=actual)
        self.existing_seq = existing_seq


class RecordNotFoundError(StoreError, LookupError):
    """No table, hand, staff member or evidence with that identity."""


class EvidenceError(StoreError):
    """A piece of camera evidence is purged, missing, or does not match its SHA-256."""

    def __init__(self, message: str, *, sha256: str) -> None:
        super().__init__(message)
        self.sha256 = sha256


class NotAuthorizedError(StoreError, PermissionError):
    """The signed-in person's role does not allow this (only a floor manager rules or corrects)."""

    def __str__(self) -> str:
        return str(self.args[0])


class SignInError(StoreError):
    """Unknown name, wrong PIN or password, or an inactive account."""


class ReplayError(StoreError):
    """A stored hand no longer replays through the rules engine; names the event that fails."""

    def __init__(self, message: str, *, table_id: int, seq: int | None, kind: str | None) -> None:
        super().__init__(message)
        self.table_id = table_id
        self.seq = seq
        self.kind = kind


__all__ = [
    "DuplicateEventError", "EvidenceError", "NotAuthorizedError", "RecordNotFoundError", "ReplayError", "SchemaVersionError",
    "SequenceConflictError", "SignInError", "StoreCorruptError", "StoreError", "StoreFullError", "StoreLockedError",
    "StoreUnavailableError",
]
