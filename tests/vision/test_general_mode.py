"""General mode: reading the standard corner indices of a deck that was never taught.

Sources: issue 5 ("a general mode that reads standard corner indices of decks it was not taught");
SPEC "Inputs" (below the confidence threshold a reading is unknown, never applied).  The general
glyphs come from the standard fonts (and, where given, other art sets); the deck under test is never
among them.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision.detect import DetectorConfig
from vision.evaluate import Score, score_scene
from vision.recognize import general_deck, read_frame
from vision.synthetic import SceneConfig, drawn_deck, font_decks, generate_scene, load_art_deck


def _score(deck_seed_pairs: list[tuple[object, int]], reader: object, cfg: SceneConfig | None = None) -> Score:
    sc = Score()
    for deck, seed in deck_seed_pairs:
        s = generate_scene(deck, seed, cfg)  # type: ignore[arg-type]
        score_scene(s, read_frame(s.image, reader, DetectorConfig(card_width_px=s.card_width_px)), sc)  # type: ignore[arg-type]
    return sc


def test_general_mode_reads_a_deck_in_a_stroke_weight_it_never_saw() -> None:
    """An untaught deck printed in a standard face (Hershey duplex at a stroke weight none of the general glyphs use)
    is read without teaching, with no confident misread."""
    deck = drawn_deck(cv2.FONT_HERSHEY_DUPLEX, 5, "untaught-duplex-5")
    assert deck.name not in {d.name for d in font_decks()}
    sc = _score([(deck, seed) for seed in range(7600, 7603)], general_deck())
    assert sc.confident_misreads == 0, sc.misread_examples
    assert sc.recall_visible >= 0.5, sc.as_dict()


def test_general_mode_rejects_to_unknown_on_an_unfamiliar_art_set(shared_data: Path) -> None:
    """Taught on the fonts and one art set, reading the other art set: index shapes differ (byron knoll's large
    indices, its own 10 and court letters), so most cards come back unknown, and none is read wrong."""
    a = shared_data / "cards" / "vectorized_playing_cards_aguilar_lgpl3"
    b = shared_data / "cards" / "vpc_byron_knoll_public_domain"
    if not ((a / "manifest.csv").is_file() and (b / "manifest.csv").is_file()):
        pytest.skip("shared card art sets absent")
    reader = general_deck([load_art_deck(a)])
    other = load_art_deck(b)
    sc = _score([(other, seed) for seed in range(7700, 7702)], reader)
    assert sc.confident_misreads == 0, sc.misread_examples
    assert sc.unknown > 0  # the untaught deck's indices were found and refused, not silently skipped
