"""A camera frame (OpenCV's BGR array) shrunk to a width and turned into a pixmap to draw on."""

from __future__ import annotations

import cv2
import numpy as np
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont, QGuiApplication, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QWidget

__all__ = ["fitting_picture_width", "frame_pixmap", "keep_fitted", "label_painter"]


def frame_pixmap(frame: np.ndarray, width: int) -> tuple[QPixmap, float]:
    """``frame`` scaled to ``width`` pixels wide (its aspect kept), and the scale from frame to pixmap pixels."""
    scale = width / frame.shape[1]
    small = np.ascontiguousarray(cv2.resize(frame, (width, int(round(frame.shape[0] * scale))), interpolation=cv2.INTER_AREA))
    image = QImage(small.data, small.shape[1], small.shape[0], small.strides[0], QImage.Format.Format_BGR888).copy()
    return QPixmap.fromImage(image), scale


def label_painter(pixmap: QPixmap, point_size: int) -> QPainter:
    """A painter on ``pixmap`` with antialiasing and a bold font of ``point_size``, for outlines and their labels."""
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont(painter.font())
    font.setPointSize(point_size)
    font.setBold(True)
    painter.setFont(font)
    return painter


def fitting_picture_width(widget: QWidget, largest: int, rest_height: int) -> int:
    """How wide a 16:9 camera picture is drawn in ``widget`` so that the widget fits its screen: at most ``largest``,
    and no taller than the screen's available height less ``rest_height`` (what the widget shows besides the picture)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return largest
    return max(320, min(largest, (screen.availableGeometry().height() - rest_height) * 16 // 9))


class _Fitted(QObject):
    """Refits the height of the dialog it watches whenever the dialog's layout is asked to be redone."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and isinstance(watched, QWidget):
            _fit_height(watched)
        return False


def keep_fitted(dialog: QWidget) -> None:
    """Keep ``dialog`` as tall as its layout needs at its width, wrapped labels counted, whenever its contents change.

    A layout's least size counts a word-wrapped label as one line, and a new dialog opens at most two thirds of the
    screen tall: a dialog holding a fixed-size camera picture under a wrapped instruction was squeezed, and the picture
    drawn over the labels below it (at 1280x720, and by a few pixels at 1920x1080)."""
    dialog.installEventFilter(_Fitted(dialog))


def _fit_height(dialog: QWidget) -> None:
    layout = dialog.layout()
    if layout is None:
        return
    layout.activate()
    width = dialog.width()
    need = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
    if dialog.minimumHeight() != need:
        dialog.setMinimumHeight(need)
    if dialog.height() < need:
        dialog.resize(width, need)
