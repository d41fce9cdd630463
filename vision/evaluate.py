"""Measure reading accuracy on synthetic scenes against their ground truth, and write them as labelled folders for ``vision-eval``."""

from __future__ import annotations

import csv
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .detect import DetectorConfig
from .recognize import Reading, TaughtDeck, read_frame, teach
from .synthetic import Deck, Scene, SceneConfig, generate_scene, teach_layout

__all__ = [
    "evaluate",
    "evaluate_voting",
    "export_labelled",
    "live_feed",
    "scene_config",
    "Score",
    "score_scene",
    "teach_deck",
    "VotingScore",
]


@dataclass
class Score:
    cards: int = 0
    index_visible: int = 0
    correct: int = 0  # confident reading, right card, at that card's place
    correct_visible: int = 0
    confident_misreads: int = 0  # confident reading that is wrong (wrong card, or no such card there)
    unknown: int = 0  # readings rejected to unknown
    asked: int = 0  # readings below ``threshold`` (unknown ones included): the console asks the dealer
    asked_right: int = 0  # of those, the best guess was the card there
    threshold: float = 0.0
    """Confidence from which a reading counts as confident (applied without asking, as the console's
    ``confidence_threshold``); 0 counts every card named."""
    frames: int = 0
    ms: list[float] = field(default_factory=list)
    misread_examples: list[str] = field(default_factory=list)

    @property
    def recall_visible(self) -> float:
        return self.correct_visible / self.index_visible if self.index_visible else 0.0

    @property
    def precision(self) -> float:
        n = self.correct + self.confident_misreads
        return self.correct / n if n else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "frames": self.frames, "cards": self.cards, "index_visible": self.index_visible,
            "correct": self.correct, "recall_visible": round(self.recall_visible, 4),
            "recall_all": round(self.correct / self.cards, 4) if self.cards else 0.0,
            "precision": round(self.precision, 5), "confident_misreads": self.confident_misreads,
            "unknown_readings": self.unknown, "threshold": self.threshold, "asked": self.asked, "asked_right": self.asked_right,
            "median_ms": round(float(np.median(self.ms)), 2) if self.ms else None,
            "p99_ms": round(float(np.percentile(self.ms, 99)), 2) if self.ms else None,
        }


def scene_config(scene: Scene) -> DetectorConfig:
    """The reader's settings for a synthetic scene, as the table's calibration gives them: the nominal card width and the
    camera's view of the table (the scene's own perspective, camera pixels -> layout pixels, a card ``card_width_px``
    wide there)."""
    p = scene.meta.get("perspective")
    to_plan = None if p is None else np.linalg.inv(np.asarray(p, np.float64))
    return DetectorConfig(card_width_px=scene.card_width_px, to_plan=to_plan, card_width_plan=scene.card_width_px)


def score_scene(scene: Scene, readings: list[Reading], score: Score) -> None:
    """Match confident readings (``score.threshold``) to ground truth: same card id, centre within 0.35 card widths; the
    others are asked (right when their best guess is the card there)."""
    score.frames += 1
    score.cards += len(scene.cards)
    score.index_visible += sum(c.index_visible for c in scene.cards)
    truth = {c.card: c for c in scene.cards}
    credited: set[str] = set()

    def there(card: str, reading: Reading) -> bool:
        c = truth.get(card)
        return c is not None and bool(np.linalg.norm(c.quad.mean(0) - reading.quad.mean(0)) < 0.35 * scene.card_width_px)

    for r in readings:
        score.unknown += r.card is None
        if r.card is None or r.confidence < score.threshold:
            score.asked += 1
            score.asked_right += there(r.card or r.best, r)
            continue
        c = truth[r.card] if r.card in truth else None
        if c is not None and r.card not in credited and there(r.card, r):
            credited.add(r.card)
            score.correct += 1
            score.correct_visible += int(c.index_visible)
        else:
            score.confident_misreads += 1
            if len(score.misread_examples) < 20:
                score.misread_examples.append(f"seed {scene.seed}: read {r.card} (score {r.score:.2f}, margin {r.margin:.2f}, confidence {r.confidence:.2f})")


def teach_deck(deck: Deck, seeds: list[int], cfg: SceneConfig | None = None) -> TaughtDeck:
    """Teach from laid-out frames (seeds kept apart from the test seeds by the caller)."""
    taught = TaughtDeck()
    for seed in seeds:
        s = teach_layout(deck, seed, cfg=cfg)
        teach([(s.image, [c.card for c in s.cards])], s.card_width_px, taught)
    return taught


