"""The demo table's devices: the same :class:`~dealer_console.live.device_hub.DeviceHub` on simulated hardware.

A simulated sensor board over a real pseudo-terminal (:mod:`drivers.simulator`), a synthetic camera
looking at a simulated felt where a simulated dealer lays the board the demo deals (each extra run
in a row of its own) and the hands shown at showdown (dealt face down: the seat due to show tables
what it holds), and simulated players who keep in their bet zones the chips the hand has in front,
the seat to act putting out a call. No Qt here.
"""

from __future__ import annotations

import io
import queue
import shutil
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

import cv2
import numpy as np

from dealer_console.engine.cards import Card
from dealer_console.engine.events import CardsShown
from dealer_console.engine.games import STREET_CARDS, VARIANTS
from dealer_console.live.camera_feed import CameraFeed
from dealer_console.live.camera_reads import Quad, Recognizer
from dealer_console.live.camera_setup import CameraSetup
from dealer_console.live.card_judge import shared_count
from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.recognizers import TaughtDeckRecognizer
from dealer_console.live.table_session import TableSession
from dealer_console.live.zones import CameraZones
from drivers.board import BoardConfig
from drivers.codec import BoardRole
from vision.sources import CaptureSource, FolderSource, FrameSource, Status, VideoFileSource
from vision.surfaces import camera_finish, felt_cloth, light_table
from vision.synthetic import Deck, drawn_deck

if TYPE_CHECKING:
    from drivers.simulator import TableSimulator

__all__ = ["DemoCameraSource", "DemoDevices", "DemoFelt", "FeltCards", "ReplayFolder", "ReplayVideo", "demo_camera_source", "open_camera", "table_devices"]


@dataclass
class FeltCards:
    """What lies face up on the simulated felt: each board's cards, each extra run's, and each seat's cards once shown."""

    boards: list[list[Card]] = field(default_factory=list)
    seats: dict[int, list[Card]] = field(default_factory=dict)
    runs: list[list[list[Card | None]]] = field(default_factory=list)
    """For the second run on, each board's row below the first run's: ``None`` under a card the runs share (it lies once)."""


