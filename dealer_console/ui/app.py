"""Start the dealer's window: ``dealer-console`` (or ``dealer-console console``) opens the configured table,
the demo table when no players are configured.

The table is recorded in the event store (SQLite in the user's data folder by default, or
``--database URL``): the store is opened and migrated before the window shows, and a table
already in it (by name) resumes where it stopped, its open hand included. The demo table signs its
demo dealer in automatically; a configured table asks the dealer to sign in. With a card room's
database configured (``[room] server_url``), the log is shipped there in the background and the
shipping status shows in the window's status bar.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import MississippiAuthorization, TableAgreements
from dealer_console.live.table_session import TableSession, shuffled_decks

if TYPE_CHECKING:
    from dealer_console.config import DeviceSettings, Settings
    from dealer_console.live.demo_devices import DemoDevices
    from dealer_console.store.store import StaffMember, Store
    from dealer_console.ui.main_window import DealerWindow
    from dealer_console.ui.shipping_status import ShippingStatus

DEMO_PLAYERS = ("Alice", "Boris", "Chen", "Dasha", "Emil", "Fatima")


def demo_session(*, game: str = "OK", structure: str = "pot-limit", seed: int | None = None, players: int = 5,
                 seats: int = 9, store: Store | None = None, config: TableConfig | None = None, name: str | None = None,
                 dealer: str = "dealer", table_id: int | None = None) -> TableSession:
    """A demo table: ``players`` players with 200 chips each at blinds 1/2, Mississippi authorized by the demo floor.

    With ``store``, every command is recorded before it is shown, and a demo table of this game already in the
    store is resumed instead (its players and open hand; ``seed`` and ``players`` then only shape the new decks).
    ``config`` (from the configuration file) replaces the demo's blinds, buy-ins and house settings.
    """
    rng = random.Random(seed)
    agreements = TableAgreements(mississippi=MississippiAuthorization(manager="Floor (demo)", at=datetime(2024, 1, 1, tzinfo=UTC)))
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
    for seat, name in zip(chosen, DEMO_PLAYERS, strict=False):
        table.sit_down(seat=seat, player=name, buy_in=buy_in)
    table.place_button(seat=chosen[0])
    if store is not None:
        return TableSession.recorded(store, table, deck_for_hand=shuffled_decks(rng), dealer=dealer, table_id=table_id)
    return TableSession(table, deck_for_hand=shuffled_decks(rng), dealer=dealer)


DEMO_DEALER = ("Demo dealer", "0000")
"""The demo table's dealer account (name, PIN): created in a demo's store and signed in automatically."""
DEMO_FLOOR = ("Floor (demo)", "1234")
"""The demo table's floor manager (name, PIN), for the floor's dialogs at a demo table."""


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
    rng = random.Random(seed)
    if store is not None:
        return TableSession.recorded(store, table, deck_for_hand=shuffled_decks(rng), dealer=dealer, table_id=settings.room.table_id)
    return TableSession(table, deck_for_hand=shuffled_decks(rng), dealer=dealer)


def demo_sign_in(store: Store) -> StaffMember:
    """The demo dealer, signed in (the demo's dealer and floor accounts are made on first use)."""
    from dealer_console.store.errors import RecordNotFoundError
    from dealer_console.store.models import Role

    for (name, pin), role in ((DEMO_DEALER, Role.DEALER), (DEMO_FLOOR, Role.FLOOR_MANAGER)):
        try:
            store.staff_member(name)
        except RecordNotFoundError:
            store.add_staff(name, role, pin)
    return store.sign_in(*DEMO_DEALER)


def run_console(*, seed: int | None = None, players: int = 5, quit_after_ms: int | None = None, config: str | None = None,
                overrides: Mapping[str, Any] | None = None, record: bool = True) -> int:
    """Open the window on the configured table (the demo table by default) and run Qt until it closes.

    The configuration is read (``config`` file, ``DEALER_*`` environment, then ``overrides`` from the command line),
    the store opened and migrated, and the dealer signed in (automatically at the demo table) before the window shows.
    """
    from dealer_console.config import ConfigError, load_settings
    from dealer_console.store.errors import StoreError

    store = None
    try:
        settings = load_settings(config, overrides=overrides)
        # opening and migrating the database happens here, before any window exists (never on the running UI thread)
        if record:
            from dealer_console.store.store import Store

            store = Store.open(settings=settings.store)
        return _run_window(settings, store, seed=seed, players=players, quit_after_ms=quit_after_ms)
    except (StoreError, ConfigError) as error:
        print(f"dealer-console: {error}", file=sys.stderr)
        return 2
    finally:
        if store is not None:
            store.close()


def _run_window(settings: Settings, store: Store | None, *, seed: int | None, players: int, quit_after_ms: int | None) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication, QDialog

    from dealer_console.live.notices import Notice, NoticeLevel
    from dealer_console.ui.main_window import DealerWindow
    from dealer_console.ui.translation import install_translation

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    try:
        install_translation(app, settings.console.language)
    except ValueError as error:
        print(f"dealer-console: {error}", file=sys.stderr)
        return 2
    font = QFont(app.font())
    font.setPointSize(14)
    app.setFont(font)
    greeting: str | None = None
    if settings.demo:
        dealer = DEMO_DEALER[0] if store is None else demo_sign_in(store).name
        greeting = (f"Demo table: signed in automatically as {dealer}; the floor's dialogs take {DEMO_FLOOR[0]}, PIN {DEMO_FLOOR[1]}"
                    if store is not None else f"Demo table, nothing recorded: {dealer}")
    else:
        if store is None:
            print("dealer-console: a configured table records every hand; --no-database is for the demo table only", file=sys.stderr)
            return 2
        from dealer_console.ui.sign_in_dialog import SignInDialog

        sign_in = SignInDialog(store.sign_in, floor=False, purpose=f"{settings.table.name}: the dealer signs in")
        if sign_in.exec() != QDialog.DialogCode.Accepted or sign_in.member is None:
            print("dealer-console: no dealer signed in", file=sys.stderr)
            return 1
        dealer = sign_in.member.name
    session = configured_session(settings, seed=seed, players=players, store=store, dealer=dealer)
    window = DealerWindow(session, four_colour=settings.console.four_colour)
    if greeting is not None:
        window.post(Notice(NoticeLevel.INFO, greeting))
    devices = _start_devices(session, window, settings.devices)
    if store is not None and settings.room.server_url and session.recorder is not None:
        start_shipping(window, store, settings.room.server_url, session.recorder.table_id)
    if session.hand is None:
        session.start_hand()  # a resumed table goes on with its open hand instead
    window.resize(1400, 950)
    window.show()
    if quit_after_ms is not None:
        # the hidden option of tests and bench/ui.py: the first event-loop turn is when the dealer could use the window
        QTimer.singleShot(0, lambda: print(f"dealer-console: window shown at {time.time():.3f}", file=sys.stderr, flush=True))
        QTimer.singleShot(quit_after_ms, window.close)
    try:
        return app.exec()
    finally:
        if devices is not None:
            devices.stop()


def start_shipping(window: DealerWindow, store: Store, server_url: str, table_id: int) -> ShippingStatus:
    """Ship the table's log to the card room's PostgreSQL in the background; its status in the window's status bar."""
    from dealer_console.room.shipper import Shipper
    from dealer_console.ui.shipping_status import ShippingStatus

    shipper = Shipper(store, server_url, [table_id]).start()
    status = ShippingStatus(shipper, window.notifications)
    unsubscribe = window.session.subscribe(lambda _: shipper.wake())

    def stop() -> None:
        unsubscribe()
        status.stop()
        shipper.stop()

    window.add_status_widget(status, stop)
    return status


def _start_devices(session: TableSession, window: DealerWindow, settings: DeviceSettings) -> DemoDevices | None:
    """The devices of ``[devices]`` (docs/ui.md, Devices), docked in ``window``: by default the demo's simulated sensor board on a
    pseudo-terminal and its synthetic camera; a real camera or sensor board where the configuration names one."""
    from dealer_console.live.demo_devices import table_devices
    from dealer_console.live.notices import Notice, NoticeLevel

    # face down: what no camera reads, the dealer types (the card entry), so the setting holds with any camera or none
    session.hole_cards_seen = settings.hole_cards == "known"
    devices = table_devices(session, camera=settings.camera, sensors=settings.sensors, baud_rate=settings.baud_rate,
                            threshold=settings.confidence_threshold, calibration=settings.calibration_file,
                            taught_deck=settings.taught_deck_folder, stable_frames=settings.stable_frames)
    if devices is None:
        return None
    if devices.hub.setup is not None:
        for problem in devices.hub.setup.problems:  # a bad calibration or deck file: named, and the table plays on without it
            window.post(Notice(NoticeLevel.WARNING, problem))
    try:
        devices.start()
    except OSError as error:  # no pseudo-terminals here: the table plays on without devices
        devices.stop()
        window.post(Notice(NoticeLevel.WARNING, f"Devices not started: {error}; the table plays on without them"))
        return None
    window.attach_devices(devices.hub)
    return devices
