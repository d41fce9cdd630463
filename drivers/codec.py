"""The table-sensor line protocol (see ``drivers/PROTOCOL.md``): messages, framing and checksums.

Pure code, no port and no thread, so that it can be tested and fuzzed on its own (the
pyserial ``threaded.Protocol`` habit). A frame on the wire is one line of printable ASCII::

    $<seq>,<TYPE>[,<field>...]*<CRC>\\r\\n

``<CRC>`` is CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF) of the bytes between
``$`` and ``*``, as four upper-case hex digits. :func:`encode` builds a frame from a message;
:class:`FrameDecoder` turns any byte stream into frames and :class:`FrameError` reports, never
raising, resynchronising at the next ``$``.
"""

from __future__ import annotations

import binascii
import enum
import re
from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias

from drivers.chips import ChipCount, format_chips, parse_chips
from drivers.errors import ProtocolError

__all__ = [
    "Ack", "BoardRole", "ButtonReading", "checksum", "CHECKSUM_MARK", "ChipCount", "Decoded", "DeviceFault", "encode",
    "Frame", "FrameDecoder", "FrameError", "FrameErrorKind", "Heartbeat", "Hello", "LightMode", "MAX_FRAME_BYTES",
    "Message", "MESSAGE_TYPES", "Nak", "parse_line", "PotReading", "PROTOCOL_MAJOR", "PROTOCOL_VERSION", "ReadRequest",
    "SEQ_MODULO", "SetLight", "START", "ZoneReading"
]

PROTOCOL_VERSION = "1.0"
"""The version this console speaks: a board announcing another major version is refused."""
PROTOCOL_MAJOR = 1

START = 0x24  # "$"
CHECKSUM_MARK = 0x2A  # "*"
MAX_FRAME_BYTES = 256
"""The longest frame, ``$`` to ``\\n`` included; anything longer is discarded as overlong."""
SEQ_MODULO = 65536

_INT = re.compile(rb"[0-9]{1,9}\Z")
_TYPE = re.compile(rb"[A-Z]{2,8}\Z")
_HEX = re.compile(rb"[0-9A-F]{4}\Z")
_TEXT = re.compile(r"[\x20-\x7e]*\Z")
_FORBIDDEN = set("$*,")


def checksum(body: bytes) -> int:
    """CRC-16/CCITT-FALSE of ``body`` (the bytes between ``$`` and ``*``)."""
    return binascii.crc_hqx(body, 0xFFFF)


# --------------------------------------------------------------------------- field helpers


def _int(raw: str, name: str, *, low: int = 0, high: int = 999_999_999) -> int:
    if not _INT.match(raw.encode()):
        raise ValueError(f"{name} {raw!r} is not a whole number")
    value = int(raw)
    if not low <= value <= high:
        raise ValueError(f"{name} {value} is outside {low}..{high}")
    return value


def _check_int(value: int, name: str, *, low: int = 0, high: int = 999_999_999) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{name} {value!r} must be a whole number in {low}..{high}")
    return str(value)


def _check_text(value: str, name: str) -> str:
    if not _TEXT.match(value) or _FORBIDDEN & set(value):
        raise ProtocolError(f"{name} {value!r} must be printable ASCII without '$', '*' or ','")
    return value


# --------------------------------------------------------------------------- messages


class Message:
    """Base of every protocol message; ``TYPE`` is its code on the wire."""

    TYPE: ClassVar[str] = ""

    def fields(self) -> list[str]:
        """The message's fields as text, validated (raises :class:`ProtocolError`)."""
        raise NotImplementedError

    @classmethod
    def from_fields(cls, fields: list[str]) -> Message:
        """Build the message from its fields (raises ``ValueError`` naming the bad field)."""
        raise NotImplementedError


class BoardRole(enum.Enum):
    """What a board senses, announced in its ``HELLO``."""

    ZONES = "zones"
    """Bet zones (one per seat), usually with the pot zone."""
    BUTTON = "button"
    """The dealer-button position."""
    COMBINED = "combined"
    """Everything on one board."""


