"""The empty table, learnt: anything new on it is found whatever its colours.

A card room's tables are not all green felt: a white card on a light wooden or white table is neither much lighter than
the table nor far from its colour, so a model of the felt's colour finds nothing there. The camera does not move,
though, and the table is known to be empty between hands: :class:`TableBackground` keeps the empty table's picture
(learnt at calibration, refreshed whenever the console knows the table is empty) and :meth:`TableBackground.foreground`
marks what differs from it, in lightness or in colour, beyond what the camera's own noise and a change of the room's
light explain.

The light is allowed to drift between refreshes (a lamp switched on, daylight fading): the frame's lightness is
compared with the table's after a gain that varies smoothly over the picture (the field of the ratio of the two where it
changes gently, :func:`_smooth_light`, which follows an arm's shadow and its soft edge; then a coarse median of what is
left, on cells of about two card widths), so a change of the light is not a card, while a card (sharp-edged, a few
cells at most, and never the median of a cell of the empty table around it) is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from .errors import VisionError

__all__ = ["BackgroundError", "PRINT_DELTA", "TableBackground", "TableDifference"]


LIGHT_BAND = 1.6
"""How far (a factor either way) a pixel's change of lightness may lie from the picture's median change and still be
taken for the room's light on the table, not for something on it."""


PRINT_DELTA = 24.0
"""Print is what lies this much darker than the empty table (Lab L, beyond the pixel's noise), at the model's scale."""


@dataclass(frozen=True)
class TableDifference:
    """A frame against the empty table (:meth:`TableBackground.compare`): uint8 masks (255 where true) at the model's scale.

    ``on_table``: what lies on the table (:meth:`TableBackground.foreground`): areas, opened and closed, specks dropped.
    ``darker`` (worked out when first asked for): print, each pixel :data:`PRINT_DELTA` darker than the table and than
    what lies about it (a closing's black-hat over a sixth of a card's width: thin, where an arm's shadow is broad),
    neither opened nor cleared of specks. A white card on a white table differs from it by its print alone; the strokes
    of its corner index are a pixel or two at this scale, which the opening of ``on_table`` takes away, while its big
    pips and its picture stay."""

    on_table: np.ndarray
    light: np.ndarray  # the frame's lightness (Lab L)
    below: np.ndarray  # how far it lies below the empty table's, beyond the pixel's noise
    print_width: int  # the black-hat's width, pixels

    @cached_property
    def darker(self) -> np.ndarray:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (self.print_width, self.print_width))
        thin = cv2.morphologyEx(self.light, cv2.MORPH_BLACKHAT, kernel)
        return ((self.below > PRINT_DELTA) & (thin > PRINT_DELTA)).astype(np.uint8) * 255


class BackgroundError(VisionError):
    """The empty table cannot be learnt or compared: no picture, or pictures of another size than the table's."""


