"""The console's signing key: Ed25519 (the ``cryptography`` package), kept in a file only its system user reads.

Each console signs the head of every table's chain it appends to (``chain_heads.signature``), so
that cutting events off the end and pointing the head at the new last hash, or rewriting every
later hash, needs this key and not only write access to the database. The key is a file of 32
raw private bytes (hex, one line), created on first use with mode 0600 beside the SQLite store
(``dealer-console.key`` in the store's folder), in the data folder for a PostgreSQL store, or at
the configured ``store.signing_key``. A key file that anyone else can read or write is refused
(:class:`SigningKeyError`, one line naming the file and its mode): it would not prove anything.

The public key is registered in the store (``signing_keys``) and shipped to the room with each
head. A head's signature covers :func:`head_message`: the table, the seq and the hash of its last
event.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from dealer_console.store.errors import StoreError

KEY_FILE = "dealer-console.key"
"""The key file's name beside the store (or in the data folder)."""


class SigningKeyError(StoreError):
    """The console's signing key cannot be used: unreadable, malformed, or readable by others; names the file."""

    def __init__(self, message: str, *, path: str) -> None:
        super().__init__(message)
        self.path = path


def key_id_of(public_key: str) -> str:
    """A public key's fingerprint: SHA-256 of its 32 raw bytes (hex); shown as its first 16 characters."""
    return hashlib.sha256(bytes.fromhex(public_key)).hexdigest()


def head_message(table_id: int, seq: int, digest: str) -> bytes:
    """What a head's signature covers: the table, its last seq and that event's hash."""
    return f"dealer-console chain head v1\n{table_id}\n{seq}\n{digest}".encode("ascii")


def head_signature_holds(public_key: str, *, table_id: int, seq: int, digest: str, signature: str) -> bool:
    """True when ``signature`` (hex) is ``public_key``'s (hex) signature of this head."""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key)).verify(bytes.fromhex(signature), head_message(table_id, seq, digest))
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True, slots=True)
class ConsoleKey:
    """A console's signing key, loaded from its file."""

    private: Ed25519PrivateKey
    public_key: str
    """The public key's 32 raw bytes, hex."""
    path: Path

    @property
    def key_id(self) -> str:
        return key_id_of(self.public_key)

    def sign_head(self, table_id: int, seq: int, digest: str) -> str:
        """The head's signature, hex."""
        return self.private.sign(head_message(table_id, seq, digest)).hex()


def default_key_path(*, sqlite_path: str, data_dir: Path) -> Path:
    """Beside the SQLite file, else in the data folder."""
    return (Path(sqlite_path).parent if sqlite_path else data_dir) / KEY_FILE


def load_or_create_key(path: Path) -> ConsoleKey:
    """The key in ``path``, created (mode 0600, never overwriting) when there is none; refused if others can read it."""
    path = path.expanduser()
    if not path.exists():
        _create(path)
    try:
        mode = path.stat().st_mode
        if os.name == "posix" and mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise SigningKeyError(f"the signing key {path} can be read or written by others (mode {stat.S_IMODE(mode):04o}):"
                                  f" make it the console user's alone (chmod 600 {path}); nothing was signed", path=str(path))
        text = path.read_text(encoding="ascii").strip()
    except OSError as error:
        raise SigningKeyError(f"cannot read the signing key {path}: {error.strerror or error}", path=str(path)) from error
    except UnicodeDecodeError as error:
        raise SigningKeyError(f"the signing key {path} is not a dealer-console key (not hex text)", path=str(path)) from error
    try:
        private = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(text))
    except ValueError as error:
        raise SigningKeyError(f"the signing key {path} is not a dealer-console key (64 hex characters expected)", path=str(path)) from error
    public = private.public_key().public_bytes_raw().hex()
    return ConsoleKey(private, public, path)


def _create(path: Path) -> None:
    from cryptography.hazmat.primitives import serialization

    private = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(descriptor, (private.hex() + "\n").encode("ascii"))
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        try:
            os.link(temporary, path)  # never replaces a key another process created meanwhile
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
    except OSError as error:
        raise SigningKeyError(f"cannot create the signing key {path}: {error.strerror or error}", path=str(path)) from error


__all__ = [
    "KEY_FILE", "ConsoleKey", "SigningKeyError", "default_key_path", "head_message", "head_signature_holds", "key_id_of",
    "load_or_create_key",
]
