"""Floor corrections and rulings on a stored hand, and SPEC's dispute windows (issue 8, "Corrections and rulings").

Sources: SPEC.md, Records and review ("a floor correction is a new event that names the event it voids, who did it and
why"; "only a floor manager may record a correction or a ruling"; "a hand reading can be disputed until the next hand
starts; an accounting error until substantial action on the next hand ... a floor manager can still record a late
ruling"); TDA Rule 36 (2022) for substantial action. The hand is the one of tests/floor/hands.py: pot 4 to seat 1
(AA) over seat 2 (QQ) on 2c 7d 9s 3h 4c; with the flop's 2c corrected to Qs, seat 2 has three queens. SQLite.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_console.cli import main
from dealer_console.config import StoreSettings
from dealer_console.engine.cards import parse_cards
from dealer_console.engine.events import BoardDealt
from dealer_console.engine.hand import Hand
from dealer_console.floor import HandReview
from dealer_console.floor.corrections import DisputeKind, HandCorrected, parse_replacement
from dealer_console.floor.errors import CorrectionError
from dealer_console.store import NotAuthorizedError, Source, Store, open_hand
from tests.floor.hands import Disputed, record_disputed_hand
from tests.support.hands import make_hand

QUEEN_FLOP = BoardDealt(cards=parse_cards("Qs7d9s"))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(f"sqlite:///{tmp_path / 'floor.sqlite3'}", settings=StoreSettings(data_dir=tmp_path / "data")) as opened:
        yield opened


@pytest.fixture
def disputed(store: Store) -> Disputed:
    return record_disputed_hand(store)


def _head(store: Store, table_id: int) -> int:
    return store.verify_log(table_id)[0].last_seq


def test_a_correction_recomputes_pots_and_stacks_and_is_a_new_event_naming_what_it_voids(store: Store, disputed: Disputed) -> None:
    """SPEC Records: corrections are new events; the hand's pots and stacks are recomputed; verify-log passes."""
    review = HandReview.load(store, disputed.recorded.hand_id)
    corrected = review.record_correction(12, QUEEN_FLOP, reason="camera misread the Qs", by=disputed.manager)
    assert dict(corrected.standing_outcome().final_stacks) == {1: 98, 2: 102}
    assert dict(corrected.recorded_outcome().final_stacks) == {1: 102, 2: 98}
    assert corrected.audit is not None and corrected.audit.balanced and corrected.audit.awarded == 4
    last = store.events(disputed.table_id)[-1]
    assert (last.kind, last.source, last.actor, last.voids_seq, last.hand_id) == ("correction", Source.FLOOR, "Flo", 12,
                                                                                   disputed.recorded.hand_id)
    assert last.payload["reason"] == "camera misread the Qs"
    assert store.verify_log(disputed.table_id)[0].intact


def test_a_dealer_cannot_record_a_correction_through_the_review_or_straight_into_the_store(store: Store, disputed: Disputed) -> None:
    """SPEC Records: only a floor manager may record a correction. Refused through the review, and refused by the store
    whichever API appends it (a dealer signed in, a floor manager's name under another actor, the manager signed in but
    not as a floor event naming what it corrects), with nothing stored."""
    review = HandReview.load(store, disputed.recorded.hand_id)
    head = _head(store, disputed.table_id)
    with pytest.raises(NotAuthorizedError, match="only a floor manager may record a correction; 'Dana' is a dealer"):
        review.record_correction(12, QUEEN_FLOP, reason="x", by=disputed.dealer)
    forged = HandCorrected(hand_number=1, target_seq=12, by="Dana", reason="dealer's own idea")
    with pytest.raises(NotAuthorizedError, match="only a floor manager may record a correction; 'Dana' is a dealer"):
        store.append(disputed.table_id, forged, hand_id=disputed.recorded.hand_id, source=Source.FLOOR, actor="Dana", voids_seq=12,
                     by=disputed.dealer)
    borrowed = HandCorrected(hand_number=1, target_seq=12, by="Flo", reason="in the manager's name")
    with pytest.raises(NotAuthorizedError, match="no signed-in member was given"):
        store.append(disputed.table_id, borrowed, hand_id=disputed.recorded.hand_id, source=Source.FLOOR, actor="Flo", voids_seq=12)
    with pytest.raises(NotAuthorizedError, match="'Flo' signed in, the record names 'Dana'"):
        store.append(disputed.table_id, borrowed, hand_id=disputed.recorded.hand_id, source=Source.FLOOR, actor="Dana", voids_seq=12,
                     by=disputed.manager)
    with pytest.raises(NotAuthorizedError, match="recorded as a floor event, not a dealer one"):
        store.append(disputed.table_id, borrowed, hand_id=disputed.recorded.hand_id, source=Source.DEALER, actor="Flo", voids_seq=12,
                     by=disputed.manager)
    with pytest.raises(NotAuthorizedError, match="names the event it corrects"):
        store.append(disputed.table_id, borrowed, hand_id=disputed.recorded.hand_id, source=Source.FLOOR, actor="Flo", voids_seq=11,
                     by=disputed.manager)
    assert _head(store, disputed.table_id) == head
    again = HandReview.load(store, disputed.recorded.hand_id)
    assert again.corrected is None and dict(again.standing_outcome().final_stacks) == {1: 102, 2: 98}


