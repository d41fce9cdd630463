"""What the dealer may do now, computed in live from the engine's legal actions (the action bar only shows it)."""

from __future__ import annotations

from dealer_console.engine.schedule import single_game
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.live.commands import Call, DealHoleCards, StartHand, Wager
from dealer_console.live.deck import stacked_deck
from dealer_console.live.offers import OfferKind, offers_now
from dealer_console.live.table_session import TableSession


def session(structure: str = "pot-limit") -> TableSession:
    table = Table(TableConfig(seat_count=6, schedule=single_game("O", structure, small_blind=1, big_blind=2), min_buy_in=20))
    for seat in (1, 3, 5):
        table.sit_down(seat=seat, player=f"P{seat}", buy_in=100)
    table.place_button(seat=1)
    return TableSession(table, deck_for_hand=lambda _: stacked_deck(""))


def test_before_a_hand_only_the_next_hand_is_offered() -> None:
    """No hand: the one thing to do is start it."""
    [offer] = offers_now(session())
    assert offer.kind is OfferKind.NEXT_HAND and offer.command == StartHand()


def test_the_pot_button_is_the_engines_pot_limit_maximum_and_taking_an_offer_performs_its_command() -> None:
    """SPEC: Pot-limit maximum. The pot offer's amount is the engine's own maximum, not recomputed on the screen."""
    s = session()
    s.start_hand()
    kinds = {offer.kind: offer for offer in offers_now(s)}
    assert kinds[OfferKind.DEAL_HOLE_CARDS].command == DealHoleCards()
    assert s.perform(DealHoleCards())
    kinds = {offer.kind: offer for offer in offers_now(s)}
    legal = s.legal_actions()
    assert legal is not None
    assert kinds[OfferKind.CALL].amount == legal.call_amount and kinds[OfferKind.CALL].command == Call()
    assert kinds[OfferKind.POT].amount == legal.max_to and kinds[OfferKind.POT].command == Wager(legal.max_to)
    assert (kinds[OfferKind.WAGER].low, kinds[OfferKind.WAGER].high) == (legal.min_to, legal.max_to)
    assert s.perform(kinds[OfferKind.CALL].command) and s.hand is not None and s.hand.actor != legal.seat


def test_a_limit_game_offers_no_pot_button() -> None:
    """Limit: one bet size, so the minimum is the only size offered."""
    s = session("limit")
    s.start_hand()
    s.deal_hole_cards()
    kinds = {offer.kind for offer in offers_now(s)}
    assert OfferKind.MIN in kinds and OfferKind.POT not in kinds
