"""The action clock on the dealer's screen: who is on the clock and the seconds left (of the clock, then of the time bank);
at zero the rule's outcome waits for the dealer's confirmation (SPEC: A night at the table; TDA). A thin view of
:class:`~dealer_console.live.action_clock.ActionClock`, re-read every quarter second (and on :meth:`ClockWidget.refresh`)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from dealer_console.live.action_clock import ActionClock, ClockPhase

__all__ = ["ClockWidget"]


class ClockWidget(QWidget):
    """The countdown, a "Call the clock" button and, at zero, "Confirm"."""

    def __init__(self, clock: ActionClock, parent: QWidget | None = None, *, tick_ms: int = 250) -> None:
        super().__init__(parent)
        self.setObjectName("action_clock")
        self.clock = clock
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("clock_text")
        self.label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.call_button = QPushButton(self.tr("Call the clock [Ctrl+L]"))
        self.call_button.setObjectName("call_clock")
        self.call_button.setFocusPolicy(self.call_button.focusPolicy().NoFocus)
        self.call_button.clicked.connect(lambda: self.clock.call())
        self.confirm_button = QPushButton()
        self.confirm_button.setObjectName("confirm_clock")
        self.confirm_button.setFocusPolicy(self.confirm_button.focusPolicy().NoFocus)
        self.confirm_button.clicked.connect(lambda: self.clock.confirm())
        for widget in (self.label, self.call_button, self.confirm_button):
            layout.addWidget(widget)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(tick_ms)
        self.refresh()

    def refresh(self) -> None:
        """Show the clock as it is now."""
        state = self.clock.state()
        enabled = self.clock.enabled
        self.setVisible(enabled)
        self.call_button.setVisible(state.phase is ClockPhase.OFF)
        self.confirm_button.setVisible(state.phase is ClockPhase.EXPIRED)
        if state.phase is ClockPhase.OFF:
            self.label.setText(self.tr("Clock: off"))
        elif state.phase is ClockPhase.RUNNING:
            self.label.setText(self.tr("Seat {0} on the clock: {1} s").format(state.seat, f"{state.remaining:.0f}"))
        elif state.phase is ClockPhase.TIME_BANK:
            self.label.setText(self.tr("Seat {0} on the time bank: {1} s").format(state.seat, f"{state.remaining:.0f}"))
        else:
            outcome = self.tr("fold") if state.outcome == "fold" else self.tr("check")
            self.label.setText(self.tr("Seat {0}: time. The rule gives a {1}").format(state.seat, outcome))
            self.confirm_button.setText(self.tr("Confirm the {0} [Ctrl+Shift+L]").format(outcome))
        self.label.setStyleSheet("font-size: 14pt; font-weight: bold;" + (" color: #b00000;" if state.phase is ClockPhase.EXPIRED else ""))
