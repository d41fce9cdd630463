"""The deck taught on the table, kept on disk: teaching pictures (cards laid out apart, face up, named in reading order)
saved in a folder and loaded back, taught into a deck and read back; and what the teaching screen needs from the
camera's picture (the cards found on it, in reading order). The screens call these and never :mod:`vision` itself."""

from __future__ import annotations

import csv
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from dealer_console.engine.cards import parse_card
from dealer_console.engine.errors import CardError
from dealer_console.live.errors import DeckNotTaught, PictureRefused, TaughtDeckError

if TYPE_CHECKING:
    from vision.calibration import Calibration
    from vision.detect import DetectorConfig
    from vision.recognize import TaughtDeck

__all__ = [
    "TEACHING_CSV",
    "LaidOutCards",
    "TeachingPicture",
    "TeachingResult",
    "find_laid_out_cards",
    "load_taught_deck",
    "read_back",
    "save_taught_deck",
    "teach_and_check",
    "teach_pictures",
    "teaching_card_width",
]

TEACHING_CSV = "cards.csv"
"""The listing of a taught deck's folder: one row per picture (``image``, ``cards``, ``card_width_px``)."""


@dataclass(frozen=True, slots=True)
class TeachingPicture:
    """One picture of cards laid out apart, face up, with the cards in reading order (rows top to bottom, left to right)."""

    image: np.ndarray = field(repr=False, compare=False)
    """BGR pixels, the floor round the table already masked off."""
    cards: tuple[str, ...]
    card_width_px: float


def save_taught_deck(folder: Path, pictures: Sequence[TeachingPicture]) -> None:
    """Keep a taught deck as its teaching pictures: ``folder/cards.csv`` (``image``, ``cards``, ``card_width_px``) and a PNG each.

    The pictures, not the learnt glyphs, are kept: the deck is taught again from them when the console starts (a better
    recogniser then learns more from the same pictures), and the folder is what ``dealer-console vision-eval --teach``
    reads. Written in a folder beside, then moved into place (a failed save leaves the deck that was there).
    """
    if not pictures:
        raise TaughtDeckError("no teaching picture taken: lay out the cards and take a picture first", path=Path(folder))
    folder = Path(folder)
    partial = folder.with_name(folder.name + ".part")
    old = folder.with_name(folder.name + ".old")
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        for leftover in (partial, old):
            if leftover.exists():
                shutil.rmtree(leftover)
        partial.mkdir()
        rows = []
        for number, picture in enumerate(pictures, 1):
            name = f"picture-{number}.png"
            if not cv2.imwrite(str(partial / name), picture.image):
                raise TaughtDeckError(f"the teaching picture {partial / name} could not be written", path=partial / name)
            rows.append({"image": name, "cards": " ".join(picture.cards), "card_width_px": f"{picture.card_width_px:.2f}"})
        with open(partial / TEACHING_CSV, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=["image", "cards", "card_width_px"])
            writer.writeheader()
            writer.writerows(rows)
        if folder.exists():
            folder.rename(old)
        partial.rename(folder)
        shutil.rmtree(old, ignore_errors=True)
    except OSError as error:
        raise TaughtDeckError(f"the taught deck could not be saved in {folder}: {error.strerror or error}", path=folder) from error


def load_taught_deck(folder: Path) -> list[TeachingPicture]:
    """The teaching pictures of a taught deck's folder (:func:`save_taught_deck`), every row checked."""
    folder = Path(folder)
    listing = folder / TEACHING_CSV
    try:
        with open(listing, newline="", encoding="utf-8-sig") as source:
            reader = csv.DictReader(source)
            rows = list(reader)
            columns = list(reader.fieldnames or [])
    except FileNotFoundError as error:
        raise TaughtDeckError(f"{listing} does not exist", path=listing) from error
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise TaughtDeckError(f"{listing} cannot be read: {error}", path=listing) from error
    missing = [column for column in ("image", "cards", "card_width_px") if column not in columns]
    if missing:
        raise TaughtDeckError(f"{listing}: no column {', '.join(missing)}", path=listing)
    if not rows:
        raise TaughtDeckError(f"{listing} lists no teaching picture", path=listing)
    seen: dict[str, int] = {}
    return [_picture_of_row(folder, line, row, seen) for line, row in enumerate(rows, 2)]


