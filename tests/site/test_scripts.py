"""The page scripts (static/js): ES modules whose imports form no cycle, so that each module
can be read, loaded and tested after the ones it uses (cards.js and cardnames.js,
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


# A comparison with a game's name, or a table of functions keyed by it (the page's
# scripts read the game's descriptors, app.facts, instead). A table keyed by game whose
# values are data (guide.js's steps and dealing texts: arrays, strings) is not a branch.
GAME_NAME = r"""["'](?:knockout|whist|german)["']"""
NAME_BRANCH = re.compile(
    rf"""\.game\s*[!=]==?\s*["']|[!=]==?\s*{GAME_NAME}|{GAME_NAME}\s*[!=]==?|case\s+{GAME_NAME}"""
    r"""|\b(?:knockout|whist|german)\s*:\s*[A-Za-z_$][\w$]*\s*[,}]"""
)


def name_branches(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if NAME_BRANCH.search(line)]


def test_the_name_branch_finder_finds_comparisons_and_keyed_builders():
    assert name_branches('if (view.game === "knockout") x();\nconst a = 1;') == [
        'if (view.game === "knockout") x();'
    ]  # fmt: skip
    assert name_branches("return game !== 'german' || half === 2;")
    assert name_branches('if ("whist" == game) return;')
    assert name_branches("const build = { knockout: knockoutSummary, whist: whistSummary }[g];")
    assert name_branches('  case "german":')
    # Data keyed by game, and descriptors compared, are not branches.
    assert name_branches('const extra = { knockout: ["dogs_life"], whist: ["partners"] }[g];') == []
    assert name_branches('{ whist: gettext("Dealing: all 52 cards") }') == []
    assert name_branches('if (app.facts.stages === "rounds") return;') == []
    assert name_branches("if (before.game !== view.game) return null;") == []
    assert name_branches('  first_win_knockout: () => gettext("Last one standing"),') == []


def test_no_page_script_branches_on_a_games_name():
    """The scripts read the game's descriptors (app.facts, data.facts, rules.games[g].facts:
    games.engine.descriptors.page_facts), never its name."""
    found = [
        f"{path.name}: {line}"
        for path in sorted(SCRIPTS.glob("*.js"))
        for line in name_branches(path.read_text())
    ]
    assert found == []
