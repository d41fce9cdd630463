"""Fixtures shared by the vision tests: the deck drawn here (no card art needed) and that deck taught once."""

from __future__ import annotations

import pytest

from vision.evaluate import teach_deck
from vision.recognize import TaughtDeck
from vision.synthetic import Deck, drawn_deck

TEACH_SEEDS = [700001, 700002]
"""The two laid-out frames the drawn deck is taught from (never used as test scenes)."""


@pytest.fixture(scope="session")
def drawn() -> Deck:
    """The simple faces drawn when no card art is present."""
    return drawn_deck()


@pytest.fixture(scope="session")
def taught(drawn: Deck) -> TaughtDeck:
    """The drawn deck taught from :data:`TEACH_SEEDS`."""
    return teach_deck(drawn, TEACH_SEEDS)
