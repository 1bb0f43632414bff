"""The page scripts (static/js): ES modules whose imports form no cycle, so that each module
can be read, loaded and tested after the ones it uses (issue 21: cards.js and cardnames.js,
dialogs.js and felt.js imported each other)."""

from __future__ import annotations

import re
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"
IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["']\./([\w.-]+\.js)["']""", re.M | re.S)


def imports() -> dict[str, set[str]]:
    return {p.name: set(IMPORT.findall(p.read_text())) for p in sorted(SCRIPTS.glob("*.js"))}


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of `graph` (the modules in order, the first again at the end), or []."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return []
        for used in sorted(graph.get(name, ())):
            found = visit(used, [*path, name])
            if found:
                return found
        done.add(name)
        return []

    for name in graph:
        found = visit(name, [])
        if found:
            return found
    return []


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}}) == [
        "a.js", "b.js", "c.js", "a.js"
    ]  # fmt: skip
    assert cycle({"a.js": {"b.js"}, "b.js": set()}) == []


def test_every_imported_script_exists():
    graph = imports()
    missing = {(name, used) for name, uses in graph.items() for used in uses if used not in graph}
    assert graph and missing == set()


def test_the_page_scripts_import_no_cycle():
    assert cycle(imports()) == []
