"""The hash chain detects any edit, deletion, insertion or reordering, and verify-log names the event.

Sources: SPEC.md, Records and review ("Events are never edited or deleted ... The log is
hash-chained so that any edit, deletion or reordering is detected by a verify command"); issue 4,
done-when 3 (an edited payload, a deleted event, an inserted event and two swapped events are each
detected by ``verify-log``, naming the event); issue 27, done-when 1 (also a deleted head row, a cut tail with the head
re-pointed, and every later hash rewritten without the console's key: each exit 1, naming the table and seq).

Each test stores one real hand (every event through the write-ahead recorder), tampers with the
database directly as someone with write access would, and runs ``dealer-console verify-log``.
The hashes an attacker computes here follow the documented formula, written out again in this
file (not imported from the store), so the test also pins the formula down.
"""

from __future__ import annotations

import hashlib
import json
import random
from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from dealer_console.cli import main
from dealer_console.sim.stepwise_play import play_in_memory, random_hand_setup
from dealer_console.store import HandOpened, Store
from dealer_console.store.stored import hand_closed_record


def documented_hash(previous: str, row: dict[str, object]) -> str:
    """docs/store.md: SHA-256 of the previous hash, a newline, and the sorted-key JSON of every column but the hash."""
    def moment(value: object) -> object:
        if value is None:
            return None
        if isinstance(value, str):  # SQLite's raw rows hold the text it stores
            value = datetime.fromisoformat(value)
        assert isinstance(value, datetime)
        aware = value if value.tzinfo else value.replace(tzinfo=UTC)
        return aware.astimezone(UTC).isoformat(timespec="microseconds")

    content = {key: (moment(value) if key in ("recorded_at", "frame_at") else value) for key, value in row.items() if key != "hash"}
    encoded = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((previous + "\n" + encoded).encode("utf-8")).hexdigest()


def rows(store: Store, table_id: int) -> list[dict[str, object]]:
    with store.sql_engine.connect() as connection:
        result = connection.execute(text("SELECT * FROM events WHERE table_id = :t ORDER BY seq"), {"t": table_id})
        return [dict(row._mapping) for row in result]


def run_sql(store: Store, *statements: tuple[str, dict[str, object]]) -> None:
    with store.sql_engine.begin() as connection:
        for statement, parameters in statements:
            connection.execute(text(statement), parameters)


@pytest.fixture
def played(store: Store) -> tuple[Store, int]:
    """A table whose log holds one complete hand (about 20 to 40 events)."""
    table_id = store.create_table("Tamper table")
    rng = random.Random(7)
    setup = random_hand_setup(rng)
    hand = play_in_memory(setup, rng)
    store.append_many(table_id, [HandOpened(number=1, setup=setup), *hand.events, hand_closed_record(hand, number=1)])
    assert len(rows(store, table_id)) >= 12
    return store, table_id


