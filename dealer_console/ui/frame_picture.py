"""A camera frame (OpenCV's BGR array) shrunk to a width and turned into a pixmap to draw on."""

from __future__ import annotations

import cv2
import numpy as np
from PySide6.QtGui import QFont, QGuiApplication, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QWidget

__all__ = ["fitting_picture_width", "frame_pixmap", "label_painter"]


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
