"""A one-line label that never widens its window: a text longer than its room is shortened with "…", whole in the tooltip."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

__all__ = ["ElidedLabel"]


class ElidedLabel(QLabel):
    """``set_full_text`` sets the whole text; ``text()`` is what is shown (elided when the label is too narrow)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        # its width is the window's to give: the hand's title must not make the window wider than a 1280-pixel screen
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(1)

    def full_text(self) -> str:
        """The whole text, elided or not."""
        return self._full

    def set_full_text(self, text: str) -> None:
        """Show ``text``, elided to the label's width if need be."""
        if text != self._full:
            self._full = text
            self._elide()

    def _elide(self) -> None:
        room = self.contentsRect().width() - 2 * max(self.margin(), 0)
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(1, room))
        tip = self._full if shown != self._full else ""
        if self.toolTip() != tip:
            self.setToolTip(tip)
        if self.text() != shown:
            self.setText(shown)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._elide()
