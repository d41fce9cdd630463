"""Setting a real camera up from the console: the table's calibration and the deck taught on the table.

Sources: issue 5 ("Table calibration: a homography from the camera to a top-down table plan (four marked points or the
felt's edge), and zones on the plan: the board area, each seat's showdown area, the muck. Saved with the table's
configuration"; "Two modes: a deck taught on the table (lay out cards, tell the console which they are, in reading
order ...), and a general mode"); SPEC, Inputs (every device is an aid, never required; a reading below the threshold
waits for the dealer); docs/ui.md, Devices.

The pictures are rendered through a known homography (tests/vision/table_scenes.py): a felt of 1000 x 560 mm seen
from a slight angle on a 1920x1080 picture, cards about 110 px wide.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from dealer_console.config import load_settings
from dealer_console.engine.cards import parse_card
from dealer_console.live.camera_reads import CardStatus
from dealer_console.live.demo_devices import table_devices
from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.table_session import TableSession
from dealer_console.live.taught_deck import TeachingPicture, load_taught_deck, save_taught_deck
from dealer_console.live.zones import CalibratedZones, Zone
from dealer_console.ui.calibration_dialog import CalibrationDialog
from dealer_console.ui.teach_deck_dialog import TeachDeckDialog
from tests.ui.conftest import make_session
from tests.vision.table_scenes import PLAN_B, VIEW, ZONES, render_table
from vision.calibration import Calibration
from vision.synthetic import ALL_CARDS, Deck, drawn_deck

WAIT_MS = 15_000
DECK_TEXT = "As Ad 2c 3d  7h 8h 9s Tc  Qs Js 4h 5h  6c 2s 8c"


@pytest.fixture(scope="module")
def deck() -> Deck:
    return drawn_deck()


def plan_to_picture(points: list[tuple[float, float]]) -> np.ndarray:
    """Where plan points (mm) lie on the rendered picture (the true view)."""
    return cv2.perspectiveTransform(np.asarray(points, np.float64).reshape(-1, 1, 2), VIEW).reshape(-1, 2)


def true_calibration() -> Calibration:
    """The calibration of the rendered view, from its exact corners, with the close view's zones (board, seats 2 and 5, muck)."""
    width, depth = PLAN_B
    corners = [(0.0, 0.0), (width, 0.0), (width, depth), (0.0, depth)]
    return Calibration.from_points(plan_to_picture(corners), corners, image_size=(1920, 1080), plan_size_mm=PLAN_B, zones=list(ZONES))


