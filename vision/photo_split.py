"""The one rule that splits the real corner photos into training, validation and held-out parts.

The photos of ``shared/data/corner_photos`` ("Card Detection" v12 by the Roboflow user
cadyzedevelopmenthub, as published in the GitHub repository Ammememe/CardCounterML, CC BY 4.0)
were taken in bursts seconds apart: neighbours are near duplicates, so a random split would
test on pictures the reader was trained on. The split is by **scene** instead: each kind of
picture (``IMG_*`` phone close-ups, ``WIN_*`` webcam views) is put in time order from the
timestamp its name carries, and a gap of more than :data:`SCENE_GAP_SECONDS` starts a new scene.
All scenes of both kinds are numbered in time order; every fourth scene, starting with the fourth
(number % 4 == 3), is held out for testing (29.7 % of the card boxes, both kinds), and every fourth
starting with the second (number % 4 == 1) is kept for validation and calibration. The held-out
part is never used for training, validation or calibration.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from .errors import VisionError

SCENE_GAP_SECONDS = 60.0
"""A pause longer than this between two pictures of one kind starts a new scene (the longest pause within a burst is 50 s)."""

_STAMP = re.compile(r"^(?P<kind>IMG|WIN)_(?P<date>\d{8})_(?P<time>\d{6}|\d\d_\d\d_\d\d)")


class PhotoNameError(VisionError):
    """A photo's name carries no timestamp the split understands."""

    def __init__(self, name: str) -> None:
        super().__init__(f"corner photo name without a timestamp: {name!r} (expected IMG_YYYYMMDD_HHMMSS or WIN_YYYYMMDD_HH_MM_SS)")
        self.name = name


def photo_time(name: str) -> tuple[str, datetime]:
    """The kind (``IMG`` or ``WIN``) and the moment a photo's name records."""
    stem = name.rsplit("/", 1)[-1]
    match = _STAMP.match(stem)
    if match is None:
        raise PhotoNameError(name)
    stamp = match["date"] + match["time"].replace("_", "")
    try:
        moment = datetime.strptime(stamp, "%Y%m%d%H%M%S")
    except ValueError as error:
        raise PhotoNameError(name) from error
    return match["kind"], moment


def photo_scenes(names: Iterable[str]) -> list[list[str]]:
    """The photos grouped into scenes, scenes in time order (each kind's bursts, then ordered by first picture)."""
    timed = sorted((photo_time(name), name) for name in set(names))
    scenes: list[list[str]] = []
    previous: tuple[str, datetime] | None = None
    for (kind, moment), name in timed:
        if previous is None or previous[0] != kind or (moment - previous[1]).total_seconds() > SCENE_GAP_SECONDS:
            scenes.append([])
        scenes[-1].append(name)
        previous = (kind, moment)
    scenes.sort(key=lambda scene: photo_time(scene[0])[1])
    return scenes


def corner_photo_parts(names: Iterable[str]) -> tuple[list[str], list[str], list[str]]:
    """``(fit, validation, test)``: the photos to train on, to validate and calibrate on, and held out."""
    fit: list[str] = []
    validation: list[str] = []
    test: list[str] = []
    for number, scene in enumerate(photo_scenes(names)):
        part = {3: test, 1: validation}.get(number % 4, fit)
        part.extend(scene)
    return sorted(fit), sorted(validation), sorted(test)


def corner_photo_split(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """``(train, test)``: every photo that may be learnt from (fit and validation) and the held-out ones."""
    fit, validation, test = corner_photo_parts(names)
    return sorted(fit + validation), test
