"""Teaching the console the table's deck (the way a card room calibrates for its own deck brand).

The dealer lays cards out under the camera, apart and face up, in rows; the dialog finds them and numbers them on the
picture in reading order (rows from the far side, each left to right: :func:`vision.recognize.reading_order`), and
the dealer names them in that order (the field is pre-filled with the next cards of the deck, rank by rank). About
half a deck fits a picture; "Take this picture" keeps it, the next cards go on the next picture. "Teach and check"
teaches the deck (:func:`vision.recognize.teach`) and reads every picture back: the cards it could not read back are
named (they would read unknown, or wait for the dealer). "Save" writes the teaching pictures to the folder
``[devices] taught_deck`` names and the camera reads with the deck at once. The table must be calibrated first: the
calibration gives the card size and masks off the floor.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dealer_console.engine.cards import DECK, parse_card
from dealer_console.engine.errors import CardError
from dealer_console.live.devices import TaughtDeckError, TeachingPicture, read_back, save_taught_deck, teach_pictures
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.ui.frame_picture import frame_pixmap, label_painter
from vision.calibration import Calibration, CalibrationError
from vision.detect import DetectorConfig, detect_cards
from vision.recognize import TaughtDeck, TeachError, reading_order
from vision.synthetic import CARD_ASPECT

if TYPE_CHECKING:
    from dealer_console.live.devices import DeviceHub
    from dealer_console.ui.main_window import DealerWindow

PICTURE_WIDTH = 960


def _symbols(cards: list[str] | tuple[str, ...]) -> str:
    return " ".join(parse_card(card).symbol for card in cards)  # type: ignore[union-attr]


class TeachDeckDialog(QDialog):
    """Pictures of the deck laid out, each with its cards named in reading order -> a taught deck, checked and saved."""

    def __init__(self, grab: Callable[[], np.ndarray | None], *, calibration: Calibration, path: Path,
                 on_saved: Callable[[list[TeachingPicture]], None] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("teach_deck_dialog")
        self.setWindowTitle(self.tr("Teach the deck"))
        self.take_frame, self.calibration, self.path, self.on_saved = grab, calibration, Path(path), on_saved
        self.card_width_px = calibration.detector_config().card_width_px
        self.frame: np.ndarray | None = None
        """The picture shown, the floor round the table masked off."""
        self.found: list[np.ndarray] = []
        """The cards found on it, in reading order (their outlines)."""
        self.pictures: list[TeachingPicture] = []
        self.deck: TaughtDeck | None = None
        self.not_read_back: list[str] = []
        layout = QVBoxLayout(self)
        self.instruction = QLabel(self.tr(
            "Lay cards out apart and face up, in rows (about half the deck at a time). The cards found are numbered on the picture: "
            "name them in that order, rows from the far side, each row left to right, then Take this picture."))
        self.instruction.setWordWrap(True)
        self.instruction.setStyleSheet("font-size: 13pt;")
        self.picture = QLabel()
        self.picture.setObjectName("teach_picture")
        self.picture.setStyleSheet("background: #111; color: #aaa;")
        self.found_label = QLabel()
        self.found_label.setObjectName("teach_found")
        self.cards = QLineEdit()
        self.cards.setObjectName("teach_cards")
        self.cards.setPlaceholderText(self.tr("the cards in reading order, like As Ks Qs"))
        self.taken = QLabel()
        self.taken.setObjectName("teach_taken")
        self.taken.setWordWrap(True)
        self.message = QLabel()
        self.message.setObjectName("teach_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px;")
        buttons = QHBoxLayout()
        self.new_picture = QPushButton(self.tr("New picture"))
        self.take = QPushButton(self.tr("Take this picture"))
        self.start_again = QPushButton(self.tr("Start again"))
        self.teach = QPushButton(self.tr("Teach and check"))
        self.save = QPushButton(self.tr("Save"))
        self.close_button = QPushButton(self.tr("Close"))
        for button, slot in ((self.new_picture, self.take_picture), (self.take, self.keep_picture), (self.start_again, self.forget_pictures),
                             (self.teach, self.teach_deck), (self.save, self.save_deck), (self.close_button, self.reject)):
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        for widget in (self.instruction, self.picture, self.found_label, self.cards, self.taken, self.message):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        self.take_picture()
        self._update()

    # ------------------------------------------------------------------ what the dealer does

    def take_picture(self) -> None:
        """The camera's latest picture, its cards found and numbered; the field pre-filled with the next cards of the deck."""
        frame = self.take_frame()
        self.frame, self.found = None, []
        if frame is None:
            self.found_label.setText(self.tr("No picture from the camera yet: check the camera, then press New picture"))
        else:
            try:
                self.frame = self.calibration.mask_off_table(frame)
            except CalibrationError as error:
                self.found_label.setText(self.tr("This picture cannot be used: {0}").format(error))
            else:
                config = DetectorConfig(card_width_px=self.card_width_px)
                quads = [d.quad for d in detect_cards(self.frame, config) if d.kind == "single"]
                self.found = [quads[i] for i in reading_order(quads, row_tol=self.card_width_px * CARD_ASPECT / 2)]
                self.found_label.setText(self.tr("{0} card(s) found on the picture").format(len(self.found)))
                self.cards.setText(" ".join(self.still_to_lay()[:len(self.found)]))
        self._draw()
        self._update()

    def keep_picture(self) -> bool:
        """Keep the picture with the cards named; refused in words if the names do not fit what the camera finds."""
        if self.frame is None:
            return self._refuse(self.tr("No picture to take: press New picture"))
        names = self.cards.text().split()
        cards: list[str] = []
        taken = {card for picture in self.pictures for card in picture.cards}
        for text in names:
            try:
                card = parse_card(text)
            except CardError:
                card = None
            if card is None:
                return self._refuse(self.tr("{0} is not a card: write the cards like As Td 7c").format(text))
            if str(card) in cards:
                return self._refuse(self.tr("{0} is named twice").format(card.symbol))
            if str(card) in taken:
                return self._refuse(self.tr("{0} is already on an earlier picture").format(card.symbol))
            cards.append(str(card))
        if len(cards) != len(self.found):
            return self._refuse(self.tr("The camera finds {0} card(s) on the picture and {1} are named: lay the cards apart and face up, "
                                        "then New picture; or name every card found").format(len(self.found), len(cards)))
        self.pictures.append(TeachingPicture(self.frame, tuple(cards), self.card_width_px))
        self.deck, self.not_read_back = None, []
        self.frame, self.found = None, []
        self.cards.clear()
        self.found_label.setText(self.tr("Picture kept: lay the next cards, then New picture"))
        self.message.setText("")
        self._draw()
        self._update()
        return True

    def forget_pictures(self) -> None:
        """Forget every picture kept (start the deck again)."""
        self.pictures, self.deck, self.not_read_back = [], None, []
        self.message.setText("")
        self._update()

    def teach_deck(self) -> bool:
        """Teach the deck from the pictures kept and read each picture back; the cards not read back are named."""
        if not self.pictures:
            return self._refuse(self.tr("No picture kept yet: lay out cards, name them, then Take this picture"))
        try:
            deck = teach_pictures(self.pictures, self.calibration)
        except TeachError as error:
            return self._refuse(self.tr("Not taught: {0}").format(error))
        self.deck = deck
        self.not_read_back = read_back(deck, self.pictures, self.calibration)
        taught = sum(len(picture.cards) for picture in self.pictures)
        text = self.tr("Taught {0} card(s) from {1} picture(s).").format(taught, len(self.pictures))
        if self.not_read_back:
            text += " " + self.tr("Not read back ({0}): {1}. They will read unknown or wait for the dealer; lay them again on a new "
                                  "picture to teach them better.").format(len(self.not_read_back), _symbols(self.not_read_back))
        else:
            text += " " + self.tr("Every card is read back.")
        missing = self.still_to_lay()
        if missing:
            text += " " + self.tr("Not laid out yet ({0}): {1}.").format(len(missing), _symbols(missing))
        self.message.setText(text)
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px; background: "
                                  + ("#8a6d00" if self.not_read_back or missing else "#1f6b3a") + "; color: white;")
        self._update()
        return True

    def save_deck(self) -> bool:
        """Save the teaching pictures in the deck's folder and hand the deck to the camera (taught first if need be)."""
        if self.deck is None and not self.teach_deck():
            return False
        try:
            save_taught_deck(self.path, self.pictures)
        except TaughtDeckError as error:
            return self._refuse(self.tr("Not saved: {0}").format(error))
        if self.on_saved is not None:
            self.on_saved(list(self.pictures))
        self.message.setText(self.message.text() + " " + self.tr("Saved in {0}; the camera reads with this deck now.").format(self.path))
        return True

    def still_to_lay(self) -> list[str]:
        """The cards of the deck on no picture kept yet, rank by rank from the aces."""
        taken = {card for picture in self.pictures for card in picture.cards}
        return [str(card) for card in reversed(DECK) if str(card) not in taken]

    # ------------------------------------------------------------------ showing it

    def _refuse(self, text: str) -> bool:
        self.message.setText(text)
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px; background: #b00000; color: white;")
        return False

    def _update(self) -> None:
        count = sum(len(picture.cards) for picture in self.pictures)
        self.taken.setText(self.tr("Pictures kept: {0} ({1} of 52 cards)").format(len(self.pictures), count))
        self.take.setEnabled(self.frame is not None and bool(self.found))
        self.teach.setEnabled(bool(self.pictures))
        self.save.setEnabled(bool(self.pictures))
        self.start_again.setEnabled(bool(self.pictures))

    def _draw(self) -> None:
        if self.frame is None:
            self.picture.setPixmap(QPixmap())
            self.picture.setText(self.tr("no picture"))
            self.picture.setFixedSize(PICTURE_WIDTH, PICTURE_WIDTH * 9 // 16)
            return
        pixmap, scale = frame_pixmap(self.frame, PICTURE_WIDTH)
        painter = label_painter(pixmap, 11)
        for number, quad in enumerate(self.found, 1):
            shape = QPolygonF([QPointF(float(x) * scale, float(y) * scale) for x, y in quad])
            painter.setPen(QPen(QColor("#35d05a"), 2))
            painter.drawPolygon(shape)
            box = shape.boundingRect()
            painter.fillRect(int(box.center().x()) - 12, int(box.center().y()) - 9, 24, 18, QColor("#35d05a"))
            painter.setPen(QColor("#111111"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(number))
        painter.end()
        self.picture.setFixedSize(pixmap.size())
        self.picture.setPixmap(pixmap)


def open_teach_deck(window: DealerWindow, hub: DeviceHub) -> QDialog | None:
    """Devices, Teach the deck: the dialog over the hub's camera (the table calibrated first); saving applies the deck."""
    from dealer_console.ui.calibration_dialog import show_dialog

    setup = hub.setup
    if setup is None or setup.taught_deck_path is None:
        window.post(Notice(NoticeLevel.ERROR, "The demo's synthetic camera is taught its deck already: teach a real camera's deck "
                                              "([devices] camera)"))
        return None
    if setup.calibration is None:
        window.post(Notice(NoticeLevel.ERROR, "Calibrate the camera first (Devices, Calibrate the camera): the calibration gives "
                                              "the card size the deck is taught at"))
        return None
    path = setup.taught_deck_path

    def grab() -> np.ndarray | None:
        view = hub.camera_view()
        return None if view is None else view.image

    def saved(pictures: list[TeachingPicture]) -> None:
        hub.use_setup(dataclasses.replace(hub.setup or setup, taught=pictures))
        window.post(Notice(NoticeLevel.INFO, f"Deck taught ({path}): the camera reads with it"))

    return show_dialog(window, TeachDeckDialog(grab, calibration=setup.calibration, path=path, on_saved=saved, parent=window))


__all__ = ["TeachDeckDialog", "open_teach_deck"]
