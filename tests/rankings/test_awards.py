"""After the bookkeeping commits, each human player's table socket gets an `awards` message,
its own (rankings.services.awards.awards_deliver, the one path); a reload asks the awards
endpoint; the lobby socket gets none and stays open."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import services
from rankings.progression import XP_GAME, XP_WIN
from tests.games.test_consumers import connect, until
from tests.rankings.helpers import store, winning

db = database_sync_to_async


@pytest.mark.django_db(transaction=True)
async def test_the_players_socket_gets_its_awards_after_the_game(make_user):
    ann = await db(make_user)("ann")
    table = await db(services.table_create)(ann, "german", 2, bot_levels=[None, "club"], rated=True)
    await db(services.table_start)(ann, table.pk)
    ws = await connect(f"/ws/table/{table.pk}/", ann)
    lobby = await connect("/ws/lobby/", ann)
    await until(ws, "chat")
    await db(services.move_play)(table.pk, {"action": "resign"}, user=ann)
    message = await until(ws, "awards")
    assert message["table_id"] == table.pk
    awards = message["awards"]
    assert awards["rated"] and awards["rating"]["change"] < 0 and awards["rating"]["provisional"]
    assert awards["xp"] == 0  # a resignation: no XP
    await lobby.send_json_to({"type": "ping"})
    assert (await until(lobby, "pong")) == {"type": "pong"}  # still open
    await ws.disconnect()
    await lobby.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_each_players_table_socket_gets_its_own_awards_only(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table = await db(services.table_create)(ann, "german", 2, rated=True)
    await db(services.seat_take)(bob, table.pk)
    await db(services.table_start)(ann, table.pk)
    ws_ann = await connect(f"/ws/table/{table.pk}/", ann)
    ws_bob = await connect(f"/ws/table/{table.pk}/", bob)
    await until(ws_ann, "chat")
    await until(ws_bob, "chat")
    await db(services.move_play)(table.pk, {"action": "resign"}, user=ann)
    lost, won = (await until(ws_ann, "awards"))["awards"], (await until(ws_bob, "awards"))["awards"]
    # resigned at move 0: the resigner loses, the winner gains nothing (docs/rules.md §4.3)
    assert lost["rating"]["change"] < 0 == won["rating"]["change"]
    assert lost["rating"]["after"] < won["rating"]["after"]  # each its own seat's
    assert lost["early"] and lost["resigned"] and won["early"] and not won["resigned"]
    await ws_ann.disconnect()
    await ws_bob.disconnect()


@pytest.mark.django_db
def test_the_awards_endpoint_answers_once_the_game_is_scored(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    table = store(winning("german", 2, 0), [ann, "club"])
    client = Client()
    assert client.get(f"/rankings/awards/{table.pk}/").status_code == 403
    client.force_login(ann)
    assert client.get(f"/rankings/awards/{table.pk}/").json() == {
        "ready": False, "table_id": table.pk,
    }  # fmt: skip
    score(table)
    body = client.get(f"/rankings/awards/{table.pk}/").json()
    assert body["ready"] and body["awards"]["xp"] == XP_WIN
    assert "first_win_german" in body["awards"]["achievements"]
    assert ["front", "night"] not in body["awards"]["unlocks"]  # beat a Club bot, not an Expert
    client.force_login(bob)  # not bob's game
    assert client.get(f"/rankings/awards/{table.pk}/").json()["ready"] is False
    assert client.get("/rankings/awards/999999/").json()["ready"] is False
    assert XP_GAME < XP_WIN


@pytest.mark.django_db
def test_unlocks_are_in_the_awards(make_user, score):
    ann = make_user("ann")
    body = score(store(winning("german", 2, 0), [ann, "expert"]))[0]
    assert ["front", "night"] in body.unlocks  # rankings.unlocks: beat_expert opens Night
