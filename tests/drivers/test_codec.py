"""The line protocol's codec: framing, checksums, messages, and resynchronisation (drivers/PROTOCOL.md).

The fuzz tests are the issue's first "done when": at least 100,000 random byte streams of valid
frames mixed with garbage and corrupted frames; the decoder never raises, never returns a
corrupt frame as valid, and finds every valid frame after garbage.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.codec import (
    MAX_FRAME_BYTES,
    Ack,
    BoardRole,
    ButtonReading,
    ChipCount,
    DeviceFault,
    Frame,
    FrameDecoder,
    FrameError,
    FrameErrorKind,
    Heartbeat,
    Hello,
    LightMode,
    Message,
    Nak,
    PotReading,
    ReadRequest,
    SetLight,
    ZoneReading,
    checksum,
    encode,
)
from drivers.errors import ProtocolError

PROTOCOL_MD = Path(__file__).resolve().parents[2] / "drivers" / "PROTOCOL.md"

SAMPLES: list[Message] = [
    Hello("1.0", BoardRole.ZONES, "SB-0001", "fw1.2", 10, 250),
    Heartbeat(123456),
    ZoneReading(4, 1500, (ChipCount(500, 2), ChipCount(100, 5))),
    ZoneReading(7, 300),
    ZoneReading(2, 0, ()),
    PotReading(12500, (ChipCount(5000, 2), ChipCount(500, 5))),
    PotReading(0),
    ButtonReading(3),
    ButtonReading(None),
    DeviceFault("ZONE_BLOCKED", "seat 6 sensor covered"),
    SetLight(4, LightMode.ON),
    SetLight(0, LightMode.BLINK),
    ReadRequest(),
    ReadRequest(9),
    Ack(65535),
    Nak(3, "unknown seat"),
]


def decode_all(data: bytes, *, piece: int | None = None) -> list[Frame | FrameError]:
    decoder = FrameDecoder()
    if piece is None:
        return decoder.feed(data)
    out: list[Frame | FrameError] = []
    for start in range(0, len(data), piece):
        out += decoder.feed(data[start : start + piece])
    return out


def frames_of(items: list[Frame | FrameError]) -> list[Frame]:
    return [item for item in items if isinstance(item, Frame)]


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_every_message_survives_encode_and_decode(message: Message) -> None:
    """PROTOCOL.md, Board to console / Console to board: each message type round-trips exactly."""
    data = encode(message, 42)
    assert data.startswith(b"$42,") and data.endswith(b"\r\n")
    assert decode_all(data) == [Frame(42, message)]


def test_checksum_is_crc16_ccitt_false() -> None:
    """PROTOCOL.md, Framing: CRC-16/CCITT-FALSE, whose published check value for "123456789" is 0x29B1."""
    assert checksum(b"123456789") == 0x29B1


def test_protocol_examples_decode_as_documented() -> None:
    """PROTOCOL.md, Examples: every example frame in the document is valid and decodes."""
    text = PROTOCOL_MD.read_text()
    block = text.split("```text", 1)[1].split("```", 1)[0]
    lines = [line for line in block.splitlines() if line.startswith("$")]
    assert len(lines) >= 15
    for line in lines:
        decoded = decode_all(line.encode() + b"\r\n")
        assert len(decoded) == 1 and isinstance(decoded[0], Frame), (line, decoded)
        assert encode(decoded[0].message, decoded[0].seq) == line.encode() + b"\r\n"


def test_a_frame_fed_one_byte_at_a_time_is_decoded_once() -> None:
    """PROTOCOL.md, Framing: frames carry no timing, so a frame split anywhere is still one frame."""
    data = b"".join(encode(m, i) for i, m in enumerate(SAMPLES))
    assert [f.message for f in frames_of(decode_all(data, piece=1))] == SAMPLES


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"noise\x00\xff", FrameErrorKind.GARBAGE),
        (b"$1,HB,5*0000\r\n", FrameErrorKind.BAD_CHECKSUM),
        (b"$1,HB,5\r\n", FrameErrorKind.MALFORMED),
        (b"$1,HB,5" + encode(Heartbeat(1), 2), FrameErrorKind.TRUNCATED),
        (b"$" + b"A" * MAX_FRAME_BYTES, FrameErrorKind.OVERLONG),
    ],
)
def test_each_kind_of_bad_input_is_reported_by_kind(data: bytes, kind: FrameErrorKind) -> None:
    """PROTOCOL.md, Receiving: garbage, bad checksums, cut frames and overlong frames are discarded and reported."""
    decoded = decode_all(data)
    assert kind in [item.kind for item in decoded if isinstance(item, FrameError)]


def test_checksummed_frames_that_break_the_protocol_are_malformed_or_unknown() -> None:
    """PROTOCOL.md, Receiving: a matching CRC is not enough; fields must follow the document, unknown types are reported."""

    def framed(body: bytes) -> bytes:
        return b"$" + body + b"*%04X\r\n" % checksum(body)

    cases = {
        b"1,ZONE,4,-5": FrameErrorKind.MALFORMED,
        b"1,ZONE,4,1_000": FrameErrorKind.MALFORMED,
        b"1,ZONE,4,1500,500x2": FrameErrorKind.MALFORMED,  # chips add up to 1000, not 1500
        b"1,ZONE,0,10": FrameErrorKind.MALFORMED,
        b"1,HELLO,1.0,dice,SB,fw,10,250": FrameErrorKind.MALFORMED,
        b"70000,HB,1": FrameErrorKind.MALFORMED,
        b"1,hb,1": FrameErrorKind.MALFORMED,
        b"1,TEMP,21": FrameErrorKind.UNKNOWN_TYPE,
    }
    for body, kind in cases.items():
        decoded = decode_all(framed(body))
        assert [getattr(d, "kind", None) for d in decoded] == [kind], body


def _framed(body: bytes) -> bytes:
    return b"$" + body + b"*%04X\r\n" % checksum(body)


@pytest.mark.parametrize(("body", "words"), [
    (b"1,ZONE,4,500,", "an amount of 500 with no chips"),
    (b"1,POT,25,", "an amount of 25 with no chips"),
    (b"1,ZONE,4,1000,100x5;500x1", "denomination 500 follows 100: chips go largest first"),
    (b"1,POT,1000,500x1;500x1", "denomination 500 is given twice"),
    (b"1,ZONE,4,1100,500x1;100x1;500x1", "denomination 500 is given twice"),
])
def test_chips_that_break_the_amount_rules_are_malformed(body: bytes, words: str) -> None:
    """PROTOCOL.md, Amounts (the issue's point "Bad files and frames"): an empty chips field means no chips, so only with
    an amount of 0; chips go largest first, each denomination once. A checksummed frame breaking one is discarded as
    malformed, naming the rule, and never applied."""
    decoded = decode_all(_framed(body))
    assert len(decoded) == 1 and isinstance(decoded[0], FrameError) and decoded[0].kind is FrameErrorKind.MALFORMED
    assert words in decoded[0].detail


def test_chips_that_keep_the_amount_rules_are_read() -> None:
    """PROTOCOL.md, Amounts: ``ZONE,4,0,`` is an empty zone with no chips; largest first and adding up is read."""
    assert frames_of(decode_all(_framed(b"1,ZONE,4,0,")))[0].message == ZoneReading(4, 0, ())
    read = frames_of(decode_all(_framed(b"1,POT,1500,500x2;100x5")))[0].message
    assert read == PotReading(1500, (ChipCount(500, 2), ChipCount(100, 5)))


@pytest.mark.parametrize("chips", [(), (ChipCount(100, 5), ChipCount(500, 1)), (ChipCount(500, 1), ChipCount(500, 1))])
def test_chips_that_break_the_amount_rules_are_not_sent(chips: tuple[ChipCount, ...]) -> None:
    """PROTOCOL.md, Amounts: the encoder refuses what the decoder would discard (ProtocolError, naming the rule)."""
    with pytest.raises(ProtocolError, match="no chips|largest first|given twice"):
        encode(ZoneReading(4, 1000, chips), 1)


def test_a_flood_of_frame_starts_is_one_report_and_the_next_frame_is_read() -> None:
    """PROTOCOL.md, Receiving, and the issue's point "Bad files and frames": the cost of a flood of ``$`` is bounded:
    200,000 frame starts in one read are one truncated report (not one per byte), the buffer does not grow with the
    flood, and the frame after it is decoded."""
    decoder = FrameDecoder()
    flood = 200_000
    decoded = decoder.feed(b"$" * flood + encode(Heartbeat(7), 3))
    assert [type(item) for item in decoded] == [FrameError, Frame]
    report = decoded[0]
    assert isinstance(report, FrameError) and report.kind is FrameErrorKind.TRUNCATED and report.size == flood
    assert f"{flood} frames in a row cut off" in report.detail
    for _ in range(100):
        assert len(decoder.feed(b"$" * 1000)) <= 1
        assert decoder.pending <= 1


def test_messages_the_protocol_cannot_carry_are_refused_when_encoding() -> None:
    """PROTOCOL.md, Framing: fields are printable ASCII without '$', '*' or ','; numbers are whole and in range."""
    for message in (
        DeviceFault("X", "a,b"),
        DeviceFault("bad code"),
        ZoneReading(0, 5),
        ZoneReading(3, -1),
        ZoneReading(3, 10, (ChipCount(5, 1),)),
    ):
        with pytest.raises(ProtocolError):
            encode(message, 0)
    with pytest.raises(ProtocolError):
        encode(Heartbeat(1), 65536)


# ---------------------------------------------------------------------------- fuzzing


def _random_message(rng: random.Random) -> Message:
    seat = rng.randint(1, 10)
    choice = rng.randrange(6)
    if choice == 0:
        return Heartbeat(rng.randrange(10**9))
    if choice == 1:
        chips = tuple(
            ChipCount(d, rng.randint(1, 20)) for d in sorted(rng.sample([5, 25, 100, 500, 1000], rng.randint(1, 3)), reverse=True)
        )
        return ZoneReading(seat, sum(c.denomination * c.count for c in chips), chips)
    if choice == 2:
        return ZoneReading(seat, rng.randrange(100000))
    if choice == 3:
        return ButtonReading(rng.choice([None, seat]))
    if choice == 4:
        return PotReading(rng.randrange(10**6))
    return SAMPLES[rng.randrange(len(SAMPLES))]


def _garbage(rng: random.Random) -> bytes:
    kind = rng.randrange(4)
    size = rng.randint(0, 40)
    if kind == 0:
        return rng.randbytes(size)
    if kind == 1:  # printable noise that looks like protocol text
        return bytes(rng.choice(b"$*,0123456789ABCDEFZONEHB\r\n ") for _ in range(size))
    if kind == 2:  # the start of a frame that never ends
        return encode(_random_message(rng), rng.randrange(65536))[: rng.randint(1, 12)]
    return b""


def _stream(rng: random.Random) -> tuple[bytes, list[Frame], list[Frame]]:
    """A stream of garbage, intact frames and corrupted frames; returns (bytes, intact frames, every frame sent)."""
    parts: list[bytes] = []
    intact: list[Frame] = []
    sent: list[Frame] = []
    for _ in range(rng.randint(1, 5)):
        parts.append(_garbage(rng))
        seq = rng.randrange(65536)
        message = _random_message(rng)
        data = bytearray(encode(message, seq))
        sent.append(Frame(seq, message))
        if rng.random() < 0.3:  # corrupt one byte of it
            index = rng.randrange(len(data))
            data[index] = (data[index] + rng.randint(1, 255)) % 256
            parts.append(bytes(data))
        else:
            parts.append(bytes(data))
            intact.append(Frame(seq, message))
    parts.append(_garbage(rng))
    return b"".join(parts), intact, sent


def _check_stream(data: bytes, intact: list[Frame], sent: list[Frame], piece: int | None) -> None:
    decoded = frames_of(decode_all(data, piece=piece))
    # never a corrupt frame: whatever is returned was sent exactly so
    assert all(frame in sent for frame in decoded), (data, decoded)
    # every intact frame is found, in order, whatever garbage came before it
    it = iter(decoded)
    assert all(any(frame == got for got in it) for frame in intact), (data, decoded, intact)


def test_decoder_fuzzed_with_100000_random_streams() -> None:
    """Issue 6, done-when 1: 100,000 seeded random streams (garbage, intact and corrupted frames, fed in random pieces)."""
    rng = random.Random(20240606)
    for n in range(100_000):
        data, intact, sent = _stream(rng)
        _check_stream(data, intact, sent, piece=None if n % 2 else rng.randint(1, 64))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), garbage=st.binary(max_size=300), piece=st.integers(1, 300))
def test_decoder_never_raises_and_resynchronises_on_arbitrary_bytes(seed: int, garbage: bytes, piece: int) -> None:
    """Issue 6, done-when 1 (hypothesis): arbitrary bytes before, between and after frames never raise nor hide the next frame."""
    rng = random.Random(seed)
    data, intact, sent = _stream(rng)
    frame = Frame(7, Heartbeat(seed % 1000))
    stream = garbage + data + encode(frame.message, frame.seq)
    _check_stream(stream, [*intact, frame], [*sent, frame], piece)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_decoder_accepts_only_checksummed_frames_from_random_bytes(data: bytes) -> None:
    """PROTOCOL.md, Receiving: random bytes decode to error reports, never to a frame whose CRC was not checked."""
    for item in decode_all(data, piece=17):
        if isinstance(item, Frame):
            found = re.search(rb"\$([^$*\r\n]*)\*([0-9A-F]{4})\r?\n", data)
            assert found and checksum(found.group(1)) == int(found.group(2), 16)
