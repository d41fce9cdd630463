"""The one place where every error and warning appears, plainly worded (SPEC: The dealer's screen)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.ui.sentences import translate_sentence

__all__ = ["NotificationArea", "NotificationManager"]

_COLOURS = {NoticeLevel.ERROR: "#ffd6d6", NoticeLevel.WARNING: "#fff1c2", NoticeLevel.INFO: "#e6f0ff"}
_PREFIX = {NoticeLevel.ERROR: "Refused: ", NoticeLevel.WARNING: "Warning: ", NoticeLevel.INFO: ""}


class NotificationManager(QObject):
    """Turns notices from any thread into messages on the UI thread (a queued signal does the crossing)."""

    posted = Signal(object)

    def post(self, notice: Notice) -> None:
        """Safe to call from any thread."""
        self.posted.emit(notice)

    def error(self, text: str) -> None:
        """Post an error that is not a refused command (from any thread)."""
        self.post(Notice(NoticeLevel.ERROR, text, heading="Error:"))

    def warning(self, text: str) -> None:
        """Post a warning (from any thread)."""
        self.post(Notice(NoticeLevel.WARNING, text))

    def capture(self) -> Callable[[], None]:
        """Route what would otherwise only reach a log or a thread's stderr here: an exception that ends any thread,
        and warnings and errors logged by the console's packages. Returns the function that undoes it."""
        previous_hook = threading.excepthook

        def hook(args: threading.ExceptHookArgs) -> None:
            name = args.thread.name if args.thread is not None else "a worker"
            self.error(f"{name} stopped: {args.exc_value!r}")
            previous_hook(args)

        handler = _NoticeHandler(self)
        loggers = [logging.getLogger(name) for name in ("dealer_console", "drivers", "vision")]
        threading.excepthook = hook
        for logger in loggers:
            logger.addHandler(handler)

        def release() -> None:
            if threading.excepthook is hook:
                threading.excepthook = previous_hook
            for logger in loggers:
                logger.removeHandler(handler)

        return release


class _NoticeHandler(logging.Handler):
    """Warnings and errors logged anywhere in the console become notices."""

    def __init__(self, manager: NotificationManager) -> None:
        super().__init__(logging.WARNING)
        self.manager = manager

    def emit(self, record: logging.LogRecord) -> None:
        level = NoticeLevel.ERROR if record.levelno >= logging.ERROR else NoticeLevel.WARNING
        self.manager.post(Notice(level, record.getMessage()))


class NotificationArea(QListWidget):
    """The newest message on top; errors red, warnings yellow, each with a word saying which it is.

    The messages belong to their hand: the next hand starts with an empty area, and ``history`` keeps every message
    shown, with the hand it was shown in. A message longer than the area's width wraps.
    """

    MAX_MESSAGES = 50

    def __init__(self, manager: NotificationManager, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notification_area")
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hand: int | None = None
        self.history: list[tuple[int | None, str]] = []
        """Every message shown, oldest first, with the number of the hand it belongs to (``None``: before the first)."""
        self.set_scale(0.75)
        manager.posted.connect(self._on_notice_posted)

    def set_scale(self, scale: float) -> None:
        """The window's size over 1920×1080: the text and the area's height (three lines) follow it."""
        pixels = max(13, int(22 * scale))
        self.setStyleSheet(f"font-size: {pixels}px;")
        self.setFixedHeight(int(pixels * 1.45 * 3) + 6)

    def new_hand(self, number: int | None) -> None:
        """A new hand: the messages of the last one leave the screen (they stay in ``history``)."""
        self.hand = number
        self.clear()

    @Slot(object)
    def _on_notice_posted(self, notice: Notice) -> None:
        heading = QCoreApplication.translate("NotificationArea", notice.heading if notice.heading is not None else _PREFIX[notice.level])
        item = QListWidgetItem((f"{heading} " if heading and not heading.endswith(" ") else heading) + translate_sentence(notice.text))
        item.setBackground(QBrush(QColor(_COLOURS[notice.level])))
        item.setForeground(QBrush(QColor("#111111")))
        item.setData(Qt.ItemDataRole.UserRole, notice.level.value)
        self.history.append((self.hand, item.text()))
        self.insertItem(0, item)
        while self.count() > self.MAX_MESSAGES:
            self.takeItem(self.count() - 1)

    def messages(self) -> list[str]:
        """The texts shown, newest first."""
        return [self.item(i).text() for i in range(self.count())]
