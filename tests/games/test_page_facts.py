"""The table page and the replay viewer give their scripts the game's descriptors
(games.texts.page_facts: the engine's descriptors, its presentation and the translated
templates), which the scripts read instead of the game's name."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from django.test import Client

from games import services
from games.engine import presentation
from games.engine.presentation.text import TEMPLATES
from games.texts import page_facts, page_texts
from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db


def script_json(html: str, element_id: str) -> dict:
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html)
    assert found, f"no {element_id} script"
    return json.loads(found.group(1))


@pytest.mark.parametrize("game, players", [("knockout", 3), ("whist", 4), ("german", 2)])
def test_the_table_page_gives_the_games_descriptors(make_user, game, players):
    ann = make_user("ann")
    table = services.table_create(ann, game, players)
    client = Client()
    client.force_login(ann)
    facts = script_json(client.get(f"/tables/{table.pk}/").content.decode(), "game-facts")
    assert facts == page_facts(game)
    assert facts["partnerships"] == ([[0, 2], [1, 3]] if game == "whist" else [])


def test_the_replay_viewer_gives_the_games_descriptors(make_user):
    table = store(winning("whist", 4, 0), [make_user("ann"), "club", "club", "club"])
    page = Client().get(f"/games/{table.pk}/replay/").content.decode()
    assert script_json(page, "replay-data")["facts"] == page_facts("whist")


def test_the_presentation_marks_every_template_as_it_loads() -> None:
    """The page's table of templates (games.texts.page_texts) is what the presentation's
    modules record as they load (games.engine.presentation.text.TEMPLATES): a template
    marked inside a function would be recorded only once the function ran, and missing from
    the page until then. So every marking call is outside any function, and recorded."""
    marks = ("gettext_noop", "ngettext", "pgettext")
    inside: list[str] = []
    for path in sorted(Path(presentation.__file__).parent.glob("*.py")):
        for function in ast.walk(ast.parse(path.read_text())):
            if not isinstance(function, ast.FunctionDef | ast.Lambda):
                continue
            for call in ast.walk(function):
                name = getattr(getattr(call, "func", None), "id", "")
                if isinstance(call, ast.Call) and name in marks and call.args:
                    inside.append(f"{path.name}:{call.lineno}")
    assert inside == []
    assert TEMPLATES["%(n)s trick"] == "%(n)s tricks"
    assert TEMPLATES["a side's running score\x04Score"] is None
    assert set(page_texts()) == set(TEMPLATES)
