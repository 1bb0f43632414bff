"""One function names a bot, by its level and in the reader's language (games.labels.bot_name):
the table page's script gets its names from it, and game records keep the English name."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from games import labels, services
from games.reads import messages, queries

NAMES = {
    "en": {"beginner": "Bot (Beginner)", "club": "Bot (Club player)", "expert": "Bot (Expert)"},
    "de": {"beginner": "Bot (Anfänger)", "club": "Bot (Vereinsspieler)", "expert": "Bot (Experte)"},
}


@pytest.mark.parametrize("language", NAMES)
def test_a_bot_is_named_by_its_level_in_the_readers_language(language) -> None:
    with translation.override(language):
        assert labels.bot_names() == NAMES[language]


@pytest.mark.django_db
@pytest.mark.parametrize("language", NAMES)
def test_the_table_page_gives_its_script_the_bots_names(make_user, language) -> None:
    ann = make_user("ann")
    table = services.table_play_now(ann, "knockout", 4, "club")
    client = Client()
    client.force_login(ann)
    client.cookies["django_language"] = language
    page = client.get(f"/tables/{table.pk}/").content.decode()

    found = re.search(r'<script id="names" type="application/json">(.*?)</script>', page, re.S)
    assert found
    assert json.loads(found.group(1))["bots"] == NAMES[language]


@pytest.mark.django_db
def test_the_table_message_and_the_record_keep_the_english_name(make_user) -> None:
    """Messages go to readers of every language: the page names bots again from `bot`."""
    ann = make_user("ann")
    table = services.table_play_now(ann, "german", 2, "expert")
    with translation.override("de"):
        seat = queries.table_get(table.pk).seats.get(index=1)
        assert messages.seat_name(seat) == "Bot (Expert)"
