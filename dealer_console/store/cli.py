"""The store's command-line verbs (wired into ``dealer-console`` by :mod:`dealer_console.cli`)."""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable

from dealer_console.config import ConfigError, load_settings
from dealer_console.store.errors import NotAuthorizedError, SignInError, StoreError
from dealer_console.store.kinds import Role
from dealer_console.store.store import Store
from dealer_console.store.stored import StaffMember

RoomCheck = Callable[[Store, str], list[str]]
"""Compares a store's log with the signed heads a room's server kept; returns one line per problem."""

EXIT_BROKEN = 1
EXIT_ERROR = 2


def verify_log_command(*, table: str | None, database: str | None, config: str | None, deep: bool = False,
                       room: str | None = None, room_check: RoomCheck | None = None) -> int:
    """``dealer-console verify-log [--deep] [--room URL]``: one line per table (and per differing row or head the room
    kept that the log no longer holds); exit 0 if every chain holds, 1 at a broken link or a difference, 2 if it cannot check.

    ``room_check`` (handed in by the program's entry point: the store does not import the room) compares the log with
    the signed heads the room's server at ``room`` kept.
    """
    try:
        settings = load_settings(config, overrides={"store": {"database_url": database}})
        with Store.open(settings=settings.store) as store:
            reports = store.verify_log(table, deep=deep)
            room_problems = [] if room is None or room_check is None else room_check(store, room)
    except (StoreError, ConfigError) as error:
        print(f"dealer-console verify-log: {error}", file=sys.stderr)
        return EXIT_ERROR
    if not reports:
        print("no tables in the log")
    for report in reports:
        print(report.describe(), file=sys.stdout if report.sound else sys.stderr)
    for problem in room_problems:
        print(problem, file=sys.stderr)
    return 0 if all(report.sound for report in reports) and not room_problems else EXIT_BROKEN


def read_secret(prompt: str) -> str:
    """A PIN or password: asked without echo at a terminal, else one line of standard input (for scripts)."""
    if sys.stdin.isatty():
        return getpass.getpass(prompt)
    line = sys.stdin.readline()
    if not line:
        raise StoreError(f"{prompt.rstrip(': ')}: nothing on standard input")
    return line.rstrip("\n")


def _floor_manager(store: Store, ask: Callable[[str], str], what: str) -> StaffMember:
    prompt = f"Floor manager's name ({what}): "
    try:
        name = ask(prompt).strip()
    except EOFError as error:
        raise SignInError(f"{prompt.rstrip(': ')}: nothing typed") from error
    member = store.sign_in(name, read_secret(f"{name}'s PIN or password: "))
    if member.role is not Role.FLOOR_MANAGER:
        raise NotAuthorizedError(f"only a floor manager may {what}; {member.name!r} is a {member.role.value.replace('_', ' ')}")
    return store.signed_in_floor_manager(member, what)


def _new_secret(name: str, *, nothing: str) -> str:
    secret = read_secret(f"{name}'s new PIN or password: ")
    if read_secret("The same again: ") != secret:
        raise StoreError(f"the two PINs differ; nothing was {nothing}")
    return secret


def _list_staff(store: Store, ask: Callable[[str], str]) -> int:
    if not store.has_floor_manager():
        print("no staff accounts yet: add the first floor manager with  dealer-console staff add NAME --role floor-manager")
        return 0
    by = _floor_manager(store, ask, "list the staff accounts")
    for account in store.staff(by=by):
        state = "locked out" if account.locked_at is not None else ("inactive" if not account.active else "active")
        print(f"{account.name:<24} {account.role.value.replace('_', ' '):<14} {state}")
    return 0


def _add_staff(store: Store, ask: Callable[[str], str], name: str, role: str | None) -> int:
    new_role = Role.FLOOR_MANAGER if role == "floor-manager" else Role.DEALER
    by = None
    if store.has_floor_manager():
        by = _floor_manager(store, ask, "add an account")
        print(f"{by.name} adds {name}")
    elif new_role is not Role.FLOOR_MANAGER:
        raise NotAuthorizedError("the first account of a store is its floor manager: add it with --role floor-manager")
    member = store.add_staff(name, new_role, _new_secret(name, nothing="added"), by=by)
    print(f"added {member.name}, {member.role.value.replace('_', ' ')}")
    return 0


def staff_command(*, action: str, name: str | None, role: str | None, database: str | None, config: str | None,
                  ask: Callable[[str], str] = input) -> int:
    """``dealer-console staff list | add NAME --role R | unlock NAME | recover NAME``.

    Listing, adding or unlocking accounts needs a floor manager's sign-in (authority comes from that sign-in, never from
    a name given), except the very first account of a store, which must be a floor manager (somebody has to be able to
    let the others in). ``recover`` gives a sole floor manager locked out a new PIN; it needs no sign-in but write access
    to the store's files, and is recorded in every table's log. PINs are asked without echo, or read one per line from
    standard input.
    """
    try:
        settings = load_settings(config, overrides={"store": {"database_url": database}})
        with Store.open(settings=settings.store) as store:
            if action == "list":
                return _list_staff(store, ask)
            assert name is not None
            if action == "add":
                return _add_staff(store, ask, name, role)
            if action == "recover":
                operator = getpass.getuser()
                store.recover_floor_manager(name, _new_secret(name, nothing="changed"), operator=operator)
                print(f"{name} recovered by {operator} on this machine (a new PIN, the lock-out lifted); recorded in every table's log")
                return 0
            by = _floor_manager(store, ask, "unlock an account")
            store.unlock_staff(name, by=by)
            print(f"{name} unlocked by {by.name}")
            return 0
    except (StoreError, ConfigError) as error:
        print(f"dealer-console staff: {error}", file=sys.stderr)
        return EXIT_ERROR


__all__ = ["EXIT_BROKEN", "RoomCheck", "EXIT_ERROR", "read_secret", "staff_command", "verify_log_command"]
