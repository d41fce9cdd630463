"""Long work off the screen's thread: one job at a time on a worker thread, its result handed back to the screen's thread
through :class:`~dealer_console.ui.ui_thread.UiThreadDelivery` (STYLE, Practices 5: long work never runs on the UI thread)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject

from dealer_console.ui.ui_thread import UiThreadDelivery

__all__ = ["BackgroundTask"]

log = logging.getLogger(__name__)

T = TypeVar("T")


class BackgroundTask(QObject):
    """Runs one job at a time on a worker thread; ``done(result)`` or ``failed(error)`` then runs on the screen's thread."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._delivery = UiThreadDelivery(self)
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """A job is running (its result not handed back yet)."""
        return self._thread is not None

    def run(self, job: Callable[[], T], *, done: Callable[[T], None], failed: Callable[[Exception], None]) -> bool:
        """Start ``job`` on a worker thread; False (nothing started) while another job runs."""
        if self._thread is not None:
            return False

        def work() -> None:
            try:
                result = job()
            except Exception as error:  # any fault must end the busy state and reach the screen, not die with the thread
                if not isinstance(error, ValueError):
                    log.exception("background job %r failed", job)
                fault = error  # `error` is unbound once the except clause ends
                self._delivery.deliver(lambda: self._finish(lambda: failed(fault)))
                return
            self._delivery.deliver(lambda: self._finish(lambda: done(result)))

        self._thread = threading.Thread(target=work, name="screen-worker", daemon=True)
        self._thread.start()
        return True

    def wait(self, timeout: float = 10.0) -> None:
        """Wait for the job running, if any (a screen that closes leaves no thread behind); its result is still handed back."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _finish(self, then: Callable[[], None]) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()  # it has handed its result over: it ends now
        then()
