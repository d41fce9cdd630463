"""Table surfaces of real card rooms, their lighting and the camera's own marks, drawn from a seed.

A plain green felt is the kindest background a card reader can have.  Rooms also play on patterned casino felts
(betting lines, arcs, a logo and text printed in a light ink), light and dark wood, white laminate and grey or dark
stone, under lamps and phone lights that leave smooth gradients and hot spots, through cameras that add noise and
re-encode every frame as JPEG.  :func:`draw_surface` paints one such table top (float32 BGR, 0-255, no cards);
:func:`light_table` lays a light field over a finished canvas (cards included) and :func:`camera_finish` turns it into
the 8-bit picture a camera would deliver.  Everything is driven by the ``rng`` given: the same generator state gives
the same pixels.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

__all__ = ["camera_finish", "draw_surface", "FELT_COLOURS", "felt_cloth", "light_table", "pick_surface", "SURFACE_KINDS", "WOODS"]

SURFACE_KINDS: tuple[str, ...] = ("felt", "printed-felt", "wood", "white", "stone")
"""Every kind of table top :func:`draw_surface` paints."""

# BGR.  "black" is the dark felt of high-stakes rooms; the others the usual casino cloths.
FELT_COLOURS: dict[str, tuple[int, int, int]] = {
    "green": (40, 105, 30), "blue": (110, 70, 20), "red": (30, 30, 120), "black": (32, 32, 30),
    "teal": (95, 100, 25), "purple": (85, 35, 70), "grey": (85, 85, 80),
}
# BGR base colour and grain (dark line) colour of each wood; "maple" is a pale wood close to a card's white.
WOODS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "maple": ((200, 222, 238), (160, 190, 215)), "birch": ((178, 205, 228), (130, 165, 200)),
    "oak": ((105, 150, 195), (60, 100, 150)), "walnut": ((45, 65, 95), (25, 38, 60)),
}
_INKS: tuple[tuple[int, int, int], ...] = ((70, 200, 235), (225, 230, 235), (60, 160, 215), (200, 200, 150))  # gold, white, amber, pale blue
_TEXTS = ("PLACE BETS HERE", "DEALER", "OMAHA HI-LO", "POT LIMIT", "INSURANCE PAYS 2 TO 1", "ROYAL CARD CLUB", "NO BETS AFTER THE DEAL")


def pick_surface(rng: np.random.Generator) -> str:
    """A kind of table top chosen by ``rng`` among :data:`SURFACE_KINDS`."""
    return SURFACE_KINDS[int(rng.integers(len(SURFACE_KINDS)))]


def _smooth_noise(rng: np.random.Generator, width: int, height: int, cell: int, channels: int = 1) -> np.ndarray:
    """Gaussian noise on a coarse grid of ``cell`` pixels, smoothly enlarged to the frame (mean 0, sd about 1)."""
    gw, gh = max(2, width // cell + 2), max(2, height // cell + 2)
    shape = (gh, gw) if channels == 1 else (gh, gw, channels)
    small = rng.normal(0, 1, shape).astype(np.float32)
    out = cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)
    return np.asarray(out, np.float32)


def _felt_cloth(rng: np.random.Generator, width: int, height: int, colours: tuple[str, ...]) -> np.ndarray:
    name = colours[int(rng.integers(len(colours)))]
    base = np.array(FELT_COLOURS[name], np.float32) * rng.uniform(0.85, 1.15, 3).astype(np.float32)
    img = np.empty((height, width, 3), np.float32)
    img[:] = base
    img += 5 * _smooth_noise(rng, width, height, 16)[..., None]  # the cloth's uneven nap
    img += rng.normal(0, 3, (height, width, 1)).astype(np.float32)  # its fine fibres
    return img


def felt_cloth(rng: np.random.Generator, width: int, height: int, colour: str = "green") -> np.ndarray:
    """A plain felt of one of :data:`FELT_COLOURS` (its nap and fibres drawn by ``rng``), float32 BGR, unlit."""
    if colour not in FELT_COLOURS:
        raise ValueError(f"unknown felt colour {colour!r}; expected one of {', '.join(FELT_COLOURS)}")
    return _felt_cloth(rng, width, height, (colour,))


def _felt(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    return _felt_cloth(rng, width, height, tuple(FELT_COLOURS))


def _printed_felt(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A casino layout: a dark cloth with betting lines, arcs, a logo and words printed in a light ink."""
    img = _felt_cloth(rng, width, height, ("green", "blue", "red", "black", "teal", "purple"))
    ink = np.array(_INKS[int(rng.integers(len(_INKS)))], np.float32) * rng.uniform(0.85, 1.05)
    layer = np.zeros((height, width), np.uint8)
    cx, cy = width / 2 + rng.uniform(-0.1, 0.1) * width, height * rng.uniform(0.15, 0.45)
    for k in range(int(rng.integers(2, 5))):  # the betting line and the arcs of the seats' areas, round the dealer
        ax, ay = width * (0.3 + 0.12 * k), height * (0.35 + 0.14 * k)
        cv2.ellipse(layer, (int(cx), int(cy)), (int(ax), int(ay)), 0, rng.uniform(0, 30), rng.uniform(150, 180), 255,
                    int(rng.integers(3, 10)), cv2.LINE_AA)
    for _ in range(int(rng.integers(4, 10))):  # betting boxes and circles
        x, y = int(rng.uniform(0.05, 0.95) * width), int(rng.uniform(0.05, 0.95) * height)
        if rng.random() < 0.5:
            r = int(rng.uniform(30, 90))
            cv2.circle(layer, (x, y), r, 255, int(rng.integers(3, 8)), cv2.LINE_AA)
        else:
            w, h = int(rng.uniform(80, 260)), int(rng.uniform(60, 180))
            cv2.rectangle(layer, (x - w // 2, y - h // 2), (x + w // 2, y + h // 2), 255, int(rng.integers(3, 8)), cv2.LINE_AA)
    _logo(layer, rng, width, height)
    for _ in range(int(rng.integers(2, 6))):
        text = _TEXTS[int(rng.integers(len(_TEXTS)))]
        scale, thick = rng.uniform(1.2, 3.0), int(rng.integers(2, 6))
        font = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX)[int(rng.integers(3))]
        words = np.zeros_like(layer)
        (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
        x, y = int(rng.uniform(0, max(1, width - tw))), int(rng.uniform(th, height))
        cv2.putText(words, text, (x, y), font, scale, 255, thick, cv2.LINE_AA)
        turn = cv2.getRotationMatrix2D((x + tw / 2, y - th / 2), rng.uniform(-40, 40), 1.0)
        layer = np.maximum(layer, cv2.warpAffine(words, turn, (width, height)))
    alpha = cv2.GaussianBlur(layer, (0, 0), 0.8).astype(np.float32)[..., None] / 255.0 * rng.uniform(0.7, 0.95)
    out: np.ndarray = img * (1 - alpha) + ink * alpha
    return out


def _logo(layer: np.ndarray, rng: np.random.Generator, width: int, height: int) -> None:
    """A card room's emblem: rings round a star or a diamond, drawn into ``layer``."""
    x, y = int(rng.uniform(0.25, 0.75) * width), int(rng.uniform(0.25, 0.75) * height)
    r = int(rng.uniform(70, 160))
    cv2.circle(layer, (x, y), r, 255, int(rng.integers(4, 9)), cv2.LINE_AA)
    cv2.circle(layer, (x, y), int(r * 0.8), 255, 2, cv2.LINE_AA)
    points = int(rng.integers(4, 9))
    a = np.linspace(0, 2 * np.pi, 2 * points, endpoint=False) + rng.uniform(0, np.pi)
    radius = np.where(np.arange(2 * points) % 2 == 0, 0.65 * r, 0.28 * r)
    star = np.stack([x + radius * np.cos(a), y + radius * np.sin(a)], axis=1).astype(np.int32)
    if rng.random() < 0.5:
        cv2.fillPoly(layer, [star], 255, cv2.LINE_AA)
    else:
        cv2.polylines(layer, [star], True, 255, 3, cv2.LINE_AA)


def _wood(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """Planks of one wood: grain lines along the planks, wavy and of varying strength, and dark seams between them."""
    names = tuple(WOODS)
    # The pale woods twice as often: they are the hard case (a card's white on a table almost as light).
    weights = np.array([2.0, 2.0, 1.0, 1.0]) / 6.0
    base_c, grain_c = (np.array(c, np.float32) for c in WOODS[names[int(rng.choice(len(names), p=weights))]])
    tone = rng.uniform(0.92, 1.06)
    along_x = rng.random() < 0.5
    w, h = (width, height) if along_x else (height, width)  # drawn with planks along x, turned when they run along y
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    plank = rng.uniform(140, 320)
    warp = 25 * _smooth_noise(rng, w, h, 160) + 4 * _smooth_noise(rng, w, h, 24)
    phase = (yy + warp) / rng.uniform(5, 12)
    grain = 0.5 + 0.5 * np.sin(phase + 3 * _smooth_noise(rng, w, h, 300))
    grain = grain ** rng.uniform(3, 8)  # thin dark lines rather than a sine's stripes
    strength = np.clip(0.5 + 0.5 * _smooth_noise(rng, w, h, 90), 0, 1) * rng.uniform(0.5, 0.9)
    t = (grain * strength)[..., None]
    img: np.ndarray = (base_c * (1 - t) + grain_c * t) * tone
    # Planks differ a little in tone; their seams are thin dark lines, their ends staggered.
    rows = (yy / plank).astype(np.int32)
    shade = rng.uniform(0.93, 1.07, int(h / plank) + 2).astype(np.float32)
    img *= shade[rows][..., None]
    seam = np.abs(yy / plank - np.round(yy / plank)) * plank < 1.2
    img[seam] *= 0.55
    for r in range(int(h / plank) + 1):
        x = int(rng.uniform(0, w))
        y0, y1 = int(r * plank), int(min(h, (r + 1) * plank))
        img[y0:y1, max(0, x - 1):x + 1] *= 0.6
    img += rng.normal(0, 2.5, (h, w, 1)).astype(np.float32)
    return img if along_x else np.ascontiguousarray(np.transpose(img, (1, 0, 2)))


def _white(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """White or near-white laminate: a faint tint, a faint mottle, fine grain."""
    base = np.array([rng.uniform(228, 250)] * 3, np.float32) + rng.uniform(-6, 6, 3).astype(np.float32)
    img = np.empty((height, width, 3), np.float32)
    img[:] = base
    img += 3 * _smooth_noise(rng, width, height, 40)[..., None]
    img += rng.normal(0, 1.5, (height, width, 1)).astype(np.float32)
    return img


def _stone(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """Grey granite (speckled) or dark marble (veined), or both."""
    level = rng.choice([rng.uniform(50, 80), rng.uniform(110, 170)])
    base = np.array([level] * 3, np.float32) + rng.uniform(-8, 8, 3).astype(np.float32)
    img = np.empty((height, width, 3), np.float32)
    img[:] = base
    img += 14 * _smooth_noise(rng, width, height, 60)[..., None]
    if rng.random() < 0.7:  # speckles: grains of light and dark mineral, a few pixels across
        grains = rng.random((height // 2, width // 2)).astype(np.float32)
        light = cv2.resize((grains > 0.93).astype(np.float32) - (grains < 0.06).astype(np.float32), (width, height),
                           interpolation=cv2.INTER_NEAREST)
        light = cv2.GaussianBlur(light, (0, 0), 0.8)
        img += (rng.uniform(40, 90) * light)[..., None]
    if rng.random() < 0.7:  # veins: a few wandering light lines
        veins = np.zeros((height, width), np.uint8)
        for _ in range(int(rng.integers(2, 7))):
            p = np.array([rng.uniform(0, width), rng.uniform(0, height)])
            heading = rng.uniform(0, 2 * np.pi)
            pts = [p.copy()]
            for _ in range(60):
                heading += rng.normal(0, 0.25)
                p = p + 30 * np.array([np.cos(heading), np.sin(heading)])
                pts.append(p.copy())
            cv2.polylines(veins, [np.array(pts, np.int32)], False, 255, int(rng.integers(1, 4)), cv2.LINE_AA)
        v = cv2.GaussianBlur(veins, (0, 0), 1.5).astype(np.float32) / 255.0
        img += (rng.uniform(50, 110) * v)[..., None]
    img += rng.normal(0, 3, (height, width, 1)).astype(np.float32)
    return img


_PAINTERS: dict[str, Callable[[np.random.Generator, int, int], np.ndarray]] = {
    "felt": _felt, "printed-felt": _printed_felt, "wood": _wood, "white": _white, "stone": _stone,
}


def draw_surface(kind: str, rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """An empty table top of ``kind`` (one of :data:`SURFACE_KINDS`), ``height`` x ``width`` x 3, float32 BGR 0-255."""
    if kind not in _PAINTERS:
        raise ValueError(f"unknown surface kind {kind!r}; expected one of {', '.join(SURFACE_KINDS)}")
    if width < 16 or height < 16:
        raise ValueError(f"surface too small: {width}x{height} pixels")
    return np.asarray(np.clip(_PAINTERS[kind](rng, width, height), 0, 255), np.float32)


def light_table(canvas: np.ndarray, rng: np.random.Generator, *, hot_spots: int = 1, hot_strength: tuple[float, float] = (60, 140)) -> None:
    """Light ``canvas`` (float32 BGR, in place) as a room does: a smooth gradient across the table (one side nearer the
    lamp) with dim corners, exposed so that the lightest paper stays short of white, and ``hot_spots`` glare blobs (a
    phone's light or a lamp's reflection, ``hot_strength`` levels at their middle, enough to wash white paper out)."""
    h, w = canvas.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    ramp = ((xx - w / 2) * np.cos(a) + (yy - h / 2) * np.sin(a)) / max(w, h)
    gain = 1.0 + rng.uniform(0.1, 0.35) * ramp
    cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.3, 0.7) * h
    gain -= rng.uniform(0.05, 0.2) * (((xx - cx) / w) ** 2 + ((yy - cy) / h) ** 2) * 2
    canvas *= gain[..., None]
    # The camera's exposure: set for the table and the cards, not for the glare, so that the lightest of them stays
    # just short of white (a white table under a lamp is not a white page) while a hot spot still burns out.
    lightest = float(np.percentile(canvas[::4, ::4].max(axis=2), 99.5))
    if lightest > 250:
        canvas *= 250 / lightest
    for _ in range(hot_spots):
        x, y = rng.uniform(0.05, 0.95) * w, rng.uniform(0.05, 0.95) * h
        sx, sy = rng.uniform(25, 110), rng.uniform(20, 80)
        turn = rng.uniform(0, np.pi)
        u = (xx - x) * np.cos(turn) + (yy - y) * np.sin(turn)
        v = -(xx - x) * np.sin(turn) + (yy - y) * np.cos(turn)
        blob = np.exp(-0.5 * ((u / sx) ** 2 + (v / sy) ** 2))
        # A flat, clipped core and a soft halo: a reflection of a light is brighter than anything on the table.
        core = np.minimum(1.0, 1.6 * blob)
        canvas += (rng.uniform(*hot_strength) * core)[..., None] * np.array([1.0, 1.0, 0.97], np.float32)


def camera_finish(canvas: np.ndarray, rng: np.random.Generator, *, noise_sigma: float, jpeg_quality: int | None) -> np.ndarray:
    """The 8-bit picture a camera delivers from ``canvas`` (float32 BGR): sensor noise, stronger in the shadows and
    partly in colour, then JPEG re-encoding at ``jpeg_quality`` (None: none)."""
    if jpeg_quality is not None and not 1 <= jpeg_quality <= 100:
        raise ValueError(f"JPEG quality must be 1-100, got {jpeg_quality}")
    h, w = canvas.shape[:2]
    shot = np.sqrt(np.clip(canvas, 0, 255) / 255.0 + 0.05)  # photon noise grows with the light, read noise stays
    img = canvas + rng.normal(0, noise_sigma, (h, w, 1)).astype(np.float32) * shot
    img += rng.normal(0, noise_sigma * 0.4, (h, w, 3)).astype(np.float32)
    out = np.asarray(np.clip(img, 0, 255), np.uint8)
    if jpeg_quality is None:
        return out
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg_quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), np.uint8)
