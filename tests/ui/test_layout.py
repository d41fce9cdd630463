"""The dealer's screen laid out for the table, measured in every state, at 1280×720, 1366×768 and 1920×1080, in English
and Russian: no text wider than its widget (a long player's name elided with its tooltip), no two seat boxes on top of
each other, nothing outside the window, the window no larger than the screen (docs/ui.md, Layout; SPEC: The dealer's
screen, "readable at arm's length").

Each state is built once per language (``tests/ui/screen_states.py``, one store for both languages) and resized
through the three sizes in one test.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QWidget

from dealer_console.ui.app import use_screen_font
from dealer_console.ui.translation import install_translation
from tests.ui.layout_checks import layout_problems
from tests.ui.screen_states import STATES, WINDOW_SIZES, WINDOWS, Screens

BUILD_TIMES: dict[str, float] = {}


@pytest.fixture(scope="module")
def screens(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Screens]:
    """One store (its staff added and the floor manager signed in once) for the states of both languages."""
    shared = Screens(tmp_path_factory.mktemp("screens"))
    yield shared
    shared.close()


@pytest.fixture(scope="module", params=["en", "ru"])
def built(request: pytest.FixtureRequest, qapp: QApplication, screens: Screens) -> Iterator[dict[str, QWidget]]:
    """Every state, built once in the language of the parameter (the other language's windows closed first), in the
    font the console gives the application (``ui/app.py``: 14 pt, what the dealer sees); the font before put back."""
    language = request.param
    font = QFont(qapp.font())
    install_translation(qapp, language)
    use_screen_font(qapp)
    started = time.perf_counter()
    try:
        yield {name: state(screens) for name, state in STATES.items()}
    finally:
        BUILD_TIMES[language] = time.perf_counter() - started
        screens.close_windows()
        install_translation(qapp, "en")
        qapp.setFont(font)


def at_size(widget: QWidget, name: str, size: tuple[int, int]) -> None:
    """A window resized to fill ``size``; a dialog at its own size, which must fit ``size``."""
    if name in WINDOWS:
        widget.resize(*size)
    else:
        widget.resize(widget.sizeHint().boundedTo(QSize(*size)).expandedTo(widget.minimumSizeHint()))
    QApplication.processEvents()


@pytest.mark.parametrize("name", list(STATES))
def test_nothing_clipped_overlapping_or_outside(built: dict[str, QWidget], name: str) -> None:
    """The state at each of the three sizes in turn (one test per state: the sizes' problems are listed together)."""
    widget = built[name]
    problems = []
    for size in WINDOW_SIZES:
        at_size(widget, name, size)
        if widget.width() > size[0] or widget.height() > size[1]:
            problems.append(f"at {size}: {name} is {widget.size().toTuple()}, larger than the screen")
        problems += [f"at {size}: {problem}" for problem in layout_problems(widget)]
    assert not problems, f"{name}:\n" + "\n".join(problems)
