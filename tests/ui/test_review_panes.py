"""The review window's lower panes in the dealer's 14 pt screen font (docs/ui.md, Layout): the timeline's event heading
whole however narrow the splitter makes the table, an event's lines whole in a pane lower than they are (they scroll)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from dealer_console.ui.app import use_screen_font
from dealer_console.ui.review_event_detail import ReviewEventDetail
from dealer_console.ui.review_timeline import ReviewTimeline
from tests.ui.layout_checks import layout_problems


@pytest.fixture
def screen_font(qapp: QApplication) -> Iterator[None]:
    font = QFont(qapp.font())
    use_screen_font(qapp)
    yield
    qapp.setFont(font)


def test_the_event_heading_stays_whole_at_the_timelines_least_width(qtbot, screen_font: None) -> None:  # type: ignore[no-untyped-def]
    timeline = ReviewTimeline()
    qtbot.addWidget(timeline)
    timeline.resize(100, 200)  # narrower than it allows: it keeps its least width
    timeline.show()
    QApplication.processEvents()
    assert timeline.width() == timeline.minimumWidth() > 100
    header = timeline.horizontalHeader()
    assert header.sectionSize(4) >= header.sectionSizeHint(4)
    assert layout_problems(timeline) == []


def test_an_events_lines_scroll_in_a_low_pane(qtbot, screen_font: None) -> None:  # type: ignore[no-untyped-def]
    detail = ReviewEventDetail()
    qtbot.addWidget(detail)
    detail.text.setText("<br>".join(f"<b>line {n}</b>: a recorded event's words, long enough to wrap" for n in range(8)))
    detail.resize(300, 95)
    detail.show()
    QApplication.processEvents()
    assert detail.text.height() >= detail.text.heightForWidth(detail.text.width()) > 95
    assert layout_problems(detail) == []
