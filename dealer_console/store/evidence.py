"""Camera evidence: kept by its SHA-256 on disk or in the database, checked when read, purged under the retention policy."""

from __future__ import annotations

import errno
import hashlib
import os
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, select, update

from dealer_console.store._tables import (
    EVENTS,
    EVIDENCE,
    HANDS,
    RULINGS,
)
from dealer_console.store.base import StoreBase
from dealer_console.store.database import Target, guarded, writing
from dealer_console.store.errors import (
    EvidenceError,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
)
from dealer_console.store.stored import (
    PurgeReport,
)


class EvidenceStore(StoreBase):
    """The images the log's events name."""

    def put_evidence(self, data: bytes, *, media_type: str = "image/jpeg", table_id: int | None = None,
                     captured_at: datetime | None = None) -> str:
        """Keep a camera image (on disk if an evidence folder is configured, else in the database); return its SHA-256.

        A file on disk is written and synced before the row that names it is committed.
        """
        digest = hashlib.sha256(data).hexdigest()
        path: str | None = None
        folder = self.settings.evidence_dir
        if folder is not None:
            relative = Path(digest[:2]) / f"{digest}.bin"
            full = Path(folder) / relative
            try:
                full.parent.mkdir(parents=True, exist_ok=True)
                if not full.exists():
                    partial = full.with_suffix(".part")
                    with open(partial, "wb") as handle:
                        handle.write(data)
                        handle.flush()
                        os.fsync(handle.fileno())
                    partial.replace(full)
            except OSError as error:
                raise translate_os_error(error, f"writing evidence {digest[:12]}", self.target) from error
            path = str(relative)
        with guarded(self.target, f"storing evidence {digest[:12]}"), writing(self.sql_engine) as connection:
            if connection.execute(select(EVIDENCE.c.sha256).where(EVIDENCE.c.sha256 == digest)).first() is None:
                connection.execute(insert(EVIDENCE).values(
                    sha256=digest, table_id=table_id, media_type=media_type, size=len(data), captured_at=captured_at or self.now(),
                    data=None if path is not None else data, path=path, held=False, purged_at=None,
                ))
        return digest

    def evidence(self, sha256: str) -> bytes:
        """The image with that SHA-256, checked against it."""
        with guarded(self.target, f"reading evidence {sha256[:12]}"), self.sql_engine.connect() as connection:
            row = connection.execute(select(EVIDENCE).where(EVIDENCE.c.sha256 == sha256)).first()
        if row is None:
            raise EvidenceError(f"no evidence with SHA-256 {sha256}", sha256=sha256)
        if row.purged_at is not None:
            raise EvidenceError(f"evidence {sha256[:12]}... was purged on {row.purged_at:%Y-%m-%d} under the retention policy;"
                                " the log keeps its SHA-256", sha256=sha256)
        if row.path is not None:
            if self.settings.evidence_dir is None:
                raise EvidenceError(f"evidence {sha256[:12]}... is kept on disk, but no evidence folder is configured", sha256=sha256)
            try:
                data: bytes = (Path(self.settings.evidence_dir) / row.path).read_bytes()
            except OSError as error:
                raise EvidenceError(f"evidence file {row.path} cannot be read: {error}", sha256=sha256) from error
        else:
            data = bytes(row.data)
        if hashlib.sha256(data).hexdigest() != sha256:
            raise EvidenceError(f"evidence {sha256[:12]}... does not match its SHA-256: the image was altered", sha256=sha256)
        return data

    def media_types(self, hashes: Sequence[str]) -> dict[str, str]:
        """The media type of each image named (by SHA-256) that the store keeps or kept."""
        wanted = [sha for sha in hashes if sha]
        if not wanted:
            return {}
        statement = select(EVIDENCE.c.sha256, EVIDENCE.c.media_type).where(EVIDENCE.c.sha256.in_(wanted))
        with guarded(self.target, "reading evidence media types"), self.sql_engine.connect() as connection:
            return {str(row.sha256): str(row.media_type) for row in connection.execute(statement)}

    def hold_evidence(self, sha256: str, held: bool = True) -> None:
        """Keep (or stop keeping) an image past the retention period."""
        with guarded(self.target, "holding evidence"), writing(self.sql_engine) as connection:
            connection.execute(update(EVIDENCE).where(EVIDENCE.c.sha256 == sha256).values(held=held))

    def purge_evidence(self, *, now: datetime | None = None) -> PurgeReport:
        """Delete images older than the retention period, except those held or backing a ruling or a flagged hand.

        Only the image goes: its row stays (marked purged) and every event keeps its SHA-256, so the
        chain still verifies.
        """
        moment = now or self.now()
        cutoff = moment - timedelta(days=self.settings.evidence_retention_days)
        protected_hands = select(RULINGS.c.hand_id).where(RULINGS.c.hand_id.is_not(None)).union(
            select(HANDS.c.id).where(HANDS.c.flagged)
        )
        protected = select(EVENTS.c.evidence_sha256).where(EVENTS.c.evidence_sha256.is_not(None), EVENTS.c.hand_id.in_(protected_hands))
        purged = kept = freed = 0
        files: list[Path] = []
        with guarded(self.target, "purging evidence"), writing(self.sql_engine) as connection:
            rows = connection.execute(
                select(
                    EVIDENCE.c.sha256, EVIDENCE.c.held, EVIDENCE.c.size, EVIDENCE.c.path, EVIDENCE.c.sha256.in_(protected).label("backs"),
                )
                .where(EVIDENCE.c.captured_at < cutoff, EVIDENCE.c.purged_at.is_(None))
            ).all()
            for row in rows:
                if row.held or row.backs:
                    kept += 1
                    continue
                connection.execute(update(EVIDENCE).where(EVIDENCE.c.sha256 == row.sha256).values(data=None, purged_at=moment))
                if row.path is not None and self.settings.evidence_dir is not None:
                    files.append(Path(self.settings.evidence_dir) / row.path)
                purged += 1
                freed += row.size
        for file in files:
            file.unlink(missing_ok=True)
        return PurgeReport(purged, kept, freed)


def translate_os_error(error: OSError, doing: str, target: Target) -> StoreError:
    """A file-system failure as a store error (a full disk is reported as such)."""
    if error.errno == errno.ENOSPC:
        return StoreFullError(f"the disk is full while {doing}: nothing was written; free some space and try again")
    return StoreUnavailableError(f"cannot write while {doing}: {error.strerror or error}", url=target.shown)


__all__ = ["EvidenceStore", "translate_os_error"]