@dataclass(frozen=True, slots=True)
class Hello(Message):
    """Device identity, sent first after power-up or reconnection: ``HELLO,1.0,zones,SB-0001,fw1.2,10,250``."""

    TYPE: ClassVar[str] = "HELLO"
    version: str
    role: BoardRole
    serial: str
    firmware: str
    seats: int
    heartbeat_ms: int

    @property
    def major(self) -> int:
        """The protocol major version announced (-1 if unreadable)."""
        head = self.version.partition(".")[0]
        return int(head) if head.isdigit() else -1

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        if not re.fullmatch(r"[0-9]{1,3}\.[0-9]{1,3}", self.version):
            raise ProtocolError(f"protocol version {self.version!r} must be <major>.<minor>")
        return [
            self.version,
            self.role.value,
            _check_text(self.serial, "serial number"),
            _check_text(self.firmware, "firmware"),
            _check_int(self.seats, "seat count", low=1, high=99),
            _check_int(self.heartbeat_ms, "heartbeat interval", low=10, high=60_000),
        ]

    @classmethod
    def from_fields(cls, fields: list[str]) -> Hello:
        """See :meth:`Message.from_fields`."""
        if len(fields) != 6:
            raise ValueError(f"HELLO has 6 fields, not {len(fields)}")
        version, role, serial, firmware, seats, heartbeat = fields
        if not re.fullmatch(r"[0-9]{1,3}\.[0-9]{1,3}", version):
            raise ValueError(f"protocol version {version!r} is not <major>.<minor>")
        try:
            board_role = BoardRole(role)
        except ValueError:
            raise ValueError(f"unknown board role {role!r}") from None
        return cls(
            version,
            board_role,
            serial,
            firmware,
            _int(seats, "seat count", low=1, high=99),
            _int(heartbeat, "heartbeat", low=10, high=60_000),
        )


@dataclass(frozen=True, slots=True)
class Heartbeat(Message):
    """The board is alive: ``HB,<uptime ms>``, every ``heartbeat_ms`` announced in ``HELLO``."""

    TYPE: ClassVar[str] = "HB"
    uptime_ms: int

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return [_check_int(self.uptime_ms, "uptime")]

    @classmethod
    def from_fields(cls, fields: list[str]) -> Heartbeat:
        """See :meth:`Message.from_fields`."""
        if len(fields) != 1:
            raise ValueError(f"HB has 1 field, not {len(fields)}")
        return cls(_int(fields[0], "uptime"))


@dataclass(frozen=True, slots=True)
class ZoneReading(Message):
    """Chips in a seat's bet zone: ``ZONE,<seat>,<amount>[,<denom>x<count>;...]``."""

    TYPE: ClassVar[str] = "ZONE"
    seat: int
    amount: int
    chips: tuple[ChipCount, ...] | None = None
    """The chips by denomination, when the sensor knows them (``None``: it does not)."""

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return [_check_int(self.seat, "seat", low=1, high=99), _check_int(self.amount, "amount"), *format_chips(self.chips, self.amount)]

    @classmethod
    def from_fields(cls, fields: list[str]) -> ZoneReading:
        """See :meth:`Message.from_fields`."""
        if len(fields) < 2:
            raise ValueError("ZONE needs a seat and an amount")
        amount = _int(fields[1], "amount")
        return cls(_int(fields[0], "seat", low=1, high=99), amount, parse_chips(fields[2:], amount))


@dataclass(frozen=True, slots=True)
class PotReading(Message):
    """Chips in the pot zone: ``POT,<amount>[,<chips>]``."""

    TYPE: ClassVar[str] = "POT"
    amount: int
    chips: tuple[ChipCount, ...] | None = None

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return [_check_int(self.amount, "amount"), *format_chips(self.chips, self.amount)]

    @classmethod
    def from_fields(cls, fields: list[str]) -> PotReading:
        """See :meth:`Message.from_fields`."""
        if not fields:
            raise ValueError("POT needs an amount")
        amount = _int(fields[0], "amount")
        return cls(amount, parse_chips(fields[1:], amount))


@dataclass(frozen=True, slots=True)
class ButtonReading(Message):
    """Where the dealer button lies: ``BTN,<seat>`` (``BTN,0``: not seen on any seat)."""

    TYPE: ClassVar[str] = "BTN"
    seat: int | None

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return ["0" if self.seat is None else _check_int(self.seat, "seat", low=1, high=99)]

    @classmethod
    def from_fields(cls, fields: list[str]) -> ButtonReading:
        """See :meth:`Message.from_fields`."""
        if len(fields) != 1:
            raise ValueError(f"BTN has 1 field, not {len(fields)}")
        seat = _int(fields[0], "seat", high=99)
        return cls(seat or None)


