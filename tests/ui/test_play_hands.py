"""Complete hands played through the dealer's window with clicks and keys; each ends with stacks checked by hand.

Table for every test: blinds 1/2, pot-limit, seats as given (button placed), so with the button on
seat 1 and players on 1, 3, 5: seat 3 posts the small blind, seat 5 the big blind, seat 1 acts first
pre-flop and seat 3 first after the flop (omaha-club-rules.txt, BLINDS; SPEC: Blinds, button, straddles).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from dealer_console.engine.cards import parse_card
from dealer_console.engine.hand import Phase
from tests.ui.conftest import make_session


def click(qtbot, window, name: str) -> None:  # type: ignore[no-untyped-def]
    button = window.action_bar.buttons[name]
    assert not button.isHidden(), f"{name} is not offered; shown: {shown(window)}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def key(qtbot, window, sequence: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QKeySequence
    combo = QKeySequence(sequence)[0]
    qtbot.keyClick(window, combo.key(), combo.keyboardModifiers())


def shown(window) -> list[str]:  # type: ignore[no-untyped-def]
    return [name for name, button in window.action_bar.buttons.items() if not button.isHidden()]


def finish(qtbot, window, limit: int = 20) -> None:  # type: ignore[no-untyped-def]
    """Deal and show down with the keys until the hand is over."""
    for _ in range(limit):
        hand = window.session.hand
        if hand.is_complete:
            return
        if "deal" in shown(window):
            key(qtbot, window, "D")
        elif "show" in shown(window):
            key(qtbot, window, "S")
        else:
            raise AssertionError(f"stuck at {hand.phase}: {shown(window)}")
    raise AssertionError("hand did not end")


def test_fold_with_undo_plays_to_the_stacks_expected(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """An undo voids the latest action only (SPEC: Records and review; python-chess pop()); the rest of the hand plays on.

    Seat 1 calls 2, seat 3 folds (undone, then folds again by key), seat 5 checks; on the flop seat 5 bets 2 and
    seat 1 folds: seat 5 takes 1 + 2 + 2 and gets back the uncalled 2. By hand: 98, 99, 103.
    """
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    click(qtbot, window, "deal")
    assert window.action_bar.labels["call"].startswith("Call 2")
    key(qtbot, window, "C")
    click(qtbot, window, "fold")
    assert session.hand.is_folded(3)
    key(qtbot, window, "Ctrl+Z")
    assert not session.hand.is_folded(3) and session.hand.actor == 3
    key(qtbot, window, "F")
    key(qtbot, window, "K")
    key(qtbot, window, "D")
    assert len(session.hand.boards()[0]) == 3
    key(qtbot, window, "R")
    key(qtbot, window, "F")
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 98, 3: 99, 5: 103}
    assert "Main pot" in window.felt.pots.text()


def test_oklahoma_discard_comes_first_and_fold_is_refused_after_it(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Oklahoma: the discard is the first part of the first action of the flop round, and a player who has just
    discarded may not fold in that action (SPEC: Oklahoma discards; oklahoma-rules.txt). They may fold next time.

    Everyone limps (pot 6); on the flop each discards and seat 1 bets 2; seats 3 and 5 fold. By hand: 104, 98, 98.
    """
    session = make_session("OK", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "D")
    key(qtbot, window, "C")
    key(qtbot, window, "C")
    key(qtbot, window, "K")
    key(qtbot, window, "D")
    for seat in (3, 5, 1):
        assert session.hand.actor == seat
        assert "discard_1" in shown(window) and "check" not in shown(window)
        key(qtbot, window, "1")
        assert "fold" not in shown(window), "fold offered right after a discard"
        key(qtbot, window, "K" if seat != 1 else "R")
    key(qtbot, window, "F")
    key(qtbot, window, "F")
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 104, 3: 98, 5: 98}
    assert {s.seat: s.discarded for s in session.seat_states()} == {1: 1, 3: 1, 5: 1}


