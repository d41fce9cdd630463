"""The sensor boards for the hub: opened on their reader thread, their states for the sensor panel, the seat lights on a
thread of their own (serial writes), and what the readings mean next to the hand (each seat's zone, the button, the
dealer's action against the zone). The judgement here is pure; only :class:`SensorWatch` holds threads."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from dealer_console.engine.events import BetPlaced, Called, Checked, RaisedTo, WentAllIn
from dealer_console.engine.hand import Hand
from dealer_console.live.notices import NoticeLevel
from dealer_console.live.sensors import BetZone, TableSensors
from drivers.board import BoardConfig, BoardState, Received, SensorBoard, StateChanged, open_board
from drivers.codec import Heartbeat, LightMode
from drivers.errors import SensorError
from drivers.reader import BoardError, Listener, SensorReader

__all__ = ["BoardStatus", "ButtonReading", "SensorWatch", "TurnBefore", "ZoneRow", "action_against_zone", "zone_rows"]

log = logging.getLogger(__name__)

_STATE_WORDS = {
    BoardState.READY: "connected",
    BoardState.CONNECTED: "connecting",
    BoardState.DISCONNECTED: "unplugged",
    BoardState.SILENT: "silent",
    BoardState.INCOMPATIBLE: "error: wrong protocol",
    BoardState.CLOSED: "closed",
}


@dataclass(frozen=True, slots=True)
class BoardStatus:
    """One sensor board as the sensor panel shows it."""

    name: str
    state: BoardState
    reason: str

    @property
    def words(self) -> str:
        """The state in the dealer's words: connected / unplugged / error."""
        return _STATE_WORDS[self.state]

    @property
    def ready(self) -> bool:
        """The board is connected and reporting."""
        return self.state is BoardState.READY

    @property
    def connecting(self) -> bool:
        """The board is on its way to reporting (connecting, or silent for a moment)."""
        return self.state in (BoardState.CONNECTED, BoardState.SILENT)


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


def zone_rows(hand: Hand, zones: Callable[[int], BetZone | None], players: Mapping[int, str]) -> list[ZoneRow]:
    """Each seat in ``hand``: its zone (``zones(seat)``) against the chips the hand has in front (and the call, for the seat to act)."""
    rows = []
    legal = hand.legal_actions()
    for seat in sorted(hand.seats):
        zone = zones(seat)
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


@dataclass(frozen=True, slots=True)
class TurnBefore:
    """The seat to act and its figures before the dealer's action (to compare the action with the zone afterwards)."""

    actor: int | None = None
    in_front: int = 0
    call_to: int = 0
    all_in_to: int = 0
    events: int = 0
    hand_number: int | None = None


def action_against_zone(hand: Hand, before: TurnBefore, zone: BetZone | None) -> str | None:
    """The warning when the dealer's latest action for ``before.actor`` disagrees with the seat's zone, else ``None``."""
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
            return None
    if zone is None or zone.amount == expected:
        return None
    return f"Seat {seat}: the dealer entered {words} for {expected}, the bet zone shows {zone.amount}"


class _StateListener(Listener):
    """Board states for the panel; every event wakes the screen."""

    def __init__(self, watch: SensorWatch) -> None:
        self.watch = watch

    def on_frame(self, board: SensorBoard, received: Received) -> None:
        if not isinstance(received.frame.message, Heartbeat):  # a heartbeat changes nothing the dealer sees
            self.watch.on_change()

    def on_state(self, board: SensorBoard, change: StateChanged) -> None:
        self.watch.note_state(BoardStatus(board.name, change.new, change.reason))
        if change.new is BoardState.READY and change.old in (BoardState.CONNECTED, BoardState.SILENT):
            self.watch.on_notice(NoticeLevel.INFO, f"Sensor board {board.name}: connected ({change.reason})")
        self.watch.on_change()

    def on_error(self, board: SensorBoard, error: BoardError) -> None:
        self.watch.on_change()


class SensorWatch:
    """The sensor boards on their reader thread (readings into ``sensors``) and the seat lights on their own thread.

    ``on_change()`` and ``on_notice(level, text)`` are called from the reader's thread.
    """

    def __init__(self, configs: Sequence[BoardConfig], sensors: TableSensors, *, on_change: Callable[[], None],
                 on_notice: Callable[[NoticeLevel, str], None]) -> None:
        self.configs = list(configs)
        self.sensors = sensors
        self.on_change, self.on_notice = on_change, on_notice
        self._lock = threading.Lock()
        self._statuses = {config.name: BoardStatus(config.name, BoardState.DISCONNECTED, "not opened yet") for config in self.configs}
        self._boards: list[SensorBoard] = []
        self._reader: SensorReader | None = None
        self._lit: int | None = None
        self._light_orders: queue.Queue[tuple[int | None, int | None] | None] = queue.Queue()
        self._light_thread: threading.Thread | None = None

    def start(self) -> None:
        """Open the boards; read them and drive their lights on threads of their own."""
        self._boards = [open_board(config) for config in self.configs]
        if self._boards:
            self._reader = SensorReader(self._boards, [self.sensors, _StateListener(self)])
            self._light_thread = threading.Thread(target=self._light_loop, name="seat-lights", daemon=True)
            self._light_thread.start()

    def stop(self) -> None:
        """Stop the threads and close the boards (waits for the threads)."""
        if self._light_thread is not None:
            self._light_orders.put(None)
            self._light_thread.join(5.0)
            self._light_thread = None
        if self._reader is not None:
            self._reader.stop()
            self._reader = None
        for board in self._boards:
            board.shutdown()

    def note_state(self, status: BoardStatus) -> None:
        """A board's new state (from the reader's thread)."""
        with self._lock:
            self._statuses[status.name] = status

    def statuses(self) -> list[BoardStatus]:
        """Every configured board and its state, by name."""
        with self._lock:
            return [self._statuses[name] for name in sorted(self._statuses)]

    def light(self, seat: int | None) -> None:
        """Light ``seat`` (the seat to act) and put out the one lit before; nothing without boards or when unchanged."""
        if self._light_thread is not None and seat != self._lit:
            self._light_orders.put((self._lit, seat))
            self._lit = seat

    def _light_loop(self) -> None:
        while (order := self._light_orders.get()) is not None:
            off, on = order
            for board in self._boards:
                if board.state is not BoardState.READY:
                    continue  # a board that comes back is lit at the next change of turn
                try:
                    if off is not None:
                        board.set_light(off, LightMode.OFF)
                    if on is not None:
                        board.set_light(on, LightMode.ON)
                except SensorError as error:  # the reader reports the board's state; the light is only an aid
                    log.warning("seat light on board %s: %s", board.name, error)
