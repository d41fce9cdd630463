"""The window on a recorded table: a database failure shows plainly and the table does not move; a restart resumes the hand.

Sources: issue 4 ("Write-ahead: an event is committed before the console shows its effect. On start,
an open hand is rebuilt from its events and resumes"; "A clear message and no lost data when the
database is locked"); issue 7 ("One place where every error and warning from any thread appears,
plainly worded").
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from PySide6.QtCore import QTimer

from dealer_console.config import StoreSettings
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import demo_session
from dealer_console.store import Store
from dealer_console.store.errors import StoreUnavailableError
from dealer_console.ui import dialogs
from tests.ui.test_play_hands import key


def settle(qtbot, session: TableSession) -> None:  # type: ignore[no-untyped-def]
    """Wait until the background recorder has acknowledged every command given so far."""
    qtbot.waitUntil(lambda: not session.busy, timeout=10_000)


def test_locked_database_is_shown_plainly_and_a_restarted_window_resumes_the_hand(tmp_path: Path, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Key C with the database locked: a "Refused: Not recorded" message and the seat still to act; C again once free is stored;
    a second window on the same file shows the same hand at the same point."""
    path = tmp_path / "console.sqlite3"
    with Store.open(f"sqlite:///{path}", settings=StoreSettings(busy_timeout_s=0.2)) as store:
        session = demo_session(game="O", seed=11, players=3, store=store)
        window = open_window(session)
        session.start_hand()
        settle(qtbot, session)
        key(qtbot, window, "D")
        settle(qtbot, session)
        actor, title = session.hand.actor, window.title.full_text()
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            key(qtbot, window, "C")
            settle(qtbot, session)
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        messages = window.notification_area.messages()
        assert messages and messages[0].startswith("Refused: Not recorded, so nothing changed") and "locked" in messages[0]
        assert session.hand.actor == actor and window.title.full_text() == title
        key(qtbot, window, "C")
        settle(qtbot, session)
        assert session.hand.actor != actor
        snapshot, title = session.hand.snapshot(), window.title.full_text()
        window.close()
    with Store.open(f"sqlite:///{path}") as store:
        resumed = demo_session(game="O", seed=99, players=3, store=store)
        window = open_window(resumed)
        assert resumed.hand is not None and resumed.hand.snapshot() == snapshot
        assert window.title.full_text() == title
        assert store.verify_log()[0].intact


def test_slow_store_keeps_the_window_responsive_and_shows_nothing_before_the_commit(tmp_path: Path, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """The store's append runs off the screen's thread: while a commit hangs, timers still fire and the window repaints,
    the action bar is disabled, and the table shown is the one before the command; once the commit lands it shows
    (issue 7: "Camera, serial and database work never on the UI thread"; SPEC: stored before the console shows its effect)."""
    with Store.open(f"sqlite:///{tmp_path / 'slow.sqlite3'}") as store:
        session = demo_session(game="O", seed=5, players=3, store=store)
        window = open_window(session)
        session.start_hand()
        settle(qtbot, session)
        key(qtbot, window, "D")
        settle(qtbot, session)
        actor, title, stored = session.hand.actor, window.title.full_text(), len(store.events(session.recorder.table_id))
        gate, entered = threading.Event(), threading.Event()
        real_append = store.append

        def slow_append(*args, **kwargs):  # type: ignore[no-untyped-def]
            entered.set()
            assert gate.wait(10), "the test never opened the gate"
            return real_append(*args, **kwargs)

        store.append = slow_append  # type: ignore[method-assign]
        ticks: list[int] = []
        timer = QTimer()
        timer.timeout.connect(lambda: ticks.append(1))
        timer.start(10)
        try:
            key(qtbot, window, "C")
            assert entered.wait(5), "the append never started"
            qtbot.wait(200)
            assert len(ticks) >= 5, "the screen's thread was blocked by the store"
            window.repaint()
            assert session.busy and not window.action_bar.isEnabled()
            assert window.title.full_text() == title, "the window showed a call the store has not committed"
            key(qtbot, window, "F")  # refused while the call is being recorded: the bar is disabled
            dialog = dialogs.open_extra_boards(window)
            assert not dialog.isEnabled(), "a dialog opened while a command is being recorded must wait too"
            assert len(store.events(session.recorder.table_id)) == stored
        finally:
            gate.set()
            timer.stop()
        settle(qtbot, session)
        assert window.action_bar.isEnabled() and dialog.isEnabled()
        dialog.close()
        assert session.hand.actor != actor and window.title.full_text() != title
        assert len(store.events(session.recorder.table_id)) == stored + 1
        assert store.rebuild_hand(session.recorder.hand.hand_id).snapshot() == session.hand.snapshot()
        window.close()


def test_failed_append_shows_an_error_and_loses_nothing(tmp_path: Path, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A commit that fails (the database gone away) is an error in the notification area; the hand does not move,
    and repeating the step records it: the log then holds exactly the hand shown (issue 4: "no lost data")."""
    with Store.open(f"sqlite:///{tmp_path / 'failing.sqlite3'}") as store:
        session = demo_session(game="O", seed=8, players=3, store=store)
        window = open_window(session)
        session.start_hand()
        settle(qtbot, session)
        key(qtbot, window, "D")
        settle(qtbot, session)
        actor = session.hand.actor
        real_append = store.append
        failures = [StoreUnavailableError("the database server went away (connection reset)")]

        def failing_append(*args, **kwargs):  # type: ignore[no-untyped-def]
            if failures:
                raise failures.pop()
            return real_append(*args, **kwargs)

        store.append = failing_append  # type: ignore[method-assign]
        key(qtbot, window, "C")
        settle(qtbot, session)
        messages = window.notification_area.messages()
        assert messages and "went away" in messages[0] and messages[0].startswith("Refused: Not recorded, so nothing changed")
        assert session.hand.actor == actor
        key(qtbot, window, "C")
        settle(qtbot, session)
        assert session.hand.actor != actor
        assert store.rebuild_hand(session.recorder.hand.hand_id).snapshot() == session.hand.snapshot()
        assert store.verify_log()[0].intact
        window.close()


def test_an_unexpected_failure_in_the_recorder_is_shown_and_the_window_goes_on(tmp_path: Path, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Anything the recorder's thread did not expect is an error in the notification area, never a silent dead thread;
    the next command is recorded as usual."""
    with Store.open(f"sqlite:///{tmp_path / 'odd.sqlite3'}") as store:
        session = demo_session(game="O", seed=2, players=3, store=store)
        window = open_window(session)
        session.start_hand()
        settle(qtbot, session)
        real_append = store.append
        surprises = [RuntimeError("disk controller reset")]

        def odd_append(*args, **kwargs):  # type: ignore[no-untyped-def]
            if surprises:
                raise surprises.pop()
            return real_append(*args, **kwargs)

        store.append = odd_append  # type: ignore[method-assign]
        key(qtbot, window, "D")
        settle(qtbot, session)
        assert "The step failed unexpectedly" in window.notification_area.messages()[0] and "disk controller reset" in window.notification_area.messages()[0]
        assert window.recorder is not None and window.recorder.running and window.action_bar.isEnabled()
        key(qtbot, window, "D")
        settle(qtbot, session)
        assert session.hand.actor is not None
        assert store.rebuild_hand(session.recorder.hand.hand_id).snapshot() == session.hand.snapshot()
        recorder = window.recorder
        window.close()
        assert not recorder.running and window.recorder is None, "the recorder's thread ends with the window"
