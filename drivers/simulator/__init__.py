"""A table-sensor board simulated on a real pseudo-terminal, with fault injection.

``python -m drivers.simulator`` opens a pty, prints ``PTY <path>`` and then plays commands,
one per line, from a script (``--script FILE`` or ``--script demo``) and/or from standard input.
The console opens the printed path exactly as it opens ``/dev/sensor-zones``. With ``--link``
the path printed is a symbolic link that is moved to each new pty, as udev moves a board's
stable name when it is unplugged and plugged back.

Commands (each answered on stdout by ``OK <command>`` or ``ERR <reason>``)::

    hello                        send HELLO
    zone <seat> <amount> [chips] a bet-zone reading, chips as 500x2;100x1
    pot <amount> [chips]         the pot zone
    button <seat>                the dealer button (0: not seen)
    err <CODE> [text]            a device fault
    garbage <n>                  n random bytes that are not frames (no '$')
    badsum <command>             the frame of <command> with a wrong checksum
    split <ms> <command>         the frame of <command> in two writes, <ms> apart
    cut <command>                only the first half of the frame of <command>
    silence <seconds>            send nothing, not even heartbeats, for that long
    unplug <seconds>             close the pty, wait, open a new one (the link follows)
    heartbeat <ms>               change the heartbeat interval (0: none)
    burst <n> [<interval ms>]    n ZONE frames, their write times kept for --timestamps
    sleep <seconds>              wait
    quit                         close and exit

What the console sends is printed too: ``LIGHT <seat> <mode>``, ``READ [seat]``, ``ACKED <seq>``.
A ``READ`` is answered with ``HELLO`` and every reading (or the one seat's zone), a ``LIGHT``
with an ``ACK``.
"""

from __future__ import annotations

import errno
import os
import random
import select
import shlex
import sys
import threading
import time
import tty
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from drivers.codec import (
    PROTOCOL_VERSION,
    SEQ_MODULO,
    Ack,
    BoardRole,
    ButtonReading,
    ChipCount,
    DeviceFault,
    Frame,
    FrameDecoder,
    Heartbeat,
    Hello,
    Message,
    PotReading,
    ReadRequest,
    SetLight,
    ZoneReading,
    encode,
)


def parse_chips(text: str) -> tuple[ChipCount, ...]:
    """``"500x2;100x1"`` as chip counts."""
    chips = []
    for part in text.split(";"):
        denomination, _, count = part.partition("x")
        chips.append(ChipCount(int(denomination), int(count)))
    return tuple(chips)


