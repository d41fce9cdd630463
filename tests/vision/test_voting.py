"""Voting over consecutive frames of a live feed.

Sources: issue 5 ("voting over consecutive frames on a live feed"; "must say 'not sure' rather than
guess"); SPEC "Inputs" (a reading below the confidence threshold is never applied silently).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from vision.detect import DetectorConfig
from vision.evaluate import evaluate_voting
from vision.recognize import Reading, TaughtDeck, read_frame
from vision.synthetic import Deck, Scene, SceneConfig, generate_scene
from vision.voting import FrameVoter

CLEAN = SceneConfig(glare=False, shadow=False, chips=False, overlap_pairs=False)


@pytest.fixture(scope="module")
def scene(drawn: Deck) -> Scene:
    return generate_scene(drawn, 7500, CLEAN, n_cards=6)


def live_frame(scene: Scene, k: int, cover: int | None = None) -> np.ndarray:
    """Frame k of a live feed of the scene: fresh sensor noise every frame, and optionally a hand over one card."""
    rng = np.random.default_rng(k)
    img = np.clip(scene.image.astype(np.float32) + rng.normal(0, 3, scene.image.shape), 0, 255).astype(np.uint8)
    if cover is not None:
        c = scene.cards[cover].quad.mean(axis=0)
        cv2.ellipse(img, (int(c[0]), int(c[1])), (int(scene.card_width_px), int(scene.card_width_px * 0.6)), 30, 0, 360, (60, 90, 150), -1)
    return img


def sightings(img: np.ndarray, taught: TaughtDeck, scene: Scene) -> list[Reading]:
    return read_frame(img, taught, DetectorConfig(card_width_px=scene.card_width_px))


def test_cards_are_reported_once_stable_over_n_frames(scene: Scene, taught: TaughtDeck) -> None:
    """Issue 5: voting over consecutive frames.  Nothing is reported before the fifth frame; on the fifth, exactly the cards
    read the same at the same place in all five frames are reported, each at the place of the card it names, with its
    best sighting and the frame it came from kept as evidence."""
    voter = FrameVoter(stable_frames=5, match_distance_px=0.5 * scene.card_width_px)
    frames = [live_frame(scene, k) for k in range(5)]
    per_frame = [sightings(img, taught, scene) for img in frames]
    for k, img in enumerate(frames[:4]):
        assert voter.update(per_frame[k], seq=k, frame=img).stable == []
    result = voter.update(per_frame[4], seq=4, frame=frames[4])
    steady = {s.card for s in per_frame[0] if s.card is not None
              and all(any(o.card == s.card and np.hypot(o.centre[0] - s.centre[0], o.centre[1] - s.centre[1]) < 0.5 * scene.card_width_px
                          for o in other) for other in per_frame[1:])}
    assert steady and {t.reported for t in result.stable} == steady
    truth = {c.card: c.quad.mean(axis=0) for c in scene.cards}
    for t in result.stable:
        assert t.reported in truth and np.hypot(*(truth[str(t.reported)] - t.centre)) < 0.35 * scene.card_width_px
    assert len(result.appeared) == len(result.stable)
    for t in result.appeared:
        assert t.best is not None and t.best.card == t.reported
        assert t.best_frame is frames[t.best_seq]
        assert t.best.confidence == max(s.confidence for f in per_frame for s in f if s.card == t.reported)


def test_a_hand_passing_over_a_reported_card_does_not_lose_it(scene: Scene, taught: TaughtDeck) -> None:
    """A dealer's hand over a card for a few frames: the card stays reported (it was not taken away), and nothing new appears."""
    voter = FrameVoter(stable_frames=3, match_distance_px=0.5 * scene.card_width_px, forget_after=10)
    for k in range(3):
        result = voter.update(sightings(live_frame(scene, k), taught, scene), seq=k)
    before = {t.reported for t in result.stable}
    covered = scene.cards[0].card
    assert covered in before
    for k in range(3, 7):
        img = live_frame(scene, k, cover=0)
        now = sightings(img, taught, scene)
        assert covered not in {s.card for s in now}  # the hand really hides it
        result = voter.update(now, seq=k)
        assert {t.reported for t in result.stable} == before and not result.appeared and not result.gone


@dataclass(frozen=True)
class Place:
    """A card read at a place, as the console gives the voter one (any value with card, confidence and centre)."""

    card: str | None
    confidence: float
    centre: tuple[float, float]
    best: str | None


def place(card: str | None, x: float = 100.0, conf: float = 0.9, best: str | None = None) -> Place:
    return Place(card, conf if card is not None else 0.0, (x, 200.0), best or card)


def test_flickering_reads_give_unknown() -> None:
    """Issue 5: never guess.  A place read As, Ah, As, Ah... is never reported, nor is one read As but unknown every
    other frame: both stay unknown (with the best guess for the dealer), however many frames pass."""
    voter = FrameVoter(stable_frames=3)
    for k in range(12):
        result = voter.update([place("As" if k % 2 else "Ah", 100), place("Kd" if k % 2 else None, 400, best="Kd")])
        assert result.stable == []
    assert [t.reported for t in result.tracks] == [None, None]
    assert result.tracks[1].best.best == "Kd"


def test_a_conflicting_read_makes_a_reported_card_unknown_until_stable_again() -> None:
    """A reported As read once as Ah is a conflict: unknown at once (kept for the dealer), and reported again only after
    three steady reads.  If the place then reads Ah steadily, that is reported as a change, not as a new card."""
    voter = FrameVoter(stable_frames=3)
    for _ in range(3):
        result = voter.update([place("As")])
    assert [t.reported for t in result.stable] == ["As"]
    result = voter.update([place("Ah")])
    assert result.stable == [] and len(result.conflicts) == 1
    result = voter.update([place("Ah")])
    assert result.stable == []
    result = voter.update([place("Ah")])
    assert [t.reported for t in result.stable] == ["Ah"] and len(result.changed) == 1 and not result.appeared


def test_a_card_taken_away_is_given_up_after_forget_after_frames() -> None:
    """A card no longer seen for `forget_after` frames is gone (mucked, or the table cleared); a new card at another
    place is a new track."""
    voter = FrameVoter(stable_frames=2, forget_after=4)
    for _ in range(2):
        voter.update([place("As")])
    gone = []
    for _ in range(4):
        r = voter.update([place("9c", 600)])
        gone += r.gone
    assert [t.reported for t in gone] == ["As"]
    assert [t.reported for t in r.stable] == ["9c"]


def test_voter_refuses_nonsense_settings() -> None:
    """A voter that could never report (0 frames) is refused with the setting's name."""
    with pytest.raises(ValueError, match="stable_frames"):
        FrameVoter(stable_frames=0)


def test_voting_is_measured_against_single_frames(drawn: Deck, taught: TaughtDeck) -> None:
    """The measurement behind docs/vision.md's voting figures: a scene read as a short shaky live feed is scored frame by
    frame and once after voting; the voted cards are never more than the frames agree on, and none of them is wrong."""
    r = evaluate_voting(drawn, taught, [7800], frames=3, stable_frames=3, cfg=CLEAN)
    assert r.single.frames == 3 and r.voted.frames == 1 and r.voted.cards == r.single.cards // 3
    assert 1 <= r.voted.correct and 3 * r.voted.correct <= r.single.correct
    assert r.voted.confident_misreads == 0 and r.voted.unknown == 0