def teaching_layout(cards: list[str]) -> list[tuple[str, float, float, float]]:
    """Cards laid apart in rows of twelve on the plan, in reading order (as the dealer lays them)."""
    return [(card, 45 + (i % 12) * 82.0, 60 + (i // 12) * 101.0, 0.0) for i, card in enumerate(cards)]


def teaching_pictures(deck: Deck) -> list[tuple[np.ndarray, list[str]]]:
    """The deck in two halves, each laid out on the felt and pictured by the camera."""
    halves = [list(ALL_CARDS[:26]), list(ALL_CARDS[26:])]
    return [(render_table(deck, VIEW, teaching_layout(cards), plan=PLAN_B, seed=11 + n), cards) for n, cards in enumerate(halves)]


FLOP = ["Ah", "7c", "2d"]


def board_picture(deck: Deck, flop: list[str] = FLOP) -> np.ndarray:
    """The flop laid in the board area (260-740 x 110-450 mm on the plan), seen by the camera."""
    return render_table(deck, VIEW, [(card, 420 + 82.0 * i, 280, 0.0) for i, card in enumerate(flop)], plan=PLAN_B, seed=21)


def call_round(session: TableSession) -> None:
    session.start_hand()
    session.deal_hole_cards()
    session.call()
    session.call()
    session.check()


def confirm_doubtful(hub: DeviceHub, zone: Zone, truth: list[str]) -> None:
    """What the camera reads confidently is right; a card it doubts is named by the dealer (SPEC, Inputs)."""
    for read, card in zip(hub.camera_view().zone(zone), truth, strict=True):
        if read.status is CardStatus.CONFIDENT:
            assert str(read.card) == card, f"confident misread: {read.card} for {card}"
        else:
            assert read.status is CardStatus.LOW, read
            hub.confirm_card(read, card)


def test_the_calibration_dialog_recovers_the_view_from_four_clicked_corners_and_the_config_loads_it(qtbot, tmp_path: Path, deck) -> None:  # type: ignore[no-untyped-def]
    """Issue 5, table calibration by four marked points: the corners clicked on the 960 px picture (half the camera's
    1920 px, so a click is good to a camera pixel) give a homography that puts every point of the felt within 2 px of
    where the true view puts it; the zones are drawn; Save writes the file ``[devices] calibration`` names, and the
    devices started from that configuration place their reads on its zones."""
    frame = render_table(deck, VIEW, [], plan=PLAN_B, seed=3)
    path = tmp_path / "calibration.toml"
    saved: list[Calibration] = []
    dialog = CalibrationDialog(lambda: frame, path=path, seats=9, on_saved=saved.append)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.plan_width.setValue(PLAN_B[0])
    dialog.plan_depth.setValue(PLAN_B[1])
    assert dialog.instruction.text().startswith("Click corner 1 of 4: the felt's far left corner")
    assert not dialog.save.isEnabled()
    width, depth = PLAN_B
    scale = dialog.picture.scale
    assert scale == pytest.approx(0.5)
    for x, y in plan_to_picture([(0, 0), (width, 0), (width, depth), (0, depth)]):
        qtbot.mouseClick(dialog.picture, Qt.MouseButton.LeftButton, pos=QPoint(round((x + 0.5) * scale - 0.5), round((y + 0.5) * scale - 0.5)))
    calibration = dialog.calibration
    assert calibration is not None, dialog.message.text()
    assert dialog.instruction.text().startswith("Calibrated from 4 corners clicked")
    grid = [(width * i / 10, depth * j / 10) for i in range(11) for j in range(11)]
    error = np.linalg.norm(calibration.to_image(grid) - plan_to_picture(grid), axis=1).max()
    assert error <= 2.0, f"the clicked calibration is off by up to {error:.2f} px"
    kinds = sorted({zone.kind for zone in calibration.zones})
    assert kinds == ["board", "muck", "showdown"] and len([z for z in calibration.zones if z.kind == "showdown"]) == 9
    low, high = calibration.card_width_range_px()
    assert dialog.message.text() == f"A card is {low:.0f} to {high:.0f} pixels wide on the picture"

    dialog.save.click()
    assert saved and path.exists() and dialog.message.text().startswith(f"Saved in {path}")
    config = tmp_path / "config.toml"
    camera = tmp_path / "camera"
    camera.mkdir()
    config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path}"\n[devices]\ncamera = "{camera}"\nsensors = "none"\ncalibration = "{path}"\n'
                      f'taught_deck = "{tmp_path / "deck"}"\n', encoding="utf-8")
    settings = load_settings(config, environ={})
    assert settings.devices.calibration_file == path
    devices = table_devices(make_session("O", {1: 100, 3: 100}, button=1), camera=settings.devices.camera, sensors="none",
                            calibration=settings.devices.calibration_file, taught_deck=settings.devices.taught_deck_folder)
    assert devices is not None and devices.hub.setup is not None and not devices.hub.setup.problems
    loaded = devices.hub.setup.calibration
    assert loaded is not None and np.allclose(loaded.homography, calibration.homography)
    camera_feed = devices.hub.camera
    assert camera_feed is not None and isinstance(camera_feed.zones, CalibratedZones)
    assert camera_feed.mode == "general mode (no deck taught)" and camera_feed.reads_cards


def test_corners_that_cannot_calibrate_are_refused_in_words_and_nothing_is_saved(qtbot, tmp_path: Path, deck) -> None:  # type: ignore[no-untyped-def]
    """vision.calibration's refusals reach the technician: three corners on one line give the reason, Save stays off and
    no file is written; Undo takes the last corner back."""
    frame = render_table(deck, VIEW, [], plan=PLAN_B, seed=3)
    path = tmp_path / "calibration.toml"
    dialog = CalibrationDialog(lambda: frame, path=path, seats=9)
    qtbot.addWidget(dialog)
    for x, y in ((100.0, 100.0), (500.0, 100.0), (900.0, 100.0), (500.0, 500.0)):
        dialog.add_point(x, y)
    assert dialog.calibration is None
    assert "three of the marked points on the picture lie on one line" in dialog.message.text()
    assert not dialog.save.isEnabled() and not dialog.save_calibration() and not path.exists()
    dialog.undo_point()
    assert len(dialog.points) == 3 and dialog.instruction.text().startswith("Click corner 4 of 4: the felt's near left corner")


def test_a_bad_calibration_file_is_named_at_start_and_the_camera_shows_its_picture_only(qtbot, tmp_path: Path, open_window) -> None:  # type: ignore[no-untyped-def]
    """A calibration file with a showdown area that has no seat: the console starts, says which field is wrong and what to
    do in the notification area, and the camera shows its picture only (the board comes from the console)."""
    from dealer_console.config import DeviceSettings
    from dealer_console.ui.app import _start_devices

    good = true_calibration().to_toml()
    bad = tmp_path / "calibration.toml"
    bad.write_text(good.replace("seat = 2\n", "", 1), encoding="utf-8")
    camera = tmp_path / "camera"
    camera.mkdir()
    cv2.imwrite(str(camera / "frame.png"), np.full((90, 160, 3), (40, 105, 30), np.uint8))
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK_TEXT)
    window = open_window(session)
    settings = DeviceSettings(camera=str(camera), sensors="none", calibration=bad, taught_deck=tmp_path / "deck")
    devices = _start_devices(session, window, settings)
    assert devices is not None
    try:
        expected = (f"The camera's calibration {bad} is not used: calibration.zones[1].seat: a showdown area needs its seat number "
                    "(1 or more), not None. Calibrate the table again")
        qtbot.waitUntil(lambda: any(expected in text for text in window.notification_area.messages()), timeout=WAIT_MS)
        hub = devices.hub
        assert hub.camera is not None and not hub.camera.reads_cards and not hub.board_from_camera
        qtbot.waitUntil(lambda: "picture only (the table is not calibrated)" in window.camera_panel.status.text(), timeout=WAIT_MS)
        call_round(session)
        assert session.deal_board() and [str(c) for c in session.hand.boards()[0]] == ["6c", "2s", "8c"]
    finally:
        devices.stop()


