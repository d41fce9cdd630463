"""Voting over consecutive frames of a live feed: a card is reported once it is stable.

Each card on the table is followed from frame to frame by its place (a *track*).  A track reports a
card once the same card was read confidently at that place in ``stable_frames`` frames in a row; a
frame where the place was read as something else, read as unknown, or not seen at all breaks the run,
so flicker and conflicting reads give unknown, never the last or the likeliest guess.  Once reported,
a card stays reported while a hand passes over it (frames where it is not seen or not read) for up to
``forget_after`` frames; a confident read of another card at its place makes it unknown again (a
conflict, kept in ``conflicts`` for the dealer) until the new card is itself stable.

Every track keeps its best sighting of the reported card and the frame it came from, for evidence.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

__all__ = ["FrameVoter", "MISSING", "PlacedRead", "Track", "UNREAD", "VoteResult"]

MISSING = "-"  # the place was not seen in a frame
UNREAD = "?"  # a card was seen at the place but not read confidently


class PlacedRead(Protocol):
    """One card read on one frame, as the voter takes it: a recogniser's :class:`vision.recognize.Reading`, or the
    console's sighting. ``card`` is ``None`` when it is not to be taken as read (unknown, or below the threshold)."""

    @property
    def card(self) -> Hashable | None: ...

    @property
    def confidence(self) -> float: ...

    @property
    def centre(self) -> tuple[float, float]: ...


@dataclass
class Track:
    """One place on the table where a card lies, followed over frames."""

    id: int
    centre: np.ndarray
    history: deque[Hashable]
    reported: Hashable | None = None
    conflict: bool = False
    first_seq: int = 0
    last_seen_seq: int = 0
    missing_run: int = 0
    best: Any = None  # the most confident read (a PlacedRead) of the reported (or leading) card
    best_frame: Any = None  # the picture that read came from
    best_seq: int = 0
    best_time: float | None = None


@dataclass
class VoteResult:
    """The state after one frame: every live track, and what changed."""

    tracks: list[Track]  # every live track; ``reported`` None while not stable
    appeared: list[Track] = field(default_factory=list)  # tracks that became stable on this frame
    changed: list[Track] = field(default_factory=list)  # tracks whose reported card was replaced by another stable one
    conflicts: list[Track] = field(default_factory=list)  # tracks whose reported card was contradicted on this frame
    gone: list[Track] = field(default_factory=list)  # tracks given up on this frame (the card was taken away)

    @property
    def stable(self) -> list[Track]:
        """The places whose card is reported now."""
        return [t for t in self.tracks if t.reported is not None]


class FrameVoter:
    """Votes over consecutive frames (see the module's description)."""

    def __init__(self, *, stable_frames: int = 5, match_distance_px: float = 50.0, forget_after: int = 30) -> None:
        if stable_frames < 1:
            raise ValueError(f"stable_frames must be 1 or more, not {stable_frames}")
        if forget_after < 1:
            raise ValueError(f"forget_after must be 1 or more, not {forget_after}")
        self.stable_frames = stable_frames
        self.match_distance_px = match_distance_px
        self.forget_after = forget_after
        self.tracks: list[Track] = []
        self._next_id = 1
        self.frames = 0

    def reset(self) -> None:
        """Forget every track (a new hand)."""
        self.tracks.clear()

    def update(self, sightings: Sequence[PlacedRead], *, seq: int | None = None, frame: Any = None, frame_time: float | None = None) -> VoteResult:
        """Take one frame's sightings; return what is stable now and what changed."""
        self.frames += 1
        seq = self.frames if seq is None else seq
        result = VoteResult([])
        pairs = sorted(
            ((float(np.hypot(t.centre[0] - s.centre[0], t.centre[1] - s.centre[1])), ti, si)
             for ti, t in enumerate(self.tracks) for si, s in enumerate(sightings)),
            key=lambda x: x[0],
        )
        used_t: set[int] = set()
        used_s: set[int] = set()
        matched: dict[int, PlacedRead] = {}
        for dist, ti, si in pairs:
            if dist > self.match_distance_px:
                break
            if ti in used_t or si in used_s:
                continue
            used_t.add(ti)
            used_s.add(si)
            matched[ti] = sightings[si]
        for ti, t in enumerate(self.tracks):
            s = matched.get(ti)
            if s is None:
                t.history.append(MISSING)
                t.missing_run += 1
                continue
            t.missing_run = 0
            t.last_seen_seq = seq
            t.centre = 0.7 * t.centre + 0.3 * np.asarray(s.centre, np.float64)
            self._observe(t, s, seq, frame, frame_time, result)
        for si, s in enumerate(sightings):
            if si in used_s:
                continue
            t = Track(self._next_id, np.asarray(s.centre, np.float64), deque(maxlen=self.stable_frames), first_seq=seq, last_seen_seq=seq)
            self._next_id += 1
            self.tracks.append(t)
            self._observe(t, s, seq, frame, frame_time, result)
        live = []
        for t in self.tracks:
            if t.missing_run >= self.forget_after or (t.reported is None and t.missing_run >= self.stable_frames):
                result.gone.append(t)
            else:
                live.append(t)
        self.tracks = live
        result.tracks = list(self.tracks)
        return result

    def _observe(self, t: Track, s: PlacedRead, seq: int, frame: Any, frame_time: float | None, result: VoteResult) -> None:
        t.history.append(s.card if s.card is not None else UNREAD)
        if s.card is not None and t.reported is not None and s.card != t.reported:
            t.reported = None
            t.conflict = True
            result.conflicts.append(t)
        # Evidence: the most confident sighting of the card the track leads with (a new card starts afresh).
        if s.card is not None and (t.best is None or t.best.card != s.card or s.confidence > t.best.confidence):
            t.best, t.best_frame, t.best_seq, t.best_time = s, frame, seq, frame_time
        window = list(t.history)
        steady = len(window) == self.stable_frames and window[0] not in (UNREAD, MISSING) and all(m == window[0] for m in window)
        if t.reported is None and steady:
            t.reported = window[0]
            (result.changed if t.conflict else result.appeared).append(t)
            t.conflict = False
