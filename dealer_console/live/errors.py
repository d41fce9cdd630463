"""The running table's exceptions: one small hierarchy, each error carrying what it refused.

The engine's refusals (:class:`~dealer_console.engine.errors.IllegalActionError` and its kin) stay
the engine's; these are the refusals of the table around it: devices, the taught deck, the
console's start-up.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "CalibrationRefused",
    "CameraSettingError",
    "ConsoleStartError",
    "DeckNotTaught",
    "LiveError",
    "NoCameraError",
    "PictureRefused",
    "TaughtDeckError",
    "ZoneError",
]


class LiveError(ValueError):
    """Base of every refusal by the running table (not the rules engine's own)."""


# ---------------------------------------------------------------------- the console's start-up


class ConsoleStartError(LiveError):
    """The console could not start its table: ``step`` names what failed (opening the store, resuming the table, signing in)."""

    def __init__(self, step: str, reason: str) -> None:
        super().__init__(f"{step}: {reason}")
        self.step = step
        self.reason = reason


# ---------------------------------------------------------------------------------------------- the devices


class NoCameraError(LiveError):
    """A camera's setting was asked of a table that has no camera configured."""

    def __init__(self, action: str) -> None:
        super().__init__(f"no camera is configured: cannot {action}")
        self.action = action


class CameraSettingError(LiveError):
    """A camera setting out of its range; carries the setting's name and the value refused."""

    def __init__(self, message: str, *, setting: str, value: object) -> None:
        super().__init__(message)
        self.setting = setting
        self.value = value


class ZoneError(LiveError):
    """A place on the table that is not one (a board or a seat numbered below 1...); carries the numbers refused."""

    def __init__(self, message: str, *, board: int | None = None, run: int | None = None, seat: int | None = None) -> None:
        super().__init__(message)
        self.board = board
        self.run = run
        self.seat = seat


class TaughtDeckError(LiveError):
    """A taught deck's folder cannot be read or written; the message names the file and what to do.

    ``path`` is the file or folder refused, ``card`` the card named wrongly there (when one is).
    """

    def __init__(self, message: str, *, path: Path | None = None, card: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.card = card


class DeckNotTaught(LiveError):
    """The teaching pictures could not teach a deck (a picture whose cards cannot be found as named); carries how many pictures."""

    def __init__(self, message: str, *, pictures: int) -> None:
        super().__init__(message)
        self.pictures = pictures


class PictureRefused(LiveError):
    """A camera picture that cannot be used as it is (another size than the calibration's); carries its size (width, height)."""

    def __init__(self, message: str, *, size: tuple[int, int]) -> None:
        super().__init__(message)
        self.size = size


class CalibrationRefused(LiveError):
    """The corners or the felt's edge give no calibration, or it cannot be saved; carries the points refused (or the file)."""

    def __init__(self, message: str, *, points: tuple[tuple[float, float], ...] = (), path: Path | None = None) -> None:
        super().__init__(message)
        self.points = points
        self.path = path
