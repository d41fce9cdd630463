"""The sensor drivers' exceptions: one small hierarchy, as in python-can's ``can.exceptions``.

* :class:`SensorInitializationError`: a board could not be opened or configured.
* :class:`SensorOperationError`: a board that was open failed to read or write.
* :class:`SensorTimeoutError`: a board did not answer in time.
* :class:`ProtocolError`: a message cannot be encoded (a caller's bad value); decoding never
  raises, it reports :class:`~drivers.codec.FrameError` records instead.
"""

from __future__ import annotations

__all__ = ["ProtocolError", "SensorError", "SensorInitializationError", "SensorOperationError", "SensorTimeoutError"]


class SensorError(Exception):
    """Base of every error raised by :mod:`drivers`; carries the board's name when known."""

    def __init__(self, message: str, *, board: str | None = None) -> None:
        super().__init__(message)
        self.board = board


class SensorInitializationError(SensorError):
    """A board could not be opened (no such port, permission denied, unknown backend...)."""


class SensorOperationError(SensorError):
    """Reading from or writing to an open board failed (the device vanished, an I/O error)."""


class SensorTimeoutError(SensorError, TimeoutError):
    """A board did not answer within the time allowed."""


class ProtocolError(SensorError, ValueError):
    """A message that the protocol cannot carry (a field out of range, a forbidden character)."""
