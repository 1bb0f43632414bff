"""The table page and the replay viewer give their scripts the game's descriptors
(games.texts.page_facts: the engine's descriptors, its presentation and the translated
templates), which the scripts read instead of the game's name."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games import services
from games.texts import page_facts
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
