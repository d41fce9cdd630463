"""The running table's devices without a screen: the overhead camera and the sensor boards.

A :class:`DeviceHub` starts the sensor boards' reader threads (:mod:`drivers`) and one camera
thread (a :class:`vision.sources.FrameSource` read through a :data:`Recognizer`), keeps their latest
readings, and reports every state change and fault as a :class:`Notice`. The worker threads only
read and store; everything that touches the hand (``camera_view``, ``proposal``, ``accept_proposal``,
``confirm_card``, the board-card hook the session calls when the dealer deals a street or a run's
street, and the shown-cards hook it calls when a hand dealt face down is shown) runs on the thread
that owns the :class:`TableSession` (the UI thread). ``subscribe`` listeners are called
from any thread: a screen hands the call over to its own thread.

The camera's reads are voted over consecutive frames before they are offered (:class:`CameraVotes`: a card read the
same at its place in ``stable_frames`` frames in a row; a flickering place is unknown), and each keeps the frame it was
read on: a street or a hand taken from the camera brings the pictures it was read from (:class:`CameraCards`), which a
recorded session puts in the event store with the event (:func:`keep_card_pictures`, on the recorder's thread).

Rules (SPEC, Inputs): every device is an aid, never required; a camera reading below the
confidence threshold is never applied silently, it waits for the dealer to confirm or correct it;
a bet read from chips is a proposal the dealer accepts (raises are confirmed).

A real camera reads with the table's calibration (:class:`CalibratedZones`, the card size) and the deck taught on the
table, or the general mode without one (:class:`CameraSetup`); the teaching pictures are kept in a folder
(:func:`save_taught_deck`). The demo table runs the same hub on simulated devices: :mod:`dealer_console.live.demo_devices`.
"""

from __future__ import annotations

import csv
import dataclasses
import enum
import functools
import logging
import math
import queue
import shutil
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from dealer_console.engine.cards import Card, parse_card
from dealer_console.engine.errors import CardError, IllegalActionError
from dealer_console.engine.events import BetPlaced, Called, Checked, RaisedTo, WentAllIn
from dealer_console.engine.hand import STREET_NAMES, Hand, Phase
from dealer_console.live.card_requests import BoardTarget, CameraCards, CardPicture, CardsUnread
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.sensors import BetProposal, ProposedAction, SensorWarning, TableSensors
from dealer_console.live.table_session import TableSession
from drivers.board import BoardConfig, BoardState, Received, SensorBoard, StateChanged, open_board
from drivers.codec import Heartbeat, LightMode
from drivers.errors import SensorError
from drivers.reader import BoardError, Listener, SensorReader

if TYPE_CHECKING:
    from dealer_console.store.store import Store
    from vision.calibration import Calibration
    from vision.detect import DetectorConfig
    from vision.recognize import TaughtDeck
    from vision.sources import Frame, FrameSource
    from vision.synthetic import Deck

log = logging.getLogger(__name__)

Quad = tuple[tuple[float, float], ...]
"""Four corners of a card in frame pixels."""


# ---------------------------------------------------------------------------------------------- camera readings


@dataclass(frozen=True, slots=True)
class SeenAt:
    """The picture a card was read on, kept for the evidence of the event that uses the reading (:mod:`vision.evidence`)."""

    image: np.ndarray = field(repr=False, compare=False)
    """The frame's BGR pixels, as the camera gave them."""
    seq: int
    wall_time: float
    """The frame's own time (``time.time()`` when read)."""
    quad: Quad
    """The card's corners on that frame."""


@dataclass(frozen=True, slots=True)
class Sighting:
    """One card a recognizer found in a frame (or, once voted over frames, at one place on the felt)."""

    card: Card | None
    """The card read, ``None`` when the recognizer would not name it (unknown) or, voted, while the reads at the place disagree."""
    best: Card | None
    """The best guess even when unknown, for the dealer's prompt."""
    confidence: float
    """0..1; compared with the hub's threshold."""
    quad: Quad
    steady: bool = True
    """False while the camera named a card at this place in some of the last frames but not the same one in all of them."""
    seen: SeenAt | None = field(default=None, compare=False, repr=False)
    """The frame the card was read on (the best read of a voted card), for its evidence."""

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the card in frame pixels."""
        return (sum(x for x, _ in self.quad) / len(self.quad), sum(y for _, y in self.quad) / len(self.quad))


Recognizer = Callable[["Frame"], list[Sighting]]
"""Reads every face-up card of a frame (runs on the camera thread)."""


class CardStatus(enum.Enum):
    """What the console makes of one card read, as the camera panel shows it."""

    CONFIDENT = "confident"
    LOW = "below the threshold"
    """Waits for the dealer to confirm or correct it, unless the hand already knows the place (``settled``)."""
    CONFIRMED = "confirmed by the dealer"
    DUPLICATE = "duplicate"
    DISAGREES = "disagrees"


RED = (CardStatus.DUPLICATE, CardStatus.DISAGREES)


def board_zone(board: int, run: int = 0) -> str:
    """The camera zone of a board's row (from 0): ``"board 1"``; an extra run's row below it: ``"board 1, run 2"``."""
    return f"board {board + 1}" + (f", run {run + 1}" if run else "")


def shared_count(hand: Hand, run: int, board: int) -> int:
    """How many of ``run``'s cards on ``board`` are the first run's (dealt before the runs split; they lie on the felt once)."""
    first, own = hand.boards(0)[board], hand.boards(run)[board]
    count = 0
    while count < min(len(first), len(own)) and first[count] == own[count]:
        count += 1
    return count


def run_row_cards(hand: Hand, run: int, board: int) -> tuple[Card, ...]:
    """The cards of ``run`` on ``board`` that lie in its own row: all of the first run's, the unshared ones of an extra run."""
    boards = hand.boards(run)
    if board >= len(boards):
        return ()
    cards = boards[board]
    return cards if run == 0 else cards[shared_count(hand, run, board):]


@dataclass(frozen=True, slots=True)
class CardRead:
    """A sighting placed on the table: which zone, which position, and what the console makes of it."""

    sighting: Sighting
    zone: str
    """``"board 1"``, ``"board 2"``, ``"board 1, run 2"`` (an extra run's row), ``"seat 3"`` or ``"off the zones"``."""
    slot: int
    """Position in its zone, left to right from 0."""
    status: CardStatus
    card: Card | None
    """The card the console would use: the dealer's confirmation, else a confident reading, else ``None``."""
    note: str = ""
    """Why it is red, or what it waits for, in the dealer's words."""
    settled: bool = False
    """A doubtful reading of a place the hand already knows (a dealt board card, a known hand): it waits for nobody."""

    @property
    def key(self) -> tuple[str, int]:
        """Where the card lies (confirmations are kept by place)."""
        return (self.zone, self.slot)

    def label(self) -> str:
        """``"A♠ 93 %"``, ``"7♦? 41 %"`` or ``"?? 0 %"``."""
        shown = self.card or self.sighting.best
        name = shown.symbol if shown is not None else "??"
        unsure = "?" if self.status is CardStatus.LOW else ""
        return f"{name}{unsure} {self.percent} %"

    @property
    def percent(self) -> int:
        """The confidence in whole per cent, rounded down (a read shown at 90 % is never below a 90 % threshold)."""
        return math.floor(100 * self.sighting.confidence + 1e-9)


@dataclass(frozen=True, slots=True)
class CameraView:
    """The camera's latest frame and what the console makes of it now."""

    image: np.ndarray | None
    """BGR pixels of the latest frame (``None`` before the first)."""
    seq: int
    status: str
    """The source's status: ``ok``, ``dark``, ``frozen``, ``reconnecting``, ``dropped``, ``ended``, ``not-opened``."""
    detail: str
    reads: tuple[CardRead, ...]
    threshold: float

    @property
    def working(self) -> bool:
        """A picture is coming in (a frozen picture still shows the felt)."""
        return self.image is not None and self.status in ("ok", "frozen")

    def zone(self, name: str) -> list[CardRead]:
        """The reads of one zone, left to right."""
        return sorted((read for read in self.reads if read.zone == name), key=lambda read: read.slot)

    def waiting(self) -> list[CardRead]:
        """Reads below the threshold that the dealer has not confirmed yet."""
        return [read for read in self.reads if read.status is CardStatus.LOW and not read.settled]


