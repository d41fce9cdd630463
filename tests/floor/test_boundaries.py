"""The store owns its tables and the screen reaches the record only through the floor's façade.

Sources: STYLE.md, Practices 1 and the napari anchor (a boundary between packages is made a test);
docs/store.md and docs/floor.md (the rest of the program calls ``Store``'s methods, never its
tables; the user interface imports the floor's façade, ``dealer_console.floor.facade``).

The scan reads the source with :mod:`ast` (through ``tests/test_engine_is_pure.py``'s scanner), so
it sees imports inside functions and ``if TYPE_CHECKING:`` blocks without importing anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_engine_is_pure import ROOT, imported_modules, python_files

PACKAGE = ROOT / "dealer_console"
UI = PACKAGE / "ui"
FACADE = "dealer_console.floor.facade"
UI_PENDING = {"app.py", "shipping_status.py"}
"""The console's start-up and the shipper's status line, which move into ``dealer_console.live``."""
STORE_INTERNALS = ("sqlalchemy", "sqlmodel", "dealer_console.store._tables")


def _outside_store() -> list[Path]:
    return [path for path in python_files(PACKAGE) if "store" != path.relative_to(PACKAGE).parts[0]]


def test_the_screen_imports_the_floor_and_the_store_only_through_the_floor_facade() -> None:
    """A UI module that needs a review, a staff member or a store error imports it from the floor's façade."""
    found = []
    for path in python_files(UI):
        if path.name in UI_PENDING:
            continue
        for line, module in imported_modules(path):
            reaches_record = module.startswith(("dealer_console.store", "dealer_console.room", "dealer_console.floor"))
            if reaches_record and module != FACADE and not module.startswith(FACADE + "."):
                found.append(f"{path.relative_to(ROOT)}:{line}: {module}")
    assert not found, "the screen imports the record past the floor's façade:\n" + "\n".join(found)


def test_only_the_store_touches_its_tables_and_sql_engine() -> None:
    """Outside ``dealer_console.store`` nothing imports SQLAlchemy, SQLModel or the store's tables, nor reads ``sql_engine``."""
    found = []
    for path in _outside_store():
        for line, module in imported_modules(path):
            if module.startswith(STORE_INTERNALS):
                found.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("sql_engine", "metadata"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: reads .{node.attr}")
    assert not found, "the store's tables are reached from outside the store:\n" + "\n".join(found)


def test_room_events_are_written_and_read_in_the_room_log_module_only() -> None:
    """Every statement on ``room_events`` is in ``dealer_console/room/log.py`` (the table's DDL in ``room/schema.py``)."""
    allowed = {PACKAGE / "room" / "log.py", PACKAGE / "room" / "schema.py"}
    found = []
    for path in python_files(PACKAGE):
        if path in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "FROM room_events" in node.value:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "INTO room_events" in node.value:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, "room_events SQL outside room/log.py:\n" + "\n".join(found)
