"""The camera's reads voted over consecutive frames, place by place on the felt (on the camera's thread only)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from dealer_console.engine.cards import Card
from dealer_console.live.camera_reads import Quad, Sighting

__all__ = ["CameraVotes"]


def _card_width(quad: Quad) -> float:
    """The shorter side of a card's outline, in pixels."""
    sides = [math.dist(quad[i], quad[(i + 1) % len(quad)]) for i in range(len(quad))]
    return min(sides) if sides else 0.0


class CameraVotes:
    """The camera's reads voted over consecutive frames, place by place on the felt (:class:`vision.voting.FrameVoter`).

    A card is offered as read (its voted :class:`Sighting` keeps ``card``) only once the recognizer named it at or above
    the threshold at that place in ``stable_frames`` frames read in a row. A new place is not shown before it was seen on
    that many frames (the camera is still looking); after that, for as long as the reads at a place flicker between cards
    (or between a card and unknown), the place is unknown: ``card`` ``None``, ``steady`` False, with the latest best
    guess for the dealer's prompt; never the last or the likeliest guess. A card offered stays while a hand passes over
    it, for up to ``forget_after`` frames read without it, and leaves its place at once when it is read at another place
    (it was moved); a confident read of another card at its place makes the place unknown again until that card is itself
    stable. A place never named at or above the threshold is a plain doubtful read (``steady`` True, ``card`` ``None``),
    which the dealer confirms as before.

    Each voted sighting's ``seen`` is the frame of the best read of its card (of the latest read while unknown): its evidence.
    Used on the camera's thread only.
    """

    def __init__(self, *, stable_frames: int = 3, forget_after: int = 5) -> None:
        from vision.voting import FrameVoter

        self.voter = FrameVoter(stable_frames=stable_frames, forget_after=forget_after)
        self._latest: dict[int, Sighting] = {}
        self._frames = 0

    @property
    def stable_frames(self) -> int:
        """Frames in a row a card must be read the same before it is offered."""
        return self.voter.stable_frames

    def reset(self) -> None:
        """Forget every place (a new setup, a camera reopened): the reads start afresh."""
        self.voter.reset()
        self._latest.clear()

    @property
    def settled(self) -> bool:
        """Every place offers its card and was seen on the latest frame read: a still picture need not be read again."""
        return all(track.reported is not None and track.missing_run == 0 for track in self.voter.tracks)

    def update(self, sightings: Sequence[Sighting], *, threshold: float) -> tuple[Sighting, ...]:
        """Vote with one frame's reads; return one sighting per place on the felt, as the console may use it now."""
        from vision.voting import MISSING, UNREAD

        self._frames += 1
        widths = sorted(_card_width(sighting.quad) for sighting in sightings)
        if widths:
            # two places are told apart when their centres lie farther apart than 0.4 card widths (as vision.voting's live reader)
            self.voter.match_distance_px = max(4.0, 0.4 * widths[len(widths) // 2])
        # below the threshold a read is no vote for its card (the dealer is asked), though its best guess is kept
        offered = [s if s.card is None or s.confidence >= threshold else dataclasses.replace(s, card=None, best=s.best or s.card)
                   for s in sightings]
        self.voter.update(offered, seq=self._frames)
        self._note_latest(sightings)
        elsewhere = {s.card for s in offered if s.card is not None}
        voted: list[Sighting] = []
        for track in self.voter.tracks:
            latest = self._latest.get(track.id)
            if latest is None or track.reported is None and self._frames - track.first_seq + 1 < self.voter.stable_frames:
                continue  # a place seen on fewer frames than a vote takes is not shown yet: the camera is still looking
            if track.reported is not None and track.missing_run and track.reported in elsewhere:
                continue  # not seen at its place but read elsewhere: the card was moved (not covered by a hand), its old place is empty
            if isinstance(track.reported, Card):
                card = track.reported
                best = track.best if track.best is not None and track.best.card == card else latest
                voted.append(dataclasses.replace(latest, card=card, best=card, confidence=best.confidence, steady=True, seen=best.seen))
            else:
                named = any(mark not in (MISSING, UNREAD) for mark in track.history)
                voted.append(dataclasses.replace(latest, card=None, best=latest.best or latest.card, steady=not named))
        return tuple(voted)

    def _note_latest(self, sightings: Sequence[Sighting]) -> None:
        """Remember, for each place seen on this frame, the read it was seen as (nearest first, each read to one place)."""
        seen = [track for track in self.voter.tracks if track.last_seen_seq == self._frames]
        pairs = sorted((math.dist((float(track.centre[0]), float(track.centre[1])), sighting.centre), index, number)
                       for index, track in enumerate(seen) for number, sighting in enumerate(sightings))
        placed: set[int] = set()
        used: set[int] = set()
        for _, index, number in pairs:
            if index in placed or number in used:
                continue
            placed.add(index)
            used.add(number)
            self._latest[seen[index].id] = sightings[number]
        alive = {track.id for track in self.voter.tracks}
        self._latest = {key: value for key, value in self._latest.items() if key in alive}
