"""A sensor board behind a small abstract base, as python-can puts every bus behind ``BusABC``.

:class:`SensorBoard` owns what every backend shares: the timeouts, the connection state machine
(connect, identify, notice silence, reconnect after an unplug), the frame decoder, sequence
numbers, the context manager and shutdown. A backend only opens, reads, writes and closes
bytes. The ``"serial"`` backend (:class:`SerialSensorBoard`) opens ports only through
``serial.serial_for_url()``, so a configuration may name ``/dev/sensor-zones``, a
pseudo-terminal, ``loop://`` or ``spy:///dev/ttyUSB0`` (which logs the traffic).

:meth:`SensorBoard.poll` is called by one reader thread (:mod:`drivers.reader`); :meth:`send`
may be called from any thread.
"""

from __future__ import annotations

import abc
import enum
import threading
import time
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeAlias

import serial  # type: ignore[import-untyped]

from drivers.codec import (
    PROTOCOL_MAJOR,
    SEQ_MODULO,
    Ack,
    BoardRole,
    DeviceFault,
    Frame,
    FrameDecoder,
    FrameError,
    Hello,
    LightMode,
    Message,
    ReadRequest,
    SetLight,
    encode,
)
from drivers.errors import SensorError, SensorInitializationError, SensorOperationError, SensorTimeoutError

__all__ = [
    "BACKENDS",
    "BoardConfig",
    "BoardEvent",
    "BoardState",
    "FramesLost",
    "open_board",
    "Received",
    "register_backend",
    "SensorBoard",
    "SerialSensorBoard",
    "StateChanged",
]


class BoardState(enum.Enum):
    """Where a board's connection stands; every change is reported as :class:`StateChanged`."""

    DISCONNECTED = "disconnected"
    """The port is closed or vanished; the board retries every ``reconnect_interval``."""
    CONNECTED = "connected"
    """The port is open; no ``HELLO`` yet."""
    READY = "ready"
    """The board said ``HELLO`` with a protocol version this console speaks, and is alive."""
    SILENT = "silent"
    """The port is open but no valid frame came for ``heartbeat_timeout``."""
    INCOMPATIBLE = "incompatible"
    """The board speaks another protocol major version: its readings are ignored."""
    CLOSED = "closed"
    """Shut down by the console."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardConfig:
    """One board: where it is plugged in, what it senses, and its timeouts (seconds)."""

    name: str
    url: str
    """Anything ``serial_for_url()`` opens: ``/dev/sensor-zones``, ``loop://``, ``spy://...``."""
    role: BoardRole = BoardRole.COMBINED
    backend: str = "serial"
    baudrate: int = 115_200
    poll_interval: float = 0.05
    """The longest a read blocks, so the reader notices a stop or a silence promptly."""
    heartbeat_timeout: float = 1.0
    """No valid frame for this long: the board is reported silent."""
    reconnect_interval: float = 0.25
    """Time between attempts to reopen a vanished port."""
    write_timeout: float = 0.5

    def __post_init__(self) -> None:
        for name in ("poll_interval", "heartbeat_timeout", "reconnect_interval", "write_timeout"):
            if getattr(self, name) <= 0:
                raise SensorInitializationError(f"{name} must be positive, not {getattr(self, name)}", board=self.name)
        if self.heartbeat_timeout <= self.poll_interval:
            raise SensorInitializationError("heartbeat_timeout must exceed poll_interval", board=self.name)


@dataclass(frozen=True, slots=True)
class Received:
    """A valid frame and when the console read it (``time.monotonic_ns()``)."""

    frame: Frame
    monotonic_ns: int


@dataclass(frozen=True, slots=True)
class StateChanged:
    """The board moved from ``old`` to ``new``; ``reason`` says why, for the log and the dealer."""

    old: BoardState
    new: BoardState
    reason: str


@dataclass(frozen=True, slots=True)
class FramesLost:
    """The board's sequence numbers jumped: frames between ``expected`` and ``seen`` never arrived intact."""

    expected: int
    seen: int

    @property
    def missing(self) -> int:
        """How many frames are missing."""
        return (self.seen - self.expected) % SEQ_MODULO


BoardEvent: TypeAlias = Received | StateChanged | FrameError | FramesLost | SensorError


