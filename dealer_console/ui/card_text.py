"""Cards as rich text: rank and suit symbol, coloured by suit (two- or four-colour deck)."""

from __future__ import annotations

from collections.abc import Sequence

from dealer_console.engine.cards import Card

__all__ = ["card_html", "cards_html", "FOUR_COLOUR", "TWO_COLOUR"]

TWO_COLOUR = {"s": "#111111", "c": "#111111", "h": "#c8102e", "d": "#c8102e"}
FOUR_COLOUR = {"s": "#111111", "c": "#137a2f", "h": "#c8102e", "d": "#1f4fd1"}


def card_html(card: Card | None, *, four_colour: bool = True) -> str:
    """One card as a white tile; an unknown card as a blue back marked ``?`` (colour is never the only signal)."""
    if card is None:
        return '<span style="background:#2b4a8b; color:white;">&nbsp;??&nbsp;</span>'
    colour = (FOUR_COLOUR if four_colour else TWO_COLOUR)[card.suit]
    rank = "10" if card.rank == 10 else card.symbol[0]
    return f'<span style="background:white; color:{colour}; font-weight:bold;">&nbsp;{rank}{card.symbol[1:]}&nbsp;</span>'


def cards_html(cards: Sequence[Card | None], *, four_colour: bool = True) -> str:
    """Several cards side by side."""
    return "&nbsp;".join(card_html(card, four_colour=four_colour) for card in cards)
