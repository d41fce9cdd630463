"""Synthetic overhead table scenes with ground truth.

Card faces come from the shared card-art sets (``cards/*/manifest.csv`` + ``png_500w``); when the
art is absent, :func:`drawn_deck` draws simple faces (rank and suit in the corners) so the demo table
still works.  Everything is driven by a seed: the same seed gives the same scene, pixel for pixel.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from .surfaces import SURFACE_KINDS, camera_finish, draw_surface, light_table, pick_surface

__all__ = [
    "ALL_CARDS",
    "available_decks",
    "CARD_ASPECT",
    "CardTruth",
    "Deck",
    "drawn_deck",
    "FELTS",
    "font_decks",
    "generate_scene",
    "INDEX_REGION",
    "load_art_deck",
    "RANKS",
    "Scene",
    "SceneConfig",
    "SUITS",
    "SURFACE_KINDS",
    "teach_layout",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ALL_CARDS = [r + s for r in RANKS for s in SUITS]
CARD_ASPECT = 1.4  # height / width of a poker-size card (63 x 88 mm)

# Corner-index region of a portrait card face, as fractions of width and height (both art sets fit).
INDEX_REGION = (0.0, 0.0, 0.20, 0.28)


@dataclass
class Deck:
    """Card faces as RGBA (BGRA) images keyed by card id ('As', 'Td')."""

    name: str
    faces: dict[str, np.ndarray]


def load_art_deck(folder: Path) -> Deck:
    """Load a deck from a folder with ``manifest.csv`` (columns svg, png_500w, card)."""
    faces: dict[str, np.ndarray] = {}
    with open(folder / "manifest.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            card = row["card"].strip()
            if card not in ALL_CARDS:
                continue
            img = cv2.imread(str(folder / row["png_500w"]), cv2.IMREAD_UNCHANGED)
            if img is None:
                continue
            if img.ndim == 2:
                img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGRA)
            elif img.shape[2] == 3:
                img = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
            # Normalise every face to the poker-card aspect so geometry is the same for all decks.
            faces[card] = cv2.resize(img, (500, int(500 * CARD_ASPECT)), interpolation=cv2.INTER_AREA)
    return Deck(folder.name, faces)


def _rounded_mask(w: int, h: int, r: int) -> np.ndarray:
    m = np.zeros((h, w), np.uint8)
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1)
    return m


def _draw_suit(img: np.ndarray, suit: str, cx: int, cy: int, s: int, color: tuple[int, int, int]) -> None:
    if suit == "d":
        pts = np.array([[cx, cy - s], [cx + int(0.7 * s), cy], [cx, cy + s], [cx - int(0.7 * s), cy]], np.int32)
        cv2.fillPoly(img, [pts], color)
    elif suit == "h":
        cv2.circle(img, (cx - s // 2, cy - s // 4), s // 2, color, -1)
        cv2.circle(img, (cx + s // 2, cy - s // 4), s // 2, color, -1)
        cv2.fillPoly(img, [np.array([[cx - s, cy - s // 8], [cx + s, cy - s // 8], [cx, cy + s]], np.int32)], color)
    elif suit == "s":
        cv2.circle(img, (cx - s // 2, cy + s // 5), s // 2, color, -1)
        cv2.circle(img, (cx + s // 2, cy + s // 5), s // 2, color, -1)
        cv2.fillPoly(img, [np.array([[cx - s, cy + s // 8], [cx + s, cy + s // 8], [cx, cy - s]], np.int32)], color)
        cv2.fillPoly(img, [np.array([[cx, cy + s // 3], [cx + s // 3, cy + s], [cx - s // 3, cy + s]], np.int32)], color)
    else:  # clubs
        for dx, dy in ((0, -s // 2), (-s // 2, s // 6), (s // 2, s // 6)):
            cv2.circle(img, (cx + dx, cy + dy), int(s * 0.42), color, -1)
        cv2.fillPoly(img, [np.array([[cx, cy], [cx + s // 3, cy + s], [cx - s // 3, cy + s]], np.int32)], color)


def drawn_deck(font: int = cv2.FONT_HERSHEY_DUPLEX, thickness: int = 6, name: str = "drawn") -> Deck:
    """A deck drawn here (no art needed): rank text and suit shape in two opposite corners."""
    w, h = 500, int(500 * CARD_ASPECT)
    mask = _rounded_mask(w, h, 30)
    faces: dict[str, np.ndarray] = {}
    for card in ALL_CARDS:
        rank, suit = card[0], card[1]
        color = (30, 30, 200) if suit in "hd" else (20, 20, 20)
        face = np.full((h, w, 3), 250, np.uint8)
        label = "10" if rank == "T" else rank
        half = np.full((h, w, 3), 250, np.uint8)
        scale = 2.4 if len(label) == 1 else 1.9
        (tw, th), _ = cv2.getTextSize(label, font, scale, thickness)
        # Fit the label to the index box whatever the font (Hershey fonts differ in width and height).
        fit = min(1.0, 80.0 / max(tw, 1), 66.0 / max(th, 1))
        cv2.putText(half, label, (14, 80), font, scale * fit, color, thickness, cv2.LINE_AA)
        _draw_suit(half, suit, 50, 142, 38, color)
        _draw_suit(half, suit, w // 2, h // 2 - 40, 70, color)
        face = np.minimum(half, cv2.rotate(half, cv2.ROTATE_180))
        cv2.rectangle(face, (110, 200), (w - 110, h - 200), color, 3)
        faces[card] = np.dstack([face, mask])
    return Deck(name, faces)


FONT_STYLES = [(cv2.FONT_HERSHEY_SIMPLEX, 5), (cv2.FONT_HERSHEY_DUPLEX, 7), (cv2.FONT_HERSHEY_COMPLEX, 6),
               (cv2.FONT_HERSHEY_TRIPLEX, 6), (cv2.FONT_HERSHEY_SIMPLEX, 9)]
"""The standard fonts and stroke weights of :func:`font_decks`."""


def font_decks() -> list[Deck]:
    """Drawn decks in several standard fonts and stroke weights: the glyphs of the general (untaught) mode."""
    return [drawn_deck(f, t, f"font-{f}-{t}") for f, t in FONT_STYLES]


def available_decks(data_dir: Path | None) -> list[Deck]:
    """Art decks found under ``data_dir/cards``; the drawn deck when there are none."""
    decks: list[Deck] = []
    if data_dir is not None and (data_dir / "cards").is_dir():
        for folder in sorted((data_dir / "cards").iterdir()):
            if (folder / "manifest.csv").is_file():
                deck = load_art_deck(folder)
                if len(deck.faces) == 52:
                    decks.append(deck)
    return decks or [drawn_deck()]


@dataclass
class CardTruth:
    card: str
    quad: np.ndarray  # 4x2 float32, image coords: face top-left, top-right, bottom-right, bottom-left
    index_visible: bool  # at least one corner index is uncovered (>= 90 % of its area)
    visible_fraction: float


@dataclass
class Scene:
    image: np.ndarray  # BGR uint8
    cards: list[CardTruth]
    card_width_px: float  # calibration scale: nominal card width on the image (before perspective)
    seed: int
    meta: dict[str, object] = field(default_factory=dict)


@dataclass
class SceneConfig:
    width: int = 1920
    height: int = 1080
    min_cards: int = 5
    max_cards: int = 20
    card_width_px: tuple[float, float] = (105.0, 125.0)
    overlap_pairs: bool = True  # showdown hole cards laid overlapping in pairs (corner index left visible)
    glare: bool = True
    shadow: bool = True
    chips: bool = True
    blur_sigma: tuple[float, float] = (0.0, 1.2)
    noise_sigma: tuple[float, float] = (1.0, 5.0)
    perspective: float = 0.04  # max corner displacement as a fraction of the frame
    felt: str = "random"  # 'green', 'blue', 'red', 'dark', or 'random' (the plain felt drawn when ``surface`` is None)
    # The table top (see vision.surfaces): None keeps the plain felt above (the same pixels as ever for a seed); a kind
    # of SURFACE_KINDS, or "any" for a kind chosen by the seed, draws that surface under a room's light (a gradient and,
    # with ``glare``, hot spots), with camera noise and JPEG re-encoding at a quality drawn from ``jpeg_quality``.  The
    # cards, their layout and the chips depend on the seed alone, not on the surface.
    surface: str | None = None
    jpeg_quality: tuple[int, int] = (55, 95)

    def __post_init__(self) -> None:
        if self.surface is not None and self.surface != "any" and self.surface not in SURFACE_KINDS:
            raise ValueError(f"unknown surface {self.surface!r}; expected None, 'any' or one of {', '.join(SURFACE_KINDS)}")
        lo, hi = self.jpeg_quality
        if not 1 <= lo <= hi <= 100:
            raise ValueError(f"JPEG quality range must lie within 1-100, low to high; got {self.jpeg_quality}")


FELTS = {"green": (40, 105, 30), "blue": (110, 70, 20), "red": (30, 30, 120), "dark": (45, 45, 40)}


def _felt(rng: np.random.Generator, cfg: SceneConfig) -> np.ndarray:
    name = cfg.felt if cfg.felt != "random" else ["green", "blue", "red", "dark"][int(rng.integers(4))]
    base = np.array(FELTS[name], np.float32) * rng.uniform(0.8, 1.2, 3).astype(np.float32)
    h, w = cfg.height, cfg.width
    small = rng.normal(0, 6, (h // 16, w // 16, 3)).astype(np.float32)
    tex = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
    light = 1.15 - 0.45 * (((xx - cx) / w) ** 2 + ((yy - cy) / h) ** 2)  # uneven light: bright spot, dim edges
    img: np.ndarray = (base[None, None, :] + tex) * light[..., None]
    return img


def _surface_rng(seed: int) -> np.random.Generator:
    """The generator of a scene's surface, light and camera: apart from the layout's, so that one seed lays the same
    cards the same way on every surface."""
    return np.random.default_rng([seed, 0x5A3F])


def _surface_kind(cfg: SceneConfig, srng: np.random.Generator) -> str:
    return pick_surface(srng) if cfg.surface == "any" or cfg.surface is None else cfg.surface


def _shade(rng: np.random.Generator) -> tuple[float, float, float]:
    """A room's light on lying cards: the offset (x, y pixels) of the thin shadow a card casts and its depth."""
    a = rng.uniform(0, 2 * np.pi)
    d = rng.uniform(1.0, 3.0)
    return d * float(np.cos(a)), d * float(np.sin(a)), float(rng.uniform(0.12, 0.35))


