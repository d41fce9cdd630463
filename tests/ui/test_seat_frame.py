"""A seat box's frame follows its look: the player to act's thick border gives way to the plain one when the turn
passes, and the lines are fitted to the room inside the border the seat has now (docs/ui.md, Layout)."""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QApplication

from dealer_console.engine.cards import parse_card
from dealer_console.live.views import SeatState
from dealer_console.ui.seat_widget import SeatWidget
from tests.ui.layout_checks import text_width

TO_ACT = SeatState(seat=1, player="Anna", stack=98, bet=2, cards=tuple(parse_card(c) for c in ("As", "Kd", "Qh", "Jc")),
                   discarded=0, in_hand=True, folded=False, all_in=False, to_act=True, owes_discard=False, markers=())


def test_the_frame_narrows_when_the_turn_passes_and_the_cards_fit_inside_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    seat = SeatWidget(1)
    qtbot.addWidget(seat)
    seat.resize(145, 82)
    seat.show()
    seat.show_state(TO_ACT, four_colour=True)
    QApplication.processEvents()
    assert seat.frameWidth() == 5
    seat.show_state(dataclasses.replace(TO_ACT, to_act=False), four_colour=True)
    QApplication.processEvents()
    assert seat.frameWidth() == 2  # the plain look's 2 px border, not the 5 px it had
    label = seat.cards_label
    assert text_width(label, label.text(), rich=True) <= label.contentsRect().width()
    seat.show_state(dataclasses.replace(TO_ACT, to_act=False, folded=True, cards=()), four_colour=True)
    assert seat.frameWidth() == 1