class SensorBoard(abc.ABC):
    """One table-sensor board. Subclasses implement the four byte-level methods only."""

    def __init__(self, config: BoardConfig) -> None:
        self.config = config
        self.state = BoardState.DISCONNECTED
        self.hello: Hello | None = None
        """The board's last ``HELLO`` (identity, version, heartbeat interval)."""
        self._decoder = FrameDecoder()
        self._write_lock = threading.Lock()
        self._tx_seq = 0
        self._rx_seq: int | None = None
        self._last_valid = 0.0
        self._next_attempt = 0.0
        self._open_failures = 0

    @property
    def name(self) -> str:
        """The configured name, e.g. ``"zones"``."""
        return self.config.name

    # ---------------------------------------------------------------- backend

    @abc.abstractmethod
    def _open(self) -> None:
        """Open the transport; raise :class:`SensorInitializationError` if it cannot."""

    @abc.abstractmethod
    def _read(self) -> bytes:
        """Bytes available now, blocking at most ``poll_interval``; raise :class:`SensorOperationError`."""

    @abc.abstractmethod
    def _write(self, data: bytes) -> None:
        """Write every byte; raise :class:`SensorOperationError` or :class:`SensorTimeoutError`."""

    @abc.abstractmethod
    def _close(self) -> None:
        """Close the transport, ignoring errors (the device may already be gone)."""

    # ---------------------------------------------------------------- reading

    def poll(self) -> list[BoardEvent]:
        """Read once (or try to reconnect) and return what happened, in order; never raises.

        Called by the reader thread only. Blocks at most about ``poll_interval``.
        """
        events: list[BoardEvent] = []
        if self.state is BoardState.CLOSED:
            time.sleep(self.config.poll_interval)
            return events
        if self.state is BoardState.DISCONNECTED:
            self._try_connect(events)
            if self.state is BoardState.DISCONNECTED:
                time.sleep(min(self.config.poll_interval, max(0.0, self._next_attempt - time.monotonic())))
                return events
        try:
            data = self._read()
        except SensorError as error:
            self._drop(events, f"read failed: {error}")
            return events
        now = time.monotonic()
        if data:
            received_ns = time.monotonic_ns()
            for item in self._decoder.feed(data):
                if isinstance(item, Frame):
                    self._last_valid = now
                    self._on_frame(item, received_ns, events)
                else:
                    events.append(item)
        if self.state in (BoardState.CONNECTED, BoardState.READY) and now - self._last_valid > self.config.heartbeat_timeout:
            self._move(
                events,
                BoardState.SILENT,
                f"no valid frame for {now - self._last_valid:.2f} s (heartbeat timeout {self.config.heartbeat_timeout} s)",
            )
        return events

    def _on_frame(self, frame: Frame, received_ns: int, events: list[BoardEvent]) -> None:
        message = frame.message
        if isinstance(message, Hello):
            self.hello = message
            self._rx_seq = frame.seq
            if message.major != PROTOCOL_MAJOR:
                self._move(events, BoardState.INCOMPATIBLE, f"board speaks protocol {message.version}, console speaks {PROTOCOL_MAJOR}.x")
            else:
                if message.role is not self.config.role and BoardRole.COMBINED not in (message.role, self.config.role):
                    events.append(
                        SensorInitializationError(
                            f"board {message.serial} says it is {message.role.value}, configured as {self.config.role.value}",
                            board=self.name,
                        )
                    )
                self._move(
                    events,
                    BoardState.READY,
                    f"HELLO from {message.serial} ({message.role.value}, protocol {message.version}, {message.firmware})",
                )
                self._send_quietly(Ack(frame.seq), events)
            events.append(Received(frame, received_ns))
            return
        if self._rx_seq is not None and frame.seq != (self._rx_seq + 1) % SEQ_MODULO:
            events.append(FramesLost((self._rx_seq + 1) % SEQ_MODULO, frame.seq))
        self._rx_seq = frame.seq
        if self.state is BoardState.INCOMPATIBLE:
            return
        if self.state is BoardState.SILENT:
            self._move(events, BoardState.READY if self.hello else BoardState.CONNECTED, "frames resumed")
        if isinstance(message, DeviceFault):
            self._send_quietly(Ack(frame.seq), events)
        events.append(Received(frame, received_ns))

    def _try_connect(self, events: list[BoardEvent]) -> None:
        now = time.monotonic()
        if now < self._next_attempt:
            return
        try:
            self._open()
        except SensorError as error:
            self._next_attempt = now + self.config.reconnect_interval
            self._open_failures += 1
            if self._open_failures == 1:
                events.append(error)
            return
        self._open_failures = 0
        self._decoder.reset()
        self._rx_seq = None
        self._last_valid = time.monotonic()
        self._move(events, BoardState.CONNECTED, f"port {self.config.url} open")
        # a board plugged in before the console opened it has already said HELLO: ask again
        self._send_quietly(ReadRequest(), events)

    def _drop(self, events: list[BoardEvent], reason: str) -> None:
        self._close()
        self._next_attempt = time.monotonic() + self.config.reconnect_interval
        self._move(events, BoardState.DISCONNECTED, reason)

    def _move(self, events: list[BoardEvent], new: BoardState, reason: str) -> None:
        if new is not self.state:
            events.append(StateChanged(self.state, new, reason))
            self.state = new

    # ---------------------------------------------------------------- writing

    def send(self, message: Message) -> int:
        """Send ``message`` to the board and return its sequence number.

        Raises :class:`SensorOperationError` when the board is not connected or the write fails,
        :class:`~drivers.errors.SensorTimeoutError` when it does not finish within ``write_timeout``,
        :class:`~drivers.errors.ProtocolError` for a message the protocol cannot carry.
        """
        if self.state in (BoardState.DISCONNECTED, BoardState.CLOSED):
            raise SensorOperationError(f"board {self.name} is {self.state.value}", board=self.name)
        with self._write_lock:
            seq = self._tx_seq
            frame = encode(message, seq)
            self._tx_seq = (seq + 1) % SEQ_MODULO
            self._write(frame)
        return seq

    def set_light(self, seat: int, mode: LightMode = LightMode.ON) -> int:
        """Light a seat ("action on seat 4"); seat 0 means every seat."""
        return self.send(SetLight(seat, mode))

    def request_reading(self, seat: int | None = None) -> int:
        """Ask for a fresh reading of one seat's zone, or of everything."""
        return self.send(ReadRequest(seat))

    def _send_quietly(self, message: Message, events: list[BoardEvent]) -> None:
        try:
            self.send(message)
        except SensorError as error:
            events.append(error)

    # ---------------------------------------------------------------- lifetime

    def shutdown(self) -> None:
        """Close the port for good; later polls do nothing and sends raise."""
        if self.state is not BoardState.CLOSED:
            self._close()
            self.state = BoardState.CLOSED

    def __enter__(self) -> SensorBoard:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None) -> None:
        self.shutdown()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.config.url} {self.state.value}>"


