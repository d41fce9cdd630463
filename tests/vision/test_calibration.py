"""Table calibration: homography to a top-down plan, zones, size limits from the scale, saved as plain data.

Sources: issue 5 ("Table calibration: a homography from the camera to a top-down table plan (four
marked points or the felt's edge), and zones on the plan: the board area, each seat's showdown area,
the muck. Saved with the table's configuration"; "size limits from the calibration").  Scenes are
rendered with a known perspective, so the homography to recover is known exactly.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.calibration import BASE_SIZE_TOLERANCE, Calibration, CalibrationError, Zone, find_felt_quad, standard_zones
from vision.detect import DetectorConfig, detect_cards
from vision.synthetic import CARD_ASPECT, Deck, SceneConfig, generate_scene

from .table_scenes import PLAN, render_table

CLEAN = SceneConfig(glare=False, shadow=False, chips=False, overlap_pairs=False)


def table_view(corners_px: list[tuple[float, float]]) -> np.ndarray:
    """The plan-to-picture homography that puts the felt's corners at these picture points."""
    w, d = PLAN
    return cv2.getPerspectiveTransform(np.array([[0, 0], [w, 0], [w, d], [0, d]], np.float32), np.array(corners_px, np.float32)).astype(np.float64)


TILTED = table_view([(150, 95), (1780, 130), (1860, 1010), (85, 975)])


def grid_error_px(cal: Calibration, plan_to_image: np.ndarray) -> float:
    """Largest picture distance between the calibration's and the true position of plan points over the table."""
    w, d = cal.plan_size_mm
    pts = np.array([(w * i / 8, d * j / 8) for i in range(9) for j in range(9)], np.float64)
    truth = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), plan_to_image).reshape(-1, 2)
    return float(np.linalg.norm(cal.to_image(pts) - truth, axis=1).max())


def test_four_marked_points_recover_the_perspective_of_a_synthetic_scene(drawn: Deck) -> None:
    """Issue 5: homography from four marked points.  A synthetic scene's layout is drawn flat and then seen through
    a known perspective; four points marked on the picture (to half a pixel) give back a plan on which every card is
    a 63 x 88 mm rectangle again, and the card size the detector is told matches each card's size on the picture."""
    s = generate_scene(drawn, 31, SceneConfig(glare=False, shadow=False, chips=False, overlap_pairs=False, perspective=0.08), n_cards=10)
    P = np.asarray(s.meta["perspective"], np.float64)  # flat layout px -> picture px
    mm_per_px = 63.0 / s.card_width_px
    layout_pts = np.array([(150, 120), (1770, 140), (1750, 960), (170, 940)], np.float64)
    rng = np.random.default_rng(1)
    marked = cv2.perspectiveTransform(layout_pts.reshape(-1, 1, 2), P).reshape(-1, 2) + rng.uniform(-0.5, 0.5, (4, 2))
    cal = Calibration.from_points(marked, layout_pts * mm_per_px, image_size=(1920, 1080), plan_size_mm=(1920 * mm_per_px, 1080 * mm_per_px))
    plan_to_image = P @ np.diag([1 / mm_per_px, 1 / mm_per_px, 1.0])
    assert grid_error_px(cal, plan_to_image) < 2.0
    for c in s.cards:
        q = cal.to_plan(c.quad)
        sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
        assert np.allclose(sides, [63, 88, 63, 88], atol=1.5), (c.card, sides)
        width_on_picture = float(np.sqrt(cv2.contourArea(c.quad) / CARD_ASPECT))
        assert cal.card_width_px_at(q.mean(axis=0)) == pytest.approx(width_on_picture, rel=0.02)
    dets = detect_cards(s.image, cal.detector_config())
    assert len([d for d in dets if d.kind == "single"]) == 10


