"""What a person sees, measured: text wider than its widget, widgets outside their window, seat boxes on top of each other.

``layout_problems(top)`` walks every visible label, button, check box, group box title and header section of ``top`` and
compares the width its text needs (``fontMetrics().horizontalAdvance``, or the laid-out width of rich text) with the room
the widget has; a text shortened with "…" passes when its tooltip holds the whole of it (a player's long name).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QCheckBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

__all__ = ["layout_problems", "seat_overlaps", "text_width"]

SLACK = 1
"""Pixels of rounding allowed."""


def text_width(widget: QWidget, text: str, *, rich: bool = False) -> int:
    """The width ``text`` needs in ``widget``'s font: its longest line, or rich text's natural width."""
    if rich:
        document = QTextDocument()
        document.setDefaultFont(widget.font())
        document.setDocumentMargin(0)
        document.setHtml(text)
        return int(document.idealWidth() + 0.999)
    metrics = widget.fontMetrics()
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)


def _is_rich(label: QLabel) -> bool:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import Qt as GuiQt

    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(label.text()))


def _elided_name(widget: QWidget, text: str) -> bool:
    """Shortened with "…" (a long name, the hand's title), the tooltip holding the whole: what is shown begins it."""
    tip = widget.toolTip()
    shown = text.split("…")[0].split("\n")[-1].strip()
    return "…" in text and bool(tip) and bool(shown) and shown in tip


def _scrolled(widget: QWidget, top: QWidget) -> bool:
    """Inside a scroll area's viewport (it may lie beyond the viewport: the area scrolls)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        grand = parent.parentWidget()
        if isinstance(grand, QAbstractScrollArea) and grand.viewport() is parent:
            return True
        parent = grand
    return False


def _tabbed_away(widget: QWidget, top: QWidget) -> bool:
    """In a dock tabbed behind another (Qt keeps it shown, off the window)."""
    from PySide6.QtWidgets import QDockWidget

    parent: QWidget | None = widget
    while parent is not None and parent is not top:
        if isinstance(parent, QDockWidget):
            return parent.visibleRegion().isEmpty()
        parent = parent.parentWidget()
    return False


def _where(widget: QWidget) -> str:
    """The widget and its parents up to the window, by object name (class name where it has none): which one to fix."""
    names = []
    current: QWidget | None = widget
    while current is not None and not current.isWindow():
        names.append(current.objectName() or type(current).__name__)
        current = current.parentWidget()
    return "/".join(reversed(names))


def _label_problem(label: QLabel) -> str | None:
    text = label.text()
    if not text or _elided_name(label, text):
        return None
    room = label.contentsRect().width() - 2 * max(label.margin(), 0) - max(label.indent(), 0)
    if label.wordWrap():
        needed_height = label.heightForWidth(label.width())
        if needed_height > label.height() + SLACK:
            return f"label {_where(label)} {text[:40]!r} wraps to {needed_height} px in {label.height()} px"
        return None
    needed = text_width(label, text, rich=_is_rich(label))
    if needed > room + SLACK:
        return f"label {_where(label)} {text[:60]!r}: {needed} px in {room} px"
    return None


def _button_problem(button: QAbstractButton) -> str | None:
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not text or _elided_name(button, text):
        return None
    needed = text_width(button, text)
    room = button.width()
    if isinstance(button, (QCheckBox, QRadioButton)):
        needed += 24
    elif isinstance(button, QPushButton):
        room = _push_button_contents(button)
    if button.icon() is not None and not button.icon().isNull():
        needed += button.iconSize().width() + 4
    if needed > room + SLACK:
        return f"button {_where(button)} {text[:60]!r}: {needed} px in {room} px"
    return None


def _push_button_contents(button: QPushButton) -> int:
    """The width a push button draws its text in: its own, less the frame and the padding its style (sheet) gives."""
    option = QStyleOptionButton()
    button.initStyleOption(option)
    return button.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, button).width()


def _header_problems(header: QHeaderView) -> list[str]:
    from PySide6.QtCore import Qt

    model = header.model()
    if model is None:
        return []
    problems = []
    for section in range(header.count()):
        if header.isSectionHidden(section):
            continue
        text = model.headerData(section, header.orientation(), Qt.ItemDataRole.DisplayRole)
        if not text:
            continue
        needed = text_width(header, str(text)) + 8
        size = header.sectionSize(section)
        if needed > size + SLACK:
            problems.append(f"header {_where(header)} {str(text)!r}: {needed} px in {size} px")
    return problems


def _outside(widget: QWidget, top: QWidget) -> str | None:
    if _scrolled(widget, top):
        return None
    where = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
    if not top.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(where):
        name = widget.objectName() or type(widget).__name__
        return f"{name} at {where.getRect()} lies outside its window {top.rect().getRect()}"
    return None


def layout_problems(top: QWidget) -> list[str]:
    """Everything of ``top`` (a window or a dialog) that a person would see clipped or misplaced."""
    problems: list[str] = []
    if top.minimumSizeHint().isValid() and isinstance(top, QMainWindow):
        minimum = top.minimumSizeHint().expandedTo(top.minimumSize())
        if minimum.width() > top.width() or minimum.height() > top.height():
            problems.append(f"window needs {minimum.toTuple()}, has {top.size().toTuple()}")
    for widget in [top, *top.findChildren(QWidget)]:
        if widget is not top and (not widget.isVisibleTo(top) or widget.isWindow() or _tabbed_away(widget, top)):
            continue
        if widget is not top:
            outside = _outside(widget, top)
            if outside is not None:
                problems.append(outside)
                continue
        found: str | None = None
        if isinstance(widget, QLabel):
            found = _label_problem(widget)
        elif isinstance(widget, QAbstractButton):
            found = _button_problem(widget)
        elif isinstance(widget, QHeaderView):
            problems.extend(_header_problems(widget))
        elif isinstance(widget, QGroupBox) and widget.title():
            if text_width(widget, widget.title()) + 16 > widget.width() + SLACK:
                found = f"group {widget.title()!r} wider than its box"
        if found is not None:
            problems.append(found)
    problems.extend(seat_overlaps(top))
    return problems


def seat_overlaps(top: QWidget) -> list[str]:
    """Seat boxes of the felt that intersect, or lie beyond the felt."""
    felt = top.findChild(QWidget, "felt")
    if felt is None:
        return []
    seats = [w for w in felt.findChildren(QWidget) if w.objectName().startswith("seat_") and w.parentWidget() is felt]
    problems = []
    for index, seat in enumerate(seats):
        if not felt.rect().contains(seat.geometry()):
            problems.append(f"{seat.objectName()} {seat.geometry().getRect()} beyond the felt {felt.rect().getRect()}")
        for other in seats[index + 1:]:
            if seat.geometry().intersects(other.geometry()):
                problems.append(f"{seat.objectName()} {seat.geometry().getRect()} overlaps {other.objectName()} {other.geometry().getRect()}")
    return problems
