"""Calibrating the table's camera from the console (the floor's or the technician's job, behind a floor sign-in).

The dialog shows the camera's picture; the technician clicks the felt's four corners in order (far left, far right,
near right, near left: the plan's corners, the dealer sitting along its near side) or presses "Find the felt's edge",
gives the felt's size in millimetres, sees the zones of the plan (the board area, each seat's showdown area, the
muck) drawn over the picture, and saves. The calibration is a TOML file (:mod:`dealer_console.live.table_calibration`)
at the path ``[devices] calibration`` names; the camera reads with it at once. A refusal (three points on a line, points
mirrored, a felt the edge finder cannot see...) is shown in words and nothing is saved. Finding the felt's edge (image
work that takes a while) runs on a worker thread (:class:`~dealer_console.ui.background_task.BackgroundTask`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPen, QPolygonF
from PySide6.QtWidgets import QDialog, QDoubleSpinBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_console.live.errors import CalibrationRefused
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.table_calibration import (
    Calibration,
    PlanZone,
    calibrate_from_corners,
    calibrate_from_felt_edge,
    calibration_outline,
    save_calibration,
)
from dealer_console.ui.background_task import BackgroundTask
from dealer_console.ui.dialogs import DialogHost, show_dialog, with_floor
from dealer_console.ui.frame_picture import fitting_picture_width, frame_pixmap, keep_fitted, label_painter

if TYPE_CHECKING:
    from dealer_console.live.device_hub import DeviceHub

PICTURE_WIDTH = 960
"""The picture's width where the screen has the height for it: half a 1920 px camera frame, so a click is good to a
camera pixel."""
REST_HEIGHT = 200
"""What the dialog shows besides the picture (the instruction on two lines, the felt's sizes, the message, the buttons,
its margins: 158 px) and 40 px for the window's title bar, which the screen's available height does not leave out: the
picture is drawn smaller on a screen too short for both (a 1280x720 screen, more so with a panel at its edge)."""
CORNERS = ("far left", "far right", "near right", "near left")
"""The felt's corners in the order they are clicked (the plan's (0, 0), (w, 0), (w, d), (0, d))."""
_ZONE_COLOURS = {"board": "#ffd400", "showdown": "#30d0ff", "muck": "#ff50ff"}


def zone_name(zone: PlanZone) -> str:
    """A zone of the plan in the dealer's language: ``"Board"``, ``"Seat 3"``, ``"Muck"`` (another name as it is)."""
    if zone.kind == "showdown":
        return QCoreApplication.translate("CalibrationDialog", "Seat {0}").format(zone.seat)
    if zone.kind == "board" and zone.name == "board":
        return QCoreApplication.translate("CalibrationDialog", "Board")
    if zone.kind == "muck" and zone.name == "muck":
        return QCoreApplication.translate("CalibrationDialog", "Muck")
    return zone.name


