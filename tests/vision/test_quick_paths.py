"""The reader's quick paths give what the plain computations give: the batched corner and colour steps, the felt's
level and median, the model crops' percentiles, the frame shrunk by halvings, the glyph search that skips slivers of
card area, and the whole patch's score made from the two blocks' products."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.glyphs
from vision.corner_model import _percentiles
from vision.corners import READ_SHIFT, SHIFT, CornerBook, _align_all, _block_scores, _normalise, find_corners, ink_colour, ink_colours, paper_mask, patch_at
from vision.detect import DetectorConfig, _median, felt_level, shrink
from vision.recognize import TaughtDeck, read_frame
from vision.synthetic import Deck, generate_scene


@pytest.fixture(scope="module")
def scene(drawn: Deck):  # type: ignore[no-untyped-def]
    return generate_scene(drawn, 7301, n_cards=15)


@pytest.fixture(scope="module")
def corner_patches(scene, taught: TaughtDeck) -> tuple[list[np.ndarray], list[np.ndarray]]:  # type: ignore[no-untyped-def]
    """The grey and colour patches (READ_SHIFT of margin) of every paper corner of the scene."""
    cw = scene.card_width_px
    gray = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    corners = find_corners(paper_mask(gray, DetectorConfig(card_width_px=cw)), cw)
    assert len(corners) >= 20
    return [patch_at(gray, c, cw, READ_SHIFT) for c in corners], [patch_at(scene.image, c, cw, READ_SHIFT) for c in corners]


def _align_one(big: np.ndarray, mean: np.ndarray, e: int) -> tuple[int, int]:
    """One patch aligned alone (the plain way): the best within ``e`` of its edge, followed uphill over the whole margin
    when it lies on that window's edge."""
    inner = cv2.matchTemplate(big[e:big.shape[0] - e, e:big.shape[1] - e], mean, cv2.TM_CCOEFF_NORMED)
    h, w = inner.shape
    y, x = divmod(int(np.argmax(inner)), w)
    y, x = y + e, x + e
    if e < y < h - 1 + e and e < x < w - 1 + e:
        return y, x
    m = cv2.matchTemplate(big, mean, cv2.TM_CCOEFF_NORMED)
    while True:
        y0, x0 = max(y - 1, 0), max(x - 1, 0)
        win = m[y0:y + 2, x0:x + 2]
        ny, nx = divmod(int(np.argmax(win)), win.shape[1])
        if (ny + y0, nx + x0) == (y, x):
            return y, x
        y, x = ny + y0, nx + x0


def test_patches_aligned_together_align_as_each_alone(corner_patches, taught: TaughtDeck) -> None:  # type: ignore[no-untyped-def]
    book = taught.corners
    assert isinstance(book, CornerBook) and book._mean is not None
    bigs = [b.astype(np.float32) for b in corner_patches[0]]
    together, _ = _align_all(corner_patches[0], book._mean, READ_SHIFT - SHIFT)
    alone = [_align_one(b, book._mean, READ_SHIFT - SHIFT) for b in bigs]
    assert together == alone
    e = READ_SHIFT - SHIFT
    assert any(not (e < y < 2 * READ_SHIFT - e and e < x < 2 * READ_SHIFT - e) for y, x in alone), "some were followed uphill"


def test_ink_colours_of_many_patches_are_each_patchs(corner_patches, taught: TaughtDeck) -> None:  # type: ignore[no-untyped-def]
    book = taught.corners
    assert isinstance(book, CornerBook)
    crops = [c[5:51, 6:22] for c in corner_patches[1]]
    colours, ink = ink_colours(np.stack(crops))
    suits = ["h", "s", "d", "c"] * len(crops)
    alone_none = 0
    for j, crop in enumerate(crops):
        one = ink_colour(crop)
        if one is None:
            alone_none += 1
            assert not ink[j].any()
            continue
        assert np.array_equal(colours[j][ink[j]], one)
    assert alone_none < len(crops)
    together = book.colours_disagree(suits[:len(crops)], colours, ink)
    alone = [book.colour_disagrees(s, ink_colour(c)) for s, c in zip(suits, crops, strict=False)]
    assert together.tolist() == alone
    assert any(alone), "some of these patches are printed in another colour than the suit asked"


def test_median_from_the_histogram_is_numpys() -> None:
    rng = np.random.default_rng(5)
    for shape in [(135, 240), (1, 1), (2, 1), (7, 5), (3, 4)]:
        for _ in range(50):
            a = rng.integers(0, 256, shape, dtype=np.uint8) if rng.random() < 0.5 else rng.integers(100, 104, shape, dtype=np.uint8)
            assert _median(a) == float(np.median(a))


