"""Tables, staff accounts and the floor's own records (rulings, house settings, flags)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Row, insert, select, true, update

from dealer_console.engine.table_config import TableConfig, apply_house_changes
from dealer_console.store._tables import (
    HEADS,
    STAFF,
    TABLES,
)
from dealer_console.store.chain import GENESIS
from dealer_console.store.codec import StoreRecord
from dealer_console.store.database import guarded, writing
from dealer_console.store.errors import (
    NotAuthorizedError,
    RecordNotFoundError,
    ReplayError,
    SignInError,
    StoreError,
)
from dealer_console.store.kinds import Role, Source
from dealer_console.store.log import LogStore
from dealer_console.store.records import HandFlagged, HouseSettingsChanged, RulingRecorded, TableOpened
from dealer_console.store.stored import (
    StaffAccount,
    StaffMember,
    StoredEvent,
)

_PASSWORDS = PasswordHasher()
_STAND_IN: dict[int, str] = {}


def _stand_in_hash() -> str:
    """A hash made with the current hasher's parameters, checked for an unknown name so that it costs what a known one does."""
    hasher = _PASSWORDS
    if id(hasher) not in _STAND_IN:
        _STAND_IN.clear()
        _STAND_IN[id(hasher)] = hasher.hash(secrets.token_hex(16))
    return _STAND_IN[id(hasher)]


def _check_secret(hashed: str, secret: str) -> bool:
    try:
        return bool(_PASSWORDS.verify(hashed, secret))
    except (VerificationError, InvalidHashError):
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class StaffRecovered(StoreRecord):
    """A sole floor manager's account recovered on the machine of the store (a new PIN, the lock-out lifted).

    Appended to every table's log before the account changes; ``operator`` is the system user who ran the recovery.
    """

    kind: ClassVar[str] = "staff_recovered"
    name: str
    operator: str


