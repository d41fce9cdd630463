"""The oval felt with the seats in their real positions and the boards and pots in the middle."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from dealer_console.live.table_session import TableSession
from dealer_console.ui.board_widget import BoardWidget
from dealer_console.ui.pot_widget import PotWidget
from dealer_console.ui.seat_widget import SeatWidget

__all__ = ["FeltWidget", "SEAT_SIZE"]

SEAT_SIZE = (240, 150)


class FeltWidget(QWidget):
    """Seats 1..n clockwise round an oval, seat 1 at the dealer's left (bottom right)."""

    def __init__(self, seat_count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("felt")
        self.setMinimumSize(1200, 640)
        self.seats = {seat: SeatWidget(seat, self) for seat in range(1, seat_count + 1)}
        self.centre = QWidget(self)
        layout = QVBoxLayout(self.centre)
        self.board = BoardWidget()
        self.pots = PotWidget()
        layout.addWidget(self.board)
        layout.addWidget(self.pots)

    def _on_session_change(self, session: TableSession, *, four_colour: bool) -> None:
        states = {state.seat: state for state in session.seat_states()}
        for seat, widget in self.seats.items():
            widget.show_state(states.get(seat), four_colour=four_colour)
        self.board.show_boards(None if session.hand is None else session.board_rows(), four_colour=four_colour)
        self.pots.show_session(session)

    def _oval(self) -> QRectF:
        return QRectF(self.rect()).adjusted(SEAT_SIZE[0] / 2 + 4, SEAT_SIZE[1] / 2 + 4, -SEAT_SIZE[0] / 2 - 4, -SEAT_SIZE[1] / 2 - 4)

    def resizeEvent(self, event: QResizeEvent) -> None:
        oval = self._oval()
        count = len(self.seats)
        for seat, widget in self.seats.items():
            x, y = _perimeter_point(oval, seat / (count + 1))
            widget.setGeometry(int(x - SEAT_SIZE[0] / 2), int(y - SEAT_SIZE[1] / 2), *SEAT_SIZE)
        inner = oval.adjusted(oval.width() * 0.2, oval.height() * 0.22, -oval.width() * 0.2, -oval.height() * 0.22)
        self.centre.setGeometry(inner.toRect())
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#1d1d1d"))
        painter.setPen(QPen(QColor("#5b3a1e"), 18))
        painter.setBrush(QBrush(QColor("#1f6b3a")))
        painter.drawEllipse(self._oval())
        painter.setPen(QPen(QColor("#cfe8cf")))
        painter.drawText(self.rect().adjusted(0, 0, 0, -6), Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter, self.tr("dealer"))
        painter.end()


def _perimeter_point(rect: QRectF, fraction: float) -> tuple[float, float]:
    """The point ``fraction`` of the way round ``rect``, clockwise from the bottom centre (where the dealer sits).

    Equal steps along a rectangle (not an ellipse) keep seats of the same size from overlapping.
    """
    w, h = rect.width(), rect.height()
    distance = fraction * 2 * (w + h)
    legs = ((w / 2, -1.0, 0.0), (h, 0.0, -1.0), (w, 1.0, 0.0), (h, 0.0, 1.0), (w / 2, -1.0, 0.0))
    x, y = rect.center().x(), rect.bottom()
    for length, dx, dy in legs:
        step = min(distance, length)
        x, y = x + dx * step, y + dy * step
        distance -= step
        if distance <= 0:
            break
    return x, y
