"""The tables a console opens, as sessions: the demo table, the configured table, and either recorded in a store.

No start-up work here (the store is opened by :mod:`dealer_console.live.console`): a demo without a database
builds its session without loading the store's SQL layer.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import MississippiAuthorization, TableAgreements
from dealer_console.live.deck import DeckSource, shuffled_decks
from dealer_console.live.seating import keep_demo_players
from dealer_console.live.table_session import TableSession
from dealer_console.store.recorder import RecordedTable, resume_table

if TYPE_CHECKING:
    from dealer_console.config import Settings
    from dealer_console.store.store import Store

__all__ = ["DEMO_DEALER", "DEMO_FLOOR", "DEMO_PLAYERS", "configured_session", "demo_session", "recorded_session"]

DEMO_PLAYERS = ("Alice", "Boris", "Chen", "Dasha", "Emil", "Fatima")
DEMO_DEALER = ("Demo dealer", "0000")
"""The demo table's dealer account (name, PIN): created in a demo's store and signed in automatically."""
DEMO_FLOOR = ("Floor (demo)", "1234")
"""The demo table's floor manager (name, PIN), for the floor's dialogs at a demo table."""


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
    session = _session(table, rng, store=store, dealer=dealer, table_id=table_id)
    keep_demo_players(session, table)  # busted demo players rebuy, so the demo never goes heads-up by attrition
    return session


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
