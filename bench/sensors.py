"""Speed of the sensor path: frames decoded per second, and simulator-write to console-reading latency.

``python bench/sensors.py [--quick]`` from the repository.

1. Decoding: a buffer of typical frames (zones with chips, heartbeats, button) with some
   garbage, fed to :class:`drivers.codec.FrameDecoder` in 64-byte pieces as a port delivers
   them; frames decoded per second.
2. Latency over a real pseudo-terminal: ``python -m drivers.simulator`` in its own process
   sends ZONE frames at a steady pace (``burst``) and records ``time.monotonic_ns()`` just
   before each write; the console side (a :class:`drivers.SerialSensorBoard` and its reader
   thread) records the same clock when the frame reaches its listener. CLOCK_MONOTONIC is one
   clock for every process on a Linux machine. Median and p99 in milliseconds; target p99 <= 10 ms.
3. Throughput over the pty: the same burst unpaced, frames per second received.

The last line printed is one JSON object: ``frames_per_s``, ``latency_p50_ms``,
``latency_p99_ms`` (and ``pty_frames_per_s``, ``latency_frames``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from drivers import (
    BoardConfig,
    BoardState,
    ChipCount,
    FrameDecoder,
    Heartbeat,
    Listener,
    Received,
    SensorBoard,
    SensorReader,
    ZoneReading,
    encode,
    open_board,
)
from drivers.codec import ButtonReading
from drivers.simulator.process import SimulatorProcess


def decode_rate(frames: int) -> float:
    """Frames per second through the decoder, 64-byte pieces."""
    rng = random.Random(1)
    parts = []
    for i in range(frames):
        kind = i % 3
        if kind == 0:
            message: object = ZoneReading(1 + i % 10, 1500, (ChipCount(500, 2), ChipCount(100, 5)))
        elif kind == 1:
            message = Heartbeat(i)
        else:
            message = ButtonReading(1 + i % 10)
        parts.append(encode(message, i % 65536))  # type: ignore[arg-type]
        if i % 100 == 0:
            parts.append(bytes(rng.randrange(256) for _ in range(20)).replace(b"$", b"."))
    data = b"".join(parts)
    decoder = FrameDecoder()
    start = time.perf_counter()
    for offset in range(0, len(data), 64):
        decoder.feed(data[offset : offset + 64])
    elapsed = time.perf_counter() - start
    assert decoder.frames == frames, (decoder.frames, frames)
    return frames / elapsed


class Stamps(Listener):
    """Console-side arrival time of every ZONE frame, by sequence number."""

    def __init__(self) -> None:
        self.arrived: dict[int, int] = {}

    def on_frame(self, board: SensorBoard, received: Received) -> None:
        if isinstance(received.frame.message, ZoneReading):
            self.arrived[received.frame.seq] = time.monotonic_ns()


def _wait(predicate, timeout: float) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise SystemExit("bench: timed out waiting for the simulator")
        time.sleep(0.01)


def pty_run(tmp: Path, count: int, interval_ms: float, name: str) -> tuple[list[float], float]:
    """Latencies (ms) of ``count`` paced frames, and the frames/s of the run."""
    stamps_file = tmp / f"{name}.stamps"
    with SimulatorProcess(tmp / name, "--timestamps", str(stamps_file), heartbeat_ms=200) as sim:
        board = open_board(BoardConfig(name=name, url=sim.path, heartbeat_timeout=2.0, poll_interval=0.05))
        stamps = Stamps()
        with board, SensorReader([board], [stamps]):
            _wait(lambda: board.state is BoardState.READY, 5)
            time.sleep(0.2)
            stamps.arrived.clear()
            start = time.perf_counter()
            sim.command(f"burst {count} {interval_ms}", timeout=60)
            _wait(lambda: len(stamps.arrived) >= count, 10)
            elapsed = time.perf_counter() - start
        sim.close()
    sent = dict(map(int, line.split()) for line in stamps_file.read_text().splitlines())  # type: ignore[misc]
    latencies = [(stamps.arrived[seq] - ns) / 1e6 for seq, ns in sent.items() if seq in stamps.arrived]
    return latencies, count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller runs (well under a minute)")
    options = parser.parse_args()
    decode_frames = 60_000 if options.quick else 300_000
    latency_frames = 1000 if options.quick else 5000
    frames_per_s = decode_rate(decode_frames)
    print(f"decoder: {frames_per_s:,.0f} frames/s ({decode_frames} frames in 64-byte pieces)")
    with tempfile.TemporaryDirectory() as tmp:
        latencies, _ = pty_run(Path(tmp), latency_frames, 2.0, "paced")
        _, pty_rate = pty_run(Path(tmp), latency_frames * 4, 0.0, "flood")
    latencies.sort()
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"pty latency over {len(latencies)} frames sent every 2 ms: p50 {p50:.3f} ms, p99 {p99:.3f} ms, max {latencies[-1]:.3f} ms")
    print("target: p99 <= 10 ms")
    print(f"pty throughput, unpaced: {pty_rate:,.0f} frames/s")
    print(
        json.dumps(
            {
                "frames_per_s": round(frames_per_s),
                "latency_p50_ms": round(p50, 3),
                "latency_p99_ms": round(p99, 3),
                "pty_frames_per_s": round(pty_rate),
                "latency_frames": len(latencies),
            }
        )
    )


if __name__ == "__main__":
    main()