class DemoFelt:
    """The simulated felt the synthetic camera looks at (thread-safe: the dealer side writes, the camera reads)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cards = FeltCards()
        self.version = 0

    def lay(self, cards: FeltCards) -> None:
        """Put exactly ``cards`` on the felt (what is not named is picked up)."""
        with self._lock:
            if cards != self._cards:
                self._cards = _copy(cards)
                self.version += 1

    def cards(self) -> tuple[FeltCards, int]:
        """A copy of what lies on the felt, and its version."""
        with self._lock:
            return _copy(self._cards), self.version


def _copy(cards: FeltCards) -> FeltCards:
    return FeltCards([list(b) for b in cards.boards], {s: list(c) for s, c in cards.seats.items()},
                     [[list(row) for row in run] for run in cards.runs])


class DemoCameraSource(FrameSource):
    """The synthetic overhead camera over a :class:`DemoFelt`: card faces from a :class:`vision.synthetic.Deck` on a green
    cloth under a room's light.

    Each frame carries the cards and their corners as ``truth`` (``[(card, quad), ...]``).
    """

    def __init__(self, felt: DemoFelt, deck: Deck, zones: CameraZones, *, size: tuple[int, int] = (1920, 1080),
                 card_width_px: float = 120.0, **kw: Any) -> None:
        # the demo picture changes only when the felt does: a still picture is not a frozen camera here
        super().__init__(frozen_after=10**9, **kw)
        self.name = f"demo camera ({deck.name} deck)"
        self.felt, self.deck, self.zones, self.size, self.card_width = felt, deck, zones, size, card_width_px
        width, height = size
        # A green cloth with its nap and fibres, lit as a room lights a table (brighter towards one side, dimmer at the
        # corners), through a camera's noise: the synthetic scenes' felt (vision.surfaces).
        rng = np.random.default_rng(5)
        cloth = felt_cloth(rng, width, height)
        light_table(cloth, rng, hot_spots=0)
        self._background = camera_finish(cloth, rng, noise_sigma=2.0, jpeg_quality=None)
        self._faces: dict[str, np.ndarray] = {}
        self._picture: tuple[int, np.ndarray, list[tuple[Card, Quad]]] | None = None

    def _face(self, card: Card) -> np.ndarray:
        face = self._faces.get(str(card))
        if face is None:
            size = (int(round(self.card_width)), int(round(self.card_width * 1.4)))
            face = cv2.resize(self.deck.faces[str(card)], size, interpolation=cv2.INTER_AREA)
            self._faces[str(card)] = face
        return face

    def _lay(self, image: np.ndarray, card: Card, cx: float, cy: float, truth: list[tuple[Card, Quad]]) -> None:
        face = self._face(card)
        h, w = face.shape[:2]
        height, width = image.shape[:2]
        x0 = int(round(min(max(cx - w / 2, 4), width - w - 4)))
        y0 = int(round(min(max(cy - h / 2, 4), height - h - 4)))
        alpha = face[:, :, 3:4].astype(np.float32) / 255.0
        roi = image[y0:y0 + h, x0:x0 + w].astype(np.float32)
        image[y0:y0 + h, x0:x0 + w] = (roi * (1 - alpha) + face[:, :, :3].astype(np.float32) * alpha).astype(np.uint8)
        truth.append((card, ((x0, y0), (x0 + w - 1, y0), (x0 + w - 1, y0 + h - 1), (x0, y0 + h - 1))))

    def _render(self) -> tuple[np.ndarray, list[tuple[Card, Quad]]]:
        cards, version = self.felt.cards()
        if self._picture is not None and self._picture[0] == version:
            return self._picture[1], self._picture[2]
        width, height = self.size
        image = self._background.copy()
        truth: list[tuple[Card, Quad]] = []
        step = self.card_width * 1.3
        w, h = self.card_width, self.card_width * 1.4
        for number, board in enumerate(cards.boards):
            y = self.zones.board_row_centre(number) * height
            # extra runs lie in rows of their own below the first run's, the rows of one board centred on its row
            lines: list[list[Card | None]] = [list(board), *(run[number] if number < len(run) else [] for run in cards.runs)]
            for index, line in enumerate(lines):
                row_y = y + (index - (len(lines) - 1) / 2) * 1.05 * h
                for slot, laid in enumerate(line):
                    if laid is not None:
                        self._lay(image, laid, width / 2 + (slot - 2) * step, row_y, truth)
        for seat, held in cards.seats.items():
            # a hand lies in one row (two rows of three for five or six cards), kept whole inside the picture
            per_row = 4 if len(held) <= 4 else 3
            rows = [held[i:i + per_row] for i in range(0, len(held), per_row)]
            fx, fy = self.zones.seat_centre(seat)
            for number, row in enumerate(rows):
                span = len(row) * w + (len(row) - 1) * 0.15 * w
                left = min(max(fx * width - span / 2, 4), width - span - 4)
                y = fy * height + (number - (len(rows) - 1) / 2) * 1.1 * h
                for slot, card in enumerate(row):
                    self._lay(image, card, left + w / 2 + slot * 1.15 * w, y, truth)
        self._picture = (version, image, truth)
        return image, truth

    def _grab(self) -> np.ndarray | None:
        image, truth = self._render()
        self._truth_now = truth
        return image.copy()

    def _truth(self) -> Any:
        return list(self._truth_now)


def demo_camera_source(felt: DemoFelt, deck: Deck, zones: CameraZones, **kw: Any) -> FrameSource:
    """The synthetic overhead camera of the demo table, looking at ``felt``."""
    return DemoCameraSource(felt, deck, zones, **kw)


class _Discard(io.StringIO):
    """The simulator's console lines, not needed by the demo."""

    def write(self, text: str) -> int:
        return len(text)


def _chips(amount: int) -> str:
    parts = []
    for denomination in (100, 25, 5, 1):
        count, amount = divmod(amount, denomination)
        if count:
            parts.append(f"{denomination}x{count}")
    return ";".join(parts)


