"""What imports what on the card room's side: services and scheduling never import the tasks
(the tasks call the services; the services queue tasks by their registered names), so
services -> scheduling -> tasks -> services is no cycle, hidden or not."""

from __future__ import annotations

import ast
from pathlib import Path

import games
from games import tasks
from runtime import scheduling

GAMES = Path(games.__file__).parent


def _imported(path: Path) -> set[str]:
    """Every module `path` imports, at its top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_services_and_the_scheduler_never_import_the_tasks():
    modules = [Path(scheduling.__file__), *sorted((GAMES / "services").glob("*.py"))]
    importing = [p.name for p in modules if "games.tasks" in _imported(p)]
    assert importing == []


def test_tasks_are_found_by_their_registered_names():
    for short in ("bot_move", "turn_timeout", "away_check", "watchdog"):
        found = scheduling.registered(scheduling.TASKS + short)
        assert found.name == getattr(tasks, short).name
