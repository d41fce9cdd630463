"""Russian through Qt's own translation system (SPEC: The dealer's screen, "Languages: English and Russian ...
through Qt's own translation system, chosen in the settings")."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from dealer_console.ui.translation import TRANSLATIONS, install_translation
from tests.ui.conftest import make_session

UI = Path(__file__).resolve().parents[2] / "dealer_console" / "ui"
TS = TRANSLATIONS / "dealer_console_ru.ts"
TRANSLATED_FILES = tuple(sorted(path.name for path in UI.glob("*.py")))  # every file of the screen: a new one is covered at once


def _tool(name: str) -> str:
    found = shutil.which(name) or str(Path(sys.executable).with_name(name))
    if not Path(found).exists():
        pytest.skip(f"{name} (PySide6's Qt tools) not found beside {sys.executable}")
    return found


@pytest.fixture
def russian(qapp: QApplication) -> Iterator[None]:
    install_translation(qapp, "ru")
    yield
    install_translation(qapp, "en")


def test_the_window_speaks_russian(russian: None, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """With the language set to ru the action bar, the title, the seats, the pots and the notices are in Russian."""
    session = make_session("O", {1: 100, 3: 100, 5: 100}, button=1)
    window = open_window(session)
    session.start_hand()
    session.deal_hole_cards()
    bar = window.action_bar.buttons
    assert bar["call"].text().startswith("Колл 2") and bar["fold"].text().startswith("Пас")
    assert window.title.full_text().startswith("Раздача 1: ") and "ходит место 1" in window.title.full_text()
    assert window.felt.seats[1].name_label.text().startswith("Место 1 · P1")
    assert window.felt.seats[1].status_label.text() == "ХОДИТ"
    assert window.felt.pots.text().startswith("Основной банк 2: места 3, 5\nВсего в центре 3")  # as the floor's review shows it
    assert window.felt.seats[3].name_label.text() == "Место 3 · P3\n[МБ]"
    assert "торговля" in window.title.full_text()
    session.check()
    assert window.notification_area.messages()[0].startswith("Отказано: ")
    assert window.windowTitle().startswith("Пульт дилера")


def test_english_is_back_after_switching(russian: None, qapp: QApplication, qtbot, open_window) -> None:  # type: ignore[no-untyped-def]
    """Switching back to en removes the translator: new texts are the English ones."""
    install_translation(qapp, "en")
    window = open_window(make_session("O", {1: 100, 3: 100}, button=1))
    window.session.start_hand()
    assert window.action_bar.labels["deal"].startswith("Deal hole cards")


def test_unknown_language_is_refused(qapp: QApplication) -> None:
    """Only the languages the console ships."""
    with pytest.raises(ValueError, match="unknown language 'fr'; the console speaks en, ru"):
        install_translation(qapp, "fr")


def test_every_text_of_the_screen_is_translated_and_the_qm_is_built_from_the_ts(tmp_path: Path) -> None:
    """lupdate over the screen's files finds no text missing from the .ts, none unfinished, and lrelease of the .ts
    gives the .qm the console loads (so an edit of the .ts without a rebuild fails here)."""
    fresh = tmp_path / "fresh.ts"
    subprocess.run([_tool("pyside6-lupdate"), "-locations", "none", *[str(UI / name) for name in TRANSLATED_FILES], "-ts", str(fresh)],
                   check=True, capture_output=True)
    shipped = TS.read_text(encoding="utf-8")

    def sources(text: str) -> set[str]:
        return set(re.findall(r"<source>(.*?)</source>", text, flags=re.S))

    missing = sources(fresh.read_text(encoding="utf-8")) - sources(shipped)
    assert not missing, f"texts not in {TS.name}: {sorted(missing)}"
    assert 'type="unfinished"' not in shipped
    built = tmp_path / "built.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(TS), "-qm", str(built)], check=True, capture_output=True)
    assert built.read_bytes() == (TRANSLATIONS / "dealer_console_ru.qm").read_bytes()
