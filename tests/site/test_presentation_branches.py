"""No code outside the engine's presentation (games/engine/presentation/) chooses what to show
by a game's `stages` or its name: the pages and their scripts render the presentation's rows
and cells alike for every game, and read partnerships and game lists from the descriptors
(docs/architecture.md §3). A grep over the product's Python and the page scripts."""

from __future__ import annotations

import re
from pathlib import Path

from tests.site.test_scripts import SCRIPTS, name_branches

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "fairplay", "games", "legal", "privacy", "rankings", "records", "runtime",
        "social", "tournaments", "whistsite")  # fmt: skip
PRESENTATION = ROOT / "games" / "engine" / "presentation"
ENGINE = ROOT / "games" / "engine"

# The descriptor read as an attribute or a key, or compared.
STAGES = re.compile(r"""\.stages\b|\[\s*["']stages["']\s*\]|\bstages\s*[!=]==?""")
GAME = r"""["'](?:knockout|whist|german)["']"""
# A comparison with a game's name, a membership test in a list of names, or a table of
# functions keyed by it ({"knockout": _knockout_sheet, ...}).
PY_NAME_BRANCH = re.compile(
    rf"""[!=]=\s*{GAME}|{GAME}\s*[!=]=|\bin\s*[(\[{{]\s*{GAME}|{GAME}\s*:\s*_?[a-z][\w.]*\s*[,}}]"""
)

# A comparison with a game's name, or a membership test in a list of names (a table keyed by
# names is each game's own module, as the presentation's GAMES).
PY_NAME_COMPARE = re.compile(rf"""[!=]=\s*{GAME}|{GAME}\s*[!=]=|\bin\s*[(\[{{]\s*{GAME}""")
# The engine's own modules of one game (and its bots' play, by the view's game), and those that
# still branch on a game's name where no descriptor says it yet: the bot arena, the analysis
# and the rules' option checks.
ONE_GAME = {"knockout.py", "knockout_end.py", "whist.py", "german.py"}
NAMED_STILL = {"arena.py", "analysis.py", "rules.py"}


def product_python() -> list[Path]:
    files = [p for app in APPS for p in (ROOT / app).rglob("*.py")]
    return sorted(p for p in files if "migrations" not in p.parts)


def hits(pattern: re.Pattern[str], paths: list[Path]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in paths
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]


def test_the_greps_find_what_they_look_for():
    assert STAGES.search("return STAGE_TEXT[game_of(game).stages](stage)")
    assert STAGES.search('if (app.facts.stages === "rounds") {')
    assert STAGES.search('build = {...}[s["stages"]]')
    assert not STAGES.search("def with_stages(tables):")
    assert PY_NAME_BRANCH.search('if state.rules.game == "knockout" and seat in dogs:')
    assert PY_NAME_BRANCH.search("knockout = 'german' != stored.game")
    assert PY_NAME_BRANCH.search('if game in ("whist", "german"):')
    assert PY_NAME_BRANCH.search('build = {"knockout": _knockout_sheet, "whist": _whist_sheet}')
    assert not PY_NAME_BRANCH.search('BOARDS = {"whist": (4, 4, {"target": 1})}')
    assert not PY_NAME_BRANCH.search('return redirect("leaderboard", game="knockout")')


def test_the_engines_shared_modules_read_descriptors_not_names():
    """The parts of the engine every game goes through (play from here, the presentation's
    entry points, the record, the views) ask the game's descriptors (protocol.Game)."""
    assert PY_NAME_COMPARE.search('if state.rules.game == "german":')
    assert PY_NAME_COMPARE.search('german = state.rules.game == "german"')
    assert not PY_NAME_COMPARE.search('GAMES = {"knockout": knockout, "whist": whist}')
    shared = [p for p in sorted(ENGINE.glob("*.py")) if p.name not in ONE_GAME | NAMED_STILL]
    assert hits(PY_NAME_COMPARE, [*shared, PRESENTATION / "__init__.py"]) == []


def test_nothing_outside_the_presentation_reads_stages():
    paths = [p for p in product_python() if PRESENTATION not in p.parents]
    assert hits(STAGES, paths + sorted(SCRIPTS.glob("*.js"))) == []


def test_nothing_outside_the_engine_branches_on_a_games_name():
    """The engine defines the games (and its presentation shows them); the rest of the site
    reads their descriptors."""
    paths = [p for p in product_python() if ENGINE not in p.parents]
    found = hits(PY_NAME_BRANCH, paths)
    found += [
        f"{p.name}: {line}"
        for p in sorted(SCRIPTS.glob("*.js"))
        for line in name_branches(p.read_text())
    ]
    assert found == []
