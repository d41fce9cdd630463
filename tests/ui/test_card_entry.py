"""The dealer names by keys the cards no camera reads, at a table dealt face down.

Sources: SPEC, Inputs ("every device is an aid, never required"; the camera saves the dealer from typing
cards, typing is always possible); SPEC, Records and review (every event records where it came from:
dealer, camera, sensor, floor); SPEC, Showdown order (no bet on the river: the first seat left of the
button shows first); issue 7 ("The console survives a device unplugged"); docs/ui.md, Devices.

Every test's table (tests/ui/conftest.py): Omaha pot-limit, blinds 1/2, seats 1, 3 and 5 with 100, the
button on seat 1, so seat 3 posts the small blind, seat 5 the big blind, seat 1 acts first pre-flop and
seat 3 first after the flop. The hole cards are dealt face down: the console's deck (the unshuffled
deck, 2c 2d 2h ...) is only a model of the physical one, and never the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dealer_console.engine.cards import parse_card
from dealer_console.engine.hand import Phase
from dealer_console.live.camera_feed import CameraFeed
from dealer_console.live.device_hub import DeviceHub
from dealer_console.live.table_session import TableSession
from dealer_console.live.tables import recorded_session
from dealer_console.live.zones import CameraZones
from dealer_console.store import Store
from dealer_console.store.kinds import Source
from dealer_console.ui.card_entry_dialog import CardEntryDialog
from tests.ui.conftest import make_session
from tests.ui.test_play_hands import key, shown


def cards(text: str) -> tuple[Any, ...]:
    """Named cards in order."""
    return tuple(parse_card(part) for part in text.split())


def face_down(session: TableSession) -> TableSession:
    """The session as a real table plays it: hole cards dealt face down, unknown to the console."""
    session.hole_cards_seen = False
    return session


def entry(window: Any) -> CardEntryDialog:
    """The card entry open in ``window``."""
    dialog = window.dialog
    assert isinstance(dialog, CardEntryDialog), f"no card entry open; messages: {window.notification_area.messages()[:2]}"
    assert dialog.isVisible()
    return dialog


def type_cards(qtbot, dialog: CardEntryDialog, text: str, *, enter: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Rank and suit keys for ``text`` (``"Ah Kd 7c"``), then Enter."""
    qtbot.keyClicks(dialog, text.replace(" ", ""))
    if enter:
        qtbot.keyClick(dialog, Qt.Key.Key_Return)


def test_a_face_down_hand_without_a_camera_is_dealt_and_shown_by_the_cards_the_dealer_types(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """No camera at a real table: D asks for each street and S for each hand tabled, the dealer types them, and the hand
    settles on the typed cards; the console's deck (2c 2d 2h 2s 3c ... after the hole cards) deals nothing.

    By hand: seat 1 calls 2, seat 3 calls, seat 5 checks (pot 6). Flop Ah Kd 7c: seat 3 checks, seat 5 bets 2, seat 1
    folds, seat 3 calls (pot 10). Turn 2s and river 9h checked. No bet on the river: seat 3 shows first (SPEC, Showdown
    order), Ac Ad 5h 6h, three aces; seat 5 shows Ks Kc 8s 3s, three kings. Seat 3 takes 10: stacks 98, 106, 96.
    """
    session = face_down(make_session("O", {1: 100, 3: 100, 5: 100}, button=1))
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "D")
    assert [session.hand.hole_cards(seat) for seat in (1, 3, 5)] == [(None,) * 4] * 3
    for keys in ("C", "C", "K"):
        key(qtbot, window, keys)
    model_next = session.upcoming_cards(3)

    key(qtbot, window, "D")  # no camera: the flop is asked for, not dealt from the deck
    assert session.hand.boards()[0] == ()
    dialog = entry(window)
    assert dialog.heading.text() == "The flop: name the 3 cards"
    assert "no camera reads the board" in dialog.reason.text()
    assert window.notification_area.messages()[0].startswith("Type the flop (3 cards): no camera reads the board")
    type_cards(qtbot, dialog, "Ah Kd 7c")
    assert session.hand.boards()[0] == cards("Ah Kd 7c") != model_next
    assert window.dialog is None and not dialog.isVisible()
    for keys in ("K", "R", "F", "C"):
        key(qtbot, window, keys)
    for street in ("2s", "9h"):
        assert "deal_typed" in shown(window)
        key(qtbot, window, "D")
        type_cards(qtbot, entry(window), street)
        key(qtbot, window, "K")
        key(qtbot, window, "K")
    assert session.hand.boards()[0] == cards("Ah Kd 7c 2s 9h")
    assert session.hand.phase is Phase.SHOWDOWN and session.showdown_seats() == (3, 5)

    assert "show_typed" in shown(window)
    key(qtbot, window, "S")
    dialog = entry(window)
    assert dialog.heading.text() == "Seat 3 shows: name the 4 cards"
    type_cards(qtbot, dialog, "Ac Ad 5h 6h")
    assert session.hand.hole_cards(3) == cards("Ac Ad 5h 6h")
    key(qtbot, window, "Shift+S")  # the dealer may open the card entry at will too
    type_cards(qtbot, entry(window), "Ks Kc 8s 3s")
    assert session.hand.is_complete, window.notification_area.messages()[:2]
    assert session.hand.hole_cards(5) == cards("Ks Kc 8s 3s")
    assert session.hand.stacks == {1: 98, 3: 106, 5: 96}


