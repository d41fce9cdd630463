"""The empty table, learnt: anything new on it is found whatever its colours.

A card room's tables are not all green felt: a white card on a light wooden or white table is neither much lighter than
the table nor far from its colour, so a model of the felt's colour finds nothing there. The camera does not move,
though, and the table is known to be empty between hands: :class:`TableBackground` keeps the empty table's picture
(learnt at calibration, refreshed whenever the console knows the table is empty) and :meth:`TableBackground.foreground`
marks what differs from it, in lightness or in colour, beyond what the camera's own noise and a change of the room's
light explain.

The light is allowed to drift between refreshes (a lamp switched on, daylight fading): the frame's lightness is
compared with the table's after a gain that varies smoothly over the picture (a coarse median of the ratio of the two,
on cells of about two card widths), so a slow change of the light is not a card, while a card (a few cells at most, and
never the median of a cell of the empty table around it) is.
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
    noise, to be something on it. ``card_width_px``: a card's width on the camera's picture (the calibration's), which
    sets the size of the light's cells and the smallest blob kept (a tenth of a card).
    """

    def __init__(self, frames: Sequence[np.ndarray], *, card_width_px: float, scale: float = 0.25, light_delta: float = 8.0,
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
        expected = self._gain(light) * self._light
        d_light = cv2.absdiff(light, expected) - self._light_noise
        d_chroma = cv2.magnitude(a - self._a, b - self._b) - self._colour_noise
        mask = ((d_light > self.light_delta) | (d_chroma > self.chroma_delta)).astype(np.uint8) * 255
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
        return TableDifference(self._without_specks(mask), light, expected - light - self._light_noise,
                               max(3, int(round(self.card_width_px * self.scale / 6)) | 1))

    def _gain(self, light: np.ndarray) -> np.ndarray:
        """The room's light now over the light the table was learnt in, smooth over the picture (cells of ~2 card widths).

        Each cell's gain is the median ratio of its pixels within :data:`LIGHT_BAND` of the whole picture's median ratio:
        a change of the light moves most of the table alike, while a card on a dark felt is several times its felt's
        lightness, and a board of cards can cover most of a cell (the cell's mean ratio was then the cards', the felt
        round them looked twice too dark, and half the table was taken for cards). A cell with too few such pixels takes
        the picture's median; the cells' gains are then smoothed by a median over their neighbours."""
        ratio = (light + 8.0) / (self._light + 8.0)
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


def _size_of(frame: np.ndarray) -> tuple[int, int]:
    if not isinstance(frame, np.ndarray) or frame.ndim < 2 or frame.size == 0:
        raise BackgroundError("the table's picture is empty or not an image")
    return (int(frame.shape[1]), int(frame.shape[0]))
