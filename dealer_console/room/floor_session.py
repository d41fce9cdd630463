"""The floor in the card room: sign-in, rulings and unlocks through the server's functions, never a stored PIN hash.

The floor's login may not read ``staff.secret_hash`` (deploy/postgres/setup.sql). Signing in is
two calls to ``SECURITY DEFINER`` functions of :mod:`.schema`:

1. ``room_sign_in_salt(name)`` gives what the check needs and nothing more: the Argon2 parameters
   and salt of the account (a made-up, stable salt for an unknown name, so both cost the same);
2. the PIN is hashed here with them, and ``room_sign_in(name, candidate)`` counts the attempt
   first, under the account's row lock, then compares the candidate with the stored hash on the
   server, locks the account after the room's allowed number of wrong attempts, and on success opens
   a session: a random token, of which the server keeps only the SHA-256.

Rulings (``room_record_ruling``) and unlocks (``room_unlock_staff``) take the token: the server
records the signed-in floor manager's name and the database login (``session_user``), whatever name
the client holds. Every function here takes an open psycopg 3 connection.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dealer_console.room.errors import RoomError
from dealer_console.store.errors import NotAuthorizedError, SignInError
from dealer_console.store.kinds import Role
from dealer_console.store.stored import StaffMember


@dataclass(frozen=True, slots=True)
class FloorSession:
    """A staff member signed in on the room's server: the member and the session's token (never shown)."""

    member: StaffMember
    token: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class RoomRuling:
    """A ruling the floor recorded in the room (``room_rulings``), as the server stamped it."""

    id: int
    table_id: int
    hand_number: int | None
    floor_manager: str
    rule: str
    decision: str
    pot_held: bool
    disputed_amount: int
    reportable: bool
    late: bool
    recorded_by: str
    recorded_at: datetime


@contextmanager
def _writing(connection: Any) -> Iterator[None]:
    """One read-write transaction, also on a connection whose transactions are read-only by default (the review's)."""
    with connection.transaction():
        connection.execute("SET TRANSACTION READ WRITE")
        yield


def candidate_hash(prefix: str, digest_chars: int, secret: str) -> str:
    """The Argon2 encoded hash of ``secret`` with the parameters and salt of ``prefix`` (``$argon2id$v=..$m=..,t=..,p=..$salt``)."""
    from argon2.low_level import Type, hash_secret

    parts = prefix.split("$")
    types = {"argon2id": Type.ID, "argon2i": Type.I, "argon2d": Type.D}
    try:
        _, variant, version, costs, salt = parts
        params = dict(item.split("=", 1) for item in costs.split(","))
        encoded = hash_secret(secret.encode("utf-8"), base64.b64decode(salt + "=" * (-len(salt) % 4)),
                              time_cost=int(params["t"]), memory_cost=int(params["m"]), parallelism=int(params["p"]),
                              hash_len=digest_chars * 3 // 4, type=types[variant], version=int(version.removeprefix("v=")))
    except (ValueError, KeyError) as error:
        raise RoomError(f"the card room's server gave sign-in parameters this console cannot use ({prefix!r})") from error
    return encoded.decode("ascii")


def sign_in(connection: Any, name: str, secret: str) -> FloorSession:
    """Check a name and PIN or password on the room's server and open a session; raises :class:`SignInError`."""
    with _writing(connection):
        prefix, digest_chars = connection.execute("SELECT prefix, digest_chars FROM room_sign_in_salt(%s)", (name,)).fetchone()
    candidate = candidate_hash(str(prefix), int(digest_chars), secret)
    with _writing(connection):
        outcome, token, staff_id, role, failed = connection.execute(
            "SELECT outcome, token, staff_id, role, failed FROM room_sign_in(%s, %s)", (name, candidate)).fetchone()
    if outcome == "ok":
        return FloorSession(StaffMember(int(staff_id), name, Role(role)), str(token))
    if outcome == "locked":
        raise SignInError(f"sign-in refused for {name!r}: the account is locked out after {failed} wrong PINs or passwords;"
                          " a floor manager must unlock it")
    if outcome == "now locked":
        raise SignInError(f"sign-in refused for {name!r}: wrong PIN or password {failed} times; the account is now locked out"
                          " until a floor manager unlocks it")
    raise SignInError(f"sign-in refused for {name!r}: unknown name or wrong PIN or password")


def sign_out(connection: Any, session: FloorSession) -> None:
    """End the session on the server (its token is refused afterwards)."""
    with _writing(connection):
        connection.execute("SELECT room_sign_out(%s)", (session.token,))


def _refused(error: BaseException, what: str) -> NotAuthorizedError:
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return NotAuthorizedError(f"the card room's server refused to {what}: {text}")


def record_ruling(connection: Any, session: FloorSession, *, table_id: int, hand_number: int | None, rule: str, decision: str,
                  pot_held: bool, disputed_amount: int, reportable: bool, late: bool, event_seq: int | None = None) -> int:
    """Record a ruling in ``room_rulings`` under the session's floor manager; return its id (raises :class:`NotAuthorizedError`)."""
    import psycopg

    try:
        with _writing(connection):
            row = connection.execute("SELECT room_record_ruling(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                                     (session.token, table_id, hand_number, event_seq, rule, decision, pot_held, disputed_amount,
                                      reportable, late)).fetchone()
    except psycopg.errors.InsufficientPrivilege as error:
        raise _refused(error, "record the ruling") from error
    return int(row[0])


def unlock_staff(connection: Any, session: FloorSession, name: str) -> bool:
    """Lift a lock-out, recorded in ``room_staff_actions`` with the session's floor manager; ``False``: no such account."""
    import psycopg

    try:
        with _writing(connection):
            row = connection.execute("SELECT room_unlock_staff(%s, %s)", (session.token, name)).fetchone()
    except psycopg.errors.InsufficientPrivilege as error:
        raise _refused(error, f"unlock {name!r}") from error
    return bool(row[0])


def rulings_after(connection: Any, after_id: int) -> list[RoomRuling]:
    """The rulings recorded in the room after ``after_id``, in order."""
    rows = connection.execute(
        "SELECT id, table_id, hand_number, floor_manager, rule, decision, pot_held, disputed_amount, reportable, late, recorded_by,"
        " recorded_at FROM room_rulings WHERE id > %s ORDER BY id", (after_id,)).fetchall()
    return [RoomRuling(int(r[0]), int(r[1]), None if r[2] is None else int(r[2]), str(r[3]), str(r[4]), str(r[5]), bool(r[6]),
                       int(r[7]), bool(r[8]), bool(r[9]), str(r[10]), r[11]) for r in rows]


__all__ = ["FloorSession", "RoomRuling", "candidate_hash", "record_ruling", "rulings_after", "sign_in", "sign_out", "unlock_staff"]