def test_a_deck_taught_in_the_dialog_reads_the_flop_dealt_through_the_hub(qtbot, tmp_path: Path, open_window, deck) -> None:  # type: ignore[no-untyped-def]
    """Issue 5, taught mode: the dealer lays the deck out in two halves, names the cards found in reading order (the count
    checked against what the camera finds), teaches, sees the result (the cards not read back named), and saves; the
    camera then reads with the deck, and the flop dealt is the one on the felt."""
    calibration = true_calibration()
    calibration_file = tmp_path / "calibration.toml"
    calibration.save(calibration_file)
    camera = tmp_path / "camera"
    camera.mkdir()
    cv2.imwrite(str(camera / "board.png"), board_picture(deck))
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK_TEXT)
    folder = tmp_path / "taught-deck"
    devices = table_devices(session, camera=str(camera), sensors="none", threshold=0.6, calibration=calibration_file, taught_deck=folder)
    assert devices is not None and devices.hub.setup is not None
    hub = devices.hub

    pictures = teaching_pictures(deck)
    shown = [pictures[0][0]]
    kept: list[list[TeachingPicture]] = []
    dialog = TeachDeckDialog(lambda: shown[-1], calibration=calibration, path=folder,
                             on_saved=lambda taught: (kept.append(taught), hub.use_setup(dataclasses.replace(hub.setup, taught=taught))))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)  # the cards are found on a worker thread
    assert dialog.found_label.text() == "26 card(s) found on the picture"
    assert len(dialog.cards.text().split()) == 26  # pre-filled with the next cards of the deck
    dialog.cards.setText(" ".join(pictures[0][1][:25]))
    assert not dialog.keep_picture()
    assert dialog.message.text().startswith("The camera finds 26 card(s) on the picture and 25 are named")
    dialog.cards.setText(" ".join(pictures[0][1]))
    assert dialog.keep_picture()
    shown.append(pictures[1][0])
    dialog.new_picture.click()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)
    dialog.cards.setText(" ".join([pictures[0][1][0], *pictures[1][1][1:]]))
    assert not dialog.keep_picture() and dialog.message.text() == f"{parse_card(pictures[0][1][0]).symbol} is already on an earlier picture"
    dialog.cards.setText(" ".join(pictures[1][1]))
    assert dialog.keep_picture() and dialog.taken.text() == "Pictures kept: 2 (52 of 52 cards)"
    assert dialog.teach_deck()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)  # taught on a worker thread
    text = dialog.message.text()
    assert text.startswith("Taught 52 card(s) from 2 picture(s).")
    for card in dialog.not_read_back:
        assert parse_card(card).symbol in text
    assert ("Not read back" in text) == bool(dialog.not_read_back)
    assert dialog.taught is not None and ("Not learnt" in text) == bool(dialog.taught.not_learnt)  # with why, when any
    assert dialog.save_deck()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT_MS)  # saved on a worker thread
    assert kept
    assert [p.cards for p in load_taught_deck(folder)] == [tuple(cards) for _, cards in pictures]

    window = open_window(session)
    with devices:
        window.attach_devices(hub)
        assert hub.camera is not None and hub.camera.mode == "taught deck" and hub.board_from_camera
        menu = next(action.menu() for action in window.menuBar().actions() if action.text() == "Devices")
        actions = {action.text(): action for action in menu.actions()}
        assert set(actions) == {"Calibrate the camera (floor)…", "Teach the deck…"}
        actions["Teach the deck…"].trigger()
        assert isinstance(window.dialog, TeachDeckDialog)
        window.dialog.close()
        actions["Calibrate the camera (floor)…"].trigger()  # the floor's: this table keeps no staff records to sign in with
        assert window.dialog is None
        assert any("A floor sign-in needs the staff records" in text for text in window.notification_area.messages())
        call_round(session)
        qtbot.waitUntil(lambda: len(hub.camera_view().zone(Zone.of_board(0))) == 3, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: "(taught deck)" in window.camera_panel.status.text(), timeout=WAIT_MS)
        confirm_doubtful(hub, Zone.of_board(0), FLOP)
        assert session.deal_board()
        assert [str(c) for c in session.hand.boards()[0]] == FLOP, "the flop dealt is the camera's, not the console's deck's"


