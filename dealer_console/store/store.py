"""The event store: every event durable before it is shown, hash-chained per table, searchable.

:meth:`Store.append` is the one way into a table's log. In one transaction it locks the table's
chain head, gives the event the next sequence number, hashes it onto the chain, writes it, updates
the floor's projections (hands, seats, agreements, rulings) and commits; only then does it return.
A caller shows an event's effect after ``append`` returns (see :mod:`.recorder`, which does this
for a :class:`~dealer_console.engine.hand.Hand` and a :class:`~dealer_console.engine.table.Table`).

:class:`Store` is the store's façade: the rest of the program calls its methods, never its tables.
Its parts, one concern each: opening (:mod:`.base`), hands and searches (:mod:`.hands`), the log
and its chain (:mod:`.log`), tables, staff and the floor's records (:mod:`.accounts`), camera
evidence (:mod:`.evidence`), the room's player list (:mod:`.players`); its values are in :mod:`.stored`.
"""

from __future__ import annotations

from dealer_console.store.accounts import AccountsStore
from dealer_console.store.evidence import EvidenceStore
from dealer_console.store.players import PlayersStore


class Store(AccountsStore, EvidenceStore, PlayersStore):
    """A connection to the room's record: SQLite by default, PostgreSQL by URL.

    Open it with :meth:`open` (the schema is migrated to the newest revision on the way), use it
    from any thread, close it when done (or use it as a context manager).
    """


__all__ = ["Store"]