def verify(store_url: str, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["verify-log", "--database", store_url, *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_intact_log_verifies_and_every_hash_follows_the_documented_formula(
    played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/store.md (Hash chain): recomputing the chain by hand gives the stored hashes; verify-log exits 0."""
    store, table_id = played
    previous = "0" * 64
    for row in rows(store, table_id):
        assert row["hash"] == documented_hash(previous, row), f"seq {row['seq']}"
        previous = str(row["hash"])
    code, output = verify(store_url, capsys)
    assert code == 0
    assert "chain intact" in output and previous in output


def test_edited_payload_is_detected_at_that_event(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """SPEC Records: an edit is detected; the report names the edited event (seq and kind)."""
    store, table_id = played
    target = next(row for row in rows(store, table_id) if row["kind"] == "blind")
    payload = json.loads(str(target["payload"]))
    payload["amount"] = int(payload["amount"]) * 10
    run_sql(store, ("UPDATE events SET payload = :p WHERE table_id = :t AND seq = :s",
                    {"p": json.dumps(payload, sort_keys=True, separators=(",", ":")), "t": table_id, "s": target["seq"]}))
    code, output = verify(store_url, capsys, "--table", str(table_id))
    assert code == 1
    assert f"first broken link at seq {target['seq']} (blind)" in output


def test_edit_of_one_byte_of_whitespace_is_detected(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The payload is hashed as stored text: even an edit that keeps the JSON's meaning breaks the link."""
    store, table_id = played
    target = rows(store, table_id)[3]
    run_sql(store, ("UPDATE events SET payload = :p WHERE table_id = :t AND seq = :s",
                    {"p": str(target["payload"]).replace(":", ": ", 1), "t": table_id, "s": target["seq"]}))
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"seq {target['seq']} ({target['kind']})" in output


def test_edited_wall_clock_time_is_detected(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every stored column is hashed, the wall-clock time included (it is matched with surveillance video)."""
    store, table_id = played
    target = rows(store, table_id)[5]
    run_sql(store, ("UPDATE events SET recorded_at = :m WHERE table_id = :t AND seq = :s",
                    {"m": datetime(2020, 1, 1, tzinfo=UTC), "t": table_id, "s": target["seq"]}))
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"first broken link at seq {target['seq']} ({target['kind']})" in output


def test_deleted_event_is_detected_at_the_event_after_the_gap(
    played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC Records: a deletion is detected; the report names the event that follows the gap and the missing seq."""
    store, table_id = played
    log = rows(store, table_id)
    deleted, after = log[6], log[7]
    run_sql(store, ("DELETE FROM events WHERE table_id = :t AND seq = :s", {"t": table_id, "s": deleted["seq"]}))
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"first broken link at seq {after['seq']} ({after['kind']})" in output
    assert f"seq {deleted['seq']} missing" in output


def test_deleted_and_renumbered_event_is_detected(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A deletion hidden by renumbering the later events (no gap left) still breaks the next link."""
    store, table_id = played
    log = rows(store, table_id)
    deleted, after = log[6], log[7]
    run_sql(
        store,
        ("DELETE FROM events WHERE table_id = :t AND seq = :s", {"t": table_id, "s": deleted["seq"]}),
        ("UPDATE events SET seq = seq + 100000 WHERE table_id = :t AND seq > :s", {"t": table_id, "s": deleted["seq"]}),
        ("UPDATE events SET seq = seq - 100001 WHERE table_id = :t AND seq > 100000", {"t": table_id}),
        ("UPDATE chain_heads SET last_seq = last_seq - 1 WHERE table_id = :t", {"t": table_id}),
    )
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"first broken link at seq {deleted['seq']} ({after['kind']})" in output


def test_inserted_event_is_detected_even_with_a_correct_hash_of_its_own(
    played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An insertion is detected: a forged event hashed onto its predecessor breaks the link of the event after it."""
    store, table_id = played
    log = rows(store, table_id)
    position = 8
    displaced = log[position]
    forged = {**displaced, "kind": "fold", "payload": json.dumps({"seat": 1}, separators=(",", ":"))}
    forged["hash"] = documented_hash(str(log[position - 1]["hash"]), forged)
    run_sql(
        store,
        ("UPDATE events SET seq = seq + 100000 WHERE table_id = :t AND seq >= :s", {"t": table_id, "s": displaced["seq"]}),
        ("UPDATE events SET seq = seq - 99999 WHERE table_id = :t AND seq > 100000", {"t": table_id}),
        ("INSERT INTO events (table_id, seq, hand_id, recorded_at, frame_at, source, actor, kind, payload, voids_seq,"
         " evidence_sha256, hash) VALUES (:table_id, :seq, :hand_id, :recorded_at, :frame_at, :source, :actor, :kind,"
         " :payload, :voids_seq, :evidence_sha256, :hash)",
         forged),
        ("UPDATE chain_heads SET last_seq = last_seq + 1 WHERE table_id = :t", {"t": table_id}),
    )
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"first broken link at seq {int(str(displaced['seq'])) + 1} ({displaced['kind']})" in output


def test_two_swapped_events_are_detected(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """SPEC Records: a reordering is detected; the report names the first event out of place."""
    store, table_id = played
    log = rows(store, table_id)
    first, second = log[9], log[10]
    run_sql(
        store,
        ("UPDATE events SET seq = -1 WHERE table_id = :t AND seq = :s", {"t": table_id, "s": first["seq"]}),
        ("UPDATE events SET seq = :a WHERE table_id = :t AND seq = :b", {"t": table_id, "a": first["seq"], "b": second["seq"]}),
        ("UPDATE events SET seq = :b WHERE table_id = :t AND seq = -1", {"t": table_id, "b": second["seq"]}),
    )
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"first broken link at seq {first['seq']} ({second['kind']})" in output


def test_events_cut_off_the_end_are_detected(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Deleting the last events leaves a chain that holds, but not up to the head recorded with every append."""
    store, table_id = played
    log = rows(store, table_id)
    run_sql(store, ("DELETE FROM events WHERE table_id = :t AND seq > :s", {"t": table_id, "s": log[-3]["seq"]}))
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"seq {log[-3]['seq']} ({log[-3]['kind']})" in output and f"seq {log[-2]['seq']} onwards missing" in output


def test_only_the_tampered_table_is_reported_broken(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each table has its own chain: tampering with one leaves the others intact (and verify-log says which)."""
    store, table_id = played
    other = store.create_table("Untouched table")
    run_sql(store, ("UPDATE events SET actor = 'someone else' WHERE table_id = :t AND seq = 2", {"t": table_id}))
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"table {other} (Untouched table): 1 events, chain intact" in output
    assert f"table {table_id}: first broken link at seq 2" in output
    assert verify(store_url, capsys, "--table", "Untouched table")[0] == 0


def test_rewriting_every_later_hash_without_the_key_is_detected_at_the_head(
    played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27, done-when 1: an edit followed by every later hash rewritten (and the head moved to the new last hash)
    passes every link, but not the head's signature, which needs the console's key; verify-log names the table and seq."""
    store, table_id = played
    anchor = store.verify_log(table_id)[0].head_hash
    log = rows(store, table_id)
    previous = "0" * 64
    statements: list[tuple[str, dict[str, object]]] = []
    for row in log:
        if row["seq"] == 4:
            row["actor"] = "forger"
        row["hash"] = documented_hash(previous, row)
        previous = str(row["hash"])
        statements.append(("UPDATE events SET actor = :a, hash = :h WHERE table_id = :t AND seq = :s",
                           {"a": row["actor"], "h": row["hash"], "t": table_id, "s": row["seq"]}))
    statements.append(("UPDATE chain_heads SET last_hash = :h WHERE table_id = :t", {"h": previous, "t": table_id}))
    run_sql(store, *statements)
    report = store.verify_log(table_id)[0]
    assert report.head_hash != anchor
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"table {table_id}: first broken link at seq {log[-1]['seq']} ({log[-1]['kind']})" in output
    assert "signature" in output and "without the console's key" in output


def test_deleting_the_head_row_does_not_hide_the_table(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27 (insiders): ``DELETE FROM chain_heads`` made verify-log print "no tables in the log" and exit 0; the
    tables are now found from the events themselves, and a missing head is refused, naming the table and seq."""
    store, table_id = played
    last = rows(store, table_id)[-1]
    run_sql(store, ("DELETE FROM chain_heads", {}))
    code, output = verify(store_url, capsys)
    assert code == 1
    assert "no tables in the log" not in output
    assert f"table {table_id}: first broken link at seq {last['seq']} ({last['kind']}): the table's chain head record is missing" in output


def test_cutting_the_tail_and_re_pointing_the_head_is_detected(
    played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27, done-when 1: the last events deleted and the head moved to the new last hash (no hash work at all)
    leave every link whole, but the head's signature no longer holds."""
    store, table_id = played
    log = rows(store, table_id)
    kept = log[-4]
    run_sql(
        store,
        ("DELETE FROM events WHERE table_id = :t AND seq > :s", {"t": table_id, "s": kept["seq"]}),
        ("UPDATE chain_heads SET last_seq = :s, last_hash = :h WHERE table_id = :t", {"s": kept["seq"], "h": kept["hash"], "t": table_id}),
    )
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"table {table_id}: first broken link at seq {kept['seq']} ({kept['kind']})" in output
    assert "signature" in output


def test_removing_the_head_signature_is_detected(played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """An unsigned head is refused: otherwise erasing the signature would turn the check off."""
    store, table_id = played
    log = rows(store, table_id)
    kept = log[-2]
    run_sql(
        store,
        ("DELETE FROM events WHERE table_id = :t AND seq > :s", {"t": table_id, "s": kept["seq"]}),
        ("UPDATE chain_heads SET last_seq = :s, last_hash = :h, signature = NULL, key_id = NULL WHERE table_id = :t",
         {"s": kept["seq"], "h": kept["hash"], "t": table_id}),
    )
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"table {table_id}: first broken link at seq {kept['seq']} ({kept['kind']}): the chain head is not signed" in output


def test_a_head_signed_by_an_unregistered_key_is_detected(
    played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A head re-signed with a key of the forger's own, not registered in the store, is refused."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    store, table_id = played
    log = rows(store, table_id)
    kept = log[-3]
    forger = Ed25519PrivateKey.generate()
    public = forger.public_key().public_bytes_raw()
    message = f"dealer-console chain head v1\n{table_id}\n{kept['seq']}\n{kept['hash']}".encode()
    run_sql(
        store,
        ("DELETE FROM events WHERE table_id = :t AND seq > :s", {"t": table_id, "s": kept["seq"]}),
        ("UPDATE chain_heads SET last_seq = :s, last_hash = :h, key_id = :k, signature = :g WHERE table_id = :t",
         {"s": kept["seq"], "h": kept["hash"], "k": hashlib.sha256(public).hexdigest(), "g": forger.sign(message).hex(), "t": table_id}),
    )
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"table {table_id}: first broken link at seq {kept['seq']}" in output and "not registered in this store" in output


def test_deleting_a_tables_whole_log_and_head_is_detected(
    played: tuple[Store, int], store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table whose every event and head row are gone is not "intact with 0 events": its log must start at seq 1."""
    store, table_id = played
    run_sql(store, ("DELETE FROM rulings", {}), ("DELETE FROM hand_seats", {}), ("DELETE FROM events", {}),
            ("DELETE FROM hands", {}), ("DELETE FROM chain_heads", {}))
    code, output = verify(store_url, capsys)
    assert code == 1
    assert f"table {table_id}: first broken link at seq 1" in output
