"""Which part of the program may import which: the house's walls, as a test.

Sources: STYLE.md, Practices 1 and 5 and the napari anchor (the model knows nothing of Qt; all Qt
code in its own package; an import contract makes the boundary a test); docs/architecture.md
draws the same picture. The scan is the one of ``test_engine_is_pure.py`` (:mod:`ast`, every
import form, nothing imported), and each rule is tried on a planted violation first, so a scan
that sees nothing cannot pass for a clean house.

The rules:

* the rules engine imports nothing of the program but itself (``test_engine_is_pure.py``);
* the store, the live table, the floor and the room never import the screen;
* ``vision/`` and ``drivers/`` never import ``dealer_console``;
* the screen imports only the live table, the floor's façade, the configuration and the engine's
  value types, never the store, the room, vision or the drivers;
* the screen's modules import one another without a circle;
* the benchmarks never import the tests.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.test_engine_is_pure import ROOT, imported_modules, imports_in_source, module_name, python_files

PROGRAM = ("dealer_console", "drivers", "vision", "tests", "bench")

UI_MAY_IMPORT = (
    "dealer_console.ui",
    "dealer_console.live",
    "dealer_console.floor.facade",  # the floor's façade: the review, the search, rulings, corrections, sign-in
    "dealer_console.config",
    "dealer_console.engine.cards",
    "dealer_console.engine.games",
    "dealer_console.engine.events",
    "dealer_console.engine.table_events",
    "dealer_console.engine.errors",
    "dealer_console.engine.hand",  # Phase, HandSetup and the street names: values the screen shows
    "dealer_console.engine.table_config",  # the table's configuration as values (the house settings' names)
)
"""Within the program, the only modules the screen may import (the standard library and Qt are free)."""

def _within(module: str, names: Iterable[str]) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


def _ui_refusal(module: str) -> str | None:
    """Why the screen may not import ``module`` (None: it may)."""
    if not _within(module, PROGRAM) or _within(module, UI_MAY_IMPORT):
        return None
    return "outside what the screen may import"


def violations(folder: Path, rule: str) -> list[str]:
    """Every import under ``folder`` that breaks ``rule`` (one of :data:`RULES`)."""
    found = []
    for path in python_files(folder):
        for line, module in imported_modules(path):
            why = RULES[rule](module)
            if why:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {module} ({why})")
    return found


RULES = {
    "no screen": lambda module: "the screen" if _within(module, ("dealer_console.ui",)) else None,
    "no console": lambda module: "the console's packages" if _within(module, ("dealer_console",)) else None,
    "screen imports": _ui_refusal,
    "no tests": lambda module: "the tests" if _within(module, ("tests",)) else None,
}


def _rule_on_source(rule: str, source: str, package: list[str]) -> list[str]:
    return [why for _, module in imports_in_source(source, package=package) if (why := RULES[rule](module))]


def test_each_rule_refuses_a_planted_import_and_lets_an_allowed_one_through() -> None:
    """The rules themselves, on sample sources: each catches what it forbids (plain, from-, relative and
    lazy imports) and lets through what it allows."""
    assert _rule_on_source("no screen", "def later():\n    from dealer_console.ui.app import run\n", ["dealer_console", "live"])
    assert not _rule_on_source("no screen", "from dealer_console.engine.hand import Hand\n", ["dealer_console", "live"])
    assert _rule_on_source("no console", "from dealer_console.engine.cards import Card\n", ["vision"])
    assert not _rule_on_source("no console", "import numpy\nfrom vision.detect import detect_cards\n", ["vision"])
    assert _rule_on_source("screen imports", "from dealer_console.store.store import Store\n", ["dealer_console", "ui"])
    assert _rule_on_source("screen imports", "from ..room.shipper import Shipper\n", ["dealer_console", "ui"])
    assert _rule_on_source("screen imports", "import vision.calibration\n", ["dealer_console", "ui"])
    assert _rule_on_source("screen imports", "from drivers.board import BoardState\n", ["dealer_console", "ui"])
    assert _rule_on_source("screen imports", "from dealer_console.floor.review import HandReview\n", ["dealer_console", "ui"])
    assert _rule_on_source("screen imports", "from dealer_console.floor import HandReview\n", ["dealer_console", "ui"])
    assert _rule_on_source("screen imports", "from dealer_console.engine.pots import build_pots\n", ["dealer_console", "ui"])
    assert not _rule_on_source("screen imports", (
        "from PySide6.QtWidgets import QWidget\nfrom dealer_console.live.notices import Notice\n"
        "from dealer_console.floor.facade import HandReview\nfrom dealer_console.engine.cards import Card\n"
        "from dealer_console.config import ConsoleConfig\nfrom . import ui_thread\n"), ["dealer_console", "ui"])
    assert _rule_on_source("no tests", "from tests.support.hands import make_hand\n", ["bench"])


@pytest.mark.parametrize("part", ["store", "live", "floor", "room"])
def test_headless_parts_never_import_the_screen(part: str) -> None:
    """DEVELOPERS.md, Layout: ``store``, ``live``, ``floor`` and ``room`` are headless (no Qt), so the CLI, the
    tests and the screen drive the same thing; none of them reaches into the screen."""
    folder = ROOT / "dealer_console" / part
    assert python_files(folder), f"dealer_console/{part} has no modules to scan"
    assert violations(folder, "no screen") == []


@pytest.mark.parametrize("folder", ["vision", "drivers"])
def test_vision_and_drivers_never_import_the_console(folder: str) -> None:
    """STYLE.md, Practice 1 and the python-can anchor: devices stand alone, usable by any program; the console
    builds on them, never the other way round."""
    assert python_files(ROOT / folder)
    assert violations(ROOT / folder, "no console") == []


def test_the_screen_imports_only_live_the_floor_facade_config_and_engine_values() -> None:
    """STYLE.md, Practice 5 and the napari anchor: widgets are thin views over ``live`` and the floor; the store,
    the room, the camera and the sensors are reached only through them (no database or device work in Qt code)."""
    assert violations(ROOT / "dealer_console" / "ui", "screen imports") == []


def test_the_screen_modules_import_one_another_without_a_circle() -> None:
    """One widget per file, named for what the dealer sees (STYLE.md, Practice 5): a circle of imports between them
    means two files are one concern, or one reaches up into the window that holds it."""
    ui = ROOT / "dealer_console" / "ui"
    graph: dict[str, set[str]] = {}
    for path in python_files(ui):
        name = module_name(path)
        graph[name] = {module for _, module in imported_modules(path) if module in {module_name(p) for p in python_files(ui)} and module != name}
    assert circles(graph) == []


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_planted_circle() -> None:
    """The circle check itself: a three-module circle is found, a chain is not."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_benchmarks_never_import_the_tests() -> None:
    """A benchmark measures the product as shipped; what it shares with the tests lives in the product (or in the
    bench itself), so a test's helper can change without changing a figure."""
    assert list((ROOT / "bench").glob("*.py"))
    assert violations(ROOT / "bench", "no tests") == []
