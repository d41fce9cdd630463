"""The PHH package's errors: a file that cannot be read into a hand, or a hand that cannot be written."""

from __future__ import annotations

from dealer_console.engine.errors import EngineError

__all__ = ["PHHActionError", "PHHError", "PHHFormatError", "PHHMismatchError", "PHHUnsupportedError"]


class PHHError(EngineError):
    """A PHH file that cannot be read into a hand, or a hand that cannot be written."""


class PHHFormatError(PHHError):
    """Not PHH: not TOML, a required field missing or of the wrong type, unreadable card text."""


class PHHUnsupportedError(PHHError):
    """Valid PHH that the engine cannot play: another game, a blind shape or action it lacks."""


class PHHActionError(PHHError):
    """An action (or recorded event) the engine's rules refuse; chained to the engine's error."""

    def __init__(self, message: str, *, index: int, action: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.index = index
        """Position in ``actions`` (or in ``_dealer_console_events``), from 0."""
        self.action = action
        self.seat = seat


class PHHMismatchError(PHHError):
    """The file contradicts itself: its ``finishing_stacks`` or standard fields disagree with the replay."""
