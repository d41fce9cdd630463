"""A dispute report as PDF: Qt lays out the report's HTML (images embedded) and writes it with QPdfWriter."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QFont, QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import QApplication

__all__ = ["ensure_gui_application", "write_report_pdf"]


def ensure_gui_application() -> QGuiApplication:
    """The running Qt application, or one made for writing files (off screen when there is no display).

    A widgets application, so that windows can still be opened later in the same process.
    """
    app = QGuiApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([])
    assert isinstance(app, QGuiApplication)
    return app


def write_report_pdf(html: str, path: Path | str, *, title: str) -> Path:
    """Write ``html`` (a dispute report) to ``path`` as a landscape A4 PDF; raises ``OSError`` when the file cannot be written."""
    ensure_gui_application()
    target = Path(path)
    if not target.parent.is_dir():
        raise OSError(f"cannot write {target}: the folder {target.parent} does not exist")
    document = QTextDocument()
    font = QFont(document.defaultFont())
    font.setPointSizeF(7.5)  # the timeline's ten columns fit a landscape A4 page without breaking words
    document.setDefaultFont(font)
    document.setHtml(html)
    writer = QPdfWriter(str(target))
    writer.setTitle(title)
    writer.setCreator("dealer console")
    writer.setResolution(150)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Landscape, QMarginsF(12, 12, 12, 12),
                                     QPageLayout.Unit.Millimeter))
    document.print_(writer)
    del writer  # the file is complete once the writer is gone
    if not target.is_file() or target.stat().st_size == 0:
        raise OSError(f"cannot write {target}: Qt produced no PDF (is the folder writable?)")
    return target
