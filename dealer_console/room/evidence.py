"""Camera evidence in the card room: ``room_evidence`` on its PostgreSQL, every statement that writes or reads it.

The shipper (:mod:`.shipper`) sends, in the same transaction as a batch of events, the images those
events name (``evidence_sha256``) that the console still keeps; the floor's review
(:mod:`dealer_console.floor.room_source`) reads them back. Images are content-addressed: the key is
the SHA-256 of the bytes, checked three times: by the console's store when it reads the image, by
the server on arrival (a ``CHECK`` on ``room_evidence``), and here on every read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

from dealer_console.store.errors import EvidenceError
from dealer_console.store.store import Store


def ship_evidence(connection: Any, local: Store, table_id: int, hashes: Iterable[str | None]) -> int:
    """Insert the images named by ``hashes`` that the server lacks and the console keeps; return how many were sent.

    Runs in the connection's current transaction (the caller commits it with the events). An image
    the console no longer has (purged under the retention policy, or missing) is not sent: its event
    still ships, and the floor's review says the picture is not in the room.
    """
    wanted = sorted({digest for digest in hashes if digest})
    if not wanted:
        return 0
    held = {str(row[0]) for row in connection.execute(
        "SELECT sha256 FROM room_evidence WHERE table_id = %s AND sha256 = ANY(%s)", (table_id, wanted))}
    missing = [digest for digest in wanted if digest not in held]
    media = local.media_types(missing)
    sent = 0
    for digest in missing:
        try:
            data = local.evidence(digest)  # checked against its SHA-256 by the store
        except EvidenceError:
            continue
        connection.execute(
            "INSERT INTO room_evidence (table_id, sha256, media_type, data) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (table_id, sha256) DO NOTHING", (table_id, digest, media.get(digest, "application/octet-stream"), data))
        sent += 1
    return sent


def evidence(connection: Any, sha256: str) -> bytes:
    """The image with that SHA-256 as the room holds it, checked against its hash; raises :class:`EvidenceError`."""
    rows = connection.execute("SELECT data FROM room_evidence WHERE sha256 = %s", (sha256,)).fetchall()
    if not rows:
        raise EvidenceError(f"evidence {sha256[:12]}... is not on the card room's server (not shipped yet, or purged at the"
                            " table's console before it shipped); the log keeps its SHA-256", sha256=sha256)
    for row in rows:
        data = bytes(row[0])
        if hashlib.sha256(data).hexdigest() == sha256:
            return data
    raise EvidenceError(f"evidence {sha256[:12]}... on the card room's server does not match its SHA-256: the image was"
                        " altered in the database", sha256=sha256)


def media_types(connection: Any, hashes: Sequence[str]) -> dict[str, str]:
    """The media type of each image named (by SHA-256) that the room holds."""
    wanted = [digest for digest in hashes if digest]
    if not wanted:
        return {}
    return {str(row[0]): str(row[1]) for row in connection.execute(
        "SELECT DISTINCT ON (sha256) sha256, media_type FROM room_evidence WHERE sha256 = ANY(%s)", (wanted,))}


__all__ = ["evidence", "media_types", "ship_evidence"]
