"""The dispute report's HTML: a hand with a re-straddle, an all-in run twice, a camera reading below the threshold that
the dealer confirmed (with pictures), a floor correction and a ruling; and every record kind in words.

The hand (worked out by hand; Omaha no-limit 1/2, button seat 4, seat 1 small blind 1, seat 2 big blind 2):
  seat 3 (Cleo, 60) straddles 4; seats 1, 2 and 3 agree to a re-straddle and seat 4 (Dev) re-straddles 8
  (omaha-club-rules.txt, STRADDLE/RESTRADDLE); seats 1 and 2 fold, seat 3 goes all in for 56 more (60 in all), seat 4
  calls 52 (his 8 already in); both agree to run it twice (SPEC: All-in, side pots, extra boards).
  Run 1: 2c 8d 9s Th 4s (flop read by the camera: card 2, 8d, at 41 %, below the 90 % threshold, confirmed by Dana);
  run 2: Td 5c 3c 8s 2d. Pot 123 = 1 + 2 + 60 + 60: run 1 gets 62 (the odd chip goes to the first run), run 2 61.
  Run 1: Dev's QQ+JT with 8 9 makes Q-J-T-9-8, a straight; Cleo's AA has only a pair. Run 2: Cleo's AA with T 8 5... a
  pair of aces beats Dev's pair of queens. The floor manager corrects run 2's river (2d was 2s: it changes nothing) and
  rules that the split stands.
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from dealer_console.engine.cards import parse_cards
from dealer_console.engine.events import EVENT_TYPES, BlindKind, BoardDealt
from dealer_console.engine.hand import Hand
from dealer_console.floor import HandReview, dispute_report_html
from dealer_console.floor.corrections import DisputeKind
from dealer_console.floor.event_words import SENTENCES, Circumstances, event_sentence
from dealer_console.store import Source, Store, open_hand
from dealer_console.store.codec import record_payload, store_record_types, table_event_types
from dealer_console.store.records import ReadingTaken
from tests.support.hands import make_hand
from tests.support.staff import signed_in_floor_manager

THRESHOLD = 0.9
CONFIRMED_AT = datetime.now(UTC).replace(microsecond=123456)
"""When the dealer confirmed the doubtful card (the report shows it to the millisecond)."""


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A real PNG of one colour (each picture its own colour, so a rendered page shows where each one lies)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


COLOURS = [(0, 0, 255), (0, 200, 255), (255, 0, 255), (255, 160, 0), (0, 220, 0), (128, 0, 255), (0, 128, 128), (255, 230, 0)]
"""One colour per picture: run 1's frame and its three crops, run 2's frame and its three crops."""


@dataclass
class Reported:
    store: Store
    hand_id: int
    review: HandReview
    pictures: list[tuple[str, tuple[int, int, int]]]
    """(SHA-256, colour) of each picture, in the report's order."""


def record_reported_hand(store: Store) -> Reported:
    table_id = store.create_table("Table 5")
    manager = signed_in_floor_manager(store)  # Flo, the one account the hand needs (a sign-in costs Argon2 time); Dana is a name
    scratch = make_hand({1: 200, 2: 200, 3: 60, 4: 200}, button=4)
    recorded = open_hand(store, table_id, scratch.setup, players={1: "Anna", 2: "Ben", 3: "Cleo", 4: "Dev"}, actor="Dana")
    pictures: list[tuple[str, tuple[int, int, int]]] = []

    def play(verb: str, *args: object, **kwargs: object) -> int:
        sketch = Hand(recorded.hand.setup, recorded.hand.events)
        before = len(sketch.events)
        getattr(sketch, verb)(*args, **kwargs)
        seq = 0
        for event in sketch.events[before:]:
            evidence = None
            if verb == "deal_board" and len(event.cards) == 3:  # type: ignore[attr-defined]
                evidence = picture(1280, 720)
            seq = recorded.play(event, source=Source.CAMERA if evidence else Source.DEALER, actor="Dana", evidence_sha256=evidence).seq
            if evidence:
                for slot, card in enumerate(event.cards):  # type: ignore[attr-defined]
                    low = verb == "deal_board" and slot == 1 and kwargs.get("run", 0) == 0
                    reading = ReadingTaken(subject=f"flop card {slot + 1}", value=str(card), confidence=0.41 if low else 0.97,
                                           applied=True, threshold=THRESHOLD, confirmed_by="Dana" if low else "",
                                           confirmed_at=CONFIRMED_AT if low else None)
                    store.append(table_id, reading, hand_id=recorded.hand_id, source=Source.CAMERA, actor="Dana",
                                 evidence_sha256=picture(96, 128))
        return seq

    def picture(width: int, height: int) -> str:
        colour = COLOURS[len(pictures)]
        sha = store.put_evidence(png(width, height, colour), media_type="image/png", table_id=table_id)
        pictures.append((sha, colour))
        return sha

    play("post_blinds")
    play("post_blind", 3, 4, BlindKind.STRADDLE)
    for seat in (1, 2, 3):
        play("consent_to_restraddle", seat, True)
    play("post_blind", 4, 8, BlindKind.RESTRADDLE)
    holes = {1: "2h3h4h5h", 2: "6s6d7c7h", 3: "AsAhKdKc", 4: "QsQhJdJc"}
    for seat in recorded.hand.deal_order():
        play("deal_hole", seat, holes[seat])
    play("fold", 1)
    play("fold", 2)
    play("all_in", 3)
    play("call", 4)
    play("choose_runs", 3, 2)
    play("choose_runs", 4, 2)
    river = 0
    for run, streets in ((0, ("2c8d9s", "Th", "4s")), (1, ("Td5c3c", "8s", "2d"))):
        for cards in streets:
            play("burn")
            river = play("deal_board", cards, run=run)
    for seat in recorded.hand.showdown_order():
        if not recorded.hand.is_complete:
            play("show", seat)
    recorded.close(actor="Dana")
    review = HandReview.load(store, recorded.hand_id)
    review = review.record_correction(river, BoardDealt(cards=tuple(parse_cards("2s")), run=1), reason="the river was 2s, seen on video",
                                      by=manager)
    review = review.record_ruling(by=manager, rule="TDA 15", decision="the split between seats 3 and 4 stands", pot_held=True,
                                  disputed_amount=61, dispute=DisputeKind.HAND_READING)
    return Reported(store, recorded.hand_id, review, pictures)


