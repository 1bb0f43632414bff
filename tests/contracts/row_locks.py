"""An import-linter contract type (`make lint`): an app locks only its own rows.

`select_for_update()` on a queryset of a model that a module imports from another app's
`models` (`from games.models import Table` ... `Table.objects.select_for_update()` in
rankings) breaks it: each app serialises its work on its own rows, or on its own advisory
lock (runtime/locks.py), so no app's transaction waits on another's rows
(docs/architecture.md §7). Read from each module's source, as import-linter reads its
imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


def foreign_locks(module: str, source: str, apps: set[str]) -> list[tuple[int, str]]:
    """(line, model) of each select_for_update in `source` on a model of another of `apps`
    (a library's models, django-friendship's, belong to the app that uses them)."""
    app = module.split(".")[0]
    tree = ast.parse(source)
    owner: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith(".models"):
            for alias in node.names:
                owner[alias.asname or alias.name] = node.module.split(".")[0]
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "select_for_update":
            continue
        root: ast.expr = node.func.value
        while isinstance(root, ast.Attribute | ast.Call):
            root = root.func if isinstance(root, ast.Call) else root.value
        model_app = owner.get(root.id, app) if isinstance(root, ast.Name) else app
        if model_app != app and model_app in apps:
            assert isinstance(root, ast.Name)
            found.append((node.lineno, f"{owner[root.id]}.models.{root.id}"))
    return found


def _source(module: str) -> Path | None:
    """The module's file under the working directory (lint-imports runs at the top)."""
    base = Path(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


class OwnRowsContract(Contract):
    """Modules of `source_modules` lock no row of another app's models."""

    source_modules = fields.ListField(subfield=fields.ModuleExpressionField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        roots = {str(m.expression) for m in self.source_modules}  # type: ignore[attr-defined]
        broken = []
        for module in sorted(graph.modules):
            if module.split(".")[0] not in roots:
                continue
            path = _source(module)
            if path is None:
                continue
            source = path.read_text()
            found = foreign_locks(module, source, roots)
            broken += [(module, line, model) for line, model in found]
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for module, line, model in check.metadata["broken"]:
            output.print_error(f"{module}:{line} locks rows of {model}")
            output.new_line()
