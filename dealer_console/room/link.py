"""The shipper's link to the room's server: libpq settings that notice a dead or silent peer, and a stall watch.

A network that drops packets without a word leaves a connection open and a query waiting for ever:
nothing fails, so nothing is reported. Three guards, each for what the others cannot see:

- **TCP keepalives and a TCP user timeout** (libpq ``keepalives``, ``keepalives_idle``,
  ``keepalives_interval``, ``keepalives_count``, ``tcp_user_timeout``): the kernel probes an idle
  connection and gives up on one whose data stays unacknowledged, so a peer that vanished is an error;
- **server-side timeouts** (``options=-c statement_timeout=... -c idle_in_transaction_session_timeout=...``):
  a statement that waits on the server (a lock held by a half-dead session of the same console) is
  cancelled, and a session left in a transaction by a vanished console is ended, its locks released;
- **the stall watch** (:class:`StallWatch`), on the console's side: a round that has waited longer
  than ``stall_after_s`` is a stall, whatever the kernel believes (a middlebox that acknowledges and
  forwards nothing fools the first two); the watch shuts the connection's socket down, so the waiting
  call fails at once and the shipper reconnects by itself. ``connect_timeout`` bounds a connection
  attempt into the same silence.
"""

from __future__ import annotations

import contextlib
import math
import os
import socket
import threading
import time
from typing import Any

__all__ = ["StallWatch", "link_conninfo"]


def link_conninfo(url: str, *, stall_after_s: float, connect_timeout_s: float) -> str:
    """The libpq connection string for ``url`` with the shipper's keepalives and timeouts (the URL's own ``options`` kept).

    The server-side timeouts are ``stall_after_s`` for a statement and twice that for an idle
    transaction; the keepalives give up on a silent peer in about ``stall_after_s`` too.
    """
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    stall_ms = max(1000, math.ceil(stall_after_s * 1000))
    params: dict[str, Any] = dict(conninfo_to_dict(url))
    server_options = f"-c statement_timeout={stall_ms} -c idle_in_transaction_session_timeout={2 * stall_ms}"
    given = str(params.get("options") or "").strip()
    params.update(
        keepalives=1,
        keepalives_idle=max(1, math.ceil(stall_after_s / 2)),
        keepalives_interval=max(1, math.ceil(stall_after_s / 6)),
        keepalives_count=3,
        tcp_user_timeout=stall_ms,
        connect_timeout=max(1, math.ceil(connect_timeout_s)),
        options=f"{given} {server_options}".strip(),
    )
    return make_conninfo("", **params)


class StallWatch:
    """Times each round with the server; past ``stall_after_s`` it reports a stall and breaks the round's connection.

    The shipper's thread brackets a round with :meth:`begin` and :meth:`end`; :meth:`stalled_for`
    (any thread) says how long the round in progress has waited beyond the limit; :meth:`check`
    (the watch's own thread, or any caller) breaks a stalled round's socket so its call fails.
    """

    def __init__(self, stall_after_s: float) -> None:
        self.stall_after_s = stall_after_s
        self._lock = threading.Lock()
        self._started: float | None = None
        self._connection: Any = None
        self._broken = False

    def begin(self, connection: Any = None) -> None:
        """A round starts (``connection``: the one to break if it stalls; may be named later with :meth:`using`)."""
        with self._lock:
            self._started, self._connection, self._broken = time.monotonic(), connection, False

    def using(self, connection: Any) -> None:
        """The round now waits on ``connection``."""
        with self._lock:
            self._connection = connection

    def end(self) -> bool:
        """The round is over; ``True`` when the watch broke it as stalled."""
        with self._lock:
            broken = self._broken
            self._started, self._connection, self._broken = None, None, False
        return broken

    def waited(self) -> float:
        """Seconds the round in progress has waited (0: no round)."""
        with self._lock:
            return 0.0 if self._started is None else time.monotonic() - self._started

    def stalled(self) -> bool:
        """The round in progress has waited longer than ``stall_after_s``."""
        return self.waited() > self.stall_after_s

    def check(self) -> bool:
        """Break the round's connection if it has stalled; ``True`` when it did."""
        if not self.stalled():
            return False
        with self._lock:
            connection, already = self._connection, self._broken
            self._broken = True
        if connection is not None and not already:
            break_socket(connection)
        return True


def break_socket(connection: Any) -> None:
    """Shut a psycopg connection's socket down from any thread: a call waiting on it fails at once (the
    connection itself is closed by its own thread afterwards)."""
    with contextlib.suppress(Exception):
        duplicate = socket.socket(fileno=os.dup(connection.fileno()))
        with contextlib.suppress(OSError), duplicate:
            duplicate.shutdown(socket.SHUT_RDWR)
