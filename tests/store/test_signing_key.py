"""The console's signing key: created once with mode 0600, refused when others can read it, registered in the store.

Sources: issue 27, "A chain no insider can shorten or rewrite unseen" (heads signed with Ed25519 by a per-console key
kept in a file only the console's system user can read, the public key registered in the store); SPEC, Insiders.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from sqlalchemy import text

from dealer_console.config import StoreSettings
from dealer_console.store import ReadingTaken, Store
from dealer_console.store.keys import KEY_FILE, SigningKeyError, head_signature_holds, load_or_create_key


def test_the_key_is_created_beside_the_store_readable_by_its_user_alone_and_registered(tmp_path: Path) -> None:
    """First append: ``dealer-console.key`` beside the SQLite file, mode 0600; its public key signs and is registered."""
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    with Store.open(url, settings=StoreSettings(data_dir=tmp_path / "elsewhere")) as store:
        assert not (tmp_path / KEY_FILE).exists(), "opening (as the floor does, to read) creates no key"
        table_id = store.create_table("T")
        key = load_or_create_key(tmp_path / KEY_FILE)
        assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600
        with store.sql_engine.connect() as connection:
            registered = connection.execute(text("SELECT key_id, public_key FROM signing_keys")).all()
            head = connection.execute(text("SELECT last_seq, last_hash, key_id, signature FROM chain_heads")).one()
        assert [(row.key_id, row.public_key) for row in registered] == [(key.key_id, key.public_key)]
        assert head.key_id == key.key_id
        assert head_signature_holds(key.public_key, table_id=table_id, seq=head.last_seq, digest=head.last_hash, signature=head.signature)
        report = store.verify_log(table_id)[0]
        assert report.intact and report.key_id == key.key_id and f"signed by key {key.key_id[:16]}" in report.describe()


def test_a_key_file_others_can_read_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    """A key readable by the group or others proves nothing: the append is refused, naming the file and its mode."""
    key_path = tmp_path / "keys" / "console.key"
    settings = StoreSettings(data_dir=tmp_path, signing_key=key_path)
    with Store.open(f"sqlite:///{tmp_path / 'store.sqlite3'}", settings=settings) as store:
        table_id = store.create_table("T")
        os.chmod(key_path, 0o644)
    with Store.open(f"sqlite:///{tmp_path / 'store.sqlite3'}", settings=settings) as store:
        with pytest.raises(SigningKeyError) as refused:
            store.append(table_id, ReadingTaken(subject="board", value="As"))
        message = str(refused.value)
        assert "\n" not in message and str(key_path) in message and "0644" in message and "chmod 600" in message
        assert [event.seq for event in store.events(table_id)] == [1]


def test_a_damaged_key_file_is_refused_with_one_line(tmp_path: Path) -> None:
    """A key file that is not 32 hex-encoded bytes is named, never silently replaced by a new key."""
    key_path = tmp_path / "console.key"
    key_path.write_text("not a key\n")
    key_path.chmod(0o600)
    with pytest.raises(SigningKeyError, match="is not a dealer-console key"):
        load_or_create_key(key_path)
    assert key_path.read_text() == "not a key\n"


def test_the_same_key_file_gives_the_same_key_and_is_never_overwritten(tmp_path: Path) -> None:
    """Loading twice (a restart) signs with the same key."""
    first = load_or_create_key(tmp_path / "k")
    second = load_or_create_key(tmp_path / "k")
    assert first.public_key == second.public_key and len(first.public_key) == 64
