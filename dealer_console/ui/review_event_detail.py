"""One event in full: where it came from (dealer, camera with its image, sensor with its reading, floor), when, who, what.

The text and the image scroll together: at 720 pixels the pane is lower than an event's lines in the 14 pt screen font.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from dealer_console.floor.facade import EvidenceItem, ReviewStep
from dealer_console.ui.event_words import describe_event
from dealer_console.ui.sentences import translate_sentence
from dealer_console.ui.translation import QT_TRANSLATE_NOOP

__all__ = ["ReviewEventDetail"]

_SOURCE_WORDS = {"dealer": QT_TRANSLATE_NOOP("SourceWords", "entered by the dealer"),
                 "camera": QT_TRANSLATE_NOOP("SourceWords", "read by the camera"),
                 "sensor": QT_TRANSLATE_NOOP("SourceWords", "read by a sensor"),
                 "floor": QT_TRANSLATE_NOOP("SourceWords", "recorded by the floor")}


class ReviewEventDetail(QWidget):
    """The chosen step's source, times, actor and description; its camera image (or why it cannot be shown)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_event_detail")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setObjectName("event_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the text wraps to the pane's width
        outer.addWidget(scroll)
        body = QWidget()
        layout = QVBoxLayout(body)
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
        scroll.setWidget(body)

    def show_step(self, step: ReviewStep, evidence: EvidenceItem | None) -> None:
        """Show ``step`` and its image (``evidence``: loaded by the caller, ``None`` when the event names none)."""
        event = step.event
        lines = [
            self.tr("<b>seq {0}</b>: {1}").format(step.seq, escape(describe_event(event.kind, event.payload))),
            self.tr("<b>source</b>: {0} ({1}), by {2}").format(
                escape(QCoreApplication.translate("Source", step.source.value)),
                QCoreApplication.translate("SourceWords", _SOURCE_WORDS.get(step.source.value, "")), escape(step.who)),
            self.tr("<b>recorded</b>: {0} UTC").format(f"{event.recorded_at:%Y-%m-%d %H:%M:%S.%f}"),
        ]
        if event.frame_at is not None:
            lines.append(self.tr("<b>camera frame</b>: {0} UTC").format(f"{event.frame_at:%Y-%m-%d %H:%M:%S.%f}"))
        if step.reading:
            lines.append(self.tr("<b>reading</b>: {0}").format(escape(step.reading)))
        if event.voids_seq is not None:
            lines.append(self.tr("<b>voids</b>: seq {0}").format(event.voids_seq))
        if step.note:
            lines.append(self.tr("<b>floor</b>: {0}").format(escape(translate_sentence(step.note))))
        if step.corrected_by is not None:
            lines.append(self.tr("<b>corrected</b> by the floor at seq {0}").format(step.corrected_by))
        if event.evidence_sha256:
            lines.append(self.tr("<b>evidence</b> SHA-256 {0}").format(event.evidence_sha256))
        self.text.setText("<br>".join(lines))
        self.image.clear()
        if evidence is None:
            self.image.setText("")
        elif evidence.data is not None:
            pixmap = QPixmap()
            if pixmap.loadFromData(evidence.data):
                self.image.setPixmap(pixmap.scaled(360, 240, Qt.AspectRatioMode.KeepAspectRatio))
            else:
                self.image.setText(self.tr("the image ({0}) cannot be drawn; its hash checks").format(evidence.media_type or self.tr("unknown type")))
        else:
            self.image.setText(self.tr("image not shown: {0}").format(evidence.problem))