class ClickablePicture(QLabel):
    """The camera's picture, scaled; a left click gives the point in the picture's own pixels."""

    clicked = Signal(float, float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scale = 1.0
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setStyleSheet("background: #111; color: #aaa;")
        self.setCursor(Qt.CursorShape.CrossCursor)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click on the picture: its point in the camera's pixels (the middle of the screen pixel clicked)."""
        if event.button() == Qt.MouseButton.LeftButton and self.pixmap() is not None and not self.pixmap().isNull():
            position = event.position()
            self.clicked.emit((position.x() + 0.5) / self.scale - 0.5, (position.y() + 0.5) / self.scale - 0.5)
        super().mousePressEvent(event)


class CalibrationDialog(QDialog):
    """Four clicked corners (or the felt's edge) and the felt's size -> a :class:`vision.calibration.Calibration`, saved."""

    def __init__(self, grab: Callable[[], np.ndarray | None], *, path: Path, seats: int, current: Calibration | None = None,
                 on_saved: Callable[[Calibration], None] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calibration_dialog")
        self.setWindowTitle(self.tr("Calibrate the camera"))
        self.take_frame, self.path, self.seats, self.current, self.on_saved = grab, Path(path), seats, current, on_saved
        self.frame: np.ndarray | None = None
        self.points: list[tuple[float, float]] = []
        self.calibration: Calibration | None = None
        self.felt_edge = False
        self.task = BackgroundTask(self)
        """Finding the felt's edge, off the screen's thread."""
        layout = QVBoxLayout(self)
        keep_fitted(self)
        self.instruction = QLabel()
        self.instruction.setObjectName("calibration_instruction")
        self.instruction.setWordWrap(True)
        self.instruction.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.picture = ClickablePicture()
        self.picture.setObjectName("calibration_picture")
        self.picture.clicked.connect(self.add_point)
        # The felt's two sizes side by side, in one row: a row saved is a row more of the picture on a short screen.
        form = QHBoxLayout()
        self.plan_width = self._millimetres(current.plan_size_mm[0] if current is not None else 1600.0)
        self.plan_depth = self._millimetres(current.plan_size_mm[1] if current is not None else 900.0)
        for text, box in ((self.tr("Felt width, left to right (mm)"), self.plan_width),
                          (self.tr("Felt depth, far rail to the dealer (mm)"), self.plan_depth)):
            label = QLabel(text)
            label.setBuddy(box)
            form.addWidget(label)
            form.addWidget(box, 1)
        self.message = QLabel()
        self.message.setObjectName("calibration_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px;")
        buttons = QHBoxLayout()
        self.new_picture = QPushButton(self.tr("New picture"))
        self.undo = QPushButton(self.tr("Undo the last point"))
        self.find_edge = QPushButton(self.tr("Find the felt's edge"))
        self.save = QPushButton(self.tr("Save"))
        self.close_button = QPushButton(self.tr("Close"))
        for button, slot in ((self.new_picture, self.take_picture), (self.undo, self.undo_point), (self.find_edge, self.use_felt_edge),
                             (self.save, self.save_calibration), (self.close_button, self.reject)):
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        for widget in (self.instruction, self.picture):
            layout.addWidget(widget)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        self.plan_width.valueChanged.connect(self._on_plan_change)
        self.plan_depth.valueChanged.connect(self._on_plan_change)
        self.take_picture()
        if current is not None and self.frame is not None and current.image_size == (self.frame.shape[1], self.frame.shape[0]) \
                and len(current.image_points) == 4:
            self.points = list(current.image_points)
            self.felt_edge = current.method == "felt-edge"
            self._calibrate()

    @staticmethod
    def _millimetres(value: float) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(200.0, 6000.0)
        box.setDecimals(0)
        box.setSingleStep(10.0)
        box.setValue(value)
        return box

    @property
    def plan_size(self) -> tuple[float, float]:
        """The felt's size on the plan, in millimetres (width, depth)."""
        return float(self.plan_width.value()), float(self.plan_depth.value())

    # ------------------------------------------------------------------ what the technician does

    def take_picture(self) -> None:
        """Take the camera's latest picture (the points marked stay, to be checked on the new picture)."""
        frame = self.take_frame()
        self.frame = None if frame is None else frame.copy()
        self._calibrate()

    def add_point(self, x: float, y: float) -> None:
        """The next corner, clicked at picture pixel (x, y); the fourth calibrates."""
        if self.frame is None or self.task.busy:
            return
        if len(self.points) >= 4 or self.felt_edge:
            self.points, self.felt_edge = [], False  # a fifth click starts the corners again
        self.points.append((x, y))
        self._calibrate()

    def undo_point(self) -> None:
        """Take back the last corner clicked."""
        if self.felt_edge:
            self.points, self.felt_edge = [], False
        elif self.points:
            self.points.pop()
        self._calibrate()

    def use_felt_edge(self) -> bool:
        """Find the four corners on the felt's edge (a rectangular felt seen whole), on a worker thread; the corners found
        then calibrate. False (nothing started) without a picture, or while the edge is being looked for."""
        if self.frame is None:
            return False
        frame, plan_size, current = self.frame, self.plan_size, self.current
        if not self.task.run(lambda: calibrate_from_felt_edge(frame, plan_size_mm=plan_size, seats=self.seats, current=current),
                             done=self._on_felt_edge, failed=self._on_felt_edge_failed):
            return False
        self.message.setText(self.tr("Looking for the felt's edge…"))
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px; background: #35506b; color: white;")
        self._enable()
        return True

    @property
    def busy(self) -> bool:
        """The felt's edge is being looked for."""
        return self.task.busy

    def _on_felt_edge(self, calibration: Calibration) -> None:
        self.points, self.felt_edge = list(calibration.image_points), True
        self._calibrate()

    def _on_felt_edge_failed(self, error: Exception) -> None:
        self.calibration = None
        self._refuse(self.tr("The felt's edge was not found: {0}").format(error))
        self._enable()
        self._draw()

    def save_calibration(self) -> bool:
        """Write the calibration to its file and hand it to the camera; refused in words while there is none."""
        if self.calibration is None:
            self._refuse(self.tr("Nothing to save: click the four corners of the felt, or find the felt's edge"))
            return False
        try:
            save_calibration(self.calibration, self.path)
        except CalibrationRefused as error:
            self._refuse(self.tr("Not saved: {0} cannot be written ({1})").format(self.path, error))
            return False
        if self.on_saved is not None:
            self.on_saved(self.calibration)
        self.message.setText(self.tr("Saved in {0}; the camera reads with this calibration now").format(self.path))
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px; background: #1f6b3a; color: white;")
        return True

    def done(self, result: int) -> None:
        """Closing waits for the felt's edge being looked for (no thread outlives the dialog)."""
        self.task.wait()
        super().done(result)

    def _on_plan_change(self) -> None:
        self._calibrate()

    # ------------------------------------------------------------------ the calibration and its picture

    def _calibrate(self) -> None:
        self.calibration = None
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px;")
        self.message.setText("")
        if self.frame is None:
            self.instruction.setText(self.tr("No picture from the camera yet: check the camera, then press New picture"))
        elif len(self.points) < 4:
            corner = QCoreApplication.translate("CalibrationCorner", CORNERS[len(self.points)])
            self.instruction.setText(self.tr("Click corner {0} of 4: the felt's {1} corner (the dealer sits along the near side), "
                                             "or press Find the felt's edge").format(len(self.points) + 1, corner))
        else:
            try:
                calibration = calibrate_from_corners(self.points, image_size=(self.frame.shape[1], self.frame.shape[0]),
                                                     plan_size_mm=self.plan_size, seats=self.seats, current=self.current,
                                                     felt_edge=self.felt_edge)
            except CalibrationRefused as error:
                self.instruction.setText(self.tr("Press Undo the last point, or click again to start the corners afresh"))
                self._refuse(self.tr("Not calibrated: {0}").format(error))
            else:
                self.calibration = calibration
                low, high = calibration.card_width_range_px()
                how = self.tr("the felt's edge") if self.felt_edge else self.tr("4 corners clicked")
                self.instruction.setText(self.tr("Calibrated from {0}: check that the zones lie where the cards go, then Save").format(how))
                self.message.setText(self.tr("A card is {0:.0f} to {1:.0f} pixels wide on the picture").format(low, high))
        self._enable()
        self._draw()

    def _enable(self) -> None:
        idle = not self.task.busy
        self.new_picture.setEnabled(idle)
        self.undo.setEnabled(idle and bool(self.points))
        self.find_edge.setEnabled(idle and self.frame is not None)
        self.save.setEnabled(idle and self.calibration is not None)

    def _refuse(self, text: str) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("font-size: 12pt; padding: 2px 6px; background: #b00000; color: white;")

    def _draw(self) -> None:
        if self.frame is None:
            self.picture.setText(self.tr("no picture"))
            width = fitting_picture_width(self, PICTURE_WIDTH, REST_HEIGHT)
            self.picture.setFixedSize(width, width * 9 // 16)
            return
        pixmap, scale = frame_pixmap(self.frame, fitting_picture_width(self, PICTURE_WIDTH, REST_HEIGHT))
        painter = label_painter(pixmap, 10)

        def polygon(points: tuple[tuple[float, float], ...]) -> QPolygonF:
            return QPolygonF([QPointF((x + 0.5) * scale - 0.5, (y + 0.5) * scale - 0.5) for x, y in points])

        if self.calibration is not None:
            outline = calibration_outline(self.calibration)
            painter.setPen(QPen(QColor("#ffffff"), 2, Qt.PenStyle.DashLine))
            painter.drawPolygon(polygon(outline.felt))
            for zone in outline.zones:
                colour = QColor(_ZONE_COLOURS.get(zone.kind, "#ffffff"))
                shape = polygon(zone.outline)
                painter.setPen(QPen(colour, 2))
                painter.drawPolygon(shape)
                box = shape.boundingRect()
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, zone_name(zone))
        painter.setPen(QPen(QColor("#ff3030"), 2))
        for number, (x, y) in enumerate(self.points, 1):
            centre = QPointF((x + 0.5) * scale - 0.5, (y + 0.5) * scale - 0.5)
            painter.drawEllipse(centre, 6, 6)
            painter.drawText(centre + QPointF(8, -8), str(number))
        painter.end()
        self.picture.scale = scale
        self.picture.setFixedSize(pixmap.size())
        self.picture.setPixmap(pixmap)


def open_calibration(window: DialogHost, hub: DeviceHub) -> QDialog | None:
    """Devices, Calibrate the camera: a floor manager signs in, then the dialog over the hub's camera; saving applies it."""
    setup = hub.setup
    if setup is None or setup.calibration_path is None:
        window.post(Notice(NoticeLevel.ERROR, QCoreApplication.translate(
            "DealerWindow", "The demo's synthetic camera needs no calibration: calibrate a real camera ([devices] camera)")))
        return None
    path = setup.calibration_path

    def grab() -> np.ndarray | None:
        view = hub.camera_view()
        return None if view is None else view.image

    def saved(calibration: Calibration) -> None:
        current = hub.setup or setup
        hub.use_setup(dataclasses.replace(current, calibration=calibration, problems=()))
        window.post(Notice(NoticeLevel.INFO, QCoreApplication.translate(
            "DealerWindow", "Camera calibrated ({0}): the cards are placed on the table's zones").format(path)))

    def show(member: object) -> QDialog:
        dialog = CalibrationDialog(grab, path=path, seats=window.session.table.config.seat_count, current=setup.calibration,
                                   on_saved=saved, parent=window.window())
        return show_dialog(window, dialog)

    return with_floor(window, QCoreApplication.translate("CalibrationDialog", "Calibrating the camera is the floor's."), show)


__all__ = ["CORNERS", "CalibrationDialog", "ClickablePicture", "open_calibration", "zone_name"]