@pytest.mark.parametrize("felt", [(40, 105, 30), (110, 70, 20)], ids=["green", "blue"])
def test_felt_edge_gives_the_homography_of_a_tilted_table(drawn: Deck, felt: tuple[int, int, int]) -> None:
    """Issue 5: homography from the felt's edge.  A rectangular felt, with cards and seen from a tilted camera, is
    found and its sides fitted on the full picture: the plan agrees with the true view within 1.5 px everywhere on a
    1920x1080 picture (measured 0.4-0.7 px over 20 views)."""
    cards = [("As", 700, 450, 0), ("Kd", 780, 450, 2), ("7c", 860, 450, -2), ("2h", 300, 200, 40), ("Qs", 1300, 700, 120)]
    img = render_table(drawn, TILTED, cards, felt=felt)
    cal = Calibration.from_felt_edge(img, plan_size_mm=PLAN, zones=standard_zones(PLAN, seats=9))
    assert cal.method == "felt-edge"
    assert grid_error_px(cal, TILTED) < 1.5
    true_corners = cv2.perspectiveTransform(np.array([[[0, 0]], [[PLAN[0], 0]], [[PLAN[0], PLAN[1]]], [[0, PLAN[1]]]], np.float64), TILTED).reshape(-1, 2)
    assert np.linalg.norm(find_felt_quad(img) - true_corners, axis=1).max() < 1.5


def test_cards_fall_in_the_zone_they_lie_in(drawn: Deck) -> None:
    """Issue 5: zones on the plan (board area, each seat's showdown area, the muck).  Cards placed on the plan at
    the middle of the board zone, of seat 3's and of seat 7's showdown areas and in the muck are found there from
    the picture, and a card on empty felt is in no zone."""
    zones = standard_zones(PLAN, seats=9)
    by_name = {z.name: z for z in zones}
    centre = {name: np.asarray(by_name[name].polygon_mm).mean(axis=0) for name in ("board", "seat 3", "seat 7", "muck")}
    placed = [("As", *centre["board"], 0), ("Kd", *centre["seat 3"], 30), ("7c", *centre["seat 7"], -60), ("2h", *centre["muck"], 90),
              ("9s", 90.0, 450.0, 0)]
    img = render_table(drawn, TILTED, placed)
    cal = Calibration.from_felt_edge(img, plan_size_mm=PLAN, zones=zones)
    masked = cal.mask_off_table(img)
    on_table = cal.table_mask(-5.0) > 0
    assert np.array_equal(masked[on_table], img[on_table]) and not np.array_equal(masked, img)  # only the floor is painted over
    dets = [d for d in detect_cards(masked, cal.detector_config()) if d.kind == "single"]
    assert len(dets) == 5
    found = {}
    for d in dets:
        p = cal.to_plan([d.quad.mean(axis=0)])[0]
        nearest = min(placed, key=lambda c: np.hypot(c[1] - p[0], c[2] - p[1]))
        assert np.hypot(nearest[1] - p[0], nearest[2] - p[1]) < 8.0  # mm
        z = cal.zone_at(d.quad.mean(axis=0))
        found[nearest[0]] = None if z is None else z.name
    assert found == {"As": "board", "Kd": "seat 3", "7c": "seat 7", "2h": "muck", "9s": None}
    # Without the table's mask the wooden floor around the felt is one light region holding every card.
    assert len(detect_cards(img, cal.detector_config())) < 5
    assert cal.zone("seat 3").seat == 3 and cal.zone("seat 3").kind == "showdown"


def test_size_limits_follow_the_scale_across_the_table() -> None:
    """Issue 5: 'size limits from the calibration'.  Seen from straight above, a card is the same size everywhere and
    the detector keeps its own tolerance; seen steeply, a card at the near rail is much larger than one at the far
    rail, and the tolerance widens by that spread so both pass."""
    w, d = PLAN
    flat = Calibration.from_points([(160, 90), (1760, 90), (1760, 990), (160, 990)], [(0, 0), (w, 0), (w, d), (0, d)],
                                   image_size=(1920, 1080), plan_size_mm=PLAN)
    cfg = flat.detector_config()
    assert cfg.card_width_px == pytest.approx(63.0, rel=1e-3)
    assert cfg.size_tolerance == pytest.approx(BASE_SIZE_TOLERANCE)
    steep = Calibration.from_points([(560, 100), (1360, 100), (1860, 1000), (60, 1000)], [(0, 0), (w, 0), (w, d), (0, d)],
                                    image_size=(1920, 1080), plan_size_mm=PLAN, zones=standard_zones(PLAN))
    lo, hi = steep.card_width_range_px()
    assert hi / lo > 1.5
    cfg = steep.detector_config()
    tol = cfg.size_tolerance
    assert abs(lo - cfg.card_width_px) <= tol * cfg.card_width_px and abs(hi - cfg.card_width_px) <= tol * cfg.card_width_px
    assert steep.detector_config(scale=0.25).scale == 0.25


