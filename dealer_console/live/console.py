"""The console's start-up, without a screen: the store opened from the configuration, the table resumed or created
in it, the dealer signed in, the demo table and its accounts, the shipping to the card room.

The window (:mod:`dealer_console.ui.app`) asks this module for each step and shows the result; a step that fails
raises :class:`~dealer_console.live.errors.ConsoleStartError` naming it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from dealer_console.config import Settings
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import MississippiAuthorization, TableAgreements
from dealer_console.live.deck import DeckSource, shuffled_decks
from dealer_console.live.errors import ConsoleStartError
from dealer_console.live.shipping import TableShipping
from dealer_console.live.table_session import TableSession
from dealer_console.store import StaffMember, Store
from dealer_console.store.errors import RecordNotFoundError, StoreError
from dealer_console.store.models import Role
from dealer_console.store.recorder import RecordedTable, resume_table

__all__ = [
    "DEMO_DEALER", "DEMO_FLOOR", "DEMO_PLAYERS", "Console", "SignIn", "configured_session", "demo_session", "demo_sign_in",
    "recorded_session",
]

DEMO_PLAYERS = ("Alice", "Boris", "Chen", "Dasha", "Emil", "Fatima")
DEMO_DEALER = ("Demo dealer", "0000")
"""The demo table's dealer account (name, PIN): created in a demo's store and signed in automatically."""
DEMO_FLOOR = ("Floor (demo)", "1234")
"""The demo table's floor manager (name, PIN), for the floor's dialogs at a demo table."""

SignIn = Callable[[str, str], StaffMember]
"""Checks a name and a PIN or password; returns the staff member or raises the store's ``SignInError``."""


def recorded_session(store: Store, table: Table, *, deck_for_hand: DeckSource | None = None, dealer: str = "dealer",
                     table_id: int | None = None) -> TableSession:
    """A session whose every command is stored durably before it is shown.

    The table is found in ``store`` by its configuration's name: if it is there, it is rebuilt
    from its log (``table`` is then only the template of a new table and is not used) and its
    open hand resumes; if not, it is created with ``table``'s configuration and records
    (seatings, the button); ``table_id`` is the card room's number for it, when it has one.
    Raises :class:`~dealer_console.store.errors.StoreError`.
    """
    if table.hand_in_progress is not None:
        raise IllegalActionError("A table is recorded between hands, not with a hand in progress")
    found = [info.id for info in store.tables() if info.name == table.config.name]
    if found:
        recorder = resume_table(store, found[0])
    else:
        new_id = store.create_table(table.config.name, table.config, actor=dealer, table_id=table_id)
        recorder = RecordedTable(store, new_id, Table(table.config))
    if not recorder.table.events and table.events:
        # a new table (or one whose set-up was cut short): its records in one transaction
        store.append_many(recorder.table_id, list(table.events), actor=dealer)
        recorder.table = Table(recorder.table.config, table.events)
    return TableSession(recorder.table, deck_for_hand=deck_for_hand, dealer=dealer, recorder=recorder)


def _session(table: Table, rng: random.Random, *, store: Store | None, dealer: str, table_id: int | None) -> TableSession:
    if store is not None:
        return recorded_session(store, table, deck_for_hand=shuffled_decks(rng), dealer=dealer, table_id=table_id)
    return TableSession(table, deck_for_hand=shuffled_decks(rng), dealer=dealer)


def demo_session(*, game: str = "OK", structure: str = "pot-limit", seed: int | None = None, players: int = 5,
                 seats: int = 9, store: Store | None = None, config: TableConfig | None = None, name: str | None = None,
                 dealer: str = "dealer", table_id: int | None = None) -> TableSession:
    """A demo table: ``players`` players with 200 chips each at blinds 1/2, Mississippi authorized by the demo floor.

    With ``store``, every command is recorded before it is shown, and a demo table of this game already in the
    store is resumed instead (its players and open hand; ``seed`` and ``players`` then only shape the new decks).
    ``config`` (from the configuration file) replaces the demo's blinds, buy-ins and house settings.
    """
    rng = random.Random(seed)
    agreements = TableAgreements(mississippi=MississippiAuthorization(manager=DEMO_FLOOR[0], at=datetime(2024, 1, 1, tzinfo=UTC)))
    if name is None:
        name = "Demo table" if (game, structure) == ("OK", "pot-limit") else f"Demo table, {game} {structure}"
    if config is None:
        schedule = single_game(game, structure, small_blind=1, big_blind=2)
        config = TableConfig(name=name, seat_count=seats, schedule=schedule, min_buy_in=40, max_buy_in=400, agreements=agreements)
    else:
        config = replace(config, name=name, agreements=replace(config.agreements, mississippi=agreements.mississippi))
    big = config.schedule.max_big_blind
    buy_in = min(max(100 * big, config.min_buy_in), config.max_buy_in or 100 * big)
    table = Table(config)
    chosen = sorted(rng.sample(range(1, config.seat_count + 1), players))
    for seat, player in zip(chosen, DEMO_PLAYERS, strict=False):
        table.sit_down(seat=seat, player=player, buy_in=buy_in)
    table.place_button(seat=chosen[0])
    return _session(table, rng, store=store, dealer=dealer, table_id=table_id)


def configured_session(settings: Settings, *, seed: int | None = None, players: int = 5, store: Store | None = None,
                       dealer: str = "dealer") -> TableSession:
    """The table of the configuration: the demo table (demo players) or the configured ``[[players]]``, recorded in ``store``."""
    config = settings.table_config()
    if settings.demo:
        game, structure = settings.game.variant, settings.game.structure
        name = settings.table.name
        if name == "Demo table" and (game, structure) != ("OK", "pot-limit"):
            name = f"Demo table, {game} {structure}"
        return demo_session(game=game, structure=structure, seed=seed, players=players, seats=settings.table.seats, store=store,
                            config=config, name=name, dealer=dealer, table_id=settings.room.table_id)
    table = Table(config)
    for player in sorted(settings.players, key=lambda p: p.seat):
        table.sit_down(seat=player.seat, player=player.name, buy_in=player.buy_in)
    table.place_button(seat=min(player.seat for player in settings.players))
    return _session(table, random.Random(seed), store=store, dealer=dealer, table_id=settings.room.table_id)


def demo_sign_in(store: Store) -> StaffMember:
    """The demo dealer, signed in (the demo's dealer and floor accounts are made on first use)."""
    for (name, pin), role in ((DEMO_DEALER, Role.DEALER), (DEMO_FLOOR, Role.FLOOR_MANAGER)):
        try:
            store.staff_member(name)
        except RecordNotFoundError:
            store.add_staff(name, role, pin)
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