@pytest.fixture(scope="module")
def reported(reported_hand: Reported) -> Reported:
    """The hand, recorded once per test run (tests/conftest.py): these tests and the PDF's only read it."""
    return reported_hand


@pytest.fixture(scope="module")
def html(reported: Reported) -> str:
    return dispute_report_html(reported.review)


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_the_header_names_room_table_hand_date_dealer_floor_manager_and_ruling(html: str, reported: Reported) -> None:
    """SPEC, Records and review: a report a person can read; the header says what a regulator asks first."""
    text = words(html)
    started = reported.review.summary.started_at
    for expected in ("Room none (this table's own store)", "Table Table 5 (table 1)", "Hand #1 (hand id 1)",
                     f"Date {started:%Y-%m-%d}", "Dealer Dana", "Floor manager Flo",
                     "Ruling TDA 15: the split between seats 3 and 4 stands (Flo)"):
        assert expected in text, expected


def test_the_timeline_is_in_words_one_line_per_event(html: str, reported: Reported) -> None:
    """SPEC, Records and review: every event, its time and who entered it; the words a floor manager reads, not field names."""
    text = words(html)
    for expected in ("Seat 3 (Cleo) posts 4 (straddle)", "Seat 1 (Anna) agrees to the re-straddle", "Seat 4 (Dev) posts 8 (re-straddle)",
                     "Seat 3 (Cleo) goes all in for 56", "Seat 4 (Dev) calls 52", "Seat 3 (Cleo) agrees to run the board 2 times",
                     "Flop (run 1): 2c 8d 9s", "Turn (run 1): Th", "Flop (run 2): Td 5c 3c", "River (run 2): 2d",
                     "Flo corrects event", "River (run 2): 2s; reason: the river was 2s, seen on video"):
        assert expected in text, expected
    assert "agrees=True" not in text and "restraddle_consent" not in text and "amount=" not in text
    rows = re.findall(r'<tr class="[^"]*"><td>(\d+)</td><td class="time">([^<]+)</td>', html)
    assert [int(seq) for seq, _ in rows] == [step.seq for step in reported.review.steps]
    assert all(re.fullmatch(r"\d\d:\d\d:\d\d\.\d{3}", time) for _, time in rows)


def test_every_board_of_every_run_is_shown(html: str) -> None:
    """SPEC, extra boards: "The console records ... the boards dealt and which pot used which run"."""
    text = words(html)
    assert "run 1: 2c 8d 9s Th 4s | run 2: Td 5c 3c 8s 2d" in text  # the timeline's boards after the last river
    assert "run 1 board 1 2c 8d 9s Th 4s run 2 board 1 Td 5c 3c 8s 2d" in text  # as recorded
    assert "run 2 board 1 Td 5c 3c 8s 2s" in text  # as corrected by the floor


def test_a_reading_below_the_threshold_names_who_confirmed_it_and_when(html: str) -> None:
    """SPEC, Inputs: "A reading below the confidence threshold is never applied silently: it is shown to the dealer to confirm
    or correct"; the report says what the camera read, how sure, who confirmed it and when."""
    text = words(html)
    assert "The camera reads flop card 2 as 8d (41 % sure, below the threshold of 90 %); Dana confirms it" in text
    assert re.search(rf"flop card 2 8d 41 % 90 % confirmed by Dana \(dealer on duty\) (\d{{4}}-\d\d-\d\d )?{CONFIRMED_AT:%H:%M:%S}\.123 picture 3", text), text
    assert text.count("confirmed by") == 1  # the confident readings are not listed as doubtful


