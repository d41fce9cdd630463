"""Shipping a console's log to the card room's PostgreSQL: in order, idempotently, after any outage.

The console always writes to its own store first (write-ahead, as at a single table); a
:class:`Shipper` thread then copies each of its tables' events to ``room_events`` on the room's
server unchanged (same ``seq``, same ``hash``), a batch per transaction:

1. after (re)connecting, it asks the server for the table's highest stored ``seq`` and its hash,
   and checks that hash against the local event at that ``seq`` (a different hash is a fork:
   :class:`ShipConflictError`, the table stops shipping, nothing is ever overwritten);
2. it reads the next local events, checks each link of the chain (``link_hash`` of the previous
   hash and the event's columns) before sending anything;
3. it inserts them with ``ON CONFLICT (table_id, seq) DO NOTHING`` and reads back the stored
   hashes of the whole batch in the same transaction: a row stored by an earlier attempt whose
   acknowledgement was lost is the same hash (stored once), a different hash is a loud
   :class:`ShipConflictError`.

A lost connection, a refused one or a server error leaves the local log untouched: the shipper
waits (backing off up to ``max_backoff_s``) and resumes from the server's highest ``seq``, which it
reads again after each reconnect (a batch whose acknowledgement was lost is then counted as stored);
until then it remembers the last head the server confirmed, so "behind by N" stays exact through an
outage. A silent stall (a network that answers nothing and closes nothing) is noticed by the link's
guards (:mod:`.link`: TCP keepalives, server-side timeouts, and a stall watch that breaks a round
waiting longer than ``stall_after_s``, 10 s by default): the status says FAILING, and the shipper
reconnects by itself when the network answers again.
:meth:`Shipper.status` says what the console shows: in sync, behind by N events, or failing and why.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from dealer_console.room import evidence, log
from dealer_console.room.errors import RoomError, ShipConflictError
from dealer_console.room.link import StallWatch, break_socket, link_conninfo
from dealer_console.store.chain import GENESIS, ChainReport, LinkRow, link_hash, row_content, verify_chain
from dealer_console.store.store import Store


class ShipState(Enum):
    """What the console's status line says."""

    IN_SYNC = "in sync"
    BEHIND = "behind"
    FAILING = "failing"


