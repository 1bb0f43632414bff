"""The bots' leaderboard names each bot as the table and the records do (games.labels)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "name"), [("en", "Bot (Expert)"), ("de", "Bot (Experte)")])
def test_the_bots_leaderboard_names_a_bot_by_its_level(make_user, score, language, name):
    ann = make_user("ann")
    score(store(winning("german", 2, 0), [ann, "expert"]))
    client = Client()
    client.cookies["django_language"] = language
    page = client.get("/leaderboards/german/?list=bots").content.decode()
    assert name in page