def test_a_frame_shrunk_by_halvings_is_within_a_level_of_one_pass(scene) -> None:  # type: ignore[no-untyped-def]
    frame = scene.image
    one = cv2.resize(frame, (frame.shape[1] // 8, frame.shape[0] // 8), interpolation=cv2.INTER_AREA)
    halved = shrink(frame, 0.125)
    assert halved.shape == one.shape
    assert int(np.abs(halved.astype(int) - one).max()) <= 1
    # A scale that is no power of two, or a side it does not divide, is one pass as before.
    for scale, size in [(0.3, (576, 324)), (1.0, (1920, 1080))]:
        assert np.array_equal(shrink(frame, scale), cv2.resize(frame, size, interpolation=cv2.INTER_AREA))
    odd = frame[:1078]
    assert np.array_equal(shrink(odd, 0.5), cv2.resize(odd, (960, 539), interpolation=cv2.INTER_AREA))


def test_the_felts_coarse_level_in_two_passes_is_one_pass(scene, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """felt_level averages columns then rows; the coarse cells are those of one INTER_AREA pass."""
    gray = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(gray, (960, 540), interpolation=cv2.INTER_AREA)
    seen: list[np.ndarray] = []
    real = cv2.erode

    def spy(src: np.ndarray, kernel: np.ndarray) -> np.ndarray:
        seen.append(src.copy())
        return real(src, kernel)

    monkeypatch.setattr(cv2, "erode", spy)  # felt_level's first step after the coarse average
    felt_level(small, scene.card_width_px, 0.5)
    monkeypatch.undo()
    f = 16
    assert np.array_equal(seen[0], cv2.resize(small, (960 // f, 540 // f), interpolation=cv2.INTER_AREA))


def _readings(frames: list, taught: TaughtDeck) -> list[list[tuple[str | None, str, float]]]:  # type: ignore[type-arg]
    """Each frame's readings (card, best guess, confidence), read at the scene's nominal card width."""
    return [[(r.card, r.best, r.confidence) for r in read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px))]
            for s in frames]


def _counting_blobs(real):  # type: ignore[no-untyped-def]
    """The glyph search's ``_face_blobs`` that also counts, in the list returned with it, the blobs it hands on."""
    regions: list[int] = []

    def counted(*args, **kw):  # type: ignore[no-untyped-def]
        out = real(*args, **kw)
        regions.append(len(out[1]))
        return out

    return regions, counted


def test_skipping_slivers_of_card_area_finds_the_same_indices(drawn: Deck, taught: TaughtDeck,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The glyph search skips card-area blobs too small to hold a face piece; with every blob searched, the same
    readings."""
    real = vision.glyphs._face_blobs
    regions, counted = _counting_blobs(real)
    frames = [generate_scene(drawn, seed, n_cards=15) for seed in (7302, 7303)]

    def read_all_frames() -> list[list[tuple[str | None, str, float]]]:
        return [[(r.card, r.best, round(r.score, 6)) for r in read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px))]
                for s in frames]

    monkeypatch.setattr(vision.glyphs, "_face_blobs", counted)
    skipping = read_all_frames()
    fewer = sum(regions)
    regions.clear()
    monkeypatch.setattr(vision.glyphs, "_face_blobs", lambda a, shape, slack, min_area=0.0: counted(a, shape, slack))
    assert read_all_frames() == skipping
    assert sum(regions) > fewer, "some slivers were skipped"


def test_corners_unlike_any_index_read_no_further_change_no_reading(drawn: Deck, taught: TaughtDeck,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Corners whose patch hardly correlates with the mean taught patch (``INDEX_LIKE``: a card's corners without an
    index, chips, glare) are read no further; read in full, they give the same cards: no reading that counts came from
    them."""
    import vision.corners

    real = CornerBook.read_all
    read: list[int] = []

    def counted(self, gray, corners, *args, **kw):  # type: ignore[no-untyped-def]
        out = real(self, gray, corners, *args, **kw)
        read.append(len(out))
        return out

    monkeypatch.setattr(CornerBook, "read_all", counted)
    frames = [generate_scene(drawn, seed, n_cards=15) for seed in (7304, 7305)]
    cut = _readings(frames, taught)
    fewer = sum(read)
    read.clear()
    monkeypatch.setattr(vision.corners, "INDEX_LIKE", -1.0)
    full = _readings(frames, taught)
    # The same cards, at the same confidences up to the last float bits: more patches scored in one matrix product can
    # sum in another order on some processors.
    assert [[r[:2] for r in frame] for frame in full] == [[r[:2] for r in frame] for frame in cut]
    assert [r[2] for frame in full for r in frame] == pytest.approx([r[2] for frame in cut for r in frame], abs=1e-5)
    assert sum(read) > fewer, "some corners were read no further"


def test_the_faces_found_blob_by_blob_are_those_found_on_the_whole_card_area(drawn: Deck, taught: TaughtDeck,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The glyph search's paper and ink are made on each blob of card area alone (a glare's halo and the rims of cards
    read already no longer make one rectangle over most of the frame): the same paper, ink and glyph outlines as on
    all the card area at once."""
    from vision.recognize import GENERAL_GEOMETRY, card_area

    real = vision.glyphs._face_blobs

    def at_once(a: np.ndarray, shape: tuple[int, int], slack: int, min_area: float = 0.0):  # type: ignore[no-untyped-def]
        return (a > 0).astype(np.int32), [(1, (0, 0, shape[1], shape[0]))]

    for seed in (7302, 7303, 20001):
        s = generate_scene(drawn, seed, n_cards=15)
        gray = cv2.cvtColor(s.image, cv2.COLOR_BGR2GRAY)
        area = card_area(s.image, DetectorConfig(card_width_px=s.card_width_px))
        gmax = (taught.geometry or GENERAL_GEOMETRY).finder(s.card_width_px, slack=0.0).glyph_h[1]
        blobs = real(area, gray.shape, 0, (2 * gmax) ** 2)[1]
        assert len(blobs) > 1
        paper, ink, contours = vision.glyphs._ink_on_faces(gray, area, gmax)
        monkeypatch.setattr(vision.glyphs, "_face_blobs", at_once)
        whole_paper, whole_ink, whole_contours = vision.glyphs._ink_on_faces(gray, area, gmax)
        monkeypatch.setattr(vision.glyphs, "_face_blobs", real)
        assert np.array_equal(paper, whole_paper) and np.array_equal(ink, whole_ink)
        assert [c.tolist() for c in contours] == [c.tolist() for c in whole_contours]


def test_the_whole_patch_score_from_the_block_products_is_the_direct_one(corner_patches, taught: TaughtDeck) -> None:  # type: ignore[no-untyped-def]
    """read_all makes the whole patch's score out of the rank and suit blocks' products: it is the correlation with the
    whole template, to float rounding."""
    book = taught.corners
    assert isinstance(book, CornerBook) and book._mean is not None and book._whole_from is not None
    ph, pw = book._mean.shape
    x = _normalise(np.stack([b[READ_SHIFT:READ_SHIFT + ph, READ_SHIFT:READ_SHIFT + pw] for b in corner_patches[0]]).reshape(len(corner_patches[0]), -1))
    cut = book.split * pw
    _, _, rank_raw, rank_sum = _block_scores(x[:, :cut], book._rank_both)
    _, _, suit_raw, suit_sum = _block_scores(x[:, cut:], book._suit_both)
    w = book._whole_from
    made = rank_raw * w[0] + rank_sum * w[1] + suit_raw * w[2] + suit_sum * w[3]
    assert book._templates is not None
    direct = x @ _normalise(book._templates.reshape(len(book._templates), -1)).T
    assert float(np.abs(made - direct).max()) < 2e-5
    assert float(direct.max()) > 0.8  # some patches are index corners of taught cards


def test_the_rims_of_cards_read_are_not_searched_and_read_the_same(drawn: Deck, taught: TaughtDeck,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The glyph search leaves out the rim of card area round each card read already (``unread_area``): the same
    readings as searching the rims too, with fewer blobs searched at full resolution."""
    import vision.recognize

    regions, counted = _counting_blobs(vision.glyphs._face_blobs)
    monkeypatch.setattr(vision.glyphs, "_face_blobs", counted)
    frames = [generate_scene(drawn, seed, n_cards=15) for seed in (7306, 7307, 7308)]
    cut = _readings(frames, taught)
    fewer = sum(regions)
    regions.clear()
    monkeypatch.setattr(vision.recognize, "RIM_CUT", np.ones((1, 1), np.uint8))
    assert _readings(frames, taught) == cut
    assert sum(regions) > fewer, "rims were left out"


def test_unread_area_cuts_a_read_cards_rim_and_keeps_the_strip_of_the_card_under_it() -> None:
    from vision.recognize import SEGMENT_SCALE, unread_area

    mask = np.zeros((60, 80), np.uint8)
    cv2.rectangle(mask, (9, 9), (31, 41), 255, -1)  # a card read, its outline a coarse pixel inside the area
    cv2.rectangle(mask, (40, 10), (70, 50), 255, -1)  # a card under another: 5 coarse pixels of it show
    done = [np.array([[10, 10], [30, 10], [30, 40], [10, 40]], np.float32) / SEGMENT_SCALE,
            np.array([[45, 5], [75, 5], [75, 55], [45, 55]], np.float32) / SEGMENT_SCALE]
    left = unread_area(mask, done)
    assert not left[:, :38].any(), "the rim of the card read is left out"
    assert left[10:51, 40:45].all(), "the strip of the card under another is searched whole"
    assert unread_area(mask, []) is mask


def test_without_the_empty_table_the_glyph_search_looks_where_the_corner_finder_found_paper(
        drawn: Deck, taught: TaughtDeck, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the empty table is learnt, the card area the glyph search looks in is the paper the corner finder found
    (``card_area(..., paper=...)``), not the frame's colour segmented a second time: no segmentation runs, and the cards
    read are those read over the felt model's area, none of them misread."""
    import vision.recognize
    from vision.evaluate import Score, score_scene

    frames = [generate_scene(drawn, seed, n_cards=15) for seed in (7306, 7307, 7308)]
    with_felt_model = Score(threshold=0.9)
    real_card_area = vision.recognize.card_area
    monkeypatch.setattr(vision.recognize, "card_area", lambda frame, cfg, on_table=None, paper=None: real_card_area(frame, cfg, on_table))
    for s in frames:
        score_scene(s, read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px)), with_felt_model)
    monkeypatch.setattr(vision.recognize, "card_area", real_card_area)

    def no_segmentation(*args, **kw):  # type: ignore[no-untyped-def]
        raise AssertionError("the frame's colour was segmented again")

    monkeypatch.setattr(vision.recognize, "segment", no_segmentation)
    from_paper = Score(threshold=0.9)
    for s in frames:
        score_scene(s, read_frame(s.image, taught, DetectorConfig(card_width_px=s.card_width_px)), from_paper)
    assert with_felt_model.correct >= 20
    assert from_paper.correct >= with_felt_model.correct and from_paper.confident_misreads == 0


def test_the_card_area_from_paper_fills_the_print_and_leaves_out_a_light_line_joined_to_a_card() -> None:
    """From the corner finder's paper (half resolution) the card area is each card's paper, its print filled and its
    edge grown by two coarse pixels; a printed felt's light line a few pixels wide, joined to a card, is not card area
    away from the card (filled to the blob's convex hull, it took in the felt between the two)."""
    from vision.recognize import SEGMENT_SCALE, card_area

    frame = np.zeros((1080, 1920, 3), np.uint8)
    paper = np.zeros((540, 960), np.uint8)
    cv2.rectangle(paper, (200, 100), (260, 184), 255, -1)  # a card, 120 x 168 frame pixels
    cv2.rectangle(paper, (215, 115), (245, 170), 0, -1)  # its print: not paper
    cv2.line(paper, (260, 120), (700, 400), 255, 3)  # a printed line from its edge across the felt
    area = card_area(frame, DetectorConfig(card_width_px=120), paper=paper)
    assert area.shape == (round(1080 * SEGMENT_SCALE), round(1920 * SEGMENT_SCALE))
    k = SEGMENT_SCALE / 0.5  # half resolution to the card area's
    assert area[int(140 * k), int(230 * k)] == 255  # the print inside the card
    assert area[int(100 * k) - 1, int(230 * k)] == 255  # the card's edge, grown
    assert area[int(260 * k), int(480 * k)] == 0 and area[int(380 * k), int(670 * k)] == 0  # the line, away from the card
    assert not area[int(300 * k):, :].any()  # nothing below the card but the line, and not the line


def test_percentiles_from_one_partition_are_numpys() -> None:
    rng = np.random.default_rng(11)
    for n in [1, 2, 3, 50, 1024, 1031]:
        for _ in range(40):
            rows = (rng.random((int(rng.integers(1, 8)), n), dtype=np.float32) * 255).astype(np.float32)
            if rng.random() < 0.3:
                rows = np.round(rows / 64) * 64  # ties
            low, high = _percentiles(rows, (0.02, 0.98))
            want_low, want_high = np.percentile(rows, (2.0, 98.0), axis=1)
            assert np.array_equal(low, want_low) and np.array_equal(high, want_high)
