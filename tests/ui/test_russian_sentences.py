"""The rules engine's and the running table's sentences in Russian, over many hands played by every command.

Source: SPEC, The dealer's screen ("Languages: English and Russian ... card and hand names translated too"), and the
house rule that a refusal is "one clear message" the dealer reads: in Russian, each refusal and each result line must be
Russian. Seeded walks through hands of several games try every dealer's command at every step (in a shuffled order;
the first one the engine accepts is played), so the refusals a dealer can meet, the all-in notices and the result lines
of many showdowns are collected as the engine writes them, then translated; none may keep an English word.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from dealer_console.live.table_session import TableSession
from dealer_console.store.errors import StoreError
from dealer_console.ui.sentences import translate_sentence
from dealer_console.ui.translation import install_translation
from tests.ui.conftest import make_session
from tests.ui.test_russian_screen import english_words

GAMES = (("O", "pot-limit"), ("OK", "pot-limit"), ("DBO/8", "no-limit"), ("O/8", "limit"), ("O", "no-limit"))
"""Omaha pot-limit and no-limit, Oklahoma (discards), double-board hi-lo, limit hi-lo (caps)."""


@pytest.fixture(scope="module")
def sentences() -> list[str]:
    """Every notice and result line of seeded walks through hands of each game (English, as the engine writes them)."""
    found: set[str] = set()
    for index, (game, structure) in enumerate(GAMES):
        session = make_session(game, {1: 60, 3: 200, 5: 35, 7: 200}, button=1, structure=structure)
        session.subscribe_notices(lambda notice: found.add(notice.text))
        _walk(session, random.Random(index), hands=12)
    return sorted(found)


def _commands(session: TableSession, rng: random.Random) -> list[Callable[[], bool]]:
    seats = list(session.table.seats)
    seat = rng.choice([*seats, *session.showdown_seats()[:1] * 4])  # the seat due to show, more often than not
    amount = rng.choice((1, 2, 3, 7, 40, 10_000))
    return [session.fold, session.check, session.call, lambda: session.bet(amount), lambda: session.raise_to(amount),
            lambda: session.wager(amount), session.all_in, lambda: session.discard(rng.randrange(5)), session.deal_hole_cards,
            session.deal_board, lambda: session.show(seat), lambda: session.muck(seat), session.post_straddle,
            session.post_mississippi, session.post_restraddle, lambda: session.choose_runs(seat, rng.choice((1, 2, 3, 4))),
            session.misdeal if rng.random() < 0.05 else session.check, session.start_hand]


def _walk(session: TableSession, rng: random.Random, *, hands: int) -> None:
    """Play ``hands`` hands: at each step every command is tried in a shuffled order until one is accepted."""
    played = 0
    for _step in range(2_000):
        hand = session.hand
        if hand is not None and hand.is_complete:
            played += 1
            if played >= hands:
                return
        commands = _commands(session, rng)
        rng.shuffle(commands)
        any(command() for command in commands)  # a step where nothing is accepted draws other seats and amounts next time
    raise AssertionError(f"the walk did not finish its hands: {played} of {hands}")


@pytest.fixture
def russian(qapp: QApplication) -> Iterator[None]:
    """The screen in Russian for one test."""
    install_translation(qapp, "ru")
    yield
    install_translation(qapp, "en")


def test_the_walks_meet_refusals_notices_and_showdowns(sentences: list[str]) -> None:
    """The walks are a fair sample: many distinct refusals, all-in notices and results."""
    refusals = [text for text in sentences if " cannot " in text]
    assert len(refusals) >= 200, len(refusals)
    assert any("all-in for" in text for text in sentences)


def test_every_refusal_and_notice_of_the_walks_reads_in_russian(russian: None, sentences: list[str]) -> None:
    """Each sentence, translated, has no English word left (seat numbers, amounts and cards aside)."""
    left = [(text, translate_sentence(text)) for text in sentences if english_words([translate_sentence(text)])]
    assert not left, "\n".join(f"{english}  →  {russian}" for english, russian in left)


def test_every_result_line_of_the_walks_reads_in_russian(russian: None) -> None:
    """Result lines of finished hands (pots, boards, halves, split winners, hand names) read in Russian."""
    lines: set[str] = set()
    for index, (game, structure) in enumerate(GAMES):
        session = make_session(game, {1: 60, 3: 200, 5: 35, 7: 200}, button=1, structure=structure)
        session.subscribe(lambda current: lines.update(current.result_lines()))
        _walk(session, random.Random(100 + index), hands=8)
    assert len(lines) >= 8
    left = [(line, translate_sentence(line)) for line in sorted(lines) if english_words([translate_sentence(line)])]
    assert not left, "\n".join(f"{english}  →  {russian}" for english, russian in left)



def test_a_locked_database_and_a_wrong_pin_read_in_russian(russian: None, tmp_path: Path) -> None:
    """The store's own refusals as the dealer meets them (issue 4: "a clear message ... when the database is locked"): a
    command refused on a locked SQLite file, and sign-ins refused until the account locks, all read in Russian."""
    from dealer_console.config import StoreSettings
    from dealer_console.live.console import demo_sign_in
    from dealer_console.live.tables import DEMO_DEALER, demo_session
    from dealer_console.store import Store

    path = tmp_path / "console.sqlite3"
    seen: list[str] = []
    with Store.open(f"sqlite:///{path}", settings=StoreSettings(busy_timeout_s=0.1)) as store:
        session = demo_session(game="O", seed=11, players=3, store=store)
        session.subscribe_notices(lambda notice: seen.append(notice.text))
        assert session.start_hand() and session.deal_hole_cards()
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            assert not session.call()
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        demo_sign_in(store)
        for _attempt in range(6):
            try:
                store.sign_in(DEMO_DEALER[0], "not the PIN")
            except StoreError as error:
                seen.append(str(error))
    assert any("locked by another program" in text for text in seen) and any("now locked out" in text for text in seen)
    shown = [(text, translate_sentence(text)) for text in seen]
    left = [(english, russian) for english, russian in shown if english_words([russian.replace(DEMO_DEALER[0], "").replace(str(path), "")])]
    assert not left, "\n".join(f"{english}  →  {russian}" for english, russian in left)
