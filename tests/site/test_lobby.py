"""The lobby as players meet it: their own running tables first, quick play for each game
with a choice of bots, how many play now, and the games in play with their stage."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.gamestate import cache_clear, state_for, states_for
from games.models import Table
from games.reads import lobby

pytestmark = pytest.mark.django_db


def make_user(name: str):
    return get_user_model().objects.create_user(name, password="x-Long-pass-1", display_name=name)


def test_my_running_tables_come_first_private_ones_too(client: Client, ann) -> None:
    bob = make_user("Bob")
    services.table_create(bob, "whist", 4, {}, None, None, False, 60)  # public, not mine
    private = services.table_create(ann, "german", 2, {}, None, ["", "club"], True, 60)
    playing = services.table_play_now(ann, "knockout", 4, "beginner")

    body = client.get("/lobby/").content.decode()
    mine = body.split('data-testid="mine"')[1].split("</ul>")[0]
    assert f'data-table="{private.pk}"' in mine and f'data-table="{playing.pk}"' in mine
    assert body.index('data-testid="mine"') < body.index('data-testid="open-tables"')
    assert "Back to the table" in mine


def test_my_own_public_tables_are_listed_once(client: Client, ann) -> None:
    """Issue 45 item 6: a player's public table was listed under "Your tables" and again
    among the open tables."""
    waiting = services.table_create(ann, "whist", 4, {}, None, None, False, 60)
    playing = services.table_play_now(ann, "knockout", 4, "beginner")
    body = client.get("/lobby/").content.decode()
    for table in (waiting, playing):
        assert body.count(f'data-table="{table.pk}"') == 1


def test_running_tables_say_whose_turn_it_is(ann) -> None:
    table = services.table_play_now(ann, "german", 2, "beginner")
    (entry,) = lobby.running_tables(ann)

    assert entry["id"] == table.pk and entry["stage"] == {"game": 1, "games": 1, "half": 1}
    assert entry["my_turn"] == (state_for(table).to_act == 0)


@pytest.mark.parametrize(("game", "players"), [("knockout", 4), ("whist", 4), ("german", 2)])
def test_quick_play_starts_each_game_with_the_bots_chosen(
    client: Client, ann, game: str, players: int
) -> None:
    response = client.post("/tables/play-now/", {"game": game, "level": "expert"})

    table = Table.objects.get()
    assert response.url == f"/tables/{table.pk}/"
    assert (table.game, table.players, table.status) == (game, players, "playing")
    assert sorted(s.bot for s in table.seats.all()) == [""] + ["expert"] * (players - 1)


@pytest.mark.parametrize("data", [{"game": "poker"}, {"level": "grandmaster"}, {"game": ["x"]}])
def test_quick_play_with_a_game_or_level_not_in_the_lists_is_a_clear_message(
    client: Client, ann, data: dict
) -> None:
    response = client.post("/tables/play-now/", data, follow=True)

    assert response.status_code == 200
    assert "Quick play needs a game and a bot level" in response.content.decode()
    assert not Table.objects.exists()


def test_players_online_counts_players_with_a_table_open(ann) -> None:
    bob, cy = make_user("Bob"), make_user("Cy")
    table = services.table_create(ann, "knockout", 3, {}, None, None, False, 60)
    services.seat_take(bob, table.pk, 1)
    services.seat_take(cy, table.pk, 2)
    services.seat_connect(table.pk, ann, "ann-1")
    services.seat_connect(table.pk, ann, "ann-2")  # two tabs: one player
    services.seat_connect(table.pk, bob, "bob-1")

    assert lobby.players_online() == {"players": 2, "games": 0}


def test_games_in_play_are_listed_to_watch_with_their_stage(client: Client, ann) -> None:
    bob = make_user("Bob")
    whist = services.table_play_now(bob, "whist", 4, "club")
    knockout = services.table_play_now(bob, "knockout", 5, "club")

    entries = {e["id"]: e for e in lobby.page_tables(lobby.ListFilter())[0]}
    assert entries[whist.pk]["stage"] == {"deal": 1, "scores": [0, 0], "wins": [0, 0]}
    assert entries[knockout.pk]["stage"] == {"round": 1, "rounds": 7, "left": 5}
    body = client.get("/lobby/").content.decode()
    watch = body.split('data-testid="watch-list"')[1].split("</ul>")[0]
    assert "Round 1 of 7 · 5 players in" in watch and "Deal 1 · points 0–0" in watch
    assert "Watch" in watch and "Sit down" not in watch


def test_the_stages_of_many_tables_cost_one_query_when_none_is_cached(
    ann, django_assert_num_queries
) -> None:
    for game in ("whist", "german", "knockout"):
        services.table_play_now(ann, game, None, "beginner")
    tables = list(Table.objects.all())
    cache_clear()

    with django_assert_num_queries(1):
        states = states_for(tables)
    assert len(states) == 3


def test_the_pools_player_count_is_asked_only_for_a_game_of_a_number_to_choose(
    client: Client, ann
) -> None:
    body = client.get("/lobby/").content.decode()
    select = body.split('id="pool-game"')[1].split("</select>")[0]
    assert '<option value="knockout" data-choose-players>' in select
    # Whist's option says it takes partners (a pair may queue together), no player count.
    assert '<option value="whist" data-partners>' in select
    assert '<option value="german">' in select
    players = body.split('id="pool-players"')[1].split("</select>")[0]
    assert players.count("<option") == 6  # Knockout Whist: 2 to 7
