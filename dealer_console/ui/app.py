"""Start the dealer's window: ``dealer-console`` (or ``dealer-console console``) opens a demo table.

The table is recorded in the event store (SQLite in the user's data folder by default, or
``--database URL``): the store is opened and migrated before the window shows, and a demo table
already in it resumes where it stopped, its open hand included.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table, TableConfig
from dealer_console.engine.table_events import MississippiAuthorization, TableAgreements
from dealer_console.live.table_session import TableSession, shuffled_decks

if TYPE_CHECKING:
    from dealer_console.store.store import Store

DEMO_PLAYERS = ("Alice", "Boris", "Chen", "Dasha", "Emil", "Fatima")


def demo_session(*, game: str = "OK", structure: str = "pot-limit", seed: int | None = None, players: int = 5,
                 seats: int = 9, store: Store | None = None) -> TableSession:
    """A demo table: ``players`` players with 200 chips each at blinds 1/2, Mississippi authorized by the demo floor.

    With ``store``, every command is recorded before it is shown, and a demo table of this game already in the
    store is resumed instead (its players and open hand; ``seed`` and ``players`` then only shape the new decks).
    """
    rng = random.Random(seed)
    agreements = TableAgreements(mississippi=MississippiAuthorization(manager="Floor (demo)", at=datetime(2024, 1, 1, tzinfo=UTC)))
    schedule = single_game(game, structure, small_blind=1, big_blind=2)
    name = "Demo table" if (game, structure) == ("OK", "pot-limit") else f"Demo table, {game} {structure}"
    config = TableConfig(name=name, seat_count=seats, schedule=schedule, min_buy_in=40, max_buy_in=400, agreements=agreements)
    table = Table(config)
    chosen = sorted(rng.sample(range(1, seats + 1), players))
    for seat, name in zip(chosen, DEMO_PLAYERS, strict=False):
        table.sit_down(seat=seat, player=name, buy_in=200)
    table.place_button(seat=chosen[0])
    if store is not None:
        return TableSession.recorded(store, table, deck_for_hand=shuffled_decks(rng))
    return TableSession(table, deck_for_hand=shuffled_decks(rng))


def open_store(database: str | None = None, config: str | None = None) -> Store:
    """The event store of the configuration (``--database`` first), opened and migrated; raises ``StoreError``/``ConfigError``."""
    from dealer_console.config import load_settings
    from dealer_console.store.store import Store

    settings = load_settings(config, overrides={"store": {"database_url": database}})
    return Store.open(settings=settings.store)


def run_console(*, game: str = "OK", structure: str = "pot-limit", seed: int | None = None, players: int = 5,
                four_colour: bool = True, quit_after_ms: int | None = None, database: str | None = None,
                config: str | None = None, record: bool = True) -> int:
    """Open the window on a demo table (recorded in the event store unless ``record`` is off) and run Qt until it closes."""
    from dealer_console.config import ConfigError
    from dealer_console.store.errors import StoreError

    store = None
    session: TableSession | None = None
    try:
        # opening and migrating the database happens here, before any window exists (never on the running UI thread)
        if record:
            store = open_store(database, config)
        session = demo_session(game=game, structure=structure, seed=seed, players=players, store=store)
        return _run_window(session, four_colour=four_colour, quit_after_ms=quit_after_ms)
    except (StoreError, ConfigError) as error:
        print(f"dealer-console: {error}", file=sys.stderr)
        return 2
    finally:
        if store is not None:
            store.close()


def _run_window(session: TableSession, *, four_colour: bool, quit_after_ms: int | None) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    from dealer_console.ui.main_window import DealerWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    font = QFont(app.font())
    font.setPointSize(14)
    app.setFont(font)
    window = DealerWindow(session, four_colour=four_colour)
    if session.hand is None:
        session.start_hand()  # a resumed table goes on with its open hand instead
    window.resize(1400, 950)
    window.show()
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, window.close)
    return app.exec()