def test_a_video_file_camera_with_a_taught_deck_reads_the_board_and_a_seat_in_the_console(qtbot, tmp_path: Path, open_window, deck) -> None:  # type: ignore[no-untyped-def]
    """``[devices] camera`` a video file (replayed round and round), with the calibration and a taught deck saved beside:
    at start the deck is loaded and taught, the panel says it reads with the taught deck, the flop is read on the board
    area and a card laid in seat 2's showdown area is placed at seat 2."""
    calibration = true_calibration()
    calibration_file = tmp_path / "calibration.toml"
    calibration.save(calibration_file)
    folder = tmp_path / "taught-deck"
    card_width = calibration.detector_config().card_width_px
    save_taught_deck(folder, [TeachingPicture(calibration.mask_off_table(image), tuple(cards), card_width)
                              for image, cards in teaching_pictures(deck)])
    picture = render_table(deck, VIEW, [*((card, 420 + 82.0 * i, 280, 0.0) for i, card in enumerate(FLOP)), ("Ks", 140, 110, 0.0)],
                           plan=PLAN_B, seed=31)
    video = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 5, (1920, 1080))
    assert writer.isOpened()
    for _ in range(3):
        writer.write(picture)
    writer.release()
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK_TEXT)
    devices = table_devices(session, camera=str(video), sensors="none", threshold=0.6, calibration=calibration_file, taught_deck=folder)
    assert devices is not None
    hub = devices.hub
    window = open_window(session)
    with devices:
        window.attach_devices(hub)
        qtbot.waitUntil(lambda: len(hub.camera_view().zone(Zone.of_board(0))) == 3 and len(hub.camera_view().zone(Zone.of_seat(2))) == 1,
                        timeout=WAIT_MS)
        assert "(taught deck)" in window.camera_panel.status.text()
        view = hub.camera_view()
        assert {str(read.zone) for read in view.reads} == {"board 1", "seat 2"}
        seat = view.zone(Zone.of_seat(2))[0]
        assert seat.card is None or str(seat.card) == "Ks"
        call_round(session)
        confirm_doubtful(hub, Zone.of_board(0), FLOP)
        assert session.deal_board() and [str(c) for c in session.hand.boards()[0]] == FLOP


