"""The simulator run as a separate process (tests, the bench, drills): commands in, lines out, always cleaned up."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from drivers.errors import SensorOperationError, SensorTimeoutError

__all__ = ["SimulatorProcess"]

ROOT = Path(__file__).resolve().parents[2]


class SimulatorProcess:
    """``python -m drivers.simulator --link <path>`` in a child process, driven through its stdin."""

    def __init__(self, link: Path, *extra: str, heartbeat_ms: int = 50, serial_number: str = "SIM-0001", role: str = "combined") -> None:
        self.link = link
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "drivers.simulator",
                "--link",
                str(link),
                "--heartbeat-ms",
                str(heartbeat_ms),
                "--serial",
                serial_number,
                "--role",
                role,
                *extra,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
            cwd=ROOT,
        )
        self._reader = threading.Thread(target=self._pump, daemon=True)
        self._reader.start()
        self.path = self.wait_for("PTY ", timeout=10).split(" ", 1)[1]

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, prefix: str, *, timeout: float = 5.0) -> str:
        """The next output line starting with ``prefix`` (earlier lines are kept in ``seen``)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SensorTimeoutError(f"simulator did not print {prefix!r} within {timeout} s; printed: {self.seen[-20:]}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(line)
            if line.startswith(prefix):
                return line
            if line.startswith("ERR "):
                raise SensorOperationError(f"simulator refused a command: {line}")

    def wait_for_line(self, line: str, *, since: int = 0, timeout: float = 5.0) -> None:
        """Wait until ``line`` has been printed at or after position ``since`` of ``seen`` (it may already have been
        seen while waiting for another line: the console can answer a frame before the simulator prints its ``OK``)."""
        if line not in self.seen[since:]:
            while self.wait_for(line, timeout=timeout) != line:
                pass

    def command(self, line: str, *, timeout: float = 5.0) -> None:
        """Send one command and wait for its ``OK``."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        self.wait_for(f"OK {line.split()[0]}", timeout=timeout)

    def close(self) -> None:
        """Ask it to quit; kill it if it does not within two seconds."""
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None  # opened with stdin=PIPE
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.stdin.close()
            except (BrokenPipeError, OSError):
                pass
            try:
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=2)
        self._reader.join(1)

    def __enter__(self) -> SimulatorProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
