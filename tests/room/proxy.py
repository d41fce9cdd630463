"""A small TCP proxy on 127.0.0.1 between shippers and PostgreSQL, whose connection can be cut or stalled.

``cut()`` closes every open connection and refuses new ones (accepted, then closed at once) until
``restore()``: what a console sees when the room's network or server goes away. ``stall()`` is the
silent kind: every connection stays open and new ones are accepted, but nothing is forwarded either
way (what a console sees when a switch or a firewall drops its packets without a word) until
``resume()``, when what was held goes on in order. The real server is never stopped.
"""

from __future__ import annotations

import contextlib
import socket
import threading


class CuttableProxy:
    """Forwards 127.0.0.1:<port> to ``upstream`` until cut."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._cut = threading.Event()
        self._stop = threading.Event()
        self._flowing = threading.Event()
        self._flowing.set()
        self.refused = 0
        self.accepted = 0
        self._thread = threading.Thread(target=self._accept, name="cuttable-proxy", daemon=True)

    def __enter__(self) -> CuttableProxy:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._stop.set()
        self._flowing.set()
        self._thread.join(2)
        self._listener.close()
        self._drop_all()

    def cut(self) -> None:
        """Close every connection and refuse new ones."""
        self._cut.set()
        self._drop_all()

    def restore(self) -> None:
        """Accept and forward again."""
        self._cut.clear()

    def stall(self) -> None:
        """Forward nothing, close nothing: connections stay open (new ones too) and their bytes are held."""
        self._flowing.clear()

    def resume(self) -> None:
        """Forward again, the held bytes first."""
        self._flowing.set()

    def _held(self) -> bool:
        """Wait while stalled; ``True`` when the connection is to be dropped instead (cut or closed)."""
        while not self._flowing.wait(0.1):
            if self._cut.is_set() or self._stop.is_set():
                return True
        return self._cut.is_set()

    def _drop_all(self) -> None:
        with self._lock:
            sockets = list(self._open)
            self._open.clear()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if self._cut.is_set():
                self.refused += 1
                with contextlib.suppress(OSError):
                    client.close()
                continue
            try:
                server = socket.create_connection(self.upstream, timeout=3)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            self.accepted += 1
            with self._lock:
                self._open.update((client, server))
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if self._held() or not data:  # a closed end is held too: a stall says nothing
                    break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                with self._lock:
                    self._open.discard(sock)
                with contextlib.suppress(OSError):
                    sock.close()