def test_the_setup_dialogs_and_the_camera_modes_speak_russian(qapp, qtbot, tmp_path: Path, deck) -> None:  # type: ignore[no-untyped-def]
    """SPEC, The dealer's screen (English and Russian through Qt's own translation system): both dialogs and the camera's
    mode on the panel are in Russian, the corner to click included."""
    from PySide6.QtCore import QCoreApplication

    from dealer_console.ui.translation import install_translation

    install_translation(qapp, "ru")
    try:
        frame = render_table(deck, VIEW, [], plan=PLAN_B, seed=3)
        calibration = CalibrationDialog(lambda: frame, path=tmp_path / "calibration.toml", seats=9)
        qtbot.addWidget(calibration)
        assert calibration.windowTitle() == "Калибровка камеры"
        assert calibration.instruction.text().startswith("Щёлкните угол 1 из 4: дальний левый угол сукна")
        teach = TeachDeckDialog(lambda: None, calibration=true_calibration(), path=tmp_path / "deck")
        qtbot.addWidget(teach)
        assert teach.windowTitle() == "Обучение колоды" and teach.found_label.text().startswith("Снимка с камеры пока нет")
        assert [QCoreApplication.translate("CameraMode", mode) for mode in
                ("taught deck", "general mode (no deck taught)", "picture only (the table is not calibrated)")] == [
            "обученная колода", "общий режим (колода не обучена)", "только изображение (стол не откалиброван)"]
    finally:
        install_translation(qapp, "en")


