"""The room's player list: players the floor adds, players first seated at a table, and corrections of their names.

A name is corrected by a floor manager signed in to this store (re-checked in the same transaction, as every floor
act); the correction is a row of ``player_name_changes`` naming the old name, the new one, who and why, so nothing is
overwritten silently: :meth:`PlayersStore.player_history` lists every name a player has had. Hands keep pointing at
the player, so a corrected name shows in the hands already played too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, insert, select, update

from dealer_console.store._tables import PLAYER_NAME_CHANGES, PLAYERS
from dealer_console.store.database import guarded, writing
from dealer_console.store.errors import RecordNotFoundError, StoreError
from dealer_console.store.log import LogStore
from dealer_console.store.stored import StaffMember

__all__ = ["KnownPlayer", "PlayerNameChange", "PlayersStore", "player_name"]

MAX_NAME = 200


@dataclass(frozen=True, slots=True)
class KnownPlayer:
    """A player on the room's list."""

    id: int
    name: str
    created_at: datetime
    added_by: str | None
    """The floor manager who added them (``None``: first seated at a table by a dealer)."""


@dataclass(frozen=True, slots=True)
class PlayerNameChange:
    """One correction of a player's name."""

    old_name: str
    new_name: str
    changed_by: str
    reason: str
    changed_at: datetime


def player_name(text: str) -> str:
    """A player's name as typed, spaces tidied; raises :class:`StoreError` for an empty or too long one."""
    name = " ".join(text.split())
    if not name:
        raise StoreError("a player needs a name")
    if len(name) > MAX_NAME:
        raise StoreError(f"a player's name has at most {MAX_NAME} characters, not {len(name)}")
    return name


class PlayersStore(LogStore):
    """The room's player list."""

    def players(self) -> list[KnownPlayer]:
        """Every player on the list, by name."""
        with guarded(self.target, "reading the player list"), self.sql_engine.connect() as connection:
            rows = connection.execute(select(PLAYERS).order_by(PLAYERS.c.name)).all()
        return [KnownPlayer(int(row.id), row.name, row.created_at, row.added_by) for row in rows]

    def add_player(self, name: str, *, by: StaffMember) -> KnownPlayer:
        """Add a player to the list (a floor manager signed in here); a name already there is refused."""
        name = player_name(name)
        with guarded(self.target, f"adding player {name!r}"), writing(self.sql_engine) as connection:
            self._check_signed_in_floor_manager(connection, by, "add a player to the room's list")
            self._refuse_taken(connection, name)
            moment = self.now()
            result = connection.execute(insert(PLAYERS).values(name=name, created_at=moment, added_by=by.name))
            assert result.inserted_primary_key is not None
            return KnownPlayer(int(result.inserted_primary_key[0]), name, moment, by.name)

    def rename_player(self, old: str, new: str, *, by: StaffMember, reason: str = "") -> PlayerNameChange:
        """Correct a player's name (a floor manager signed in here): the old name stays on record in the player's history."""
        new = player_name(new)
        with guarded(self.target, f"renaming player {old!r}"), writing(self.sql_engine) as connection:
            self._check_signed_in_floor_manager(connection, by, "correct a player's name")
            row = connection.execute(select(PLAYERS.c.id, PLAYERS.c.name).where(PLAYERS.c.name == old)).first()
            if row is None:
                raise RecordNotFoundError(f"no player named {old!r} on the room's list")
            if new == old:
                raise StoreError(f"{old!r} is already the player's name; nothing changed")
            self._refuse_taken(connection, new)
            change = PlayerNameChange(old, new, by.name, reason, self.now())
            connection.execute(insert(PLAYER_NAME_CHANGES).values(
                player_id=row.id, old_name=old, new_name=new, changed_by=by.name, reason=reason, changed_at=change.changed_at))
            connection.execute(update(PLAYERS).where(PLAYERS.c.id == row.id).values(name=new))
        return change

    def player_history(self, name: str) -> list[PlayerNameChange]:
        """Every correction of the name of the player now called ``name`` (or once called so), oldest first."""
        with guarded(self.target, f"reading the history of player {name!r}"), self.sql_engine.connect() as connection:
            found = connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.name == name)).first()
            if found is None:
                found = connection.execute(select(PLAYER_NAME_CHANGES.c.player_id.label("id"))
                                           .where(PLAYER_NAME_CHANGES.c.old_name == name)).first()
            if found is None:
                raise RecordNotFoundError(f"no player named {name!r} on the room's list")
            rows = connection.execute(select(PLAYER_NAME_CHANGES).where(PLAYER_NAME_CHANGES.c.player_id == found.id)
                                      .order_by(PLAYER_NAME_CHANGES.c.id)).all()
        return [PlayerNameChange(r.old_name, r.new_name, r.changed_by, r.reason, r.changed_at) for r in rows]

    def _refuse_taken(self, connection: Connection, name: str) -> None:
        taken = connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.name == name)).first()
        if taken is not None:
            raise StoreError(f"a player named {name!r} is already on the room's list")