@dataclass(frozen=True, slots=True)
class DeviceFault(Message):
    """The board reports a fault of its own: ``ERR,<code>,<text>`` (for example a blocked sensor)."""

    TYPE: ClassVar[str] = "ERR"
    code: str
    text: str = ""

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        if not re.fullmatch(r"[A-Z0-9_]{1,16}", self.code):
            raise ProtocolError(f"error code {self.code!r} must be 1-16 of A-Z, 0-9, _")
        return [self.code, _check_text(self.text, "error text")]

    @classmethod
    def from_fields(cls, fields: list[str]) -> DeviceFault:
        """See :meth:`Message.from_fields`."""
        if len(fields) != 2 or not re.fullmatch(r"[A-Z0-9_]{1,16}", fields[0]):
            raise ValueError("ERR has a code (A-Z, 0-9, _) and a text")
        return cls(fields[0], fields[1])


class LightMode(enum.Enum):
    """A seat light's state."""

    OFF = "OFF"
    ON = "ON"
    BLINK = "BLINK"


@dataclass(frozen=True, slots=True)
class SetLight(Message):
    """Console to board: ``LIGHT,<seat>,ON|OFF|BLINK`` ("action on seat 4"); seat 0 means every seat."""

    TYPE: ClassVar[str] = "LIGHT"
    seat: int
    mode: LightMode

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return [_check_int(self.seat, "seat", high=99), self.mode.value]

    @classmethod
    def from_fields(cls, fields: list[str]) -> SetLight:
        """See :meth:`Message.from_fields`."""
        if len(fields) != 2:
            raise ValueError(f"LIGHT has 2 fields, not {len(fields)}")
        try:
            mode = LightMode(fields[1])
        except ValueError:
            raise ValueError(f"unknown light mode {fields[1]!r}") from None
        return cls(_int(fields[0], "seat", high=99), mode)


@dataclass(frozen=True, slots=True)
class ReadRequest(Message):
    """Console to board: ``READ`` (send every reading now) or ``READ,<seat>`` (that seat's zone)."""

    TYPE: ClassVar[str] = "READ"
    seat: int | None = None

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return [] if self.seat is None else [_check_int(self.seat, "seat", low=1, high=99)]

    @classmethod
    def from_fields(cls, fields: list[str]) -> ReadRequest:
        """See :meth:`Message.from_fields`."""
        if len(fields) > 1:
            raise ValueError("READ has at most one field")
        return cls(_int(fields[0], "seat", low=1, high=99) if fields else None)


@dataclass(frozen=True, slots=True)
class Ack(Message):
    """Either side: ``ACK,<seq>``, the frame with that sequence number was received and done."""

    TYPE: ClassVar[str] = "ACK"
    seq: int

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return [_check_int(self.seq, "acknowledged seq", high=SEQ_MODULO - 1)]

    @classmethod
    def from_fields(cls, fields: list[str]) -> Ack:
        """See :meth:`Message.from_fields`."""
        if len(fields) != 1:
            raise ValueError(f"ACK has 1 field, not {len(fields)}")
        return cls(_int(fields[0], "acknowledged seq", high=SEQ_MODULO - 1))


@dataclass(frozen=True, slots=True)
class Nak(Message):
    """Either side: ``NAK,<seq>,<reason>``, the frame was received but refused."""

    TYPE: ClassVar[str] = "NAK"
    seq: int
    reason: str = ""

    def fields(self) -> list[str]:
        """See :meth:`Message.fields`."""
        return [_check_int(self.seq, "refused seq", high=SEQ_MODULO - 1), _check_text(self.reason, "reason")]

    @classmethod
    def from_fields(cls, fields: list[str]) -> Nak:
        """See :meth:`Message.from_fields`."""
        if len(fields) != 2:
            raise ValueError(f"NAK has 2 fields, not {len(fields)}")
        return cls(_int(fields[0], "refused seq", high=SEQ_MODULO - 1), fields[1])


