"""The screen's language through Qt's own translation system (SPEC: English and Russian).

The source of the Russian texts is ``translations/dealer_console_ru.ts`` (Qt Linguist opens it; after
a change to the screen's texts: ``pyside6-lupdate`` on the ui files with ``-locations none``, translate,
then ``pyside6-lrelease`` into the ``.qm`` beside it, which is what the console loads). Qt's own dialog
buttons come from Qt's ``qtbase_ru.qm`` when it is installed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

__all__ = ["install_translation", "LANGUAGES", "TRANSLATIONS"]

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
LANGUAGES = ("en", "ru")
_installed: list[QTranslator] = []


def install_translation(app: QCoreApplication, language: str) -> None:
    """Show the screen in ``language`` (``en``: the texts as written); replaces a language installed before.

    Raises ``ValueError`` for an unknown language or a missing translation file.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; the console speaks {', '.join(LANGUAGES)}")
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language == "en":
        return
    own = QTranslator(app)
    if not own.load(f"dealer_console_{language}", str(TRANSLATIONS)):
        raise ValueError(f"the {language} translation is missing: {TRANSLATIONS / f'dealer_console_{language}.qm'}")
    qt = QTranslator(app)
    if qt.load(QLocale(language), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    app.installTranslator(own)
    _installed.append(own)
