"""The sensor panel: each sensor board's state, each seat's bet zone against the hand, and the bet read from chips.

A bet read from the chips of the seat to act is a proposal: the dealer accepts it (Y), and a raise
needs that tap as its confirmation (SPEC, Rules and guardrails: bets read from chips). The panel's
own words are translated (Qt's ``tr``); the reasons the chip rules give stay as written.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Slot
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.sensor_watch import BoardStatus
from dealer_console.live.sensors import BetProposal, SensorWarning
from dealer_console.ui.headed_table import HeadedTable
from dealer_console.ui.sentences import translate_sentence
from dealer_console.ui.ui_thread import ChangeRelay

__all__ = ["SensorPanel"]


def _board_colour(status: BoardStatus) -> str:
    """Green when connected, amber on its way, red otherwise."""
    return "#1f6b3a" if status.ready else "#8a6d00" if status.connecting else "#b00000"


def _proposal_words(proposal: BetProposal) -> str:
    """The proposal in the action bar's amounts: "call 7", "bet 20", "raise to 24", "all-in to 180 (call 173)"."""
    verb = QCoreApplication.translate("ProposedAction", proposal.action.value)
    match proposal.action.value:
        case "check":
            return verb
        case "call":
            return f"{verb} {proposal.call}"
        case "bet":
            return f"{verb} {proposal.amount_to}"
        case _:
            words = QCoreApplication.translate("SensorPanel", "{0} to {1}").format(verb, proposal.amount_to)
            if proposal.call:
                words += QCoreApplication.translate("SensorPanel", " (call {0})").format(proposal.call)
            return words