def test_a_correction_is_refused_with_the_reason_when_the_hand_would_not_replay_or_not_be_settled(store: Store, disputed: Disputed) -> None:
    """Illegal means refused, with a message a floor manager can read, and nothing stored (house style 3)."""
    review = HandReview.load(store, disputed.recorded.hand_id)
    head = _head(store, disputed.table_id)
    refusals = {
        "reason": lambda: review.preview_correction(12, QUEEN_FLOP, reason=" ", by="Flo"),
        "duplicate card": lambda: review.preview_correction(12, BoardDealt(cards=parse_cards("As7d9s")), reason="r", by="Flo"),
        "unsettled": lambda: review.preview_correction(24, None, reason="r", by="Flo"),
        "undone": lambda: review.preview_correction(7, None, reason="r", by="Flo"),
        "not a play": lambda: review.preview_correction(25, None, reason="r", by="Flo"),
    }
    messages = {}
    for name, attempt in refusals.items():
        with pytest.raises(CorrectionError) as caught:
            attempt()
        messages[name] = str(caught.value)
    assert "say why" in messages["reason"]
    assert "seq 12" in messages["duplicate card"] and "no longer follows the rules" in messages["duplicate card"]
    assert "no longer settled" in messages["unsettled"] and "enter the right card" in messages["unsettled"]
    assert "undone by the dealer" in messages["undone"] and "hand_closed record" in messages["not a play"]
    with pytest.raises(CorrectionError, match="amount must be a whole number"):
        parse_replacement("raise", {"seat": "1", "amount": "six"})
    assert _head(store, disputed.table_id) == head


def test_withdrawing_a_correction_restores_the_hand_as_recorded(store: Store, disputed: Disputed) -> None:
    """A correction is never deleted: withdrawing it is one more floor event naming the correction it voids."""
    corrected = HandReview.load(store, disputed.recorded.hand_id).record_correction(12, QUEEN_FLOP, reason="misread", by=disputed.manager)
    correction_seq = corrected.steps[-1].seq
    restored = corrected.withdraw_correction(correction_seq, reason="surveillance shows the 2c after all", by=disputed.manager)
    assert restored.corrected is None and dict(restored.standing_outcome().final_stacks) == {1: 102, 2: 98}
    assert restored.steps[-1].note == f"withdraws the correction at seq {correction_seq}"
    assert [e.kind for e in store.events(disputed.table_id)[-2:]] == ["correction", "correction"]


def test_dispute_windows_close_with_the_next_hand_and_its_substantial_action_and_late_rulings_say_so(
    store: Store, disputed: Disputed,
) -> None:
    """SPEC Records: a hand reading can be disputed until the next hand starts, an accounting error until substantial
    action on the next hand (TDA 36: two actions, one of them with chips, or three). Hand #2: blinds, deal, seat 2
    (button, small blind heads-up) calls: one action; seat 1 raises: two actions with chips, substantial."""
    review = HandReview.load(store, disputed.recorded.hand_id)
    assert not review.windows().closed(DisputeKind.HAND_READING) and not review.windows().closed(DisputeKind.ACCOUNTING)
    following = open_hand(store, disputed.table_id, make_hand({1: 102, 2: 98}, button=2).setup, post_blinds=True)
    windows = review.windows()
    assert windows.closed(DisputeKind.HAND_READING) and not windows.closed(DisputeKind.ACCOUNTING)
    assert "hand #2 started" in windows.lines()[0] and "window OPEN" in windows.lines()[1]
    sketch = Hand(following.hand.setup, following.hand.events)
    for seat in sketch.deal_order():
        sketch.deal_hole(seat, {1: "2h3h4h5h", 2: "6c6d8c8d"}[seat])
    sketch.call(2)
    sketch.raise_to(1, 6)
    for event in sketch.events[len(following.hand.events):]:
        following.play(event)
    windows = review.windows()
    assert windows.closed(DisputeKind.ACCOUNTING) and "substantial action on hand #2" in windows.lines()[1]
    ruled = review.record_ruling(by=disputed.manager, rule="TDA 15", decision="pot stands", pot_held=False, disputed_amount=4,
                                 dispute=DisputeKind.HAND_READING)
    assert ruled.rulings()[-1].payload["late"] is True


def test_floor_report_writes_a_pdf_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 8, Command-line equivalents: export a report (HTML and PDF); without an output the command says what to give."""
    url = f"sqlite:///{tmp_path / 'floor.sqlite3'}"
    with Store.open(url, settings=StoreSettings(data_dir=tmp_path / "data")) as store:
        record_disputed_hand(store)
    assert main(["floor", "report", "1", "--database", url]) == 2
    assert "--html PATH and/or --pdf PATH" in capsys.readouterr().err
    assert main(["floor", "report", "1", "--database", url, "--pdf", str(tmp_path / "r.pdf"), "--html", str(tmp_path / "r.html")]) == 0
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF") and "Dispute report" in (tmp_path / "r.html").read_text()
