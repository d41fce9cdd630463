"""``verify-log``: every table's chain, its signed head, and (``--deep``) the floor's projections against the chain.

Tables are found from the events themselves as well as from ``tables`` and ``chain_heads``, so
deleting a table's head row (or its table row) cannot hide its log. For each table:

1. every link of the chain (:func:`~.chain.verify_chain`), up to the head recorded in ``chain_heads``;
2. the head's Ed25519 signature by the key it names, which must be registered in ``signing_keys``
   (:mod:`.keys`): a head moved without the console's key no longer verifies;
3. with ``deep``: the ``hands``, ``hand_seats`` and ``rulings`` rows rebuilt from the chain
   (:mod:`.projections`), each differing row named.

Functions here take an open connection; :meth:`~.log.LogStore.verify_log` is the way in.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, select

from dealer_console.store._tables import EVENTS, HAND_SEATS, HANDS, HEADS, KEYS, PLAYER_NAME_CHANGES, PLAYERS, RULINGS, STAFF, TABLES
from dealer_console.store.chain import ChainBreak, ChainReport, LinkRow, verify_chain
from dealer_console.store.keys import head_signature_holds
from dealer_console.store.projections import ProjectionMismatch, compare_rows, rebuild
from dealer_console.store.stored import StoredEvent


def tables_in_log(connection: Connection) -> list[int]:
    """Every table id named by a table row, a chain head or an event, in order."""
    ids = {int(row[0]) for row in connection.execute(select(TABLES.c.id))}
    ids |= {int(row[0]) for row in connection.execute(select(HEADS.c.table_id))}
    ids |= {int(row[0]) for row in connection.execute(select(EVENTS.c.table_id).distinct())}
    return sorted(ids)


def verify_table(connection: Connection, table_id: int, *, deep: bool = False) -> ChainReport:
    """One table's report: chain, signed head, and with ``deep`` the projections."""
    name_row = connection.execute(select(TABLES.c.name).where(TABLES.c.id == table_id)).first()
    name = "no table row" if name_row is None else str(name_row.name)
    head_row = connection.execute(
        select(HEADS.c.last_seq, HEADS.c.last_hash, HEADS.c.key_id, HEADS.c.signature).where(HEADS.c.table_id == table_id)
    ).first()
    head = None if head_row is None else (int(head_row.last_seq), str(head_row.last_hash).strip())
    result = connection.execution_options(yield_per=2000).execute(select(EVENTS).where(EVENTS.c.table_id == table_id).order_by(EVENTS.c.seq))
    try:
        report = verify_chain(table_id, name, (LinkRow.of(row) for row in result), head=head)
    finally:
        result.close()
    if report.broken is None and report.events == 0:
        return replace(report, broken=ChainBreak(table_id, 1, "-", "the table's log is empty: seq 1 (table_opened) onwards missing"))
    if report.broken is None and head_row is not None:
        report = _check_signature(connection, report, head_row)
    if deep and report.broken is None:
        report = replace(report, mismatches=tuple(str(m) for m in projection_mismatches(connection, table_id)))
    return report


def _check_signature(connection: Connection, report: ChainReport, head: Any) -> ChainReport:
    seq, digest = int(head.last_seq), str(head.last_hash).strip()

    def broken(reason: str) -> ChainReport:
        return replace(report, broken=ChainBreak(report.table_id, seq, _last_kind(connection, report.table_id, seq), reason))

    if head.signature is None or head.key_id is None:
        return broken("the chain head is not signed (its signature was removed, or it was written before signed heads:"
                      " the next append by the table's console signs it)")
    key = connection.execute(select(KEYS.c.public_key).where(KEYS.c.key_id == head.key_id)).first()
    if key is None:
        return broken(f"the chain head is signed by key {str(head.key_id)[:16]}, which is not registered in this store")
    if not head_signature_holds(str(key.public_key), table_id=report.table_id, seq=seq, digest=digest, signature=str(head.signature)):
        return broken(f"the chain head's signature (key {str(head.key_id)[:16]}) does not hold for seq {seq} and its hash:"
                      " the head was moved or the log rewritten without the console's key")
    return replace(report, key_id=str(head.key_id))


def _last_kind(connection: Connection, table_id: int, seq: int) -> str:
    row = connection.execute(select(EVENTS.c.kind).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == seq)).first()
    return "-" if row is None else str(row.kind)


def projection_mismatches(connection: Connection, table_id: int, hand_ids: set[int] | None = None) -> list[ProjectionMismatch]:
    """The table's ``hands``, ``hand_seats`` and ``rulings`` rows that differ from the chain (``hand_ids``: only these hands' rows)."""
    statement = select(EVENTS).where(EVENTS.c.table_id == table_id).order_by(EVENTS.c.seq)
    events = [StoredEvent.from_row(row) for row in connection.execute(statement)]
    if hand_ids is not None:
        events = [event for event in events if event.hand_id in hand_ids]
    rebuilt = rebuild(events)
    staff = {str(row.name) for row in connection.execute(select(STAFF.c.name))}
    for row in rebuilt.hands.values():
        row["dealer"] = row["dealer"] if row["dealer"] in staff else None
    dealer = STAFF.alias("dealer")
    hand_filter = [HANDS.c.table_id == table_id, *([] if hand_ids is None else [HANDS.c.id.in_(hand_ids)])]
    hands = {int(row.id): dict(row._mapping) for row in connection.execute(
        select(HANDS, dealer.c.name.label("dealer")).outerjoin(dealer, dealer.c.id == HANDS.c.dealer_id).where(*hand_filter))}
    seat_filter = [HAND_SEATS.c.table_id == table_id, *([] if hand_ids is None else [HAND_SEATS.c.hand_id.in_(hand_ids)])]
    seats = {(int(row.hand_id), int(row.seat)): dict(row._mapping) for row in connection.execute(
        select(HAND_SEATS, PLAYERS.c.name.label("player")).outerjoin(PLAYERS, PLAYERS.c.id == HAND_SEATS.c.player_id).where(*seat_filter))}
    former: dict[int, set[str]] = {}  # a name the floor corrected (store/players.py) is the same player under the chain's name
    for change in connection.execute(select(PLAYER_NAME_CHANGES.c.player_id, PLAYER_NAME_CHANGES.c.old_name)):
        former.setdefault(int(change.player_id), set()).add(str(change.old_name))
    for key, row in seats.items():
        chained = rebuilt.seats.get(key, {}).get("player")
        if row["player_id"] is not None and chained in former.get(int(row["player_id"]), ()):
            row["player"] = chained
    ruling_filter = [RULINGS.c.table_id == table_id, *([] if hand_ids is None else [RULINGS.c.hand_id.in_(hand_ids)])]
    rulings = {int(row.event_seq): dict(row._mapping) for row in connection.execute(
        select(RULINGS, STAFF.c.name.label("floor_manager")).outerjoin(STAFF, STAFF.c.id == RULINGS.c.floor_manager_id)
        .where(*ruling_filter))}
    return compare_rows(table_id, rebuilt, hands=hands, seats=seats, rulings=rulings)


__all__ = ["projection_mismatches", "tables_in_log", "verify_table"]
