"""The card room's pages: lobby, create table, table page, invites, play now, rules, languages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.models import Table

pytestmark = pytest.mark.django_db


def form_data(**changes: str) -> dict[str, str]:
    data = {"game": "knockout", "players": "4", "preset": "classic", "time_limit": "60",
            "start_cards": "7", "dogs_life": "once_per_game", "lead": "left_of_dealer",
            "trump": "chosen", "target": "5", "games": "1", "seat_0": "me",
            "seat_1": "beginner", "seat_2": "club", "seat_3": "open"}  # fmt: skip
    data.update(changes)
    return data


def test_create_table_seats_the_creator_and_the_bots(client: Client, ann) -> None:
    response = client.post("/tables/new/", form_data())

    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/tables/{table.pk}/"
    seats = list(table.seats.order_by("index"))
    assert [s.user_id for s in seats] == [ann.pk, None, None, None]
    assert [s.bot for s in seats] == ["", "beginner", "club", ""]
    assert table.preset == "classic"


def test_a_refused_combination_is_a_clear_form_error(client: Client, ann) -> None:
    seats = {f"seat_{i}": "open" for i in range(1, 7)}
    response = client.post("/tables/new/", form_data(players="7", start_cards="8", **seats))

    assert response.status_code == 200
    assert "do not fit in one deck" in response.content.decode()
    assert not Table.objects.exists()


def test_whist_ignores_the_player_count_and_german_whist_is_for_two(client: Client, ann) -> None:
    client.post("/tables/new/", form_data(game="german", players="5", seat_1="open"))
    assert Table.objects.get().players == 2


def test_the_lobby_lists_open_tables_with_who_sits_there(client: Client, ann) -> None:
    services.table_create(ann, "whist", 4, {}, None, [None, "expert", None, None], False, 60)

    body = client.get("/lobby/").content.decode()
    assert "Whist" in body and "Ann" in body and "game to 5 points" in body


def test_private_tables_need_the_invite_link(client: Client, ann) -> None:
    table = services.table_create(ann, "german", 2, {}, None, None, True, 60)
    bob = get_user_model().objects.create_user("bob", password="x-Long-pass-1")
    other = Client()
    other.force_login(bob)

    assert other.get(f"/tables/{table.pk}/").status_code == 403
    response = other.get(f"/tables/{table.pk}/invite/{table.invite_token}/")
    assert response.status_code == 302
    assert other.get(f"/tables/{table.pk}/").status_code == 200
    other.post(f"/tables/{table.pk}/sit/", {"index": "1"})
    assert table.seats.get(index=1).user == bob


def test_join_leave_and_start(client: Client, ann) -> None:
    table = services.table_create(ann, "german", 2, {}, None, None, False, 60)
    bob = get_user_model().objects.create_user("bob", password="x-Long-pass-1")
    other = Client()
    other.force_login(bob)

    other.post(f"/tables/{table.pk}/sit/")
    other.post(f"/tables/{table.pk}/leave/")
    assert table.seats.get(index=1).user is None
    other.post(f"/tables/{table.pk}/sit/")
    client.post(f"/tables/{table.pk}/start/")
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_play_now_starts_a_knockout_table_with_three_bots(client: Client, ann) -> None:
    response = client.post("/tables/play-now/")

    table = Table.objects.get()
    assert response.url == f"/tables/{table.pk}/"
    assert (table.game, table.players, table.status) == ("knockout", 4, "playing")
    assert sorted(bool(s.bot) for s in table.seats.all()) == [False, True, True, True]


def test_the_table_page_holds_only_the_viewers_own_cards(client: Client, ann) -> None:
    client.post("/tables/play-now/")
    table = Table.objects.get()
    body = client.get(f"/tables/{table.pk}/").content.decode()

    assert 'id="initial-state"' in body
    assert body.count('"hands"') == 1


def test_actions_need_a_post(client: Client, ann) -> None:
    assert client.get("/tables/play-now/").status_code == 405


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "button"), ("de", "Schaltfläche"), ("nl", "knop")],
)
def test_an_action_opened_as_a_page_says_so_with_a_way_back(
    client: Client, ann, language: str, said: str
) -> None:
    """A POST-only address typed or bookmarked answered an empty 405: a blank page."""
    response = client.get("/rankings/cards/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 405 and response["Allow"] == "POST"
    body = response.content.decode()
    assert said in body and 'href="/lobby/"' in body


@pytest.mark.parametrize("game", ["knockout", "whist", "german"])
@pytest.mark.parametrize(("language", "word"), [("en", "trick"), ("de", "Stich"), ("nl", "slag")])
def test_rules_pages_in_three_languages(
    client: Client, game: str, language: str, word: str
) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    response = client.get(f"/rules/{game}/")

    assert response.status_code == 200
    assert word in response.content.decode()


def test_the_javascript_catalog_is_translated(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert "Hundeleben" in client.get("/jsi18n/").content.decode()
    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    assert "hondenleven" in client.get("/jsi18n/").content.decode()


@pytest.mark.parametrize(("language", "month"), [("en", "March"), ("de", "März"), ("nl", "maart")])
def test_the_profile_date_is_in_the_pages_language(client: Client, language: str, month: str):
    get_user_model().objects.create_user(
        "cy", password="x-Long-pass-1", date_joined=datetime(2026, 3, 5, tzinfo=UTC)
    )
    client.post("/i18n/setlang/", {"language": language, "next": "/"})

    assert month in client.get("/accounts/players/cy/").content.decode()


def test_a_very_long_name_is_cut_in_the_header_with_the_whole_name_on_hover(client: Client):
    long = "N" * 150
    user = get_user_model().objects.create_user(long, password="x-Long-pass-1")
    client.force_login(user)

    body = client.get("/lobby/").content.decode()
    assert f'class="nav-user" title="{long}"' in body