def test_a_card_already_in_the_hand_or_typed_twice_is_refused_in_words_and_nothing_typed_is_lost(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A card cannot be in a hand twice (the engine's rule; SPEC, Inputs: duplicates are refused): the card entry refuses it
    at once, says why, and keeps every card typed before it; the count must be right before Enter is taken; Backspace
    takes back; a click in the grid names a card as the keys do; the grid greys out the cards already out.

    By hand: everyone puts in 2 (pot 6); the flop Ah Kd 7c is typed and checked through; the turn is asked for.
    """
    session = face_down(make_session("O", {1: 100, 3: 100, 5: 100}, button=1))
    window = open_window(session)
    session.start_hand()
    for keys in ("D", "C", "C", "K", "D"):
        key(qtbot, window, keys)
    dialog = entry(window)
    type_cards(qtbot, dialog, "Ah Kd", enter=False)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # two of three: not taken
    assert dialog.message.isVisible() and dialog.message.text() == "2 of 3 cards typed: type the rest, then Enter"
    assert session.hand.boards()[0] == ()
    qtbot.keyClicks(dialog, "Ah")  # typed twice
    assert dialog.message.text() == "A♥ is typed already: name another card"
    assert dialog.cards == list(cards("Ah Kd")), "a refused card loses nothing typed before it"
    qtbot.keyClicks(dialog, "h")  # a suit with no rank before it
    assert dialog.message.text() == "Type the rank first (A K Q J T 9 … 2), then the suit (s h d c)"
    qtbot.keyClicks(dialog, "T")
    qtbot.keyClick(dialog, Qt.Key.Key_Backspace)  # takes back the rank waiting for its suit
    assert dialog.cards == list(cards("Ah Kd"))
    qtbot.keyClick(dialog, Qt.Key.Key_Backspace)  # then the last card
    assert dialog.cards == list(cards("Ah"))
    qtbot.keyClicks(dialog, "10d")  # a ten typed as 1 and 0
    qtbot.mouseClick(dialog.grid[parse_card("7c")], Qt.MouseButton.LeftButton)
    assert dialog.cards == list(cards("Ah Td 7c"))
    assert "#1f4fd1" in dialog.entered.text() and "#137a2f" in dialog.entered.text(), "four colours: diamonds blue, clubs green"
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert session.hand.boards()[0] == cards("Ah Td 7c")
    for keys in ("K", "K", "K"):
        key(qtbot, window, keys)

    key(qtbot, window, "D")  # the turn: Td is on the board already
    dialog = entry(window)
    assert not dialog.grid[parse_card("Td")].isEnabled() and dialog.grid[parse_card("Qd")].isEnabled()
    qtbot.keyClicks(dialog, "Td")
    assert dialog.message.text() == "10♦ is already in this hand (on the board): name another card"
    assert dialog.cards == [] and session.hand.boards()[0] == cards("Ah Td 7c")
    qtbot.keyClicks(dialog, "QdJd")
    assert dialog.message.text() == "The 1 card(s) asked for are typed: Enter accepts them, Backspace takes the last one back"
    assert dialog.cards == list(cards("Qd"))
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # cancelled: nothing dealt, D asks again
    assert window.dialog is None and len(session.hand.boards()[0]) == 3
    key(qtbot, window, "D")
    type_cards(qtbot, entry(window), "Qd")
    assert session.hand.boards()[0] == cards("Ah Td 7c Qd")


def test_typed_cards_are_stored_as_the_dealers_and_the_cameras_as_the_cameras(qtbot, open_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Every event records where it came from (SPEC, Records and review): the flop read by the camera is stored with the
    camera as its source, the turn and river and the hands the dealer typed with the dealer as theirs, under the signed-in
    dealer's name; the appends run on the window's background recorder.

    By hand: everyone puts in 2 (pot 6) and checks to the end on 6c 2s 8c 9c Td; seat 3 (first left of the button) shows
    As Ad 2c 3d, a pair of aces, seat 5 shows 7h 8h 9s Tc, a straight to the ten, seat 1 mucks: stacks 98, 98, 104.
    """
    from tests.live.test_table_session_store import template

    with Store.open(f"sqlite:///{tmp_path / 'table.sqlite3'}") as store:
        session = face_down(recorded_session(store, template("Typed table"), dealer="Dana"))
        read_flop = cards("6c 2s 8c")
        session.board_cards = lambda target, count: read_flop if target.street == 0 else None  # the camera reads the flop only
        window = open_window(session)

        def step(keys: str) -> None:
            key(qtbot, window, keys)
            qtbot.waitUntil(lambda: not session.busy, timeout=10_000)

        step("N")
        for keys in ("D", "C", "C", "K", "D", "K", "K", "K"):
            step(keys)
        assert session.hand.boards()[0] == read_flop, window.notification_area.messages()[:2]
        for street in ("9c", "Td"):
            step("D")
            type_cards(qtbot, entry(window), street)
            qtbot.waitUntil(lambda: not session.busy and window.dialog is None, timeout=10_000)
            for keys in ("K", "K", "K"):
                step(keys)
        for hand in ("As Ad 2c 3d", "7h 8h 9s Tc"):
            step("S")
            dialog = entry(window)
            type_cards(qtbot, dialog, hand)
            qtbot.waitUntil(lambda: not session.busy and window.dialog is None, timeout=10_000)
        step("M")  # seat 1 mucks
        assert session.hand.is_complete, window.notification_area.messages()[:2]
        assert session.hand.stacks == {1: 98, 3: 98, 5: 104}
        assert session.recorder is not None and session.recorder.hand is not None
        stored = store.events(session.recorder.table_id, hand_id=session.recorder.hand.hand_id, kinds=("board", "show"))
        assert [(row.kind, row.source, row.actor) for row in stored] == [
            ("board", Source.CAMERA, "Dana"), ("board", Source.DEALER, "Dana"), ("board", Source.DEALER, "Dana"),
            ("show", Source.DEALER, "Dana"), ("show", Source.DEALER, "Dana")]
        assert [row.record().cards for row in stored] == [read_flop, cards("9c"), cards("Td"), cards("As Ad 2c 3d"),  # type: ignore[union-attr]
                                                          cards("7h 8h 9s Tc")]
        window.close()


def test_an_unplugged_camera_asks_the_dealer_for_the_hand_shown_and_the_demo_still_deals_from_its_deck(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """A camera that cannot be opened (unplugged): the face-down hand shown is asked for by keys, with the camera's state in
    the words; the board too. With the cards known to the console (the demo), the same camera's absence deals the board from
    the console's deck, as before.

    By hand: seat 1 folds, seat 3 calls 1 more, seat 5 checks (pot 4, seat 1 out); checked to the river on the typed board
    Ah Kd 7c 2s 9h; seat 3 tables Ac Ad 5h 6h (three aces), seat 5 mucks: stacks 100, 102, 98.
    """

    def unplugged() -> Any:
        raise OSError("no such device /dev/video0")

    session = face_down(make_session("O", {1: 100, 3: 100, 5: 100}, button=1))
    hub = DeviceHub(session, camera=CameraFeed(open_source=unplugged, recognizer=lambda frame: [], zones=CameraZones(9), reopen_interval=0.05))
    window = open_window(session)
    with hub:
        qtbot.waitUntil(lambda: hub.camera_view().detail.startswith("cannot open the camera"), timeout=5000)
        session.start_hand()
        for keys in ("D", "F", "C", "K"):
            key(qtbot, window, keys)
        for street in ("Ah Kd 7c", "2s", "9h"):
            key(qtbot, window, "D")
            dialog = entry(window)
            assert dialog.reason.text().startswith("No camera reading: the camera is not-opened (cannot open the camera: no such device")
            type_cards(qtbot, dialog, street)
            key(qtbot, window, "K")
            key(qtbot, window, "K")
        key(qtbot, window, "S")
        assert window.notification_area.messages()[0].startswith(
            "Type seat 3's 4 cards: they were dealt face down and the camera is not-opened (cannot open the camera")
        type_cards(qtbot, entry(window), "Ac Ad 5h 6h")
        key(qtbot, window, "M")
        assert session.hand.is_complete and session.hand.stacks == {1: 100, 3: 102, 5: 98}

        session.hole_cards_seen = True  # the demo: the console knows the deck
        key(qtbot, window, "N")
        for keys in ("D", "C", "C", "K", "D"):
            key(qtbot, window, keys)
        assert window.dialog is None
        assert len(session.hand.boards()[0]) == 3 and "deal_typed" not in shown(window)
    window.close()


@pytest.fixture
def russian(qapp):  # type: ignore[no-untyped-def]
    from dealer_console.ui.translation import install_translation

    install_translation(qapp, "ru")
    yield
    install_translation(qapp, "en")


def test_the_card_entry_speaks_russian(russian: None, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """The screen's language (SPEC: English and Russian): the card entry, its refusals and its keys' buttons are in Russian."""
    session = face_down(make_session("O", {1: 100, 3: 100, 5: 100}, button=1))
    window = open_window(session)
    session.start_hand()
    for keys in ("D", "C", "C", "K"):
        key(qtbot, window, keys)
    assert window.action_bar.labels["deal_typed"].startswith("Ввести флоп…")
    key(qtbot, window, "D")
    dialog = entry(window)
    assert dialog.heading.text() == "Флоп: назовите 3 карты"
    type_cards(qtbot, dialog, "Ah", enter=True)
    assert dialog.message.text() == "Набрано карт: 1 из 3; наберите остальные и нажмите Enter"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
