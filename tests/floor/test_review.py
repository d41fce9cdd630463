"""The floor's review of a stored hand, its dispute report and the shift summary (issue 8, "What to build").

Sources: SPEC.md, Records and review (every input with its source; each pot explained; corrections
and rulings are new events; camera evidence kept with its hash; verify-log); SPEC, Chip audit
(contributions = awarded + rake + jackpot drop + returned). The hand is the one of
tests/floor/hands.py, whose every figure is worked out by hand in its docstring.
SQLite only: the review reads through the store's API, whose back ends are tested in tests/store.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import text

from dealer_console.config import StoreSettings
from dealer_console.floor import HandReview, dispute_report_html, table_summaries
from dealer_console.store import Role, Source, Store, open_hand
from tests.floor.hands import PNG, Disputed, record_disputed_hand
from tests.support.hands import make_hand
from tests.support.staff import add_staff


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(f"sqlite:///{tmp_path / 'floor.sqlite3'}", settings=StoreSettings(data_dir=tmp_path / "data")) as store:
        yield store


@pytest.fixture
def disputed(sqlite_store: Store) -> Disputed:
    found = record_disputed_hand(sqlite_store)
    manager = sqlite_store.sign_in("Flo", "floor-1")
    sqlite_store.record_ruling(found.table_id, by=manager, rule="TDA 15 (cards speak)", decision="pot to seat 1 stands",
                               pot_held=True, disputed_amount=4, hand_number=1)
    return found


def test_stepping_through_a_hand_gives_each_events_source_actor_and_the_state_after_it(sqlite_store: Store, disputed: Disputed) -> None:
    """SPEC Records: every input with its source. After the big blind [4]: stacks 99/98, pot 3; after the mistaken
    raise to 6 [7]: seat 1 has 94 behind, pot 8; the floor's void [8] puts it back (99, pot 3); the call [9]: 98/98,
    pot 4; the flop [12] came from the camera with its image; after the last show [24] the hand is complete, 102/98."""
    review = HandReview.load(sqlite_store, disputed.recorded.hand_id)
    assert [step.seq for step in review.steps] == list(range(2, 27))  # hand_opened .. hand_closed, then the ruling
    assert review.current.seq == 2 and review.previous() is None
    states = {step.seq: step for step in review.steps}
    assert dict(states[4].stacks) == {1: 99, 2: 98} and states[4].pot == 3
    assert dict(states[7].stacks) == {1: 94, 2: 98} and states[7].pot == 8
    assert states[8].source is Source.FLOOR and states[8].who == "Flo" and states[8].voided_by_floor
    assert dict(states[8].stacks) == {1: 99, 2: 98} and states[8].pot == 3
    assert dict(states[9].stacks) == {1: 98, 2: 98} and states[9].pot == 4
    assert states[12].source is Source.CAMERA and states[12].who == "camera 1" and states[12].event.evidence_sha256 == disputed.evidence_sha
    assert states[12].boards == (("2c", "7d", "9s"),)
    assert states[24].phase == "complete" and dict(states[24].stacks) == {1: 102, 2: 98}
    assert states[26].event.kind == "ruling" and not states[26].engine_event
    assert review.go_to(9).seq == 9 and review.next() is not None and review.current.seq == 10
    assert review.players == {1: "Alice", 2: "Bob"}


def test_the_review_explains_each_pot_and_balances_the_chip_audit(sqlite_store: Store, disputed: Disputed) -> None:
    """SPEC Chip audit and Records ("why each pot went where"): 2 + 2 put in, 4 awarded to seat 1 with a pair of aces
    (AA with 9 7 4 against QQ with 9 7 4), no rake, nothing returned."""
    review = HandReview.load(sqlite_store, disputed.recorded.hand_id)
    audit = review.audit
    assert audit is not None and (audit.contributed, audit.awarded, audit.rake, audit.jackpot, audit.returned) == (4, 4, 0, 0, 0)
    assert review.explanation() == ["Main pot: 4 to seat 1 (4) with Pair of Aces"]
    assert [event.voids_seq for event in review.corrections()] == [7]
    assert [event.payload["decision"] for event in review.rulings()] == ["pot to seat 1 stands"]
    [item] = review.evidence()
    assert item.data == PNG and item.media_type == "image/png" and item.seq == 12


def test_dispute_report_html_holds_timeline_pots_ruling_evidence_and_verification(sqlite_store: Store, disputed: Disputed) -> None:
    """Issue 8, Reports: timeline, evidence images, pots, the ruling and the log's verification result."""
    html = dispute_report_html(HandReview.load(sqlite_store, disputed.recorded.hand_id))
    assert "Dispute report: table 1, hand #1" in html
    assert "Seat 1 (Alice) raises to 6" in html and "Flo undoes event 7" in html  # the timeline keeps the mistake and its correction, in words
    assert '<tr class="voided"><td>7</td>' in html
    assert "Main pot: 4 to seat 1 (4) with Pair of Aces" in html
    assert "contributed 4 = awarded 4 + rake 0 + jackpot drop 0 + returned 0: balanced" in html
    assert "TDA 15 (cards speak)" in html and "pot to seat 1 stands" in html and "<th>pot held</th><td>yes</td>" in html
    assert f"data:image/png;base64,{base64.b64encode(PNG).decode()}" in html
    [report] = sqlite_store.verify_log(disputed.table_id)
    assert 'class="intact"' in html and report.head_hash in html


