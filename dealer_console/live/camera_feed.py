"""The camera feed: how a camera is opened and read (:class:`CameraFeed`), and the thread that reads it
(:class:`CameraWorker`): frames read at an interval, cards recognised and voted over frames (:class:`CameraVotes`),
the latest picture, reads and status kept for the session's thread; faults reported as notices.

The worker only reads and stores; judging the reads against the hand is :mod:`dealer_console.live.card_judge`'s.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from dealer_console.live.camera_reads import Recognizer, SeenAt, Sighting
from dealer_console.live.camera_votes import CameraVotes
from dealer_console.live.errors import CameraSettingError
from dealer_console.live.notices import NoticeLevel
from dealer_console.live.zones import ZoneMap

if TYPE_CHECKING:
    from vision.sources import Frame, FrameSource

__all__ = ["CameraFeed", "CameraSnapshot", "CameraWorker"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class CameraFeed:
    """A camera for the hub: how to open it, how to read it, where things lie, how often to look."""

    open_source: Callable[[], FrameSource]
    recognizer: Recognizer
    zones: ZoneMap
    interval: float = 0.2
    """Seconds between frames read (recognition takes most of a core while it runs)."""
    reopen_interval: float = 1.0
    """Seconds between attempts to reopen a camera that dropped."""
    still_delta: int = 6
    """A picture whose 160x90 thumbnail differs nowhere by this much (0-255) from the last one read is still: its reads stand."""
    recheck: float = 1.0
    """Seconds after which even a still picture is read again."""
    reads_cards: bool = True
    """False for a camera that shows its picture only (the table not calibrated): the board is then dealt from the console."""
    mode: str = ""
    """How it reads, in words for the camera panel: ``"taught deck"``, ``"general mode (no deck taught)"``,
    ``"picture only (the table is not calibrated)"``; empty for the demo's camera."""
    stable_frames: int = 3
    """A card is offered as read once it was read the same, at or above the threshold, at its place in this many frames read in a
    row (:class:`CameraVotes`); 1 takes every frame's reading as it comes."""
    forget_frames: int = 5
    """A card offered stays while this many frames read do not see it (a hand passing over it), then its place is forgotten."""

    def __post_init__(self) -> None:
        for name in ("stable_frames", "forget_frames"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise CameraSettingError(f"the camera's {name} must be a whole number of frames, 1 or more, not {value!r}",
                                         setting=name, value=value)


@dataclass(frozen=True, slots=True)
class CameraSnapshot:
    """The camera's latest picture and reads, as the worker left them."""

    image: np.ndarray | None
    seq: int
    sightings: tuple[Sighting, ...]
    status: str
    detail: str


@dataclass(slots=True)
class _Looking:
    """The camera thread's own state between frames."""

    votes: CameraVotes
    generation: int
    source: FrameSource | None = None
    failed: bool = False
    """The recognizer failed on the last frame read (told once)."""
    last: tuple[np.ndarray, float] | None = None
    """The thumbnail of the last picture read, and when."""


class CameraWorker:
    """The camera's thread. ``feed()`` is the camera as it is now (a new setup changes its recognizer), ``threshold()`` the
    confidence a vote needs; ``on_change()`` and ``on_notice(level, text)`` are called from the camera's thread."""

    def __init__(self, feed: Callable[[], CameraFeed], *, threshold: Callable[[], float], on_change: Callable[[], None],
                 on_notice: Callable[[NoticeLevel, str], None]) -> None:
        self._feed, self._threshold, self._on_change, self._on_notice = feed, threshold, on_change, on_notice
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._frame: tuple[np.ndarray, int] | None = None
        self._sightings: tuple[Sighting, ...] = ()
        self._status = ("not-opened", "not started")
        self._fault_told = False
        self._generation = 0
        self._empty = threading.Event()
        self.reading_problem: str | None = None
        """Why the last picture could not be read (a picture of another size than the calibration's...), else ``None``."""

    def start(self) -> None:
        """Start reading on the camera's own thread."""
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop reading and close the camera (waits for the thread)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None

    def __enter__(self) -> CameraWorker:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def table_empty(self, empty: bool) -> None:
        """The console knows the table is empty now (a hand started, no card dealt yet) or no longer: while it is, every
        frame on which no card is read refreshes the recognizer's picture of the empty table (where it keeps one)."""
        if empty:
            self._empty.set()
        else:
            self._empty.clear()

    def read_afresh(self) -> None:
        """Forget the reads: a new calibration or deck reads the picture again at once, every place voted afresh."""
        with self._lock:
            self._sightings = ()
            self._generation += 1
            self.reading_problem = None

    def snapshot(self) -> CameraSnapshot:
        """The latest picture, reads and status (safe from any thread)."""
        with self._lock:
            frame, sightings, (status, detail) = self._frame, self._sightings, self._status
        return CameraSnapshot(None if frame is None else frame[0], 0 if frame is None else frame[1], sightings, status, detail)

    def _run(self) -> None:
        feed = self._feed()
        looking = _Looking(CameraVotes(stable_frames=feed.stable_frames, forget_after=feed.forget_frames), self._generation)
        while not self._stop.is_set():
            if looking.generation != self._generation:  # a new calibration or deck: read the picture again at once
                looking.generation, looking.last, looking.failed = self._generation, None, False
                looking.votes.reset()
            if looking.source is None and not self._open(feed, looking):
                continue
            self._step(feed, looking)
        if looking.source is not None:
            looking.source.close()

    def _open(self, feed: CameraFeed, looking: _Looking) -> bool:
        try:
            looking.source = feed.open_source()
        except Exception as error:  # a driver may raise anything when the device is absent
            self._state("not-opened", f"cannot open the camera: {error}")
            self._stop.wait(feed.reopen_interval)
            return False
        looking.votes.reset()  # a camera reopened may look at another felt: its places are voted afresh
        return True

    def _step(self, feed: CameraFeed, looking: _Looking) -> None:
        """Read one frame: recognised and voted, or its reads kept when the picture is still; wait for the next."""
        from vision.sources import Status

        source = looking.source
        assert source is not None
        frame = source.read()
        self._state(source.status.value, source.detail)
        if frame is None:
            if source.status in (Status.DROPPED, Status.ENDED, Status.NOT_OPENED):
                source.close()
                looking.source = None
                self._stop.wait(feed.reopen_interval)
            else:
                self._stop.wait(feed.interval)
            return
        thumbnail = cv2.resize(frame.image, (160, 90), interpolation=cv2.INTER_AREA).astype(np.int16)
        # a still felt keeps its reads: recognition (most of a core) runs again when the picture changes, or after `recheck`,
        # or while a place is still being voted on (a frame read again is another vote)
        last = looking.last
        still = (last is not None and last[0].shape == thumbnail.shape and int(np.abs(last[0] - thumbnail).max()) < feed.still_delta
                 and time.monotonic() - last[1] < feed.recheck and looking.votes.settled)
        if still or frame.frozen and last is not None:
            sightings = self._sightings  # a frozen camera repeats a stale picture: its reads are not votes (they would look stable)
        else:
            sightings = self._recognise(frame, thumbnail, looking)
        with self._lock:
            self._frame = (frame.image, frame.seq)
            self._sightings = sightings
        self._on_change()
        self._stop.wait(feed.interval)

    def _recognise(self, frame: Frame, thumbnail: np.ndarray, looking: _Looking) -> tuple[Sighting, ...]:
        from vision.calibration import CalibrationError
        from vision.recognize import TeachError

        try:
            recognizer = self._feed().recognizer
            raw = recognizer(frame)
            learn = getattr(recognizer, "table_empty", None)
            if not raw and self._empty.is_set() and learn is not None:
                learn(frame.image)  # nothing read on a table known to be empty: the empty table as it looks now
            seen = [dataclasses.replace(s, seen=SeenAt(frame.image, frame.seq, frame.wall_time, s.quad)) for s in raw]
            sightings = looking.votes.update(seen, threshold=self._threshold())
        except Exception as error:  # a recognizer bug must not stop the camera; the dealer deals by hand meanwhile
            if not looking.failed and not isinstance(error, CalibrationError | TeachError):
                log.exception("card recognition failed")  # once: the log's warnings reach the dealer's notices too
            self.reading_problem = str(error)
            if not looking.failed:
                self._on_notice(NoticeLevel.ERROR, f"Camera: the cards could not be read ({error}); deal from the console")
            looking.failed, looking.last = True, None
            looking.votes.reset()
            return ()
        looking.failed, self.reading_problem = False, None
        looking.last = (thumbnail, time.monotonic())
        return sightings

    def _state(self, status: str, detail: str) -> None:
        with self._lock:
            old = self._status[0]
            self._status = (status, detail)
        if status == old:
            return
        if status in ("ok", "frozen"):
            if self._fault_told:
                self._fault_told = False
                self._on_notice(NoticeLevel.INFO, f"Camera: picture back ({status}{', ' + detail if detail else ''})")
        else:
            self._fault_told = True
            self._on_notice(NoticeLevel.WARNING, f"Camera: {status}" + (f" ({detail})" if detail else "") + "; deal from the console meanwhile")
        self._on_change()
