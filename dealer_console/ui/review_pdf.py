"""A report as PDF: Qt lays out the report's HTML (images embedded) page by page and this module paints the pages.

QTextDocument's own ``print_`` lets a picture taller than what is left of a page run over the page number and splits a
picture from its caption, so the pages are laid out and painted here: every picture is scaled to fit inside the margins
(at most :data:`PICTURE_SHARE` of a page's height, so its caption fits under it), a picture whose caption would fall on
the next page starts a new page, and the page number is painted in a strip of its own below the body, which the body's
content never enters (each page's content is clipped to the body).
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QFont,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
    QTextBlock,
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import QApplication

__all__ = ["PICTURE_SHARE", "ensure_gui_application", "write_report_pdf"]

PICTURE_SHARE = 0.4
"""The most of a page's body height a picture may take: two camera frames with their captions fit on a page."""
_RESOLUTION = 300
_CSS_DPI = 96  # QTextDocument sizes images in pixels of 1/96 inch
_MIN_PICTURE_CSS = 128  # a card's crop is enlarged to at least 1.33 inches wide (three to a page)
_FOOTER_MM = 6.0


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


def _picture_blocks(document: QTextDocument) -> list[tuple[QTextBlock, int, str]]:
    """(block, position, image name) of every image in the document."""
    found = []
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            if fragment.isValid() and fragment.charFormat().isImageFormat():
                found.append((block, fragment.position(), fragment.charFormat().toImageFormat().name()))
            iterator += 1
        block = block.next()
    return found


def _natural_size(document: QTextDocument, name: str) -> QSizeF | None:
    image = QImage()
    if name.startswith("data:") and ";base64," in name:
        image.loadFromData(base64.b64decode(name.split(";base64,", 1)[1]))
    else:
        resource = document.resource(QTextDocument.ResourceType.ImageResource, name)
        if isinstance(resource, QImage):
            image = resource
    return None if image.isNull() else QSizeF(image.width(), image.height())


def _fit_pictures(document: QTextDocument, body: QSizeF) -> None:
    """Give every image a size (in 1/96 inch) that fits the body's width and :data:`PICTURE_SHARE` of its height."""
    scale = _CSS_DPI / _RESOLUTION
    widest, tallest = body.width() * scale * 0.98, body.height() * scale * PICTURE_SHARE
    for _, position, name in _picture_blocks(document):
        size = _natural_size(document, name)
        if size is None or size.width() <= 0 or size.height() <= 0:
            continue
        factor = min(widest / size.width(), tallest / size.height(), max(1.0, _MIN_PICTURE_CSS / size.width()))
        cursor = QTextCursor(document)
        cursor.setPosition(position)
        cursor.setPosition(position + 1, QTextCursor.MoveMode.KeepAnchor)
        image = cursor.charFormat().toImageFormat()
        image.setWidth(size.width() * factor)
        image.setHeight(size.height() * factor)
        cursor.setCharFormat(image)


