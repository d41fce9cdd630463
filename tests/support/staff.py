"""Staff accounts for the tests, added the way a store takes them: the first account is a floor manager, who signs in
for real to add the others (SPEC, Insiders: "a floor manager's acts are recorded under their own signed-in session,
never under a name passed in")."""

from __future__ import annotations

from typing import Protocol

from dealer_console.store.kinds import Role
from dealer_console.store.stored import StaffMember

FLOOR = ("Flo", "floor-1")
"""The floor manager most tests sign in as: name and PIN."""


class StaffStore(Protocol):
    """What :func:`add_staff` needs of a store (``Store`` itself, without importing the SQL layer here)."""

    def add_staff(self, name: str, role: Role, secret: str, *, by: StaffMember | None = None) -> StaffMember: ...

    def sign_in(self, name: str, secret: str) -> StaffMember: ...

    def has_floor_manager(self) -> bool: ...


def add_staff(store: StaffStore, *accounts: tuple[str, Role, str], by: StaffMember | None = None) -> list[StaffMember]:
    """Add ``accounts`` (name, role, PIN), returned in the order given.

    In a store without accounts, the first floor manager among them is added first, with no authority (the store's first
    account), and signed in to add the rest; in a store that has some, ``by`` (a floor manager signed in) adds them all.
    """
    added: dict[str, StaffMember] = {}
    if by is None:
        first = next((account for account in accounts if account[1] is Role.FLOOR_MANAGER), None)
        if first is None or store.has_floor_manager():
            raise ValueError("a store with accounts, or accounts without a floor manager, need by= a floor manager signed in")
        added[first[0]] = store.add_staff(*first)
        by = store.sign_in(first[0], first[2])
    for name, role, secret in accounts:
        if name not in added:
            added[name] = store.add_staff(name, role, secret, by=by)
    return [added[name] for name, _, _ in accounts]


def signed_in_floor_manager(store: StaffStore, name: str = FLOOR[0], secret: str = FLOOR[1]) -> StaffMember:
    """The floor manager ``name`` as a real sign-in returns them (added first, as the store's first account, if the store
    has no floor manager yet)."""
    if not store.has_floor_manager():
        store.add_staff(name, Role.FLOOR_MANAGER, secret)
    return store.sign_in(name, secret)


__all__ = ["FLOOR", "StaffStore", "add_staff", "signed_in_floor_manager"]
