"""The start command opens the demo table with its simulated devices live (issue 7: "Demo mode, the default when no
hardware is configured: the simulated sensor board on a pseudo-terminal, the synthetic camera showing the cards the demo
deals ... A new user sees a live table within seconds of the README's start command")."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from dealer_console.cli import main

from .conftest import threads_still_running


@pytest.fixture
def application_font(qapp: QApplication) -> Iterator[None]:
    """The start command sets the screen's font on the application (``ui/app.py``): put back the one before, so that
    the tests after this one measure their widgets in the font they expect."""
    before = QFont(qapp.font())
    yield
    qapp.setFont(before)


@pytest.mark.usefixtures("application_font")
def test_the_start_command_opens_the_demo_table_with_its_camera_and_sensor_board_live(tmp_path: Path, qapp) -> None:  # type: ignore[no-untyped-def]
    """No ``[devices]`` configured: the window docks the camera panel (a picture comes in) and the sensor panel (the
    simulated board connected); closing the window stops every device thread."""
    config = tmp_path / "config.toml"
    config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path}"\n', encoding="utf-8")
    threads_before = set(threading.enumerate())
    seen: dict[str, object] = {}

    def look() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "dealer_window" and w.isVisible()]
        window = windows[0] if windows else None
        if window is not None and hasattr(window, "camera_panel"):
            camera, sensors = window.camera_panel, window.sensor_panel
            if camera.view is not None and camera.view.image is not None and sensors.board_states() == {"zones": "connected"}:
                seen.update(camera=camera.status.text(), boards=sensors.board_states())
                window.close()
                return
        QTimer.singleShot(100, look)

    QTimer.singleShot(100, look)
    assert main(["--config", str(config), "--seed", "3", "--quit-after-ms", "20000"]) == 0
    assert seen, "the devices did not come up before the window closed"
    assert str(seen["camera"]).startswith("Camera: ok") and seen["boards"] == {"zones": "connected"}
    running = threads_still_running(threads_before)
    assert not running, f"device threads outlived the window: {running}"
