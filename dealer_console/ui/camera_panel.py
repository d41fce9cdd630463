"""The camera panel: the live picture with the cards read outlined and their confidence, and what waits for the dealer.

Green: read with confidence (or confirmed by the dealer). Amber: below the threshold, waiting for
the dealer to confirm or correct it (SPEC, Inputs: never applied silently). Red: read twice, or
disagreeing with the hand. Every colour comes with words. The panel's own words are translated
(Qt's ``tr``); the reasons the hub gives for a red or waiting card stay as written, as the engine's do.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, Qt, Slot
from PySide6.QtGui import QColor, QKeyEvent, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_console.engine.cards import DECK
from dealer_console.live.camera_reads import RED, CameraView, CardRead, CardStatus
from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.zones import Zone, ZoneKind
from dealer_console.ui.frame_picture import frame_pixmap, label_painter
from dealer_console.ui.sentences import translate_in, translate_sentence
from dealer_console.ui.ui_thread import ChangeRelay

__all__ = ["CameraPanel", "zone_words"]

PICTURE_WIDTH = 400
_OUTLINE = {
    CardStatus.CONFIDENT: "#35d05a",
    CardStatus.CONFIRMED: "#35d05a",
    CardStatus.LOW: "#ffb000",
    CardStatus.DUPLICATE: "#ff2020",
    CardStatus.DISAGREES: "#ff2020",
}


def zone_words(zone: Zone) -> str:
    """A camera zone in the dealer's language: ``"Board 1"``, ``"Board 1, run 2"``, ``"Seat 3"``, ``"Muck"``, ``"Off the zones"``."""
    if zone.is_board and zone.run:
        return QCoreApplication.translate("CameraPanel", "Board {0}, run {1}").format(zone.board + 1, zone.run + 1)
    if zone.is_board:
        return QCoreApplication.translate("CameraPanel", "Board {0}").format(zone.board + 1)
    if zone.is_seat:
        return QCoreApplication.translate("CameraPanel", "Seat {0}").format(zone.seat)
    if zone.kind is ZoneKind.MUCK:
        return QCoreApplication.translate("CameraPanel", "Muck")
    return QCoreApplication.translate("CameraPanel", "Off the zones")


class _PendingRow(QWidget):
    """One card waiting for the dealer: what was read, a choice of card (the best guess first), Confirm."""

    def __init__(self, read: CardRead, hub: DeviceHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.read, self.hub = read, hub
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(self.tr("{0}, card {1}: {2}").format(zone_words(read.zone), read.slot + 1, read.label()))
        self.label.setStyleSheet("background: #ffb000; color: #111; padding: 2px 6px; font-weight: bold;")
        self.choice = QComboBox()
        self.choice.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for card in DECK:
            self.choice.addItem(card.symbol, card)
        if read.sighting.best is not None:
            self.choice.setCurrentIndex(read.sighting.best.index)
        self.confirm = QPushButton(self.tr("Confirm (V)"))
        self.confirm.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.confirm.clicked.connect(self._on_confirm_click)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.choice)
        layout.addWidget(self.confirm)

    def _on_confirm_click(self) -> None:
        self.hub.confirm_card(self.read, self.choice.currentData())


