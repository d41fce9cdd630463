"""Reader threads that only read and hand what they read to listeners (python-can's ``Notifier``).

One thread per board calls :meth:`~drivers.board.SensorBoard.poll` and hands every event to
every :class:`Listener`: frames to :meth:`Listener.on_frame`, state changes to
:meth:`Listener.on_state`, and every fault (garbage, bad checksums, lost frames, I/O errors)
to :meth:`Listener.on_error`. Listeners run on the reader thread: they must be quick and must
not touch a UI directly (hand the event over to the UI thread).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Iterable
from types import TracebackType

from drivers.board import BoardEvent, FramesLost, Received, SensorBoard, StateChanged
from drivers.codec import FrameError
from drivers.errors import SensorError

__all__ = ["BoardError", "BufferedListener", "Listener", "SensorReader"]

log = logging.getLogger(__name__)

BoardError = FrameError | FramesLost | SensorError


class Listener:
    """Receives a board's events on its reader thread; override what you need."""

    def on_frame(self, board: SensorBoard, received: Received) -> None:
        """A valid frame arrived."""

    def on_state(self, board: SensorBoard, change: StateChanged) -> None:
        """The board's connection state changed."""

    def on_error(self, board: SensorBoard, error: BoardError) -> None:
        """Bytes were discarded, frames were lost, or the port failed."""


class BufferedListener(Listener):
    """Keeps every event in a queue, for tests and for a UI that polls (python-can's ``BufferedReader``)."""

    def __init__(self) -> None:
        self.events: queue.Queue[tuple[SensorBoard, BoardEvent]] = queue.Queue()

    def on_frame(self, board: SensorBoard, received: Received) -> None:
        """See :meth:`Listener.on_frame`."""
        self.events.put((board, received))

    def on_state(self, board: SensorBoard, change: StateChanged) -> None:
        """See :meth:`Listener.on_state`."""
        self.events.put((board, change))

    def on_error(self, board: SensorBoard, error: BoardError) -> None:
        """See :meth:`Listener.on_error`."""
        self.events.put((board, error))

    def get(self, timeout: float) -> tuple[SensorBoard, BoardEvent] | None:
        """The next event, or ``None`` after ``timeout`` seconds."""
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None


class SensorReader:
    """Starts one reader thread per board; ``stop()`` (or leaving the ``with`` block) joins them."""

    def __init__(self, boards: Iterable[SensorBoard], listeners: Iterable[Listener]) -> None:
        self.boards = list(boards)
        self.listeners = list(listeners)
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._run, args=(board,), name=f"sensor-reader-{board.name}", daemon=True) for board in self.boards
        ]
        for thread in self._threads:
            thread.start()

    def _run(self, board: SensorBoard) -> None:
        while not self._stop.is_set():
            try:
                events = board.poll()
            except Exception as error:  # a bug in a backend must not kill the reader silently
                log.exception("sensor board %s: poll failed", board.name)
                events = [SensorError(f"poll failed: {error!r}", board=board.name)]
                self._stop.wait(board.config.poll_interval)
            for event in events:
                self._dispatch(board, event)

    def _dispatch(self, board: SensorBoard, event: BoardEvent) -> None:
        for listener in self.listeners:
            try:
                if isinstance(event, Received):
                    listener.on_frame(board, event)
                elif isinstance(event, StateChanged):
                    listener.on_state(board, event)
                else:
                    listener.on_error(board, event)
            except Exception:
                log.exception("sensor listener %r failed on %r", listener, event)

    def stop(self, timeout: float = 2.0) -> None:
        """Stop every reader thread, waiting at most ``timeout`` seconds for each."""
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout)

    @property
    def running(self) -> bool:
        """True while any reader thread is alive."""
        return any(thread.is_alive() for thread in self._threads)

    def __enter__(self) -> SensorReader:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None) -> None:
        self.stop()
