"""The console's start-up, without a screen: the store opened from the configuration, the table resumed or created
in it (:mod:`dealer_console.live.tables`), the dealer signed in, the demo's accounts, the shipping to the card room.

The window (:mod:`dealer_console.ui.app`) asks this module for each step and shows the result; a step that fails
raises :class:`~dealer_console.live.errors.ConsoleStartError` naming it.
"""

from __future__ import annotations

from collections.abc import Callable

from dealer_console.config import Settings
from dealer_console.live.errors import ConsoleStartError
from dealer_console.live.shipping import TableShipping
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import DEMO_DEALER, DEMO_FLOOR, configured_session
from dealer_console.store.errors import NotAuthorizedError, RecordNotFoundError, StoreError
from dealer_console.store.kinds import Role
from dealer_console.store.store import Store
from dealer_console.store.stored import StaffMember

__all__ = ["Console", "SignIn", "demo_sign_in"]

SignIn = Callable[[str, str], StaffMember]
"""Checks a name and a PIN or password; returns the staff member or raises the store's ``SignInError``."""


def demo_sign_in(store: Store) -> StaffMember:
    """The demo dealer, signed in. The demo's floor manager and dealer accounts are made on first use: the floor manager as
    the store's first account (a store whose accounts are someone else's gets none: only its floor manager adds accounts),
    then the dealer, added by the demo floor manager signed in."""
    floor: StaffMember | None = None
    for (name, pin), role in ((DEMO_FLOOR, Role.FLOOR_MANAGER), (DEMO_DEALER, Role.DEALER)):
        try:
            store.staff_member(name)
        except RecordNotFoundError:
            if role is Role.FLOOR_MANAGER and store.has_floor_manager():
                raise NotAuthorizedError(f"this store has its own floor managers, so the demo does not add {name!r} to it:"
                                         " run the demo on a store of its own") from None
            if floor is None and role is Role.DEALER:
                floor = store.sign_in(*DEMO_FLOOR)
            store.add_staff(name, role, pin, by=floor)
    return store.sign_in(*DEMO_DEALER)


class Console:
    """One start of the console: the configuration, and the store opened from it (``record`` False: nothing is recorded).

    Opening and migrating the database happens here, before any window exists (never on the running screen's thread).
    Each step raises :class:`ConsoleStartError` naming what failed; :meth:`close` closes the store.
    """

    def __init__(self, settings: Settings, *, record: bool = True) -> None:
        self.settings = settings
        self.store: Store | None = None
        if record:
            try:
                self.store = Store.open(settings=settings.store)
            except StoreError as error:
                raise ConsoleStartError("opening the store", str(error)) from error

    @property
    def records(self) -> bool:
        """Whether the table is recorded (a configured table must be; ``--no-database`` is for the demo only)."""
        return self.store is not None

    def demo_dealer(self) -> tuple[str, str]:
        """The demo's dealer, signed in automatically, and the greeting that says so."""
        if self.store is None:
            return DEMO_DEALER[0], f"Demo table, nothing recorded: {DEMO_DEALER[0]}"
        try:
            dealer = demo_sign_in(self.store).name
        except StoreError as error:
            raise ConsoleStartError("signing the demo dealer in", str(error)) from error
        return dealer, f"Demo table: signed in automatically as {dealer}; the floor's dialogs take {DEMO_FLOOR[0]}, PIN {DEMO_FLOOR[1]}"

    def sign_in(self, name: str, secret: str) -> StaffMember:
        """Check a staff member's name and PIN or password (raises the store's ``SignInError``)."""
        if self.store is None:
            raise ConsoleStartError("signing in", "nothing is recorded, so no staff can sign in")
        return self.store.sign_in(name, secret)

    def open_table(self, *, dealer: str, seed: int | None = None, players: int = 5) -> TableSession:
        """The configured table, resumed from the store (its open hand included) or created in it."""
        try:
            return configured_session(self.settings, seed=seed, players=players, store=self.store, dealer=dealer)
        except StoreError as error:
            raise ConsoleStartError("opening the table", str(error)) from error

    def start_shipping(self, session: TableSession) -> TableShipping | None:
        """Ship the table's log to the card room's server, when ``[room] server_url`` names one."""
        url, recorder = self.settings.room.server_url, session.recorder
        if self.store is None or not url or recorder is None:
            return None
        return TableShipping(self.store, url, recorder.table_id, session)

    def close(self) -> None:
        """Close the store."""
        if self.store is not None:
            self.store.close()
