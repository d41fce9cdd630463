"""The dealer's screen in each of its states, for the layout tests, the translation's checks and the screenshots.

Every state is a function ``state(screens) -> QWidget``: it brings a window (or a dialog) on a table recorded in a real
SQLite store of ``screens.workdir`` to that state and returns the top-level widget to look at. ``Screens`` owns what the
states open: the store, the windows, the demo devices (simulated sensor board and synthetic camera); ``close()`` closes
them all. The states work under pytest (``screens`` fixture of the layout tests) and outside it
(``python -m tests.ui.screenshots``), in the language installed on the application beforehand.

Tables: blinds 1/2, nine seats (ten for the crowded table), players with plain names and one long name, stacked decks
so that each state is the same every time.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from dealer_console.engine.cards import Card, parse_card
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import MississippiAuthorization, TableAgreements
from dealer_console.live.camera_reads import Sighting
from dealer_console.live.deck import stacked_deck
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import recorded_session
from dealer_console.store.kinds import Role

if TYPE_CHECKING:
    from dealer_console.live.demo_devices import DemoDevices
    from dealer_console.store import Store
    from dealer_console.ui.main_window import DealerWindow

__all__ = ["LONG_NAME", "STATES", "WINDOWS", "WINDOW_SIZES", "Screens"]

WINDOW_SIZES = ((1280, 720), (1366, 768), (1920, 1080))
"""The screens a dealer's window must fit, smallest first."""

LONG_NAME = "Konstantin Konstantinopolsky-Vasilievsky"
"""A player's name too long for a seat box: shown elided, whole in the tooltip."""

