"""Who confirmed a doubtful camera reading, recorded at the table and named in the floor's dispute report.

Sources: SPEC, Inputs ("A reading below the confidence threshold is never applied silently: it is shown to the dealer to
confirm or correct"); docs/floor.md, Dispute report (the camera's readings below the threshold, with who confirmed or
corrected each and when); docs/store.md (``ReadingTaken.threshold``, ``confirmed_by``, ``confirmed_at``).

A recorded table without a window: the demo's synthetic camera lays the flop 6c 2s 8c (tests/ui/test_devices.py, DECK); its
recognizer reads 2s at 41 % (below the demo's 60 % threshold) and 8c as 8d at 45 %. Dana, the dealer on duty, confirms 2s
and corrects 8d to 8c; the flop is then dealt from the camera.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from dealer_console.config import StoreSettings
from dealer_console.floor import HandReview, dispute_report_html
from dealer_console.live.camera_reads import CardStatus
from dealer_console.live.deck import stacked_deck
from dealer_console.live.demo_devices import DemoDevices
from dealer_console.live.tables import recorded_session
from dealer_console.live.zones import Zone
from dealer_console.store import Store
from tests.ui.conftest import make_session
from tests.ui.test_camera_evidence import FLOP, board, to_the_flop
from tests.ui.test_devices import DECK, WAIT_MS, KnownRecognizer, card


def test_a_doubtful_card_confirmed_and_one_corrected_record_the_dealer_on_duty_and_the_report_names_them(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Each of the flop's readings records the threshold; the two the dealer settled record Dana and when (the one she
    corrected is not applied); the confident one names nobody. The floor's report of the hand says "confirmed by Dana"
    and "corrected by Dana", with the threshold."""
    recognizer = KnownRecognizer()
    recognizer.low = {"2s": 0.41, "8c": 0.45}
    recognizer.misread = {"8c": "8d"}
    with Store.open(f"sqlite:///{tmp_path / 'table.sqlite3'}", settings=StoreSettings(data_dir=tmp_path / "data")) as store:
        template = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK)
        session = recorded_session(store, template.table, deck_for_hand=lambda _: stacked_deck(DECK), dealer="Dana")
        with DemoDevices(session, workdir=tmp_path, recognizer=recognizer, camera_interval=0.05, recheck=0.1,
                         simulate_sensors=False) as devices:
            idle = lambda: qtbot.waitUntil(lambda: not session.busy, timeout=WAIT_MS)  # noqa: E731
            assert session.start_hand()
            idle()
            to_the_flop(session, idle)
            qtbot.waitUntil(lambda: board(devices) == [FLOP[0], None, None], timeout=WAIT_MS)
            assert not session.deal_board()  # SPEC: never applied silently
            idle()
            assert session.hand.boards()[0] == ()
            before = datetime.now(UTC)
            _, second, third = devices.hub.camera_view().zone(Zone.of_board(0))
            assert second.status is third.status is CardStatus.LOW and third.sighting.best == card("8d")
            devices.hub.confirm_card(second, "2s")
            devices.hub.confirm_card(third, "8c")
            after = datetime.now(UTC)
            qtbot.waitUntil(lambda: board(devices) == FLOP, timeout=WAIT_MS)
            assert session.deal_board()
            idle()
            assert list(session.hand.boards()[0]) == FLOP
        [table] = store.tables()
        events = store.events(table.id)
        [flop] = [event for event in events if event.kind == "board"]
        readings = {r.payload["subject"]: r.payload for r in events if r.kind == "reading" and r.payload["subject"].startswith("flop")}
        assert [readings[f"flop card {n}"]["threshold"] for n in (1, 2, 3)] == [pytest.approx(0.6)] * 3
        assert readings["flop card 1"]["confirmed_by"] == "" and readings["flop card 1"]["confirmed_at"] is None
        confirmed, corrected = readings["flop card 2"], readings["flop card 3"]
        assert (confirmed["value"], confirmed["applied"], confirmed["confidence"]) == ("2s", True, pytest.approx(0.41))
        assert (corrected["value"], corrected["applied"], corrected["confidence"]) == ("8d", False, pytest.approx(0.45))
        for payload in (confirmed, corrected):
            assert payload["confirmed_by"] == "Dana"
            assert before <= datetime.fromisoformat(payload["confirmed_at"]) <= after

        html = dispute_report_html(HandReview.load(store, flop.hand_id))
        assert "confirmed by Dana (dealer on duty)" in html and "corrected by Dana (dealer on duty)" in html
        assert "The camera reads flop card 2 as 2s (41 % sure, below the threshold of 60 %); Dana confirms it" in html