@dataclass(frozen=True, slots=True)
class ShipStatus:
    """The shipper's state for the console: in sync, behind by ``behind`` events, or failing and why."""

    state: ShipState
    behind: int
    """Events stored locally and not yet confirmed on the server (all tables)."""
    error: str | None = None
    """Why shipping is failing (the last error), when it is."""
    last_shipped_at: datetime | None = None
    tables: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Per table: (local head seq, server's confirmed seq)."""
    unread: tuple[int, ...] = ()
    """Tables whose head on the server this shipper has not read yet (the server not reached since it
    started): their whole local log counts in ``behind``, an upper bound; every other table's count is exact."""

    def describe(self) -> str:
        """One line for the console's status bar."""
        unread = " (the room's head not read yet)" if self.unread and self.behind else ""
        if self.state is ShipState.IN_SYNC:
            return "card room: in sync"
        if self.state is ShipState.BEHIND:
            return f"card room: behind by {self.behind} event{'s' if self.behind != 1 else ''}{unread}"
        return f"card room: FAILING, {self.behind} events not shipped{unread}: {self.error}"


class Shipper:
    """Copies a local store's tables to the room's server; run it as a thread with :meth:`start`."""

    def __init__(
        self,
        local: Store,
        server_url: str,
        table_ids: Iterable[int],
        *,
        batch: int = 500,
        poll_s: float = 0.05,
        connect_timeout_s: float = 3.0,
        max_backoff_s: float = 2.0,
        stall_after_s: float = 10.0,
        on_shipped: Callable[[int, list[Any]], None] | None = None,
    ) -> None:
        if not 0 < stall_after_s < float("inf"):
            raise RoomError(f"the stall limit must be a number of seconds above 0, not {stall_after_s!r}")
        self.local = local
        self.server_url = log.libpq_url(server_url)
        self._conninfo = link_conninfo(self.server_url, stall_after_s=stall_after_s, connect_timeout_s=connect_timeout_s)
        self.table_ids = tuple(table_ids)
        self.batch = batch
        self.poll_s = poll_s
        self.connect_timeout_s = connect_timeout_s
        self.max_backoff_s = max_backoff_s
        self.on_shipped = on_shipped
        self._connection: Any = None
        self._confirmed: dict[int, tuple[int, str]] = {}
        """Per table: the server's highest seq and its hash, as last confirmed (kept through reconnects, for the status)."""
        self._checked: set[int] = set()
        """Tables whose head has been read (and checked against the local log) on the current connection."""
        self._watch = StallWatch(stall_after_s)
        self._local_heads: dict[int, int] = {}
        self._error: str | None = None
        self._conflict: ShipConflictError | None = None
        self._last_shipped_at: datetime | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._watch_thread: threading.Thread | None = None

    # ------------------------------------------------------------------ running

    def start(self) -> Shipper:
        """Ship in a background thread until :meth:`stop`."""
        self._thread = threading.Thread(target=self._run, name="room-shipper", daemon=True)
        self._watch_thread = threading.Thread(target=self._watch_stalls, name="room-shipper-watch", daemon=True)
        self._thread.start()
        self._watch_thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the thread and close the server connection (a round waiting on a silent network is broken off)."""
        self._stop.set()
        self._wake.set()
        connection = self._connection
        if connection is not None and self._watch.waited() > 0:
            break_socket(connection)
        for thread in (self._thread, self._watch_thread):
            if thread is not None:
                thread.join(timeout)
        self._disconnect()

    @property
    def conflict(self) -> ShipConflictError | None:
        """The chain conflict that stopped shipping for good, if any (a person must look)."""
        return self._conflict

    def wake(self) -> None:
        """Ship now (the console calls this after each local commit; otherwise it polls)."""
        self._wake.set()

    def _run(self) -> None:
        backoff = 0.1
        while not self._stop.is_set():
            try:
                shipped = self.ship_once()
                backoff = 0.1
                if shipped == 0:
                    self._wake.wait(self.poll_s)
                    self._wake.clear()
            except ShipConflictError:
                return  # loud and final: a person must look (status says why)
            except Exception:  # any failure: status says why, retry after a pause
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self.max_backoff_s)

    def _watch_stalls(self) -> None:
        while not self._stop.wait(min(0.5, self._watch.stall_after_s / 4)):
            self._watch.check()

    def wait_in_sync(self, timeout: float) -> bool:
        """Block until every local event is on the server (or ``timeout`` seconds pass)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.status(refresh=True).state is ShipState.IN_SYNC:
                return True
            self._wake.set()
            time.sleep(0.05)
        return False

    # ------------------------------------------------------------------ status

    def _read_local_heads(self) -> dict[int, int]:
        return self.local.chain_heads(self.table_ids)

    def status(self, *, refresh: bool = False) -> ShipStatus:
        """In sync, behind by N events, or failing and why (``refresh`` re-reads the local heads)."""
        if refresh or not self._local_heads:
            try:
                heads = self._read_local_heads()
                with self._lock:
                    self._local_heads = heads
            except Exception as failure:
                return ShipStatus(ShipState.FAILING, 0, f"cannot read the local store: {failure}")
        with self._lock:
            tables = {t: (self._local_heads.get(t, 0), self._confirmed.get(t, (0, GENESIS))[0]) for t in self.table_ids}
            unread = tuple(t for t in self.table_ids if t not in self._confirmed)
            error = str(self._conflict) if self._conflict is not None else self._error
            shipped_at = self._last_shipped_at
        behind = sum(max(0, local - server) for local, server in tables.values())
        if error is None and self._watch.stalled():
            error = self._stall_reason()
        if error is not None:
            return ShipStatus(ShipState.FAILING, behind, error, shipped_at, tables, unread)
        state = ShipState.IN_SYNC if behind == 0 else ShipState.BEHIND
        return ShipStatus(state, behind, None, shipped_at, tables, unread)

    # ------------------------------------------------------------------ one round

    def _connect(self) -> Any:
        if self._connection is None or self._connection.closed:
            self._checked.clear()  # read every head again: resume from what the server says it has
            self._connection = log.connect(self._conninfo, connect_timeout_s=self.connect_timeout_s)
        self._watch.using(self._connection)
        return self._connection

    def _disconnect(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            except Exception:
                pass
            self._connection = None

    def ship_once(self) -> int:
        """Ship every table's pending events (up to ``batch`` each); return how many were sent."""
        if self._conflict is not None:
            raise self._conflict
        self._watch.begin(self._connection)
        try:
            heads = self._read_local_heads()
            with self._lock:
                self._local_heads = heads
            connection = self._connect()
            sent = 0
            for table_id in self.table_ids:
                sent += self._ship_table(connection, table_id, heads.get(table_id, 0))
            self._watch.end()
            with self._lock:
                self._error = None
            return sent
        except ShipConflictError as conflict:
            self._watch.end()
            with self._lock:
                self._conflict = conflict
            self._disconnect()
            raise
        except Exception as error:
            stalled = self._watch.end()
            text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            with self._lock:
                self._error = self._stall_reason() if stalled else f"{type(error).__name__}: {text}"
            self._disconnect()
            raise

    def _stall_reason(self) -> str:
        # one wording for the whole stall, so the console reports it once (not once per second waited)
        return f"stalled: no answer from the room's server for over {self._watch.stall_after_s:g} s (network or server silent)"

    def _server_head(self, connection: Any, table_id: int) -> tuple[int, str]:
        stored = log.head(connection, table_id)
        connection.commit()
        if stored is None:
            return 0, GENESIS
        seq, digest = stored
        local = self.local.event_links(table_id, since_seq=seq - 1, limit=1)
        if not local:
            raise ShipConflictError(f"table {table_id}: the room's server holds seq {seq}, which this console never wrote"
                                    " (two consoles configured with one table id?); shipping stopped, call the floor",
                                    table_id=table_id, seq=seq)
        if local[0].hash != digest:
            raise ShipConflictError(f"table {table_id}: the room's server holds a different event at seq {seq}"
                                    f" (server hash {digest[:12]}..., local {local[0].hash[:12]}...); nothing was overwritten;"
                                    " shipping stopped, call the floor", table_id=table_id, seq=seq)
        return seq, digest

    def _ship_table(self, connection: Any, table_id: int, local_head: int) -> int:
        if table_id not in self._checked:
            head = self._server_head(connection, table_id)
            with self._lock:
                self._confirmed[table_id] = head
            self._checked.add(table_id)
        server_seq, previous = self._confirmed[table_id]
        if server_seq >= local_head:
            return 0
        rows = self.local.event_links(table_id, since_seq=server_seq, limit=self.batch)
        values = []
        for row in rows:
            digest = link_hash(previous, row_content(row))
            if digest != row.hash:
                raise ShipConflictError(f"table {table_id}: the local log's chain is broken at seq {row.seq} ({row.kind});"
                                        " nothing after it is shipped: run verify-log", table_id=table_id, seq=row.seq)
            values.append((row.table_id, row.seq, row.hand_id, row.recorded_at, row.frame_at, row.source, row.actor,
                           row.kind, row.payload, row.voids_seq, row.evidence_sha256, row.hash, previous))
            previous = row.hash
        if not values:
            return 0
        import psycopg

        evidence.ship_evidence(connection, self.local, table_id, [value[10] for value in values])
        try:
            stored = log.append(connection, table_id, values)
        except psycopg.errors.CheckViolation as error:  # the server's link trigger: a gap or a fork
            reason = str(error).strip().splitlines()[0] if str(error).strip() else "link refused"
            raise ShipConflictError(f"table {table_id}: the room's server refused the chain link ({reason});"
                                    " nothing was overwritten; shipping stopped, call the floor", table_id=table_id, seq=None) from error
        for value in values:
            if stored.get(value[1]) != value[11]:
                connection.rollback()
                raise ShipConflictError(
                    f"table {table_id}: the room's server holds a different event at seq {value[1]}"
                    f" (server {str(stored.get(value[1]))[:12]}..., local {value[11][:12]}...); nothing was overwritten;"
                    " shipping stopped, call the floor", table_id=table_id, seq=value[1],
                )
        connection.commit()
        with self._lock:
            self._confirmed[table_id] = (values[-1][1], values[-1][11])
            self._last_shipped_at = datetime.now(UTC)
        self._ship_signed_head(connection, table_id)
        if self.on_shipped is not None:
            self.on_shipped(table_id, values)
        return len(values)

    def _ship_signed_head(self, connection: Any, table_id: int) -> None:
        """After the events: the table's signed head, if the room holds its event (the room keeps every head it receives)."""
        signed = self.local.signed_head(table_id)
        if signed is None or signed[0] > self._confirmed[table_id][0]:
            return  # the head moved past what was shipped: the next batch ships it
        log.append_head(connection, table_id, *signed)
        connection.commit()


def verify_room(server_url: str) -> list[ChainReport]:
    """Verify every table's chain in the room's ``room_events`` (the server holds no head row: the
    last stored event is the head; compare it with the console's own ``verify-log`` to find events
    cut off the end)."""
    reports = []
    with log.connect(server_url, named_rows=True) as connection:
        for table_id in log.table_ids(connection):
            rows = [LinkRow.of(row) for row in log.all_events(connection, table_id)]
            reports.append(verify_chain(table_id, f"table {table_id}", rows, head=(rows[-1].seq, rows[-1].hash)))
    return reports


__all__ = ["ShipState", "ShipStatus", "Shipper", "verify_room"]