class DemoDevices:
    """The table's devices with the demo's simulated ones: a sensor board on a pseudo-terminal, a synthetic camera, a dealer and players.

    On every change of the hand (on the session's thread): the simulated dealer lays on the felt the
    cards the demo deals (the board due next comes from the top of the session's deck, as a dealer
    lays the flop before the console is told), and at showdown the hands shown (a hand dealt face
    down is tabled by its player when due to show, before the console is told); the simulated players
    keep in their bet zones the chips the hand has in front, and the seat to act puts out a call.
    ``simulate_camera=False`` uses ``camera`` (a real one, or none) instead of the synthetic camera;
    ``simulate_sensors=False`` leaves out the simulated board; ``boards`` are real boards besides.
    """

    def __init__(self, session: TableSession, *, workdir: Path | None = None, deck: Deck | None = None, recognizer: Recognizer | None = None,
                 threshold: float = 0.6, size: tuple[int, int] = (1920, 1080), card_width_px: float = 120.0,
                 camera_interval: float = 0.2, recheck: float = 1.0, simulate_camera: bool = True, simulate_sensors: bool = True,
                 camera: CameraFeed | None = None, boards: Sequence[BoardConfig] = (), stable_frames: int = 3) -> None:
        self.session = session
        self._own_workdir = workdir is None
        self.workdir = workdir if workdir is not None else Path(tempfile.mkdtemp(prefix="dealer-console-demo-"))
        """Where the simulated board's stable name (a link to its pseudo-terminal) lives; a temporary folder by default."""
        self.deck = deck if deck is not None else drawn_deck()
        rows = max(VARIANTS[entry.variant].boards for entry in session.table.config.schedule.games)
        self.zones = CameraZones(session.table.config.seat_count, boards=rows)
        self.felt = DemoFelt()
        self.link = self.workdir / "sensor-zones"
        self.simulator: TableSimulator | None = None
        self.card_width_px = card_width_px
        zones, felt, chosen_deck = self.zones, self.felt, self.deck
        feed = camera
        if simulate_camera:
            feed = CameraFeed(
                open_source=lambda: demo_camera_source(felt, chosen_deck, zones, size=size, card_width_px=card_width_px),
                recognizer=recognizer or TaughtDeckRecognizer.for_deck(self.deck, card_width_px=card_width_px, size=size),
                zones=self.zones,
                interval=camera_interval,
                recheck=recheck,
                stable_frames=stable_frames,
            )
        self.simulate_sensors = simulate_sensors
        configs = list(boards)
        if simulate_sensors:
            configs.insert(0, BoardConfig(name="zones", url=str(self.link), role=BoardRole.COMBINED, heartbeat_timeout=1.0,
                                          reconnect_interval=0.25))
        self.hub = DeviceHub(session, boards=configs, camera=feed, threshold=threshold)
        self._sent: dict[int, int] = {}
        self._button: int | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._commands: queue.Queue[str | None] = queue.Queue()
        self._player: threading.Thread | None = None

    def start(self) -> DemoDevices:
        """Plug in the simulated board, start the hub, and lay the felt for the hand as it stands."""
        from drivers.simulator import TableSimulator

        if self.simulate_sensors:
            self.workdir.mkdir(parents=True, exist_ok=True)
            self.simulator = TableSimulator(serial_number="DEMO-0001", seats=self.session.table.config.seat_count, heartbeat_ms=200,
                                            link=self.link, out=cast(TextIO, _Discard()))
            self.simulator.start()
            self._player = threading.Thread(target=self._play, args=(self.simulator,), name="demo-players", daemon=True)
            self._player.start()
        self._unsubscribe = self.session.subscribe(self._on_session_change)
        self._on_session_change(self.session)
        self.hub.start()
        return self

    def stop(self) -> None:
        """Stop the hub and unplug the simulated board."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.hub.stop()
        if self._player is not None:
            self._commands.put(None)
            self._player.join(5.0)
            self._player = None
        if self.simulator is not None:
            self.simulator.close()
            self.simulator = None
        if self._own_workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self) -> DemoDevices:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _on_session_change(self, session: TableSession) -> None:
        if session.busy:
            return  # the recorder's thread is changing the session; its acknowledgement calls again
        hand = session.hand
        if hand is None:
            self.felt.lay(FeltCards())
            self._put_chips({})
            return
        count = hand.game.variant.boards
        rows: list[list[list[Card | None]]] = []
        for run in range(max(1, hand.run_count)):
            dealt = hand.boards(run)
            row: list[list[Card | None]] = []
            for board in range(count):
                cards = list(dealt[board]) if board < len(dealt) else []
                shared = shared_count(hand, run, board) if run and cards else 0
                row.append([None] * shared + cards[shared:])
            rows.append(row)
        target = session.next_board()
        if target is not None:
            while len(rows) <= target.run:  # the first street of a run with nothing shared: a new row
                rows.append([[] for _ in range(count)])
            rows[target.run][target.board] += session.upcoming_cards(STREET_CARDS[target.street])
        shown = {event.seat: list(event.cards) for event in hand.events_in_force if isinstance(event, CardsShown)}
        to_show = session.showdown_seats()
        if to_show and None in hand.hole_cards(to_show[0]) and session.face_down_cards(to_show[0]):
            shown[to_show[0]] = list(session.face_down_cards(to_show[0]))  # the player due to show tables the cards dealt face down
        self.felt.lay(FeltCards([[card for card in board if card is not None] for board in rows[0]], shown,
                                [run for run in rows[1:]]))
        chips = {} if hand.is_complete else dict(hand.bets)
        legal = hand.legal_actions()
        if legal is not None and not legal.must_discard and legal.call_amount:
            chips[legal.seat] = hand.bets[legal.seat] + min(legal.call_amount, hand.stacks[legal.seat])
        self._put_chips(chips)
        plan = session.plan
        if plan is not None and self._button != plan.button:
            self.simulate(f"button {plan.button}")  # the simulated dealer moves the button puck
            self._button = plan.button

    def _put_chips(self, chips: dict[int, int]) -> None:
        for seat in sorted(set(chips) | set(self._sent)):
            amount = chips.get(seat, 0)
            if self._sent.get(seat) != amount:
                self.simulate(f"zone {seat} {amount} {_chips(amount)}".rstrip())
                self._sent[seat] = amount

    def simulate(self, command: str) -> None:
        """A command for the simulated board (as typed at ``python -m drivers.simulator``: ``zone 5 4 1x4``, ``button 3``),
        played in order on the demo's own thread (the pseudo-terminal is never written from the session's thread)."""
        if self.simulate_sensors:
            self._commands.put(command)

    def _play(self, simulator: TableSimulator) -> None:
        while (command := self._commands.get()) is not None:
            simulator.execute(command)


class ReplayFolder(FolderSource):
    """A folder of pictures as the camera (a recorded table, for training and checks): read in name order, round and round;
    pictures added meanwhile are read on the next round. A picture repeated is not a frozen camera here."""

    def __init__(self, folder: str | Path) -> None:
        super().__init__(folder, frozen_after=10**9)
        self.folder = Path(folder)

    def _grab(self) -> np.ndarray | None:
        image = super()._grab()
        if image is None and self.folder.is_dir():
            self.paths = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in self.EXTENSIONS)
            self._i, self.skipped = 0, []
            self.status, self.detail = Status.OK, ""
            image = super()._grab()
            if image is None:
                self.detail = f"no readable picture in the folder {self.folder}"
        return image


class ReplayVideo(VideoFileSource):
    """A video file as the camera (a recorded table): played round and round. A still stretch is not a frozen camera here."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(path, frozen_after=10**9)

    def _grab(self) -> np.ndarray | None:
        image = super()._grab()
        if image is None and self.status is Status.ENDED:
            self.cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            self.status, self.detail = Status.OK, ""
            image = super()._grab()
        return image


