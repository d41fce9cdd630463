"""Fonts fitted to a box in one step: a text's size is measured once at a reference size and scaled in proportion.

A text's width grows in proportion to its font's pixel size, give or take the rounding of each glyph; so the size
that fits a width is the reference size times the width over the text's width at the reference size, checked at
the size found and made a pixel smaller while it is still too wide. Every measurement is cached by its font, text and
size, so a text seen before costs nothing, and a widget asks again only when its text or its size changes.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument

__all__ = ["REFERENCE", "fitted_pixels", "rich_size", "text_width", "wrapped_height"]

REFERENCE = 100
"""The pixel size at which a text is first measured."""


@functools.lru_cache(maxsize=64)
def _font(key: str, pixels: int) -> QFont:
    font = QFont()
    font.fromString(key)
    font.setPixelSize(max(1, pixels))
    return font


@functools.lru_cache(maxsize=8192)
def text_width(key: str, text: str, pixels: int) -> float:
    """The width of the longest line of plain ``text`` in the font ``key`` (``QFont.toString()``) at ``pixels``."""
    metrics = QFontMetricsF(_font(key, pixels))
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0.0)


@functools.lru_cache(maxsize=4096)
def rich_size(key: str, html: str, pixels: int) -> tuple[float, float]:
    """The natural width and the height of rich text ``html`` in the font ``key`` at ``pixels`` (no margin)."""
    document = QTextDocument()
    document.setDefaultFont(_font(key, pixels))
    document.setDocumentMargin(0)
    document.setHtml(html)
    return document.idealWidth(), document.size().height()


@functools.lru_cache(maxsize=4096)
def wrapped_height(key: str, text: str, pixels: int, width: int) -> int:
    """The height of plain ``text`` word-wrapped to ``width`` in the font ``key`` at ``pixels``."""
    metrics = QFontMetricsF(_font(key, pixels))
    flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignCenter)
    return int(metrics.boundingRect(QRect(0, 0, max(1, width), 100_000), flags, text).height() + 0.999)


@functools.lru_cache(maxsize=8192)
def fitted_pixels(key: str, text: str, room: int, largest: int, smallest: int, rich: bool = False) -> int:
    """The largest pixel size, between ``smallest`` and ``largest``, at which ``text`` is at most ``room`` wide.

    One measurement at :data:`REFERENCE`, the size scaled in proportion, a check at the size found (a pixel
    less while it is still too wide); ``smallest`` when even that does not fit (the caller elides).
    """
    if largest <= smallest:
        return smallest

    def width(pixels: int) -> float:
        return rich_size(key, text, pixels)[0] if rich else text_width(key, text, pixels)

    wide = width(REFERENCE)
    if wide <= 0:
        return largest
    pixels = max(smallest, min(largest, int(REFERENCE * room / wide)))
    while pixels > smallest and width(pixels) > room:  # rounding (rich text's spaces most) may cost a pixel or two
        pixels -= 1
    return pixels
