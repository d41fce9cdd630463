"""Where every chip went and why: pots, the chip audit, before and after the floor's corrections, rulings, dispute windows."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from dealer_console.floor.facade import DisputeWindows, HandReview
from dealer_console.ui.sentences import translate_sentence

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
        parts = [self.tr("<h3>Why each pot went where it went</h3>"), _list(review.explanation())]
        audit = review.audit
        if audit is not None:
            parts.append(self.tr("<p>Chip audit: contributed {0} = awarded {1} + rake {2} + jackpot drop {3} + returned {4}: <b>{5}</b></p>")
                         .format(audit.contributed, audit.awarded, audit.rake, audit.jackpot, audit.returned,
                                 self.tr("balanced") if audit.balanced else self.tr("NOT BALANCED")))
        if review.corrected is not None:
            parts.append(self.tr("<h3>Before and after the floor's corrections</h3>"))
            parts.append(self.tr("<p><b>As recorded at the table:</b></p>") + _list(review.recorded_outcome().lines()))
            parts.append(self.tr("<p><b>As corrected:</b></p>") + _list(review.standing_outcome().lines()))
        rulings = review.rulings()
        parts.append(self.tr("<h3>Rulings</h3>"))
        if not rulings:
            parts.append(self.tr("<p>None recorded.</p>"))
        for event in rulings:
            p = event.payload
            yes, no = self.tr("yes"), self.tr("no")
            parts.append(self.tr("<p>seq {0}, {1}: rule {2}; decision: {3}; pot held: {4}; disputed {5}; reportable: {6}; {7}</p>").format(
                event.seq, escape(str(p.get("floor_manager", event.actor))), escape(str(p.get("rule", ""))),
                escape(str(p.get("decision", ""))), yes if p.get("pot_held") else no, p.get("disputed_amount", ""),
                self.tr("YES") if p.get("reportable") else no, self.tr("LATE") if p.get("late") else self.tr("in time")))
        parts.append(self.tr("<h3>Dispute windows</h3>") + _list(windows.lines()))
        self.label.setText("".join(parts))

    def text(self) -> str:
        """The panel's text (HTML)."""
        return self.label.text()


def _list(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(translate_sentence(line))}</li>" for line in lines) + "</ul>"
