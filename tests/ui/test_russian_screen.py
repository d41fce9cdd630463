"""Every word on the screen in Russian, in each of the screen's states.

Source: SPEC, The dealer's screen ("Languages: English and Russian (the Oklahoma rules came in Russian), through Qt's own
translation system, chosen in the settings; card and hand names translated too"). Each state of
``tests/ui/screen_states.py`` is brought up with the Russian translation installed; every visible widget's text (labels,
buttons, menus, headers, table and list cells, tooltips, window and group titles, the notification area, the review's
text views) is read, and no Latin word of two letters or more may remain, except people's names and the table names used
here, the key caps printed on a keyboard (Ctrl, Shift, Enter...), the names of standards (UTC, HTML, PDF, SHA-256) and data
shown as it is (cards in the floor's notation, hashes, a database's URL). Card ranks (A K Q J T) and suit letters are single
letters, which the pattern does not count as words.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from dealer_console.ui.sentence_templates import TEMPLATES, Counted
from dealer_console.ui.sentence_words import WORDS
from dealer_console.ui.sentences import translate_sentence
from dealer_console.ui.translation import install_translation
from tests.ui.screen_states import DEALER, FLOOR, NAMES, STATES, Screens

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
ELIDED_WORD = re.compile(r"([A-Za-z]{2,})(…?)")
KEY_CAPS = {"Ctrl", "Shift", "Alt", "Enter", "Esc", "Backspace", "Del", "Space", "Tab"}
"""Key names as printed on the keys of a Russian keyboard too."""
NAMES_SHOWN = {word for name in (*NAMES, FLOOR[0], DEALER[0]) for word in LATIN_WORD.findall(name)} | {"Table", "zones", "DEMO", "sim"}
"""People's names of the states' tables; names given in the configuration: the tables' ("Table 3") and the demo's sensor
board's ("zones"), and the identity the demo board reports (serial "DEMO-0001", firmware "sim-1")."""
STANDARDS = {"UTC", "HTML", "PDF", "SHA"}
"""The names of standards and file formats, written so in Russian too (the time zone, the report's formats, the hash)."""
DATA = re.compile(r"\b(?:[AKQJT2-9][shdc])+\b|\b[0-9a-f]{16,}\b|\b[a-z+]+://\S+")
"""Data shown as it is: cards in the floor's notation ("AsKd", "7h8h9sTc"), hashes, a database's URL."""
SHOTS = os.environ.get("DEALER_RUSSIAN_SHOTS")
"""A folder to keep a picture of each state in Russian (for people to look at), when set."""


def _plain(text: str) -> str:
    if "<" not in text:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def _item_texts(view: QAbstractItemView) -> Iterator[str]:
    if isinstance(view, QListWidget):  # its model's counts are not callable from Python
        yield from (f"{view.item(row).text()}\n{view.item(row).toolTip()}" for row in range(view.count()))
        return
    model = view.model()
    if model is None:
        return
    root = view.rootIndex()
    for column in range(model.columnCount(root)):
        yield str(model.headerData(column, Qt.Orientation.Horizontal) or "")

    def walk(parent: QModelIndex) -> Iterator[str]:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                yield str(model.data(index) or "")
                yield str(model.data(index, Qt.ItemDataRole.ToolTipRole) or "")
                if column == 0 and model.rowCount(index):
                    yield from walk(index)

    yield from walk(root)


def _menu_texts(menu: QMenu) -> Iterator[str]:
    for action in menu.actions():
        yield action.text()
        yield action.toolTip() if action.toolTip() != action.text().replace("&", "") else ""
        if action.menu() is not None:
            yield from _menu_texts(action.menu())


def screen_texts(top: QWidget) -> list[str]:
    """Every text a person sees on ``top`` and the widgets in it that are visible."""
    texts: list[str] = [top.windowTitle()]
    if isinstance(top, QMainWindow):
        for action in top.menuBar().actions():
            texts.append(action.text())
            if action.menu() is not None:
                texts.extend(_menu_texts(action.menu()))
    for widget in [top, *top.findChildren(QWidget)]:
        if not widget.isVisibleTo(top) and widget is not top:
            continue
        texts.append(widget.toolTip())
        if isinstance(widget, (QLabel, QAbstractButton, QLineEdit)):
            texts.append(widget.text() if not isinstance(widget, QLineEdit) else widget.placeholderText())
        if isinstance(widget, QDockWidget):
            texts.append(widget.windowTitle())
        if isinstance(widget, QGroupBox):
            texts.append(widget.title())
        if isinstance(widget, QComboBox):
            texts.extend(widget.itemText(index) for index in range(widget.count()))
        if isinstance(widget, QTabWidget):
            texts.extend(widget.tabText(index) for index in range(widget.count()))
        if isinstance(widget, QAbstractItemView):
            texts.extend(_item_texts(widget))
        if isinstance(widget, (QTextEdit, QPlainTextEdit)):
            texts.append(widget.toPlainText())
    return [_plain(text) for text in texts if text]


