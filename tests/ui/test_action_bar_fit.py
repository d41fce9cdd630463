"""The dealer's buttons in a narrow bar (docs/ui.md, Layout): a row that would need a font too small to read breaks its
labels over two lines in a larger font, every word still on its button and none clipped; a wide bar keeps one line.

Table: pot-limit Omaha, blinds 1/2, seats 2, 3, 4, 6 and 8, button seat 2: the straddle, the re-straddle, the
Mississippi, the blind's undo and the misdeal share the lower row (the demo table's first screen).
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from dealer_console.ui.action_bar import SMALLEST, two_lines
from dealer_console.ui.translation import install_translation
from tests.ui.conftest import make_session
from tests.ui.layout_checks import layout_problems

LOWER = ("straddle", "restraddle", "mississippi", "undo", "misdeal")


def test_two_lines_breaks_a_label_where_its_longer_line_is_shortest() -> None:
    assert two_lines("Undo: seat 4's blind", len) == "Undo: seat\n4's blind"
    assert two_lines("Seat 6 straddles 4", len) == "Seat 6\nstraddles 4"
    assert two_lines("Misdeal", len) == "Misdeal", "one word stays whole"


def test_a_narrow_bar_in_russian_breaks_the_lower_rows_labels_and_clips_none(qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_translation(app, "ru")
    try:
        session = make_session("O", {seat: 200 for seat in (2, 3, 4, 6, 8)}, button=2)
        session.start_hand()
        window = open_window(session)
        bar = window.action_bar
        assert set(LOWER) <= set(bar.labels), bar.labels
        window.resize(1400, 900)
        qtbot.waitUntil(lambda: bar.wrapped == [False, False])
        wide = bar.pixels
        assert all("\n" not in bar.labels[name] and bar.buttons[name].text().count("\n") == 1 for name in LOWER)

        bar.setFixedWidth(660)  # the demo's bar at 1280×720, beside the camera's panel
        qtbot.waitUntil(lambda: bar.wrapped[1])
        assert not bar.wrapped[0], "the upper row (the deal alone) keeps one line"
        assert SMALLEST < bar.pixels <= wide
        for name in LOWER:
            button = bar.buttons[name]
            assert button.text().count("\n") == 2 or " " not in bar.labels[name], button.text()
            assert button.text().rsplit("\n", 1)[0].replace("\n", " ") == bar.labels[name], "every word on the button"
        assert not [problem for problem in layout_problems(window) if "action_" in problem]

        bar.setMinimumWidth(0)
        bar.setMaximumWidth(16_777_215)
        qtbot.waitUntil(lambda: bar.wrapped == [False, False])
        assert bar.pixels == wide, "wide again, one line again at the same font"
    finally:
        install_translation(app, "en")
