"""The table session without a screen: commands checked by the engine, listeners told, refusals as plain messages."""

from __future__ import annotations

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.live.deck import stacked_deck
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_session import TableSession


def session(game: str = "O") -> TableSession:
    table = Table(TableConfig(seat_count=6, schedule=single_game(game, "pot-limit", small_blind=1, big_blind=2), min_buy_in=20))
    for seat in (1, 3, 5):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=100)
    table.place_button(seat=1)
    return TableSession(table, deck_for_hand=lambda _: stacked_deck(""))


def test_refused_command_changes_nothing_and_is_reported_in_the_engines_words() -> None:
    """Illegal means raise with a message a dealer can read (STYLE 3); the session reports it and tells no listener."""
    s = session()
    changes: list[TableSession] = []
    notices: list[Notice] = []
    s.start_hand()
    s.deal_hole_cards()
    s.subscribe(changes.append)
    s.subscribe_notices(notices.append)
    assert not s.check()  # seat 1 faces the big blind of 2
    assert changes == [] and notices[0].level is NoticeLevel.ERROR and "Seat 1 cannot check" in notices[0].text
    assert s.call() and changes == [s]


def test_undo_of_a_board_puts_its_cards_back_on_the_deck() -> None:
    """Undo voids the latest event (SPEC: Records and review); the physical cards go back, so the same flop comes again."""
    s = session()
    s.start_hand()
    s.deal_hole_cards()
    s.call()
    s.call()
    s.check()
    s.deal_board()
    flop = s.hand.boards()[0]
    assert s.undo() and s.hand.boards()[0] == ()
    s.deal_board()
    assert s.hand.boards()[0] == flop


def test_blinds_cannot_be_undone_the_dealer_declares_a_misdeal_instead() -> None:
    """The table's posts come from its plan; a wrong deal is a misdeal (SPEC: Misdeal), not an undo of a blind."""
    s = session()
    notices: list[Notice] = []
    s.subscribe_notices(notices.append)
    s.start_hand()
    assert not s.undo() and "misdeal" in notices[-1].text
    assert s.misdeal() and s.hand.stacks == {1: 100, 3: 100, 5: 100}
    assert s.start_hand() and s.plan is not None and s.plan.button == 1


def test_next_hand_refused_while_the_hand_is_being_played() -> None:
    """A hand ends before the next starts (the table records each hand's result before moving the button)."""
    s = session()
    s.start_hand()
    assert not s.start_hand()