class SensorPanel(QWidget):
    """A thin view over the hub's board states, zone rows and proposal."""

    COLUMNS = ("Seat", "Player", "Bet zone", "In front", "To call", "")
    """The table's headings as written (shown translated)."""

    def __init__(self, hub: DeviceHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sensor_panel")
        self.hub = hub
        layout = QVBoxLayout(self)
        self.boards_row = QHBoxLayout()
        self.board_labels: dict[str, QLabel] = {}
        layout.addLayout(self.boards_row)
        self.button_label = QLabel()
        self.button_label.setObjectName("button_reading")
        layout.addWidget(self.button_label)
        self.table = HeadedTable(0, len(self.COLUMNS), 1)  # the player's column takes the rest, never less than its heading
        self.table.setObjectName("bet_zones")
        self.table.setHorizontalHeaderLabels([self.tr("Seat"), self.tr("Player"), self.tr("Bet zone"), self.tr("In front"),
                                              self.tr("To call"), ""])
        self.table.verticalHeader().setVisible(False)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setMinimumHeight(120)
        layout.addWidget(self.table)
        self.proposal_label = QLabel()
        self.proposal_label.setObjectName("bet_proposal")
        self.proposal_label.setWordWrap(True)
        self.proposal_label.setStyleSheet("font-size: 13pt; padding: 2px 6px;")
        layout.addWidget(self.proposal_label)
        self.accept = QPushButton()
        self.accept.setObjectName("accept_bet")
        self.accept.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.accept.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.accept.clicked.connect(self._on_accept_click)
        layout.addWidget(self.accept)
        self.shown: BetProposal | None = None
        """The proposal on the button: accepting applies it only if the chips still say the same."""
        self._relay = ChangeRelay()
        # direct on the UI thread (the session's changes), queued from the worker threads
        self._relay.changed.connect(self._on_devices_change)
        self._unsubscribe = hub.subscribe(self._relay.request)
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self._on_devices_change()

    def _on_accept_click(self) -> None:
        self.hub.accept_proposal(self.shown)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Key Y on the window (the panel filters the window's keys): accept the bet read from chips."""
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Y \
                and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            if not self.accept.isHidden():
                self.accept.click()
            return True
        return False

    def _button_words(self, read: bool, seen: int | None, console: int | None) -> str:
        """The button sensor against the console's button, in the dealer's language (the hub's ``ButtonReading.text``)."""
        if not read:
            return self.tr("Button: no reading")
        where = self.tr("not seen on any seat") if seen is None else self.tr("seat {0}").format(seen)
        if console is None:
            return self.tr("Button: the sensor sees it on {0}").format(where)
        if seen == console:
            return self.tr("Button: seat {0}, as the sensor sees it").format(console)
        return self.tr("Button: seat {0} for the console, the sensor sees it on {1}").format(console, where)

    def board_states(self) -> dict[str, str]:
        """Each board's state as shown, e.g. ``{"zones": "connected"}``."""
        return {name: label.property("state") for name, label in self.board_labels.items()}

    @Slot()
    def _on_devices_change(self) -> None:
        self._relay.pending = False
        for status in self.hub.board_statuses():
            label = self.board_labels.get(status.name)
            if label is None:
                label = QLabel()
                label.setObjectName(f"board_{status.name}")
                self.board_labels[status.name] = label
                self.boards_row.addWidget(label)
            label.setText(self.tr("Sensor board {0}: {1}").format(status.name, QCoreApplication.translate("BoardState", status.words)))
            label.setToolTip(translate_sentence(status.reason))
            label.setProperty("state", status.words)
            colour = _board_colour(status)
            label.setStyleSheet(f"font-size: 12pt; font-weight: bold; color: white; background: {colour}; padding: 2px 6px;")
        button = self.hub.button()
        agrees = button.agrees
        self.button_label.setText(self._button_words(button.read, button.seen, button.console))
        self.button_label.setProperty("agrees", agrees)
        background = {True: "#d6f5dc", False: "#ffc0c0", None: "transparent"}[agrees]
        self.button_label.setStyleSheet(f"font-size: 12pt; padding: 2px 6px; color: #111; background: {background};")
        rows = self.hub.zone_rows()
        if self.hub.session.busy:
            return  # the session is being changed on its recorder's thread: keep showing the last state
        self.table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            highlight: QColor | None
            if row.agrees is None:
                mark, highlight = (self.tr("no reading") if row.seen is None else ""), None
            elif row.agrees:
                mark, highlight = self.tr("matches"), None
            else:
                mark, highlight = self.tr("DIFFERS"), QColor("#ffc0c0")
            # "To call": the chips a call adds, as the action bar's Call says, with the total it makes
            call = "" if row.required is None else str(row.required - row.in_front) if row.required == row.in_front \
                else self.tr("{0} (to {1})").format(row.required - row.in_front, row.required)
            cells = (str(row.seat), row.player, "—" if row.seen is None else str(row.seen), str(row.in_front), call, mark)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if row.required is not None:
                    item.setBackground(QBrush(QColor("#fff3a0")))
                if highlight is not None:
                    item.setBackground(QBrush(highlight))
                item.setForeground(QBrush(QColor("#111111")))
                self.table.setItem(index, column, item)
        proposal = self.hub.proposal()
        self.shown = proposal if isinstance(proposal, BetProposal) else None
        if isinstance(proposal, BetProposal):
            verb = proposal.action.value
            words = _proposal_words(proposal)
            self.proposal_label.setText(self.tr("Seat {0}, read from chips: {1} — {2}").format(proposal.seat, words, translate_sentence(proposal.reason)))
            self.proposal_label.setStyleSheet("font-size: 13pt; padding: 2px 6px; background: #e6f0ff; color: #111;")
            self.accept.setText((self.tr("Confirm {0} (Y)") if proposal.needs_confirmation else self.tr("Accept {0} (Y)")).format(words))
            self.accept.setProperty("action", verb)
            self.accept.setProperty("seat", proposal.seat)
            self.accept.show()
        else:
            if isinstance(proposal, SensorWarning):
                self.proposal_label.setText(self.tr("Bet zone: {0}").format(translate_sentence(proposal.message)))
                self.proposal_label.setStyleSheet("font-size: 13pt; padding: 2px 6px; background: #fff1c2; color: #111;")
            else:
                self.proposal_label.setText("")
                self.proposal_label.setStyleSheet("font-size: 13pt; padding: 2px 6px;")
            self.accept.setProperty("action", None)
            self.accept.setProperty("seat", None)
            self.accept.hide()
