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

import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dealer_console.config import ConfigError, DeviceSettings, load_settings
from dealer_console.live.console import Console
from dealer_console.live.errors import LiveError
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.shipping import TableShipping
from dealer_console.live.table_session import TableSession

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from dealer_console.live.demo_devices import DemoDevices
    from dealer_console.ui.main_window import DealerWindow
    from dealer_console.ui.shipping_status import ShippingStatus

__all__ = ["SCREEN_POINT_SIZE", "run_console", "show_shipping", "use_screen_font"]


def run_console(*, seed: int | None = None, players: int = 5, quit_after_ms: int | None = None, config: str | None = None,
                overrides: Mapping[str, Any] | None = None, record: bool = True) -> int:
    """Open the window on the configured table (the demo table by default) and run Qt until it closes.

    The configuration is read (``config`` file, ``DEALER_*`` environment, then ``overrides`` from the command line),
    the store opened and migrated, and the dealer signed in (automatically at the demo table) before the window shows.
    """
    console = None
    try:
        settings = load_settings(config, overrides=overrides)
        console = Console(settings, record=record)
        return _run_window(console, seed=seed, players=players, quit_after_ms=quit_after_ms)
    except (LiveError, ConfigError) as error:
        print(f"dealer-console: {error}", file=sys.stderr)
        return 2
    finally:
        if console is not None:
            console.close()


def _sign_in(console: Console) -> tuple[str | None, str | None]:
    """The dealer's name (``None``: nobody signed in) and the greeting to show: automatic at the demo table."""
    from PySide6.QtWidgets import QDialog

    settings = console.settings
    if settings.demo:
        return console.demo_dealer()
    if not console.records:
        print("dealer-console: a configured table records every hand; --no-database is for the demo table only", file=sys.stderr)
        return None, None
    from dealer_console.ui.sign_in_dialog import SignInDialog

    sign_in = SignInDialog(console.sign_in, floor=False, purpose=f"{settings.table.name}: the dealer signs in")
    if sign_in.exec() != QDialog.DialogCode.Accepted or sign_in.member is None:
        print("dealer-console: no dealer signed in", file=sys.stderr)
        return None, None
    return sign_in.member.name, None


def _run_window(console: Console, *, seed: int | None, players: int, quit_after_ms: int | None) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dealer_console.ui.main_window import DealerWindow
    from dealer_console.ui.translation import install_translation

    settings = console.settings
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    try:
        install_translation(app, settings.console.language)
    except ValueError as error:
        print(f"dealer-console: {error}", file=sys.stderr)
        return 2
    use_screen_font(app)
    dealer, greeting = _sign_in(console)
    if dealer is None:
        return 1 if console.records else 2
    session = console.open_table(dealer=dealer, seed=seed, players=players)
    window = DealerWindow(session, four_colour=settings.console.four_colour)
    if greeting is not None:
        window.post(Notice(NoticeLevel.INFO, greeting))
    shipping = console.start_shipping(session)
    if shipping is not None:
        show_shipping(window, shipping)
    if session.hand is None:
        session.start_hand()  # a resumed table goes on with its open hand instead
    screen = app.primaryScreen()  # the table's screen: the window takes its whole available area (fit_to_screen trims frames)
    window.resize(screen.availableGeometry().size() if screen is not None else window.sizeHint())
    window.show()
    started: list[DemoDevices] = []

    def start_devices() -> None:
        # after the window's first turn: the dealer can deal by hand while the camera and sensors come up
        devices = _start_devices(session, window, settings.devices)
        if devices is not None:
            started.append(devices)
        if quit_after_ms is not None:
            print(f"dealer-console: devices started at {time.time():.3f}", file=sys.stderr, flush=True)

    if quit_after_ms is not None:
        # the hidden option of tests and bench/ui.py: the first event-loop turn is when the dealer could use the window
        QTimer.singleShot(0, lambda: print(f"dealer-console: window shown at {time.time():.3f}", file=sys.stderr, flush=True))
    QTimer.singleShot(0, start_devices)
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, window.close)
    try:
        return app.exec()
    finally:
        for devices in started:
            devices.stop()


SCREEN_POINT_SIZE = 14
"""The dealer's window's font size in points, readable from the dealer's chair."""


def use_screen_font(app: QApplication) -> None:
    """The application's font at :data:`SCREEN_POINT_SIZE` (what the dealer sees)."""
    from PySide6.QtGui import QFont

    font = QFont(app.font())
    font.setPointSize(SCREEN_POINT_SIZE)
    app.setFont(font)


def show_shipping(window: DealerWindow, shipping: TableShipping) -> ShippingStatus:
    """The card room's shipping status in the window's status bar; the shipping stops when the window closes."""

    from dealer_console.ui.shipping_status import ShippingStatus

    status = ShippingStatus(shipping, window.notifications)

    def stop() -> None:
        status.stop()
        shipping.stop()

    window.add_status_widget(status, stop)
    return status


def _start_devices(session: TableSession, window: DealerWindow, settings: DeviceSettings) -> DemoDevices | None:
    """The devices of ``[devices]`` (docs/ui.md, Devices), docked in ``window``: by default the demo's simulated sensor board on a
    pseudo-terminal and its synthetic camera; a real camera or sensor board where the configuration names one."""
    from PySide6.QtCore import QCoreApplication

    from dealer_console.live.demo_devices import table_devices

    # face down: what no camera reads, the dealer types (the card entry), so the setting holds with any camera or none
    session.hole_cards_seen = settings.hole_cards == "known"
    devices = table_devices(session, camera=settings.camera, sensors=settings.sensors, baud_rate=settings.baud_rate,
                            button_sensor=settings.button_sensor,
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
        window.post(Notice(NoticeLevel.WARNING, QCoreApplication.translate(
            "DealerWindow", "Devices not started: {0}; the table plays on without them").format(error)))
        return None
    window.attach_devices(devices.hub)
    return devices
