"""Records name a bot as every page does (games.labels.bot_name), in the reader's language."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("language", "name"), [("en", "Bot (Beginner)"), ("de", "Bot (Anfänger)")])
def test_the_history_and_the_game_page_name_the_bot_by_its_level(finished_german, language, name):
    table, ann = finished_german
    client = Client()
    client.cookies["django_language"] = language
    history = client.get("/players/ann/games/").content.decode()
    game = client.get(f"/games/{table.pk}/").content.decode()
    assert name in history and name in game