def english_words(texts: list[str]) -> list[tuple[str, str]]:
    """(word, the text it is in) for every Latin word that is not a name, a key cap, a standard's name or data; a name
    cut short to fit its box ("Konstan…") is still a name."""
    allowed = NAMES_SHOWN | KEY_CAPS | STANDARDS
    found = set()
    for text in texts:
        for word, elided in ELIDED_WORD.findall(DATA.sub(" ", text)):
            if word not in allowed and not (elided and any(name.startswith(word) for name in NAMES_SHOWN)):
                found.add((word, text.replace("\n", " / ")[:120]))
    return sorted(found)


@pytest.fixture
def russian(qapp: QApplication) -> Iterator[None]:
    """The screen in Russian for one test."""
    install_translation(qapp, "ru")
    yield
    install_translation(qapp, "en")


@pytest.fixture
def screens(tmp_path: Path) -> Iterator[Screens]:
    """The states' store and windows, closed after the test."""
    opened = Screens(tmp_path)
    yield opened
    opened.close()


@pytest.mark.parametrize("state", list(STATES))
def test_no_english_word_on_screen_in_russian(russian: None, screens: Screens, state: str) -> None:
    """In Russian, no text of the state's windows and dialogs has an English word left (names and key caps aside)."""
    top = STATES[state](screens)
    QApplication.processEvents()
    shown = [widget for widget in QApplication.topLevelWidgets() if widget.isVisible() and widget.isWindow()]
    assert top in shown
    found = [pair for widget in shown for pair in english_words(screen_texts(widget))]
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        top.grab().save(str(Path(SHOTS) / f"{state}.png"))
    assert not found, f"English on the {state} screen: {found}"


def test_the_checker_finds_an_english_word_and_lets_names_and_keys_pass(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The scanner itself: an English word on a visible label is found, a hidden one is not; names, key caps, cards in
    the floor's notation, hashes and a name cut short pass; a word glued to cards, or any other word cut short, does not."""
    top = QWidget()
    qtbot.addWidget(top)
    seen, hidden = QLabel("Место 3 · Anna — Отменить [Ctrl+Z]", top), QLabel("hidden words", top)
    button = QLabel("<b>Seat</b> 4", top)
    data = QLabel("карты 7h8h9sTc AsKd, хеш 5db53237350321bdd08507ee83598540f (UTC)", top)
    glued = QLabel("карты AsKdfolded", top)
    QLabel("Место 3 · Konstantin Konstan…; Fold…", top)
    hidden.hide()
    top.show()
    assert seen.isVisible() and button.isVisible() and data.isVisible() and glued.isVisible()
    assert english_words(screen_texts(top)) == [("AsKdfolded", "карты AsKdfolded"), ("Fold", "Место 3 · Konstantin Konstan…; Fold…"),
                                                ("Seat", "Seat 4")]


def test_a_refusal_a_result_and_a_count_read_in_russian(russian: None) -> None:
    """The engine's sentences through their templates: a refusal with its verb and reason, a result line with its pot,
    board, half, winners and hand, and a count in its Russian plural form (SPEC: card and hand names translated too)."""
    assert translate_sentence("Seat 7 cannot check: there is a bet of 2 to call") == "Место 7: нельзя сделать чек — есть ставка 2, её нужно уравнять"
    assert translate_sentence("Main pot (board 1, high): 23 to seat 5 (23) with Three Aces") == (
        "Основной банк (борд 1, хай): 23 — место 5 (23), тройка тузов")
    assert translate_sentence("Side pot 1 (run 2): 40 to seat 1 (20) and seat 3 (20) with Aces full of Kings") == (
        "Побочный банк 1 (прогон 2): 40 — место 1 (20) и место 3 (20), фулл-хаус из тузов и королей")
    plurals = [translate_sentence(f"The dealer cannot deal the board: the flop is {n} card(s), not 2") for n in (1, 3, 5)]
    assert plurals == ["Дилер: нельзя сдать борд — флоп — это 1 карта, а не 2", "Дилер: нельзя сдать борд — флоп — это 3 карты, а не 2",
                       "Дилер: нельзя сдать борд — флоп — это 5 карт, а не 2"]
    assert translate_sentence("A sentence of no template") == "A sentence of no template"


def test_every_template_has_its_russian_and_the_counted_ones_are_marked_for_lupdate(russian: None) -> None:
    """Each template and word of ``sentence_templates`` is translated (a template lupdate cannot see, or one left
    untranslated, fails here; one with no word of its own, like ``"{street}"``, stays as it is); the counted templates are
    the ones ``Counted.marks`` shows lupdate."""
    untranslated = [(context, text) for table in (TEMPLATES, WORDS) for context, texts in table.items() for text in texts
                    if QCoreApplication.translate(context, text) == text and re.sub(r"\{\w+\}|\W", "", text)]
    untranslated += [text for text in Counted.TEMPLATES if QCoreApplication.translate(Counted.CONTEXT, text, "", 2) == text.replace("%n", "2")]
    assert not untranslated
    install_translation(QApplication.instance(), "en")  # type: ignore[arg-type]
    assert list(Counted().marks(4)) == [text.replace("%n", "4") for text in Counted.TEMPLATES]
