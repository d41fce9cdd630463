"""The oval felt with the seats round it and the boards and pots in the middle, laid out from the felt's size.

Seats sit on an ellipse, clockwise from the dealer (bottom centre), equally spaced by the ellipse's angle with the
dealer's place left free; their boxes take the largest size at which no two of them meet and all stay on the felt
(:func:`seat_layout`), at any size from the smallest window up and for 2 to 10 seats. Each seat fits its text to its box
(``SeatWidget.fit``); the boards and pots in the middle take what the seats leave.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QPixmap, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from dealer_console.live.table_session import TableSession
from dealer_console.ui.board_widget import BoardWidget
from dealer_console.ui.fitting import REFERENCE, text_width, wrapped_height
from dealer_console.ui.pot_widget import PotWidget
from dealer_console.ui.seat_widget import SeatWidget

__all__ = ["FeltWidget", "SEAT_ASPECT", "SeatLayout", "seat_layout"]

SEAT_ASPECT = 1.75
"""A seat box's width over its height."""
_MARGIN = 4
"""Pixels kept free between seat boxes and round the felt's edge."""


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """Where each seat's box goes on a felt, and the middle left for the boards and pots."""

    seats: dict[int, QRect]
    centre: QRect


def _boxes(width: int, height: int, count: int, seat_h: float) -> dict[int, QRectF]:
    seat_w = seat_h * SEAT_ASPECT
    rx, ry = (width - seat_w) / 2 - _MARGIN, (height - seat_h) / 2 - _MARGIN
    cx, cy = width / 2, height / 2
    boxes = {}
    for seat in range(1, count + 1):
        angle = 2 * math.pi * seat / (count + 1)  # 0: the dealer, at the bottom centre; clockwise seen from the dealer
        x, y = cx - rx * math.sin(angle), cy + ry * math.cos(angle)
        boxes[seat] = QRectF(x - seat_w / 2, y - seat_h / 2, seat_w, seat_h)
    return boxes


def _apart(boxes: dict[int, QRectF]) -> bool:
    rects = [box.adjusted(-_MARGIN / 2, -_MARGIN / 2, _MARGIN / 2, _MARGIN / 2) for box in boxes.values()]
    return not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def seat_layout(width: int, height: int, count: int) -> SeatLayout:
    """The largest seat boxes (``SEAT_ASPECT`` wide for 1 high) placed round a ``width`` × ``height`` felt without meeting.

    The height is found by bisection between 1 px and a third of the felt's height; the middle is the rectangle inside
    the ring of seats (between the side seats and the top and bottom rows).
    """
    low, high = 1.0, max(2.0, min(height / 3, width / (3 * SEAT_ASPECT)))
    for _ in range(24):
        middle = (low + high) / 2
        boxes = _boxes(width, height, count, middle)
        fits = _apart(boxes) and all(box.left() >= 0 and box.top() >= 0 and box.right() <= width and box.bottom() <= height
                                     for box in boxes.values())
        low, high = (middle, high) if fits else (low, middle)
    boxes = _boxes(width, height, count, low)
    seats = {seat: QRect(math.ceil(box.left()), math.ceil(box.top()), int(box.width()) - 1, int(box.height()) - 1)
             for seat, box in boxes.items()}
    return SeatLayout(seats, _middle(width, height, list(seats.values())))


