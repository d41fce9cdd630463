"""Start the dealer's window: ``dealer-console`` (or ``dealer-console console``) opens a demo table."""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table, TableConfig
from dealer_console.engine.table_events import MississippiAuthorization, TableAgreements
from dealer_console.live.table_session import TableSession, shuffled_decks

DEMO_PLAYERS = ("Alice", "Boris", "Chen", "Dasha", "Emil", "Fatima")


def demo_session(*, game: str = "OK", structure: str = "pot-limit", seed: int | None = None, players: int = 5,
                 seats: int = 9) -> TableSession:
    """A demo table: ``players`` players with 200 chips each at blinds 1/2, Mississippi authorized by the demo floor."""
    rng = random.Random(seed)
    agreements = TableAgreements(mississippi=MississippiAuthorization(manager="Floor (demo)", at=datetime(2024, 1, 1, tzinfo=UTC)))
    schedule = single_game(game, structure, small_blind=1, big_blind=2)
    config = TableConfig(name="Demo table", seat_count=seats, schedule=schedule, min_buy_in=40, max_buy_in=400, agreements=agreements)
    table = Table(config)
    chosen = sorted(rng.sample(range(1, seats + 1), players))
    for seat, name in zip(chosen, DEMO_PLAYERS, strict=False):
        table.sit_down(seat=seat, player=name, buy_in=200)
    table.place_button(seat=chosen[0])
    return TableSession(table, deck_for_hand=shuffled_decks(rng))


def run_console(*, game: str = "OK", structure: str = "pot-limit", seed: int | None = None, players: int = 5,
                four_colour: bool = True, quit_after_ms: int | None = None) -> int:
    """Open the window on a demo table and run the Qt event loop until it closes."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    from dealer_console.ui.main_window import DealerWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    font = QFont(app.font())
    font.setPointSize(14)
    app.setFont(font)
    session = demo_session(game=game, structure=structure, seed=seed, players=players)
    window = DealerWindow(session, four_colour=four_colour)
    session.start_hand()
    window.resize(1400, 950)
    window.show()
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, window.close)
    return app.exec()