class TableSimulator:
    """One simulated sensor board behind a pseudo-terminal."""

    def __init__(
        self,
        *,
        serial_number: str = "SIM-0001",
        role: BoardRole = BoardRole.COMBINED,
        seats: int = 10,
        heartbeat_ms: int = 100,
        link: Path | None = None,
        seed: int = 0,
        out: TextIO = sys.stdout,
    ) -> None:
        self.serial_number = serial_number
        self.role = role
        self.seats = seats
        self.heartbeat_ms = heartbeat_ms
        self.link = link
        self.out = out
        self.random = random.Random(seed)
        self.zones: dict[int, ZoneReading] = {}
        self.pot: PotReading | None = None
        self.button: ButtonReading | None = None
        self.lights: dict[int, str] = {}
        self.stamps: list[tuple[int, int]] = []
        """(seq, time.monotonic_ns() just before the write) of every burst frame."""
        self._seq = 0
        self._lock = threading.RLock()
        self._out_lock = threading.Lock()
        self._master = -1
        self._slave = -1
        self._path = ""
        self._silent_until = 0.0
        self._closed = threading.Event()
        self._started = time.monotonic()
        self._threads: list[threading.Thread] = []

    # ---------------------------------------------------------------- pty

    @property
    def path(self) -> str:
        """What the console should open: the link if there is one, else the pty's slave path."""
        return str(self.link) if self.link else self._path

    def start(self) -> None:
        """Open the pty, say HELLO, start the heartbeat and the console-command threads."""
        self._plug()
        for name, target in (("simulator-heartbeats", self._heartbeats), ("simulator-commands", self._console_commands)):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def _plug(self) -> None:
        with self._lock:
            master, slave = os.openpty()
            tty.setraw(slave)  # no echo, no line editing: bytes pass unchanged
            os.set_blocking(master, False)
            self._master, self._slave = master, slave
            self._path = os.ttyname(slave)
            if self.link:
                tmp = self.link.with_name(self.link.name + ".new")
                tmp.unlink(missing_ok=True)
                tmp.symlink_to(self._path)
                tmp.replace(self.link)
            self._seq = 0
            self.say(f"PTY {self.path}")
            self.send(self._hello())

    def _unplug(self) -> None:
        with self._lock:
            if self.link:
                self.link.unlink(missing_ok=True)
            for fd in (self._master, self._slave):
                if fd >= 0:
                    os.close(fd)
            self._master = self._slave = -1

    def close(self) -> None:
        """Unplug for good and stop the threads."""
        self._closed.set()
        self._unplug()
        for thread in self._threads:
            thread.join(1.0)

    # ---------------------------------------------------------------- output

    def say(self, line: str) -> None:
        """One line on stdout, for whoever drives the simulator."""
        with self._out_lock:
            try:
                self.out.write(line + "\n")
                self.out.flush()
            except (BrokenPipeError, ValueError):
                pass  # nobody reads our output any more; the board goes on

    def _hello(self) -> Hello:
        return Hello(PROTOCOL_VERSION, self.role, self.serial_number, "sim-1", self.seats, max(10, self.heartbeat_ms or 1000))

    def frame(self, message: Message) -> tuple[int, bytes]:
        """The next sequence number and the frame carrying ``message`` (the number is used up)."""
        with self._lock:
            seq = self._seq
            self._seq = (seq + 1) % SEQ_MODULO
            return seq, encode(message, seq)

    def send(self, message: Message, *, stamp: bool = False) -> int:
        """Frame and write ``message``; returns its sequence number."""
        with self._lock:
            seq, data = self.frame(message)
            if stamp:
                self.stamps.append((seq, time.monotonic_ns()))
            self.write(data)
            return seq

    def write(self, data: bytes) -> None:
        """Write raw bytes to the pty (dropped if the console does not read for a second, as a UART would)."""
        with self._lock:
            view = memoryview(data)
            deadline = time.monotonic() + 1.0
            while view and self._master >= 0 and time.monotonic() < deadline:
                try:
                    written = os.write(self._master, view)
                    view = view[written:]
                except BlockingIOError:
                    select.select([], [self._master], [], 0.01)
                except OSError as error:
                    if error.errno in (errno.EIO, errno.EBADF):
                        return
                    raise

    # ---------------------------------------------------------------- background

    def _heartbeats(self) -> None:
        while not self._closed.is_set():
            interval = self.heartbeat_ms / 1000 if self.heartbeat_ms else 0.1
            self._closed.wait(interval)
            if self.heartbeat_ms and time.monotonic() >= self._silent_until and self._master >= 0:
                self.send(Heartbeat(int((time.monotonic() - self._started) * 1000)))

    def _console_commands(self) -> None:
        decoder = FrameDecoder()
        while not self._closed.is_set():
            fd = self._master
            if fd < 0:
                time.sleep(0.01)
                continue
            try:
                ready, _, _ = select.select([fd], [], [], 0.05)
                data = os.read(fd, 4096) if ready else b""
            except OSError:
                time.sleep(0.01)
                continue
            for item in decoder.feed(data):
                if isinstance(item, Frame):
                    self._answer(item)
                else:
                    self.say(f"RXERR {item}")

    def _answer(self, frame: Frame) -> None:
        message = frame.message
        if isinstance(message, SetLight):
            self.lights[message.seat] = message.mode.value
            self.say(f"LIGHT {message.seat} {message.mode.value}")
            self._reply(Ack(frame.seq))
        elif isinstance(message, ReadRequest):
            self.say("READ" if message.seat is None else f"READ {message.seat}")
            if message.seat is None:
                replies: list[Message] = [self._hello(), *self.zones.values()]
                replies += [r for r in (self.pot, self.button) if r is not None]
            else:
                replies = [self.zones.get(message.seat, ZoneReading(message.seat, 0, ()))]
            for reply in replies:
                self._reply(reply)
        elif isinstance(message, Ack):
            self.say(f"ACKED {message.seq}")
        else:
            self.say(f"RX {type(message).__name__}")

    def _reply(self, message: Message) -> None:
        if time.monotonic() >= self._silent_until:
            self.send(message)

    # ---------------------------------------------------------------- commands

    def message_for(self, words: list[str]) -> Message:
        """The message a reading command describes (``zone 3 500 500x1``, ``button 4``...)."""
        verb, args = words[0], words[1:]
        if verb == "hello":
            return self._hello()
        if verb == "zone":
            seat, amount = int(args[0]), int(args[1])
            chips = parse_chips(args[2]) if len(args) > 2 else None
            return ZoneReading(seat, amount, chips)
        if verb == "pot":
            return PotReading(int(args[0]), parse_chips(args[1]) if len(args) > 1 else None)
        if verb == "button":
            return ButtonReading(int(args[0]) or None)
        if verb == "err":
            return DeviceFault(args[0], " ".join(args[1:]))
        raise ValueError(f"unknown reading {verb!r}")

    def _remember(self, message: Message) -> None:
        if isinstance(message, ZoneReading):
            self.zones[message.seat] = message
        elif isinstance(message, PotReading):
            self.pot = message
        elif isinstance(message, ButtonReading):
            self.button = message

    def execute(self, line: str) -> bool:
        """Run one command line; False when it was ``quit``."""
        words = shlex.split(line, comments=True)
        if not words:
            return True
        verb, args = words[0], words[1:]
        try:
            if verb == "quit":
                return False
            if verb in ("hello", "zone", "pot", "button", "err"):
                message = self.message_for(words)
                self._remember(message)
                self.send(message)
            elif verb == "garbage":
                alphabet = bytes(b for b in range(256) if b != ord("$"))
                self.write(bytes(self.random.choice(alphabet) for _ in range(int(args[0]))))
            elif verb == "badsum":
                _, data = self.frame(self.message_for(args))
                crc = int(data[-6:-2], 16) ^ 0x0101
                self.write(data[:-6] + b"%04X\r\n" % crc)
            elif verb == "split":
                _, data = self.frame(self.message_for(args[1:]))
                half = len(data) // 2
                with self._lock:  # a board sends nothing else in the middle of a frame
                    self.write(data[:half])
                    time.sleep(int(args[0]) / 1000)
                    self.write(data[half:])
            elif verb == "cut":
                _, data = self.frame(self.message_for(args))
                self.write(data[: len(data) // 2])
            elif verb == "silence":
                self._silent_until = time.monotonic() + float(args[0])
                time.sleep(float(args[0]))
            elif verb == "unplug":
                self._unplug()
                time.sleep(float(args[0]))
                self._plug()
            elif verb == "heartbeat":
                self.heartbeat_ms = int(args[0])
            elif verb == "burst":
                count = int(args[0])
                interval = float(args[1]) / 1000 if len(args) > 1 else 0.0
                start = time.perf_counter()
                for i in range(count):
                    self.send(ZoneReading(1 + i % self.seats, i), stamp=True)
                    if interval:
                        # pace against the clock so that the average rate holds
                        delay = start + (i + 1) * interval - time.perf_counter()
                        if delay > 0:
                            time.sleep(delay)
            elif verb == "sleep":
                time.sleep(float(args[0]))
            else:
                raise ValueError(f"unknown command {verb!r}")
        except (ValueError, IndexError) as error:
            self.say(f"ERR {line.strip()}: {error}")
            return True
        self.say(f"OK {verb}")
        return True

    def run(self, lines: Iterable[str]) -> bool:
        """Run commands until ``quit``; False if ``quit`` was seen."""
        for line in lines:
            if not self.execute(line):
                return False
        return True


def demo_script(*, hands: int = 3, seats: int = 6, seed: int = 1) -> Iterator[str]:
    """Commands that play a small table: the button moves, blinds and calls land in the zones, the pot grows."""
    rng = random.Random(seed)
    pot = 0
    for hand in range(hands):
        button = 1 + hand % seats
        yield f"button {button}"
        small, big = 1 + button % seats, 1 + (button + 1) % seats
        yield f"zone {small} 5 5x1"
        yield f"zone {big} 10 10x1"
        for offset in range(2, seats + 2):
            seat = 1 + (button + offset) % seats
            if seat in (small, big):
                yield f"zone {seat} 10 5x2" if seat == small else "sleep 0.1"
            elif rng.random() < 0.6:
                yield f"zone {seat} 10 10x1"
            yield "sleep 0.2"
        pot += 10 * seats
        for seat in range(1, seats + 1):
            yield f"zone {seat} 0"
        yield f"pot {pot}"
        yield "sleep 0.5"


def _lines(stream: TextIO) -> Iterator[str]:
    yield from stream


def main(argv: list[str] | None = None, *, stdin: TextIO | None = None, on_start: Callable[[TableSimulator], None] | None = None) -> int:
    """Entry point of ``python -m drivers.simulator``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m drivers.simulator", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--serial", default="SIM-0001", help="the board's serial number in HELLO")
    parser.add_argument("--role", default="combined", choices=[r.value for r in BoardRole])
    parser.add_argument("--seats", type=int, default=10)
    parser.add_argument("--heartbeat-ms", type=int, default=100)
    parser.add_argument("--link", type=Path, help="keep a symbolic link here to the current pty (a stable name across unplugs)")
    parser.add_argument("--script", help="a file of commands, or 'demo' for the demo table")
    parser.add_argument("--interactive", action="store_true", help="read commands from stdin after the script")
    parser.add_argument("--timestamps", type=Path, help="write '<seq> <monotonic ns>' of every burst frame here at exit")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    simulator = TableSimulator(
        serial_number=options.serial,
        role=BoardRole(options.role),
        seats=options.seats,
        heartbeat_ms=options.heartbeat_ms,
        link=options.link,
        seed=options.seed,
    )
    simulator.start()
    if on_start:
        on_start(simulator)
    try:
        going = True
        if options.script == "demo":
            going = simulator.run(demo_script(seats=min(simulator.seats, 6)))
        elif options.script:
            going = simulator.run(Path(options.script).read_text().splitlines())
        if going and (options.interactive or not options.script):
            simulator.run(_lines(stdin or sys.stdin))
    except KeyboardInterrupt:
        pass
    finally:
        simulator.close()
        if options.timestamps:
            options.timestamps.write_text("".join(f"{seq} {ns}\n" for seq, ns in simulator.stamps))
        simulator.say("BYE")
    return 0