class CameraPanel(QWidget):
    """A thin view over :meth:`DeviceHub.camera_view`; re-read whenever the hub says something changed."""

    def __init__(self, hub: DeviceHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("camera_panel")
        self.hub = hub
        self.view: CameraView | None = None
        self._drawn: tuple[object, ...] | None = None
        layout = QVBoxLayout(self)
        self.status = QLabel()
        self.status.setObjectName("camera_status")
        self.status.setStyleSheet("font-size: 12pt; font-weight: bold; padding: 2px 6px;")
        self.picture = QLabel(self.tr("no picture yet"))
        self.picture.setObjectName("camera_picture")
        self.picture.setFixedSize(PICTURE_WIDTH, PICTURE_WIDTH * 9 // 16)
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setStyleSheet("background: #111; color: #aaa;")
        self.reads = QLabel()
        self.reads.setObjectName("camera_reads")
        self.reads.setTextFormat(Qt.TextFormat.RichText)
        self.reads.setWordWrap(True)
        self.reads.setStyleSheet("font-size: 12pt;")
        self.problems = QLabel()
        self.problems.setObjectName("camera_problems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("font-size: 12pt; color: white; background: #b00000; padding: 2px 6px;")
        self.pending = QVBoxLayout()
        self.rows: list[_PendingRow] = []
        self.board_from_camera = QCheckBox(self.tr("Board from camera (dealt board cards are the cards read)"))
        self.board_from_camera.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.board_from_camera.setChecked(hub.board_from_camera)
        self.board_from_camera.setEnabled(hub.camera is not None and hub.camera.reads_cards)
        self.board_from_camera.toggled.connect(self._on_board_from_camera_change)
        for widget in (self.status, self.picture, self.reads, self.problems):
            layout.addWidget(widget)
        layout.addLayout(self.pending)
        layout.addWidget(self.board_from_camera)
        layout.addStretch(1)
        self._relay = ChangeRelay()
        # direct on the UI thread (the session's changes), queued from the worker threads
        self._relay.changed.connect(self._on_devices_change)
        self._unsubscribe = hub.subscribe(self._relay.request)
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self._on_devices_change()

    def _on_board_from_camera_change(self, on: bool) -> None:
        self.hub.board_from_camera = on

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Key V on the window (the panel filters the window's keys): confirm the first card waiting."""
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_V \
                and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            self.confirm_first()
            return True
        return False

    def confirm_first(self) -> None:
        """Confirm the first card waiting for the dealer with the card chosen in its row (key V)."""
        if self.rows:
            self.rows[0].confirm.click()

    @Slot()
    def _on_devices_change(self) -> None:
        self._relay.pending = False
        view = self.hub.camera_view()
        self.view = view
        if view is None:
            self.status.setText(self.tr("No camera configured"))
            return
        ok = view.working
        camera = self.hub.camera
        reads_cards = camera is not None and camera.reads_cards
        # the mode of a real camera (taught deck, general mode, picture only) is always said; the demo's camera has none
        mode = QCoreApplication.translate("CameraMode", camera.mode) if camera is not None and camera.mode else ""
        if reads_cards:
            reading = self.tr("{0} card(s) read").format(len(view.reads)) + (f" ({mode})" if mode else "")
        else:
            reading = mode or self.tr("picture only")
        if self.board_from_camera.isEnabled() != reads_cards or self.board_from_camera.isChecked() != self.hub.board_from_camera:
            self.board_from_camera.setEnabled(reads_cards)
            self.board_from_camera.setChecked(self.hub.board_from_camera)
        self.status.setText(self.tr("Camera: {0}").format(QCoreApplication.translate("CameraStatus", view.status))
                            + (f" — {translate_sentence(view.detail)}" if view.detail and not ok else "")
                            + (self.tr(" · frame {0} · {1}").format(view.seq, reading) if view.image is not None else f" · {mode}" if mode else ""))
        # a frozen picture is still read, but the dealer should look at the camera
        background = "#1f6b3a" if view.status == "ok" else "#8a6d00" if ok else "#b00000"
        self.status.setStyleSheet(f"font-size: 12pt; font-weight: bold; padding: 2px 6px; background: {background}; color: white;")
        drawn = (view.seq, tuple((read.key, read.status, read.card, read.percent) for read in view.reads))
        if view.image is not None and drawn != self._drawn:
            self._drawn = drawn  # the picture is drawn again only when the frame or what is read on it changes
            self.picture.setPixmap(self._picture(view))
        zones: dict[Zone, list[CardRead]] = {}
        for read in view.reads:
            zones.setdefault(read.zone, []).append(read)
        lines = []
        for zone in sorted(zones, key=str):
            cells = []
            for read in sorted(zones[zone], key=lambda r: r.slot):
                colour = _OUTLINE[read.status]
                cells.append(f"<span style='background:{colour}; color:#111;'>&nbsp;{read.label()}&nbsp;</span>")
            lines.append(f"<b>{zone_words(zone)}:</b> " + " ".join(cells))
        self.reads.setText("<br>".join(lines) or self.tr("No card read"))
        red = [read for read in view.reads if read.status in RED]
        self.problems.setText("\n".join(self.tr("{0}, card {1}: {2}").format(zone_words(read.zone), read.slot + 1, translate_in("Note", read.note))
                                        for read in red))
        self.problems.setVisible(bool(red))
        waiting = view.waiting()
        if [(r.key, r.sighting.best) for r in waiting] != [(row.read.key, row.read.sighting.best) for row in self.rows]:
            for row in self.rows:
                self.pending.removeWidget(row)
                row.deleteLater()
            self.rows = [_PendingRow(read, self.hub) for read in waiting]
            for row in self.rows:
                self.pending.addWidget(row)

    def _picture(self, view: CameraView) -> QPixmap:
        image = view.image
        assert image is not None
        pixmap, scale = frame_pixmap(image, PICTURE_WIDTH)
        painter = label_painter(pixmap, 9)
        for read in view.reads:
            colour = QColor(_OUTLINE[read.status])
            painter.setPen(QPen(colour, 3 if read.status in RED else 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            polygon = QPolygonF([QPointF(x * scale, y * scale) for x, y in read.sighting.quad])
            painter.drawPolygon(polygon)
            # the card above its outline, the confidence below: both fit the width of a card at this scale
            box = polygon.boundingRect()
            shown = read.card or read.sighting.best
            name = (shown.symbol if shown is not None else "??") + ("?" if read.status is CardStatus.LOW else "")
            for text, top in ((name, box.top() - 15), (f"{read.percent}%", box.bottom() + 1)):
                width = painter.fontMetrics().horizontalAdvance(text) + 4
                left = int(box.center().x() - width / 2)
                painter.fillRect(left, int(top), width, 14, colour)
                painter.setPen(QColor("#111111"))
                painter.drawText(left + 2, int(top) + 11, text)
        painter.end()
        return pixmap
