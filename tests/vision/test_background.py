"""Issue 24: card finding that does not rely on the felt's colour. The empty table, learnt at calibration and refreshed
between hands, finds white cards on a white table, where the felt's colour model finds little; a change of the room's
light is not a card; a picture of another size, or no picture, is refused with a message."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.background import BackgroundError, TableBackground
from vision.corners import find_corners, paper_mask
from vision.detect import DetectorConfig, segment
from vision.errors import VisionError
from vision.recognize import TaughtDeck, read_frame
from vision.synthetic import CARD_ASPECT, Deck

from .table_scenes import VIEW, render_table

WHITE_TABLE = (222, 228, 232)  # BGR: a white laminate table, a few levels darker than the cards' paper
CARDS = [("Ah", 300.0, 200.0, 10.0), ("7c", 380.0, 200.0, -5.0), ("Kd", 460.0, 210.0, 30.0), ("2s", 700.0, 400.0, 80.0)]


def card_width(view: np.ndarray) -> float:
    ends = cv2.perspectiveTransform(np.array([[[300.0, 200.0]], [[363.0, 200.0]]]), view).reshape(-1, 2)
    return float(np.linalg.norm(ends[1] - ends[0]))


def card_quads() -> list[np.ndarray]:
    """Each card's outline on the picture (its four corners)."""
    out = []
    for _, x, y, angle in CARDS:
        a = np.deg2rad(angle)
        turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        half = np.array([[-31.5, -31.5 * CARD_ASPECT], [31.5, -31.5 * CARD_ASPECT], [31.5, 31.5 * CARD_ASPECT], [-31.5, 31.5 * CARD_ASPECT]])
        out.append(cv2.perspectiveTransform((half @ turn.T + [x, y]).reshape(-1, 1, 2), VIEW).reshape(-1, 2))
    return out


def card_masks(shape: tuple[int, ...]) -> list[np.ndarray]:
    """Each card's outline on the picture, filled."""
    out = []
    for quad in card_quads():
        mask = np.zeros(shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 255)
        out.append(mask > 0)
    return out


