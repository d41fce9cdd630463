"""Regenerate docs/screenshots/: every screen state, in English and Russian, at 1280×720 and 1920×1080, in the font the
console gives the application (``ui/app.py``: 14 pt, what the dealer sees).

Usage: ``QT_QPA_PLATFORM=offscreen python -m tests.ui.screenshots [OUTPUT_FOLDER]`` (docs/ui.md, Screenshots); files are
named ``<state>-<language>-<width>x<height>.png``.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import sys
import tempfile
from pathlib import Path

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from dealer_console.ui.app import use_screen_font
from dealer_console.ui.translation import install_translation
from tests.ui.screen_states import STATES, WINDOWS, Screens

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = ((1280, 720), (1920, 1080))


def main(folder: Path = SHOTS) -> list[Path]:
    """Write every state's picture into ``folder``; returns the files written."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    font = QFont(app.font())
    use_screen_font(app)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as work:
        screens = Screens(Path(work))  # one store for both languages: its staff are added and signed in once
        try:
            for language in ("en", "ru"):
                install_translation(app, language)
                for name, state in STATES.items():
                    widget = state(screens)
                    for width, height in SIZES if name in WINDOWS else SIZES[:1]:
                        if name in WINDOWS:
                            widget.resize(width, height)
                        QApplication.processEvents()
                        path = folder / f"{name}-{language}-{width}x{height}.png"
                        if not widget.grab().save(str(path)):
                            raise OSError(f"cannot write {path}")
                        written.append(path)
                screens.close_windows()
        finally:
            screens.close()
            install_translation(app, "en")
            app.setFont(font)
    return written


if __name__ == "__main__":
    for path in main(Path(sys.argv[1]) if len(sys.argv) > 1 else SHOTS):
        print(path)
