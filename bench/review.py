"""Speed of the floor's review window: open a long hand, step through it, produce its PDF, in a big store.

``python bench/review.py [--quick] [--postgres URL] [--hands N]`` from the repository.

1. A PostgreSQL store of 1,000,000 hands (100,000 with ``--quick``; the JSON's ``hands`` says how
   many the store holds), generated as ``bench/store.py`` does (``dealer_console/store/synthetic_history.py``:
   ``INSERT ... SELECT generate_series`` at schema revision 0001, then the migration to head builds
   the floor's indexes). Those hands are projections only (no events).
2. One more table whose hand is recorded event by event through the store, write-ahead, as a
   console records it: eight players, Limit Omaha, raised to the cap on every street; from the
   turn the two blinds fight it out heads-up (no cap) until the hand has at least 200 events. Each
   action follows a sensor's bet-zone reading and is followed by the stack's reading; each board
   card comes from the camera with its image; the hand is flagged.
3. Offscreen, in the review window (``dealer_console.ui.review_window``) signed in as a floor
   manager: ``open_hand_ms`` is the floor's search for the flagged hand among all the store's hands
   plus opening it (read, replay, re-check its links, draw the table); ``step_ms`` is the median of
   one step forward (the table redrawn as it was, the event shown, its image loaded); ``pdf_ms`` is
   the dispute report from scratch (the table's log verified, HTML with the images, PDF by Qt).
   Each is measured ``--repeats`` times; medians are printed, with p99 of the steps.

The last line printed is one JSON object with ``open_hand_ms``, ``step_ms``, ``pdf_ms`` and ``hands``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import cv2
import numpy as np

from dealer_console.engine.cards import DECK
from dealer_console.engine.games import HouseRules, make_game
from dealer_console.engine.hand import Hand, HandSetup, Phase
from dealer_console.store import Role, Source, Store, open_hand
from dealer_console.store.records import ReadingTaken
from dealer_console.store.search import HandQuery
from dealer_console.store.synthetic_history import generate_postgres_history


def camera_frame() -> bytes:
    """A camera frame standing in for each board card's evidence: a red 96 x 64 PNG."""
    image = np.zeros((64, 96, 3), dtype=np.uint8)
    image[:, :] = (20, 20, 230)  # blue, green, red: OpenCV's order
    encoded, data = cv2.imencode(".png", image)
    if not encoded:
        raise SystemExit("OpenCV could not encode the bench's camera frame as PNG")
    return bytes(data.tobytes())


def long_hand_setup(players: dict[int, str]) -> HandSetup:
    """Limit Omaha 1/2, 2,000 each, button seat 8; heads-up the betting is not capped (the house's choice)."""
    game = make_game("O", "limit", small_blind=1, big_blind=2, house=HouseRules(limit_heads_up_uncapped=True))
    return HandSetup(game=game, stacks=dict.fromkeys(players, 2000), button=8)