MESSAGE_TYPES: dict[str, type[Message]] = {
    cls.TYPE: cls for cls in (Hello, Heartbeat, ZoneReading, PotReading, ButtonReading, DeviceFault, SetLight, ReadRequest, Ack, Nak)
}
"""Every message type of protocol version 1.0, by its code on the wire."""


# --------------------------------------------------------------------------- frames


@dataclass(frozen=True, slots=True)
class Frame:
    """A frame that passed its checksum and parsed: its sequence number and message."""

    seq: int
    message: Message


class FrameErrorKind(enum.Enum):
    """Why bytes were discarded."""

    GARBAGE = "garbage"
    """Bytes outside any frame (before a ``$``)."""
    TRUNCATED = "truncated"
    """A frame cut off by the start of the next one (a split frame whose end was lost)."""
    OVERLONG = "overlong"
    """No end of frame within :data:`MAX_FRAME_BYTES`."""
    BAD_CHECKSUM = "bad-checksum"
    """A complete frame whose CRC does not match its body."""
    MALFORMED = "malformed"
    """The checksum matched but the frame does not follow the protocol (bad field, missing CRC)."""
    UNKNOWN_TYPE = "unknown-type"
    """A well-formed frame of a message type this console does not know (a newer minor version)."""


@dataclass(frozen=True, slots=True)
class FrameError:
    """A report of discarded bytes: never applied, always shown to whoever listens."""

    kind: FrameErrorKind
    detail: str
    size: int
    """How many bytes were discarded."""
    sample: bytes = b""
    """The first bytes discarded (at most 48), for the log."""

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.detail} ({self.size} bytes: {self.sample!r})"


Decoded: TypeAlias = Frame | FrameError


def encode(message: Message, seq: int) -> bytes:
    """The frame carrying ``message`` with sequence number ``seq``; raises :class:`ProtocolError`."""
    if not message.TYPE:
        raise ProtocolError(f"{type(message).__name__} is not a protocol message")
    _check_int(seq, "sequence number", high=SEQ_MODULO - 1)
    body = ",".join([str(seq), message.TYPE, *message.fields()]).encode("ascii")
    frame = b"$" + body + b"*%04X\r\n" % checksum(body)
    if len(frame) > MAX_FRAME_BYTES:
        raise ProtocolError(f"{message.TYPE} frame of {len(frame)} bytes exceeds {MAX_FRAME_BYTES}")
    return frame


def parse_line(line: bytes) -> Decoded:
    """Decode one frame without its ``$`` and ``\\n`` (a trailing ``\\r`` allowed); never raises."""
    size = len(line) + 2
    sample = b"$" + line[:47]
    if line.endswith(b"\r"):
        line = line[:-1]
    star = line.rfind(b"*")
    if star < 0 or not _HEX.match(line, star + 1):
        return FrameError(FrameErrorKind.MALFORMED, "no *CRC at the end of the frame", size, sample)
    body = line[:star]
    if checksum(body) != int(line[star + 1 :], 16):
        return FrameError(FrameErrorKind.BAD_CHECKSUM, f"checksum {line[star + 1 :].decode()} does not match", size, sample)
    try:
        text = body.decode("ascii")
    except UnicodeDecodeError:
        return FrameError(FrameErrorKind.MALFORMED, "non-ASCII byte in the frame", size, sample)
    if not _TEXT.match(text) or "*" in text:
        return FrameError(FrameErrorKind.MALFORMED, "control character or '*' in the frame", size, sample)
    parts = text.split(",")
    if len(parts) < 2 or not _INT.match(parts[0].encode()) or not _TYPE.match(parts[1].encode()):
        return FrameError(FrameErrorKind.MALFORMED, "frame does not start with <seq>,<TYPE>", size, sample)
    seq = int(parts[0])
    if seq >= SEQ_MODULO:
        return FrameError(FrameErrorKind.MALFORMED, f"sequence number {seq} is out of range", size, sample)
    cls = MESSAGE_TYPES.get(parts[1])
    if cls is None:
        return FrameError(FrameErrorKind.UNKNOWN_TYPE, f"unknown message type {parts[1]}", size, sample)
    try:
        message = cls.from_fields(parts[2:])
    except ValueError as error:
        return FrameError(FrameErrorKind.MALFORMED, f"{parts[1]}: {error}", size, sample)
    return Frame(seq, message)


