"""Calibrating the table's camera, for the calibration screen: a calibration from four corners clicked or from the felt's
edge, the zones of the plan, what to draw over the picture, and the file it is saved in. The screens call these and
never :mod:`vision` itself; :class:`Calibration` is the value they hold."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dealer_console.live.errors import CalibrationRefused
from vision.calibration import Calibration, CalibrationError, Zone, standard_zones

__all__ = [
    "Calibration",
    "CalibrationOutline",
    "PlanZone",
    "calibrate_from_corners",
    "calibrate_from_felt_edge",
    "calibration_outline",
    "plan_zones",
    "save_calibration",
]

Point = tuple[float, float]


def plan_zones(current: Calibration | None, plan_size_mm: tuple[float, float], seats: int) -> list[Zone]:
    """The zones of a plan of ``plan_size_mm``: the room's own (``current``'s) while the felt keeps its size, else the
    standard layout for ``seats``."""
    if current is not None and current.zones and current.plan_size_mm == plan_size_mm:
        return list(current.zones)
    return standard_zones(plan_size_mm, seats)


def calibrate_from_corners(points: Sequence[Point], *, image_size: tuple[int, int], plan_size_mm: tuple[float, float], seats: int,
                           current: Calibration | None = None, felt_edge: bool = False) -> Calibration:
    """The calibration from the felt's four corners on the picture (far left, far right, near right, near left), with the
    zones of :func:`plan_zones`; ``felt_edge``: they were found on the felt's edge. Raises :class:`CalibrationRefused`
    with the reason."""
    width, depth = plan_size_mm
    zones = plan_zones(current, plan_size_mm, seats)
    try:
        calibration = Calibration.from_points(list(points), [(0, 0), (width, 0), (width, depth), (0, depth)], image_size=image_size,
                                              plan_size_mm=plan_size_mm, zones=zones)
    except CalibrationError as error:
        raise CalibrationRefused(str(error), points=tuple(points)) from error
    if felt_edge:
        calibration.method = "felt-edge"
    return calibration


def calibrate_from_felt_edge(frame: np.ndarray, *, plan_size_mm: tuple[float, float], seats: int,
                             current: Calibration | None = None) -> Calibration:
    """The calibration from the felt's edge found on ``frame`` (a rectangular felt seen whole; image work that takes a
    while: run it off the screen's thread), with the zones of :func:`plan_zones`. Raises :class:`CalibrationRefused`."""
    try:
        return Calibration.from_felt_edge(frame, plan_size_mm=plan_size_mm, zones=plan_zones(current, plan_size_mm, seats))
    except CalibrationError as error:
        raise CalibrationRefused(str(error)) from error


def save_calibration(calibration: Calibration, path: Path) -> None:
    """Write ``calibration`` to its TOML file (the folder made if need be). Raises :class:`CalibrationRefused` with the
    system's reason and the file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        calibration.save(path)
    except OSError as error:
        raise CalibrationRefused(str(error.strerror or error), path=path) from error


@dataclass(frozen=True, slots=True)
class PlanZone:
    """A zone of the plan as drawn on the picture: its kind (``board``, ``showdown``, ``muck``), name, seat and outline."""

    kind: str
    name: str
    seat: int | None
    outline: tuple[Point, ...]
    """Its corners in picture pixels."""


@dataclass(frozen=True, slots=True)
class CalibrationOutline:
    """What a calibration looks like on the picture: the felt's outline and each zone's."""

    felt: tuple[Point, ...]
    zones: tuple[PlanZone, ...]


def _points(array: np.ndarray) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in array)


def calibration_outline(calibration: Calibration) -> CalibrationOutline:
    """The felt's and the zones' outlines on the picture, from the plan mapped through ``calibration``."""
    width, depth = calibration.plan_size_mm
    felt = _points(calibration.to_image([(0, 0), (width, 0), (width, depth), (0, depth)]))
    zones = tuple(PlanZone(zone.kind, zone.name, zone.seat, _points(calibration.to_image(zone.polygon_mm))) for zone in calibration.zones)
    return CalibrationOutline(felt, zones)