def full_size(mask: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    return cv2.resize(mask, (shape[1], shape[0]), interpolation=cv2.INTER_NEAREST) > 0


@pytest.fixture(scope="module")
def table(drawn: Deck) -> tuple[TableBackground, np.ndarray]:
    """The white table learnt from three empty pictures (fresh camera noise on each), and a picture with four cards on it."""
    empty = [render_table(drawn, VIEW, [], felt=WHITE_TABLE, seed=k) for k in range(3)]
    return TableBackground(empty, card_width_px=card_width(VIEW)), render_table(drawn, VIEW, CARDS, felt=WHITE_TABLE, seed=9)


def test_white_cards_on_a_white_table_are_found_against_the_empty_table(table: tuple[TableBackground, np.ndarray]) -> None:
    """Every card lies at least nine tenths on what differs from the empty table, and almost nothing else does; the
    felt's colour model, on the same picture, misses more than half of the cards' area."""
    background, picture = table
    found = full_size(background.foreground(picture), picture.shape)
    masks = card_masks(picture.shape)
    for (card, *_), mask in zip(CARDS, masks, strict=True):
        assert found[mask].mean() >= 0.9, card
    cards = np.logical_or.reduce(masks)
    assert found[~cards].mean() <= 0.005
    felt_model = full_size(segment(picture, DetectorConfig(card_width_px=background.card_width_px, scale=0.25)), picture.shape)
    assert felt_model[cards].mean() < 0.5


def test_the_print_darker_than_the_table_keeps_the_thin_strokes_that_what_lies_on_it_leaves_out(
        table: tuple[TableBackground, np.ndarray], drawn: Deck) -> None:
    """On a white table seen empty, a card's thin index strokes (two pixels wide, half a pixel at the model's scale) and a
    broad dark area (a court card's picture, an arm's shadow) drawn: what lies on the table (``on_table``, opened, specks
    dropped) holds the broad area and leaves the strokes out; the print darker than the table (``darker``) holds the
    strokes, not the inside of the broad area, and nothing of the bare table."""
    background, _ = table
    picture = render_table(drawn, VIEW, [], felt=WHITE_TABLE, seed=11)
    strokes = np.zeros(picture.shape[:2], np.uint8)
    cv2.line(strokes, (200, 300), (200, 330), 255, 2)
    cv2.line(strokes, (200, 300), (214, 300), 255, 2)
    broad = np.zeros_like(strokes)
    cv2.rectangle(broad, (400, 300), (440, 350), 255, -1)
    picture[(strokes > 0) | (broad > 0)] = (40, 40, 40)
    seen = background.compare(picture)
    assert np.array_equal(seen.on_table, background.foreground(picture))
    on_table, darker = full_size(seen.on_table, picture.shape), full_size(seen.darker, picture.shape)
    assert on_table[broad > 0].mean() >= 0.9
    assert on_table[strokes > 0].mean() <= 0.1
    assert darker[strokes > 0].mean() >= 0.5
    inside = cv2.erode(broad, np.ones((17, 17), np.uint8)) > 0
    assert darker[inside].mean() <= 0.05
    bare = cv2.dilate(strokes | broad, np.ones((15, 15), np.uint8)) == 0
    assert darker[bare].mean() <= 0.001


def test_a_change_of_the_rooms_light_is_not_a_card(table: tuple[TableBackground, np.ndarray], drawn: Deck) -> None:
    """A light 15 % dimmer on one side of the table and 15 % brighter on the other: the empty table shows nothing, and the
    cards are still found."""
    background, picture = table
    width = picture.shape[1]
    gradient = np.linspace(0.85, 1.15, width, dtype=np.float32)[None, :, None]

    def relit(image: np.ndarray) -> np.ndarray:
        return np.clip(image.astype(np.float32) * gradient, 0, 255).astype(np.uint8)

    empty_now = render_table(drawn, VIEW, [], felt=WHITE_TABLE, seed=21)
    assert not background.foreground(relit(empty_now)).any()
    found = full_size(background.foreground(relit(picture)), picture.shape)
    for mask in card_masks(picture.shape):
        assert found[mask].mean() >= 0.85  # dimmed, white paper stands less above the table (the reader fills each blob's hull)


def test_an_arms_shadow_with_a_soft_edge_is_not_a_card(table: tuple[TableBackground, np.ndarray], drawn: Deck) -> None:
    """A dealer's arm shades part of the table by 45 %, its edge soft over a card's width and running under a card: the
    empty table top shows nothing, neither in the shadow nor along its edge, and every card is still found, the shaded
    ones and those the edge runs under too."""
    background, picture = table
    h, w = picture.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    across = (xx - 0.45 * w) * 0.8 + (yy - 0.5 * h) * 0.6  # across the edge: it runs under the Kd, the 2s in the shadow
    shade = (1 - 0.45 / (1 + np.exp(-across / 40)))[..., None]

    def shaded(image: np.ndarray) -> np.ndarray:
        return np.clip(image.astype(np.float32) * shade, 0, 255).astype(np.uint8)

    empty_now = render_table(drawn, VIEW, [], felt=WHITE_TABLE, seed=22)
    on_table = background.foreground(shaded(empty_now))
    # The table top (the room round it, a brown rail, loses colour in the shadow: that is a change of colour, not of light).
    grey = cv2.cvtColor(cv2.resize(empty_now, on_table.shape[::-1], interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
    top = cv2.erode(np.where(grey > 150, 255, 0).astype(np.uint8), np.ones((5, 5), np.uint8))
    assert top.mean() > 0.8 * 255 and not on_table[top > 0].any()
    found = full_size(background.foreground(shaded(picture)), picture.shape)
    for (card, *_), mask in zip(CARDS, card_masks(picture.shape), strict=True):
        assert found[mask].mean() >= 0.85, card


def test_refreshing_between_hands_follows_the_table(table: tuple[TableBackground, np.ndarray], drawn: Deck) -> None:
    """A table that got darker for good (a lamp switched off): refreshed on its empty pictures between hands, the model
    takes the new light in, and the cards of the next hand are still found against it."""
    background, picture = table
    empty = [render_table(drawn, VIEW, [], felt=WHITE_TABLE, seed=k) for k in range(3)]
    model = TableBackground(empty, card_width_px=background.card_width_px)
    darker = (np.array(WHITE_TABLE) * 0.8).astype(int)
    later = [render_table(drawn, VIEW, [], felt=tuple(darker), seed=30 + k) for k in range(6)]
    for frame in later:
        model.refresh(frame, weight=0.5)
    assert model.refreshed == 7
    assert not model.foreground(render_table(drawn, VIEW, [], felt=tuple(darker), seed=40)).any()
    with_cards = render_table(drawn, VIEW, CARDS, felt=tuple(darker), seed=41)
    found = full_size(model.foreground(with_cards), with_cards.shape)
    for mask in card_masks(with_cards.shape):
        assert found[mask].mean() >= 0.9


def test_the_reader_finds_more_cards_on_a_white_table_with_the_empty_table(table: tuple[TableBackground, np.ndarray], taught: TaughtDeck) -> None:
    """``DetectorConfig.background``: the reader's card area is what differs from the empty table; on the white table it
    reads (or offers to the dealer) more of the four cards than with the felt's colour model, and misreads none."""
    background, picture = table
    plain = DetectorConfig(card_width_px=background.card_width_px)
    with_felt = read_frame(picture, taught, plain)
    with_table = read_frame(picture, taught, replace(plain, background=background))
    names = {card for card, *_ in CARDS}
    assert {r.card for r in with_table if r.card is not None} <= names and {r.card for r in with_felt if r.card is not None} <= names
    assert len(with_table) > len(with_felt)
    assert {r.best for r in with_table} > {r.best for r in with_felt}


def test_on_a_white_table_learnt_empty_the_corners_of_the_cards_paper_are_found(table: tuple[TableBackground, np.ndarray]) -> None:
    """White paper stands a few levels above a white table, never the 38 the paper mask asks of a felt: with the empty
    table learnt, what lies on a pale table and is lighter than it is paper too, and the corners of the cards' outlines
    are found (at least 12 of the 16 within a tenth of a card; 15 here, none without), and nothing new elsewhere."""
    background, picture = table
    cfg = DetectorConfig(card_width_px=background.card_width_px)
    cw = cfg.card_width_px
    truth = np.concatenate(card_quads())

    def corners_found(on_table: np.ndarray | None) -> tuple[int, int]:
        found = np.array([c.at for c in find_corners(paper_mask(picture, cfg, on_table=on_table), cw)], np.float64).reshape(-1, 2)
        if not len(found):
            return 0, 0
        gaps = np.linalg.norm(truth[:, None] - found[None], axis=2)
        return int((gaps.min(axis=1) < 0.1 * cw).sum()), int((gaps.min(axis=0) >= 0.1 * cw).sum())

    alone, astray_alone = corners_found(None)
    learnt, astray = corners_found(background.foreground(picture))
    assert learnt >= 12 and learnt > alone, (learnt, alone)
    assert astray <= astray_alone + 1, (astray, astray_alone)  # the picture's own (the table's edge) found either way


def test_bad_pictures_are_refused_with_a_message(table: tuple[TableBackground, np.ndarray], tmp_path: Path) -> None:
    background, picture = table
    with pytest.raises(BackgroundError, match="no picture of the empty table"):
        TableBackground([], card_width_px=100)
    with pytest.raises(BackgroundError, match="more than 0 pixels"):
        TableBackground([picture], card_width_px=0)
    with pytest.raises(VisionError, match="1280x720 pixels cannot be compared with the empty table's 1920x1080: learn the table again"):
        background.foreground(cv2.resize(picture, (1280, 720)))
    with pytest.raises(BackgroundError, match="colour"):
        background.refresh(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY))
    with pytest.raises(BackgroundError, match="empty or not an image"):
        background.foreground(np.zeros((0, 0, 3), np.uint8))
