"""What a command did, and the worker thread that runs recorded commands off the screen's thread."""

from __future__ import annotations

import functools
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

from dealer_console.live.card_requests import CardRequest
from dealer_console.live.notices import Notice, NoticeLevel

__all__ = ["BackgroundRecorder", "CommandOutcome"]


@dataclass(frozen=True, slots=True)
class CommandOutcome:
    """What one command did: accepted or not, the notices it raised, whether the state changed."""

    accepted: bool
    notices: tuple[Notice, ...] = ()
    changed: bool = False
    request: CardRequest | None = None
    """Cards the dealer is asked to name before the command can go on."""


class BackgroundRecorder:
    """One worker thread that runs recorded commands in the order submitted (the store's appends off the screen's thread).

    ``deliver(callback)`` must run ``callback`` on the screen's thread (a queued Qt signal does it); every
    submitted command's completion goes through it, also when the command raised something unexpected.
    """

    def __init__(self, deliver: Callable[[Callable[[], None]], None], *, name: str = "table-recorder") -> None:
        self._deliver = deliver
        self._jobs: queue.Queue[tuple[Callable[[], CommandOutcome], Callable[[CommandOutcome], None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[], CommandOutcome], done: Callable[[CommandOutcome], None]) -> None:
        """Run ``work`` on the worker, then ``done(outcome)`` through ``deliver``."""
        self._jobs.put((work, done))

    def stop(self, timeout: float = 10.0) -> None:
        """Finish the commands already submitted, then end the thread."""
        self._jobs.put(None)
        self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """Whether the worker thread is alive."""
        return self._thread.is_alive()

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            work, done = job
            try:
                outcome = work()
            except Exception as error:  # reported to the dealer, never lost in the thread
                outcome = CommandOutcome(False, (Notice(NoticeLevel.ERROR, f"The step failed unexpectedly and may be half done: {error!r};"
                                                                           " check the table before going on"),), changed=True)
            self._deliver(functools.partial(done, outcome))