def evaluate(deck: Deck, taught: TaughtDeck, seeds: list[int], cfg: SceneConfig | None = None, n_cards: int | None = None) -> Score:
    score = Score()
    for seed in seeds:
        scene = generate_scene(deck, seed, cfg, n_cards=n_cards)
        det_cfg = scene_config(scene)
        t = time.perf_counter()
        readings = read_frame(scene.image, taught, det_cfg)
        score.ms.append((time.perf_counter() - t) * 1000)
        score_scene(scene, readings, score)
    return score


def export_labelled(deck: Deck, folder: Path, *, teach_seeds: list[int], test_seeds: list[int], cfg: SceneConfig | None = None,
                    n_cards: int | None = None) -> tuple[Path, Path]:
    """Write synthetic scenes as a labelled folder in the ``dealer-console vision-eval`` format; returns (teach, test) folders.

    ``teach/cards.csv``: one row per laid-out picture (image, cards in reading order, card_width_px).
    ``test/expected.csv``: one row per card (image, card, the box round its corners, card_width_px).
    """
    teach_dir, test_dir = folder / "teach", folder / "test"
    teach_dir.mkdir(parents=True, exist_ok=True)
    test_dir.mkdir(parents=True, exist_ok=True)
    with open(teach_dir / "cards.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["image", "cards", "card_width_px"])
        for seed in teach_seeds:
            s = teach_layout(deck, seed, cfg=cfg)
            name = f"teach-{seed}.png"
            if not cv2.imwrite(str(teach_dir / name), s.image):
                raise OSError(f"cannot write {teach_dir / name}")
            w.writerow([name, " ".join(c.card for c in s.cards), f"{s.card_width_px:.2f}"])
    with open(test_dir / "expected.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["image", "card", "xmin", "ymin", "xmax", "ymax", "card_width_px"])
        for seed in test_seeds:
            s = generate_scene(deck, seed, cfg, n_cards=n_cards)
            name = f"scene-{seed}.png"
            if not cv2.imwrite(str(test_dir / name), s.image):
                raise OSError(f"cannot write {test_dir / name}")
            for c in s.cards:
                (x0, y0), (x1, y1) = c.quad.min(axis=0), c.quad.max(axis=0)
                w.writerow([name, c.card, f"{x0:.0f}", f"{y0:.0f}", f"{x1:.0f}", f"{y1:.0f}", f"{s.card_width_px:.2f}"])
    return teach_dir, test_dir


@dataclass
class VotingScore:
    """Single-frame reading against voting over a short live feed of the same scenes."""

    single: Score = field(default_factory=Score)  # every frame scored on its own
    voted: Score = field(default_factory=Score)  # the cards reported after the feed, scored once per scene


def live_feed(scene: Scene, frames: int, seed: int) -> list[np.ndarray]:
    """Frames of a camera watching a still scene: fresh sensor noise, a little flicker of the light and a pixel of shake."""
    rng = np.random.default_rng(seed)
    out = []
    h, w = scene.image.shape[:2]
    for _ in range(frames):
        dx, dy = rng.uniform(-1.5, 1.5, 2)
        shaken = cv2.warpAffine(scene.image, np.array([[1, 0, dx], [0, 1, dy]], np.float32), (w, h), borderMode=cv2.BORDER_REPLICATE)
        gain = float(rng.uniform(0.92, 1.08))
        noise = np.asarray(rng.normal(0, 3, shaken.shape), np.float32)
        img = np.asarray(shaken, np.float32) * gain + noise
        out.append(np.asarray(np.clip(img, 0, 255), np.uint8))
    return out


def evaluate_voting(deck: Deck, taught: TaughtDeck, seeds: list[int], *, frames: int = 15, stable_frames: int = 5,
                    cfg: SceneConfig | None = None) -> VotingScore:
    """Read each scene as a live feed of ``frames`` frames (half a second at 30 fps): score every frame alone, and the
    cards reported at the end of the feed (stable over ``stable_frames`` frames in a row) once."""
    from .voting import FrameVoter

    result = VotingScore()
    for seed in seeds:
        scene = generate_scene(deck, seed, cfg)
        det_cfg = scene_config(scene)
        voter = FrameVoter(stable_frames=stable_frames, match_distance_px=0.5 * scene.card_width_px)
        for k, img in enumerate(live_feed(scene, frames, seed)):
            t = time.perf_counter()
            readings = read_frame(img, taught, det_cfg)
            result.single.ms.append((time.perf_counter() - t) * 1000)
            score_scene(scene, readings, result.single)
            voter.update(readings, seq=k)
        stable = [t.best for t in voter.tracks if t.reported is not None and t.best is not None]
        score_scene(scene, stable, result.voted)
    return result
