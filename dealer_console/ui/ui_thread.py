"""Handing work back to the screen's thread: a queued Qt signal carries a callable (or a "changed") from any thread."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, Signal, Slot

__all__ = ["ChangeRelay", "UiThreadDelivery"]


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


class ChangeRelay(QObject):
    """Hands the hub's "something changed" from any thread to the UI thread, at most one pending at a time."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.pending = False

    def request(self) -> None:
        if QThread.currentThread() is self.thread():
            self.changed.emit()  # the session changed on the UI thread: show it now
        elif not self.pending:
            self.pending = True
            self.changed.emit()
