"""The camera's set-up screens: they reach the camera through ``dealer_console.live`` only, they do not import the
dealer's window, and their long work (finding the felt's edge, teaching a deck) runs on a worker thread while the
screen says what it is doing.

Sources: STYLE.md, Practices 5 ("Long work (camera, serial, database) never runs on the UI thread"; Qt code in
``dealer_console/ui``) and the napari anchor (widgets are thin views over a model that knows nothing of Qt); the
zones' words are the camera panel's (docs/ui.md, Devices).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dealer_console.engine.cards import parse_card
from dealer_console.live.camera_reads import CardStatus, Sighting
from dealer_console.live.card_judge import Judging, judge_sightings
from dealer_console.live.errors import LiveError, TaughtDeckError, ZoneError
from dealer_console.live.taught_deck import TeachingPicture, load_taught_deck
from dealer_console.live.zones import MUCK, OFF, CameraZones, Zone
from dealer_console.ui.calibration_dialog import CalibrationDialog
from dealer_console.ui.teach_deck_dialog import TeachDeckDialog
from tests.ui.conftest import make_session
from tests.ui.test_camera_setup import true_calibration
from tests.vision.table_scenes import PLAN, render_table
from tests.vision.test_calibration import TILTED
from vision.synthetic import drawn_deck

WAIT_MS = 15_000


def test_a_zone_is_a_value_named_in_the_dealers_words() -> None:
    """Zones are values, not strings to split: their words are the camera panel's, and a zone that is not one is refused."""
    assert [str(zone) for zone in (Zone.of_board(0), Zone.of_board(1, run=2), Zone.of_seat(3), MUCK, OFF)] == [
        "board 1", "board 2, run 3", "seat 3", "muck", "off the zones"]
    assert Zone.of_board(0, 1) == Zone.of_board(0, run=1) and Zone.of_board(0).is_board and Zone.of_seat(2).is_seat
    with pytest.raises(ZoneError, match="seats are numbered from 1, not 0") as refused:
        Zone.of_seat(0)
    assert refused.value.seat == 0 and isinstance(refused.value, LiveError)


def test_a_taught_deck_folder_names_the_file_and_the_card_it_refuses(tmp_path: Path) -> None:
    """A taught deck's listing with a card written wrongly: the error carries the file and the card."""
    (tmp_path / "cards.csv").write_text("image,cards,card_width_px\npicture-1.png,As Xx,120\n", encoding="utf-8")
    with pytest.raises(TaughtDeckError, match="'Xx' is not a card") as refused:
        load_taught_deck(tmp_path)
    assert refused.value.path == tmp_path / "cards.csv" and refused.value.card == "Xx"


def test_the_felts_edge_is_found_on_a_worker_while_the_dialog_says_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Find the felt's edge: the dialog says it is looking and takes no other command meanwhile; the result comes back
    to the screen's thread (the corners found calibrate, or the refusal is shown in words)."""
    frame = render_table(drawn_deck(), TILTED, [])
    dialog = CalibrationDialog(lambda: frame, path=Path("unused.toml"), seats=9)
    qtbot.addWidget(dialog)
    dialog.plan_width.setValue(PLAN[0])
    dialog.plan_depth.setValue(PLAN[1])
    dialog.find_edge.click()
    assert dialog.busy and dialog.message.text() == "Looking for the felt's edge…"
    assert not dialog.find_edge.isEnabled() and not dialog.save.isEnabled() and not dialog.use_felt_edge()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)
    assert dialog.find_edge.isEnabled()
    assert dialog.calibration is not None and dialog.calibration.method == "felt-edge", dialog.message.text()
    assert dialog.felt_edge and dialog.instruction.text().startswith("Calibrated from the felt's edge")


