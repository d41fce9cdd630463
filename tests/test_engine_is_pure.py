"""The rules engine imports nothing from the UI, devices or the database; drivers and vision no Qt.

Sources: STYLE.md, Practices 1 ("The rules engine imports nothing from Qt, OpenCV, serial or the
database; ``drivers/`` and ``vision/`` import no Qt. Make it a test") and the napari anchor (the
model knows nothing of Qt). SPEC.md, Records: the state of a hand is a pure function of its events.

The scan reads the source with :mod:`ast`, so it sees every import, including ones inside
functions or ``if TYPE_CHECKING:`` blocks, without importing anything.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "dealer_console" / "engine"

QT = ("PySide6", "PySide2", "PyQt5", "PyQt6", "shiboken6", "qtpy", "pytestqt")
ENGINE_FORBIDDEN = QT + (
    "cv2",
    "serial",
    "sqlite3",
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "psycopg",
    "psycopg2",
    "dealer_console.store",
    "dealer_console.live",
    "dealer_console.ui",
    "dealer_console.drivers",
    "dealer_console.vision",
    "drivers",
    "vision",
)


def python_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def module_name(path: Path) -> str:
    """Dotted name of a module file under the project root (``dealer_console.engine.hand``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports, as absolute dotted names, with the line number."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    return imports_in_source(path.read_text(encoding="utf-8"), package=package, filename=str(path))


def imports_in_source(source: str, *, package: list[str], filename: str = "<source>") -> Iterator[tuple[int, str]]:
    """Every module ``source`` imports; relative imports are resolved against ``package``."""
    tree = ast.parse(source, filename=filename)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:  # ``from dealer_console import ui`` imports a module too
                yield node.lineno, f"{module}.{alias.name}"
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in (
            "import_module",
            "__import__",
        ):
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.lineno, node.args[0].value


def forbidden_imports(folder: Path, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in python_files(folder):
        for line, module in imported_modules(path):
            if any(module == name or module.startswith(name + ".") for name in forbidden):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return found


def test_the_scan_sees_imports_of_every_form() -> None:
    """The scanner itself: plain, from-, relative, nested and dynamic imports are all found (a scan
    that finds nothing proves nothing). The sample is read as a module of ``dealer_console.engine``."""
    source = (
        "import PySide6.QtWidgets\n"
        "from cv2 import imread\n"
        "from .. import ui\n"
        "def later():\n"
        "    import serial\n"
        "    from sqlalchemy.orm import Session\n"
        "importlib.import_module('dealer_console.store.db')\n"
    )
    found = {module for _, module in imports_in_source(source, package=["dealer_console", "engine"])}
    assert {"PySide6.QtWidgets", "cv2", "dealer_console.ui", "serial", "sqlalchemy.orm", "dealer_console.store.db"} <= found
    assert module_name(ENGINE / "hand.py") == "dealer_console.engine.hand"
    assert "dealer_console.engine.cards" in {module for _, module in imported_modules(ENGINE / "hand.py")}


def test_the_engine_has_modules_to_scan() -> None:
    """The engine package exists and holds the modules named in the project notes."""
    names = {path.stem for path in python_files(ENGINE)}
    assert {"cards", "errors", "games", "events", "pots", "hand", "showdown", "evaluation"} <= names


def test_engine_imports_no_qt_opencv_serial_database_or_outer_layers() -> None:
    """STYLE.md, Practice 1: the rules engine imports nothing from Qt, OpenCV, serial or the database,
    nor from the store, live or UI packages of the console."""
    assert forbidden_imports(ENGINE, ENGINE_FORBIDDEN) == []


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    """A stricter form of the same boundary: every engine import is the standard library or
    ``dealer_console.engine`` (so a new third-party dependency is a conscious decision)."""
    import sys

    allowed_roots = set(sys.stdlib_module_names) | {"__future__"}
    outside = []
    for path in python_files(ENGINE):
        for line, module in imported_modules(path):
            if module.startswith("dealer_console.engine") or module.split(".")[0] in allowed_roots:
                continue
            outside.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert outside == []


@pytest.mark.parametrize("folder", ["drivers", "vision"])
def test_drivers_and_vision_import_no_qt(folder: str) -> None:
    """STYLE.md, Practice 1: ``drivers/`` and ``vision/`` import no Qt (long work never on the UI
    thread; the UI talks to them through its own layer)."""
    path = ROOT / folder
    files = python_files(path) if path.is_dir() else []
    if not files:
        pytest.skip(f"{folder}/ has no Python files yet")
    assert forbidden_imports(path, QT) == []
