"""Small text faults of the records pages: no space before a comma between names,
a one-game German Whist says how it was won, not "won more games"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import services
from records.models import GameRecord
from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_history_lists_opponents_without_a_space_before_the_comma(make_user):
    ann = make_user("ann")
    table = play_to_end(services.table_play_now(ann, "knockout", 3, "beginner").pk, {0: ann})
    html = Client().get("/players/ann/games/").content.decode()
    people = re.search(r'<span class="history-people">(.*?)</span>\s*<span class="history-b', html,
                       re.S).group(1)  # fmt: skip
    text = re.sub(r"<[^>]+>", "", people)
    assert table.pk and "against Bot (Beginner), Bot (Beginner)" in " ".join(text.split()), text
    assert " ," not in text


def test_a_one_game_german_whist_says_it_was_won_on_second_half_tricks(finished_german):
    table, _ann = finished_german
    stored = GameRecord.objects.get(pk=table.pk)
    assert stored.options.get("games", 1) == 1
    html = Client().get(f"/games/{table.pk}/").content.decode()
    assert stored.result["reason"] == "majority"
    assert "took more tricks in the second half" in html
    assert "won more games" not in html


def test_the_replay_draws_the_card_front_the_player_chose(finished_german):
    table, ann = finished_german
    ann.card_front = "night"
    ann.save(update_fields=["card_front"])
    client = Client()
    client.force_login(ann)
    html = client.get(f"/games/{table.pk}/replay/").content.decode()
    assert 'data-front="night"' in html
    assert 'data-front="classic"' in Client().get(f"/games/{table.pk}/replay/").content.decode()
