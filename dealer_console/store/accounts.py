"""Tables, staff accounts and the floor's own records (rulings, house settings, flags)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import insert, select, update

from dealer_console.engine.table_config import TableConfig, apply_house_changes
from dealer_console.store._tables import (
    HEADS,
    STAFF,
    TABLES,
)
from dealer_console.store.chain import GENESIS
from dealer_console.store.database import guarded, writing
from dealer_console.store.errors import (
    NotAuthorizedError,
    RecordNotFoundError,
    ReplayError,
    SignInError,
    StoreError,
)
from dealer_console.store.log import LogStore
from dealer_console.store.models import Role, Source
from dealer_console.store.records import HandFlagged, HouseSettingsChanged, RulingRecorded, TableOpened
from dealer_console.store.stored import (
    StaffAccount,
    StaffMember,
    StoredEvent,
)

_PASSWORDS = PasswordHasher()


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

    def add_staff(self, name: str, role: Role, secret: str) -> StaffMember:
        """Register a dealer or floor manager; only an Argon2 hash of the PIN or password is kept."""
        if len(secret) < 4:
            raise SignInError(f"the PIN or password of {name!r} must have at least 4 characters")
        hashed = _PASSWORDS.hash(secret)
        with guarded(self.target, f"adding staff member {name!r}"), writing(self.sql_engine) as connection:
            if connection.execute(select(STAFF.c.id).where(STAFF.c.name == name)).first() is not None:
                raise StoreError(f"a staff member named {name!r} already exists")
            result = connection.execute(
                insert(STAFF).values(name=name, role=role.value, secret_hash=hashed, active=True, created_at=self.now())
            )
            assert result.inserted_primary_key is not None
            return StaffMember(int(result.inserted_primary_key[0]), name, role)

    def sign_in(self, name: str, secret: str) -> StaffMember:
        """Check a PIN or password; raises :class:`SignInError` (same message for an unknown name and a wrong PIN).

        After ``sign_in_attempts`` wrong PINs in a row the account is locked out (kept in the
        database, so a restart does not reset it) until a floor manager unlocks it
        (:meth:`unlock_staff`); a locked account is refused even with the right PIN.
        """
        with guarded(self.target, "signing in"), self.sql_engine.connect() as connection:
            row = connection.execute(select(STAFF).where(STAFF.c.name == name)).first()
        refusal = SignInError(f"sign-in refused for {name!r}: unknown name or wrong PIN or password")
        if row is None or not row.active:
            raise refusal
        if row.locked_at is not None:
            raise SignInError(f"sign-in refused for {name!r}: the account is locked out after {row.failed_sign_ins} wrong PINs or"
                              " passwords; a floor manager must unlock it")
        try:
            _PASSWORDS.verify(row.secret_hash, secret)
        except (VerificationError, InvalidHashError) as error:
            with guarded(self.target, "recording a failed sign-in"), writing(self.sql_engine) as connection:
                failed: int = connection.execute(
                    update(STAFF).where(STAFF.c.id == row.id).values(failed_sign_ins=STAFF.c.failed_sign_ins + 1)
                    .returning(STAFF.c.failed_sign_ins)
                ).scalar_one()
                if failed >= self.settings.sign_in_attempts:
                    connection.execute(update(STAFF).where(STAFF.c.id == row.id, STAFF.c.locked_at.is_(None)).values(locked_at=self.now()))
            # raised after the commit: an exception inside the transaction would roll the count back
            if failed >= self.settings.sign_in_attempts:
                raise SignInError(f"sign-in refused for {name!r}: wrong PIN or password {failed} times; the account is now"
                                  " locked out until a floor manager unlocks it") from error
            raise refusal from error
        if row.failed_sign_ins:
            with guarded(self.target, "signing in"), writing(self.sql_engine) as connection:
                connection.execute(update(STAFF).where(STAFF.c.id == row.id).values(failed_sign_ins=0))
        return StaffMember(row.id, row.name, Role(row.role))

    def unlock_staff(self, name: str, *, by: StaffMember) -> None:
        """Lift a lock-out (a floor manager only)."""
        if by.role is not Role.FLOOR_MANAGER:
            raise NotAuthorizedError(f"only a floor manager may unlock an account; {by.name!r} is a {by.role.value}")
        with guarded(self.target, f"unlocking {name!r}"), writing(self.sql_engine) as connection:
            self._require_floor_manager(connection, by.name, "unlock an account")
            done = connection.execute(update(STAFF).where(STAFF.c.name == name).values(failed_sign_ins=0, locked_at=None)).rowcount
        if not done:
            raise RecordNotFoundError(f"no staff member named {name!r}")

    def is_locked_out(self, name: str) -> bool:
        """Whether repeated failures have locked this account out."""
        with guarded(self.target, "looking up staff"), self.sql_engine.connect() as connection:
            row = connection.execute(select(STAFF.c.locked_at).where(STAFF.c.name == name)).first()
        if row is None:
            raise RecordNotFoundError(f"no staff member named {name!r}")
        return row.locked_at is not None

    def staff(self) -> list[StaffAccount]:
        """Every staff account, by name: role, whether active, and whether locked out (no secret is read)."""
        with guarded(self.target, "listing staff"), self.sql_engine.connect() as connection:
            rows = connection.execute(select(STAFF.c.name, STAFF.c.role, STAFF.c.active, STAFF.c.failed_sign_ins, STAFF.c.locked_at)
                                      .order_by(STAFF.c.name)).all()
        return [StaffAccount(row.name, Role(row.role), bool(row.active), int(row.failed_sign_ins), row.locked_at) for row in rows]

    def staff_member(self, name: str) -> StaffMember:
        """A staff member by name (no PIN asked: for lookups, not for authority)."""
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
        """Record a floor manager's ruling; reportable when the disputed amount reaches the configured threshold."""
        if by.role is not Role.FLOOR_MANAGER:
            raise NotAuthorizedError(f"only a floor manager may record a ruling; {by.name!r} is a {by.role.value}")
        ruling = RulingRecorded(
            hand_number=hand_number, floor_manager=by.name, rule=rule, decision=decision, pot_held=pot_held,
            disputed_amount=disputed_amount, reportable=disputed_amount >= self.settings.reportable_threshold, late=late,
        )
        return self.append(table_id, ruling, source=Source.FLOOR, actor=by.name)

    def change_house_settings(self, table_id: int, changes: Mapping[str, object], *, by: StaffMember, reason: str = "") -> StoredEvent:
        """Record a change of the table's house settings (a floor manager only), as a floor event naming the manager.

        ``changes`` maps names of :data:`~dealer_console.engine.table.HOUSE_SETTING_NAMES` (``"rake.percent"``...) to
        their new values; the table applies them from this point of its log on (``resume_table``).
        """
        if by.role is not Role.FLOOR_MANAGER:
            raise NotAuthorizedError(f"only a floor manager may change the house settings; {by.name!r} is a {by.role.value}")
        record = HouseSettingsChanged(by=by.name, changes=tuple(sorted((str(k), str(v)) for k, v in changes.items())), reason=reason)
        # refused before it is written (IllegalActionError naming the setting): a change the table cannot apply would stop its replay
        name, config = self.table_config(table_id)
        apply_house_changes(config if config is not None else TableConfig(name=name), record.changes)
        return self.append(table_id, record, source=Source.FLOOR, actor=by.name)

    def flag_hand(self, table_id: int, hand_number: int, *, reason: str, by: str) -> StoredEvent:
        """Mark a hand for the floor's attention."""
        return self.append(table_id, HandFlagged(hand_number=hand_number, reason=reason, by=by), actor=by)


__all__ = ["AccountsStore"]