def test_all_in_run_twice_deals_two_runs_and_the_aces_win_both(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Extra boards: both all-in before the flop agree to run twice; each run is dealt and the pot split by runs
    (SPEC: Extra boards; omaha-club-rules.txt, ALL-IN). Seat 5 holds four aces, so every run gives it aces plus
    the board (no board of the pool gives seat 1 a straight or flush). By hand: 0, 99, 201.
    """
    deck = "6h 6d 7c 7d  As Ah Ac Ad  2c 3c 4d 5d  Ks Kh Qs Qh Jd Jc Td 9s 8h 8c"
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1, deck=deck, structure="no-limit")
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "D")
    key(qtbot, window, "A")
    key(qtbot, window, "F")
    key(qtbot, window, "C")
    assert session.hand.runs_window_open()
    assert "runs_2" in shown(window), shown(window)
    key(qtbot, window, "W")
    key(qtbot, window, "W")
    assert session.hand.pot_runs() == [2], window.notification_area.messages()
    finish(qtbot, window)
    assert session.hand.run_count == 2
    assert session.hand.stacks == {1: 0, 3: 99, 5: 201}
    assert "Run 2" in window.felt.board.text()


def test_mississippi_straddle_small_blind_acts_first(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Mississippi: the button posts twice the big blind with the manager's authorization on record, and the small
    blind acts first pre-flop (SPEC: Mississippi straddle; house default, the seed's order). Everyone folds to the
    straddler, who takes 1 + 2 + 4. By hand: 103, 99, 98, 100.
    """
    session = make_session("O", {1: 100, 3: 100, 5: 100, 7: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    assert "mississippi" in shown(window)
    key(qtbot, window, "I")
    key(qtbot, window, "D")
    assert session.hand.actor == 3
    for _ in range(3):
        key(qtbot, window, "F")
    assert session.hand.is_complete
    assert session.hand.stacks == {1: 103, 3: 99, 5: 98, 7: 100}


def test_misdeal_returns_every_chip_and_the_button_stays(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Misdeal: the hand is void, every chip goes back, the button does not move (SPEC: Misdeal; TDA Rule 35)."""
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "D")
    key(qtbot, window, "Ctrl+Shift+M")
    assert session.hand.phase is Phase.MISDEALT
    assert session.hand.stacks == {1: 100, 3: 100, 5: 100}
    key(qtbot, window, "N")
    assert session.plan is not None and session.plan.button == 1 and session.plan.number == 2


def test_refused_action_appears_in_the_notification_area(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Illegal means raise, with a message a dealer can read, shown in the one notification area (STYLE 3)."""
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "D")
    window.action_bar.amount_edit.setText("1000")
    window.action_bar.buttons["wager"].click()
    messages = window.notification_area.messages()
    assert messages and messages[0].startswith("Refused: Seat 1")
    assert session.hand.bets[1] == 0


def test_double_board_hi_lo_with_a_side_pot_splits_each_pot_by_board_then_high_and_low(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Double-board Omaha Hi-Lo: each pot is divided by boards, then high/low, the odd chip to the high hand; a short
    all-in player contends only the main pot (SPEC: Splitting; omaha-club-rules.txt, ALL-IN; double-board seed).

    Seat 3 (30) is all-in pre-flop, seats 1 and 5 call; on the flop seat 5 bets 20 and seat 1 calls: main pot 90
    (seats 1, 3, 5), side pot 40 (seats 1, 5). Board 1 (Ah 3d 5s 7c Kc): seat 5's three aces win high, seat 3's A-2
    makes the only low (7-5-3-2-A). Board 2 (Jd Js 2d 4s 6h): seat 1's three jacks win high; nobody has a low.
    Main pot: 45 per board; board 1: high 23 (odd chip) to seat 5, low 22 to seat 3; board 2: 45 to seat 1.
    Side pot: 20 per board: 20 to seat 5, 20 to seat 1. By hand: 100 - 50 + 65 = 115, 0 + 22 = 22, 100 - 50 + 43 = 93.
    """
    deck = "Ac 2c Kd Kh  As Ad Qs Qd  Jh Th 9h 8h  Ah 3d 5s  Jd Js 2d  7c 4s  Kc 6h"
    session = make_session("DBO/8", {1: 100, 3: 30, 5: 100}, button=1, deck=deck, structure="no-limit")
    window = open_window(session)
    session.start_hand()
    key(qtbot, window, "D")
    key(qtbot, window, "C")
    key(qtbot, window, "A")
    key(qtbot, window, "C")
    key(qtbot, window, "C")
    assert window.action_bar.labels["deal"].startswith("Deal flop, board 1")
    key(qtbot, window, "D")
    key(qtbot, window, "D")
    assert session.hand.actor == 5
    for digit in "20":
        qtbot.mouseClick(window.action_bar.findChild(QPushButton, f"keypad_{digit}"), Qt.MouseButton.LeftButton)
    key(qtbot, window, "Return")
    assert session.hand.bets[5] == 20, window.notification_area.messages()
    key(qtbot, window, "C")
    for _street in ("turn", "river"):
        key(qtbot, window, "D")
        key(qtbot, window, "D")
        key(qtbot, window, "K")
        key(qtbot, window, "K")
    pots = session.hand.pots()
    assert [(pot.amount, pot.contenders) for pot in pots] == [(90, (3, 5, 1)), (40, (5, 1))]
    assert "Side pot 1 40" in window.felt.pots.text()
    finish(qtbot, window)
    assert session.hand.stacks == {1: 115, 3: 22, 5: 93}
    assert session.hand.result is not None and session.hand.result.audit.balanced


def test_oklahoma_straddle_all_in_and_two_runs_through_the_extra_boards_dialog(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Oklahoma with a straddle and an all-in: the straddle is posted before the deal (one tap) and acts last pre-flop;
    the all-in players still discard on the flop and the turn, and extra boards are offered only once every discard is
    done, so two runs mean two rivers; each contender chooses in the extra-boards dialog (SPEC: Oklahoma discards,
    Extra boards, Straddle; oklahoma-rules.txt; omaha-club-rules.txt, STRADDLE/RESTRADDLE).

    Seat 1 (button, facing the big blind three-handed) straddles 4; seat 3 calls 4, seat 5 goes all-in 40, seat 1
    calls, seat 3 folds: pot 84 between seats 1 and 5. Each discards its first card twice: seat 5 keeps As Ah, seat 1
    7h 8s. Board Ad 9c 6s 2h, rivers 3c (seat 5's three aces) and Td (seat 1's straight 6 to 10): 42 each.
    By hand: seat 1 100 - 40 + 42 = 102, seat 3 100 - 4 = 96, seat 5 42.
    """
    deck = "Jc Jd Qc Qd  2c 3d As Ah  4c 5d 7h 8s  Ad 9c 6s  2h  3c Td"
    session = make_session("OK", {1: 100, 3: 100, 5: 40}, button=1, deck=deck, structure="no-limit")
    window = open_window(session)
    session.start_hand()
    assert window.action_bar.labels["straddle"].startswith("Seat 1 straddles 4")
    key(qtbot, window, "T")
    key(qtbot, window, "D")
    assert session.hand.actor == 3
    key(qtbot, window, "C")
    key(qtbot, window, "A")
    key(qtbot, window, "C")
    key(qtbot, window, "F")
    key(qtbot, window, "D")
    for _ in range(2):
        assert session.discarding_seat() is not None, shown(window)
        key(qtbot, window, "1")
    assert "runs_2" not in shown(window), "extra boards offered before the discards are done"
    key(qtbot, window, "D")
    for _ in range(2):
        key(qtbot, window, "1")
    assert {s.seat: s.cards for s in session.seat_states() if s.seat != 3} == {
        1: tuple(parse_card(c) for c in ("7h", "8s")), 5: tuple(parse_card(c) for c in ("As", "Ah"))}
    key(qtbot, window, "X")
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "extra_boards_dialog"
    assert "Main pot 84: seats 5, 1" in dialog.pots_label.text()
    for seat in (5, 1):
        qtbot.mouseClick(dialog.findChild(QPushButton, f"runs_{seat}_2"), Qt.MouseButton.LeftButton)
    assert session.hand.pot_runs() == [2], window.notification_area.messages()
    qtbot.mouseClick(dialog.findChild(QPushButton, "close_dialog"), Qt.MouseButton.LeftButton)
    finish(qtbot, window)
    assert session.hand.run_count == 2
    assert session.hand.stacks == {1: 102, 3: 96, 5: 42}
