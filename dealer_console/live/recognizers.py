"""Recognizers: what reads the cards of a frame on the camera's thread (a taught deck, a real camera's calibrated reader,
or none: the picture only)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from dealer_console.engine.cards import parse_card
from dealer_console.live.camera_reads import Sighting

if TYPE_CHECKING:
    from vision.background import TableBackground
    from vision.calibration import Calibration
    from vision.recognize import TaughtDeck
    from vision.sources import Frame
    from vision.synthetic import Deck

__all__ = ["CalibratedRecognizer", "PictureOnly", "TaughtDeckRecognizer"]


def _sightings(readings: Sequence[Any]) -> list[Sighting]:
    """The recogniser's readings (:class:`vision.recognize.Reading`) as the hub's sightings."""
    return [
        Sighting(parse_card(r.card) if r.card else None, parse_card(r.best) if r.best else None, float(r.confidence),
                 tuple((float(x), float(y)) for x, y in r.quad))
        for r in readings
    ]


class TaughtDeckRecognizer:
    """The taught-deck reader of :mod:`vision.recognize`, taught on first use (on the camera thread)."""

    def __init__(self, teach_frames: Callable[[], list[tuple[np.ndarray, list[str]]]], *, card_width_px: float) -> None:
        self._teach_frames = teach_frames
        self.card_width_px = card_width_px
        self._deck: Any = None

    def __call__(self, frame: Frame) -> list[Sighting]:
        """Every card read on ``frame``."""
        from vision.detect import DetectorConfig
        from vision.recognize import read_frame, teach

        if self._deck is None:
            self._deck = teach(self._teach_frames(), self.card_width_px)
        return _sightings(read_frame(frame.image, self._deck, DetectorConfig(card_width_px=self.card_width_px)))

    @classmethod
    def for_deck(cls, deck: Deck, *, card_width_px: float, size: tuple[int, int]) -> TaughtDeckRecognizer:
        """Taught from ``deck`` laid out in reading order on two frames, as a dealer teaches the console a new deck."""
        from vision.synthetic import ALL_CARDS, SceneConfig, teach_layout

        def frames() -> list[tuple[np.ndarray, list[str]]]:
            config = SceneConfig(width=size[0], height=size[1], card_width_px=(card_width_px, card_width_px))
            half = len(ALL_CARDS) // 2
            out = []
            for number, cards in enumerate((ALL_CARDS[:half], ALL_CARDS[half:])):
                scene = teach_layout(deck, 7001 + number, cards, config)
                out.append((scene.image, [truth.card for truth in scene.cards]))
            return out

        return cls(frames, card_width_px=card_width_px)


class CalibratedRecognizer:
    """A real camera's reader: the floor round the table masked off and the card size from the table's calibration, the deck
    taught on the table or the general mode, each index read by the learned corner reader too (:mod:`vision.learned`,
    when its model file is there); the deck is made on first use (on the camera thread: teaching takes a second or two).

    A picture of another size than the calibration's raises :class:`vision.calibration.CalibrationError` ("calibrate the
    table again"), which the hub shows as the reason no card is read.
    """

    def __init__(self, calibration: Calibration, deck: Callable[[], TaughtDeck]) -> None:
        self.calibration = calibration
        self._make_deck = deck
        self._deck: TaughtDeck | None = None
        self.config = calibration.detector_config()
        self.background: TableBackground | None = None
        """The empty table as the camera last saw it (:meth:`table_empty`); until then, cards are told from the felt's colour."""

    def __call__(self, frame: Frame) -> list[Sighting]:
        """Every card read on ``frame``."""
        from vision.learned import with_learned_reader
        from vision.recognize import read_frame

        self.calibration.check_frame(frame.image)  # a picture of another size is refused before any deck is made
        if self._deck is None:
            self._deck = with_learned_reader(self._make_deck())
        image = self.calibration.mask_off_table(frame.image)
        return _sightings(read_frame(image, self._deck, self.config))

    def table_empty(self, image: np.ndarray) -> None:
        """``image`` shows the table empty (between hands, nothing read on it): learn it, or refresh what was learnt; from
        then on the card area is what differs from the empty table, whatever its colours."""
        from vision.background import TableBackground

        self.calibration.check_frame(image)
        empty = self.calibration.mask_off_table(image)
        if self.background is None:
            self.background = TableBackground([empty], card_width_px=self.config.card_width_px)
            self.config = dataclasses.replace(self.config, background=self.background)
        else:
            self.background.refresh(empty)


class PictureOnly:
    """A camera that shows its picture and reads no card (the table is not calibrated): the board is dealt from the console."""

    def __call__(self, frame: Frame) -> list[Sighting]:
        """No card."""
        return []
