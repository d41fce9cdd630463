"""The one place where every error and warning appears, plainly worded (SPEC: The dealer's screen)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from dealer_console.live.table_session import Notice, NoticeLevel

_COLOURS = {NoticeLevel.ERROR: "#ffd6d6", NoticeLevel.WARNING: "#fff1c2", NoticeLevel.INFO: "#e6f0ff"}
_PREFIX = {NoticeLevel.ERROR: "Refused: ", NoticeLevel.WARNING: "Warning: ", NoticeLevel.INFO: ""}


class NotificationManager(QObject):
    """Turns notices from any thread into messages on the UI thread (a queued signal does the crossing)."""

    posted = Signal(object)

    def post(self, notice: Notice) -> None:
        """Safe to call from any thread."""
        self.posted.emit(notice)


class NotificationArea(QListWidget):
    """The newest message on top; errors red, warnings yellow, each with a word saying which it is."""

    MAX_MESSAGES = 50

    def __init__(self, manager: NotificationManager, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notification_area")
        self.setMaximumHeight(110)
        self.setStyleSheet("font-size: 14pt;")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        manager.posted.connect(self._on_notice_posted)

    @Slot(object)
    def _on_notice_posted(self, notice: Notice) -> None:
        item = QListWidgetItem(_PREFIX[notice.level] + notice.text)
        item.setBackground(QBrush(QColor(_COLOURS[notice.level])))
        item.setForeground(QBrush(QColor("#111111")))
        item.setData(Qt.ItemDataRole.UserRole, notice.level.value)
        self.insertItem(0, item)
        while self.count() > self.MAX_MESSAGES:
            self.takeItem(self.count() - 1)

    def messages(self) -> list[str]:
        """The texts shown, newest first."""
        return [self.item(i).text() for i in range(self.count())]
