"""A real camera's set-up: the table's calibration and the deck taught on the table, where each is kept, what was loaded,
and how the camera reads with them (its zones, its recognizer, whether it reads cards at all, the mode in words)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_console.live.camera_reads import Recognizer
from dealer_console.live.errors import TaughtDeckError
from dealer_console.live.recognizers import CalibratedRecognizer, PictureOnly
from dealer_console.live.taught_deck import TeachingPicture, load_taught_deck, teach_pictures
from dealer_console.live.zones import CalibratedZones, CameraZones, ZoneMap

if TYPE_CHECKING:
    from vision.calibration import Calibration

__all__ = ["CameraReading", "CameraSetup"]


@dataclass(frozen=True, slots=True)
class CameraReading:
    """How the camera reads with a setup."""

    zones: ZoneMap
    recognizer: Recognizer
    reads_cards: bool
    mode: str
    """In words: ``"taught deck"``, ``"general mode (no deck taught)"``, ``"picture only (the table is not calibrated)"``."""


@dataclass(frozen=True, slots=True)
class CameraSetup:
    """A real camera's calibration and deck: where each is kept, what was loaded from there, and the problems met loading them."""

    calibration_path: Path | None
    taught_deck_path: Path | None
    seat_count: int
    boards: int = 1
    calibration: Calibration | None = None
    taught: tuple[TeachingPicture, ...] | None = None
    """The taught deck's pictures; ``None``: no deck taught (the general mode)."""
    problems: tuple[str, ...] = ()
    """What could not be used, in the dealer's words (posted when the devices start)."""

    @staticmethod
    def load(calibration_path: Path | None, taught_deck_path: Path | None, *, seat_count: int, boards: int = 1) -> CameraSetup:
        """Read the calibration file and the taught deck's folder where they exist; a bad one is named in ``problems`` and
        left out (the camera then shows its picture only, or reads in the general mode)."""
        from vision.calibration import Calibration, CalibrationError

        calibration, taught, problems = None, None, []
        if calibration_path is not None and Path(calibration_path).exists():
            try:
                calibration = Calibration.load(calibration_path)
            except CalibrationError as error:
                problems.append(f"The camera's calibration {calibration_path} is not used: {error}. Calibrate the table again "
                                "(Devices, Calibrate the camera); meanwhile the camera shows its picture only")
        if taught_deck_path is not None and Path(taught_deck_path).exists():
            try:
                taught = tuple(load_taught_deck(Path(taught_deck_path)))
            except TaughtDeckError as error:
                problems.append(f"The taught deck {taught_deck_path} is not used: {error}. Teach the deck again (Devices, Teach "
                                "the deck); meanwhile cards are read in the general mode")
        return CameraSetup(calibration_path, taught_deck_path, seat_count, boards, calibration, taught, tuple(problems))

    def reading(self) -> CameraReading:
        """How the camera reads with this setup: its zones, its recogniser, whether it reads cards, and the mode in words."""
        calibration = self.calibration
        if calibration is None:
            return CameraReading(CameraZones(self.seat_count, boards=self.boards), PictureOnly(), False,
                                 "picture only (the table is not calibrated)")
        zones = CalibratedZones(calibration, self.boards)
        if self.taught is not None:
            taught = tuple(self.taught)
            return CameraReading(zones, CalibratedRecognizer(calibration, lambda: teach_pictures(taught, calibration)), True, "taught deck")
        from vision.recognize import general_deck

        return CameraReading(zones, CalibratedRecognizer(calibration, general_deck), True, "general mode (no deck taught)")
