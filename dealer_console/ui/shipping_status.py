"""The card room's shipping status in the status bar: in sync, behind by N events, or failing and why (issue 9).

The status is read on a thread of its own (it looks at the local store's heads), never on the screen's
thread; a change into "failing" also goes to the notification area, once per distinct reason.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.shipping import ShippingReport, ShippingState, TableShipping
from dealer_console.ui.notification_area import NotificationManager

__all__ = ["ShippingStatus"]

_STYLE = {
    ShippingState.IN_SYNC: "background: #d8f5d8; color: #0b3d0b;",
    ShippingState.BEHIND: "background: #fff1c2; color: #4a3b00;",
    ShippingState.FAILING: "background: #ffd6d6; color: #6b0000; font-weight: bold;",
}


class ShippingStatus(QLabel):
    """One line, its words saying the state (colour is never the only signal)."""

    status_read = Signal(object)

    def __init__(self, shipping: TableShipping, notifications: NotificationManager | None = None, *, interval_s: float = 0.5,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shipping_status")
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.shipping = shipping
        self.notifications = notifications
        self.status: ShippingReport | None = None
        self._reported_error: str | None = None
        self._stop = threading.Event()
        self.status_read.connect(self._on_status_read)
        self.setText(self.tr("card room: connecting…"))
        self._thread = threading.Thread(target=self._poll, args=(interval_s,), name="shipping-status", daemon=True)
        self._thread.start()

    def _poll(self, interval_s: float) -> None:
        while not self._stop.is_set():
            self.status_read.emit(self.shipping.report())
            self._stop.wait(interval_s)

    def stop(self) -> None:
        """End the status thread (the window calls it on close)."""
        self._stop.set()
        self._thread.join(5.0)

    @Slot(object)
    def _on_status_read(self, status: ShippingReport) -> None:
        self.status = status
        if status.state is ShippingState.IN_SYNC:
            text = self.tr("card room: in sync")
        elif status.state is ShippingState.BEHIND:
            text = self.tr("card room: behind by {0} event(s)").format(status.behind)
        else:
            text = self.tr("card room: FAILING, {0} event(s) not shipped: {1}").format(status.behind, status.error)
        self.setText(text)
        self.setToolTip(text)
        self.setStyleSheet(_STYLE[status.state] + " padding: 2px 8px;")
        if self.notifications is None:
            return
        if status.state is ShippingState.FAILING and status.error != self._reported_error:
            self._reported_error = status.error
            self.notifications.warning(self.tr("Shipping to the card room is failing (the table deals on; nothing is lost): {0}")
                                       .format(status.error))
        elif status.state is not ShippingState.FAILING and self._reported_error is not None:
            self._reported_error = None
            self.notifications.post(Notice(NoticeLevel.INFO, self.tr("Shipping to the card room works again: {0}").format(text)))
