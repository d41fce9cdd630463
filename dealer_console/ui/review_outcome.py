"""Where every chip went and why: pots, the chip audit, before and after the floor's corrections, rulings, dispute windows."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from dealer_console.floor.facade import DisputeWindows, HandReview

__all__ = ["ReviewOutcome"]


class ReviewOutcome(QScrollArea):
    """The hand's settlement as it stands, as recorded (when corrected), its rulings and SPEC's dispute windows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_outcome")
        self.setWidgetResizable(True)
        self.label = QLabel()
        self.label.setObjectName("outcome_text")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setWidget(self.label)

    def show_review(self, review: HandReview, windows: DisputeWindows) -> None:
        """Show the hand's outcome (and, when corrected, the outcome as recorded beside it)."""
        parts = ["<h3>Why each pot went where it went</h3>", _list(review.explanation())]
        audit = review.audit
        if audit is not None:
            parts.append(f"<p>Chip audit: contributed {audit.contributed} = awarded {audit.awarded} + rake {audit.rake}"
                         f" + jackpot drop {audit.jackpot} + returned {audit.returned}:"
                         f" <b>{'balanced' if audit.balanced else 'NOT BALANCED'}</b></p>")
        if review.corrected is not None:
            parts.append("<h3>Before and after the floor's corrections</h3>")
            parts.append("<p><b>As recorded at the table:</b></p>" + _list(review.recorded_outcome().lines()))
            parts.append("<p><b>As corrected:</b></p>" + _list(review.standing_outcome().lines()))
        rulings = review.rulings()
        parts.append("<h3>Rulings</h3>")
        if not rulings:
            parts.append("<p>None recorded.</p>")
        for event in rulings:
            p = event.payload
            parts.append(f"<p>seq {event.seq}, {escape(str(p.get('floor_manager', event.actor)))}: rule {escape(str(p.get('rule', '')))};"
                         f" decision: {escape(str(p.get('decision', '')))}; pot held: {'yes' if p.get('pot_held') else 'no'};"
                         f" disputed {p.get('disputed_amount', '')}; reportable: {'YES' if p.get('reportable') else 'no'};"
                         f" {'LATE' if p.get('late') else 'in time'}</p>")
        parts.append("<h3>Dispute windows</h3>" + _list(windows.lines()))
        self.label.setText("".join(parts))

    def text(self) -> str:
        """The panel's text (HTML)."""
        return self.label.text()


def _list(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