def _bench_store_module() -> Any:
    """bench/store.py, loaded from its file (bench/ is not a package): its database helpers are reused here."""
    spec = importlib.util.spec_from_file_location("bench_store", Path(__file__).with_name("store.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_store(url: str, hands: int) -> float:
    """The million-hand history, as bench/store.py builds it; returns the seconds it took."""
    begin = time.perf_counter()
    with Store.open(url, revision="0001_initial") as store:
        store.bulk_load(lambda connection: generate_postgres_history(connection, hands=hands))
        store.upgrade()
        store.analyze()
    return time.perf_counter() - begin


def record_long_hand(store: Store, *, seed: int, minimum: int) -> tuple[int, int]:
    """Record the long hand (see the module's docstring) write-ahead; return its id and its number of events."""
    rng = random.Random(seed)
    table_id = store.create_table(f"Review bench {seed}")
    store.add_staff("Review floor", Role.FLOOR_MANAGER, "bench-2")
    store.add_staff("Bench dealer", Role.DEALER, "bench-1", by=store.sign_in("Review floor", "bench-2"))
    players = {seat: f"Review player {seat}" for seat in range(1, 9)}
    recorded = open_hand(store, table_id, long_hand_setup(players), players=players, actor="Bench dealer")
    deck = list(DECK)
    rng.shuffle(deck)
    image = store.put_evidence(camera_frame(), media_type="image/png", table_id=table_id)
    stored = [2]  # hand_opened and the flag

    def play(verb: str, *args: object, source: Source = Source.DEALER, actor: str = "Bench dealer", evidence: str | None = None) -> None:
        sketch = Hand(recorded.hand.setup, recorded.hand.events)
        before = len(sketch.events)
        getattr(sketch, verb)(*args)
        for event in sketch.events[before:]:
            recorded.play(event, source=source, actor=actor, evidence_sha256=evidence)
            stored[0] += 1

    def reading(subject: str, value: object) -> None:
        store.append(table_id, ReadingTaken(subject=subject, value=str(value), confidence=0.97, applied=True),
                     hand_id=recorded.hand_id, source=Source.SENSOR, actor="bet sensor")
        stored[0] += 1

    hand = recorded.hand
    while not hand.is_complete:
        if hand.phase is Phase.POSTING and not hand.events:
            play("post_blinds")
        elif hand.phase in (Phase.POSTING, Phase.DEALING):
            dealt_to = next(seat for seat in hand.deal_order() if not hand.hole_cards(seat))
            play("deal_hole", dealt_to, [deck.pop() for _ in range(hand.game.variant.hole_cards)])
        elif hand.phase is Phase.BOARD:
            play("burn", deck.pop())
            count = 3 if not hand.boards()[0] else 1
            play("deal_board", [deck.pop() for _ in range(count)], source=Source.CAMERA, actor="camera 1", evidence=image)
        elif hand.phase is Phase.SHOWDOWN:
            waiting = [seat for seat in hand.showdown_order() if hand.needs_showdown_decision(seat)]
            if not waiting:
                raise SystemExit(f"the bench hand is stuck at the showdown after {len(hand.events)} events")
            play("show", waiting[0])
        else:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions(seat)
            assert legal is not None
            live = [other for other in hand.seats if not hand.is_folded(other)]
            heads_up_war = len(live) == 2 and stored[0] < minimum
            if hand.street >= 2 and seat > 2 and legal.call_amount and legal.can_fold:
                play("fold", seat)  # six players let the two blinds fight it out from the turn
            elif (legal.can_raise or legal.can_bet) and (len(live) > 2 or heads_up_war):
                reading(f"bet zone {seat}", legal.min_to)
                play("raise_to" if legal.can_raise else "bet", seat, legal.min_to)
            elif legal.call_amount:
                reading(f"bet zone {seat}", hand.current_bet)
                play("call", seat)
            else:
                reading(f"bet zone {seat}", 0)
                play("check", seat)
            if not hand.is_folded(seat):
                reading(f"stack {seat}", hand.stacks[seat])
    recorded.close(actor="Bench dealer")
    store.flag_hand(table_id, recorded.number, reason="bench: disputed pot", by="Bench dealer")
    events = len(store.events(table_id, hand_id=recorded.hand_id))
    if events < minimum:
        raise SystemExit(f"the bench hand has {events} events, fewer than {minimum}")
    return recorded.hand_id, events


def measure(store: Store, hand_id: int, repeats: int, folder: Path) -> dict[str, Any]:
    """Open, step through and report the hand in the review window, ``repeats`` times."""
    from PySide6.QtWidgets import QApplication

    from dealer_console.floor.report import dispute_report_html
    from dealer_console.floor.source import StoreSource
    from dealer_console.ui.review_pdf import write_report_pdf
    from dealer_console.ui.review_window import ReviewWindow

    app = QApplication.instance() or QApplication([])
    window = ReviewWindow(StoreSource(store), store.sign_in("Review floor", "bench-2"), poll_ms=0)
    window.resize(1600, 1000)
    window.show()
    app.processEvents()
    opens: list[float] = []
    steps: list[float] = []
    pdfs: list[float] = []
    for repeat in range(repeats):
        begin = time.perf_counter()
        found = store.search_hands(HandQuery(flagged=True, limit=1))
        assert found and found[0].id == hand_id
        window.open_hand(hand_id)
        app.processEvents()
        opens.append(time.perf_counter() - begin)
        window.wait_for_background()
        app.processEvents()
        review = window.review
        assert review is not None and window.verified is not None and window.verified.intact
        while review.position + 1 < len(review.steps):
            begin = time.perf_counter()
            window.step_next()
            app.processEvents()
            steps.append(time.perf_counter() - begin)
        begin = time.perf_counter()
        html = dispute_report_html(review)  # the log verified again: the report vouches for the log as it is now
        write_report_pdf(html, folder / f"report-{repeat}.pdf", title="bench")
        pdfs.append(time.perf_counter() - begin)
    window.close()
    ordered = sorted(steps)
    return {
        "open_hand_ms": round(statistics.median(opens) * 1000, 2),
        "step_ms": round(statistics.median(steps) * 1000, 2),
        "step_p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 2),
        "pdf_ms": round(statistics.median(pdfs) * 1000, 2),
        "pdf_bytes": (folder / "report-0.pdf").stat().st_size,
        "repeats": repeats,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="100,000 hands instead of 1,000,000, fewer repeats")
    parser.add_argument("--postgres", default=os.environ.get("DEALER_BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"),
                        help="a PostgreSQL database to connect to (a database for the run is created beside it)")
    parser.add_argument("--hands", type=int, default=None, help="generated hands (default 1,000,000; --quick 100,000)")
    parser.add_argument("--repeats", type=int, default=None, help="measurements of each figure (default 5; --quick 3)")
    args = parser.parse_args()
    hands = args.hands or (100_000 if args.quick else 1_000_000)
    repeats = args.repeats or (3 if args.quick else 5)
    bench_store = _bench_store_module()
    url, drop = bench_store.with_postgres_database(args.postgres)
    try:
        print(f"generating {hands:,} hands in a scratch database...", file=sys.stderr)
        generated_s = build_store(url, hands)
        with Store.open(url) as store, tempfile.TemporaryDirectory(prefix="dealer-review-bench-") as folder:
            hand_id, events = record_long_hand(store, seed=7, minimum=200)
            counted = store.history_extent().hands
            figures = measure(store, hand_id, repeats, Path(folder))
    finally:
        drop()
    result = {**figures, "hands": counted, "hand_events": events, "generate_s": round(generated_s, 1), "quick": args.quick,
              "measured_at": datetime.now(UTC).isoformat(timespec="seconds"), "load_average": os.getloadavg()[0]}
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
