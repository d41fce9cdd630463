"""Table calibration: from the camera's picture to a top-down plan of the table, and zones on that plan.

The plan is measured in millimetres.  Its axes follow the picture of a camera mounted on the dealer's
side: ``x`` from left to right, ``y`` from the far rail towards the dealer, so the dealer sits along the
plan's bottom edge.  A calibration is a homography from camera pixels to plan millimetres, made either
from four (or more) marked points whose plan positions are known (the installer clicks them on the
picture), or from the edge of a rectangular felt.  Zones on the plan (the board area, each seat's
showdown area, the muck) say where a card lies, and the scale of the plan gives the card size the
detector should expect anywhere on the table.

A calibration is plain data: :meth:`Calibration.to_dict` / :meth:`Calibration.from_dict` (and the TOML
text of :meth:`Calibration.to_toml` / :meth:`Calibration.from_toml`) keep it with the table's
configuration; loading checks every field and names the one that is wrong.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .detect import DetectorConfig
from .errors import VisionError

__all__ = [
    "BASE_SIZE_TOLERANCE",
    "Calibration",
    "CALIBRATION_VERSION",
    "CalibrationError",
    "CARD_WIDTH_MM",
    "find_felt_quad",
    "standard_zones",
    "Zone",
    "ZONE_KINDS",
]

CALIBRATION_VERSION = 1
CARD_WIDTH_MM = 63.0  # poker-size card, 63 x 88 mm
ZONE_KINDS = ("board", "showdown", "muck")
BASE_SIZE_TOLERANCE = 0.25  # the detector's own tolerance on a card's sides, before the spread of scale over the table


class CalibrationError(VisionError):
    """A calibration cannot be made or loaded; the message says what to do."""


@dataclass(frozen=True)
class Zone:
    """A named area of the table plan: ``board``, a seat's ``showdown`` area, or the ``muck``."""

    name: str
    kind: str
    polygon_mm: tuple[tuple[float, float], ...]
    seat: int | None = None

    def contains(self, point_mm: np.ndarray | Sequence[float]) -> bool:
        """True if the plan point lies inside (or on the edge of) the zone."""
        poly = np.asarray(self.polygon_mm, np.float32).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(poly, (float(point_mm[0]), float(point_mm[1])), False) >= 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (TOML-able)."""
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "polygon_mm": [[float(x), float(y)] for x, y in self.polygon_mm]}
        if self.seat is not None:
            data["seat"] = self.seat
        return data

    @staticmethod
    def from_dict(data: Mapping[str, Any], where: str = "zone") -> Zone:
        """Read a zone back, refusing anything malformed with the field's name."""
        if not isinstance(data, Mapping):
            raise CalibrationError(f"{where}: expected a table of name, kind, polygon_mm")
        name = data.get("name")
        kind = data.get("kind")
        if not isinstance(name, str) or not name.strip():
            raise CalibrationError(f"{where}.name: a zone needs a name")
        if kind not in ZONE_KINDS:
            raise CalibrationError(f"{where}.kind: {kind!r} is not one of {', '.join(ZONE_KINDS)}")
        poly = _points(data.get("polygon_mm"), f"{where}.polygon_mm", minimum=3)
        seat = data.get("seat")
        if kind == "showdown":
            if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
                raise CalibrationError(f"{where}.seat: a showdown area needs its seat number (1 or more), not {seat!r}")
        elif seat is not None:
            raise CalibrationError(f"{where}.seat: only a showdown area belongs to a seat")
        if abs(cv2.contourArea(np.asarray(poly, np.float32))) < 1.0:
            raise CalibrationError(f"{where}.polygon_mm: the zone {name!r} has no area")
        return Zone(name, str(kind), tuple((float(x), float(y)) for x, y in poly), seat)