def test_dispute_report_shows_a_broken_chain_after_an_edit_in_the_database(sqlite_store: Store, disputed: Disputed) -> None:
    """SPEC Records: an edit made directly in the database is found; the report says so instead of vouching for the log."""
    with sqlite_store.sql_engine.begin() as connection:
        connection.execute(text("UPDATE events SET actor = 'Bob' WHERE table_id = :t AND seq = 9"), {"t": disputed.table_id})
    html = dispute_report_html(HandReview.load(sqlite_store, disputed.recorded.hand_id))
    assert 'class="broken"' in html and "seq 9" in html


def test_shift_summary_counts_hands_rake_jackpot_and_disputes_per_table(sqlite_store: Store, disputed: Disputed) -> None:
    """Issue 8, Reports: a shift or day summary per table. Table 1: the disputed hand (pot 4, no rake) and a misdeal;
    table 2: one hand taken down before the flop, no rake configured; one ruling, at table 1."""
    recorded = open_hand(sqlite_store, disputed.table_id, make_hand({1: 100, 2: 100}, button=2).setup, actor="Dana", post_blinds=True)
    from dealer_console.engine.hand import Hand

    sketch = Hand(recorded.hand.setup, recorded.hand.events)
    sketch.misdeal("exposed card")
    for event in sketch.events[len(recorded.hand.events):]:
        recorded.play(event, actor="Dana")
    recorded.close(actor="Dana")
    other = sqlite_store.create_table("Table 2")
    second = open_hand(sqlite_store, other, make_hand({3: 50, 4: 50}, button=3).setup, post_blinds=True)
    sketch = Hand(second.hand.setup, second.hand.events)
    for seat in sketch.deal_order():
        sketch.deal_hole(seat, {3: "2c3c4c5c", 4: "AsAhKsKh"}[seat])
    sketch.fold(3)
    for event in sketch.events[len(second.hand.events):]:
        second.play(event)
    second.close()
    summary = table_summaries(sqlite_store)
    figures = {t.table_name: (t.hands, t.complete, t.misdealt, t.rake, t.jackpot, t.disputes, t.pot_total) for t in summary.tables}
    # table 2: seat 3 (button, small blind heads-up) folds; 1 + 2 put in, the uncalled 1 of the big blind goes back: pot 2
    assert figures == {"Table 1": (2, 1, 1, 0, 0, 1, 4), "Table 2": (1, 1, 0, 0, 0, 0, 2)}
    started = sqlite_store.hand(disputed.recorded.hand_id).started_at
    assert [t.hands for t in table_summaries(sqlite_store, until=started).tables] == [0, 0]
    assert [t.hands for t in table_summaries(sqlite_store, since=started - timedelta(seconds=1), table_id=other).tables] == [1]


def test_summary_takes_rake_and_jackpot_from_each_hands_closing_record(sqlite_store: Store) -> None:
    """SPEC Chip audit: rake and jackpot drop are reported apart (hands.rake holds their sum)."""
    from dealer_console.store import HandClosed

    table_id = sqlite_store.create_table("T")
    add_staff(sqlite_store, ("Flo", Role.FLOOR_MANAGER, "floor-1"), ("Dana", Role.DEALER, "1111"))
    recorded = open_hand(sqlite_store, table_id, make_hand({1: 100, 2: 100}, button=1).setup)
    sqlite_store.append(table_id, HandClosed(number=recorded.number, status="complete", final_stacks=((1, 90), (2, 105)),
                                             pot_total=20, rake=3, jackpot=2), hand_id=recorded.hand_id)
    [figures] = table_summaries(sqlite_store).tables
    assert (figures.rake, figures.jackpot, figures.pot_total) == (3, 2, 20)
