"""The screen's language through Qt's own translation system (SPEC: English and Russian).

The source of the Russian texts is ``translations/dealer_console_ru.ts`` (Qt Linguist opens it; after
a change to the screen's texts: ``pyside6-lupdate`` on the ui files with ``-locations none``, translate,
then ``pyside6-lrelease`` into the ``.qm`` beside it, which is what the console loads). Qt's own dialog
buttons come from Qt's ``qtbase_ru.qm`` when it is installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

if TYPE_CHECKING:  # PySide6's stub types the marker's result as object; it returns the text

    def QT_TRANSLATE_NOOP(context: str, text: str) -> str: ...
else:
    from PySide6.QtCore import QT_TRANSLATE_NOOP

__all__ = ["install_translation", "LANGUAGES", "QT_TRANSLATE_NOOP", "TRANSLATIONS", "VALUE_WORDS"]

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
LANGUAGES = ("en", "ru")
_installed: list[QTranslator] = []

VALUE_WORDS: dict[str, tuple[str, ...]] = {
    "DisputeKind": (QT_TRANSLATE_NOOP("DisputeKind", "hand reading"), QT_TRANSLATE_NOOP("DisputeKind", "accounting")),
    "Source": (
        QT_TRANSLATE_NOOP("Source", "dealer"),
        QT_TRANSLATE_NOOP("Source", "camera"),
        QT_TRANSLATE_NOOP("Source", "sensor"),
        QT_TRANSLATE_NOOP("Source", "floor"),
    ),
    "HandStatus": (
        QT_TRANSLATE_NOOP("HandStatus", "open"),
        QT_TRANSLATE_NOOP("HandStatus", "complete"),
        QT_TRANSLATE_NOOP("HandStatus", "misdealt"),
    ),
    "HouseChoice": (
        QT_TRANSLATE_NOOP("HouseChoice", "small-blind-first"),
        QT_TRANSLATE_NOOP("HouseChoice", "left-of-big-blind"),
        QT_TRANSLATE_NOOP("HouseChoice", "straddle"),
        QT_TRANSLATE_NOOP("HouseChoice", "mississippi"),
    ),
    "BoardState": (
        QT_TRANSLATE_NOOP("BoardState", "connected"),
        QT_TRANSLATE_NOOP("BoardState", "connecting"),
        QT_TRANSLATE_NOOP("BoardState", "unplugged"),
        QT_TRANSLATE_NOOP("BoardState", "silent"),
        QT_TRANSLATE_NOOP("BoardState", "error: wrong protocol"),
        QT_TRANSLATE_NOOP("BoardState", "closed"),
    ),
    "UntaughtReason": (
        QT_TRANSLATE_NOOP("UntaughtReason", "not found"),
        QT_TRANSLATE_NOOP("UntaughtReason", "glare"),
        QT_TRANSLATE_NOOP("UntaughtReason", "blur"),
    ),
    "CalibrationCorner": (
        QT_TRANSLATE_NOOP("CalibrationCorner", "far left"),
        QT_TRANSLATE_NOOP("CalibrationCorner", "far right"),
        QT_TRANSLATE_NOOP("CalibrationCorner", "near right"),
        QT_TRANSLATE_NOOP("CalibrationCorner", "near left"),
    ),
    "CameraMode": (
        QT_TRANSLATE_NOOP("CameraMode", "taught deck"),
        QT_TRANSLATE_NOOP("CameraMode", "general mode (no deck taught)"),
        QT_TRANSLATE_NOOP("CameraMode", "picture only (the table is not calibrated)"),
        QT_TRANSLATE_NOOP("CameraMode", "it shows its picture only"),
    ),
    "CameraStatus": (
        QT_TRANSLATE_NOOP("CameraStatus", "ok"),
        QT_TRANSLATE_NOOP("CameraStatus", "dark"),
        QT_TRANSLATE_NOOP("CameraStatus", "frozen"),
        QT_TRANSLATE_NOOP("CameraStatus", "reconnecting"),
        QT_TRANSLATE_NOOP("CameraStatus", "dropped"),
        QT_TRANSLATE_NOOP("CameraStatus", "ended"),
        QT_TRANSLATE_NOOP("CameraStatus", "not-opened"),
    ),
    "NotificationArea": (
        QT_TRANSLATE_NOOP("NotificationArea", "Refused: "),
        QT_TRANSLATE_NOOP("NotificationArea", "Warning: "),
        QT_TRANSLATE_NOOP("NotificationArea", "Error:"),
    ),
    "Phase": (
        QT_TRANSLATE_NOOP("Phase", "posting"),
        QT_TRANSLATE_NOOP("Phase", "dealing"),
        QT_TRANSLATE_NOOP("Phase", "betting"),
        QT_TRANSLATE_NOOP("Phase", "board"),
        QT_TRANSLATE_NOOP("Phase", "showdown"),
        QT_TRANSLATE_NOOP("Phase", "complete"),
        QT_TRANSLATE_NOOP("Phase", "misdealt"),
    ),
    "ProposedAction": (
        QT_TRANSLATE_NOOP("ProposedAction", "check"),
        QT_TRANSLATE_NOOP("ProposedAction", "call"),
        QT_TRANSLATE_NOOP("ProposedAction", "bet"),
        QT_TRANSLATE_NOOP("ProposedAction", "raise"),
        QT_TRANSLATE_NOOP("ProposedAction", "all-in"),
    ),
    "SeatMarker": (
        QT_TRANSLATE_NOOP("SeatMarker", "BUTTON"),
        QT_TRANSLATE_NOOP("SeatMarker", "SB"),
        QT_TRANSLATE_NOOP("SeatMarker", "BB"),
        QT_TRANSLATE_NOOP("SeatMarker", "STRADDLE"),
        QT_TRANSLATE_NOOP("SeatMarker", "RE-STRADDLE"),
        QT_TRANSLATE_NOOP("SeatMarker", "MISSISSIPPI"),
        QT_TRANSLATE_NOOP("SeatMarker", "POST"),
    ),
    "SeatStatus": (
        QT_TRANSLATE_NOOP("SeatStatus", "not in hand"),
        QT_TRANSLATE_NOOP("SeatStatus", "FOLDED"),
        QT_TRANSLATE_NOOP("SeatStatus", "ALL-IN"),
        QT_TRANSLATE_NOOP("SeatStatus", "TO ACT"),
    ),
}
"""Words the screen translates from a value (a phase, a seat's state, a device's state), with
``QCoreApplication.translate(context, value)`` where lupdate cannot see them: marked here so that it does."""


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
