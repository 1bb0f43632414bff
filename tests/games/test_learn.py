"""How to play: each game's page in three languages, and the guided table it starts."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(client: Client):
    user = get_user_model().objects.create_user("ann", password="x-Long-pass-1", display_name="Ann")
    client.force_login(user)
    return user


@pytest.mark.parametrize("game", ["knockout", "whist", "german"])
@pytest.mark.parametrize(("language", "word"), [("en", "trump"), ("de", "Trumpf"), ("nl", "troef")])
def test_each_game_has_a_how_to_play_page_in_three_languages(
    client: Client, game: str, language: str, word: str
) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    response = client.get(f"/learn/{game}/")

    assert response.status_code == 200
    assert word in response.content.decode()


@pytest.mark.parametrize(("game", "players"), [("knockout", 3), ("whist", 4), ("german", 2)])
def test_the_guided_game_is_a_private_untimed_table_against_beginner_bots(
    client: Client, ann, game: str, players: int
) -> None:
    response = client.post(f"/learn/{game}/")

    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/tables/{table.pk}/?guide=1"
    assert (table.game, table.players, table.status) == (game, players, "playing")
    assert table.private and table.time_limit == 0 and not table.rated
    seats = list(table.seats.order_by("index"))
    assert seats[0].user == ann and {s.bot for s in seats[1:]} == {"beginner"}


def test_a_guided_whist_game_is_one_deal_and_knockout_four_short_rounds(client: Client, ann):
    client.post("/learn/whist/")
    client.post("/learn/knockout/")

    whist, knockout = Table.objects.order_by("pk")
    assert whist.options == {"target": 1}  # a side always takes 7 of 13 tricks: one deal
    assert knockout.options == {"start_cards": 4}


def test_an_unknown_game_has_no_guide_and_a_visitor_starts_nothing(client: Client) -> None:
    assert client.get("/learn/poker/").status_code == 404
    response = client.post("/learn/whist/")

    assert response.status_code == 200 and "Log in to start" in response.content.decode()
    assert not Table.objects.exists()
