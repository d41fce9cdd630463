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

import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .boards import BoardLayout, KnownCards, ShowdownReading, Sighting, StreetReading, TableReading, read_table
from .calibration import Calibration
from .evidence import EvidenceError, Image, ReadingEvidence, make_evidence

__all__ = ["FrameVoter", "LiveTableReader", "LiveUpdate", "MISSING", "Track", "UNREAD", "VoteResult"]

MISSING = "-"  # the place was not seen in a frame
UNREAD = "?"  # a card was seen at the place but not read confidently


@dataclass
class Track:
    """One place on the table where a card lies, followed over frames."""

    id: int
    centre: np.ndarray
    history: deque[str]
    reported: str | None = None
    conflict: bool = False
    first_seq: int = 0
    last_seen_seq: int = 0
    missing_run: int = 0
    best: Sighting | None = None  # best sighting of the reported (or leading) card
    best_frame: Any = None  # the picture that sighting came from
    best_seq: int = 0
    best_time: float | None = None

    def sighting(self) -> Sighting:
        """What the track says now: the reported card, or unknown with the best guess."""
        c = (float(self.centre[0]), float(self.centre[1]))
        if self.reported is not None:
            conf = self.best.confidence if self.best is not None else 0.0
            return Sighting(self.reported, conf, c, self.reported, self)
        guess = self.best.best if self.best is not None else None
        return Sighting(None, 0.0, c, guess, self)


@dataclass
class VoteResult:
    """The state after one frame: every live track, and what changed."""

    cards: list[Sighting]  # one per live track; card None while not stable
    appeared: list[Track] = field(default_factory=list)  # tracks that became stable on this frame
    changed: list[Track] = field(default_factory=list)  # tracks whose reported card was replaced by another stable one
    conflicts: list[Track] = field(default_factory=list)  # tracks whose reported card was contradicted on this frame
    gone: list[Track] = field(default_factory=list)  # tracks given up on this frame (the card was taken away)

    @property
    def stable(self) -> list[Sighting]:
        """The cards reported now."""
        return [s for s in self.cards if s.card is not None]


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

    def update(self, sightings: list[Sighting], *, seq: int | None = None, frame: Any = None, frame_time: float | None = None) -> VoteResult:
        """Take one frame's sightings; return what is stable now and what changed."""
        self.frames += 1
        seq = self.frames if seq is None else seq
        result = VoteResult([])
        pairs = sorted(
            ((float(np.hypot(t.centre[0] - s.centre_px[0], t.centre[1] - s.centre_px[1])), ti, si)
             for ti, t in enumerate(self.tracks) for si, s in enumerate(sightings)),
            key=lambda x: x[0],
        )
        used_t: set[int] = set()
        used_s: set[int] = set()
        matched: dict[int, Sighting] = {}
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
            t.centre = 0.7 * t.centre + 0.3 * np.asarray(s.centre_px, np.float64)
            self._observe(t, s, seq, frame, frame_time, result)
        for si, s in enumerate(sightings):
            if si in used_s:
                continue
            t = Track(self._next_id, np.asarray(s.centre_px, np.float64), deque(maxlen=self.stable_frames), first_seq=seq, last_seen_seq=seq)
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
        result.cards = [t.sighting() for t in self.tracks]
        return result

    def _observe(self, t: Track, s: Sighting, seq: int, frame: Any, frame_time: float | None, result: VoteResult) -> None:
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


@dataclass
class LiveUpdate:
    """What one frame of the live feed changed, and what the table shows now."""

    seq: int
    voted: bool  # False when the frame was not voted on (dark, frozen, or of the wrong size)
    status: str  # 'ok', 'dark', 'frozen', 'wrong-size'
    detail: str
    vote: VoteResult | None
    ms: float  # time spent reading this frame


