"""The table as it was at one step of a reviewed hand, drawn with the dealer's own felt, seats, boards and pots (read-only)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QVBoxLayout, QWidget

from dealer_console.engine.events import BlindKind, BlindPosted
from dealer_console.engine.hand import Hand
from dealer_console.live.views import SeatState, board_rows, pot_lines
from dealer_console.ui.felt_widget import FeltWidget

__all__ = ["ReviewTableView"]


class ReviewTableView(QWidget):
    """A :class:`FeltWidget` showing a replayed hand; nothing on it can be pressed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_table")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.felt: FeltWidget | None = None

    def show_hand(self, hand: Hand, players: Mapping[int, str], *, result_lines: list[str] | None = None,
                  four_colour: bool = True) -> None:
        """Draw ``hand`` (the state after a step): each seat, the boards, the pots or, once settled, who won what."""
        count = max(max(hand.setup.stacks), 2)
        if self.felt is None or len(self.felt.seats) != count:
            if self.felt is not None:
                self._layout.removeWidget(self.felt)
                self.felt.deleteLater()
            self.felt = FeltWidget(count, self)
            self.felt.setMinimumSize(900, 480)
            self._layout.addWidget(self.felt)
        markers: dict[int, list[str]] = {hand.setup.button: ["button"]}
        for event in hand.events_in_force:
            if isinstance(event, BlindPosted) and event.blind is not BlindKind.DEAD:
                markers.setdefault(event.seat, []).append(event.blind.value)
        settled = hand.is_complete
        for seat, widget in self.felt.seats.items():
            if seat not in hand.setup.stacks:
                widget.show_state(None, four_colour=four_colour)
                continue
            folded = hand.is_folded(seat)
            widget.show_state(SeatState(
                seat=seat, player=players.get(seat, ""), stack=hand.stacks[seat], bet=0 if settled else hand.bets[seat],
                cards=() if folded else hand.hole_cards(seat), discarded=0, in_hand=True, folded=folded,
                all_in=not settled and hand.is_all_in(seat), to_act=hand.actor == seat, owes_discard=False,
                markers=tuple(markers.get(seat, ())),
            ), four_colour=four_colour)
        self.felt.board.show_boards(board_rows(hand), four_colour=four_colour)
        if settled:
            lines = result_lines if result_lines is not None else (hand.result.describe() if hand.result is not None else
                                                                    [f"Hand {hand.phase.value}: every chip goes back"])
        else:
            lines = pot_lines(hand)  # the live felt's own text for the same moment
        self.felt.pots.setText("\n".join(lines))

    def texts(self) -> dict[str, str]:
        """What the felt shows, as text (for the report and for tests)."""
        if self.felt is None:
            return {}
        shown = {f"seat {seat}": " | ".join(label.text() for label in (w.name_label, w.stack_label, w.bet_label, w.status_label))
                 for seat, w in self.felt.seats.items()}
        shown["board"] = self.felt.board.text()
        shown["pots"] = self.felt.pots.text()
        return shown
