"""Card detection and taught-deck recognition, measured against synthetic ground truth.

Sources: issue 5 ("Card detection that works on real tables: light or dark felt, uneven light ...
adaptive or felt-model segmentation, size limits from the calibration"; "Recognition of rank and
suit with a confidence, rejecting to 'unknown' below a threshold"; taught-deck mode "lay out cards,
tell the console which they are, in reading order"); SPEC "Inputs" (a reading below the confidence
threshold is never applied silently).  Teach and test scenes always use different seeds.
The recall floors below are regression guards set under the values measured in docs/vision.md
(bench/vision_accuracy.py), not the issue's targets.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.conftest import TEACH_SEEDS
from vision.detect import DetectorConfig, detect_cards
from vision.evaluate import evaluate, teach_deck
from vision.glyphs import RANK_SIZE, SUIT_SIZE, GlyphBook, IndexCandidate, _unit
from vision.recognize import TaughtDeck, TeachError, read_frame, reading_order, teach, warp_face
from vision.synthetic import Deck, SceneConfig, generate_scene, load_art_deck, teach_layout

TEST_SEEDS = list(range(7000, 7006))

CLEAN = SceneConfig(glare=False, shadow=False, chips=False, overlap_pairs=False)


def _corner_error(quad: np.ndarray, truth: np.ndarray) -> float:
    """Largest corner distance, allowing the 180-degree ambiguity of a card face."""
    e1 = np.linalg.norm(quad - truth, axis=1).max()
    e2 = np.linalg.norm(np.roll(quad, 2, axis=0) - truth, axis=1).max()
    return float(min(e1, e2))


@pytest.mark.parametrize("felt", ["green", "blue", "red", "dark"])
def test_single_cards_are_found_on_light_and_dark_felts(drawn: Deck, felt: str) -> None:
    """Issue 5: light or dark felt. Every separated card is found, its corners within 15 % of a card width
    (the quad is a rotated rectangle; mild perspective makes the true card a slight trapezoid)."""
    cfg = SceneConfig(glare=False, shadow=False, chips=False, overlap_pairs=False, felt=felt)
    s = generate_scene(drawn, 21, cfg, n_cards=9)
    dets = [d for d in detect_cards(s.image, DetectorConfig(card_width_px=s.card_width_px)) if d.kind == "single"]
    assert len(dets) == 9
    for c in s.cards:
        err = min(_corner_error(d.quad, c.quad) for d in dets)
        assert err < 0.15 * s.card_width_px, (c.card, err)


def test_detection_survives_strongly_uneven_light(drawn: Deck) -> None:
    """Issue 5: uneven light. Felt from 45 % to 130 % brightness across the frame: a single global threshold
    that keeps bright felt out loses cards in the dim half; the local felt model keeps all of them."""
    s = generate_scene(drawn, 22, CLEAN, n_cards=9)
    ramp = np.linspace(0.45, 1.3, s.image.shape[1], dtype=np.float32)[None, :, None]
    img = np.clip(s.image.astype(np.float32) * ramp, 0, 255).astype(np.uint8)
    dets = [d for d in detect_cards(img, DetectorConfig(card_width_px=s.card_width_px)) if d.kind == "single"]
    assert len(dets) == 9


def test_size_limits_come_from_the_calibration_scale(drawn: Deck) -> None:
    """Issue 5: 'size limits from the calibration'. With the true scale every card is found; told the cards are
    half that size, the detector rejects them all (chips and glare of card size are rejected the same way)."""
    s = generate_scene(drawn, 23, CLEAN, n_cards=7)
    assert len(detect_cards(s.image, DetectorConfig(card_width_px=s.card_width_px))) == 7
    assert detect_cards(s.image, DetectorConfig(card_width_px=s.card_width_px / 2)) == []


def test_reading_order_is_rows_then_left_to_right() -> None:
    """Issue 5: the deck is taught 'in reading order'."""
    rng = np.random.default_rng(0)
    quads, expected = [], []
    for r in range(3):
        for c in range(4):
            cx, cy = 100 + 150 * c + rng.uniform(-8, 8), 100 + 200 * r + rng.uniform(-25, 25)
            quads.append(np.array([[cx - 50, cy - 70], [cx + 50, cy - 70], [cx + 50, cy + 70], [cx - 50, cy + 70]], np.float32))
            expected.append(len(expected))
    perm = rng.permutation(len(quads))
    order = reading_order([quads[i] for i in perm], row_tol=70)
    assert [int(perm[i]) for i in order] == expected


def test_teaching_refuses_a_layout_with_the_wrong_card_count(drawn: Deck) -> None:
    """A teaching frame whose card count differs from the list given must be refused, not taught shifted by one."""
    s = teach_layout(drawn, 700003, cards=["As", "Kd", "7c"])
    with pytest.raises(TeachError):
        teach([(s.image, ["As", "Kd"])], s.card_width_px)


def test_taught_cards_are_read_with_their_rank_and_suit(drawn: Deck, taught: TaughtDeck) -> None:
    """Issue 5 taught-deck mode: clean, separated cards from test seeds are read exactly, with a confidence."""
    s = generate_scene(drawn, 7100, CLEAN, n_cards=10)
    readings = read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px))
    truth = {c.card for c in s.cards}
    confident = [r for r in readings if r.card is not None]
    assert all(r.card in truth for r in confident)
    assert len(confident) >= 8  # measured 10 of 10 at the time of writing
    assert all(0 < r.confidence <= 1 for r in confident)


def test_a_card_without_an_index_is_never_read(drawn: Deck, taught: TaughtDeck) -> None:
    """SPEC Inputs: a reading is never applied without confidence.  Cards are read from their corner indices, so a
    blank face (no index to read) gives no confident reading at all, whatever its outline looks like."""
    blank = {c: np.dstack([np.full_like(f[:, :, :3], 245), f[:, :, 3]]) for c, f in drawn.faces.items()}
    s = generate_scene(Deck("blank", blank), 7200, CLEAN, n_cards=6)
    readings = read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px))
    assert all(r.card is None and r.confidence == 0.0 for r in readings)
    # The same layout with printed faces is read: the rule above is not vacuous.
    printed = read_frame(generate_scene(drawn, 7200, CLEAN, n_cards=6).image, taught, DetectorConfig(card_width_px=s.card_width_px))
    assert sum(r.card is not None for r in printed) >= 5


def test_an_untaught_card_design_is_not_read_confidently(taught: TaughtDeck, shared_data: Path) -> None:
    """Taught-deck mode knows only the taught deck: another brand's faces must come back unknown (or, rarely,
    right), never wrong.  Uses one shared art set as the untaught brand."""
    folder = shared_data / "cards" / "vpc_byron_knoll_public_domain"
    if not (folder / "manifest.csv").is_file():
        pytest.skip("card art set vpc_byron_knoll_public_domain absent")
    other = load_art_deck(folder)
    s = generate_scene(other, 7300, CLEAN, n_cards=8)
    readings = read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px))
    truth = {c.card for c in s.cards}
    assert all(r.card is None or r.card in truth for r in readings)


def test_corner_index_is_read_from_either_corner(drawn: Deck, taught: TaughtDeck) -> None:
    """Issue 5: read a partly covered card from its visible corner index. Cover the top-left index of a clean
    face: the bottom-right index still reads the card."""
    s = generate_scene(drawn, 7400, CLEAN, n_cards=5)
    c = s.cards[0]
    face = warp_face(s.image, c.quad)
    covered = face.copy()
    cv2.rectangle(covered, (0, 0), (70, 110), (40, 90, 30), -1)
    r = taught.read_face(covered, c.quad)
    assert r.card == c.card and r.corners == 1
    ranks, _ = taught.score_crop(covered[:96, :60])  # the covered corner alone holds no index
    assert not ranks or max(ranks.values()) < taught.min_score


@pytest.mark.parametrize(("art", "floor"), [("vectorized_playing_cards_aguilar_lgpl3", 0.90), ("vpc_byron_knoll_public_domain", 0.86)])
def test_art_deck_scenes_no_confident_misread_and_recall_floor(shared_data: Path, art: str, floor: float) -> None:
    """Issue 5 'Done when' 2 (regression guard on 6 scenes; the measured run of 2,000 scenes per art set is
    bench/vision_accuracy.py, figures in docs/vision.md): full scenes with overlaps, glare, shadow, chips; taught from
    separate seeds.  No confident misread, and recall of visible indices at least ``floor`` (measured on these 6 scenes:
    93.9 % aguilar, 90.9 % byron knoll with the corner patches (87.9 % before they found corners across an index
    printed into them and round chips' rings), 81.8 % / 65.2 % with the glyphs alone; the issue's
    target of 98 % is not met)."""
    folder = shared_data / "cards" / art
    if not (folder / "manifest.csv").is_file():
        pytest.skip(f"card art set {art} absent")
    deck = load_art_deck(folder)
    taught = teach_deck(deck, TEACH_SEEDS)
    score = evaluate(deck, taught, TEST_SEEDS)
    assert score.confident_misreads == 0, score.misread_examples
    assert score.recall_visible >= floor, score.as_dict()


def test_overlapping_hole_cards_are_read_from_the_corner_left_showing(drawn: Deck, taught: TaughtDeck) -> None:
    """Issue 5: 'hole cards overlapping in pairs at showdown ... reading a card from its visible corner index when the
    card is partly covered'.  In scenes of overlapping pairs only, most lower cards (under half of them visible) are read."""
    cfg = SceneConfig(glare=False, shadow=False, chips=False, overlap_pairs=True)
    lower = read = 0
    for seed in range(7500, 7504):
        s = generate_scene(drawn, seed, cfg, n_cards=13)
        readings = read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px))
        truth = {c.card: c for c in s.cards}
        assert all(r.card in truth for r in readings if r.card is not None)
        for c in s.cards:
            if c.visible_fraction < 0.7 and c.index_visible:
                lower += 1
                read += any(r.card == c.card for r in readings)
    assert lower >= 8 and read >= 0.6 * lower, (read, lower)