def _points(value: Any, where: str, minimum: int) -> list[tuple[float, float]]:
    if not isinstance(value, list | tuple) or len(value) < minimum:
        raise CalibrationError(f"{where}: expected at least {minimum} points as [x, y] pairs")
    out = []
    for i, p in enumerate(value):
        if not isinstance(p, list | tuple) or len(p) != 2 or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in p):
            raise CalibrationError(f"{where}[{i}]: expected [x, y] numbers, not {p!r}")
        if not all(math.isfinite(float(v)) for v in p):
            raise CalibrationError(f"{where}[{i}]: {p!r} is not a finite point")
        out.append((float(p[0]), float(p[1])))
    return out


def standard_zones(plan_size_mm: tuple[float, float], seats: int = 9) -> list[Zone]:
    """A starting set of zones for a table plan, to be adjusted on the console.

    The board area is the middle of the table (room for three rows of five cards: two boards, or a
    board and its extra runs); the seats' showdown areas are spaced along an ellipse round the
    far side and the ends, leaving the dealer's side (the plan's bottom edge) free; the muck is to the
    dealer's left, near the dealer.
    """
    if seats < 1 or seats > 10:
        raise CalibrationError(f"a table has 1 to 10 seats, not {seats}")
    w, d = plan_size_mm
    cx, cy = w / 2, d / 2
    bw, bd = min(0.45 * w, 520.0), min(0.5 * d, 400.0)
    zones = [Zone("board", "board", _rect(cx, cy, bw, bd))]
    # Seats from the dealer's left round to the dealer's right (seat 1 on the dealer's left, as dealt).
    # Angle measured round the table from the dealer (0) through the far side (180 degrees), clockwise seen from above.
    start, stop = math.radians(30), math.radians(330)
    for i in range(seats):
        a = start + (stop - start) * (i + 0.5) / seats
        sx = cx - 0.36 * w * math.sin(a)
        sy = cy + 0.34 * d * math.cos(a)
        zones.append(Zone(f"seat {i + 1}", "showdown", _rect(sx, sy, min(0.14 * w, 260.0), min(0.16 * d, 200.0)), i + 1))
    zones.append(Zone("muck", "muck", _rect(cx - 0.22 * w, d - 0.1 * d, min(0.12 * w, 220.0), 0.12 * d)))
    return zones


def _rect(cx: float, cy: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2))


