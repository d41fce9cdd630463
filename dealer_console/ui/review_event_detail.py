"""One event in full: where it came from (dealer, camera with its image, sensor with its reading, floor), when, who, what."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from dealer_console.floor.facade import EvidenceItem, ReviewStep

__all__ = ["ReviewEventDetail"]

_SOURCE_WORDS = {"dealer": "entered by the dealer", "camera": "read by the camera", "sensor": "read by a sensor",
                 "floor": "recorded by the floor"}


class ReviewEventDetail(QWidget):
    """The chosen step's source, times, actor and description; its camera image (or why it cannot be shown)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_event_detail")
        layout = QVBoxLayout(self)
        self.text = QLabel()
        self.text.setObjectName("event_text")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.image = QLabel()
        self.image.setObjectName("evidence_image")
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.image.setMinimumHeight(120)
        layout.addWidget(self.text)
        layout.addWidget(self.image, 1)

    def show_step(self, step: ReviewStep, evidence: EvidenceItem | None) -> None:
        """Show ``step`` and its image (``evidence``: loaded by the caller, ``None`` when the event names none)."""
        event = step.event
        lines = [
            f"<b>seq {step.seq}</b>: {escape(step.description)}",
            f"<b>source</b>: {escape(step.source.value)} ({_SOURCE_WORDS.get(step.source.value, '')}), by {escape(step.who)}",
            f"<b>recorded</b>: {event.recorded_at:%Y-%m-%d %H:%M:%S.%f} UTC",
        ]
        if event.frame_at is not None:
            lines.append(f"<b>camera frame</b>: {event.frame_at:%Y-%m-%d %H:%M:%S.%f} UTC")
        if step.reading:
            lines.append(f"<b>reading</b>: {escape(step.reading)}")
        if event.voids_seq is not None:
            lines.append(f"<b>voids</b>: seq {event.voids_seq}")
        if step.note:
            lines.append(f"<b>floor</b>: {escape(step.note)}")
        if step.corrected_by is not None:
            lines.append(f"<b>corrected</b> by the floor at seq {step.corrected_by}")
        if event.evidence_sha256:
            lines.append(f"<b>evidence</b> SHA-256 {event.evidence_sha256}")
        self.text.setText("<br>".join(lines))
        self.image.clear()
        if evidence is None:
            self.image.setText("")
        elif evidence.data is not None:
            pixmap = QPixmap()
            if pixmap.loadFromData(evidence.data):
                self.image.setPixmap(pixmap.scaled(360, 240, Qt.AspectRatioMode.KeepAspectRatio))
            else:
                self.image.setText(f"the image ({evidence.media_type or 'unknown type'}) cannot be drawn; its hash checks")
        else:
            self.image.setText(f"image not shown: {evidence.problem}")