def _page_of(block: QTextBlock, page_height: float, *, last: bool) -> int:
    """The page of the block's first (or last) line; the block's own position is relative to its table cell, if in one."""
    layout = block.layout()
    line = layout.lineAt(layout.lineCount() - 1 if last else 0)
    origin = block.document().documentLayout().blockBoundingRect(block).top()  # layout.position() within the cell
    top = origin + line.y()
    y = top + line.height() - 1 if last else top
    return int(y // page_height)


def _relayout(document: QTextDocument, block: QTextBlock) -> None:
    """Lay the document out again from ``block`` to its end.

    Qt lays out again only the blocks a change touched and reuses the others' layouts as they were; a block whose layout
    a format change emptied then keeps no lines at all, takes no height and is never painted (a caption vanished under
    its picture that way). Marking everything from ``block`` on as changed lays every later block out anew.
    """
    document.markContentsDirty(block.position(), document.characterCount() - block.position())
    document.documentLayout().documentSize()  # finishes the layout now rather than on Qt's timer


def _kept_together(document: QTextDocument) -> list[tuple[QTextBlock, QTextBlock]]:
    """(first, last) block of what must not be split by a page break, in the document's order: a heading with the first
    line after it (Qt's table layout carries a table's header rows over with its first row), a picture with its caption
    (the block after it)."""
    pictures = {block.blockNumber() for block, _, _ in _picture_blocks(document)}
    kept = []
    block = document.begin()
    while block.isValid():
        follower = block.next()
        if follower.isValid() and block.blockFormat().headingLevel() > 0:
            kept.append((block, follower))
        elif follower.isValid() and block.blockNumber() in pictures:
            kept.append((block, follower))
        block = follower
    return kept


def _keep_together(document: QTextDocument, page_height: float) -> None:
    """A heading that would end a page, or a picture whose caption would fall on the next page, starts a new page."""
    first_block = document.begin()
    _relayout(document, first_block)
    for block, follower in _kept_together(document):
        if block.layout().lineCount() == 0 or follower.layout().lineCount() == 0:
            continue
        heading = block.blockFormat().headingLevel() > 0
        if _page_of(block, page_height, last=False) != _page_of(follower, page_height, last=not heading):
            cursor = QTextCursor(block)
            fmt = QTextBlockFormat(block.blockFormat())
            fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            cursor.setBlockFormat(fmt)
            _relayout(document, block.previous() if block.previous().isValid() else first_block)


def write_report_pdf(html: str, path: Path | str, *, title: str) -> Path:
    """Write ``html`` (a report) to ``path`` as a landscape A4 PDF; raises ``OSError`` when the file cannot be written."""
    ensure_gui_application()
    target = Path(path)
    if not target.parent.is_dir():
        raise OSError(f"cannot write {target}: the folder {target.parent} does not exist")
    writer = QPdfWriter(str(target))
    writer.setTitle(title)
    writer.setCreator("dealer console")
    writer.setResolution(_RESOLUTION)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Landscape, QMarginsF(12, 12, 12, 12),
                                     QPageLayout.Unit.Millimeter))
    paint_rect = writer.pageLayout().paintRectPixels(_RESOLUTION)
    footer = _FOOTER_MM / 25.4 * _RESOLUTION
    body = QSizeF(paint_rect.width(), paint_rect.height() - footer)
    document = QTextDocument()
    document.documentLayout().setPaintDevice(writer)
    font = QFont(document.defaultFont())
    font.setPointSizeF(7.5)  # the timeline's columns fit a landscape A4 page without breaking words
    document.setDefaultFont(font)
    document.setHtml(html)
    document.setPageSize(body)
    _fit_pictures(document, body)
    _keep_together(document, body.height())
    _paint_pages(document, writer, body, title)
    del writer  # the file is complete once the writer is gone
    if not target.is_file() or target.stat().st_size == 0:
        raise OSError(f"cannot write {target}: Qt produced no PDF (is the folder writable?)")
    return target


def _paint_pages(document: QTextDocument, writer: QPdfWriter, body: QSizeF, title: str) -> None:
    """Each page: its slice of the document, clipped to the body, and ``title - page n of m`` in the strip below it."""
    pages = document.pageCount()
    painter = QPainter(writer)
    try:
        footer_font = QFont(document.defaultFont())
        for index in range(pages):
            if index:
                writer.newPage()
            view = QRectF(0, index * body.height(), body.width(), body.height())
            painter.save()
            painter.translate(0, -view.top())
            painter.setClipRect(view)
            context = QAbstractTextDocumentLayout.PaintContext()
            context.clip = view
            context.palette.setColor(QPalette.ColorRole.Text, Qt.GlobalColor.black)
            document.documentLayout().draw(painter, context)
            painter.restore()
            painter.setFont(footer_font)
            painter.drawText(QRectF(0, body.height(), body.width(), writer.height() - body.height()),
                             int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom), f"{title} - page {index + 1} of {pages}")
    finally:
        painter.end()
