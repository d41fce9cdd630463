"""A table whose stretching column never gets narrower than its heading.

Qt gives a stretching column the room the other columns leave, down to a few pixels; in a narrow dock or splitter pane
its heading ("Player", "event") would be cut. When the room left is less than the heading needs (in the font of the
moment), the column stops stretching and keeps its heading's width, and the table scrolls sideways; once the table is
wide enough again it stretches again. The table never asks for more width, so it never widens its window.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTableWidget, QWidget

__all__ = ["HeadedTable"]


class HeadedTable(QTableWidget):
    """``columns`` columns; column ``stretched`` takes the room left, the others are as wide as their contents."""

    def __init__(self, rows: int, columns: int, stretched: int, parent: QWidget | None = None) -> None:
        super().__init__(rows, columns, parent)
        self.stretched = stretched
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(stretched, QHeaderView.ResizeMode.Stretch)

    def room_left(self) -> int:
        """The viewport's width less the other columns'."""
        header = self.horizontalHeader()
        others = sum(header.sectionSize(column) for column in range(self.columnCount())
                     if column != self.stretched and not header.isSectionHidden(column))
        return self.viewport().width() - others

    def updateGeometries(self) -> None:
        super().updateGeometries()
        header = self.horizontalHeader()
        heading = header.sectionSizeHint(self.stretched)
        stretching = header.sectionResizeMode(self.stretched) == QHeaderView.ResizeMode.Stretch
        if stretching and self.room_left() < heading:
            header.setSectionResizeMode(self.stretched, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(self.stretched, heading)
        elif not stretching and self.room_left() >= heading:
            header.setSectionResizeMode(self.stretched, QHeaderView.ResizeMode.Stretch)
        elif not stretching and header.sectionSize(self.stretched) != heading:
            header.resizeSection(self.stretched, heading)  # the font changed