def test_card_widths_where_cards_lie_follow_the_homography() -> None:
    """A card's width on the picture, along any direction, where it lies: what a short stretch of the plan along that
    direction measures on the picture, scaled to a card's width.  Steeply seen, a card at the near rail is wider than at
    the far one and, off the picture's middle, wider one way than another; ``card_width_px_at`` (the mean over a card's
    orientations) lies between the narrowest and the widest.  Without a homography it is the nominal width everywhere."""
    w, d = PLAN
    steep = Calibration.from_points([(560, 100), (1360, 100), (1860, 1000), (60, 1000)], [(0, 0), (w, 0), (w, d), (0, d)],
                                    image_size=(1920, 1080), plan_size_mm=PLAN)
    cfg = steep.detector_config()
    pts = np.array([(960, 150), (960, 950), (300, 900), (1500, 500)], np.float64)
    for direction in (np.array([1.0, 0.0]), np.array([0.0, 1.0]), np.array([0.6, 0.8])):
        dirs = np.tile(direction, (len(pts), 1))
        (got,) = cfg.widths_along(pts, dirs)
        # A stretch of 2 px along the direction measured on the plan, in card widths.
        ends = steep.to_plan(np.concatenate([pts - dirs, pts + dirs]))
        plan_mm = np.linalg.norm(ends[len(pts):] - ends[: len(pts)], axis=1)
        assert np.allclose(got, 2.0 * steep.card_width_mm / plan_mm, rtol=1e-4)
    far, near = cfg.widths_along(pts[:2], np.tile([1.0, 0.0], (2, 1)))[0]
    assert near > 1.5 * far
    turns = np.linspace(0, np.pi, 37)
    (round_about,) = cfg.widths_along(np.tile(pts[3], (len(turns), 1)), np.column_stack([np.cos(turns), np.sin(turns)]))
    assert round_about.max() > 1.05 * round_about.min()
    assert round_about.min() < steep.card_width_px_at(steep.to_plan(pts[3:])[0]) < round_about.max()
    (nominal,) = DetectorConfig(card_width_px=111.0).widths_along(pts, np.tile([1.0, 0.0], (len(pts), 1)))
    assert np.array_equal(nominal, np.full(len(pts), 111.0))


def test_a_picture_is_read_with_the_view_only_when_it_is_the_calibrated_cameras() -> None:
    """A picture of the calibrated camera's size is read with the view (each card at its own size); a picture of another
    size is not (the homography is not its camera's), and a card width given for a picture is its nominal width."""
    w, d = PLAN
    steep = Calibration.from_points([(560, 100), (1360, 100), (1860, 1000), (60, 1000)], [(0, 0), (w, 0), (w, d), (0, d)],
                                    image_size=(1920, 1080), plan_size_mm=PLAN)
    same, other = np.zeros((1080, 1920, 3), np.uint8), np.zeros((720, 1280, 3), np.uint8)
    viewed = steep.picture_config(same)
    assert viewed.card_width_px == steep.detector_config().card_width_px and np.array_equal(viewed.to_plan, steep.homography)
    assert steep.picture_config(other).to_plan is None and steep.picture_config(other).card_width_px == steep.detector_config().card_width_px
    given = steep.picture_config(same, 77.0)
    assert given.card_width_px == 77.0 and given.to_plan is not None
    assert np.array_equal(given.widths_along(np.array([[960.0, 950.0]]), np.array([[1.0, 0.0]]))[0],
                          steep.detector_config().widths_along(np.array([[960.0, 950.0]]), np.array([[1.0, 0.0]]))[0])


