"""The pace on the dealer's status bar: hands per hour of the table (a rolling 30 minutes) and of the dealer's down (SPEC: A
night at the table). A thin view of :class:`~dealer_console.live.dealer_duty.PaceMeter`, re-read on every change of the
session and every 15 seconds."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QWidget

from dealer_console.live.dealer_duty import PaceMeter

__all__ = ["PaceStatus"]


class PaceStatus(QLabel):
    """"Pace: table 31/h · Ann's down: 12 hands in 22 min, 33/h"."""

    def __init__(self, meter: PaceMeter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pace_status")
        self.meter = meter
        self._unsubscribe = meter.session.subscribe(lambda _: self.refresh())
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(15_000)
        self.refresh()

    def stop(self) -> None:
        """Stop following the session (the window closes)."""
        self.timer.stop()
        self._unsubscribe()

    def refresh(self) -> None:
        """Show the pace now."""
        reading = self.meter.reading()

        def rate(value: float | None) -> str:
            return "–" if value is None else f"{value:.0f}"

        self.setText(self.tr("Pace: table {0}/h (30 min) · {1}'s down: {2} hands in {3} min, {4}/h").format(
            rate(reading.rolling_per_hour), reading.dealer, reading.down_hands, f"{reading.down_minutes:.0f}", rate(reading.down_per_hour)))