def _contact_shadow(canvas: np.ndarray, quad: np.ndarray, shade: tuple[float, float, float]) -> None:
    """Darken the table just beside a card (``shade`` from :func:`_shade`): a card is no sheet of light, it lies a
    fraction of a millimetre proud of the table and casts a soft edge of shadow."""
    dx, dy, depth = shade
    x0, y0 = np.maximum(np.floor(quad.min(0)).astype(int) - 10, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(0)).astype(int) + 10, (canvas.shape[1], canvas.shape[0]))
    if x1 <= x0 or y1 <= y0:
        return
    m = np.zeros((y1 - y0, x1 - x0), np.float32)
    # The shadow cast away from the light, and all round a thin dark line of the card's edge and the light it keeps off.
    cv2.fillConvexPoly(m, np.round((quad + np.array([dx - x0, dy - y0], np.float32)) * 4).astype(np.int32), 1.0, cv2.LINE_AA, 2)
    m = cv2.GaussianBlur(m, (0, 0), 1.5) * depth
    rim = np.zeros_like(m)
    cv2.polylines(rim, [np.round((quad - np.array([x0, y0], np.float32)) * 4).astype(np.int32)], True, 1.0, 4, cv2.LINE_AA, 2)
    m = np.maximum(m, cv2.GaussianBlur(rim, (0, 0), 0.8) * 0.5 * depth)
    canvas[y0:y1, x0:x1] *= (1 - m)[..., None]


