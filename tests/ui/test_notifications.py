"""One place where every error and warning from any thread appears, plainly worded (issue 7; STYLE.md: napari's
notification manager turns errors and warnings from any thread into messages in the UI)."""

from __future__ import annotations

import logging
import threading

import pytest

from dealer_console.live.notices import Notice, NoticeLevel
from tests.ui.conftest import make_session


def test_a_warning_posted_from_a_worker_thread_appears_in_the_notification_area(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A plain Python thread posts; the message crosses to the screen's thread through the queued signal."""
    window = open_window(make_session("O", {1: 100, 3: 100}, button=1))
    seen_on: list[threading.Thread] = []
    window.notifications.posted.connect(lambda _: seen_on.append(threading.current_thread()))
    worker = threading.Thread(target=lambda: window.post(Notice(NoticeLevel.WARNING, "Sensor board unplugged")), name="sensor-reader")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: "Warning: Sensor board unplugged" in window.notification_area.messages(), timeout=3000)
    assert window.notification_area.item(0).data(0x0100) == "warning"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # the crash is the point
def test_an_exception_that_ends_a_thread_is_shown_as_an_error(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """An unexpected failure in any thread reaches the dealer, not just a log nobody reads."""
    window = open_window(make_session("O", {1: 100, 3: 100}, button=1))

    def crash() -> None:
        raise OSError("camera /dev/video0 disappeared")

    worker = threading.Thread(target=crash, name="camera-reader")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: any("camera-reader stopped" in m and "disappeared" in m for m in window.notification_area.messages()),
                    timeout=3000)
    assert window.notification_area.messages()[0].startswith("Error: ")


def test_warnings_logged_by_the_console_packages_appear_and_stop_after_close(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Warnings and errors logged anywhere under dealer_console (the shipper, the store, the devices) are shown;
    the window's hooks are removed when it closes."""
    hook_before = threading.excepthook
    window = open_window(make_session("O", {1: 100, 3: 100}, button=1))
    worker = threading.Thread(target=lambda: logging.getLogger("dealer_console.room.shipper").warning("card room unreachable"))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: "Warning: card room unreachable" in window.notification_area.messages(), timeout=3000)
    logging.getLogger("dealer_console").info("not for the dealer")
    window.close()
    assert all(not isinstance(h, logging.Handler) or type(h).__name__ != "_NoticeHandler" for h in logging.getLogger("dealer_console").handlers)
    assert threading.excepthook is hook_before