@dataclass(frozen=True, slots=True)
class CameraZones:
    """Where the board and each seat's cards lie on the picture, as fractions of its width and height.

    The demo felt's zones (the board in a band across the middle, the seats round an oval); a real
    camera places its reads with the table's calibration instead (:class:`CalibratedZones`).
    """

    seat_count: int
    boards: int = 1
    board_area: tuple[float, float, float, float] = (0.27, 0.30, 0.73, 0.70)
    """x0, y0, x1, y1."""
    oval: tuple[float, float] = (0.40, 0.36)
    """Half-width and half-height of the oval of seats."""

    def seat_centre(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards lie (fractions), clockwise from the dealer's place at the bottom centre."""
        angle = math.radians(90 + 360 * seat / (self.seat_count + 1))
        return 0.5 + self.oval[0] * math.cos(angle), 0.5 + self.oval[1] * math.sin(angle)

    def board_row_centre(self, board: int) -> float:
        """The height (fraction) of a board's row of cards."""
        y0, y1 = self.board_area[1], self.board_area[3]
        return y0 + (y1 - y0) * (board + 0.5) / self.boards

    def place_px(self, x: float, y: float, width: int, height: int) -> str:
        """The zone a card centred at pixel (x, y) of a ``width`` x ``height`` picture lies in."""
        return self.place(x / width, y / height)

    def place(self, x: float, y: float) -> str:
        """The zone a card centred at (x, y) (fractions) lies in."""
        x0, y0, x1, y1 = self.board_area
        if x0 <= x <= x1 and y0 <= y <= y1:
            return f"board {min(self.boards - 1, int((y - y0) / (y1 - y0) * self.boards)) + 1}"
        seat, distance = min(
            ((seat, math.dist((x, y), self.seat_centre(seat))) for seat in range(1, self.seat_count + 1)), key=lambda pair: pair[1]
        )
        return f"seat {seat}" if distance < 0.16 else "off the zones"


class CalibratedZones:
    """Where the board, each seat's showdown area and the muck lie, from the table's calibration (:mod:`vision.calibration`).

    A card is placed by its centre mapped onto the table plan. The board area is split in ``boards`` bands from the far
    side (board 1 the farthest, as :mod:`vision.boards` counts rows); a seat's showdown area is ``"seat N"``; the muck is
    ``"muck"``; anywhere else is ``"off the zones"``.
    """

    def __init__(self, calibration: Calibration, boards: int = 1) -> None:
        self.calibration = calibration
        self.boards = max(1, boards)

    def place_px(self, x: float, y: float, width: int, height: int) -> str:
        """The zone a card centred at pixel (x, y) lies in (the picture's size is the calibration's)."""
        zone = self.calibration.zone_at((x, y))
        if zone is None:
            return "off the zones"
        if zone.kind == "showdown":
            return f"seat {zone.seat}"
        if zone.kind == "board":
            plan_y = float(self.calibration.to_plan([(x, y)])[0][1])
            ys = [corner[1] for corner in zone.polygon_mm]
            top, bottom = min(ys), max(ys)
            row = int((plan_y - top) / max(bottom - top, 1e-6) * self.boards)
            return f"board {min(self.boards - 1, max(0, row)) + 1}"
        return "muck"


ZoneMap = CameraZones | CalibratedZones
"""Either way of placing a read on the table."""


@dataclass(frozen=True, slots=True)
class CameraFeed:
    """A camera for the hub: how to open it, how to read it, where things lie, how often to look."""

    open_source: Callable[[], FrameSource]
    recognizer: Recognizer
    zones: ZoneMap
    interval: float = 0.2
    """Seconds between frames read (recognition takes most of a core while it runs)."""
    reopen_interval: float = 1.0
    """Seconds between attempts to reopen a camera that dropped."""
    still_delta: int = 6
    """A picture whose 160x90 thumbnail differs nowhere by this much (0-255) from the last one read is still: its reads stand."""
    recheck: float = 1.0
    """Seconds after which even a still picture is read again."""
    reads_cards: bool = True
    """False for a camera that shows its picture only (the table not calibrated): the board is then dealt from the console."""
    mode: str = ""
    """How it reads, in words for the camera panel: ``"taught deck"``, ``"general mode (no deck taught)"``,
    ``"picture only (the table is not calibrated)"``; empty for the demo's camera."""
    stable_frames: int = 3
    """A card is offered as read once it was read the same, at or above the threshold, at its place in this many frames read in a
    row (:class:`CameraVotes`); 1 takes every frame's reading as it comes."""
    forget_frames: int = 5
    """A card offered stays while this many frames read do not see it (a hand passing over it), then its place is forgotten."""

    def __post_init__(self) -> None:
        for name in ("stable_frames", "forget_frames"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"the camera's {name} must be a whole number of frames, 1 or more, not {value!r}")


# ---------------------------------------------------------------------------------------------- sensor readings


@dataclass(frozen=True, slots=True)
class BoardStatus:
    """One sensor board as the sensor panel shows it."""

    name: str
    state: BoardState
    reason: str

    @property
    def words(self) -> str:
        """The state in the dealer's words: connected / unplugged / error."""
        return {
            BoardState.READY: "connected",
            BoardState.CONNECTED: "connecting",
            BoardState.DISCONNECTED: "unplugged",
            BoardState.SILENT: "silent",
            BoardState.INCOMPATIBLE: "error: wrong protocol",
            BoardState.CLOSED: "closed",
        }[self.state]


@dataclass(frozen=True, slots=True)
class ButtonReading:
    """Where the button sensor sees the puck, against the console's button."""

    read: bool
    """The sensor board has reported the button at all."""
    seen: int | None
    """The seat the puck is seen on (``None``: on no seat, or no reading)."""
    console: int | None
    """The console's button (``None``: no hand planned, or the session busy on its recorder)."""

    @property
    def agrees(self) -> bool | None:
        """Whether they agree (``None``: nothing to compare)."""
        return None if not self.read or self.console is None else self.seen == self.console

    @property
    def text(self) -> str:
        """In words: ``"Button: seat 1 for the console, the sensor sees it on seat 4"``."""
        if not self.read:
            return "Button: no reading"
        seen = "not seen on any seat" if self.seen is None else f"seat {self.seen}"
        if self.console is None:
            return f"Button: the sensor sees it on {seen}"
        if self.agrees:
            return f"Button: seat {self.console}, as the sensor sees it"
        return f"Button: seat {self.console} for the console, the sensor sees it on {seen}"


@dataclass(frozen=True, slots=True)
class ZoneRow:
    """A seat's bet zone against what the hand has in front (and, for the seat to act, what a call needs)."""

    seat: int
    player: str
    seen: int | None
    """The zone's reading (``None``: no reading)."""
    in_front: int
    required: int | None
    """For the seat to act, the total a call makes (the total now if a check is possible); else ``None``."""
    agrees: bool | None
    """``None`` when there is nothing to compare."""


def _rows(sightings: Sequence[Sighting]) -> list[list[Sighting]]:
    """Cards of one board's area in rows, top to bottom (a new row where a card lies half a card lower than the row above)."""
    rows: list[list[Sighting]] = []
    for sighting in sorted(sightings, key=lambda s: s.centre[1]):
        tall = max(y for _, y in sighting.quad) - min(y for _, y in sighting.quad)
        if rows and sighting.centre[1] - sum(s.centre[1] for s in rows[-1]) / len(rows[-1]) < tall / 2:
            rows[-1].append(sighting)
        else:
            rows.append([sighting])
    return rows


# ---------------------------------------------------------------------------------------------- voting over frames


def _card_width(quad: Quad) -> float:
    """The shorter side of a card's outline, in pixels."""
    sides = [math.dist(quad[i], quad[(i + 1) % len(quad)]) for i in range(len(quad))]
    return min(sides) if sides else 0.0


class CameraVotes:
    """The camera's reads voted over consecutive frames, place by place on the felt (:class:`vision.voting.FrameVoter`).

    A card is offered as read (its voted :class:`Sighting` keeps ``card``) only once the recognizer named it at or above
    the threshold at that place in ``stable_frames`` frames read in a row. A new place is not shown before it was seen on
    that many frames (the camera is still looking); after that, for as long as the reads at a place flicker between cards
    (or between a card and unknown), the place is unknown: ``card`` ``None``, ``steady`` False, with the latest best
    guess for the dealer's prompt; never the last or the likeliest guess. A card offered stays while a hand passes over
    it, for up to ``forget_after`` frames read without it, and leaves its place at once when it is read at another place
    (it was moved); a confident read of another card at its place makes the place unknown again until that card is itself
    stable. A place never named at or above the threshold is a plain doubtful read (``steady`` True, ``card`` ``None``),
    which the dealer confirms as before.

    Each voted sighting's ``seen`` is the frame of the best read of its card (of the latest read while unknown): its evidence.
    Used on the camera's thread only.
    """

    def __init__(self, *, stable_frames: int = 3, forget_after: int = 5) -> None:
        from vision.voting import FrameVoter

        self.voter = FrameVoter(stable_frames=stable_frames, forget_after=forget_after)
        self._latest: dict[int, Sighting] = {}
        self._frames = 0

    @property
    def stable_frames(self) -> int:
        """Frames in a row a card must be read the same before it is offered."""
        return self.voter.stable_frames

    def reset(self) -> None:
        """Forget every place (a new setup, a camera reopened): the reads start afresh."""
        self.voter.reset()
        self._latest.clear()

    @property
    def settled(self) -> bool:
        """Every place offers its card and was seen on the latest frame read: a still picture need not be read again."""
        return all(track.reported is not None and track.missing_run == 0 for track in self.voter.tracks)

    def update(self, sightings: Sequence[Sighting], *, threshold: float) -> tuple[Sighting, ...]:
        """Vote with one frame's reads; return one sighting per place on the felt, as the console may use it now."""
        from vision.boards import Sighting as PlaceSighting
        from vision.voting import MISSING, UNREAD

        self._frames += 1
        widths = sorted(_card_width(sighting.quad) for sighting in sightings)
        if widths:
            # two places are told apart when their centres lie farther apart than 0.4 card widths (as vision.voting's live reader)
            self.voter.match_distance_px = max(4.0, 0.4 * widths[len(widths) // 2])
        offered = [
            PlaceSighting(str(s.card) if s.card is not None and s.confidence >= threshold else None, s.confidence, s.centre,
                          str(s.best or s.card) if (s.best or s.card) is not None else None, s)
            for s in sightings
        ]
        self.voter.update(offered, seq=self._frames)
        self._note_latest(sightings)
        elsewhere = {s.card for s in offered if s.card is not None}
        voted: list[Sighting] = []
        for track in self.voter.tracks:
            latest = self._latest.get(track.id)
            if latest is None or track.reported is None and self._frames - track.first_seq + 1 < self.voter.stable_frames:
                continue  # a place seen on fewer frames than a vote takes is not shown yet: the camera is still looking
            if track.reported is not None and track.missing_run and track.reported in elsewhere:
                continue  # not seen at its place but read elsewhere: the card was moved (not covered by a hand), its old place is empty
            if track.reported is not None:
                card = parse_card(track.reported)
                best = track.best.source if track.best is not None and track.best.card == track.reported else latest
                voted.append(dataclasses.replace(latest, card=card, best=card, confidence=best.confidence, steady=True, seen=best.seen))
            else:
                named = any(mark not in (MISSING, UNREAD) for mark in track.history)
                voted.append(dataclasses.replace(latest, card=None, best=latest.best or latest.card, steady=not named))
        return tuple(voted)

    def _note_latest(self, sightings: Sequence[Sighting]) -> None:
        """Remember, for each place seen on this frame, the read it was seen as (nearest first, each read to one place)."""
        seen = [track for track in self.voter.tracks if track.last_seen_seq == self._frames]
        pairs = sorted((math.dist((float(track.centre[0]), float(track.centre[1])), sighting.centre), index, number)
                       for index, track in enumerate(seen) for number, sighting in enumerate(sightings))
        placed: set[int] = set()
        used: set[int] = set()
        for _, index, number in pairs:
            if index in placed or number in used:
                continue
            placed.add(index)
            used.add(number)
            self._latest[seen[index].id] = sightings[number]
        alive = {track.id for track in self.voter.tracks}
        self._latest = {key: value for key, value in self._latest.items() if key in alive}


# ---------------------------------------------------------------------------------------------- the hub


class _HubListener(Listener):
    """Board states for the panel; every event wakes the screen."""

    def __init__(self, hub: DeviceHub) -> None:
        self.hub = hub

    def on_frame(self, board: SensorBoard, received: Received) -> None:
        if not isinstance(received.frame.message, Heartbeat):  # a heartbeat changes nothing the dealer sees
            self.hub._changed()

    def on_state(self, board: SensorBoard, change: StateChanged) -> None:
        with self.hub._lock:
            self.hub._boards[board.name] = BoardStatus(board.name, change.new, change.reason)
        if change.new is BoardState.READY and change.old in (BoardState.CONNECTED, BoardState.SILENT):
            self.hub._notice(NoticeLevel.INFO, f"Sensor board {board.name}: connected ({change.reason})")
        self.hub._changed()

    def on_error(self, board: SensorBoard, error: BoardError) -> None:
        self.hub._changed()


@dataclass
class _Before:
    """The seat to act and its figures before the dealer's action (to compare the action with the zone afterwards)."""

    actor: int | None = None
    in_front: int = 0
    call_to: int = 0
    all_in_to: int = 0
    events: int = 0
    hand_number: int | None = None


class DeviceHub:
    """The table's camera and sensor boards on worker threads, and what their readings mean for the hand."""

    def __init__(self, session: TableSession, *, boards: Sequence[BoardConfig] = (), camera: CameraFeed | None = None,
                 threshold: float = 0.6) -> None:
        self.session = session
        self.board_configs = list(boards)
        self.camera = camera
        self.threshold = threshold
        """Camera readings below this confidence wait for the dealer (SPEC, Inputs)."""
        self.board_from_camera = camera is not None and camera.reads_cards
        """When on, the board cards the dealer deals come from the camera's reading (off: from the session's deck)."""
        self.runs_from_camera = True
        """Extra runs too are the camera's (each run's own cards in a row of its own below the first run's); off: from the deck."""
        self._runs = 1
        self.sensors = TableSensors(on_warning=lambda text: self._notice(NoticeLevel.WARNING, text))
        self._lock = threading.Lock()
        self._boards: dict[str, BoardStatus] = {
            config.name: BoardStatus(config.name, BoardState.DISCONNECTED, "not opened yet") for config in self.board_configs
        }
        self._listeners: list[Callable[[], None]] = []
        self._notice_listeners: list[Callable[[Notice], None]] = []
        self._frame: tuple[np.ndarray, int] | None = None
        self._sightings: tuple[Sighting, ...] = ()
        self._camera_status = ("not-opened", "not started")
        self._camera_fault_told = False
        self._confirmed: dict[tuple[str, int], tuple[Card | None, Card]] = {}
        self._warned: set[tuple[str, int, str]] = set()
        self._before = _Before()
        self._stop = threading.Event()
        self._reader: SensorReader | None = None
        self._sensor_boards: list[SensorBoard] = []
        self._camera_thread: threading.Thread | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._reading_generation = 0
        self._reading_problem: str | None = None
        """Why the last picture could not be read (a picture of another size than the calibration's...), else ``None``."""
        self.setup: CameraSetup | None = None
        """A real camera's calibration and deck (``None`` for the demo's camera): what the setup dialogs change."""
        self.seat_lights = True
        """Light the seat to act on the sensor boards ("action on seat 4"; SPEC, Inputs)."""
        self._lit: int | None = None
        self._light_orders: queue.Queue[tuple[int | None, int | None] | None] = queue.Queue()
        self._light_thread: threading.Thread | None = None

    # ------------------------------------------------------------------ lifetime

    def start(self) -> None:
        """Open the boards and the camera on their own threads; hook into the session's board deals."""
        self._sensor_boards = [open_board(config) for config in self.board_configs]
        if self._sensor_boards:
            self._reader = SensorReader(self._sensor_boards, [self.sensors, _HubListener(self)])
            self._light_thread = threading.Thread(target=self._light_loop, name="seat-lights", daemon=True)
            self._light_thread.start()
        if self.camera is not None:
            self._camera_thread = threading.Thread(target=self._camera_loop, args=(self.camera,), name="camera", daemon=True)
            self._camera_thread.start()
            self.session.board_cards = self._board_cards
            self.session.shown_cards = self._shown_cards
        self._unsubscribe = self.session.subscribe(self._on_session_change)
        self._on_session_change(self.session)

    def stop(self) -> None:
        """Stop the threads and close the devices (waits for the threads)."""
        self._stop.set()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.session.board_cards == self._board_cards:
            self.session.board_cards = None
        if self.session.shown_cards == self._shown_cards:
            self.session.shown_cards = None
        if self._light_thread is not None:
            self._light_orders.put(None)
            self._light_thread.join(5.0)
            self._light_thread = None
        if self._reader is not None:
            self._reader.stop()
            self._reader = None
        for board in self._sensor_boards:
            board.shutdown()
        if self._camera_thread is not None:
            self._camera_thread.join(5.0)
            self._camera_thread = None

    def __enter__(self) -> DeviceHub:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ listeners (any thread)

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` whenever a reading, a device state or the hand changes; called from any thread."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def subscribe_notices(self, listener: Callable[[Notice], None]) -> Callable[[], None]:
        """Call ``listener(notice)`` for every device state change, fault and disagreement; called from any thread."""
        self._notice_listeners.append(listener)
        return lambda: self._notice_listeners.remove(listener) if listener in self._notice_listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("device listener %r failed", listener)

    def _notice(self, level: NoticeLevel, text: str, seat: int | None = None) -> None:
        for listener in list(self._notice_listeners):
            try:
                listener(Notice(level, text, seat))
            except Exception:
                log.exception("notice listener %r failed", listener)

    # ------------------------------------------------------------------ seat lights (their own thread: serial writes)

    def _light_loop(self) -> None:
        while (order := self._light_orders.get()) is not None:
            off, on = order
            for board in self._sensor_boards:
                if board.state is not BoardState.READY:
                    continue  # a board that comes back is lit at the next change of turn
                try:
                    if off is not None:
                        board.set_light(off, LightMode.OFF)
                    if on is not None:
                        board.set_light(on, LightMode.ON)
                except SensorError as error:  # the reader reports the board's state; the light is only an aid
                    log.warning("seat light on board %s: %s", board.name, error)

    # ------------------------------------------------------------------ camera thread

    def _camera_loop(self, feed: CameraFeed) -> None:
        from vision.calibration import CalibrationError
        from vision.recognize import TeachError
        from vision.sources import Status

        source: FrameSource | None = None
        recognizer_failed = False
        last: tuple[np.ndarray, float] | None = None
        generation = self._reading_generation
        votes = CameraVotes(stable_frames=feed.stable_frames, forget_after=feed.forget_frames)
        while not self._stop.is_set():
            if generation != self._reading_generation:  # a new calibration or deck: read the picture again at once
                generation, last, recognizer_failed = self._reading_generation, None, False
                votes.reset()
            if source is None:
                try:
                    source = feed.open_source()
                except Exception as error:  # a driver may raise anything when the device is absent
                    self._camera_state("not-opened", f"cannot open the camera: {error}")
                    self._stop.wait(feed.reopen_interval)
                    continue
                votes.reset()  # a camera reopened may look at another felt: its places are voted afresh
            frame = source.read()
            self._camera_state(source.status.value, source.detail)
            if frame is None:
                if source.status in (Status.DROPPED, Status.ENDED, Status.NOT_OPENED):
                    source.close()
                    source = None
                    self._stop.wait(feed.reopen_interval)
                else:
                    self._stop.wait(feed.interval)
                continue
            thumbnail = cv2.resize(frame.image, (160, 90), interpolation=cv2.INTER_AREA).astype(np.int16)
            # a still felt keeps its reads: recognition (most of a core) runs again when the picture changes, or after `recheck`,
            # or while a place is still being voted on (a frame read again is another vote)
            still = (last is not None and last[0].shape == thumbnail.shape and int(np.abs(last[0] - thumbnail).max()) < feed.still_delta
                     and time.monotonic() - last[1] < feed.recheck and votes.settled)
            if still or frame.frozen and last is not None:
                # a frozen camera repeats a stale picture: its reads are not votes (they would look stable)
                sightings = self._sightings
            else:
                try:
                    raw = (self.camera or feed).recognizer(frame)
                    seen = [dataclasses.replace(s, seen=SeenAt(frame.image, frame.seq, frame.wall_time, s.quad)) for s in raw]
                    sightings = votes.update(seen, threshold=self.threshold)
                    recognizer_failed, self._reading_problem = False, None
                    last = (thumbnail, time.monotonic())
                except Exception as error:  # a recognizer bug must not stop the camera; the dealer deals by hand meanwhile
                    if not recognizer_failed and not isinstance(error, CalibrationError | TeachError):
                        log.exception("card recognition failed")  # once: the log's warnings reach the dealer's notices too
                    self._reading_problem = str(error)
                    if not recognizer_failed:
                        self._notice(NoticeLevel.ERROR, f"Camera: the cards could not be read ({error}); deal from the console")
                    recognizer_failed = True
                    sightings = ()
                    votes.reset()
                    last = None
            with self._lock:
                self._frame = (frame.image, frame.seq)
                self._sightings = sightings
            self._changed()
            self._stop.wait(feed.interval)
        if source is not None:
            source.close()

    def _camera_state(self, status: str, detail: str) -> None:
        with self._lock:
            old = self._camera_status[0]
            self._camera_status = (status, detail)
        if status == old:
            return
        if status in ("ok", "frozen"):
            if self._camera_fault_told:
                self._camera_fault_told = False
                self._notice(NoticeLevel.INFO, f"Camera: picture back ({status}{', ' + detail if detail else ''})")
        else:
            self._camera_fault_told = True
            self._notice(NoticeLevel.WARNING, f"Camera: {status}" + (f" ({detail})" if detail else "") + "; deal from the console meanwhile")
        self._changed()

    # ------------------------------------------------------------------ camera, on the session's thread

    def use_setup(self, setup: CameraSetup) -> None:
        """Read the camera from now on as ``setup`` says (a table just calibrated, a deck just taught); the reads start afresh."""
        if self.camera is None:
            raise ValueError("no camera is configured")
        zones, recognizer, reads_cards, mode = setup.reading()
        was_reading = self.camera.reads_cards
        self.setup = setup
        self.camera = dataclasses.replace(self.camera, zones=zones, recognizer=recognizer, reads_cards=reads_cards, mode=mode)
        if reads_cards != was_reading:
            self.board_from_camera = reads_cards
        with self._lock:
            self._sightings = ()
            self._reading_generation += 1
            self._reading_problem = None
        self._confirmed.clear()
        self._changed()

    def camera_view(self, *, in_command: bool = False) -> CameraView | None:
        """The latest frame with every card read placed and judged against the hand (``None`` without a camera).

        While the session is busy with a command on its recorder's thread the hand is not read (the reads are
        judged among themselves only); ``in_command`` is for the session's own hook, which runs inside the command.
        """
        if self.camera is None:
            return None
        with self._lock:
            frame, sightings, (status, detail) = self._frame, self._sightings, self._camera_status
        hand = self.session.hand if in_command or not self.session.busy else None
        reads = self._judge(sightings, frame[0].shape if frame is not None else None, hand)
        for read in reads:
            if read.status in RED and (read.zone, read.slot, read.note) not in self._warned:
                self._warned.add((read.zone, read.slot, read.note))
                self._notice(NoticeLevel.WARNING, f"Camera, {read.zone} card {read.slot + 1}: {read.note}")
        return CameraView(None if frame is None else frame[0], 0 if frame is None else frame[1], status, detail, tuple(reads),
                          self.threshold)

    def _judge(self, sightings: Sequence[Sighting], shape: tuple[int, ...] | None, hand: Hand | None) -> list[CardRead]:
        assert self.camera is not None
        if shape is None:
            return []
        height, width = shape[0], shape[1]
        zones = self.camera.zones
        if hand is not None:
            self._runs = max(1, hand.planned_runs())
        placed: dict[str, list[Sighting]] = {}
        for sighting in sightings:
            x, y = sighting.centre
            placed.setdefault(zones.place_px(x, y, width, height), []).append(sighting)
        if self._runs > 1:
            for zone in [zone for zone in placed if zone.startswith("board")]:
                for run, row in enumerate(_rows(placed.pop(zone))):
                    placed[board_zone(int(zone.split()[1]) - 1, run)] = row
        dealt: dict[str, tuple[Card, ...]] = {}
        held: dict[Card, int] = {}
        if hand is not None:
            for run in range(hand.run_count):
                for number in range(len(hand.boards(run))):
                    dealt[board_zone(number, run)] = run_row_cards(hand, run, number)
            for seat in hand.seats:
                for card in hand.hole_cards(seat):
                    if card is not None:
                        held[card] = seat
        # a place whose reads still disagree names no card yet: it makes no other card a duplicate
        named = Counter(s.card or s.best for s in sightings if (s.card or s.best) is not None and s.confidence >= self.threshold and s.steady)
        reads: list[CardRead] = []
        for zone, group in placed.items():
            for slot, sighting in enumerate(sorted(group, key=lambda s: s.centre[0])):
                reads.append(self._judge_one(zone, slot, sighting, dealt, held, named, hand))
        return reads

    def _judge_one(self, zone: str, slot: int, sighting: Sighting, dealt: dict[str, tuple[Card, ...]], held: dict[Card, int],
                   named: Counter[Card | None], hand: Hand | None) -> CardRead:
        confirmed = self._confirmed.get((zone, slot))
        if confirmed is not None and confirmed[0] == sighting.best:
            card: Card | None = confirmed[1]
            status = CardStatus.CONFIRMED
        elif sighting.card is not None and sighting.confidence >= self.threshold:
            card, status = sighting.card, CardStatus.CONFIDENT
        else:
            best = sighting.best.symbol if sighting.best is not None else "nothing"
            note = f"read below {round(100 * self.threshold)} % (best guess {best})"
            ask = "confirm or correct it"
            if not sighting.steady:
                frames = self.camera.stable_frames if self.camera is not None else 1
                note = f"not read the same in {frames} frames in a row yet (best guess {best})"
                ask = "wait for the camera, or confirm or correct it"
            # a place the hand has already settled (a dealt board card, a known hand) does not wait for the dealer
            on_board = dealt.get(zone, ())
            known = self._known(zone, hand)
            if slot < len(on_board):
                return CardRead(sighting, zone, slot, CardStatus.LOW, None, f"{note}; the hand has {on_board[slot].symbol} there", settled=True)
            if known or not (zone.startswith("board") or self._to_be_named(zone, hand)):
                return CardRead(sighting, zone, slot, CardStatus.LOW, None, note, settled=True)
            return CardRead(sighting, zone, slot, CardStatus.LOW, None, f"{note}: {ask}")
        assert card is not None
        if status is CardStatus.CONFIDENT and named[card] > 1:
            return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is read twice on the table")
        if zone.startswith("board"):
            on_board = dealt.get(zone, ())
            if slot < len(on_board) and on_board[slot] != card:
                return CardRead(sighting, zone, slot, CardStatus.DISAGREES, card,
                                f"the camera reads {card.symbol}, the hand has {on_board[slot].symbol} there")
            if card in held:
                return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is in seat {held[card]}'s hand")
            other = [name for name, cards in dealt.items() if name != zone and card in cards]
            if other:
                return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is already on {other[0]}")
        elif zone.startswith("seat"):
            known = self._known(zone, hand)
            if known and card not in known:
                return CardRead(sighting, zone, slot, CardStatus.DISAGREES, card,
                                f"the camera reads {card.symbol}, {zone} holds {' '.join(c.symbol for c in known)}")
            if any(card in cards for cards in dealt.values()):
                return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is on the board")
            owner = held.get(card)
            if owner is not None and f"seat {owner}" != zone:
                return CardRead(sighting, zone, slot, CardStatus.DUPLICATE, card, f"{card.symbol} is in seat {owner}'s hand")
        return CardRead(sighting, zone, slot, status, card)

    @staticmethod
    def _to_be_named(zone: str, hand: Hand | None) -> bool:
        """A seat's showdown zone whose cards the hand does not know and that is still to show (its reads wait for the dealer)."""
        if not zone.startswith("seat") or hand is None or hand.phase is not Phase.SHOWDOWN:
            return False
        seat = int(zone.split()[1])
        return seat in hand.seats and hand.needs_showdown_decision(seat) and None in hand.hole_cards(seat)

    @staticmethod
    def _known(zone: str, hand: Hand | None) -> list[Card]:
        """The cards the hand knows a seat holds (for a seat's zone)."""
        if not zone.startswith("seat") or hand is None:
            return []
        seat = int(zone.split()[1])
        return [card for card in hand.hole_cards(seat) if card is not None] if seat in hand.seats else []

    def confirm_card(self, read: CardRead, card: Card | str) -> None:
        """The dealer confirms (or corrects) the card at ``read``'s place; it counts as long as the camera's guess there stays."""
        chosen = parse_card(card) if isinstance(card, str) else card
        if chosen is None:
            raise IllegalActionError("Name the card, like As or Td", action="confirm a card")
        self._confirmed[read.key] = (read.sighting.best, chosen)
        self._changed()


    def _reading_view(self, view: CameraView | None) -> CameraView:
        """``view`` if a camera that reads cards gave it; else :class:`CardsUnread` saying why (the dealer types the cards)."""
        if view is None or self.camera is None:
            raise CardsUnread("no camera is configured")
        if not self.camera.reads_cards:
            raise CardsUnread(f"the camera reads no card ({self.camera.mode or 'it shows its picture only'})")
        if self._reading_problem is not None:
            raise CardsUnread(f"the camera cannot read the cards ({self._reading_problem})")
        return view
    def _board_cards(self, target: BoardTarget, count: int) -> CameraCards | None:
        """The session's hook: the street's cards as the camera reads them, with the pictures they were read on; refuses what
        waits for the dealer.

        Raises :class:`CardsUnread` with the reason when the camera gives no reading (the console's deck deals if it knows the
        cards, else the dealer types them).
        """
        hand = self.session.hand
        view = self.camera_view(in_command=True)
        if hand is None:
            return None
        view = self._reading_view(view)
        if not self.board_from_camera:
            raise CardsUnread("'Board from camera' is off")
        if target.run and not self.runs_from_camera:
            raise CardsUnread("extra runs are not read from the camera")
        if not view.working:
            raise CardsUnread(f"the camera is {view.status}" + (f" ({view.detail})" if view.detail else ""))
        zone = board_zone(target.board, target.run)
        street = STREET_NAMES[target.street + 1]
        already = len(run_row_cards(hand, target.run, target.board))
        reads = view.zone(zone)
        need = already + count
        where = zone if hand.game.variant.boards > 1 else "the board" if not target.run else f"run {target.run + 1}"
        if target.run:
            street = f"{street} of run {target.run + 1}"
        for read in reads:
            if read.status in RED:
                raise IllegalActionError(f"Cannot deal the {street}: {where}, card {read.slot + 1}: {read.note}", action=f"deal the {street}")
        if len(reads) != need:
            raise IllegalActionError(
                f"Cannot deal the {street}: the camera sees {len(reads)} card(s) on {where}, the {street} makes {need}: lay the cards "
                f"in the board area and wait for the camera, or turn off 'Board from camera'"
                + (", or type them (Shift+D)" if not self.session.hole_cards_seen else ""), action=f"deal the {street}")
        for read in reads[already:]:
            if read.card is None:
                raise IllegalActionError(f"Cannot deal the {street}: {where}, card {read.slot + 1}: {read.note} in the camera panel (V)",
                                         action=f"deal the {street}")
        named = f"board {target.board + 1} {street}" if hand.game.variant.boards > 1 else street
        return _camera_cards([(f"{named} card {number}", read) for number, read in enumerate(reads[already:], 1)])

    def _shown_cards(self, seat: int, count: int) -> CameraCards | None:
        """The session's hook for a hand it has not seen: the cards the camera reads in the seat's showdown zone, left to right.

        Refused while one of them is red or waits for the dealer, or while the camera sees another number of cards than the
        seat holds (the dealer may type them instead, Shift+S); :class:`CardsUnread` without a camera that reads cards or
        without a picture (the session then asks the dealer to type them).
        """
        view = self._reading_view(self.camera_view(in_command=True))
        verb = f"show seat {seat}'s hand"
        if not view.working:
            raise CardsUnread(f"the camera is {view.status}" + (f" ({view.detail})" if view.detail else ""), seat=seat, action=verb)
        reads = view.zone(f"seat {seat}")
        for read in reads:
            if read.status in RED:
                raise IllegalActionError(f"Cannot show seat {seat}'s hand: card {read.slot + 1}: {read.note}", seat=seat, action=verb)
        if len(reads) != count:
            raise IllegalActionError(
                f"Cannot show seat {seat}'s hand: the camera sees {len(reads)} card(s) at seat {seat}, who holds {count}: the cards go "
                f"face up in front of the seat; wait for the camera, or type them (Shift+S)", seat=seat, action=verb)
        for read in reads:
            if read.card is None:
                raise IllegalActionError(f"Cannot show seat {seat}'s hand: card {read.slot + 1}: {read.note} in the camera panel (V)",
                                         seat=seat, action=verb)
        return _camera_cards([(f"seat {seat} card {number}", read) for number, read in enumerate(reads, 1)])

    # ------------------------------------------------------------------ sensors, on the session's thread

    def board_statuses(self) -> list[BoardStatus]:
        """Every configured sensor board and its state."""
        with self._lock:
            return [self._boards[name] for name in sorted(self._boards)]

    def button(self) -> ButtonReading:
        """The button sensor against the console's button."""
        reading, plan = self.sensors.button, self.session.plan
        console = None if plan is None or self.session.busy else plan.button
        return ButtonReading(reading is not None, None if reading is None else reading.seat, console)

    def button_reading(self) -> tuple[str, bool | None]:
        """The button sensor against the console's button, in words, and whether they agree (``None``: no reading or no hand)."""
        reading = self.button()
        return reading.text, reading.agrees

    def zone_rows(self) -> list[ZoneRow]:
        """Each seat in the hand: its zone against the chips the hand has in front (and the call, for the seat to act)."""
        hand = self.session.hand
        if hand is None or self.session.busy:
            return []
        rows = []
        players = {seat: view.player for seat, view in self.session.table.seats.items()}
        legal = hand.legal_actions()
        for seat in sorted(hand.seats):
            zone = self.sensors.zone(seat)
            in_front = 0 if hand.is_complete else hand.bets[seat]
            required = None
            if legal is not None and legal.seat == seat and not legal.must_discard:
                required = in_front + legal.call_amount
            seen = None if zone is None else zone.amount
            if seen is None:
                agrees = None
            elif required is not None:
                agrees = seen >= min(required, in_front + hand.stacks[seat])
            else:
                agrees = seen == in_front
            rows.append(ZoneRow(seat, players.get(seat, ""), seen, in_front, required, agrees))
        return rows

    def proposal(self) -> BetProposal | SensorWarning | None:
        """What the bet zone of the seat to act means now (``None``: no reading, or nothing put out yet)."""
        hand = self.session.hand
        if hand is None or hand.is_complete or self.session.busy:
            return None
        return self.sensors.propose(hand)

    def accept_proposal(self, shown: BetProposal | None = None) -> bool:
        """Apply the bet read from chips through the session (the dealer's tap; for a raise, the dealer's confirmation).

        ``shown`` is the proposal the dealer saw: if the chips say something else by now, nothing is applied.
        """
        proposal = self.proposal()
        if not isinstance(proposal, BetProposal):
            text = proposal.message if isinstance(proposal, SensorWarning) else "No bet is read from the chips of the seat to act"
            self.session.notify(Notice(NoticeLevel.ERROR, text))
            return False
        if shown is not None and shown != proposal:
            self.session.notify(Notice(NoticeLevel.ERROR, f"The chips changed: seat {proposal.seat} now reads {proposal.action.value} "
                                                          f"{proposal.amount_to}; look again and accept"))
            self._changed()
            return False
        match proposal.action:
            case ProposedAction.CHECK:
                return self.session.check()
            case ProposedAction.CALL:
                return self.session.call()
            case ProposedAction.BET:
                return self.session.bet(proposal.amount_to)
            case ProposedAction.RAISE:
                return self.session.raise_to(proposal.amount_to)
            case ProposedAction.ALL_IN:
                return self.session.all_in()

    def _on_session_change(self, session: TableSession) -> None:
        """Compare the dealer's action with the zone, note where the action is now, drop stale confirmations; wake the screen."""
        if session.busy:
            return  # the recorder's thread is changing the session; its acknowledgement calls again
        hand, plan = session.hand, session.plan
        before = self._before
        number = plan.number if plan is not None else None
        if hand is not None and number == before.hand_number and before.actor is not None and len(hand.events) > before.events:
            self._compare_action(hand, before)
        if number != before.hand_number:
            self._confirmed.clear()
            self._warned.clear()
        if hand is not None:
            self._runs = max(1, hand.planned_runs())
            for run in range(hand.run_count):
                for board in range(len(hand.boards(run))):
                    for slot in range(len(run_row_cards(hand, run, board))):
                        self._confirmed.pop((board_zone(board, run), slot), None)
        legal = hand.legal_actions() if hand is not None else None
        actor = legal.seat if legal is not None else None
        if self.seat_lights and self._light_thread is not None and actor != self._lit:
            self._light_orders.put((self._lit, actor))
            self._lit = actor
        if hand is not None and legal is not None:  # (a busy session is never read: see the guard above)
            if legal.seat != before.actor or number != before.hand_number:
                self.sensors.mark_turn(legal.seat)
            in_front = hand.bets[legal.seat]
            self._before = _Before(legal.seat, in_front, in_front + legal.call_amount, in_front + hand.stacks[legal.seat],
                                   len(hand.events), number)
        else:
            self._before = _Before(hand_number=number, events=len(hand.events) if hand is not None else 0)
        self._changed()

    def _compare_action(self, hand: Hand, before: _Before) -> None:
        latest = hand.events_in_force[-1] if hand.events_in_force else None
        seat = before.actor
        match latest:
            case Checked(seat=s) if s == seat:
                expected, words = before.in_front, "check"
            case Called(seat=s) if s == seat:
                expected, words = min(before.call_to, before.all_in_to), "call"
            case BetPlaced(seat=s, amount=amount) | RaisedTo(seat=s, amount=amount) if s == seat:
                expected, words = amount, "bet" if isinstance(latest, BetPlaced) else "raise"
            case WentAllIn(seat=s) if s == seat:
                expected, words = before.all_in_to, "all-in"
            case _:
                return
        assert seat is not None
        zone = self.sensors.zone(seat)
        if zone is not None and zone.amount != expected:
            self._notice(NoticeLevel.WARNING, f"Seat {seat}: the dealer entered {words} for {expected}, the bet zone shows {zone.amount}",
                         seat)


# ---------------------------------------------------------------------------------------------- evidence


@dataclass(frozen=True, slots=True)
class _Reading:
    """A read as :func:`vision.evidence.make_evidence` takes it: the card's text, confidence and corners on its frame."""

    card: str | None
    confidence: float
    quad: Quad


def _camera_cards(reads: Sequence[tuple[str, CardRead]]) -> CameraCards:
    """The cards of ``reads`` (each named: ``"flop card 1"``), with the means to keep the pictures they were read on."""
    cards = tuple(read.card for _, read in reads if read.card is not None)
    return CameraCards(cards, functools.partial(keep_card_pictures, list(reads)))


def keep_card_pictures(reads: Sequence[tuple[str, CardRead]], store: Store, table_id: int | None) -> list[CardPicture]:
    """Put each read card's crop (PNG) and the frame it was read on (JPEG, once per frame) in the event store; name them.

    Runs on the thread that records (the session's background recorder), never the screen's: encoding a 1920x1080 frame
    takes tens of milliseconds. Raises :class:`vision.evidence.EvidenceError` when a read kept no picture or the store
    kept other bytes than those hashed, or the store's own errors.
    """
    from vision.evidence import EvidenceError, Image, make_evidence, store_evidence

    frames: dict[tuple[int, float], Image] = {}
    pictures = []
    for subject, read in reads:
        seen = read.sighting.seen
        if seen is None:
            raise EvidenceError(f"no picture was kept of {subject}")
        frame = frames.get((seen.seq, seen.wall_time))
        if frame is None:
            frame = frames[(seen.seq, seen.wall_time)] = Image.encode(seen.image, "jpeg")
        guess = read.sighting.card or read.sighting.best
        text = str(guess) if guess is not None else None
        evidence = make_evidence(seen.image, _Reading(text, read.sighting.confidence, seen.quad), frame_seq=seen.seq,
                                 wall_time=seen.wall_time, frame_image=frame)
        kept = store_evidence(store, evidence, table_id=table_id)
        pictures.append(CardPicture(subject=subject, read=text or "", confidence=read.sighting.confidence, applied=guess == read.card,
                                    crop_sha256=kept.crop_sha256, frame_sha256=kept.frame_sha256, frame_seq=seen.seq,
                                    frame_at=evidence.captured_at))
    return pictures


# ---------------------------------------------------------------------------------------------- recognizers


def _sightings(readings: Sequence[Any]) -> list[Sighting]:
    """The recogniser's readings (:class:`vision.recognize.Reading`) as the hub's sightings."""
    return [
        Sighting(parse_card(r.card) if r.card else None, parse_card(r.best) if r.best else None, float(r.confidence),
                 tuple((float(x), float(y)) for x, y in r.quad))
        for r in readings
    ]


class TaughtDeckRecognizer:
    """The taught-deck reader of :mod:`vision.recognize`, taught on first use (on the camera thread)."""

    def __init__(self, teach_frames: Callable[[], list[tuple[np.ndarray, list[str]]]], *, card_width_px: float) -> None:
        self._teach_frames = teach_frames
        self.card_width_px = card_width_px
        self._deck: Any = None

    def __call__(self, frame: Frame) -> list[Sighting]:
        """Every card read on ``frame``."""
        from vision.detect import DetectorConfig
        from vision.recognize import read_frame, teach

        if self._deck is None:
            self._deck = teach(self._teach_frames(), self.card_width_px)
        return _sightings(read_frame(frame.image, self._deck, DetectorConfig(card_width_px=self.card_width_px)))

    @classmethod
    def for_deck(cls, deck: Deck, *, card_width_px: float, size: tuple[int, int]) -> TaughtDeckRecognizer:
        """Taught from ``deck`` laid out in reading order on two frames, as a dealer teaches the console a new deck."""
        from vision.synthetic import ALL_CARDS, SceneConfig, teach_layout

        def frames() -> list[tuple[np.ndarray, list[str]]]:
            config = SceneConfig(width=size[0], height=size[1], card_width_px=(card_width_px, card_width_px))
            half = len(ALL_CARDS) // 2
            out = []
            for number, cards in enumerate((ALL_CARDS[:half], ALL_CARDS[half:])):
                scene = teach_layout(deck, 7001 + number, cards, config)
                out.append((scene.image, [truth.card for truth in scene.cards]))
            return out

        return cls(frames, card_width_px=card_width_px)


class CalibratedRecognizer:
    """A real camera's reader: the floor round the table masked off and the card size from the table's calibration, the deck
    taught on the table or the general mode; the deck is made on first use (on the camera thread: teaching takes a second or two).

    A picture of another size than the calibration's raises :class:`vision.calibration.CalibrationError` ("calibrate the
    table again"), which the hub shows as the reason no card is read.
    """

    def __init__(self, calibration: Calibration, deck: Callable[[], TaughtDeck]) -> None:
        self.calibration = calibration
        self._make_deck = deck
        self._deck: TaughtDeck | None = None
        self.config = calibration.detector_config()

    def __call__(self, frame: Frame) -> list[Sighting]:
        """Every card read on ``frame``."""
        from vision.recognize import read_frame

        self.calibration.check_frame(frame.image)  # a picture of another size is refused before any deck is made
        if self._deck is None:
            self._deck = self._make_deck()
        image = self.calibration.mask_off_table(frame.image)
        return _sightings(read_frame(image, self._deck, self.config))


class PictureOnly:
    """A camera that shows its picture and reads no card (the table is not calibrated): the board is dealt from the console."""

    def __call__(self, frame: Frame) -> list[Sighting]:
        """No card."""
        return []


# ---------------------------------------------------------------------------------------------- the taught deck, kept


class TaughtDeckError(ValueError):
    """A taught deck's folder cannot be read or written; the message names the file and what to do."""


@dataclass(frozen=True)
class TeachingPicture:
    """One picture of cards laid out apart, face up, with the cards in reading order (rows top to bottom, left to right)."""

    image: np.ndarray
    """BGR pixels, the floor round the table already masked off."""
    cards: tuple[str, ...]
    card_width_px: float


TEACHING_CSV = "cards.csv"


def save_taught_deck(folder: Path, pictures: Sequence[TeachingPicture]) -> None:
    """Keep a taught deck as its teaching pictures: ``folder/cards.csv`` (``image``, ``cards``, ``card_width_px``) and a PNG each.

    The pictures, not the learnt glyphs, are kept: the deck is taught again from them when the console starts (a better
    recogniser then learns more from the same pictures), and the folder is what ``dealer-console vision-eval --teach``
    reads. Written in a folder beside, then moved into place (a failed save leaves the deck that was there).
    """
    if not pictures:
        raise TaughtDeckError("no teaching picture taken: lay out the cards and take a picture first")
    folder = Path(folder)
    partial = folder.with_name(folder.name + ".part")
    old = folder.with_name(folder.name + ".old")
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        for leftover in (partial, old):
            if leftover.exists():
                shutil.rmtree(leftover)
        partial.mkdir()
        rows = []
        for number, picture in enumerate(pictures, 1):
            name = f"picture-{number}.png"
            if not cv2.imwrite(str(partial / name), picture.image):
                raise TaughtDeckError(f"the teaching picture {partial / name} could not be written")
            rows.append({"image": name, "cards": " ".join(picture.cards), "card_width_px": f"{picture.card_width_px:.2f}"})
        with open(partial / TEACHING_CSV, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=["image", "cards", "card_width_px"])
            writer.writeheader()
            writer.writerows(rows)
        if folder.exists():
            folder.rename(old)
        partial.rename(folder)
        shutil.rmtree(old, ignore_errors=True)
    except OSError as error:
        raise TaughtDeckError(f"the taught deck could not be saved in {folder}: {error.strerror or error}") from error


def load_taught_deck(folder: Path) -> list[TeachingPicture]:
    """The teaching pictures of a taught deck's folder (:func:`save_taught_deck`), every row checked."""
    folder = Path(folder)
    listing = folder / TEACHING_CSV
    try:
        with open(listing, newline="", encoding="utf-8-sig") as source:
            reader = csv.DictReader(source)
            rows = list(reader)
            columns = list(reader.fieldnames or [])
    except FileNotFoundError as error:
        raise TaughtDeckError(f"{listing} does not exist") from error
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise TaughtDeckError(f"{listing} cannot be read: {error}") from error
    missing = [column for column in ("image", "cards", "card_width_px") if column not in columns]
    if missing:
        raise TaughtDeckError(f"{listing}: no column {', '.join(missing)}")
    if not rows:
        raise TaughtDeckError(f"{listing} lists no teaching picture")
    pictures = []
    seen: dict[str, int] = {}
    for line, row in enumerate(rows, 2):
        where = f"{listing} line {line}"
        try:
            width = float(row["card_width_px"])
        except (TypeError, ValueError):
            width = -1.0
        if not 10 <= width <= 1000:
            raise TaughtDeckError(f"{where}: card_width_px {row['card_width_px']!r} is not a card width in pixels")
        cards = []
        for text in (row["cards"] or "").split():
            try:
                card = parse_card(text)
            except CardError:
                card = None
            if card is None:
                raise TaughtDeckError(f"{where}: {text!r} is not a card (write it like As, Td, 7c)")
            if str(card) in seen:
                raise TaughtDeckError(f"{where}: {card} is also on line {seen[str(card)]}")
            seen[str(card)] = line
            cards.append(str(card))
        if not cards:
            raise TaughtDeckError(f"{where}: no card listed")
        image = cv2.imread(str(folder / (row["image"] or "")), cv2.IMREAD_COLOR)
        if image is None:
            raise TaughtDeckError(f"{where}: the picture {folder / (row['image'] or '')} cannot be read")
        pictures.append(TeachingPicture(image, tuple(cards), width))
    return pictures


def _picture_config(picture: TeachingPicture, calibration: Calibration | None) -> DetectorConfig:
    """How a teaching picture is read: at its own card width and, when it was taken by the calibrated camera, each card at
    the size it has where it lies (:meth:`vision.calibration.Calibration.picture_config`)."""
    from vision.detect import DetectorConfig

    if calibration is not None:
        return calibration.picture_config(picture.image, picture.card_width_px)
    return DetectorConfig(card_width_px=picture.card_width_px)


def teach_pictures(pictures: Sequence[TeachingPicture], calibration: Calibration | None = None) -> TaughtDeck:
    """The deck taught from ``pictures`` (:func:`vision.recognize.teach`, one picture at a time at its own card width;
    with the table's ``calibration``, each card at the size it has where it lies)."""
    from vision.recognize import teach

    deck = None
    for picture in pictures:
        deck = teach([(picture.image, list(picture.cards))], picture.card_width_px, deck, _picture_config(picture, calibration))
    assert deck is not None
    return deck


def read_back(deck: TaughtDeck, pictures: Sequence[TeachingPicture], calibration: Calibration | None = None) -> list[str]:
    """The cards of ``pictures`` that ``deck`` does not read confidently on their own picture (they would read unknown)."""
    from vision.recognize import read_frame

    missed = []
    for picture in pictures:
        read = {r.card for r in read_frame(picture.image, deck, _picture_config(picture, calibration)) if r.card}
        missed += [card for card in picture.cards if card not in read]
    return missed


@dataclass
class CameraSetup:
    """A real camera's calibration and deck: where each is kept, what was loaded from there, and the problems met loading them."""

    calibration_path: Path | None
    taught_deck_path: Path | None
    seat_count: int
    boards: int = 1
    calibration: Calibration | None = None
    taught: list[TeachingPicture] | None = None
    """The taught deck's pictures; ``None``: no deck taught (the general mode)."""
    problems: list[str] = field(default_factory=list)
    """What could not be used, in the dealer's words (posted when the devices start)."""

    @staticmethod
    def load(calibration_path: Path | None, taught_deck_path: Path | None, *, seat_count: int, boards: int = 1) -> CameraSetup:
        """Read the calibration file and the taught deck's folder where they exist; a bad one is named in ``problems`` and
        left out (the camera then shows its picture only, or reads in the general mode)."""
        from vision.calibration import Calibration, CalibrationError

        setup = CameraSetup(calibration_path, taught_deck_path, seat_count, boards)
        if calibration_path is not None and Path(calibration_path).exists():
            try:
                setup.calibration = Calibration.load(calibration_path)
            except CalibrationError as error:
                setup.problems.append(f"The camera's calibration {calibration_path} is not used: {error}. Calibrate the table again "
                                      "(Devices, Calibrate the camera); meanwhile the camera shows its picture only")
        if taught_deck_path is not None and Path(taught_deck_path).exists():
            try:
                setup.taught = load_taught_deck(Path(taught_deck_path))
            except TaughtDeckError as error:
                setup.problems.append(f"The taught deck {taught_deck_path} is not used: {error}. Teach the deck again (Devices, Teach "
                                      "the deck); meanwhile cards are read in the general mode")
        return setup

    def reading(self) -> tuple[ZoneMap, Recognizer, bool, str]:
        """How the camera reads with this setup: its zones, its recogniser, whether it reads cards, and the mode in words."""
        if self.calibration is None:
            return CameraZones(self.seat_count, boards=self.boards), PictureOnly(), False, "picture only (the table is not calibrated)"
        zones = CalibratedZones(self.calibration, self.boards)
        if self.taught is not None:
            taught = list(self.taught)
            return zones, CalibratedRecognizer(self.calibration, lambda: teach_pictures(taught, self.calibration)), True, "taught deck"
        from vision.recognize import general_deck

        return zones, CalibratedRecognizer(self.calibration, general_deck), True, "general mode (no deck taught)"


__all__ = [
    "BoardStatus",
    "ButtonReading",
    "CalibratedRecognizer",
    "CalibratedZones",
    "CameraFeed",
    "CameraSetup",
    "CameraVotes",
    "CameraView",
    "CameraZones",
    "CardRead",
    "CardStatus",
    "DeviceHub",
    "Recognizer",
    "PictureOnly",
    "SeenAt",
    "Sighting",
    "TaughtDeckError",
    "TaughtDeckRecognizer",
    "TeachingPicture",
    "ZoneMap",
    "ZoneRow",
    "board_zone",
    "keep_card_pictures",
    "load_taught_deck",
    "read_back",
    "run_row_cards",
    "save_taught_deck",
    "shared_count",
    "teach_pictures",
]

