"""The room-side check: every signed head the room kept must still be in the console's log and in the room's.

The shipper sends each table's signed chain head after its events (:mod:`.shipper`); the room keeps
them all in ``room_heads``. A console log cut or rewritten after shipping, even by someone holding
the console's key (who can re-sign a new head), no longer holds the event a kept head names:
:func:`check_store_against_room` says so, naming the table and seq. :func:`check_room_heads` checks
the room's own log against its heads (each head's signature, and its event in ``room_events``).
"""

from __future__ import annotations

from dealer_console.room import log
from dealer_console.store.errors import StoreUnavailableError
from dealer_console.store.keys import head_signature_holds, key_id_of
from dealer_console.store.store import Store


def check_store_against_room(store: Store, server_url: str) -> list[str]:
    """One line per head the room kept that the store's log no longer holds (``verify-log --room URL``)."""
    import psycopg

    problems: list[str] = []
    try:
        with log.connect(server_url, connect_timeout_s=5) as connection:
            for table in store.tables():
                for seq, digest, public_key, signature in log.heads(connection, table.id):
                    problems += _head_problems(store, table.id, seq, digest, public_key, signature)
    except psycopg.Error as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise StoreUnavailableError(f"cannot read the room's signed heads at {log.libpq_url(server_url).rpartition('@')[2]}: {first}") from error
    return problems


def _head_problems(store: Store, table_id: int, seq: int, digest: str, public_key: str, signature: str) -> list[str]:
    where = f"table {table_id}: the room keeps a head signed by key {key_id_of(public_key)[:16]} at seq {seq}"
    if not head_signature_holds(public_key, table_id=table_id, seq=seq, digest=digest, signature=signature):
        return [f"{where}, whose signature does not hold"]
    local = store.event_links(table_id, since_seq=seq - 1, limit=1)
    if not local or local[0].seq != seq:
        return [f"{where}, but this log ends before it (events cut off after they were shipped)"]
    if local[0].hash != digest:
        return [f"{where}, but this log holds a different event there (rewritten after it was shipped)"]
    return []


def check_room_heads(server_url: str) -> list[str]:
    """One line per head the room kept whose signature does not hold or whose event the room's log lacks or differs."""
    problems: list[str] = []
    with log.connect(server_url, connect_timeout_s=5) as connection:
        for table_id in log.table_ids(connection):
            stored = log.event_hashes(connection, table_id)
            for seq, digest, public_key, signature in log.heads(connection, table_id):
                where = f"table {table_id}: the room's head at seq {seq} (key {key_id_of(public_key)[:16]})"
                if not head_signature_holds(public_key, table_id=table_id, seq=seq, digest=digest, signature=signature):
                    problems.append(f"{where}: its signature does not hold")
                elif stored.get(seq) != digest:
                    problems.append(f"{where}: the room's log does not hold that event")
    return problems


__all__ = ["check_room_heads", "check_store_against_room"]