NAMES = ("Anna", "Boris", LONG_NAME, "Chen Wei", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Irina")
FLOOR = ("Nadia", "4321")
DEALER = ("Oleg", "1111")
WAIT_S = 15.0


class Screens:
    """What the states open: one SQLite store (a floor manager and a dealer on staff), the windows, the demo devices."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.widgets: list[QWidget] = []
        self.devices: list[DemoDevices] = []
        self._store: Store | None = None
        self._manager: Any = None
        self._deck: Any = None
        self._tables = 0

    # ------------------------------------------------------------------ what the states share

    @property
    def store(self) -> Store:
        """The store every state's table is recorded in (opened on first use)."""
        if self._store is None:
            from dealer_console.store import Store
            from tests.support.staff import add_staff

            self.workdir.mkdir(parents=True, exist_ok=True)
            self._store = Store.open(f"sqlite:///{self.workdir / 'screens.sqlite3'}")
            add_staff(self._store, (FLOOR[0], Role.FLOOR_MANAGER, FLOOR[1]), (DEALER[0], Role.DEALER, DEALER[1]))
        return self._store

    @property
    def manager(self) -> Any:
        """The floor manager, signed in once (a sign-in is a deliberately slow password check)."""
        if self._manager is None:
            self._manager = self.store.sign_in(*FLOOR)
        return self._manager

    @property
    def deck(self) -> Any:
        """The synthetic camera's drawn deck, drawn once for every state that starts the demo devices."""
        if self._deck is None:
            from vision.synthetic import drawn_deck

            self._deck = drawn_deck()
        return self._deck

    def table(self, game: str, stacks: dict[int, int], *, button: int, deck: str = "", structure: str = "pot-limit",
              seats: int = 9) -> TableSession:
        """A new recorded table (its own name in the store): ``stacks`` seat -> buy-in, the button placed, a stacked deck."""
        self._tables += 1
        agreements = TableAgreements(mississippi=MississippiAuthorization(manager=FLOOR[0], at=datetime(2024, 1, 1, tzinfo=UTC)),
                                     extra_player_authorized_by=FLOOR[0])
        config = TableConfig(name=f"Table {self._tables}", seat_count=seats, min_buy_in=20, max_buy_in=400, agreements=agreements,
                             schedule=single_game(game, structure, small_blind=1, big_blind=2))
        table = Table(config)
        for seat, buy_in in stacks.items():
            table.sit_down(seat=seat, player=NAMES[(seat - 1) % len(NAMES)], buy_in=buy_in)
        table.place_button(seat=button)
        return recorded_session(self.store, table, deck_for_hand=lambda _: stacked_deck(deck), dealer=DEALER[0])

    def window(self, session: TableSession, size: tuple[int, int] = WINDOW_SIZES[0]) -> DealerWindow:
        """The dealer's window on ``session``, shown at ``size``."""
        from dealer_console.ui.main_window import DealerWindow

        window = DealerWindow(session)
        return self.show(window, size)

    def show(self, widget: QWidget, size: tuple[int, int] | None = None) -> Any:
        """Show ``widget`` (at ``size``) and keep it to close."""
        self.widgets.append(widget)
        if size is not None:
            widget.resize(*size)
        widget.show()
        QTest.qWaitForWindowExposed(widget, 3000)
        return widget

    def start(self, devices: DemoDevices) -> DemoDevices:
        """Start ``devices`` and keep them to stop."""
        self.devices.append(devices.start())
        return devices

    def wait_until(self, predicate: Callable[[], object], what: str, timeout: float = WAIT_S) -> None:
        """Let Qt run until ``predicate`` holds; ``TimeoutError`` naming ``what`` after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(f"screen state not reached: {what}")
            QApplication.processEvents()
            time.sleep(0.01)
        QApplication.processEvents()

    def settle(self, session: TableSession) -> None:
        """Wait until the store has acknowledged every command given so far."""
        self.wait_until(lambda: not session.busy, "the store acknowledges the commands")

    def close_windows(self) -> None:
        """Close every window and dialog and stop every device; the store stays open for more states."""
        for widget in reversed(self.widgets):
            widget.close()
        for devices in self.devices:
            devices.stop()
        self.widgets.clear()
        self.devices.clear()
        QApplication.processEvents()

    def close(self) -> None:
        """Close every window and dialog, stop every device, close the store."""
        self.close_windows()
        self._manager = None
        if self._store is not None:
            self._store.close()
            self._store = None


# ---------------------------------------------------------------------- the table's states

def posting(screens: Screens) -> QWidget:
    """A nine-handed hand just started: blinds posted, the deal and the straddle offered."""
    session = screens.table("O", {seat: 200 for seat in range(1, 10)}, button=9)
    session.start_hand()
    return screens.window(session)


def straddle_offers(screens: Screens) -> QWidget:
    """Seat 3 has straddled: the re-straddle and the Mississippi are offered beside the deal."""
    session = screens.table("O", {seat: 200 for seat in (1, 2, 3, 4, 5, 6, 7, 8)}, button=8)
    session.start_hand()
    session.post_straddle()
    return screens.window(session)


def keypad_amount(screens: Screens) -> QWidget:
    """Pre-flop, seat 4 to act after a raise, with 24 typed on the keypad (not yet sent)."""
    session = screens.table("O", {seat: 200 for seat in (1, 2, 3, 4, 5, 6)}, button=1)
    session.start_hand()
    session.deal_hole_cards()
    session.raise_to(7)
    window = screens.window(session)
    window.action_bar.amount_edit.setText("24")
    return window


def all_in(screens: Screens) -> QWidget:
    """A short stack has moved all-in for 180 over a raise: the next seat may fold, call or re-raise."""
    session = screens.table("O", {1: 200, 3: 180, 5: 300, 7: 250}, button=1, structure="no-limit")
    session.start_hand()
    session.deal_hole_cards()
    session.raise_to(7)  # seat 7
    session.all_in()  # seat 1: 200
    return screens.window(session)


def oklahoma_discards(screens: Screens) -> QWidget:
    """Oklahoma on the flop: each player still in owes a discard; the first one's cards are offered."""
    session = screens.table("OK", {1: 200, 3: 200, 5: 200, 7: 200, 8: 200}, button=1)
    session.start_hand()
    session.deal_hole_cards()
    for _ in range(4):
        session.call()
    session.check()
    session.deal_board()
    return screens.window(session)


RUNS_DECK = "6h 6d 7c 7d  As Ah Ac Ad  2c 3c 4d 5d  Ks Kh Qs Qh Jd Jc Td 9s 8h 8c"


def two_runs(screens: Screens) -> QWidget:
    """All-in pre-flop, run twice: both runs dealt, the hands still to show."""
    session = screens.table("O", {1: 100, 3: 100, 5: 100}, button=1, deck=RUNS_DECK, structure="no-limit")
    session.start_hand()
    session.deal_hole_cards()
    session.all_in()
    session.fold()
    session.call()
    session.choose_runs(5, 2)
    session.choose_runs(1, 2)
    while session.next_board() is not None:
        session.deal_board()
    return screens.window(session)


SIDE_POTS_DECK = "Ac 2c Kd Kh  As Ad Qs Qd  Jh Th 9h 8h  Ah 3d 5s  Jd Js 2d  7c 4s  Kc 6h"


def double_board_side_pots(screens: Screens) -> QWidget:
    """Double-board Omaha Hi-Lo at showdown: a short stack all-in, a main pot and a side pot over two boards, all shown."""
    session = screens.table("DBO/8", {1: 100, 3: 30, 5: 100}, button=1, deck=SIDE_POTS_DECK, structure="no-limit")
    session.start_hand()
    session.deal_hole_cards()
    session.call()
    session.all_in()
    session.call()
    session.call()
    session.deal_board()
    session.deal_board()
    session.wager(20)
    session.call()
    for _street in ("turn", "river"):
        session.deal_board()
        session.deal_board()
        session.check()
        session.check()
    while session.showdown_seats():
        session.show(session.showdown_seats()[0])
    return screens.window(session)


# ---------------------------------------------------------------------- the devices' states

DEVICES_DECK = "As Ad 2c 3d  7h 8h 9s Tc  Qs Js 4h 5h  6c 2s 8c 9c Td"


class _KnownCards:
    """Reads what the synthetic camera laid: every card at 0.97, those in ``low`` at their confidence (below the threshold)."""

    def __init__(self, low: dict[str, float]) -> None:
        self.low = low

    def __call__(self, frame: Any) -> list[Sighting]:
        sightings = []
        for laid, quad in frame.truth:
            read: Card | None = parse_card(str(laid))
            confidence = self.low.get(str(laid), 0.97)
            sightings.append(Sighting(read if confidence >= 0.6 else None, read, confidence, quad))
        return sightings


def _devices_table(screens: Screens, low: dict[str, float], stacks: dict[int, int] | None = None, button: int = 1,
                   deal: bool = True) -> tuple[TableSession, DealerWindow, DemoDevices]:
    from dealer_console.live.demo_devices import DemoDevices

    session = screens.table("O", stacks or {1: 100, 3: 100, 5: 100}, button=button, deck=DEVICES_DECK)
    session.start_hand()
    if deal:
        session.deal_hole_cards()
    # one drawn deck for every state (drawing it takes a while); a half-size picture (the recognizer reads what was laid)
    devices = screens.start(DemoDevices(session, workdir=screens.workdir / f"devices-{len(screens.devices)}", deck=screens.deck,
                                        recognizer=_KnownCards(low), camera_interval=0.05, recheck=0.1, size=(960, 540),
                                        card_width_px=60.0))
    window = screens.window(session)
    window.attach_devices(devices.hub)
    screens.wait_until(lambda: window.sensor_panel.board_states() == {"zones": "connected"}, "the sensor board connected")
    return session, window, devices


def demo_start(screens: Screens) -> QWidget:
    """The demo's first screen: the camera and sensors beside the felt, blinds posted, the deal, the straddle, the
    re-straddle, the Mississippi, the blind's undo and the misdeal offered (the longest row of the dealer's buttons)."""
    _session, window, _devices = _devices_table(screens, {}, stacks={seat: 200 for seat in (2, 3, 4, 6, 8)}, button=2, deal=False)
    panel = window.camera_panel
    screens.wait_until(lambda: panel.view is not None and panel.view.status == "ok" and panel.view.image is not None,
                       "the camera's first picture")
    return window


def camera_confirmation(screens: Screens) -> QWidget:
    """On the flop, the camera reads 2♠ below the threshold: its row waits for the dealer to confirm or correct it."""
    session, window, _devices = _devices_table(screens, {"2s": 0.35})
    for _ in range(2):
        session.call()
        screens.settle(session)
    session.check()
    screens.settle(session)
    panel = window.camera_panel
    screens.wait_until(lambda: len(panel.rows) == 1 and panel.rows[0].isVisible(), "a camera read waiting for the dealer")
    return window


def sensor_mismatch(screens: Screens) -> QWidget:
    """The sensors disagree with the hand: the button puck on seat 4 (the console has seat 1), seat 5's zone shows 9 for 2 in front."""
    from PySide6.QtWidgets import QDockWidget

    _session, window, devices = _devices_table(screens, {})
    panel = window.sensor_panel
    window.findChild(QDockWidget, "sensor_panel_dock").raise_()  # the sensors' tab in front of the camera's
    screens.wait_until(lambda: panel.shown is not None, "the chips of the seat to act read")
    devices.simulate("button 4")
    devices.simulate("zone 5 9 5x1;1x4")
    screens.wait_until(lambda: panel.button_label.property("agrees") is False, "the button sensor disagreeing")
    screens.wait_until(lambda: any(panel.table.item(row, 5) is not None and panel.table.item(row, 5).text()
                                   == QCoreApplication.translate("SensorPanel", "DIFFERS") for row in range(panel.table.rowCount())),
                       "seat 5's zone differing")
    return window


# ---------------------------------------------------------------------- the floor's windows and dialogs

def review_window(screens: Screens) -> QWidget:
    """The floor's review on a finished hand of the store: the hand found, opened, stepped to its flop."""
    from dealer_console.floor.source import StoreSource
    from dealer_console.ui.review_window import ReviewWindow

    session = screens.table("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DEVICES_DECK)
    session.start_hand()
    session.deal_hole_cards()
    for action in ("call", "call", "check"):
        getattr(session, action)()
    while session.hand is not None and not session.hand.is_complete:
        if session.legal_actions() is not None:
            session.check()
        elif session.next_board() is not None:
            session.deal_board()
        else:
            session.show(session.showdown_seats()[0])
    manager = screens.manager
    window = ReviewWindow(StoreSource(screens.store), manager, poll_ms=0)
    screens.show(window, WINDOW_SIZES[0])
    window.search(window.last_query)
    panel = window.search_panel
    screens.wait_until(lambda: panel.found, "the hands found")
    window.open_hand(panel.found[0].id)
    screens.wait_until(lambda: window.review is not None, "the hand opened")
    for _ in range(12):
        window.step_next()
    QApplication.processEvents()
    return window


def sign_in(screens: Screens) -> QWidget:
    """The floor's sign-in, after a wrong PIN: the store's refusal shown under the fields."""
    from dealer_console.ui.sign_in_dialog import SignInDialog

    dialog = SignInDialog(screens.store.sign_in, floor=True, purpose=QCoreApplication.translate(
        "DealerWindow", "A Mississippi straddle needs a floor manager's authorization."))
    screens.show(dialog)
    dialog.name_edit.setText(FLOOR[0])
    dialog.secret_edit.setText("0000")
    dialog.buttons.accepted.emit()
    screens.wait_until(lambda: dialog.buttons.isEnabled() and dialog.message.text(), "the sign-in refused")
    return dialog


def _floor_dialog(screens: Screens, name: str) -> QWidget:
    from dealer_console.ui.house_settings_dialog import HouseSettingsDialog
    from dealer_console.ui.table_settings_dialog import TableSettingsDialog

    session = screens.table("O", {1: 200, 3: 200, 5: 200, 7: 200}, button=1)
    session.start_hand()
    window = screens.window(session)
    manager = screens.manager
    kind = TableSettingsDialog if name == "table" else HouseSettingsDialog
    dialog = kind(session, manager, window)
    screens.show(dialog)
    return dialog


def table_settings(screens: Screens) -> QWidget:
    """The floor's table settings (straddles, Mississippi, extra boards...), opened over the dealer's window."""
    return _floor_dialog(screens, "table")


def house_settings(screens: Screens) -> QWidget:
    """The floor's house settings (rake, jackpot drop, house rules), opened over the dealer's window."""
    return _floor_dialog(screens, "house")


STATES: dict[str, Callable[[Screens], QWidget]] = {
    "posting": posting,
    "straddle-offers": straddle_offers,
    "keypad-amount": keypad_amount,
    "all-in": all_in,
    "oklahoma-discards": oklahoma_discards,
    "two-runs": two_runs,
    "double-board-side-pots": double_board_side_pots,
    "demo-start": demo_start,
    "camera-confirmation": camera_confirmation,
    "sensor-mismatch": sensor_mismatch,
    "review-window": review_window,
    "sign-in": sign_in,
    "table-settings": table_settings,
    "house-settings": house_settings,
}
"""Every state by its name (the screenshots' file names); the dialogs open on their own, the windows at 1280×720."""

WINDOWS = frozenset(name for name in STATES if name not in ("sign-in", "table-settings", "house-settings"))
"""The states whose widget is a main window (resized to each of ``WINDOW_SIZES``); the others are dialogs."""
