"""Places on the table where the camera reads cards: a board's row (or an extra run's row below it), a seat's showdown
area, the muck, or off the zones; and the two ways of placing a card read on a picture (:class:`CameraZones` for the
demo's felt, :class:`CalibratedZones` with a real table's calibration)."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_console.live.errors import ZoneError

if TYPE_CHECKING:
    from vision.calibration import Calibration

__all__ = ["MUCK", "OFF", "CalibratedZones", "CameraZones", "Zone", "ZoneKind", "ZoneMap"]


class ZoneKind(enum.Enum):
    """What a place on the table is for."""

    BOARD = "board"
    SEAT = "seat"
    MUCK = "muck"
    OFF = "off the zones"


@dataclass(frozen=True, slots=True)
class Zone:
    """One place on the table; ``str(zone)`` is its name in the dealer's words (``"board 1"``, ``"board 1, run 2"``,
    ``"seat 3"``, ``"muck"``, ``"off the zones"``). Made with :meth:`board`, :meth:`seat`, :data:`MUCK` or :data:`OFF`."""

    kind: ZoneKind
    board: int = 0
    """The board's row, from 0 (a board zone)."""
    run: int = 0
    """The run whose own cards lie in the row, from 0 (an extra run's row lies below the first run's)."""
    seat: int = 0
    """The seat number (a seat's showdown zone)."""

    @staticmethod
    def of_board(board: int, run: int = 0) -> Zone:
        """The row of ``board`` (from 0); an extra ``run`` (from 0) has a row of its own below it."""
        if board < 0 or run < 0:
            raise ZoneError(f"a board and a run are counted from 0, not board {board} run {run}", board=board, run=run)
        return Zone(ZoneKind.BOARD, board=board, run=run)

    @staticmethod
    def of_seat(seat: int) -> Zone:
        """A seat's showdown area."""
        if seat < 1:
            raise ZoneError(f"seats are numbered from 1, not {seat}", seat=seat)
        return Zone(ZoneKind.SEAT, seat=seat)

    @property
    def is_board(self) -> bool:
        """A board's row (of any run)."""
        return self.kind is ZoneKind.BOARD

    @property
    def is_seat(self) -> bool:
        """A seat's showdown area."""
        return self.kind is ZoneKind.SEAT

    def __str__(self) -> str:
        if self.kind is ZoneKind.BOARD:
            return f"board {self.board + 1}" + (f", run {self.run + 1}" if self.run else "")
        if self.kind is ZoneKind.SEAT:
            return f"seat {self.seat}"
        return str(self.kind.value)


MUCK = Zone(ZoneKind.MUCK)
"""The muck."""
OFF = Zone(ZoneKind.OFF)
"""Anywhere a card has no meaning."""


@dataclass(frozen=True, slots=True)
class CameraZones:
    """Where the board and each seat's cards lie on the picture, as fractions of its width and height.

    The demo felt's zones (the board in a band across the middle, the seats round an oval); a real
    camera places its reads with the table's calibration instead (:class:`CalibratedZones`).
    """

    seat_count: int
    boards: int = 1
    board_area: tuple[float, float, float, float] = (0.27, 0.30, 0.73, 0.70)
    """x0, y0, x1, y1."""
    oval: tuple[float, float] = (0.40, 0.36)
    """Half-width and half-height of the oval of seats."""

    def seat_centre(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards lie (fractions), clockwise from the dealer's place at the bottom centre."""
        angle = math.radians(90 + 360 * seat / (self.seat_count + 1))
        return 0.5 + self.oval[0] * math.cos(angle), 0.5 + self.oval[1] * math.sin(angle)

    def board_row_centre(self, board: int) -> float:
        """The height (fraction) of a board's row of cards."""
        y0, y1 = self.board_area[1], self.board_area[3]
        return y0 + (y1 - y0) * (board + 0.5) / self.boards

    def place_px(self, x: float, y: float, width: int, height: int) -> Zone:
        """The zone a card centred at pixel (x, y) of a ``width`` x ``height`` picture lies in."""
        return self.place(x / width, y / height)

    def place(self, x: float, y: float) -> Zone:
        """The zone a card centred at (x, y) (fractions) lies in."""
        x0, y0, x1, y1 = self.board_area
        if x0 <= x <= x1 and y0 <= y <= y1:
            return Zone.of_board(min(self.boards - 1, int((y - y0) / (y1 - y0) * self.boards)))
        seat, distance = min(
            ((seat, math.dist((x, y), self.seat_centre(seat))) for seat in range(1, self.seat_count + 1)), key=lambda pair: pair[1]
        )
        return Zone.of_seat(seat) if distance < 0.16 else OFF


class CalibratedZones:
    """Where the board, each seat's showdown area and the muck lie, from the table's calibration (:mod:`vision.calibration`).

    A card is placed by its centre mapped onto the table plan. The board area is split in ``boards`` bands from the far
    side (board 1 the farthest, as :mod:`vision.boards` counts rows); a seat's showdown area is its seat's zone; the muck
    is :data:`MUCK`; anywhere else is :data:`OFF`.
    """

    def __init__(self, calibration: Calibration, boards: int = 1) -> None:
        self.calibration = calibration
        self.boards = max(1, boards)

    def place_px(self, x: float, y: float, width: int, height: int) -> Zone:
        """The zone a card centred at pixel (x, y) lies in (the picture's size is the calibration's)."""
        zone = self.calibration.zone_at((x, y))
        if zone is None:
            return OFF
        if zone.kind == "showdown":
            return Zone.of_seat(zone.seat) if zone.seat is not None else OFF
        if zone.kind == "board":
            plan_y = float(self.calibration.to_plan([(x, y)])[0][1])
            ys = [corner[1] for corner in zone.polygon_mm]
            top, bottom = min(ys), max(ys)
            row = int((plan_y - top) / max(bottom - top, 1e-6) * self.boards)
            return Zone.of_board(min(self.boards - 1, max(0, row)))
        return MUCK


ZoneMap = CameraZones | CalibratedZones
"""Either way of placing a read on the table."""