def test_a_picture_of_another_size_than_the_calibration_is_named_once_and_the_board_comes_from_the_console(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The camera's resolution changed since the table was calibrated: no card is read, the dealer is told once why and what
    to do (vision.calibration.check_frame's words), not at every frame, and the flop comes from the console."""
    calibration_file = tmp_path / "calibration.toml"
    true_calibration().save(calibration_file)
    camera = tmp_path / "camera"
    camera.mkdir()
    for number in range(3):
        cv2.imwrite(str(camera / f"frame-{number}.png"), np.full((90, 160, 3), (40, 100 + 20 * number, 30), np.uint8))
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=DECK_TEXT)
    devices = table_devices(session, camera=str(camera), sensors="none", calibration=calibration_file, taught_deck=tmp_path / "deck")
    assert devices is not None
    notices: list[str] = []
    devices.hub.subscribe_notices(lambda notice: notices.append(notice.text))
    with devices:
        hub = devices.hub
        qtbot.waitUntil(lambda: hub.camera_view().seq > 6, timeout=WAIT_MS)
        wrong = [text for text in notices if text.startswith("Camera: the cards could not be read")]
        assert wrong == ["Camera: the cards could not be read (the camera gives 160x90 pictures but the table was calibrated at 1920x1080: "
                         "calibrate the table again); deal from the console"]
        assert hub.camera_view().reads == ()
        call_round(session)
        # the console knows its deck here: the flop comes from it, as with no camera (a face-down table asks the dealer)
        assert session.deal_board() and [str(c) for c in session.hand.boards()[0]] == ["6c", "2s", "8c"]


def test_the_calibration_dialog_gives_up_picture_to_fit_a_short_screen(qtbot, deck, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """On a screen whose available height (a 1280x720 screen less a panel) cannot hold the dialog with its 960 px picture
    and a title bar, the picture is drawn smaller, the Save button stays on the screen, and a click still lands where
    it was made on the camera's picture."""
    from PySide6.QtCore import QRect

    from dealer_console.ui.calibration_dialog import PICTURE_WIDTH

    title_bar = 40

    class Short:
        def availableGeometry(self) -> QRect:
            return QRect(0, 0, 1280, 640)

    monkeypatch.setattr(CalibrationDialog, "screen", lambda self: Short())
    frame = render_table(deck, VIEW, [], plan=PLAN_B, seed=3)
    dialog = CalibrationDialog(lambda: frame, path=Path("unused.toml"), seats=9)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.wait(50)
    assert 320 <= dialog.picture.width() < PICTURE_WIDTH
    assert dialog.picture.scale == pytest.approx(dialog.picture.width() / frame.shape[1], abs=1e-3)
    assert dialog.save.mapTo(dialog, QPoint(0, dialog.save.height())).y() + title_bar <= 640
    assert dialog.plan_width.mapTo(dialog, QPoint(0, 0)).y() > dialog.picture.geometry().bottom()
    clicked: list[tuple[float, float]] = []
    dialog.picture.clicked.connect(lambda x, y: clicked.append((x, y)))
    qtbot.mouseClick(dialog.picture, Qt.MouseButton.LeftButton, pos=QPoint(300, 200))
    scale = dialog.picture.scale
    assert clicked and abs(clicked[0][0] - (300.5 / scale - 0.5)) < 1e-6 and abs(clicked[0][1] - (200.5 / scale - 0.5)) < 1e-6


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_camera_dialogs_pictures_leave_the_fields_below_clear(qtbot, deck, language: str) -> None:  # type: ignore[no-untyped-def]
    """The calibration and teaching dialogs hold a fixed-size camera picture under a wrapped instruction: the fields below
    the picture lie below it, not under it (a wrapped label's height is left out of a layout's least size, and a dialog
    opens at most two thirds of the screen tall: squeezed, the picture covered the felt-size fields' labels and the
    cards found). The calibration dialog's least height fits a 720-line screen."""
    from PySide6.QtWidgets import QApplication

    from dealer_console.ui.translation import install_translation

    app = QApplication.instance()
    install_translation(app, language)
    try:
        frame = render_table(deck, VIEW, [], plan=PLAN_B, seed=3)
        calibrating = CalibrationDialog(lambda: frame, path=Path("unused.toml"), seats=9)
        teaching = TeachDeckDialog(lambda: teaching_pictures(deck)[0][0], calibration=true_calibration(), path=Path("unused"))
        for dialog, below in ((calibrating, (calibrating.plan_width, calibrating.plan_depth)), (teaching, (teaching.found_label,))):
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            qtbot.waitUntil(lambda d=dialog: not d.busy, timeout=WAIT_MS)
            qtbot.wait(50)  # the layout redone after the picture came
            picture = dialog.picture.geometry()
            for field in below:
                top = field.mapTo(dialog, QPoint(0, 0)).y()
                assert top > picture.bottom(), f"{type(dialog).__name__}: a field at y {top} lies under the picture (to y {picture.bottom()})"
        assert calibrating.minimumSizeHint().height() <= 720
    finally:
        install_translation(app, "en")
