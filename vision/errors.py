"""The one root of the errors ``vision/`` raises on bad input: a caller catches :class:`VisionError` (or its kind) and
shows its message, which names what was wrong and how to put it right."""

from __future__ import annotations

__all__ = ["VisionError"]


class VisionError(ValueError):
    """Bad input to card reading: a picture, a calibration, a teaching layout, a labelled folder, an evidence image."""