def test_each_picture_has_its_caption_and_hash_directly_under_it(html: str, reported: Reported) -> None:
    """SPEC, Records and review: camera evidence stored with a hash; each picture's caption names its event and hash."""
    found = re.findall(r'<p class="picture"><img [^>]*></p>\n<p class="caption"><b>Picture (\d+)</b>[^<]*<br>SHA-256 <code>([0-9a-f]{64})</code></p>',
                       html)
    assert [(int(number), sha) for number, sha in found] == [(index + 1, sha) for index, (sha, _) in enumerate(reported.pictures)]


def test_an_older_reading_without_the_confirmer_says_it_was_not_recorded() -> None:
    """Records made before the confirmer was recorded still read, and say plainly what they lack."""
    sentence = event_sentence("reading", {"subject": "turn card 1", "value": "Qs", "confidence": 0.5, "applied": True},
                              Circumstances(threshold=0.9))
    assert sentence == "The camera reads turn card 1 as Qs (50 % sure, below the threshold of 90 %); applied, who confirmed it is not recorded"


def _sample(cls: type) -> Any:
    """An instance of a record class with plausible values, built from its fields (nested set-ups from a real hand)."""
    scratch = make_hand({1: 100, 2: 100}, button=1)
    values: dict[str, Any] = {}
    for item in fields(cls):
        hint = str(item.type)
        if item.name in ("seat", "number", "target", "target_seq", "runs", "amount", "buy_in", "cashed_out", "pot_total"):
            values[item.name] = 2
        elif item.name == "cards":
            values[item.name] = tuple(parse_cards("AsKd"))
        elif item.name == "blind":
            values[item.name] = BlindKind.STRADDLE
        elif item.name == "setup":
            values[item.name] = scratch.setup
        elif hint in ("bool",):
            values[item.name] = True
        elif hint == "str":
            values[item.name] = "x"
    return cls(**{name: value for name, value in values.items() if name in {f.name for f in fields(cls)}}) if _buildable(cls, values) else None


def _buildable(cls: type, values: dict[str, Any]) -> bool:
    from dataclasses import MISSING

    return all(f.name in values or f.default is not MISSING or f.default_factory is not MISSING for f in fields(cls))


def every_record_kind() -> dict[str, type]:
    return {**EVENT_TYPES, **table_event_types(), **store_record_types()}


@pytest.mark.parametrize("kind", sorted(every_record_kind()))
def test_every_record_kind_has_its_own_sentence(kind: str) -> None:
    """Every kind the engine, the table and the store record has words of its own in the table of sentences (never the
    class's name, its kind or ``key=value``); where a record can be made from plain values, its sentence is checked too."""
    assert any(key == kind or key.startswith(kind + ".") for key in SENTENCES), f"no sentence for {kind!r}"
    cls = every_record_kind()[kind]
    instance = _sample(cls)
    if instance is None:
        return
    sentence = event_sentence(kind, record_payload(instance), Circumstances(players={2: "Bea"}, cards_on_board=3))
    assert "=" not in sentence and cls.__name__ not in sentence and "this report has no words" not in sentence, sentence
    assert "cannot be read" not in sentence, sentence
    assert not re.search(rf"\b{re.escape(kind)}\b", sentence) or kind in ("check", "call", "bet", "raise", "fold", "burn", "board", "button",
                                                                          "flag", "ruling", "correction"), sentence


def test_an_unknown_or_broken_record_is_named_not_fatal() -> None:
    """Bad input gets one clear message: a kind without words, or a payload that does not read, is said so in its line."""
    assert event_sentence("teleport", {}) == 'A record of kind "teleport" (this report has no words for it)'
    assert event_sentence("raise", {"amount": 6}).startswith('A "raise" record whose contents cannot be read (KeyError')


def test_the_plan_records_read_in_words(tmp_path: Path) -> None:
    """The table's hand records (started, finished, misdealt) carry a whole plan: their sentences read it."""
    from dealer_console.engine.table import Table
    from dealer_console.engine.table_config import TableConfig

    table = Table(TableConfig())
    table.sit_down(seat=1, player="Anna", buy_in=100)
    table.sit_down(seat=2, player="Ben", buy_in=100)
    table.place_button(seat=1)
    hand = table.start_hand()
    hand.misdeal("a card exposed")
    table.finish_hand(hand)
    said = [event_sentence(event.kind, record_payload(event), Circumstances()) for event in table.events]
    assert said[:3] == ["Anna sits down in seat 1 with 100", "Ben sits down in seat 2 with 100", "The button is placed on seat 1"]
    assert said[3].startswith("Hand #1 starts: ") and "button on seat 1, 2 players dealt in" in said[3]
    assert said[4] == "Hand #1 misdealt: a card exposed; every chip goes back"