@dataclass(slots=True)
class FrameDecoder:
    """Turns a byte stream, fed in pieces of any size, into frames and error reports.

    ``feed()`` never raises: bytes before a ``$`` are garbage; a ``$`` inside a frame starts a
    new one (the cut frame is reported as truncated); a frame is only returned when its CRC
    matches and its fields parse. Runs of garbage are reported once per ``feed()``.
    """

    max_frame: int = MAX_FRAME_BYTES
    _buffer: bytearray = field(default_factory=bytearray)
    _garbage: int = 0
    _garbage_sample: bytearray = field(default_factory=bytearray)
    _truncated: int = 0
    _truncated_bytes: int = 0
    _truncated_sample: bytes = b""
    frames: int = 0
    """Frames decoded so far."""
    errors: int = 0
    """Error reports so far."""

    def feed(self, data: bytes) -> list[Decoded]:
        """Add ``data`` and return every frame or error it completes, in stream order.

        Its cost is bounded by the bytes fed: each ``$`` is looked past at most once, a flood of frame starts costs one
        step per byte, and a run of frames cut off by the next ``$`` is one report (like a run of garbage), so the
        reports of a feed are never more than its frames plus a few.
        """
        buf = self._buffer
        buf += data
        out: list[Decoded] = []
        pos = 0
        end = len(buf)
        while pos < end:
            if buf[pos] != START:
                start = buf.find(b"$", pos)
                stop = end if start < 0 else start
                self._flush_truncated(out)
                self._note_garbage(buf, pos, stop, out)
                pos = stop
                continue
            limit = min(end, pos + self.max_frame)
            restart = buf.find(b"$", pos + 1, limit)
            newline = buf.find(b"\n", pos + 1, restart if restart >= 0 else limit)
            if newline < 0 and restart >= 0:
                self._flush_garbage(out)
                self._note_truncated(buf, pos, restart)
                pos = restart
                continue
            if newline < 0:
                if end - pos >= self.max_frame:
                    self._flush_reports(out)
                    out.append(
                        FrameError(FrameErrorKind.OVERLONG, f"no end of frame within {self.max_frame} bytes", 1, bytes(buf[pos : pos + 48]))
                    )
                    pos += 1  # the rest is garbage up to the next '$'
                    continue
                break  # an incomplete frame: wait for more bytes
            self._flush_reports(out)
            out.append(parse_line(bytes(buf[pos + 1 : newline])))
            pos = newline + 1
        del buf[:pos]
        self._flush_reports(out)
        for item in out:
            if isinstance(item, Frame):
                self.frames += 1
            else:
                self.errors += 1
        return out

    def reset(self) -> None:
        """Forget any partial frame (after a reconnection: the old bytes are meaningless)."""
        self._buffer.clear()
        self._garbage = 0
        self._garbage_sample.clear()
        self._truncated = self._truncated_bytes = 0

    @property
    def pending(self) -> int:
        """Bytes held waiting for the end of a frame."""
        return len(self._buffer)

    def _note_garbage(self, buf: bytearray, start: int, stop: int, out: list[Decoded]) -> None:
        if len(self._garbage_sample) < 48:
            self._garbage_sample += buf[start : min(stop, start + 48 - len(self._garbage_sample))]
        self._garbage += stop - start

    def _flush_garbage(self, out: list[Decoded]) -> None:
        if self._garbage:
            out.append(FrameError(FrameErrorKind.GARBAGE, "bytes outside any frame", self._garbage, bytes(self._garbage_sample)))
            self._garbage = 0
            self._garbage_sample.clear()

    def _note_truncated(self, buf: bytearray, start: int, stop: int) -> None:
        if not self._truncated:
            self._truncated_sample = bytes(buf[start : min(stop, start + 48)])
        self._truncated += 1
        self._truncated_bytes += stop - start

    def _flush_truncated(self, out: list[Decoded]) -> None:
        if self._truncated:
            what = "frame cut off" if self._truncated == 1 else f"{self._truncated} frames in a row cut off"
            out.append(FrameError(FrameErrorKind.TRUNCATED, f"{what} by the next '$'", self._truncated_bytes, self._truncated_sample))
            self._truncated = self._truncated_bytes = 0

    def _flush_reports(self, out: list[Decoded]) -> None:
        self._flush_garbage(out)
        self._flush_truncated(out)