def test_a_felt_without_an_edge_is_refused_in_words_from_the_worker(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A black picture has no felt: the worker's refusal reaches the screen, nothing is calibrated."""
    dialog = CalibrationDialog(lambda: np.zeros((1080, 1920, 3), np.uint8), path=Path("unused.toml"), seats=9)
    qtbot.addWidget(dialog)
    assert dialog.use_felt_edge()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)
    assert dialog.calibration is None and dialog.message.text().startswith("The felt's edge was not found: ")


def test_teaching_runs_on_a_worker_and_a_deck_that_cannot_be_taught_is_refused(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Teach and check: the dialog says it is teaching, the buttons wait, and the teacher's refusal (cards named that the
    picture does not show) comes back in words; nothing is saved."""
    calibration = true_calibration()
    dialog = TeachDeckDialog(lambda: None, calibration=calibration, path=tmp_path / "deck")
    qtbot.addWidget(dialog)
    blank = np.zeros((1080, 1920, 3), np.uint8)
    dialog.pictures.append(TeachingPicture(blank, ("As", "Kd"), dialog.card_width_px))
    assert dialog.teach_deck()
    assert dialog.busy and dialog.message.text() == "Teaching the deck from 1 picture(s)…"
    assert not dialog.teach.isEnabled() and not dialog.save.isEnabled() and not dialog.teach_deck()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)
    assert dialog.message.text().startswith("Not taught: ") and dialog.taught is None
    assert dialog.save_deck()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)
    assert dialog.message.text().startswith("Not taught: ") and not (tmp_path / "deck").exists()


def _sighting(card: str, x: float, *, confidence: float = 0.95) -> Sighting:
    """A card read at (x, 540) on a 1920x1080 picture of the demo felt (the board's row), 120 px wide."""
    quad = ((x - 60, 456.0), (x + 60, 456.0), (x + 60, 624.0), (x - 60, 624.0))
    parsed = parse_card(card)
    return Sighting(parsed if confidence >= 0.6 else None, parsed, confidence, quad)


def test_the_card_judge_is_pure_code_from_sightings_and_the_hand_to_reads() -> None:
    """SPEC, Inputs (a reading below the threshold is never applied silently) and STYLE, "judge in pure code": the flop
    dealt read back, a card the hand has otherwise, a card read twice and a doubtful turn card, judged with no thread."""
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck="As Ad 2c 3d  7h 8h 9s Tc  Qs Js 4h 5h  6c 2s 8c 9c")
    session.start_hand()
    assert session.deal_hole_cards() and session.call() and session.call() and session.check() and session.deal_board()
    hand = session.hand
    assert hand is not None and [str(card) for card in hand.boards()[0]] == ["6c", "2s", "8c"]
    sightings = [_sighting("6c", 700), _sighting("7d", 830), _sighting("8c", 960), _sighting("9c", 1090, confidence=0.4)]
    reads = judge_sightings(sightings, size=(1920, 1080), hand=hand, zones=CameraZones(9), judging=Judging(0.6), confirmed={})
    by_slot = {read.slot: read for read in reads if read.zone == Zone.of_board(0)}
    assert [by_slot[slot].status for slot in range(4)] == [CardStatus.CONFIDENT, CardStatus.DISAGREES, CardStatus.CONFIDENT, CardStatus.LOW]
    assert by_slot[1].note == "the camera reads 7♦, the hand has 2♠ there"
    assert by_slot[3].card is None and by_slot[3].note == "read below 60 % (best guess 9♣): confirm or correct it"
    twice = judge_sightings([_sighting("Kd", 700), _sighting("Kd", 830)], size=(1920, 1080), hand=None, zones=CameraZones(9),
                            judging=Judging(0.6), confirmed={})
    assert [read.status for read in twice] == [CardStatus.DUPLICATE] * 2
    confirmed = judge_sightings(sightings[3:], size=(1920, 1080), hand=None, zones=CameraZones(9), judging=Judging(0.6),
                                confirmed={(Zone.of_board(0), 0): (parse_card("9c"), parse_card("9c"))})
    assert [(read.status, str(read.card)) for read in confirmed] == [(CardStatus.CONFIRMED, "9c")]