def open_camera(camera: str) -> FrameSource:
    """The source ``[devices] camera`` names: a folder of pictures or a video file (each replayed round and round), a camera
    index (``0``), or a stream URL."""
    if Path(camera).is_dir():
        return ReplayFolder(camera)
    if Path(camera).is_file():
        return ReplayVideo(camera)
    return CaptureSource(int(camera) if camera.isdigit() else camera)


def table_devices(session: TableSession, *, camera: str = "synthetic", sensors: str = "simulator", baud_rate: int = 115_200,
                  button_sensor: str = "none", threshold: float = 0.6, calibration: Path | None = None, taught_deck: Path | None = None,
                  stable_frames: int = 3) -> DemoDevices | None:
    """The devices ``[devices]`` names (not started): ``camera`` ``synthetic``, ``none``, a camera index, a video file or URL,
    or a folder of pictures; ``sensors`` ``simulator``, ``none`` or a pyserial URL; ``button_sensor`` ``none`` or the pyserial
    URL of a dealer-button board of its own. ``None`` when there are none.

    A real camera reads with the table's ``calibration`` (a TOML file) and the deck taught in ``taught_deck`` (a folder),
    both loaded where they exist (:class:`~dealer_console.live.camera_setup.CameraSetup`; ``devices.hub.setup.problems`` names
    a file that could not be used): not calibrated, it shows its picture only and the board comes from the console;
    calibrated without a taught deck, it reads in the general mode.
    """
    if camera == "none" and sensors == "none" and button_sensor == "none":
        return None
    boards_per_row = max(VARIANTS[entry.variant].boards for entry in session.table.config.schedule.games)
    feed = None
    setup = None
    if camera not in ("synthetic", "none"):
        setup = CameraSetup.load(calibration, taught_deck, seat_count=session.table.config.seat_count, boards=boards_per_row)
        reading = setup.reading()
        feed = CameraFeed(open_source=lambda: open_camera(camera), recognizer=reading.recognizer, zones=reading.zones,
                          reads_cards=reading.reads_cards, mode=reading.mode, stable_frames=stable_frames)
    boards = [] if sensors in ("simulator", "none") else [BoardConfig(name="zones", url=sensors, baudrate=baud_rate)]
    if button_sensor != "none":
        boards.append(BoardConfig(name="button", url=button_sensor, role=BoardRole.BUTTON, baudrate=baud_rate))
    devices = DemoDevices(session, threshold=threshold, simulate_camera=camera == "synthetic", simulate_sensors=sensors == "simulator",
                          camera=feed, boards=boards, stable_frames=stable_frames)
    devices.hub.setup = setup
    return devices
