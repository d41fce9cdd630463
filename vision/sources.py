"""Camera sources behind one small base class.

Every frame carries the wall-clock time and a monotonic timestamp taken when it was read, its
sequence number, and flags for dark and frozen frames.  A source never raises on a camera fault:
``read()`` returns ``None`` and ``status`` says why (``dropped`` after the reconnect attempts are
spent, ``ended`` at the end of a file or folder).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

__all__ = [
    "Capture",
    "CaptureSource",
    "FolderSource",
    "Frame",
    "FrameSource",
    "Status",
    "SyntheticSource",
    "VideoFileSource",
]


class Status(StrEnum):
    OK = "ok"
    DARK = "dark"  # the last frame is (nearly) black: lens covered, lights off, camera failing
    FROZEN = "frozen"  # the picture has not changed for `frozen_after` frames
    RECONNECTING = "reconnecting"
    DROPPED = "dropped"  # the device is gone and reconnecting failed
    ENDED = "ended"  # end of a file, folder or synthetic run
    NOT_OPENED = "not-opened"


@dataclass
class Frame:
    image: np.ndarray
    seq: int
    wall_time: float  # time.time() when read, to match the room's surveillance video
    mono_time: float  # time.monotonic() when read
    source: str
    dark: bool = False
    frozen: bool = False
    truth: Any = None  # ground truth when the source is synthetic


class Capture(Protocol):
    """The part of cv2.VideoCapture that sources use (a fake device implements the same)."""

    def isOpened(self) -> bool: ...
    def read(self) -> tuple[bool, np.ndarray | None]: ...
    def release(self) -> None: ...


class FrameSource:
    """Base class: subclasses implement ``_grab() -> np.ndarray | None`` (None: no frame now)."""

    name = "source"

    def __init__(self, dark_level: float = 12.0, frozen_after: int = 30, frozen_delta: float = 0.5) -> None:
        self.status = Status.OK
        self.detail = ""
        self.seq = 0
        self.dark_level = dark_level
        self.frozen_after = frozen_after
        self.frozen_delta = frozen_delta
        self._last_small: np.ndarray | None = None
        self._same = 0

    def _grab(self) -> np.ndarray | None:
        raise NotImplementedError

    def read(self) -> Frame | None:
        if self.status in (Status.DROPPED, Status.ENDED, Status.NOT_OPENED):
            return None
        img = self._grab()
        if img is None:
            return None
        self.seq += 1
        small = cv2.resize(img, (64, 36), interpolation=cv2.INTER_AREA).astype(np.float32)
        dark = float(small.mean()) < self.dark_level
        if self._last_small is not None and float(np.abs(small - self._last_small).mean()) < self.frozen_delta:
            self._same += 1
        else:
            self._same = 0
        self._last_small = small
        frozen = self._same >= self.frozen_after
        self.status = Status.DARK if dark else Status.FROZEN if frozen else Status.OK
        self.detail = "" if self.status is Status.OK else f"frame {self.seq}: {self.status.value}"
        return Frame(img, self.seq, time.time(), time.monotonic(), self.name, dark, frozen, self._truth())

    def _truth(self) -> Any:
        return None

    def frames(self) -> Iterator[Frame]:
        while True:
            f = self.read()
            if f is None:
                if self.status in (Status.DROPPED, Status.ENDED, Status.NOT_OPENED):
                    return
                continue
            yield f

    def close(self) -> None:
        pass


class CaptureSource(FrameSource):
    """A cv2.VideoCapture on a device index or a stream URL, reconnecting after the camera drops."""

    def __init__(self, target: int | str, opener: Callable[[int | str], Capture] | None = None,
                 max_failures: int = 5, reconnect_attempts: int = 3, reconnect_delay: float = 0.5,
                 sleep: Callable[[float], None] = time.sleep, **kw: Any) -> None:
        super().__init__(**kw)
        self.name = f"camera:{target}"
        self.target = target
        self.opener = opener or (lambda t: cv2.VideoCapture(t))
        self.max_failures = max_failures
        self.reconnect_attempts = reconnect_attempts
        self.reconnect_delay = reconnect_delay
        self.sleep = sleep
        self.failures = 0
        self.reconnects = 0
        self.cap: Capture | None = None
        self._open()
        if self.cap is None:
            self.status = Status.NOT_OPENED
            self.detail = f"cannot open {target}"

    def _open(self) -> bool:
        try:
            cap = self.opener(self.target)
        except Exception as exc:  # a driver may raise instead of returning a closed capture
            self.detail = f"open failed: {exc}"
            return False
        if cap is not None and cap.isOpened():
            self.cap = cap
            return True
        return False

    def _grab(self) -> np.ndarray | None:
        ok, img = False, None
        if self.cap is not None:
            try:
                ok, img = self.cap.read()
            except Exception as exc:
                ok, self.detail = False, f"read raised: {exc}"
        if ok and img is not None:
            self.failures = 0
            return img
        self.failures += 1
        if self.failures < self.max_failures:
            return None
        # The device is gone: release and try to reopen it a few times.
        self.status = Status.RECONNECTING
        if self.cap is not None:
            try:
                self.cap.release()
            except Exception:  # releasing a dead device may fail; nothing to do
                pass
            self.cap = None
        for attempt in range(1, self.reconnect_attempts + 1):
            self.sleep(self.reconnect_delay * attempt)
            if self._open():
                self.reconnects += 1
                self.failures = 0
                self.status = Status.OK
                self.detail = f"reconnected after {attempt} attempt(s)"
                return None
        self.status = Status.DROPPED
        self.detail = f"{self.name} dropped: no frame after {self.max_failures} reads and {self.reconnect_attempts} reconnect attempts"
        return None

    def close(self) -> None:
        if self.cap is not None:
            self.cap.release()
            self.cap = None


class VideoFileSource(FrameSource):
    """A video file; ``ended`` at its end (an unreadable file is ``not-opened``)."""

    def __init__(self, path: str | Path, **kw: Any) -> None:
        super().__init__(**kw)
        self.name = f"file:{Path(path).name}"
        self.cap = cv2.VideoCapture(str(path))
        if not self.cap.isOpened():
            self.status = Status.NOT_OPENED
            self.detail = f"cannot open video {path}"

    def _grab(self) -> np.ndarray | None:
        ok, img = self.cap.read()
        if not ok or img is None:
            self.status = Status.ENDED
            self.detail = "end of video"
            return None
        return img

    def close(self) -> None:
        self.cap.release()


class FolderSource(FrameSource):
    """Images in a folder, in name order; unreadable files are skipped and counted."""

    EXTENSIONS = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}

    def __init__(self, folder: str | Path, **kw: Any) -> None:
        super().__init__(**kw)
        self.name = f"folder:{Path(folder).name}"
        self.paths = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in self.EXTENSIONS) if Path(folder).is_dir() else []
        self.skipped: list[Path] = []
        self.current: Path | None = None
        self._i = 0
        if not Path(folder).is_dir():
            self.status = Status.NOT_OPENED
            self.detail = f"no folder {folder}"

    def _grab(self) -> np.ndarray | None:
        while self._i < len(self.paths):
            p = self.paths[self._i]
            self._i += 1
            img = cv2.imread(str(p), cv2.IMREAD_COLOR)
            if img is not None:
                self.current = p
                return img
            self.skipped.append(p)
        self.status = Status.ENDED
        self.detail = f"end of folder ({len(self.skipped)} unreadable file(s) skipped)"
        return None


class SyntheticSource(FrameSource):
    """Synthetic overhead scenes (``vision.synthetic``), one per seed; each frame carries its ground truth."""

    def __init__(self, deck: Any, seeds: list[int] | range, scene_cfg: Any = None, **kw: Any) -> None:
        super().__init__(**kw)
        from .synthetic import generate_scene

        self.name = f"synthetic:{deck.name}"
        self._gen = generate_scene
        self.deck = deck
        self.seeds = list(seeds)
        self.scene_cfg = scene_cfg
        self._i = 0
        self._scene: Any = None

    def _grab(self) -> np.ndarray | None:
        if self._i >= len(self.seeds):
            self.status = Status.ENDED
            self.detail = "end of synthetic run"
            return None
        self._scene = self._gen(self.deck, self.seeds[self._i], self.scene_cfg)
        self._i += 1
        return self._scene.image  # type: ignore[no-any-return]

    def _truth(self) -> Any:
        return self._scene
