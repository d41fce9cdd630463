"""The review window's lower panes and the hand's title in the dealer's 14 pt screen font (docs/ui.md, Layout): the
timeline's event heading whole however narrow the splitter makes the table (it scrolls sideways), an event's lines whole
in a pane lower than they are (they scroll), a title too long for the window elided with the whole in its tooltip."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QHeaderView

from dealer_console.ui.app import use_screen_font
from dealer_console.ui.elided_label import ElidedLabel
from dealer_console.ui.review_event_detail import ReviewEventDetail
from dealer_console.ui.review_timeline import ReviewTimeline
from tests.ui.layout_checks import layout_problems


@pytest.fixture
def screen_font(qapp: QApplication) -> Iterator[None]:
    font = QFont(qapp.font())
    use_screen_font(qapp)
    yield
    qapp.setFont(font)


def test_the_event_heading_stays_whole_in_a_narrow_timeline_and_the_column_stretches_again(qtbot, screen_font: None) -> None:  # type: ignore[no-untyped-def]
    timeline = ReviewTimeline()
    qtbot.addWidget(timeline)
    header = timeline.horizontalHeader()
    timeline.resize(300, 200)  # narrower than its columns: it scrolls sideways, the event's heading whole
    timeline.show()
    QApplication.processEvents()
    assert timeline.width() == 300 and header.sectionSize(4) == header.sectionSizeHint(4)
    assert header.sectionResizeMode(4) is QHeaderView.ResizeMode.Interactive
    assert layout_problems(timeline) == []
    timeline.resize(1500, 200)
    QApplication.processEvents()
    assert header.sectionResizeMode(4) is QHeaderView.ResizeMode.Stretch
    assert header.sectionSize(4) > header.sectionSizeHint(4)


def test_a_title_too_long_is_elided_whole_in_its_tooltip_and_never_widens_its_window(qtbot, screen_font: None) -> None:  # type: ignore[no-untyped-def]
    title = ElidedLabel()
    qtbot.addWidget(title)
    whole = "Hand 12: Omaha, pot limit, blinds 1/2 — betting — seat 7 to act"
    title.set_full_text(whole)
    title.resize(200, 30)
    title.show()
    QApplication.processEvents()
    assert title.minimumSizeHint().width() < 200 and title.full_text() == whole
    assert title.text().endswith("…") and title.toolTip() == whole and layout_problems(title) == []
    title.resize(1200, 30)
    QApplication.processEvents()
    assert title.text() == whole and title.toolTip() == ""


def test_an_events_lines_scroll_in_a_low_pane(qtbot, screen_font: None) -> None:  # type: ignore[no-untyped-def]
    detail = ReviewEventDetail()
    qtbot.addWidget(detail)
    detail.text.setText("<br>".join(f"<b>line {n}</b>: a recorded event's words, long enough to wrap" for n in range(8)))
    detail.resize(300, 95)
    detail.show()
    QApplication.processEvents()
    assert detail.text.height() >= detail.text.heightForWidth(detail.text.width()) > 95
    assert layout_problems(detail) == []
