"""Handing work back to the screen's thread: a queued Qt signal carries a callable from any thread."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, Slot


class UiThreadDelivery(QObject):
    """``deliver(callback)`` from any thread runs ``callback`` on the thread this object lives in (the screen's)."""

    _delivered = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._delivered.connect(self._run)

    def deliver(self, callback: Callable[[], None]) -> None:
        """Safe from any thread: ``callback`` runs later on the screen's thread (dropped once this object is gone)."""
        self._delivered.emit(callback)

    @Slot(object)
    def _run(self, callback: Callable[[], None]) -> None:
        callback()