def test_a_scenes_own_view_is_what_four_marked_points_give(drawn: Deck) -> None:
    """The measured runs read each synthetic scene with its own perspective as the table's view (``scene_config``).  A
    calibration from four points marked on the picture to within a pixel gives the same card widths to within half a
    per cent over the whole table, along every direction: the runs measure what a calibrated table reads."""
    from vision.evaluate import scene_config

    s = generate_scene(drawn, 5, n_cards=6)
    P = np.asarray(s.meta["perspective"], np.float64)
    mm_per_px = 63.0 / s.card_width_px
    layout_pts = np.array([(150, 120), (1770, 140), (1750, 960), (170, 940)], np.float64)
    marked = cv2.perspectiveTransform(layout_pts.reshape(-1, 1, 2), P).reshape(-1, 2) + np.random.default_rng(2).uniform(-1, 1, (4, 2))
    cal = Calibration.from_points(marked, layout_pts * mm_per_px, image_size=(1920, 1080), plan_size_mm=(1920 * mm_per_px, 1080 * mm_per_px))
    rng = np.random.default_rng(3)
    pts = rng.uniform((100, 100), (1820, 980), (200, 2))
    turns = rng.uniform(0, np.pi, 200)
    dirs = np.column_stack([np.cos(turns), np.sin(turns)])
    (ours,) = scene_config(s).widths_along(pts, dirs)
    (marked_widths,) = cal.detector_config().widths_along(pts, dirs)
    assert np.abs(marked_widths / ours - 1).max() < 0.005, np.abs(marked_widths / ours - 1).max()
    assert ours.max() / ours.min() > 1.03  # the view does matter: cards differ in size across the table


def test_calibration_is_saved_and_loaded_as_plain_toml(tmp_path: Path) -> None:
    """Issue 5: 'Saved with the table's configuration'.  The calibration is plain data: its TOML text reads back with
    the standard library, and loading it gives the same homography, plan, points and zones."""
    w, d = PLAN
    cal = Calibration.from_points([(150.5, 95.25), (1780, 130), (1860, 1010), (85, 975)], [(0, 0), (w, 0), (w, d), (0, d)],
                                  image_size=(1920, 1080), plan_size_mm=PLAN, zones=standard_zones(PLAN, seats=6))
    text = cal.to_toml()
    doc = tomllib.loads(text)
    assert doc["calibration"]["version"] == 1 and len(doc["calibration"]["zones"]) == 8
    back = Calibration.from_toml(text)
    assert np.array_equal(back.homography, cal.homography)
    assert back.zones == cal.zones and back.image_size == cal.image_size and back.plan_size_mm == cal.plan_size_mm
    assert back.image_points == cal.image_points and back.plan_points == cal.plan_points
    path = tmp_path / "table-3-calibration.toml"
    cal.save(path)
    assert Calibration.load(path).to_dict() == cal.to_dict()
    assert Calibration.from_dict(cal.to_dict()).to_dict() == cal.to_dict()


@pytest.mark.parametrize(("image_points", "plan_points", "message"), [
    ([(0, 0), (100, 0), (100, 100)], [(0, 0), (1, 0), (1, 1)], "at least four points"),
    ([(0, 0), (100, 0), (100, 100), (0, 100)], [(0, 0), (1, 0), (1, 1)], "same points on both"),
    ([(0, 0), (500, 0), (1000, 0), (0, 500)], [(0, 0), (500, 0), (900, 0), (0, 500)], "on one line"),
    ([(0, 0), (0, 0.5), (100, 100), (0, 100)], [(0, 0), (10, 0), (100, 100), (0, 100)], "same place"),
    ([(0, 0), (2000, 0), (100, 100), (0, 100)], [(0, 0), (10, 0), (100, 100), (0, 100)], "outside the 1920x1080 picture"),
    ([(0, 0), (100, 0), (100, 100), (0, 100)], [(0, 0), (0, 100), (100, 100), (100, 0)], "mirrored"),
    ([(0, 0), (100, 0), (100, 100), (0, 100), (50, 50)], [(0, 0), (100, 0), (100, 100), (0, 100), (90, 10)], "wrong place"),
])
def test_bad_marked_points_are_refused_with_a_reason(image_points: list[tuple[float, float]], plan_points: list[tuple[float, float]], message: str) -> None:
    """STYLE.md practice 3 and the issue's 'never a crash': every way of marking points badly gets a message that says what to do."""
    with pytest.raises(CalibrationError, match=message):
        Calibration.from_points(image_points, plan_points, image_size=(1920, 1080), plan_size_mm=(1000, 1000))


