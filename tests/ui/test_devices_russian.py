"""The camera and sensor panels in Russian, through Qt's own translation system.

Source: SPEC, The dealer's screen ("Languages: English and Russian ... through Qt's own translation
system, chosen in the settings"). tests/ui/test_translation.py checks that every text lupdate finds
in the panels is in the .ts and that the .qm is the one lrelease builds from it; these tests check
what the dealer sees, and the words the panels translate from a value (states, verbs) that lupdate
cannot find.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from dealer_console.live.demo_devices import DemoDevices
from dealer_console.live.sensor_watch import BoardStatus
from dealer_console.live.sensors import ProposedAction
from dealer_console.ui.translation import install_translation
from drivers.board import BoardState
from tests.ui.conftest import make_session
from tests.ui.test_devices import DECK, WAIT_MS, KnownRecognizer
from tests.ui.test_play_hands import key
from vision.sources import Status


@pytest.fixture
def russian(qapp: QApplication) -> Iterator[None]:
    """The screen in Russian for one test."""
    install_translation(qapp, "ru")
    yield
    install_translation(qapp, "en")


def test_every_device_state_and_chip_verb_has_its_russian_words(russian: None) -> None:
    """Every camera status, sensor board state and verb read from chips that the panels show has a Russian translation
    (they are translated from a value, so lupdate cannot find them; a new state without words fails here)."""
    words = [("CameraStatus", status.value) for status in Status]
    words += [("BoardState", BoardStatus("zones", state, "").words) for state in BoardState]
    words += [("ProposedAction", action.value) for action in ProposedAction]
    untranslated = [(context, text) for context, text in words if QCoreApplication.translate(context, text) == text]
    assert not untranslated


def test_the_camera_and_sensor_panels_speak_russian(russian: None, qtbot, open_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """On the demo table in Russian: the sensor board's state, the button sensor, the bet zones' table, the call read from
    chips and its button; the camera's state, the reads per zone, and a flop card waiting for the dealer with its
    confirmation."""
    recognizer = KnownRecognizer()
    recognizer.low["6c"] = 0.4
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
    with DemoDevices(session, workdir=tmp_path, recognizer=recognizer, camera_interval=0.05, recheck=0.1) as devices:
        window = open_window(session)
        window.attach_devices(devices.hub)
        sensors, camera = window.sensor_panel, window.camera_panel
        qtbot.waitUntil(lambda: sensors.board_labels.get("zones") is not None
                        and sensors.board_labels["zones"].text() == "Плата датчиков zones: подключена", timeout=WAIT_MS)
        session.start_hand()
        qtbot.waitUntil(lambda: sensors.button_label.text() == "Баттон: место 1, датчик согласен", timeout=WAIT_MS)
        key(qtbot, window, "D")
        headings = [sensors.table.horizontalHeaderItem(column).text() for column in range(5)]
        assert headings == ["Место", "Игрок", "Зона ставки", "Перед игроком", "Для колла"]
        qtbot.waitUntil(lambda: sensors.accept.text() == "Принять: колл 2 (Y)", timeout=WAIT_MS)
        assert sensors.proposal_label.text().startswith("Место 1, по фишкам: колл 2 — ")
        for _ in range(3):
            key(qtbot, window, "Y" if session.hand.actor != 5 else "K")
            qtbot.waitUntil(lambda: session.hand.actor is None or sensors.accept.property("seat") == session.hand.actor, timeout=WAIT_MS)
        assert session.next_board() is not None, window.notification_area.messages()[:2]
        qtbot.waitUntil(lambda: len(camera.rows) == 1, timeout=WAIT_MS)
        assert camera.status.text().startswith("Камера: работает · кадр ")
        assert camera.status.text().endswith("прочитано карт: 3")
        assert camera.rows[0].label.text() == "Борд 1, карта 1: 6♣? 40 %"
        assert camera.rows[0].confirm.text() == "Подтвердить (V)"
        assert camera.reads.text().startswith("<b>Борд 1:</b> ")
        assert camera.board_from_camera.text() == "Борд с камеры (сдаются карты, прочитанные камерой)"
        window.close()
