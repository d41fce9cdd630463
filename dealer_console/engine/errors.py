"""The engine's exceptions: one small hierarchy, each carrying what a caller needs."""

from __future__ import annotations

__all__ = ["CardError", "EngineError", "GameDefinitionError", "IllegalActionError"]


class EngineError(ValueError):
    """Base of every refusal by the rules engine."""


class CardError(EngineError):
    """A card could not be read or cannot be used (bad text, duplicate, not held)."""

    def __init__(self, message: str, *, card: str | None = None) -> None:
        super().__init__(message)
        self.card = card


class GameDefinitionError(EngineError):
    """A game, its stakes or a hand's set-up is inconsistent."""


class IllegalActionError(EngineError):
    """An event that the rules do not allow now.

    The message names who, what and why, for example
    ``"Seat 4 cannot fold: they discarded this round"``.
    """

    def __init__(self, message: str, *, seat: int | None = None, action: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action
