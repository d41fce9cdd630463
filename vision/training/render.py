"""Pictures of corner indices to learn from: drawn ones (many fonts, drawn suit shapes) and card art.

Each source gives an :class:`IndexPicture`: a BGR picture with the index upright in it, a mask of
the index's ink (rank glyph and suit pip, from which the tight box is measured after any warp) and
its class. The pictures carry their context (the card's paper, its edge and the table beyond, a big
pip or picture nearby) so a jittered box shows what a real one shows. Backgrounds (felt, wood,
desk, stone, knit) are drawn here too; they are also "not an index" material.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFont

from vision.corner_model import CARD_CLASSES, NOT_INDEX, RANKS, SUITS

Picture = npt.NDArray[np.uint8]
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_COMPLEX_SMALL,
)
SUIT_GLYPHS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
RED_SUITS = "dh"


@dataclass(frozen=True)
class IndexPicture:
    """A picture holding one upright index: its ink mask (255 on the rank and the pip) and its class (52: none)."""

    picture: Picture
    ink: npt.NDArray[np.uint8]
    label: int


def font_files() -> list[Path]:
    """The TrueType fonts available to draw ranks with (DejaVu's families, upright and slanted)."""
    return sorted(FONT_DIR.glob("DejaVu*.ttf")) if FONT_DIR.is_dir() else []


@lru_cache(maxsize=256)
def _truetype(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def _tight(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    points = cv2.findNonZero(mask)
    if points is None:
        return mask
    x, y, w, h = cv2.boundingRect(points)
    return mask[y : y + h, x : x + w]


def text_mask(text: str, rng: np.random.Generator, height: int = 48) -> npt.NDArray[np.uint8]:
    """``text`` drawn white on black in a random font, cut to its ink."""
    fonts = font_files()
    if fonts and rng.random() < 0.6:
        font = _truetype(str(fonts[int(rng.integers(len(fonts)))]), int(height * 1.4))
        canvas = Image.new("L", (height * 4, height * 3), 0)
        ImageDraw.Draw(canvas).text((height // 4, height // 4), text, fill=255, font=font)
        mask = np.asarray(canvas, dtype=np.uint8)
    else:
        face = HERSHEY[int(rng.integers(len(HERSHEY)))]
        scale = cv2.getFontScaleFromHeight(face, height, 1)
        thickness = max(1, int(round(height * rng.uniform(0.05, 0.16))))
        mask = np.zeros((height * 3, height * 4), np.uint8)
        cv2.putText(mask, text, (height // 4, int(height * 1.8)), face, scale, 255, thickness, cv2.LINE_AA)
    return _tight(mask)


def suit_mask(suit: str, rng: np.random.Generator, width: int = 40) -> npt.NDArray[np.uint8]:
    """A suit pip drawn white on black (a font's glyph or shapes of circles and polygons), cut to its ink."""
    fonts = [path for path in font_files() if "Sans" in path.name and "Mono" not in path.name]
    if fonts and rng.random() < 0.4:
        font = _truetype(str(fonts[int(rng.integers(len(fonts)))]), int(width * 1.5))
        canvas = Image.new("L", (width * 3, width * 3), 0)
        ImageDraw.Draw(canvas).text((width // 4, width // 4), SUIT_GLYPHS[suit], fill=255, font=font)
        return _tight(np.asarray(canvas, dtype=np.uint8))
    size = width * 2
    mask = np.zeros((size + size // 2, size), np.uint8)
    half = size / 2
    lobe = size * rng.uniform(0.2, 0.27)
    if suit == "d":
        squeeze = rng.uniform(0.55, 0.85)
        points = np.array([[half, 0], [half + half * squeeze, size * 0.6], [half, size * 1.2], [half - half * squeeze, size * 0.6]])
        cv2.fillPoly(mask, [np.round(points).astype(np.int32)], 255, cv2.LINE_AA)
    elif suit in "hs":
        top = lobe if suit == "h" else size * 1.2 - lobe
        tip = size * 1.15 if suit == "h" else size * 0.05
        for side in (-1, 1):
            cv2.circle(mask, (int(half + side * (half - lobe - 1)), int(top)), int(lobe), 255, -1, cv2.LINE_AA)
        wing = top + (0.55 if suit == "h" else -0.55) * lobe
        points = np.array([[1, wing], [size - 1, wing], [half, tip]])
        cv2.fillPoly(mask, [np.round(points).astype(np.int32)], 255, cv2.LINE_AA)
        if suit == "s":
            stem = np.array([[half, top], [half - lobe * 0.7, size * 1.45], [half + lobe * 0.7, size * 1.45]])
            cv2.fillPoly(mask, [np.round(stem).astype(np.int32)], 255, cv2.LINE_AA)
    else:
        radius = size * rng.uniform(0.19, 0.24)
        for cx, cy in ((half, radius + 1), (radius + 1, size * 0.62), (size - radius - 1, size * 0.62)):
            cv2.circle(mask, (int(cx), int(cy)), int(radius), 255, -1, cv2.LINE_AA)
        stem = np.array([[half, size * 0.4], [half - radius * 0.9, size * 1.2], [half + radius * 0.9, size * 1.2]])
        cv2.fillPoly(mask, [np.round(stem).astype(np.int32)], 255, cv2.LINE_AA)
    return _tight(mask)


def background(height: int, width: int, rng: np.random.Generator) -> Picture:
    """A table, desk or cloth under the cards: felt, wood, white desk, stone or knit, with uneven light."""
    kind = int(rng.integers(5))
    base = rng.uniform(20, 235, 3)
    if kind == 0:  # felt: one colour, fine noise
        base = np.array([rng.uniform(20, 90), rng.uniform(60, 140), rng.uniform(10, 80)])[rng.permutation(3)]
    grain = rng.normal(0, rng.uniform(2, 14), (height, width)).astype(np.float32)
    if kind == 1:  # wood: stripes along a random direction
        angle = rng.uniform(0, np.pi)
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        along = xx * np.cos(angle) + yy * np.sin(angle)
        grain += 18 * np.sin(along / rng.uniform(2, 9) + 3 * np.sin(along / 40)).astype(np.float32)
        base = np.array([rng.uniform(60, 160), rng.uniform(100, 190), rng.uniform(140, 230)])
    elif kind == 2:  # desk, paper or sheet: light and nearly flat
        base = np.full(3, rng.uniform(170, 250)) + rng.uniform(-15, 15, 3)
    elif kind == 3:  # stone: blotches
        grain = np.asarray(cv2.GaussianBlur(grain * 4, (0, 0), rng.uniform(1.5, 5)), np.float32)
    elif kind == 4:  # knit: a repeating weave
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        period = rng.uniform(3, 8)
        grain += 25 * (np.sin(xx / period) * np.sin(yy / period * 1.7)).astype(np.float32)
    picture = base[None, None, :] + grain[:, :, None]
    return np.clip(picture, 0, 255).astype(np.uint8)


def ink_colour(suit: str, rng: np.random.Generator) -> npt.NDArray[np.float32]:
    """Printing ink for a suit: red for hearts and diamonds, black for clubs and spades (BGR)."""
    if suit in RED_SUITS:
        return np.array([rng.uniform(10, 80), rng.uniform(10, 70), rng.uniform(150, 235)], np.float32)
    return np.full(3, rng.uniform(0, 60), np.float32) + rng.uniform(-8, 8, 3).astype(np.float32)


def _stamp(canvas: npt.NDArray[np.uint8], shape: npt.NDArray[np.uint8], x: int, y: int, width: int, height: int) -> None:
    resized = cv2.resize(shape, (max(2, width), max(2, height)), interpolation=cv2.INTER_AREA)
    h, w = resized.shape
    region = canvas[y : y + h, x : x + w]
    np.maximum(region, resized[: region.shape[0], : region.shape[1]], out=region)


def drawn_index(label: int, rng: np.random.Generator) -> IndexPicture:
    """A drawn index of class ``label`` on a card's corner, the card's edges and the table beyond."""
    rank, suit = RANKS[label // 4], SUITS[label % 4]
    height = int(rng.integers(36, 60))
    glyph = text_mask("10" if rank == "T" and rng.random() < 0.9 else rank, rng, height)
    aspect = glyph.shape[1] / glyph.shape[0] * rng.uniform(0.7, 1.25)
    rank_w = max(4, int(height * aspect))
    pip = suit_mask(suit, rng, int(height * rng.uniform(0.55, 1.0)))
    pip_w = int(max(rank_w * 0.5, height * rng.uniform(0.5, 0.95)))
    pip_h = max(4, int(pip_w * pip.shape[0] / pip.shape[1] * rng.uniform(0.9, 1.1)))
    margin_x, margin_y = (int(height * rng.uniform(0.08, 0.6)) for _ in range(2))
    outside = int(height * rng.uniform(0.1, 1.0))
    width_all = max(rank_w, pip_w)
    size_w = outside + margin_x + width_all + int(height * 2)
    size_h = outside + margin_y + height + pip_h + int(height * 2.5)
    ink = np.zeros((size_h, size_w), np.uint8)
    left, top = outside + margin_x, outside + margin_y
    rank_x = left + (width_all - rank_w) // 2
    _stamp(ink, glyph, rank_x, top, rank_w, height)
    gap = int(height * rng.uniform(0.04, 0.35))
    pip_x = left + (width_all - pip_w) // 2 + int(rng.uniform(-0.1, 0.1) * width_all)
    _stamp(ink, pip, max(0, pip_x), top + height + gap, pip_w, pip_h)
    picture = _card_corner(size_h, size_w, outside, rng)
    colour = ink_colour(suit, rng)
    extra = _far_ink(size_h, size_w, left + width_all, top, height, suit, rng)
    alpha = (np.maximum(ink, extra).astype(np.float32) / 255.0)[:, :, None] * rng.uniform(0.8, 1.0)
    picture = (picture * (1 - alpha) + colour * alpha).astype(np.uint8)
    return IndexPicture(picture, ink, label)


def _card_corner(size_h: int, size_w: int, outside: int, rng: np.random.Generator) -> Picture:
    """Table beyond the card's top and left edges (``outside`` pixels), the card's paper (rounded corner) elsewhere."""
    picture = background(size_h, size_w, rng).astype(np.float32)
    paper = np.zeros((size_h, size_w), np.uint8)
    radius = int(outside * rng.uniform(0.0, 1.2)) + 1
    cv2.rectangle(paper, (outside + radius, outside), (size_w + 50, size_h + 50), 255, -1)
    cv2.rectangle(paper, (outside, outside + radius), (size_w + 50, size_h + 50), 255, -1)
    cv2.circle(paper, (outside + radius, outside + radius), radius, 255, -1, cv2.LINE_AA)
    tone = np.full(3, rng.uniform(200, 255)) + rng.uniform(-12, 12, 3)
    cover = (paper.astype(np.float32) / 255.0)[:, :, None]
    corner: Picture = np.clip(picture * (1 - cover) + tone * cover, 0, 255).astype(np.uint8)
    return corner


def _far_ink(size_h: int, size_w: int, right: int, top: int, height: int, suit: str, rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """Sometimes a big pip or a court picture's frame beside the index (not part of it)."""
    extra = np.zeros((size_h, size_w), np.uint8)
    choice = rng.random()
    if choice < 0.35:
        big = suit_mask(suit, rng, int(height * 1.5))
        x = right + int(height * rng.uniform(0.4, 1.0))
        _stamp(extra, big, min(x, size_w - 4), top + int(height * rng.uniform(0.2, 1.2)), int(height * 1.3), int(height * 1.4))
    elif choice < 0.55:
        x = right + int(height * rng.uniform(0.3, 0.8))
        cv2.rectangle(extra, (x, top + int(height * 0.5)), (size_w + 10, size_h + 10), 255, max(1, height // 18))
    return extra


def lone_pip(rng: np.random.Generator) -> IndexPicture:
    """A big suit pip alone on the paper (the middle of a card): "not an index"; its mask is the pip."""
    suit = SUITS[int(rng.integers(4))]
    width = int(rng.integers(40, 80))
    pip = suit_mask(suit, rng, width)
    size_h, size_w = int(pip.shape[0] * 2.2) + 8, int(pip.shape[1] * 2.2) + 8
    ink = np.zeros((size_h, size_w), np.uint8)
    _stamp(ink, pip, size_w // 4, size_h // 4, pip.shape[1], pip.shape[0])
    picture = _card_corner(size_h, size_w, 0, rng)
    alpha = (ink.astype(np.float32) / 255.0)[:, :, None]
    picture = (picture * (1 - alpha) + ink_colour(suit, rng) * alpha).astype(np.uint8)
    return IndexPicture(picture, ink, NOT_INDEX)


@dataclass(frozen=True)
class ArtCard:
    """One card face of an art set (BGR with its alpha) and its top-left index's ink mask."""

    face: Picture
    alpha: npt.NDArray[np.uint8]
    index_ink: npt.NDArray[np.uint8]
    label: int


def _index_ink(face: Picture, alpha: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The top-left index's ink: dark or coloured pixels near the corner, pieces reaching into the face dropped."""
    height, width = face.shape[:2]
    region_w, region_h = int(width * 0.17), int(height * 0.3)
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)
    saturation = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)[:, :, 1]
    ink = ((grey < 150) | (saturation > 90)) & (alpha > 200)
    inner = cv2.erode((alpha > 200).astype(np.uint8), np.ones((9, 9), np.uint8))
    ink &= inner > 0
    region = ink[:region_h, :region_w].astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(region, connectivity=8)
    mask = np.zeros((height, width), np.uint8)
    for part in range(1, count):
        x, y, w, h, area = stats[part]
        if area < 12 or x + w >= region_w - 1 or y + h >= region_h - 1 or x <= 3 or y <= 3:
            continue
        mask[:region_h, :region_w][labels == part] = 255
    return mask


def _is_rank_over_pip(box: tuple[int, int, int, int]) -> bool:
    """A rank glyph with its pip below is at least 1.5 times taller than wide (a lone "A" is not an index)."""
    return box[3] >= 1.5 * box[2]


def load_art(cards_dir: Path) -> list[ArtCard]:
    """The faces of every art set under ``cards_dir`` (each with a ``manifest.csv``), with their index masks."""
    found = []
    for manifest in sorted(cards_dir.glob("*/manifest.csv")):
        with manifest.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                if row.get("card") not in CARD_CLASSES:
                    continue
                raw = cv2.imread(str(manifest.parent / row["png_500w"]), cv2.IMREAD_UNCHANGED)
                if raw is None:
                    continue
                face = np.asarray(raw[:, :, :3] if raw.ndim == 3 else cv2.cvtColor(raw, cv2.COLOR_GRAY2BGR), np.uint8)
                alpha = np.asarray(raw[:, :, 3] if raw.ndim == 3 and raw.shape[2] == 4 else np.full(raw.shape[:2], 255), np.uint8)
                face = np.where(alpha[:, :, None] > 0, face, 255).astype(np.uint8)
                ink = _index_ink(face, alpha)
                points = cv2.findNonZero(ink)
                if points is None or len(points) <= 50:
                    continue
                x, y, w, h = cv2.boundingRect(points)
                if _is_rank_over_pip((x, y, w, h)):
                    found.append(ArtCard(face, alpha, ink, CARD_CLASSES.index(row["card"])))
    return found


def art_picture(card: ArtCard, rng: np.random.Generator, negative: bool = False) -> IndexPicture:
    """A card face on a table, shrunk so its index is 40-70 pixels tall; ``negative``: a patch of the face away from its indices."""
    ink_box = cv2.boundingRect(cv2.findNonZero(card.index_ink))
    scale = rng.uniform(40, 70) / ink_box[3]
    face = cv2.resize(card.face, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(card.alpha, (face.shape[1], face.shape[0]), interpolation=cv2.INTER_AREA)
    ink = cv2.resize(card.index_ink, (face.shape[1], face.shape[0]), interpolation=cv2.INTER_NEAREST)
    pad = int(face.shape[1] * 0.3)
    height, width = face.shape[0] + 2 * pad, face.shape[1] + 2 * pad
    picture = background(height, width, rng).astype(np.float32)
    cover = (alpha.astype(np.float32) / 255.0)[:, :, None]
    inner = picture[pad : pad + face.shape[0], pad : pad + face.shape[1]]
    picture[pad : pad + face.shape[0], pad : pad + face.shape[1]] = inner * (1 - cover) + face * cover
    mask = np.zeros((height, width), np.uint8)
    if not negative:
        mask[pad : pad + face.shape[0], pad : pad + face.shape[1]] = ink
        return IndexPicture(picture.astype(np.uint8), mask, card.label)
    box_w, box_h = int(ink_box[2] * scale * rng.uniform(0.8, 1.8)), int(ink_box[3] * scale * rng.uniform(0.8, 1.6))
    low_x, low_y = int(face.shape[1] * 0.2), int(face.shape[0] * 0.12)
    x = pad + int(rng.uniform(low_x, max(low_x + 1, face.shape[1] - low_x - box_w)))
    y = pad + int(rng.uniform(low_y, max(low_y + 1, face.shape[0] - low_y - box_h)))
    mask[y : y + box_h, x : x + box_w] = 255
    return IndexPicture(picture.astype(np.uint8), mask, NOT_INDEX)
