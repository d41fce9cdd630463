"""The store owns its tables; the room's log is read and written in one module.

Sources: STYLE.md, Practices 1 and the napari anchor (a boundary between packages is made a test);
docs/store.md and docs/floor.md (the rest of the program calls ``Store``'s methods, never its
tables). Which part may import which is ``tests/test_import_contract.py``.

The scan reads the source with :mod:`ast` (through ``tests/test_engine_is_pure.py``'s scanner), so
it sees imports inside functions and ``if TYPE_CHECKING:`` blocks without importing anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_engine_is_pure import ROOT, imported_modules, python_files

PACKAGE = ROOT / "dealer_console"
STORE_INTERNALS = ("sqlalchemy", "sqlmodel", "dealer_console.store._tables")


def _outside_store() -> list[Path]:
    """Every module of the program but the store's own: the console's other parts, the devices and the benches."""
    program = [path for path in python_files(PACKAGE) if "store" != path.relative_to(PACKAGE).parts[0]]
    return program + [path for folder in ("drivers", "vision", "bench") for path in python_files(ROOT / folder)]


def test_only_the_store_touches_its_tables_and_sql_engine() -> None:
    """Outside ``dealer_console.store`` (the benches included) nothing imports SQLAlchemy, SQLModel or the store's tables, nor reads ``sql_engine``."""
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