def _picture_of_row(folder: Path, line: int, row: dict[str, str], seen: dict[str, int]) -> TeachingPicture:
    """One row of the listing checked (``seen``: each card named so far and its line) and its picture read."""
    listing = folder / TEACHING_CSV
    where = f"{listing} line {line}"
    try:
        width = float(row["card_width_px"])
    except (TypeError, ValueError):
        width = -1.0
    if not 10 <= width <= 1000:
        raise TaughtDeckError(f"{where}: card_width_px {row['card_width_px']!r} is not a card width in pixels", path=listing)
    cards = []
    for text in (row["cards"] or "").split():
        try:
            card = parse_card(text)
        except CardError:
            card = None
        if card is None:
            raise TaughtDeckError(f"{where}: {text!r} is not a card (write it like As, Td, 7c)", path=listing, card=text)
        if str(card) in seen:
            raise TaughtDeckError(f"{where}: {card} is also on line {seen[str(card)]}", path=listing, card=str(card))
        seen[str(card)] = line
        cards.append(str(card))
    if not cards:
        raise TaughtDeckError(f"{where}: no card listed", path=listing)
    image = cv2.imread(str(folder / (row["image"] or "")), cv2.IMREAD_COLOR)
    if image is None:
        raise TaughtDeckError(f"{where}: the picture {folder / (row['image'] or '')} cannot be read", path=folder / (row["image"] or ""))
    return TeachingPicture(image, tuple(cards), width)


def _picture_config(picture: TeachingPicture, calibration: Calibration | None) -> DetectorConfig:
    """How a teaching picture is read: at its own card width and, when it was taken by the calibrated camera, each card at
    the size it has where it lies (:meth:`vision.calibration.Calibration.picture_config`)."""
    from vision.detect import DetectorConfig

    if calibration is not None:
        return calibration.picture_config(picture.image, picture.card_width_px)
    return DetectorConfig(card_width_px=picture.card_width_px)


def teach_pictures(pictures: Sequence[TeachingPicture], calibration: Calibration | None = None) -> TaughtDeck:
    """The deck taught from ``pictures`` (:func:`vision.recognize.teach`, one picture at a time at its own card width;
    with the table's ``calibration``, each card at the size it has where it lies)."""
    from vision.recognize import teach

    deck = None
    for picture in pictures:
        deck = teach([(picture.image, list(picture.cards))], picture.card_width_px, deck, _picture_config(picture, calibration))
    if deck is None:
        raise DeckNotTaught("no teaching picture to teach the deck from", pictures=0)
    return deck


def read_back(deck: TaughtDeck, pictures: Sequence[TeachingPicture], calibration: Calibration | None = None) -> list[str]:
    """The cards of ``pictures`` that ``deck`` does not read confidently on their own picture (they would read unknown)."""
    from vision.recognize import read_frame

    missed = []
    for picture in pictures:
        read = {r.card for r in read_frame(picture.image, deck, _picture_config(picture, calibration)) if r.card}
        missed += [card for card in picture.cards if card not in read]
    return missed


@dataclass(frozen=True, slots=True)
class TeachingResult:
    """A deck taught from the teaching pictures, and the cards it does not read back on their own picture."""

    deck: TaughtDeck
    not_read_back: tuple[str, ...]
    not_learnt: tuple[tuple[str, str], ...] = ()
    """The cards laid out that neither reader learnt, each with why: ``"not found"``, ``"glare"`` or ``"blur"``."""


def teach_and_check(pictures: Sequence[TeachingPicture], calibration: Calibration | None = None) -> TeachingResult:
    """Teach the deck from ``pictures`` and read each picture back (a second or two: run it off the screen's thread).

    Raises :class:`DeckNotTaught` with the teacher's reason (a picture whose cards cannot be found as named).
    """
    from vision.recognize import TeachError

    try:
        deck = teach_pictures(pictures, calibration)
    except TeachError as error:
        raise DeckNotTaught(str(error), pictures=len(pictures)) from error
    return TeachingResult(deck, tuple(read_back(deck, pictures, calibration)), tuple(sorted(deck.untaught_reasons.items())))


def teaching_card_width(calibration: Calibration) -> float:
    """The card width, in pixels, the calibrated camera's teaching pictures are taken at."""
    return float(calibration.detector_config().card_width_px)


@dataclass(frozen=True, slots=True)
class LaidOutCards:
    """A camera picture with the floor round the table masked off, and the cards found on it in reading order (their outlines)."""

    image: np.ndarray = field(repr=False, compare=False)
    quads: tuple[np.ndarray, ...] = field(repr=False, compare=False)


def find_laid_out_cards(frame: np.ndarray, calibration: Calibration) -> LaidOutCards:
    """The cards laid out apart on ``frame``, numbered in reading order (rows from the far side, each left to right:
    :func:`vision.recognize.reading_order`). Raises :class:`PictureRefused` for a picture the calibration cannot use."""
    from vision.calibration import CalibrationError
    from vision.detect import DetectorConfig, detect_cards
    from vision.recognize import reading_order
    from vision.synthetic import CARD_ASPECT

    try:
        image = calibration.mask_off_table(frame)
    except CalibrationError as error:
        raise PictureRefused(str(error), size=(int(frame.shape[1]), int(frame.shape[0]))) from error
    width = teaching_card_width(calibration)
    quads = [d.quad for d in detect_cards(image, DetectorConfig(card_width_px=width)) if d.kind == "single"]
    return LaidOutCards(image, tuple(quads[i] for i in reading_order(quads, row_tol=width * CARD_ASPECT / 2)))