def _card_quad(cx: float, cy: float, w: float, angle_deg: float) -> np.ndarray:
    h = w * CARD_ASPECT
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]], np.float32)
    a = np.deg2rad(angle_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
    return (pts @ rot.T + np.array([cx, cy], np.float32)).astype(np.float32)


def _layout(rng: np.random.Generator, cfg: SceneConfig, n: int, cw: float) -> list[tuple[np.ndarray, int]]:
    """Quads for n cards: a board row, then overlapping pairs (or singles) in seat areas.

    Returns (quad, group) where cards of one overlapping pair share a group id.
    """
    quads: list[tuple[np.ndarray, int]] = []
    ch = cw * CARD_ASPECT
    n_board = min(n, int(rng.integers(3, 6)))
    gap = cw * rng.uniform(0.12, 0.3)
    row_w = n_board * cw + (n_board - 1) * gap
    x0 = cfg.width / 2 - row_w / 2 + cw / 2
    y0 = cfg.height / 2 + rng.uniform(-0.05, 0.05) * cfg.height
    tilt = rng.uniform(-8, 8)
    for i in range(n_board):
        quads.append((_card_quad(x0 + i * (cw + gap), y0 + rng.uniform(-3, 3), cw, tilt + rng.uniform(-3, 3)), len(quads)))
    # Seat areas around an ellipse, avoiding the board row.
    rest = n - n_board
    groups: list[int] = []
    while rest > 0:
        k = 2 if (cfg.overlap_pairs and rest >= 2 and rng.random() < 0.7) else 1
        groups.append(k)
        rest -= k
    slots = len(groups)
    angles = np.linspace(0, 2 * np.pi, slots, endpoint=False) + rng.uniform(0, 2 * np.pi)
    rx, ry = cfg.width * 0.36, cfg.height * 0.33
    gid = len(quads)
    for k, th in zip(groups, angles, strict=True):
        cx = cfg.width / 2 + rx * np.cos(th) + rng.uniform(-20, 20)
        cy = cfg.height / 2 + ry * np.sin(th) + rng.uniform(-20, 20)
        cx = float(np.clip(cx, ch, cfg.width - ch))
        cy = float(np.clip(cy, ch * 0.8, cfg.height - ch * 0.8))
        ang = rng.uniform(-180, 180)
        if k == 1:
            quads.append((_card_quad(cx, cy, cw, ang), gid))
        else:
            # Second card shifted right (in the card's own frame) so the first's top-left index stays visible.
            shift = cw * rng.uniform(0.35, 0.55)
            a = np.deg2rad(ang)
            dx, dy = shift * np.cos(a), shift * np.sin(a)
            dn = rng.uniform(-0.08, 0.08) * ch
            quads.append((_card_quad(cx - dx / 2, cy - dy / 2, cw, ang), gid))
            quads.append((_card_quad(cx + dx / 2 - dn * np.sin(a), cy + dy / 2 + dn * np.cos(a), cw, ang + rng.uniform(-6, 6)), gid))
        gid += 1
    return quads


def _paste(canvas: np.ndarray, face: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Warp an RGBA face onto the float canvas at quad; returns the full-frame coverage mask (uint8)."""
    h, w = face.shape[:2]
    src = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    x0, y0 = np.floor(quad.min(0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 2
    H, W = canvas.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    mask_full = np.zeros((H, W), np.uint8)
    if x1 <= x0 or y1 <= y0:
        return mask_full
    M = cv2.getPerspectiveTransform(src, (quad - np.array([x0, y0], np.float32)).astype(np.float32))
    warped = cv2.warpPerspective(face, M, (x1 - x0, y1 - y0), flags=cv2.INTER_AREA, borderValue=(0, 0, 0, 0))
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha) + warped[:, :, :3].astype(np.float32) * alpha
    mask_full[y0:y1, x0:x1] = (warped[:, :, 3] > 127).astype(np.uint8) * 255
    return mask_full


def _index_mask(quad: np.ndarray, shape: tuple[int, int]) -> list[np.ndarray]:
    """Masks of the two corner-index regions (top-left and, by symmetry, bottom-right) of a card quad."""
    src = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    M = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    x0, y0, x1, y1 = INDEX_REGION
    out = []
    for reg in (np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32),
                np.array([[1 - x0, 1 - y0], [1 - x1, 1 - y0], [1 - x1, 1 - y1], [1 - x0, 1 - y1]], np.float32)):
        pts = cv2.perspectiveTransform(reg[None], M)[0]
        m = np.zeros(shape, np.uint8)
        cv2.fillConvexPoly(m, np.round(pts).astype(np.int32), 255)
        out.append(m)
    return out


def generate_scene(deck: Deck, seed: int, cfg: SceneConfig | None = None, n_cards: int | None = None, *,
                   empty: bool = False) -> Scene:
    """One overhead scene.  Deterministic in (deck, seed, cfg, n_cards).

    ``empty``: the same table seen empty between hands instead (:func:`empty_table`): no card, chip or arm's shadow, the
    same surface and room light, the camera's own noise and JPEG drawn afresh; its ``cards`` are the scene's all the same
    (what the table holds when it is not empty)."""
    cfg = cfg or SceneConfig()
    rng = np.random.default_rng(seed)
    n = int(n_cards if n_cards is not None else rng.integers(cfg.min_cards, cfg.max_cards + 1))
    cards = list(rng.choice(sorted(deck.faces), size=n, replace=False))
    cw = float(rng.uniform(*cfg.card_width_px))
    srng = _surface_rng(seed)
    kind = None if cfg.surface is None else _surface_kind(cfg, srng)
    canvas = _felt(rng, cfg) if kind is None else draw_surface(kind, srng, cfg.width, cfg.height)
    layout = _layout(rng, cfg, n, cw)
    # Whole-table perspective (camera not exactly overhead).
    W, H = cfg.width, cfg.height
    d = cfg.perspective
    src = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float32)
    dst = src + rng.uniform(-d, d, (4, 2)).astype(np.float32) * np.array([W, H], np.float32)
    P = cv2.getPerspectiveTransform(src, dst)
    # Chips first (under cards) and some on top of nothing in particular.
    chip_specs = []
    if cfg.chips:
        for _ in range(int(rng.integers(3, 10))):
            chip_specs.append((rng.uniform(0.05, 0.95) * W, rng.uniform(0.05, 0.95) * H, cw * 0.35,
                               tuple(int(c) for c in rng.integers(20, 240, 3))))
    for x, y, r, col in chip_specs if not empty else ():
        cv2.circle(canvas, (int(x), int(y)), int(r), tuple(float(c) for c in col), -1, cv2.LINE_AA)
        cv2.circle(canvas, (int(x), int(y)), int(r * 0.75), (235.0, 235.0, 235.0), max(2, int(r * 0.12)), cv2.LINE_AA)
    masks: list[np.ndarray] = []
    truths: list[CardTruth] = []
    shade = _shade(srng)
    quads_img = []
    for card, (quad, _group) in zip(cards, layout, strict=True):
        q = cv2.perspectiveTransform(quad[None], P)[0].astype(np.float32)
        quads_img.append(q)
        if kind is not None and not empty:
            _contact_shadow(canvas, q, shade)
        masks.append(_paste(canvas, deck.faces[card], q) if not empty else np.zeros((H, W), np.uint8))
    # Coverage: a later card covers an earlier one.
    covered: np.ndarray = np.zeros((H, W), np.uint8)
    vis: list[tuple[bool, float]] = []
    for i in range(n - 1, -1, -1):
        best = 0.0
        for m in _index_mask(quads_img[i], (H, W)):
            area = float(np.count_nonzero(m))
            free = float(np.count_nonzero(cv2.bitwise_and(m, cv2.bitwise_not(covered))))
            best = max(best, free / area if area else 0.0)
        own = float(np.count_nonzero(masks[i]))
        frac = float(np.count_nonzero(cv2.bitwise_and(masks[i], cv2.bitwise_not(covered)))) / own if own else 0.0
        vis.append((best >= 0.9, frac))
        covered = cv2.bitwise_or(covered, masks[i])
    vis.reverse()
    for card, q, (iv, frac) in zip(cards, quads_img, vis, strict=True):
        truths.append(CardTruth(str(card), q, iv and frac > 0.05, frac))
    # Shadow (a hand or arm): a soft darkened half-plane.
    if cfg.shadow and rng.random() < 0.6:
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        a = rng.uniform(0, 2 * np.pi)
        t = (xx - W / 2) * np.cos(a) + (yy - H / 2) * np.sin(a) - rng.uniform(0.1, 0.4) * W
        shade = 1 - rng.uniform(0.25, 0.45) / (1 + np.exp(-t / 40))
        if not empty:
            canvas *= shade[..., None]
    meta: dict[str, object] = {"deck": deck.name, "perspective": P, "surface": kind or "plain-felt"}
    if kind is not None:
        image = _room_and_camera(canvas, rng, srng, cfg, meta, hot_spots=int(srng.integers(1, 3)) if cfg.glare else 0, empty=empty)
        return Scene(image, truths, cw, seed, meta)
    # Glare: one or two soft bright blobs.
    if cfg.glare:
        for _ in range(int(rng.integers(1, 3))):
            g: np.ndarray = np.zeros((H // 4, W // 4), np.float32)
            cv2.ellipse(g, (int(rng.uniform(0, W // 4)), int(rng.uniform(0, H // 4))),
                        (int(rng.uniform(15, 50)), int(rng.uniform(8, 25))), rng.uniform(0, 180), 0, 360, 1.0, -1)
            g = cv2.GaussianBlur(g, (0, 0), 8)
            g = cv2.resize(g, (W, H))
            canvas += (rng.uniform(60, 130) * g)[..., None]
    sigma = rng.uniform(*cfg.blur_sigma)
    if sigma > 0.3:
        canvas = cv2.GaussianBlur(canvas, (0, 0), sigma)
    noise_sigma = rng.uniform(*cfg.noise_sigma)
    camera = rng
    if empty:
        camera = _another_moment(canvas, seed)
    canvas += camera.normal(0, noise_sigma, canvas.shape).astype(np.float32)
    image = np.clip(canvas, 0, 255).astype(np.uint8)
    return Scene(image, truths, cw, seed, meta)


def empty_table(deck: Deck, seed: int, cfg: SceneConfig | None = None, n_cards: int | None = None) -> np.ndarray:
    """The table of :func:`generate_scene` ``(deck, seed, cfg, n_cards)`` as the camera saw it empty, between hands (what
    the console learns the table from, :class:`vision.background.TableBackground`): the same surface, perspective and
    room light, with the camera's own noise and JPEG, and the room's light a little brighter or dimmer (up to 4 %)."""
    return generate_scene(deck, seed, cfg, n_cards, empty=True).image


def _another_moment(canvas: np.ndarray, key: int) -> np.random.Generator:
    """The empty table seen at another moment than the scene: the room's light up to 4 % brighter or dimmer on ``canvas``
    (in place), and the generator of that picture's own camera noise (apart from the scene's; ``key`` picks it)."""
    moment = np.random.default_rng([key, 0xE4])
    canvas *= np.float32(moment.uniform(0.96, 1.04))
    return moment


def _room_and_camera(canvas: np.ndarray, rng: np.random.Generator, srng: np.random.Generator, cfg: SceneConfig,
                     meta: dict[str, object], *, hot_spots: int, empty: bool = False) -> np.ndarray:
    """The room's light over a drawn surface and its cards, the lens's blur, then the camera's noise and JPEG (``empty``:
    the table seen empty at another moment, see :func:`empty_table`)."""
    light_table(canvas, srng, hot_spots=hot_spots)
    sigma = rng.uniform(*cfg.blur_sigma)
    if sigma > 0.3:
        canvas = cv2.GaussianBlur(canvas, (0, 0), sigma)
    quality = int(srng.integers(cfg.jpeg_quality[0], cfg.jpeg_quality[1] + 1))
    meta["jpeg_quality"] = quality
    noise_sigma = float(rng.uniform(*cfg.noise_sigma))
    camera = _another_moment(canvas, int(srng.integers(1 << 31))) if empty else srng
    return camera_finish(canvas, camera, noise_sigma=noise_sigma, jpeg_quality=quality)


def teach_layout(deck: Deck, seed: int, cards: list[str] | None = None, cfg: SceneConfig | None = None) -> Scene:
    """A teaching scene: cards laid in rows, not overlapping, in reading order (as a dealer lays them out).

    Returns the scene; ``scene.cards`` lists the cards in the same reading order (left to right, top to bottom).
    """
    cfg = cfg or SceneConfig()
    rng = np.random.default_rng(seed)
    cards = list(cards if cards is not None else ALL_CARDS)
    cw = float(rng.uniform(*cfg.card_width_px))
    ch = cw * CARD_ASPECT
    per_row = int((cfg.width - cw) // (cw * 1.3))
    srng = _surface_rng(seed)
    kind = None if cfg.surface is None else _surface_kind(cfg, srng)
    canvas = _felt(rng, cfg) if kind is None else draw_surface(kind, srng, cfg.width, cfg.height)
    shade = _shade(srng)
    truths = []
    for i, card in enumerate(cards):
        r, c = divmod(i, per_row)
        cx = cw + c * cw * 1.3 + rng.uniform(-5, 5)
        cy = ch * 0.7 + r * ch * 1.15 + rng.uniform(-5, 5)
        q = _card_quad(cx, cy, cw, rng.uniform(-4, 4) + (180 if rng.random() < 0.5 else 0))
        if kind is not None:
            _contact_shadow(canvas, q, shade)
        _paste(canvas, deck.faces[card], q)
        truths.append(CardTruth(card, q, True, 1.0))
    if kind is not None:
        # A dealer teaching the deck sees to it that no light washes a card out: the room's gradient, no hot spot.
        meta: dict[str, object] = {"deck": deck.name, "surface": kind}
        teach_cfg = replace(cfg, blur_sigma=(0.0, 0.0), noise_sigma=(2.0, 2.0))
        image = _room_and_camera(canvas, rng, srng, teach_cfg, meta, hot_spots=0)
        return Scene(image, truths, cw, seed, meta)
    canvas += rng.normal(0, 2, canvas.shape).astype(np.float32)
    return Scene(np.clip(canvas, 0, 255).astype(np.uint8), truths, cw, seed, {"deck": deck.name})
