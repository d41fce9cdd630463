"""Teaching the console the table's deck (the way a card room calibrates for its own deck brand).

The dealer lays cards out under the camera, apart and face up, in rows; the dialog finds them and numbers them on the
picture in reading order (rows from the far side, each left to right: :func:`dealer_console.live.taught_deck.find_laid_out_cards`), and
the dealer names them in that order (the field is pre-filled with the next cards of the deck, rank by rank). About
half a deck fits a picture; "Take this picture" keeps it, the next cards go on the next picture. "Teach and check"
teaches the deck (:func:`dealer_console.live.taught_deck.teach_and_check`) and reads every picture back: the cards it
could not read back are named (they would read unknown, or wait for the dealer). "Save" writes the teaching pictures to
the folder ``[devices] taught_deck`` names and the camera reads with the deck at once. The table must be calibrated
first: the calibration gives the card size and masks off the floor. Finding the cards on a picture, teaching (a second
or two) and saving run on a worker thread (:class:`~dealer_console.ui.background_task.BackgroundTask`); the dialog says
what it is doing meanwhile.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QColor, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dealer_console.engine.cards import DECK, parse_card
from dealer_console.engine.errors import CardError
from dealer_console.live.errors import TaughtDeckError
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_calibration import Calibration
from dealer_console.live.taught_deck import (
    LaidOutCards,
    TeachingPicture,
    TeachingResult,
    find_laid_out_cards,
    save_taught_deck,
    teach_and_check,
    teaching_card_width,
)
from dealer_console.ui.background_task import BackgroundTask
from dealer_console.ui.dialogs import DialogHost, show_dialog
from dealer_console.ui.frame_picture import fitting_picture_width, frame_pixmap, keep_fitted, label_painter

if TYPE_CHECKING:
    from dealer_console.live.device_hub import DeviceHub

PICTURE_WIDTH = 960
REST_HEIGHT = 400
"""What the dialog shows besides the picture (instructions, the cards typed, the message, the buttons, its frame): the
picture is drawn smaller on a screen too short for both (1280x720)."""


def _symbols(cards: list[str] | tuple[str, ...]) -> str:
    return " ".join(parse_card(card).symbol for card in cards)  # type: ignore[union-attr]


class TeachDeckDialog(QDialog):
    """Pictures of the deck laid out, each with its cards named in reading order -> a taught deck, checked and saved."""

    def __init__(self, grab: Callable[[], np.ndarray | None], *, calibration: Calibration, path: Path,
                 on_saved: Callable[[tuple[TeachingPicture, ...]], None] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("teach_deck_dialog")
        self.setWindowTitle(self.tr("Teach the deck"))
        self.take_frame, self.calibration, self.path, self.on_saved = grab, calibration, Path(path), on_saved
        self.card_width_px = teaching_card_width(calibration)
        self.frame: np.ndarray | None = None
        """The picture shown, the floor round the table masked off."""
        self.found: list[np.ndarray] = []
        """The cards found on it, in reading order (their outlines)."""
        self.pictures: list[TeachingPicture] = []
        self.taught: TeachingResult | None = None
        """The deck taught from the pictures kept, and the cards it does not read back (``None``: not taught since)."""
        self.task = BackgroundTask(self)
        """Finding the cards on a picture, teaching and saving, off the screen's thread."""
        layout = QVBoxLayout(self)
        keep_fitted(self)
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

    def take_picture(self) -> bool:
        """The camera's latest picture, its cards found and numbered on a worker thread; the field then pre-filled with the
        next cards of the deck. False while teaching or saving (or finding the cards of a picture already)."""
        if self.task.busy:
            return False
        frame = self.take_frame()
        self.frame, self.found = None, []
        if frame is None:
            self.found_label.setText(self.tr("No picture from the camera yet: check the camera, then press New picture"))
        elif self.task.run(lambda: find_laid_out_cards(frame, self.calibration), done=self._on_cards_found, failed=self._on_picture_refused):
            self.found_label.setText(self.tr("Looking for the cards on the picture…"))
        self._draw()
        self._update()
        return True

    def _on_cards_found(self, laid_out: LaidOutCards) -> None:
        self.frame, self.found = laid_out.image, list(laid_out.quads)
        self.found_label.setText(self.tr("{0} card(s) found on the picture").format(len(self.found)))
        self.cards.setText(" ".join(self.still_to_lay()[:len(self.found)]))
        self._draw()
        self._update()

    def _on_picture_refused(self, error: Exception) -> None:
        self.found_label.setText(self.tr("This picture cannot be used: {0}").format(error))
        self._update()

    def keep_picture(self) -> bool:
        """Keep the picture with the cards named; refused in words if the names do not fit what the camera finds. False
        while work is under way."""
        if self.task.busy:
            return False
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
        self.taught = None
        self.frame, self.found = None, []
        self.cards.clear()
        self.found_label.setText(self.tr("Picture kept: lay the next cards, then New picture"))
        self.message.setText("")
        self._draw()
        self._update()
        return True

    def forget_pictures(self) -> None:
        """Forget every picture kept (start the deck again); not while work is under way."""
        if self.task.busy:
            return
        self.pictures, self.taught = [], None
        self.message.setText("")
        self._update()

    @property
    def not_read_back(self) -> tuple[str, ...]:
        """The cards the deck taught does not read back on their own picture (none before teaching)."""
        return () if self.taught is None else self.taught.not_read_back

    def teach_deck(self) -> bool:
        """Teach the deck from the pictures kept and read each picture back, on a worker thread; the cards not read back are
        then named. False (nothing started) without a picture, or while teaching or saving."""
        if not self.pictures:
            return self._refuse(self.tr("No picture kept yet: lay out cards, name them, then Take this picture"))
        pictures = tuple(self.pictures)
        return self._start(self.tr("Teaching the deck from {0} picture(s)…").format(len(pictures)),
                           lambda: teach_and_check(pictures, self.calibration), self._on_taught)

    def save_deck(self) -> bool:
        """Save the teaching pictures in the deck's folder, on a worker thread (taught first if need be), then hand the deck
        to the camera. False (nothing started) without a picture, or while teaching or saving."""
        if not self.pictures:
            return self._refuse(self.tr("No picture kept yet: lay out cards, name them, then Take this picture"))
        pictures, taught, path = tuple(self.pictures), self.taught, self.path

        def teach_and_save() -> TeachingResult:
            result = taught if taught is not None else teach_and_check(pictures, self.calibration)
            save_taught_deck(path, pictures)
            return result

        def saved(result: TeachingResult) -> None:
            self._on_taught(result)
            if self.on_saved is not None:
                self.on_saved(pictures)
            self.message.setText(self.message.text() + " " + self.tr("Saved in {0}; the camera reads with this deck now.").format(self.path))

        return self._start(self.tr("Saving the deck in {0}…").format(path), teach_and_save, saved)

    @property
    def busy(self) -> bool:
        """Finding the cards on a picture, teaching or saving is under way."""
        return self.task.busy

    def _start(self, doing: str, job: Callable[[], TeachingResult], then: Callable[[TeachingResult], None]) -> bool:
        if not self.task.run(job, done=then, failed=self._on_failed):
            return False
        self.message.setText(doing)
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px; background: #35506b; color: white;")
        self._update()
        return True

    def _on_taught(self, result: TeachingResult) -> None:
        self.taught = result
        taught = sum(len(picture.cards) for picture in self.pictures)
        text = self.tr("Taught {0} card(s) from {1} picture(s).").format(taught, len(self.pictures))
        if result.not_read_back:
            text += " " + self.tr("Not read back ({0}): {1}. They will read unknown or wait for the dealer; lay them again on a new "
                                  "picture to teach them better.").format(len(result.not_read_back), _symbols(result.not_read_back))
        else:
            text += " " + self.tr("Every card is read back.")
        if result.not_learnt:
            why = ", ".join(f"{_symbols((card,))} ({QCoreApplication.translate('UntaughtReason', reason)})" for card, reason in result.not_learnt)
            text += " " + self.tr("Not learnt ({0}): {1}; lay them again away from glare, in focus.").format(len(result.not_learnt), why)
        missing = self.still_to_lay()
        if missing:
            text += " " + self.tr("Not laid out yet ({0}): {1}.").format(len(missing), _symbols(missing))
        self.message.setText(text)
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px; background: "
                                  + ("#8a6d00" if result.not_read_back or result.not_learnt or missing else "#1f6b3a") + "; color: white;")
        self._update()

    def _on_failed(self, error: Exception) -> None:
        if isinstance(error, TaughtDeckError):
            self._refuse(self.tr("Not saved: {0}").format(error))
        else:  # DeckNotTaught, or a fault of the teacher itself
            self._refuse(self.tr("Not taught: {0}").format(error))
        self._update()

    def done(self, result: int) -> None:
        """Closing waits for the work under way (no thread outlives the dialog)."""
        self.task.wait()
        super().done(result)

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
        idle = not self.task.busy
        self.take.setEnabled(idle and self.frame is not None and bool(self.found))
        self.new_picture.setEnabled(idle)
        self.teach.setEnabled(idle and bool(self.pictures))
        self.save.setEnabled(idle and bool(self.pictures))
        self.start_again.setEnabled(idle and bool(self.pictures))

    def _draw(self) -> None:
        if self.frame is None:
            self.picture.setPixmap(QPixmap())
            self.picture.setText(self.tr("no picture"))
            width = fitting_picture_width(self, PICTURE_WIDTH, REST_HEIGHT)
            self.picture.setFixedSize(width, width * 9 // 16)
            return
        pixmap, scale = frame_pixmap(self.frame, fitting_picture_width(self, PICTURE_WIDTH, REST_HEIGHT))
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


def open_teach_deck(window: DialogHost, hub: DeviceHub) -> QDialog | None:
    """Devices, Teach the deck: the dialog over the hub's camera (the table calibrated first); saving applies the deck."""
    setup = hub.setup
    if setup is None or setup.taught_deck_path is None:
        window.post(Notice(NoticeLevel.ERROR, QCoreApplication.translate(
            "DealerWindow", "The demo's synthetic camera is taught its deck already: teach a real camera's deck ([devices] camera)")))
        return None
    if setup.calibration is None:
        window.post(Notice(NoticeLevel.ERROR, QCoreApplication.translate(
            "DealerWindow", "Calibrate the camera first (Devices, Calibrate the camera): the calibration gives the card size the deck is taught at")))
        return None
    path = setup.taught_deck_path

    def grab() -> np.ndarray | None:
        view = hub.camera_view()
        return None if view is None else view.image

    def saved(pictures: tuple[TeachingPicture, ...]) -> None:
        hub.use_setup(dataclasses.replace(hub.setup or setup, taught=pictures))
        window.post(Notice(NoticeLevel.INFO, QCoreApplication.translate("DealerWindow", "Deck taught ({0}): the camera reads with it").format(path)))

    return show_dialog(window, TeachDeckDialog(grab, calibration=setup.calibration, path=path, on_saved=saved, parent=window.window()))


__all__ = ["TeachDeckDialog", "open_teach_deck"]