def test_two_corners_naming_different_cards_is_unknown(drawn: Deck, taught: TaughtDeck) -> None:
    """SPEC Inputs (never a silent misread): a card's two corner indices must agree.  A face whose top half is the
    As and bottom half the Kd (two cards overlapping exactly at the middle) reads clearly at each corner, but as
    two different cards: the reading must be unknown, not whichever corner scored higher."""
    from vision.recognize import FACE_H, FACE_W

    a = cv2.resize(drawn.faces["As"][:, :, :3], (FACE_W, FACE_H), interpolation=cv2.INTER_AREA)
    k = cv2.resize(drawn.faces["Kd"][:, :, :3], (FACE_W, FACE_H), interpolation=cv2.INTER_AREA)
    each = [taught.read_face(f, np.zeros((4, 2), np.float32)) for f in (a, k)]
    assert [r.card for r in each] == ["As", "Kd"]  # each face alone reads right (the rule below is not vacuous)
    mixed = np.vstack([a[: FACE_H // 2], k[FACE_H // 2 :]])
    r = taught.read_face(mixed, np.zeros((4, 2), np.float32))
    assert r.card is None and r.best in ("As", "Kd")


def _touching_deck(deck: Deck, shift: int = 23) -> Deck:
    """The drawn deck with each index's suit moved up until it touches the rank (as some decks print court indices)."""
    faces = {}
    for card, f in deck.faces.items():
        face = f[:, :, :3].copy()
        for _ in range(2):  # top-left index, then (turned) the bottom-right one
            region = face[100:186, 5:95].copy()
            face[100:186, 5:95] = 250
            face[100 - shift:186 - shift, 5:95] = np.minimum(face[100 - shift:186 - shift, 5:95], region)
            face = cv2.rotate(face, cv2.ROTATE_180)
        faces[card] = np.dstack([face, f[:, :, 3]])
    return Deck("touching", faces)


def test_rank_and_suit_printed_touching_are_cut_apart(drawn: Deck, monkeypatch: pytest.MonkeyPatch) -> None:
    """Known failure (docs/vision.md): rank and suit glyphs in one ink blob (printed touching, or joined by blur) gave no
    index at all.  A deck printed that way is taught and read by cutting the blob at its neck; with the cut disabled the
    same deck is mostly untaught and unread (the cut is what reads it).  Never a confident misread either way.  (The
    glyph reader alone is measured here; the corner patches, which cut nothing, read the deck whole either way.)"""
    from dataclasses import replace

    import vision.glyphs

    deck = _touching_deck(drawn)
    results = []
    for cut in (True, False):
        if not cut:
            monkeypatch.setattr(vision.glyphs, "_cut_neck", lambda *a: False)
        taught = teach_deck(deck, TEACH_SEEDS)
        score = evaluate(deck, replace(taught, corners=None), [7600, 7601, 7602], CLEAN)
        assert score.confident_misreads == 0, score.misread_examples
        results.append((len(taught.glyph_untaught), score.recall_visible))
        with_patches = evaluate(deck, taught, [7600, 7601, 7602], CLEAN)
        assert with_patches.confident_misreads == 0 and with_patches.recall_visible >= 0.95, with_patches.as_dict()
    (untaught_cut, recall_cut), (untaught_whole, recall_whole) = results
    assert untaught_cut <= 3 and recall_cut >= 0.6, results  # measured 1 untaught, 79 % read
    assert untaught_whole >= 20 and recall_whole <= recall_cut - 0.25, results


def test_both_corners_agreeing_read_a_card_neither_corner_reads_alone(drawn: Deck, taught: TaughtDeck) -> None:
    """A card's two corner indices, turned 180 degrees to each other and implying the same card, are two readings: when
    both name the same card they may pass the lower pair thresholds.  With the single-index score out of reach, clean
    cards are read only this way (each from two corners), and once one corner of every card is covered none is.  (The
    glyph reader alone: the corner patches have their own two-corner rule, tests/vision/test_corners.py.)"""
    from dataclasses import replace

    taught = replace(taught, corners=None)
    pairs_only = replace(taught, min_score=1.01)
    s = generate_scene(drawn, 7100, CLEAN, n_cards=10)
    cfg = DetectorConfig(card_width_px=s.card_width_px)
    truth = {c.card for c in s.cards}
    confident = [r for r in read_frame(s.image, pairs_only, cfg) if r.card is not None]
    assert all(r.card in truth and r.corners >= 2 and 0 < r.confidence <= 1 for r in confident)
    assert len(confident) >= 7  # measured 9 of 10
    covered = s.image.copy()
    felt = tuple(int(v) for v in np.median(s.image[:20, :20].reshape(-1, 3), axis=0))
    for c in s.cards:
        cv2.circle(covered, tuple(int(v) for v in c.quad[2]), int(0.45 * s.card_width_px), felt, -1)
    assert all(r.card is None for r in read_frame(covered, pairs_only, cfg))
    assert sum(r.card is not None for r in read_frame(covered, taught, cfg)) >= 5  # the covering leaves one index readable


def _glyph_candidate(text: str, dx: int = 0, width: int | None = None) -> IndexCandidate:
    """A rank glyph drawn at the normalised size (two pixels narrower than the box unless ``width`` is given, moved ``dx`` pixels), over a plain suit."""
    w, h = RANK_SIZE
    big = np.zeros((h * 4, w * 4), np.uint8)
    cv2.putText(big, text, (2, h * 4 - 8), cv2.FONT_HERSHEY_SIMPLEX, 3.2 if len(text) == 1 else 1.9, 255, 9, cv2.LINE_AA)
    ys, xs = np.nonzero(big)
    glyph = big[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32) / 255
    img = cv2.resize(glyph, (width or w - 2, h), interpolation=cv2.INTER_AREA)
    rank = np.zeros((h, w), np.float32)
    rank[:, 1 + dx:1 + dx + img.shape[1]] = img
    suit = np.zeros((SUIT_SIZE[1], SUIT_SIZE[0]), np.float32)
    cv2.circle(suit, (SUIT_SIZE[0] // 2, SUIT_SIZE[1] // 2), 6, 1.0, -1)
    z = np.zeros(2, np.float32)
    return IndexCandidate(_unit(rank), _unit(suit), 0.7, 1.0, 0.7, -50.0, z, np.array([0, -1], np.float32), 20.0, np.zeros((4, 4, 3), np.uint8))


def test_a_ten_gathered_a_pixel_off_still_matches_its_template_and_no_other_rank_gains() -> None:
    """Issue 5 'Recognition of rank and suit with a confidence' (docs/vision.md, Known failure modes: the "10" glyph box
    varies by a pixel with how its two digits were gathered, and scored too low).  Only the "10" templates are compared
    at one-pixel shifts and scalings: a "10" moved by a pixel scores almost as high as the one it was taught from (one drawn a pixel narrower gains too),
    while an "8" moved the same way gains nothing over what its plain correlation gives."""
    book = GlyphBook()
    for rank, text in (("T", "10"), ("8", "8"), ("9", "9"), ("6", "6")):
        book.add(rank, "s", _glyph_candidate(text))
    for off, floor in ((_glyph_candidate("10", dx=1), 0.95), (_glyph_candidate("10", dx=-1), 0.95), (_glyph_candidate("10", width=RANK_SIZE[0] - 3), 0.8)):
        g = book.score(off)
        assert g.rank == "T" and g.rank_score > floor, g
        plain = float(book._mats()[0][0] @ off.rank_vec)  # the taught "10" compared without moving
        assert g.rank_score > plain + 0.05, (g.rank_score, plain)
    eight = _glyph_candidate("8", dx=1)
    g8 = book.score(eight)
    assert g8.rank == "8" and abs(g8.rank_score - float(book._mats()[0][2] @ eight.rank_vec)) < 1e-5
