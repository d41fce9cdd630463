"""Measure reading accuracy on synthetic scenes against their ground truth."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from .detect import DetectorConfig
from .recognize import Reading, TaughtDeck, read_frame, teach
from .synthetic import Deck, Scene, SceneConfig, generate_scene, teach_layout


@dataclass
class Score:
    cards: int = 0
    index_visible: int = 0
    correct: int = 0  # confident reading, right card, at that card's place
    correct_visible: int = 0
    confident_misreads: int = 0  # confident reading that is wrong (wrong card, or no such card there)
    unknown: int = 0  # readings rejected to unknown
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
            "unknown_readings": self.unknown,
            "median_ms": round(float(np.median(self.ms)), 2) if self.ms else None,
            "p99_ms": round(float(np.percentile(self.ms, 99)), 2) if self.ms else None,
        }


def score_scene(scene: Scene, readings: list[Reading], score: Score) -> None:
    """Match confident readings to ground truth: same card id, centre within 0.35 card widths."""
    score.frames += 1
    score.cards += len(scene.cards)
    score.index_visible += sum(c.index_visible for c in scene.cards)
    truth = {c.card: c for c in scene.cards}
    credited: set[str] = set()
    for r in readings:
        if r.card is None:
            score.unknown += 1
            continue
        c = truth.get(r.card)
        if c is not None and r.card not in credited and np.linalg.norm(c.quad.mean(0) - r.quad.mean(0)) < 0.35 * scene.card_width_px:
            credited.add(r.card)
            score.correct += 1
            score.correct_visible += int(c.index_visible)
        else:
            score.confident_misreads += 1
            if len(score.misread_examples) < 20:
                score.misread_examples.append(f"seed {scene.seed}: read {r.card} (score {r.score:.2f}, margin {r.margin:.2f})")


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
        det_cfg = DetectorConfig(card_width_px=scene.card_width_px)
        t = time.perf_counter()
        readings = read_frame(scene.image, taught, det_cfg)
        score.ms.append((time.perf_counter() - t) * 1000)
        score_scene(scene, readings, score)
    return score