@dataclass
class Calibration:
    """Homography from camera pixels to plan millimetres, the plan's size, and its zones."""

    homography: np.ndarray  # 3x3, camera pixel -> plan mm
    image_size: tuple[int, int]  # (width, height) of the camera picture it was made for
    plan_size_mm: tuple[float, float]  # (width, depth)
    zones: list[Zone] = field(default_factory=list)
    card_width_mm: float = CARD_WIDTH_MM
    method: str = "points"  # 'points' or 'felt-edge'
    image_points: list[tuple[float, float]] = field(default_factory=list)  # what it was made from, kept for review
    plan_points: list[tuple[float, float]] = field(default_factory=list)
    _masks: dict[float, np.ndarray] = field(default_factory=dict, init=False, repr=False, compare=False)
    _fills: dict[tuple[str, float], tuple[np.ndarray, np.ndarray, np.ndarray]] = field(default_factory=dict, init=False, repr=False, compare=False)

    # ------------------------------------------------------------------ making one

    @staticmethod
    def from_points(image_points: np.ndarray | Sequence[Sequence[float]], plan_points: np.ndarray | Sequence[Sequence[float]], *, image_size: tuple[int, int],
                    plan_size_mm: tuple[float, float], zones: list[Zone] | None = None, card_width_mm: float = CARD_WIDTH_MM) -> Calibration:
        """Calibrate from four or more marked points: where each appears on the picture, and where it is on the plan."""
        img = np.asarray(image_points, np.float64).reshape(-1, 2) if len(image_points) else np.zeros((0, 2))
        pln = np.asarray(plan_points, np.float64).reshape(-1, 2) if len(plan_points) else np.zeros((0, 2))
        if len(img) != len(pln):
            raise CalibrationError(f"{len(img)} points marked on the picture but {len(pln)} on the plan: mark the same points on both")
        if len(img) < 4:
            raise CalibrationError(f"mark at least four points on the table ({len(img)} marked)")
        if not (np.isfinite(img).all() and np.isfinite(pln).all()):
            raise CalibrationError("a marked point is not a number")
        w, h = image_size
        outside = [i + 1 for i, (x, y) in enumerate(img) if not (0 <= x <= w and 0 <= y <= h)]
        if outside:
            raise CalibrationError(f"point(s) {', '.join(map(str, outside))} lie outside the {w}x{h} picture")
        for name, pts in (("picture", img), ("plan", pln)):
            _check_spread(pts, name)
        if len(img) == 4:
            H = cv2.getPerspectiveTransform(img.astype(np.float32), pln.astype(np.float32))
        else:
            H, _ = cv2.findHomography(img, pln, 0)
        if H is None or not np.isfinite(H).all() or abs(np.linalg.det(H)) < 1e-12:
            raise CalibrationError("the marked points do not define a view of the table: check that each point is marked at its own place")
        cal = Calibration(np.asarray(H, np.float64), (int(w), int(h)), (float(plan_size_mm[0]), float(plan_size_mm[1])),
                          list(zones) if zones is not None else [], float(card_width_mm), "points",
                          [(float(x), float(y)) for x, y in img], [(float(x), float(y)) for x, y in pln])
        cal._check_orientation()
        err = cal.reprojection_error_mm()
        if err > 0.02 * max(plan_size_mm):
            raise CalibrationError(f"the marked points disagree with each other by up to {err:.0f} mm on the plan: one is marked at the wrong place")
        return cal

    @staticmethod
    def from_felt_edge(frame: np.ndarray, *, plan_size_mm: tuple[float, float], zones: list[Zone] | None = None,
                       card_width_mm: float = CARD_WIDTH_MM) -> Calibration:
        """Calibrate from the edge of a rectangular felt seen whole on the picture.

        The felt's four corners, in picture order (top-left, top-right, bottom-right, bottom-left), are
        the plan's corners (0, 0), (width, 0), (width, depth), (0, depth).  An oval table has no corners to
        find: calibrate it from four marked points instead.
        """
        quad = find_felt_quad(frame)
        w, d = plan_size_mm
        cal = Calibration.from_points(quad, [(0, 0), (w, 0), (w, d), (0, d)], image_size=(frame.shape[1], frame.shape[0]),
                                      plan_size_mm=plan_size_mm, zones=zones, card_width_mm=card_width_mm)
        cal.method = "felt-edge"
        return cal

    def _check_orientation(self) -> None:
        # A mirrored plan (points clicked in the wrong order round the table) reads left for right.
        if len(self.image_points) >= 3:
            a, b, c = (np.asarray(p, np.float64) for p in self.image_points[:3])
            pa, pb, pc = (np.asarray(p, np.float64) for p in self.plan_points[:3])
            s_img = _cross2(b - a, c - a)
            s_pln = _cross2(pb - pa, pc - pa)
            if s_img * s_pln < 0:
                raise CalibrationError("the marked points are mirrored (the plan would read left for right): mark them in the same order on both")

    # ------------------------------------------------------------------ using one

    def to_plan(self, points_px: np.ndarray | Sequence[Sequence[float]]) -> np.ndarray:
        """Picture pixels (N x 2) to plan millimetres (N x 2)."""
        pts = np.asarray(points_px, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)

    def to_image(self, points_mm: np.ndarray | Sequence[Sequence[float]]) -> np.ndarray:
        """Plan millimetres (N x 2) to picture pixels (N x 2)."""
        pts = np.asarray(points_mm, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.homography)).reshape(-1, 2)

    def reprojection_error_mm(self) -> float:
        """Largest distance on the plan between a marked point and where the homography puts it."""
        if not self.image_points:
            return 0.0
        got = self.to_plan(self.image_points)
        return float(np.linalg.norm(got - np.asarray(self.plan_points), axis=1).max())

    def card_width_px_at(self, point_mm: Sequence[float]) -> float:
        """How wide a card lying at this plan point appears on the picture (pixels; mean over its orientations)."""
        x, y = float(point_mm[0]), float(point_mm[1])
        s = self.card_width_mm / 2
        sq = self.to_image([(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]).astype(np.float32)
        return math.sqrt(abs(cv2.contourArea(sq)))

    def card_width_range_px(self) -> tuple[float, float]:
        """Smallest and largest card width on the picture over the zones (or the whole plan when none are set)."""
        pts: list[tuple[float, float]] = []
        if self.zones:
            for z in self.zones:
                poly = np.asarray(z.polygon_mm)
                pts.extend((float(x), float(y)) for x, y in poly)
                pts.append((float(poly[:, 0].mean()), float(poly[:, 1].mean())))
        else:
            w, d = self.plan_size_mm
            pts = [(w * i / 4, d * j / 4) for i in range(5) for j in range(5)]
        widths = [self.card_width_px_at(p) for p in pts]
        return min(widths), max(widths)

    def detector_config(self, **overrides: Any) -> DetectorConfig:
        """Detector settings whose size limits come from this calibration's scale.

        The nominal card width is the middle of the range over the table, and the size tolerance is
        widened by the spread of that range, so a card at the near rail and one at the far rail both pass
        while a chip or a glare spot of another size does not.  The homography goes along, so that the
        reader takes each card at the size and shape it has where it lies.
        """
        lo, hi = self.card_width_range_px()
        nominal = (lo + hi) / 2
        spread = (hi - lo) / (hi + lo)
        settings: dict[str, Any] = {"card_width_px": nominal, "size_tolerance": BASE_SIZE_TOLERANCE + spread,
                                    "to_plan": np.asarray(self.homography, np.float64), "card_width_plan": self.card_width_mm}
        settings.update(overrides)
        return DetectorConfig(**settings)

    def picture_config(self, image: np.ndarray, card_width_px: float | None = None) -> DetectorConfig:
        """How a picture is read: :meth:`detector_config`, the view going along only when the picture is this camera's (of
        the calibration's size), and ``card_width_px``, when given, as the nominal card width."""
        h, w = image.shape[:2]
        settings: dict[str, Any] = {} if card_width_px is None else {"card_width_px": card_width_px}
        if (w, h) != tuple(self.image_size):
            settings["to_plan"] = None
        return self.detector_config(**settings)

    def zone_at(self, point_px: Sequence[float]) -> Zone | None:
        """The zone under a picture point (the first listed, when zones overlap), or None."""
        p = self.to_plan([point_px])[0]
        for z in self.zones:
            if z.contains(p):
                return z
        return None

    def zone(self, name: str) -> Zone:
        """The zone with that name."""
        for z in self.zones:
            if z.name == name:
                return z
        raise CalibrationError(f"no zone named {name!r} (zones: {', '.join(z.name for z in self.zones) or 'none'})")

    def check_frame(self, frame: np.ndarray) -> None:
        """Refuse a picture of another size than the calibration's: the camera's resolution changed, calibrate again."""
        h, w = frame.shape[:2]
        if (w, h) != self.image_size:
            raise CalibrationError(f"the camera gives {w}x{h} pictures but the table was calibrated at "
                                   f"{self.image_size[0]}x{self.image_size[1]}: calibrate the table again")

    def table_mask(self, margin_mm: float = 0.0) -> np.ndarray:
        """Mask (uint8, 255 on the table) of the plan's rectangle on the picture, grown by ``margin_mm``."""
        key = float(margin_mm)
        cached = self._masks.get(key)
        if cached is None:
            w, d = self.plan_size_mm
            m = key
            corners = self.to_image([(-m, -m), (w + m, -m), (w + m, d + m), (-m, d + m)])
            cached = np.zeros((self.image_size[1], self.image_size[0]), np.uint8)
            cv2.fillConvexPoly(cached, np.round(corners).astype(np.int32), 255)
            self._masks[key] = cached
        return cached

    def mask_off_table(self, frame: np.ndarray, margin_mm: float = -5.0) -> np.ndarray:
        """A copy of the picture with everything off the table painted the felt's own colour.

        The floor, the rail and the players' laps are not the felt: left in, they can swallow the cards
        lying on the felt into one region.  The colour is the median of the table's pixels.  The default
        margin trims 5 mm inside the felt's edge, where the rail's shadow lies.
        """
        self.check_frame(frame)
        mask = self.table_mask(margin_mm)
        step = 8
        inside = frame[::step, ::step][mask[::step, ::step] > 0]
        colour = np.median(inside, axis=0) if len(inside) else np.zeros(frame.shape[2])
        # The painted picture is kept between frames and repainted only when the felt's colour drifts (a fill costs ~10 ms).
        key = ("off-table", float(margin_mm))
        cached = self._fills.get(key)
        if cached is None or cached[1].shape != frame.shape or np.abs(cached[0] - colour).max() > 2:
            fill = np.empty_like(frame)
            fill[:] = colour.astype(frame.dtype)
            cached = (colour, fill, cv2.bitwise_not(mask))
            self._fills[key] = cached
        out = frame.copy()
        cv2.copyTo(cached[1], cached[2], out)
        return out

    def warp_to_plan(self, frame: np.ndarray, px_per_mm: float = 1.0) -> np.ndarray:
        """The picture seen from straight above, at ``px_per_mm`` pixels per millimetre of the plan."""
        S = np.diag([px_per_mm, px_per_mm, 1.0])
        size = (int(round(self.plan_size_mm[0] * px_per_mm)), int(round(self.plan_size_mm[1] * px_per_mm)))
        return cv2.warpPerspective(frame, S @ self.homography, size, flags=cv2.INTER_LINEAR)

    # ------------------------------------------------------------------ plain data

    def to_dict(self) -> dict[str, Any]:
        """Plain data (lists, numbers, strings): what the table's configuration keeps."""
        return {
            "version": CALIBRATION_VERSION,
            "method": self.method,
            "image_size": [int(self.image_size[0]), int(self.image_size[1])],
            "plan_size_mm": [float(self.plan_size_mm[0]), float(self.plan_size_mm[1])],
            "card_width_mm": float(self.card_width_mm),
            "homography": [[float(v) for v in row] for row in self.homography],
            "image_points": [[x, y] for x, y in self.image_points],
            "plan_points": [[x, y] for x, y in self.plan_points],
            "zones": [z.to_dict() for z in self.zones],
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Calibration:
        """Read a calibration back from plain data; every field is checked and a bad one named."""
        if not isinstance(data, Mapping):
            raise CalibrationError("calibration: expected a table of fields")
        version = data.get("version")
        if version != CALIBRATION_VERSION:
            raise CalibrationError(f"calibration.version: this program reads version {CALIBRATION_VERSION}, not {version!r}")
        known = {"version", "method", "image_size", "plan_size_mm", "card_width_mm", "homography", "image_points", "plan_points", "zones"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise CalibrationError(f"calibration: unknown field(s) {', '.join(unknown)}")
        size = data.get("image_size")
        if not (isinstance(size, list | tuple) and len(size) == 2 and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in size)):
            raise CalibrationError(f"calibration.image_size: expected [width, height] in pixels, not {size!r}")
        plan = data.get("plan_size_mm")
        if not (isinstance(plan, list | tuple) and len(plan) == 2
                and all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) and v > 0 for v in plan)):
            raise CalibrationError(f"calibration.plan_size_mm: expected [width, depth] in millimetres, not {plan!r}")
        card = data.get("card_width_mm", CARD_WIDTH_MM)
        if not (isinstance(card, int | float) and not isinstance(card, bool) and 30 <= card <= 120):
            raise CalibrationError(f"calibration.card_width_mm: {card!r} is not a card width (30-120 mm)")
        method = data.get("method", "points")
        if method not in ("points", "felt-edge"):
            raise CalibrationError(f"calibration.method: {method!r} is not 'points' or 'felt-edge'")
        H = data.get("homography")
        try:
            Hm = np.asarray(H, np.float64)
        except (TypeError, ValueError):
            Hm = np.zeros(0)
        if Hm.shape != (3, 3) or not np.isfinite(Hm).all() or abs(np.linalg.det(Hm)) < 1e-12:
            raise CalibrationError("calibration.homography: expected 3 rows of 3 numbers defining a view of the table")
        img_pts = _points(data.get("image_points", []), "calibration.image_points", 0)
        pln_pts = _points(data.get("plan_points", []), "calibration.plan_points", 0)
        if len(img_pts) != len(pln_pts):
            raise CalibrationError("calibration.plan_points: not as many points as calibration.image_points")
        zones_data = data.get("zones", [])
        if not isinstance(zones_data, list):
            raise CalibrationError("calibration.zones: expected a list of zones")
        zones = [Zone.from_dict(z, f"calibration.zones[{i}]") for i, z in enumerate(zones_data)]
        names = [z.name for z in zones]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise CalibrationError(f"calibration.zones: zone name(s) used twice: {', '.join(dupes)}")
        return Calibration(Hm, (int(size[0]), int(size[1])), (float(plan[0]), float(plan[1])), zones, float(card), str(method), img_pts, pln_pts)

    def to_toml(self, section: str = "calibration") -> str:
        """The calibration as a TOML section (``[calibration]`` and its ``[[calibration.zones]]``)."""
        data = self.to_dict()
        zones = data.pop("zones")
        lines = [f"[{section}]"]
        lines += [f"{k} = {_toml_value(v)}" for k, v in data.items()]
        for z in zones:
            lines += ["", f"[[{section}.zones]]"]
            lines += [f"{k} = {_toml_value(v)}" for k, v in z.items()]
        return "\n".join(lines) + "\n"

    @staticmethod
    def from_toml(text: str, section: str = "calibration") -> Calibration:
        """Read the ``[calibration]`` section of a TOML text."""
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise CalibrationError(f"the calibration is not valid TOML: {error}") from error
        if section not in doc:
            raise CalibrationError(f"no [{section}] section: the table has not been calibrated")
        return Calibration.from_dict(doc[section])

    def save(self, path: Path | str) -> None:
        """Write the calibration as a TOML file (written whole, then moved into place)."""
        target = Path(path)
        partial = target.with_suffix(target.suffix + ".part")
        partial.write_text(self.to_toml(), encoding="utf-8")
        partial.replace(target)

    @staticmethod
    def load(path: Path | str) -> Calibration:
        """Read a calibration TOML file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise CalibrationError(f"the calibration file {path} cannot be read: {error.strerror or error}") from error
        return Calibration.from_toml(text)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _check_spread(pts: np.ndarray, name: str) -> None:
    """Four points, no three of them on a line, at distinct places."""
    span = float(np.ptp(pts, axis=0).max()) if len(pts) else 0.0
    if span <= 0:
        raise CalibrationError(f"the marked points on the {name} are all at the same place")
    n = len(pts)
    for i in range(n):
        for j in range(i + 1, n):
            if np.linalg.norm(pts[i] - pts[j]) < 0.02 * span:
                raise CalibrationError(f"points {i + 1} and {j + 1} on the {name} are at the same place")
    if n == 4:
        for i in range(4):
            a, b, c = (pts[k] for k in range(4) if k != i)
            area = abs(_cross2(b - a, c - a)) / 2
            if area < 0.01 * span * span:
                raise CalibrationError(f"three of the marked points on the {name} lie on one line: spread them round the table")


def _order_quad(pts: np.ndarray) -> np.ndarray:
    """Corners in picture order: top-left, top-right, bottom-right, bottom-left."""
    s = pts.sum(axis=1)
    diff = pts[:, 0] - pts[:, 1]
    return np.array([pts[np.argmin(s)], pts[np.argmax(diff)], pts[np.argmax(s)], pts[np.argmin(diff)]], np.float64)


def find_felt_quad(frame: np.ndarray, *, chroma_tolerance: float = 22.0) -> np.ndarray:
    """The four corners of a rectangular felt seen whole on the picture (picture order, full-resolution pixels).

    The felt's colour is taken from the middle of the picture (the camera looks at the table); felt pixels
    are those near that colour, closed over cards and chips; the felt is the region round the middle, its
    outline approximated by a quadrilateral whose sides are then fitted to the outline's points.
    """
    if frame is None or frame.ndim != 3 or frame.shape[2] != 3 or frame.shape[0] < 32 or frame.shape[1] < 32:
        raise CalibrationError("the felt's edge needs a colour picture of the table")
    H, W = frame.shape[:2]
    scale = 480.0 / W
    small = cv2.resize(frame, (480, max(8, int(round(H * scale)))), interpolation=cv2.INTER_AREA)
    h, w = small.shape[:2]
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_BGR2LAB)
    centre = lab[h // 4: 3 * h // 4, w // 4: 3 * w // 4]
    hist = cv2.calcHist([centre], [1, 2], None, [64, 64], [0, 256, 0, 256])
    pa, pb = np.unravel_index(int(np.argmax(hist)), hist.shape)
    felt_ab = np.array([pa * 4 + 2, pb * 4 + 2], np.float32)
    chroma = np.sqrt(((lab[:, :, 1:].astype(np.float32) - felt_ab) ** 2).sum(axis=2))
    felt_l = float(np.median(lab[h // 4: 3 * h // 4, w // 4: 3 * w // 4, 0][chroma[h // 4: 3 * h // 4, w // 4: 3 * w // 4] < chroma_tolerance]))
    mask = ((chroma < chroma_tolerance) & (np.abs(lab[:, :, 0].astype(np.float32) - felt_l) < 90)).astype(np.uint8) * 255
    k = max(5, (w // 25) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    if n <= 1:
        raise CalibrationError("no felt found on the picture: mark four points instead")
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    region = (labels == biggest).astype(np.uint8) * 255
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea)
    hull = cv2.convexHull(outline)
    if cv2.contourArea(hull) < 0.15 * w * h:
        raise CalibrationError("the felt covers too little of the picture to calibrate from its edge: mark four points instead")
    x, y, bw, bh = cv2.boundingRect(hull)
    touching = [side for side, hit in (("left", x <= 1), ("top", y <= 1), ("right", x + bw >= w - 1), ("bottom", y + bh >= h - 1)) if hit]
    if len(touching) >= 3:
        raise CalibrationError("the felt's colour cannot be told from what surrounds it on the picture: mark four points instead")
    if touching:
        raise CalibrationError(f"the felt runs off the picture at the {' and '.join(touching)}: "
                               "aim the camera so the whole felt shows, or mark four points instead")
    approx = None
    peri = cv2.arcLength(hull, True)
    for eps in np.linspace(0.005, 0.08, 30):
        cand = cv2.approxPolyDP(hull, eps * peri, True)
        if len(cand) == 4:
            approx = cand.reshape(4, 2).astype(np.float64)
            break
        if len(cand) < 4:
            break
    if approx is None:
        raise CalibrationError("the felt's edge is not a four-sided shape (an oval table?): mark four points instead")
    if abs(cv2.contourArea(approx.astype(np.float32)) - cv2.contourArea(hull)) > 0.04 * cv2.contourArea(hull):
        raise CalibrationError("the felt's edge is not a four-sided shape (an oval table?): mark four points instead")
    corners = _order_quad(approx)
    pts = outline.reshape(-1, 2).astype(np.float64)
    lines = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        ab = b - a
        length = float(np.linalg.norm(ab))
        t = ((pts - a) @ ab) / (length * length)
        dist = np.abs(_cross2(ab, pts - a)) / length
        near = pts[(t > 0.1) & (t < 0.9) & (dist < 0.03 * length + 2)]
        if len(near) < 10:
            lines.append((a, ab / length))
            continue
        vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)))
    coarse = _intersect_sides(lines)
    # Contours run along pixel centres; the felt's edge lies half a pixel further out.
    c = coarse.mean(axis=0)
    coarse = coarse + 0.5 * (coarse - c) / np.linalg.norm(coarse - c, axis=1, keepdims=True)
    coarse = (coarse + 0.5) / scale - 0.5
    # Refine each side on the full picture: the felt's edge is where its colour stops, to a fraction of a pixel.
    full_lab = cv2.cvtColor(cv2.GaussianBlur(frame, (0, 0), 1.2), cv2.COLOR_BGR2LAB)
    unlike = np.sqrt(((full_lab[:, :, 1:].astype(np.float32) - felt_ab) ** 2).sum(axis=2))
    return _refine_sides(coarse, unlike, reach=2.5 / scale)


def _intersect_sides(lines: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """Corners where consecutive sides (point, direction) meet: corner i between side i-1 and side i."""
    out = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[(i - 1) % 4], lines[i]
        den = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(den) < 1e-9:
            raise CalibrationError("two sides of the felt look parallel on the picture: mark four points instead")
        t1 = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / den
        out.append(p1 + t1 * d1)
    return np.asarray(out, np.float64)


def _refine_sides(quad: np.ndarray, unlike: np.ndarray, reach: float) -> np.ndarray:
    """Move each side of ``quad`` onto the strongest rise of ``unlike`` (felt inside, not felt outside) across it."""
    c = quad.mean(axis=0)
    steps = np.arange(-reach, reach + 0.25, 0.25, dtype=np.float32)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = (b - a) / np.linalg.norm(b - a)
        n = np.array([d[1], -d[0]])
        if np.dot(n, (a + b) / 2 - c) < 0:
            n = -n  # outward
        ts = np.linspace(0.08, 0.92, 160)
        base = a[None, :] + ts[:, None] * (b - a)[None, :]
        xs = (base[:, 0:1] + steps[None, :] * n[0]).astype(np.float32)
        ys = (base[:, 1:2] + steps[None, :] * n[1]).astype(np.float32)
        prof = cv2.remap(unlike, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        rise = np.diff(prof, axis=1)
        k = np.argmax(rise, axis=1)
        strong = rise[np.arange(len(k)), k] > 0.25 * float(np.median(rise.max(axis=1))) + 0.5
        pts = []
        for j in np.nonzero(strong)[0]:
            kk = int(k[j])
            off = 0.0
            if 0 < kk < rise.shape[1] - 1:
                y0, y1, y2 = rise[j, kk - 1], rise[j, kk], rise[j, kk + 1]
                den = y0 - 2 * y1 + y2
                off = float(0.5 * (y0 - y2) / den) if abs(den) > 1e-6 else 0.0
            s = float(steps[kk]) + 0.125 + 0.25 * off  # the rise sits between two samples
            pts.append(base[j] + s * n)
        if len(pts) < 20:
            lines.append((a, d))
            continue
        vx, vy, x0, y0 = cv2.fitLine(np.asarray(pts, np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)))
    return _intersect_sides(lines)


def _cross2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """z component of the cross product of 2-D vectors."""
    return np.asarray(a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0])