def test_the_felt_edge_refuses_an_oval_or_a_felt_off_the_picture(drawn: Deck) -> None:
    """An oval table has no corners, a felt of the floor's colour has no edge to see, and a felt cut by the picture's border
    has no whole edge: each is refused with the advice to mark four points, never calibrated wrongly."""
    with pytest.raises(CalibrationError, match="four-sided"):
        Calibration.from_felt_edge(render_table(drawn, TILTED, [], oval=True), plan_size_mm=PLAN)
    with pytest.raises(CalibrationError, match="cannot be told from what surrounds it"):
        Calibration.from_felt_edge(render_table(drawn, TILTED, [], felt=(30, 30, 120)), plan_size_mm=PLAN)  # red felt on a brown floor
    cut = table_view([(-200, 95), (1780, 130), (1860, 1010), (-150, 975)])
    with pytest.raises(CalibrationError, match="runs off the picture at the left"):
        Calibration.from_felt_edge(render_table(drawn, cut, []), plan_size_mm=PLAN)


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 2}, "version"),
    ({"homography": [[1, 0, 0], [0, 1, 0]]}, "homography"),
    ({"image_size": [1920]}, "image_size"),
    ({"plan_size_mm": [0, 900]}, "plan_size_mm"),
    ({"zones": [{"name": "seat 1", "kind": "showdown", "polygon_mm": [[0, 0], [10, 0], [10, 10]]}]}, r"zones\[0\].seat"),
    ({"zones": [{"name": "rail", "kind": "rail", "polygon_mm": [[0, 0], [10, 0], [10, 10]]}]}, r"zones\[0\].kind"),
    ({"zones": [{"name": "board", "kind": "board", "polygon_mm": [[0, 0], [10, 0], ["x", 10]]}]}, r"polygon_mm\[2\]"),
    ({"colour": "green"}, "unknown field"),
])
def test_a_damaged_calibration_is_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    """A calibration read from the table's configuration is checked field by field; a bad one is named, not guessed."""
    w, d = PLAN
    data = Calibration.from_points([(160, 90), (1760, 90), (1760, 990), (160, 990)], [(0, 0), (w, 0), (w, d), (0, d)],
                                   image_size=(1920, 1080), plan_size_mm=PLAN).to_dict()
    data.update(change)
    with pytest.raises(CalibrationError, match=message):
        Calibration.from_dict(data)
    with pytest.raises(CalibrationError, match="not valid TOML"):
        Calibration.from_toml("[calibration\nversion = 1")


def test_a_picture_of_another_size_needs_a_new_calibration() -> None:
    """A camera switched to another resolution no longer matches the homography: refused with the advice to calibrate again."""
    w, d = PLAN
    cal = Calibration.from_points([(160, 90), (1760, 90), (1760, 990), (160, 990)], [(0, 0), (w, 0), (w, d), (0, d)],
                                  image_size=(1920, 1080), plan_size_mm=PLAN)
    cal.check_frame(np.zeros((1080, 1920, 3), np.uint8))
    with pytest.raises(CalibrationError, match="calibrate the table again"):
        cal.check_frame(np.zeros((720, 1280, 3), np.uint8))


def test_zone_rejects_a_showdown_area_without_a_seat() -> None:
    """Each seat's showdown area names its seat: without one, the cards in it could not be given to anybody."""
    with pytest.raises(CalibrationError, match="seat number"):
        Zone.from_dict({"name": "seat ?", "kind": "showdown", "polygon_mm": [[0, 0], [100, 0], [100, 100]]})
