"""Issue 24: the empty table learnt live. When a hand starts and no card is dealt yet, the console knows the table is
empty: each frame on which nothing is read then refreshes the camera's picture of the empty table, and from then on
the reader finds the cards by what differs from it (white cards on a white table). Once a card is dealt, it stops."""

from __future__ import annotations

import threading

import cv2
import numpy as np
import pytest

from dealer_console.live.camera_feed import CameraFeed
from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.recognizers import CalibratedRecognizer
from dealer_console.live.zones import CameraZones
from tests.ui.conftest import make_session
from tests.vision.table_scenes import PLAN_B, VIEW, ZONES, render_table
from vision.calibration import Calibration
from vision.recognize import TaughtDeck, teach
from vision.sources import FrameSource
from vision.synthetic import ALL_CARDS, Deck, drawn_deck

WHITE_TABLE = (222, 228, 232)
FLOP = [("Ah", 420.0, 280.0, 0.0), ("7c", 502.0, 280.0, 0.0), ("2d", 584.0, 280.0, 0.0)]


@pytest.fixture(scope="module")
def deck() -> Deck:
    return drawn_deck()


def calibration() -> Calibration:
    width, depth = PLAN_B
    corners = [(0.0, 0.0), (width, 0.0), (width, depth), (0.0, depth)]
    picture = cv2.perspectiveTransform(np.asarray(corners, np.float64).reshape(-1, 1, 2), VIEW).reshape(-1, 2)
    return Calibration.from_points(picture, corners, image_size=(1920, 1080), plan_size_mm=PLAN_B, zones=list(ZONES))


@pytest.fixture(scope="module")
def taught(deck: Deck) -> TaughtDeck:
    """The deck taught on the room's usual felt (two laid-out halves)."""
    cal = calibration()
    taught = None
    for n, cards in enumerate((list(ALL_CARDS[:26]), list(ALL_CARDS[26:]))):
        layout = [(card, 45 + (i % 12) * 82.0, 60 + (i // 12) * 101.0, 0.0) for i, card in enumerate(cards)]
        picture = cal.mask_off_table(render_table(deck, VIEW, layout, plan=PLAN_B, seed=11 + n))
        taught = teach([(picture, cards)], cal.detector_config().card_width_px, taught, cal.detector_config())
    assert taught is not None
    return taught


def guesses(recognizer: CalibratedRecognizer, image: np.ndarray) -> set[str]:
    class Shot:
        seq, wall_time = 1, 0.0

    shot = Shot()
    shot.image = image  # type: ignore[attr-defined]
    return {str(s.card or s.best) for s in recognizer(shot)}  # type: ignore[arg-type]


def test_the_empty_table_learnt_finds_white_cards_on_a_white_table(deck: Deck, taught: TaughtDeck) -> None:
    """Read against the felt's colour model, the flop on a white table is partly missed; once the recognizer has seen
    the table empty, it finds all three (read, or offered to the dealer with the right guess)."""
    recognizer = CalibratedRecognizer(calibration(), lambda: taught)
    flop = render_table(deck, VIEW, FLOP, felt=WHITE_TABLE, plan=PLAN_B, seed=5)
    before = guesses(recognizer, flop)
    recognizer.table_empty(render_table(deck, VIEW, [], felt=WHITE_TABLE, plan=PLAN_B, seed=6))
    assert recognizer.background is not None and recognizer.config.background is recognizer.background
    after = guesses(recognizer, flop)
    assert after == {"Ah", "7c", "2d"} and len(before) < 3
    recognizer.table_empty(render_table(deck, VIEW, [], felt=WHITE_TABLE, plan=PLAN_B, seed=7))
    assert recognizer.background.refreshed == 2


class Pictures(FrameSource):
    """A camera looking at the table: the empty table until ``show`` is set, then the flop on it."""

    def __init__(self, empty: np.ndarray, flop: np.ndarray, show: threading.Event) -> None:
        super().__init__(frozen_after=1_000_000)  # the same picture over and over: a still table, not a frozen camera
        self.empty, self.flop, self.show = empty, flop, show

    def _grab(self) -> np.ndarray | None:
        return self.flop if self.show.is_set() else self.empty


def test_the_hub_refreshes_the_empty_table_only_while_no_card_is_dealt(qtbot, deck: Deck, taught: TaughtDeck) -> None:  # type: ignore[no-untyped-def]
    """Before a hand, the camera only reads. A hand started with nothing dealt: the empty table is learnt from the frames
    that read nothing. Hole cards dealt: the picture of the empty table is no longer refreshed."""
    recognizer = CalibratedRecognizer(calibration(), lambda: taught)
    show = threading.Event()
    empty = render_table(deck, VIEW, [], felt=WHITE_TABLE, plan=PLAN_B, seed=6)
    source = Pictures(empty, render_table(deck, VIEW, FLOP, felt=WHITE_TABLE, plan=PLAN_B, seed=5), show)
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck="As Ad 2c 3d  7h 8h 9s Tc  Qs Js 4h 5h  6c 2s 8c")
    hub = DeviceHub(session, camera=CameraFeed(open_source=lambda: source, recognizer=recognizer, zones=CameraZones(9), interval=0.01,
                                               recheck=0.0))
    with hub:
        qtbot.waitUntil(lambda: hub.camera_view().seq > 3, timeout=10_000)
        assert recognizer.background is None  # no hand yet: the console does not know the table is empty
        session.start_hand()
        qtbot.waitUntil(lambda: recognizer.background is not None and recognizer.background.refreshed >= 2, timeout=10_000)
        session.deal_hole_cards()
        qtbot.wait(100)  # a frame already being read may still count
        refreshed = recognizer.background.refreshed
        seq = hub.camera_view().seq
        qtbot.waitUntil(lambda: hub.camera_view().seq > seq + 3, timeout=10_000)
        assert recognizer.background.refreshed == refreshed
