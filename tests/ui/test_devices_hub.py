"""The device hub without a window: a camera that drops and comes back, and the deal going on without it.

Sources: issue 7 ("Camera, serial and database work never on the UI thread. The console survives a
device unplugged, and shows it"); SPEC, Inputs ("every device is an aid, never required"); docs/vision.md
(a source never raises on a camera fault: ``read()`` returns ``None`` and ``status`` says why).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from dealer_console.live.camera_feed import CameraFeed
from dealer_console.live.camera_reads import Sighting
from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.notices import Notice
from dealer_console.live.zones import CameraZones
from tests.ui.conftest import make_session
from vision.sources import CaptureSource, Frame


def test_the_device_hub_and_the_demo_devices_import_no_qt() -> None:
    """STYLE.md, Practices 1 and 5 (the model knows nothing of Qt; Qt code lives in ``dealer_console/ui``): the hub and the
    demo devices run without a screen, so a test or a headless table can use them. The imports are read with ``ast``,
    including those inside functions."""
    import ast
    from pathlib import Path

    live = Path(__file__).resolve().parents[2] / "dealer_console" / "live"
    for name in ("device_hub.py", "camera_feed.py", "camera_reads.py", "camera_votes.py", "card_judge.py", "zones.py", "evidence.py",
                 "recognizers.py", "taught_deck.py", "camera_setup.py", "table_calibration.py", "sensor_watch.py", "demo_devices.py"):
        tree = ast.parse((live / name).read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        qt = sorted(module for module in imported if module.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6", "qtpy")
                    or module.startswith("dealer_console.ui"))
        assert not qt, f"{name} imports {qt}"


@dataclass
class FakeCamera:
    """A capture device that can be unplugged: while unplugged it neither opens nor delivers frames."""

    plugged: threading.Event
    rng: np.random.Generator

    def isOpened(self) -> bool:
        return self.plugged.is_set()

    def read(self) -> tuple[bool, np.ndarray | None]:
        if not self.plugged.is_set():
            return False, None
        return True, self.rng.integers(0, 255, (90, 160, 3), dtype=np.uint8)

    def release(self) -> None:
        pass


def test_a_camera_unplugged_is_shown_the_board_comes_from_the_deck_and_the_picture_comes_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Unplugged: the source reports dropped, the dealer is told, and dealing goes on from the console (the deck); plugged
    back: the hub reopens it by itself, says so, and reads frames again on its own thread (never the caller's)."""
    plugged = threading.Event()
    plugged.set()
    rng = np.random.default_rng(1)
    read_on: set[str] = set()

    def recognizer(frame: Frame) -> list[Sighting]:
        read_on.add(threading.current_thread().name)
        return []

    def open_camera() -> CaptureSource:
        return CaptureSource(0, opener=lambda _: FakeCamera(plugged, rng), max_failures=2, reconnect_attempts=1, reconnect_delay=0.01)

    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck="As Ad 2c 3d  7h 8h 9s Tc  Qs Js 4h 5h  6c 2s 8c")
    notices: list[Notice] = []
    hub = DeviceHub(session, camera=CameraFeed(open_source=open_camera, recognizer=recognizer, zones=CameraZones(9), interval=0.01,
                                               reopen_interval=0.05))
    hub.subscribe_notices(notices.append)
    with hub:
        qtbot.waitUntil(lambda: hub.camera_view().working and hub.camera_view().seq > 2, timeout=5000)
        assert read_on == {"camera"}
        plugged.clear()
        qtbot.waitUntil(lambda: not hub.camera_view().working, timeout=5000)
        qtbot.waitUntil(lambda: any(n.text.startswith("Camera: dropped") for n in notices), timeout=5000)
        assert "deal from the console meanwhile" in next(n.text for n in notices if n.text.startswith("Camera: dropped"))
        session.start_hand()
        session.deal_hole_cards()
        session.call()
        session.call()
        session.check()
        assert session.deal_board(), "without a picture the board comes from the console"
        assert [str(c) for c in session.hand.boards()[0]] == ["6c", "2s", "8c"]
        plugged.set()
        qtbot.waitUntil(lambda: hub.camera_view().working, timeout=5000)
        qtbot.waitUntil(lambda: any(n.text.startswith("Camera: picture back") for n in notices), timeout=5000)
    assert not any(thread.name == "camera" for thread in threading.enumerate())


def test_configured_devices_a_video_camera_shows_its_picture_and_a_serial_board_its_chips(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``[devices] camera = <video>`` and ``sensors = <port>``: the picture is shown but, with no deck taught, no card is
    read and the board comes from the console; the board on the port is read (docs/ui.md, Devices). ``none`` for both:
    no devices at all."""
    import cv2

    from dealer_console.live.demo_devices import table_devices
    from drivers.simulator.process import SimulatorProcess

    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck="As Ad 2c 3d  7h 8h 9s Tc  Qs Js 4h 5h  6c 2s 8c")
    assert table_devices(session, camera="none", sensors="none") is None
    video = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 10, (160, 90))
    assert writer.isOpened()
    for shade in range(20):
        writer.write(np.full((90, 160, 3), (40, 100 + shade, 30), np.uint8))
    writer.release()
    with SimulatorProcess(tmp_path / "zones", heartbeat_ms=100) as board:
        devices = table_devices(session, camera=str(video), sensors=str(tmp_path / "zones"), threshold=0.9)
        assert devices is not None and devices.simulator is None
        with devices:
            hub = devices.hub
            qtbot.waitUntil(lambda: hub.camera_view().image is not None, timeout=5000)
            qtbot.waitUntil(lambda: [s.words for s in hub.board_statuses()] == ["connected"], timeout=5000)
            assert not hub.board_from_camera and hub.camera_view().reads == ()
            session.start_hand()
            session.deal_hole_cards()
            board.command("zone 1 2 1x2")
            qtbot.waitUntil(lambda: hub.proposal() is not None, timeout=5000)
            assert hub.accept_proposal() and session.hand.bets[1] == 2
            session.call()
            session.check()
            assert session.deal_board() and [str(c) for c in session.hand.boards()[0]] == ["6c", "2s", "8c"]