def _middle(width: int, height: int, seats: list[QRect]) -> QRect:
    """The largest rectangle centred on the felt that meets no seat box (a search over its width and height)."""
    best = QRect(width // 2, height // 2, 1, 1)
    for w_step in range(20, 0, -1):
        for h_step in range(20, 0, -1):
            w, h = int(width * w_step / 20), int(height * h_step / 20)
            rect = QRect((width - w) // 2, (height - h) // 2, w, h)
            if w * h > best.width() * best.height() and not any(rect.intersects(seat) for seat in seats):
                best = rect
                break
    return best


def _pots_pixels(key: str, text: str, width: int, room: int, *, largest: int) -> int:
    """The pots' pixel size: every line on one line of the middle if the height allows, else wrapped to fill it."""
    lines = text.split("\n")
    spacing = QFontMetricsF(_reference_font(key)).lineSpacing()
    widths = [text_width(key, line, REFERENCE) for line in lines]
    by_height = REFERENCE * room / (spacing * len(lines))
    by_width = REFERENCE * width / max(1.0, max(widths))
    area = sum(max(w, 1.0) for w in widths) * spacing  # the text's area at the reference size, wrapped or not
    by_area = REFERENCE * math.sqrt(room * width / area) * 0.95
    pixels = max(9, min(largest, int(by_height if by_width >= by_height else min(by_height, by_area))))
    high = wrapped_height(key, text, pixels, width)
    if pixels > 9 and high > room:  # the one correction: in proportion to the excess, a pixel at least
        pixels = max(9, min(pixels - 1, int(pixels * math.sqrt(room / high))))
    return pixels


def _reference_font(key: str) -> QFont:
    font = QFont()
    font.fromString(key)
    return font


class FeltWidget(QWidget):
    """Seats 1..n clockwise round an oval from the dealer's left; the boards and pots in the middle."""

    def __init__(self, seat_count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("felt")
        self.setMinimumSize(640, 300)
        self.seats = {seat: SeatWidget(seat, self) for seat in range(1, seat_count + 1)}
        self.centre = QWidget(self)
        self.centre.setObjectName("felt_centre")
        layout = QVBoxLayout(self.centre)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.board = BoardWidget()
        self.pots = PotWidget()
        # the board as tall as its lines, the pots all the rest: the room the pots' font is fitted to (_fit_centre)
        self.board.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout.addWidget(self.board, 0)
        layout.addWidget(self.pots, 1)
        self.layout_now = seat_layout(1200, 640, seat_count)
        self._pots_fitted: tuple[str, int, int] = ("", 0, 0)
        self._picture: QPixmap | None = None

    def _on_session_change(self, session: TableSession, *, four_colour: bool) -> None:
        states = {state.seat: state for state in session.seat_states()}
        for seat, widget in self.seats.items():
            widget.show_state(states.get(seat), four_colour=four_colour)
        self.board.show_boards(None if session.hand is None else session.board_rows(), four_colour=four_colour)
        self.pots.show_session(session)
        self._fit_centre()

    def _fit_centre(self) -> None:
        """The middle's text as large as the middle allows (the boards first), never wider or taller than it.

        The pots' size is found in one step from their text measured at the reference size, and again only when that
        text or the middle's size changes.
        """
        centre = self.layout_now.centre
        self.board.fit(centre.width(), int(centre.height() * 0.6))
        text, width = self.pots.text(), max(1, centre.width() - 4)
        room = max(1, centre.height() - self.board.sizeHint().height() - 2)
        if (text, width, room) == self._pots_fitted:
            return
        self._pots_fitted = (text, width, room)
        font = QFont(self.pots.font())
        font.setPixelSize(REFERENCE)
        pixels = _pots_pixels(font.toString(), text, width, room, largest=max(9, min(28, centre.height() // 8)))
        if pixels != self.pots.font().pixelSize():
            font.setPixelSize(pixels)
            self.pots.setFont(font)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._picture = None
        self.layout_now = seat_layout(self.width(), self.height(), len(self.seats))
        for seat, widget in self.seats.items():
            widget.setGeometry(self.layout_now.seats[seat])
            widget.fit()
        self.centre.setGeometry(self.layout_now.centre)
        self._fit_centre()
        super().resizeEvent(event)

    def _oval(self) -> QRectF:
        inset = self.layout_now.seats[1].height() / 2 if self.layout_now.seats else 0
        return QRectF(self.rect()).adjusted(inset * SEAT_ASPECT, inset, -inset * SEAT_ASPECT, -inset)

    def _felt_picture(self) -> QPixmap:
        """The felt itself (the oval and the dealer's place), drawn once per size and language."""
        ratio = self.devicePixelRatioF()
        if self._picture is None or self._picture.size() != self.size() * ratio:
            picture = QPixmap(self.size() * ratio)
            picture.setDevicePixelRatio(ratio)
            picture.fill(QColor("#1d1d1d"))
            painter = QPainter(picture)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(QColor("#5b3a1e"), 18))
            painter.setBrush(QBrush(QColor("#1f6b3a")))
            painter.drawEllipse(self._oval())
            painter.setPen(QPen(QColor("#cfe8cf")))
            painter.drawText(self.rect().adjusted(0, 0, 0, -6), Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter,
                             self.tr("dealer"))
            painter.end()
            self._picture = picture
        return self._picture

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._picture = None  # the dealer's place is written in the screen's language
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The felt as drawn for this size: a repaint after a dealer's action copies it, it does not draw the oval again."""
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._felt_picture())
        painter.end()
