"""The window on a recorded table: a database failure shows plainly and the table does not move; a restart resumes the hand.

Sources: issue 4 ("Write-ahead: an event is committed before the console shows its effect. On start,
an open hand is rebuilt from its events and resumes"; "A clear message and no lost data when the
database is locked"); issue 7 ("One place where every error and warning from any thread appears,
plainly worded").
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from dealer_console.config import StoreSettings
from dealer_console.store import Store
from dealer_console.ui.app import demo_session
from tests.ui.test_play_hands import key


def test_locked_database_is_shown_plainly_and_a_restarted_window_resumes_the_hand(tmp_path: Path, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Key C with the database locked: a "Refused: Not recorded" message and the seat still to act; C again once free is stored;
    a second window on the same file shows the same hand at the same point."""
    path = tmp_path / "console.sqlite3"
    with Store.open(f"sqlite:///{path}", settings=StoreSettings(busy_timeout_s=0.2)) as store:
        session = demo_session(game="O", seed=11, players=3, store=store)
        window = open_window(session)
        session.start_hand()
        key(qtbot, window, "D")
        actor, title = session.hand.actor, window.title.text()
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            key(qtbot, window, "C")
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        messages = window.notification_area.messages()
        assert messages and messages[0].startswith("Refused: Not recorded, so nothing changed") and "locked" in messages[0]
        assert session.hand.actor == actor and window.title.text() == title
        key(qtbot, window, "C")
        assert session.hand.actor != actor
        snapshot, title = session.hand.snapshot(), window.title.text()
        window.close()
    with Store.open(f"sqlite:///{path}") as store:
        resumed = demo_session(game="O", seed=99, players=3, store=store)
        window = open_window(resumed)
        assert resumed.hand is not None and resumed.hand.snapshot() == snapshot
        assert window.title.text() == title
        assert store.verify_log()[0].intact