class TableBackground:
    """The empty table at ``scale`` of the camera's resolution (Lab, float), with each pixel's noise.

    ``light_delta`` and ``chroma_delta``: how far (Lab units, 0-255) a pixel must differ from the empty table, beyond its
    noise, to be something on it; ``light_delta`` in the light the table was learnt in, and less where the light is
    dimmer (times the gain): white paper stands a few levels above a white table, fewer in an arm's shadow. At 4 rather
    than 8, with the light's smooth field (:func:`_smooth_light`), on validation seeds 7000-7059 (the empty table learnt,
    798 visible indices per cell) white read 744 -> 762 of Aguilar's and 725 -> 739 of Byron Knoll's at 0.90 (at 4
    without the field: 751 and 729), no confident misread (docs/vision.md).
    ``card_width_px``: a card's width on the camera's picture (the calibration's), which sets the size of the light's
    cells and the smallest blob kept (a tenth of a card).
    """

    def __init__(self, frames: Sequence[np.ndarray], *, card_width_px: float, scale: float = 0.25, light_delta: float = 4.0,
                 chroma_delta: float = 6.0) -> None:
        if not frames:
            raise BackgroundError("no picture of the empty table to learn it from")
        if card_width_px <= 0:
            raise BackgroundError(f"a card's width on the picture must be more than 0 pixels, not {card_width_px}")
        self.size = _size_of(frames[0])
        self.scale, self.card_width_px = scale, card_width_px
        self.light_delta, self.chroma_delta = light_delta, chroma_delta
        stack = np.stack([self._lab(f) for f in frames])
        self._mean = np.median(stack, axis=0).astype(np.float32)
        spread = np.abs(stack - self._mean).max(axis=0) if len(frames) > 1 else np.zeros_like(self._mean)
        self._noise = cv2.GaussianBlur(spread, (0, 0), 2.0) + 2.0
        self.refreshed = 1
        self._planes()

    def _planes(self) -> None:
        """The model as the comparison uses it: the lightness and the two colour planes apart (contiguous), the noise of
        the lightness and the larger of the colours'."""
        self._light, self._a, self._b = cv2.split(self._mean)
        self._light_noise = np.ascontiguousarray(self._noise[:, :, 0])
        self._colour_noise = np.ascontiguousarray(self._noise[:, :, 1:].max(axis=2))

    def _lab(self, frame: np.ndarray) -> np.ndarray:
        size = _size_of(frame)
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise BackgroundError(f"the table's picture must be a colour (BGR, 8-bit) image, not {frame.dtype} of shape {frame.shape}")
        if size != self.size:
            raise BackgroundError(f"a picture of {size[0]}x{size[1]} pixels cannot be compared with the empty table's"
                                  f" {self.size[0]}x{self.size[1]}: learn the table again")
        return cv2.cvtColor(cv2.resize(frame, None, fx=self.scale, fy=self.scale, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2LAB).astype(np.float32)

    def refresh(self, frame: np.ndarray, *, weight: float = 0.25) -> None:
        """The table is known to be empty on ``frame`` (between hands): take it into the model (``weight`` of it)."""
        lab = self._lab(frame)
        change = np.abs(lab - self._mean)
        self._noise = np.maximum(0.9 * self._noise, cv2.GaussianBlur(np.minimum(change, 12.0), (0, 0), 2.0) + 2.0)
        self._mean = (1 - weight) * self._mean + weight * lab
        self.refreshed += 1
        self._planes()

    def foreground(self, frame: np.ndarray) -> np.ndarray:
        """What lies on the table on ``frame``: a uint8 mask (255 on it) at the model's scale."""
        return self.compare(frame).on_table

    def compare(self, frame: np.ndarray) -> TableDifference:
        """``frame`` against the empty table: what lies on it (:meth:`foreground`) and the print darker than it."""
        light, a, b = cv2.split(self._lab(frame))
        gain = self._gain(light)
        expected = gain * self._light
        d_light = cv2.absdiff(light, expected) - self._light_noise
        d_chroma = cv2.magnitude(a - self._a, b - self._b) - self._colour_noise
        mask = ((d_light > self._step(gain)) | (d_chroma > self.chroma_delta)).astype(np.uint8) * 255
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
        return TableDifference(self._without_specks(mask), light, expected - light - self._light_noise,
                               max(3, int(round(self.card_width_px * self.scale / 6)) | 1))

    def _step(self, gain: np.ndarray) -> np.ndarray:
        """How much lighter or darker than the empty table (beyond its noise) a pixel is something on it, where the room's
        light is ``gain`` times the light the table was learnt in: under an arm's shadow the few levels a white card's
        paper stands above a white table shrink with the light."""
        return np.asarray(self.light_delta * np.minimum(gain, 1.0), np.float32)

    def _gain(self, light: np.ndarray) -> np.ndarray:
        """The room's light now over the light the table was learnt in: its shape where it changes smoothly
        (:func:`_smooth_light`: an arm's shadow, its soft edge included), times what is left of it in cells of ~2 card
        widths (:meth:`_cells`)."""
        ratio = (light + 8.0) / (self._light + 8.0)
        shape = _smooth_light(ratio)
        return np.asarray(shape * self._cells(ratio / shape), np.float32)

    def _cells(self, ratio: np.ndarray) -> np.ndarray:
        """``ratio`` (the frame's lightness over the table's), smooth over the picture (cells of ~2 card widths).

        Each cell's gain is the median ratio of its pixels within :data:`LIGHT_BAND` of the whole picture's median ratio:
        a change of the light moves most of the table alike, while a card on a dark felt is several times its felt's
        lightness, and a board of cards can cover most of a cell (the cell's mean ratio was then the cards', the felt
        round them looked twice too dark, and half the table was taken for cards). A cell with too few such pixels takes
        the picture's median; the cells' gains are then smoothed by a median over their neighbours."""
        cell = max(4, int(round(2 * self.card_width_px * self.scale)))
        h, w = ratio.shape
        ny, nx = max(1, h // cell), max(1, w // cell)
        step = max(1, cell // 12)  # about 144 pixels of each cell: its median to a fraction of a per cent
        centre = float(np.median(ratio[::step, ::step]))
        ys = (np.arange(ny)[:, None] * h // ny + np.arange(0, h // ny, step)[None]).ravel()
        xs = (np.arange(nx)[:, None] * w // nx + np.arange(0, w // nx, step)[None]).ravel()
        blocks = ratio[np.ix_(ys, xs)].reshape(ny, -1, nx, len(xs) // nx).transpose(0, 2, 1, 3).reshape(ny, nx, -1)
        inside = (blocks > centre / LIGHT_BAND) & (blocks < centre * LIGHT_BAND)
        coarse = np.full((ny, nx), centre, np.float32)
        enough = inside.mean(axis=2) >= 0.15
        if enough.any():
            coarse[enough] = np.nanmedian(np.where(inside, blocks, np.nan)[enough], axis=1)
        coarse = cv2.medianBlur(coarse, 3) if min(coarse.shape) >= 3 else coarse
        return np.asarray(cv2.resize(coarse, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)

    def _without_specks(self, mask: np.ndarray) -> np.ndarray:
        """Blobs smaller than a tenth of a card are noise (a speck of dust, a flicker), not cards."""
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        least = 0.1 * (self.card_width_px * self.scale) ** 2 * 1.4
        keep = np.zeros(count, np.uint8)
        keep[1:] = (stats[1:, cv2.CC_STAT_AREA] >= least).astype(np.uint8) * 255
        return np.asarray(keep[labels], np.uint8)


SHARP = 0.05
"""A change of the light is smooth: where the logarithm of the frame's lightness over the empty table's (at the model's
scale, blurred a pixel) changes faster than this per pixel, something lies there (a card's edge, a chip, print), and
:func:`_smooth_light` does not follow it."""


BEND = 0.006
"""Nor where that logarithm bends more than this (its Laplacian, per pixel squared): a white card's edge on a white table
is a step of 5-6 %, under :data:`SHARP` once blurred and not far above the slope of an arm's shadow's edge (up to 45 %
over a card's width), but a step bends a hundred times more sharply than a shadow's edge does. At 0.004 more of the
camera's noise is taken for edges."""


GENTLE_ABOUT = 4.0
"""Where the light's change is sharp (:data:`SHARP`, :data:`BEND`), its slope is taken as the gentle slopes about it
(a Gaussian mean of those, this many pixels at the model's scale): an arm's shadow whose edge runs under a card goes on
under it, and the field is not cut short there."""


def _smooth_light(ratio: np.ndarray) -> np.ndarray:
    """The smooth part of ``ratio`` (the frame's lightness over the empty table's): the field whose slopes are the ratio's
    own where those are gentle, and the gentle ones about them where they are sharp (:data:`SHARP`, :data:`BEND`,
    :data:`GENTLE_ABOUT`), found by solving Poisson's equation with the picture's sides closed (a cosine transform) and
    set to the ratio's median level where it is gentle.

    An arm's shadow darkens the table by up to a half, its edge soft over a card's width or more. The cells of
    :meth:`TableBackground._cells`, two card widths and a median over their neighbours, cannot follow that edge: a strip
    of table a card wide along it was taken for something on the table, swallowing the cards in it, and a shadow darker
    than :data:`LIGHT_BAND` allows was taken for a card whole. What lies on the table has sharp edges all round and is
    left out of the field; what is left of the light is the cells' to take (:meth:`TableBackground._gain`)."""
    h, w = ratio.shape
    # The cosine transform takes even sizes: an odd side is padded by its last row or column (a slope of nothing).
    raw = np.log(ratio).astype(np.float32)
    log = cv2.GaussianBlur(cv2.copyMakeBorder(raw, 0, h % 2, 0, w % 2, cv2.BORDER_REPLICATE), (0, 0), 1.0)
    gx, gy = np.zeros_like(log), np.zeros_like(log)
    gx[:, :-1] = np.diff(log, axis=1)
    gy[:-1] = np.diff(log, axis=0)
    bend = np.abs(cv2.Laplacian(log, cv2.CV_32F))
    sharp = cv2.dilate(((np.hypot(gx, gy) > SHARP) | (bend > BEND)).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    # Where it is sharp, the slope is the gentle one about it (a shadow's edge running under a card goes on).
    gentle = (~sharp).astype(np.float32)
    weight = cv2.GaussianBlur(gentle, (0, 0), GENTLE_ABOUT) + 1e-6
    gx[sharp] = (cv2.GaussianBlur(gx * gentle, (0, 0), GENTLE_ABOUT) / weight)[sharp]
    gy[sharp] = (cv2.GaussianBlur(gy * gentle, (0, 0), GENTLE_ABOUT) / weight)[sharp]
    gx[:, -1] = 0  # nothing leaves the picture's sides
    gy[-1] = 0
    div = np.diff(gx, axis=1, prepend=0) + np.diff(gy, axis=0, prepend=0)
    eh, ew = log.shape
    eigen = (2 * np.cos(np.pi * np.arange(eh) / eh) - 2)[:, None] + (2 * np.cos(np.pi * np.arange(ew) / ew) - 2)[None]
    eigen[0, 0] = 1.0
    spectrum = cv2.dct(div.astype(np.float64)) / eigen
    spectrum[0, 0] = 0.0
    field = cv2.idct(spectrum).astype(np.float32)[:h, :w]
    kept = ~sharp[:h:2, :w:2]
    level = float(np.median((raw[::2, ::2] - field[::2, ::2])[kept])) if kept.any() else 0.0
    return np.asarray(np.exp(field + level), np.float32)


def _size_of(frame: np.ndarray) -> tuple[int, int]:
    if not isinstance(frame, np.ndarray) or frame.ndim < 2 or frame.size == 0:
        raise BackgroundError("the table's picture is empty or not an image")
    return (int(frame.shape[1]), int(frame.shape[0]))
