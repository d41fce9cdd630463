"""The floor's exceptions: one small hierarchy, each naming what it refused; nothing is stored when one is raised."""

from __future__ import annotations

from dealer_console.store.errors import StoreError


class FloorError(ValueError):
    """Base of every refusal of the floor's review (a correction, a ruling, a report it cannot make)."""


class CorrectionError(FloorError):
    """A correction the review refuses (names the event and why); nothing is stored."""

    def __init__(self, message: str, *, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq


class RulingError(FloorError, StoreError):
    """A ruling the review refuses before storing it: ``field`` names what is missing or wrong, ``value`` what was given."""

    def __init__(self, message: str, *, field: str, value: object) -> None:
        super().__init__(message)
        self.field = field
        self.value = value


class ReadOnlySourceError(FloorError, StoreError):
    """The review reads a log it may not write (the card room's shipped log): ``where`` names it."""

    def __init__(self, message: str, *, where: str) -> None:
        super().__init__(message)
        self.where = where


class ReportTargetError(FloorError):
    """A report with nowhere to be written (``formats``: the outputs that may be asked for)."""

    def __init__(self, message: str, *, formats: tuple[str, ...]) -> None:
        super().__init__(message)
        self.formats = formats


__all__ = ["CorrectionError", "FloorError", "ReadOnlySourceError", "ReportTargetError", "RulingError"]