class SerialSensorBoard(SensorBoard):
    """The ``"serial"`` backend: any URL ``serial.serial_for_url()`` opens."""

    def __init__(self, config: BoardConfig) -> None:
        super().__init__(config)
        self._port: Any = None

    def _open(self) -> None:
        try:
            port = serial.serial_for_url(
                self.config.url,
                baudrate=self.config.baudrate,
                timeout=self.config.poll_interval,
                write_timeout=self.config.write_timeout,
            )
        except (serial.SerialException, OSError, ValueError) as error:
            raise SensorInitializationError(f"cannot open {self.config.url}: {error}", board=self.name) from error
        self._port = port

    def _read(self) -> bytes:
        port = self._port
        if port is None:
            raise SensorOperationError("port is closed", board=self.name)
        try:
            data: bytes = port.read(1)
            if data:
                waiting = port.in_waiting
                if waiting:
                    data += port.read(waiting)
            return data
        except (serial.SerialException, OSError, TypeError, AttributeError) as error:
            # TypeError/AttributeError: pyserial's posix port read after a concurrent close
            raise SensorOperationError(str(error), board=self.name) from error

    def _write(self, data: bytes) -> None:
        port = self._port
        if port is None:
            raise SensorOperationError("port is closed", board=self.name)
        try:
            port.write(data)
        except serial.SerialTimeoutException as error:
            raise SensorTimeoutError(f"write to {self.config.url} timed out", board=self.name) from error
        except (serial.SerialException, OSError, TypeError, AttributeError) as error:
            raise SensorOperationError(f"write to {self.config.url} failed: {error}", board=self.name) from error

    def _close(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass


BACKENDS: dict[str, type[SensorBoard]] = {"serial": SerialSensorBoard}
"""Board backends by the name used in configuration."""


def register_backend(name: str, cls: type[SensorBoard]) -> None:
    """Make ``cls`` available as ``BoardConfig(backend=name)`` (a test fake, a network bridge...)."""
    BACKENDS[name] = cls


def open_board(config: BoardConfig) -> SensorBoard:
    """The board for ``config``, from the backend it names; the port opens on the first poll."""
    cls = BACKENDS.get(config.backend)
    if cls is None:
        raise SensorInitializationError(
            f"unknown sensor backend {config.backend!r}; known: {', '.join(sorted(BACKENDS))}", board=config.name
        )
    return cls(config)