class LiveTableReader:
    """The camera side of a table: frames in, stable cards, board streets and evidence out.

    One per table, fed from the camera's thread (it never touches the screen)::

        reader = LiveTableReader(calibration, deck, layout=BoardLayout(boards=1))
        for frame in source.frames():          # vision.sources.Frame
            update = reader.process(frame)
            if update.vote and (update.vote.appeared or update.vote.changed or update.vote.conflicts):
                known = KnownCards.from_hand(hand)
                reading = reader.read(known)     # vision.boards.TableReading
                for street in reading.applicable(known):
                    evidence = reader.evidence_for(street)   # one ReadingEvidence per card
                    ...  # the console records and applies the street (see docs/vision.md)
                # reading.new_streets(known) not in applicable(): ask the dealer; reading.flags: show them

    A dark or frozen frame is not voted on (a frozen picture repeated would make stale cards look
    stable); the cards already reported are kept until ``forget_after`` voted frames pass without them.
    """

    def __init__(self, calibration: Calibration, deck: Any, *, layout: BoardLayout | None = None, stable_frames: int = 5,
                 forget_after: int = 30, mask_off_table: bool = True) -> None:
        self.calibration = calibration
        self.deck = deck
        self.layout = layout or BoardLayout()
        self.detector = calibration.detector_config()
        lo, _ = calibration.card_width_range_px()
        self.voter = FrameVoter(stable_frames=stable_frames, match_distance_px=0.4 * lo, forget_after=forget_after)
        self.mask_off_table = mask_off_table
        self._lock = threading.Lock()  # process() runs on the camera's thread, read() and evidence_for() on the console's

    def new_hand(self, layout: BoardLayout | None = None) -> None:
        """Forget the cards of the last hand (the table was cleared)."""
        with self._lock:
            self.voter.reset()
            if layout is not None:
                self.layout = layout

    def process(self, frame: Any) -> LiveUpdate:
        """Read one frame (a ``vision.sources.Frame``: ``image``, ``seq``, ``wall_time``, ``dark``, ``frozen``) and vote."""
        from .calibration import CalibrationError
        from .recognize import read_frame

        if getattr(frame, "dark", False):
            return LiveUpdate(frame.seq, False, "dark", f"frame {frame.seq} is dark: not read", None, 0.0)
        if getattr(frame, "frozen", False):
            return LiveUpdate(frame.seq, False, "frozen", f"frame {frame.seq} repeats the picture: not read", None, 0.0)
        try:
            self.calibration.check_frame(frame.image)
        except CalibrationError as error:
            return LiveUpdate(frame.seq, False, "wrong-size", str(error), None, 0.0)
        t0 = time.perf_counter()
        image = self.calibration.mask_off_table(frame.image) if self.mask_off_table else frame.image
        readings = read_frame(image, self.deck, self.detector)
        with self._lock:
            vote = self.voter.update([Sighting.from_reading(r) for r in readings], seq=frame.seq, frame=frame.image, frame_time=frame.wall_time)
        return LiveUpdate(frame.seq, True, "ok", "", vote, (time.perf_counter() - t0) * 1000)

    def read(self, known: KnownCards | None = None) -> TableReading:
        """The stable cards grouped into boards, runs and showdown hands, checked against what the hand knows."""
        with self._lock:
            sightings = [t.sighting() for t in self.voter.tracks]
            layout = self.layout
        return read_table(sightings, self.calibration, layout=layout, known=known)

    def evidence_for(self, street: StreetReading | ShowdownReading, *, jpeg_quality: int = 90) -> list[ReadingEvidence]:
        """Evidence for each card of a street (or a seat's cards): the crop and the frame of its best sighting."""
        out = []
        frames: dict[int, Image] = {}
        # A track's best sighting may be replaced by the camera's thread; take each one's fields once, under the lock.
        with self._lock:
            taken = [(s, s.source.best, s.source.best_frame, s.source.best_seq, s.source.best_time) if isinstance(s.source, Track)
                     else (s, None, None, 0, None) for s in street.sightings]
        for s, best, best_frame, best_seq, best_time in taken:
            if best is None or best_frame is None:
                raise EvidenceError(f"no picture kept for {s.card or 'an unread card'}: evidence comes from voted cards")
            if s.card is not None and best.card != s.card:
                raise EvidenceError(f"the camera no longer reads {s.card} at that place: read the table again")
            if best_seq not in frames:
                frames[best_seq] = Image.encode(best_frame, "jpeg", jpeg_quality=jpeg_quality)
            when = best_time if best_time is not None else time.time()
            out.append(make_evidence(best_frame, best.source, frame_seq=best_seq, wall_time=when, frame_image=frames[best_seq]))
        return out