class AccountsStore(LogStore):
    """The room's tables and staff, and the floor's records."""

    def create_table(self, name: str, config: TableConfig | None = None, *, actor: str = "", table_id: int | None = None) -> int:
        """Add a table; its log starts with a ``table_opened`` event holding the configuration.

        ``table_id``: the id the card room gave this table (a console that ships its log to the
        room's server must use it, since the id is part of every event's hash); default: the next free one.
        """
        with guarded(self.target, f"creating table {name!r}"), writing(self.sql_engine) as connection:
            if connection.execute(select(TABLES.c.id).where(TABLES.c.name == name)).first() is not None:
                raise StoreError(f"a table named {name!r} already exists")
            values: dict[str, Any] = dict(name=name, created_at=self.now())
            if table_id is not None:
                if connection.execute(select(TABLES.c.id).where(TABLES.c.id == table_id)).first() is not None:
                    raise StoreError(f"a table with id {table_id} already exists")
                values["id"] = table_id
            inserted = connection.execute(insert(TABLES).values(**values)).inserted_primary_key
            assert inserted is not None
            connection.execute(insert(HEADS).values(table_id=inserted[0], last_seq=0, last_hash=GENESIS))
        self.append(int(inserted[0]), TableOpened(name=name, config=config), actor=actor)
        return int(inserted[0])

    def table_config(self, table_id: int) -> tuple[str, TableConfig | None]:
        """The name and configuration the table was opened with."""
        first = self.events(table_id, since_seq=0, limit=1)
        if not first or first[0].kind != TableOpened.kind:
            raise ReplayError(f"table {table_id}'s log does not start with table_opened", table_id=table_id, seq=1,
                              kind=first[0].kind if first else None)
        opened = first[0].record()
        assert isinstance(opened, TableOpened)
        return opened.name, opened.config

    def add_staff(self, name: str, role: Role, secret: str, *, by: StaffMember | None = None) -> StaffMember:
        """Register a dealer or floor manager; only an Argon2 hash of the PIN or password is kept.

        ``by``: the floor manager adding the account, as :meth:`sign_in` returned them (checked against the database in
        the same transaction). Only the first account of a store needs none, and it must be a floor manager (somebody has
        to be able to let the others in). The member returned is a value, not a session: acts that need authority take
        one from :meth:`sign_in`.
        """
        if len(secret) < 4:
            raise SignInError(f"the PIN or password of {name!r} must have at least 4 characters")
        hashed = _PASSWORDS.hash(secret)
        with guarded(self.target, f"adding staff member {name!r}"), writing(self.sql_engine) as connection:
            if by is not None or connection.execute(select(STAFF.c.id).limit(1)).first() is not None:
                self._check_signed_in_floor_manager(connection, by, "add a staff account")
            elif role is not Role.FLOOR_MANAGER:
                raise NotAuthorizedError(f"the first account of a store is its floor manager; {name!r} would be a {role.value}")
            if connection.execute(select(STAFF.c.id).where(STAFF.c.name == name)).first() is not None:
                raise StoreError(f"a staff member named {name!r} already exists")
            result = connection.execute(
                insert(STAFF).values(name=name, role=role.value, secret_hash=hashed, active=True, created_at=self.now())
            )
            assert result.inserted_primary_key is not None
            return StaffMember(int(result.inserted_primary_key[0]), name, role)

    def sign_in(self, name: str, secret: str) -> StaffMember:
        """Check a PIN or password; raises :class:`SignInError` (same message for an unknown name and a wrong PIN).

        The attempt is counted before the hash is checked, by one conditional UPDATE in its own transaction: an account
        with ``sign_in_attempts`` attempts counted takes no more, so that many attempts mean at most that many hash
        checks however many arrive at once. A right PIN sets the count back to zero; the attempt that uses the last one
        and is wrong locks the account out (kept in the database, so a restart does not reset it) until a floor manager
        unlocks it (:meth:`unlock_staff`); a locked account is refused even with the right PIN. An unknown (or
        inactive) name is checked against a stand-in hash, so it costs the time of a known one.
        """
        claimed = self._claim_attempt(name)
        refusal = SignInError(f"sign-in refused for {name!r}: unknown name or wrong PIN or password")
        if claimed is None:
            _check_secret(_stand_in_hash(), secret)
            raise refusal
        if isinstance(claimed, int):
            raise SignInError(f"sign-in refused for {name!r}: the account is locked out after {claimed} wrong PINs or"
                              " passwords; a floor manager must unlock it")
        if not _check_secret(claimed.secret_hash, secret):
            failed = int(claimed.failed_sign_ins)
            if failed < self.settings.sign_in_attempts:
                raise refusal
            with guarded(self.target, "locking an account out"), writing(self.sql_engine) as connection:
                connection.execute(update(STAFF).where(STAFF.c.id == claimed.id, STAFF.c.locked_at.is_(None)).values(locked_at=self.now()))
            raise SignInError(f"sign-in refused for {name!r}: wrong PIN or password {failed} times; the account is now"
                              " locked out until a floor manager unlocks it")
        with guarded(self.target, "signing in"), writing(self.sql_engine) as connection:
            reset = connection.execute(update(STAFF).where(STAFF.c.id == claimed.id, STAFF.c.locked_at.is_(None))
                                       .values(failed_sign_ins=0)).rowcount
        if not reset:  # other attempts used the last ones meanwhile: a locked account is refused even with the right PIN
            raise SignInError(f"sign-in refused for {name!r}: the account was locked out meanwhile; a floor manager must unlock it")
        member = StaffMember(claimed.id, claimed.name, Role(claimed.role))
        self._signed_in[id(member)] = member
        return member

    def _claim_attempt(self, name: str) -> Row[Any] | int | None:
        """Count one attempt of ``name`` before its hash is checked: the row (with the count after it), the count of a
        locked-out account (no attempt left), or None (no such active account)."""
        limit = self.settings.sign_in_attempts
        with guarded(self.target, "signing in"), writing(self.sql_engine) as connection:
            claimed = connection.execute(
                update(STAFF)
                .where(STAFF.c.name == name, STAFF.c.active == true(), STAFF.c.locked_at.is_(None), STAFF.c.failed_sign_ins < limit)
                .values(failed_sign_ins=STAFF.c.failed_sign_ins + 1)
                .returning(STAFF.c.id, STAFF.c.name, STAFF.c.role, STAFF.c.secret_hash, STAFF.c.failed_sign_ins)
            ).first()
            if claimed is not None:
                return claimed
            row = connection.execute(select(STAFF.c.active, STAFF.c.failed_sign_ins).where(STAFF.c.name == name)).first()
        if row is None or not row.active:
            return None
        return int(row.failed_sign_ins)

    def signed_in_floor_manager(self, by: StaffMember, what: str) -> StaffMember:
        """``by`` if it is a floor manager this store signed in (and still an active floor manager who is not locked out);
        raises :class:`NotAuthorizedError` naming ``what`` otherwise (a member made from a name is never signed in)."""
        with guarded(self.target, "checking a sign-in"), self.sql_engine.connect() as connection:
            self._check_signed_in_floor_manager(connection, by, what)
        return by

    def unlock_staff(self, name: str, *, by: StaffMember) -> None:
        """Lift a lock-out (a floor manager signed in to this store only, re-checked in the same transaction)."""
        with guarded(self.target, f"unlocking {name!r}"), writing(self.sql_engine) as connection:
            self._check_signed_in_floor_manager(connection, by, "unlock an account")
            done = connection.execute(update(STAFF).where(STAFF.c.name == name).values(failed_sign_ins=0, locked_at=None)).rowcount
        if not done:
            raise RecordNotFoundError(f"no staff member named {name!r}")

    def recover_floor_manager(self, name: str, secret: str, *, operator: str) -> StaffMember:
        """Give a locked-out (or forgotten) sole floor manager a new PIN and lift the lock-out, from the machine itself.

        For a floor room with nobody left to unlock: refused while another floor manager can sign in, and (SQLite) unless
        this program may write the database file and its folder, i.e. whoever runs it could replace the store anyway.
        Before anything changes, a :class:`StaffRecovered` event naming ``operator`` (the system user) is appended to
        every table's log, so the recovery is in the chain. Returns the recovered member, signed in.
        """
        if len(secret) < 4:
            raise SignInError(f"the PIN or password of {name!r} must have at least 4 characters")
        self._require_write_access("recover a floor manager")
        with guarded(self.target, f"recovering {name!r}"), self.sql_engine.connect() as connection:
            rows = connection.execute(select(STAFF.c.id, STAFF.c.name, STAFF.c.active, STAFF.c.locked_at)
                                      .where(STAFF.c.role == Role.FLOOR_MANAGER.value)).all()
        account = next((row for row in rows if row.name == name), None)
        if account is None:
            raise RecordNotFoundError(f"no floor manager named {name!r}: only a floor manager's account is recovered this way")
        others = sorted(row.name for row in rows if row.name != name and row.active and row.locked_at is None)
        if others:
            raise NotAuthorizedError(f"{', '.join(others)} can still sign in as floor manager: ask them to unlock {name!r}"
                                     " (dealer-console staff unlock NAME); recovery is for a sole floor manager")
        hashed = _PASSWORDS.hash(secret)
        for table in self.tables():
            self.append(table.id, StaffRecovered(name=name, operator=operator), source=Source.FLOOR, actor=f"{operator} (local recovery)")
        with guarded(self.target, f"recovering {name!r}"), writing(self.sql_engine) as connection:
            connection.execute(update(STAFF).where(STAFF.c.id == account.id)
                               .values(secret_hash=hashed, active=True, failed_sign_ins=0, locked_at=None))
        member = StaffMember(int(account.id), name, Role.FLOOR_MANAGER)
        self._signed_in[id(member)] = member
        return member

    def _require_write_access(self, what: str) -> None:
        path = self.target.sqlite_path
        if not path:
            return  # PostgreSQL: the server's grants decide (only a login that may change staff rows gets past the UPDATE)
        file = Path(path)
        for needed in (file, file.parent):
            if not os.access(needed, os.W_OK):
                raise NotAuthorizedError(f"to {what} this program must be able to write {needed}; run it as the store's owner")

    def is_locked_out(self, name: str) -> bool:
        """Whether repeated failures have locked this account out."""
        with guarded(self.target, "looking up staff"), self.sql_engine.connect() as connection:
            row = connection.execute(select(STAFF.c.locked_at, STAFF.c.failed_sign_ins).where(STAFF.c.name == name)).first()
        if row is None:
            raise RecordNotFoundError(f"no staff member named {name!r}")
        return row.locked_at is not None or int(row.failed_sign_ins) >= self.settings.sign_in_attempts

    def has_floor_manager(self) -> bool:
        """Whether the store has a floor manager's account yet (the first account of a store must be one)."""
        with guarded(self.target, "looking up staff"), self.sql_engine.connect() as connection:
            row = connection.execute(select(STAFF.c.id).where(STAFF.c.role == Role.FLOOR_MANAGER.value).limit(1)).first()
        return row is not None

    def staff(self, *, by: StaffMember) -> list[StaffAccount]:
        """Every staff account, by name: role, whether active, and whether locked out (no secret is read).

        For a floor manager signed in to this store only (:meth:`sign_in`).
        """
        self.signed_in_floor_manager(by, "list the staff accounts")
        with guarded(self.target, "listing staff"), self.sql_engine.connect() as connection:
            rows = connection.execute(select(STAFF.c.name, STAFF.c.role, STAFF.c.active, STAFF.c.failed_sign_ins, STAFF.c.locked_at)
                                      .order_by(STAFF.c.name)).all()
        return [StaffAccount(row.name, Role(row.role), bool(row.active), int(row.failed_sign_ins), row.locked_at) for row in rows]

    def staff_member(self, name: str) -> StaffMember:
        """A staff member by name (no PIN asked: for lookups, never for authority, which only :meth:`sign_in` gives)."""
        with guarded(self.target, "looking up staff"), self.sql_engine.connect() as connection:
            row = connection.execute(select(STAFF).where(STAFF.c.name == name)).first()
        if row is None:
            raise RecordNotFoundError(f"no staff member named {name!r}")
        return StaffMember(row.id, row.name, Role(row.role))

    def record_ruling(
        self,
        table_id: int,
        *,
        by: StaffMember,
        rule: str,
        decision: str,
        pot_held: bool,
        disputed_amount: int,
        hand_number: int | None = None,
        late: bool = False,
    ) -> StoredEvent:
        """Record a floor manager's ruling; reportable when the disputed amount reaches the configured threshold.

        ``by``: the floor manager as :meth:`sign_in` returned them; the ruling is recorded under that member's name, and
        anyone else (a member made from a name, a copy, a dealer, an account locked out since) is refused, nothing stored.
        """
        self.signed_in_floor_manager(by, "record a ruling")
        ruling = RulingRecorded(
            hand_number=hand_number, floor_manager=by.name, rule=rule, decision=decision, pot_held=pot_held,
            disputed_amount=disputed_amount, reportable=disputed_amount >= self.settings.reportable_threshold, late=late,
        )
        return self.append(table_id, ruling, source=Source.FLOOR, actor=by.name, by=by)

    def change_house_settings(self, table_id: int, changes: Mapping[str, object], *, by: StaffMember, reason: str = "") -> StoredEvent:
        """Record a change of the table's house settings (a floor manager only), as a floor event naming the manager.

        ``changes`` maps names of :data:`~dealer_console.engine.table.HOUSE_SETTING_NAMES` (``"rake.percent"``...) to
        their new values; the table applies them from this point of its log on (``resume_table``). ``by``: the floor
        manager as :meth:`sign_in` returned them (see :meth:`record_ruling`).
        """
        self.signed_in_floor_manager(by, "change the house settings")
        record = HouseSettingsChanged(by=by.name, changes=tuple(sorted((str(k), str(v)) for k, v in changes.items())), reason=reason)
        # refused before it is written (IllegalActionError naming the setting): a change the table cannot apply would stop its replay
        name, config = self.table_config(table_id)
        apply_house_changes(config if config is not None else TableConfig(name=name), record.changes)
        return self.append(table_id, record, source=Source.FLOOR, actor=by.name, by=by)

    def flag_hand(self, table_id: int, hand_number: int, *, reason: str, by: str) -> StoredEvent:
        """Mark a hand for the floor's attention (a dealer's act as much as the floor's: ``by`` is whoever flags it)."""
        return self.append(table_id, HandFlagged(hand_number=hand_number, reason=reason, by=by), actor=by)


__all__ = ["AccountsStore", "StaffRecovered"]
