"""The table and lobby sockets: connecting, refusals that keep the socket, reconnects, chat."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import ChatMessage
from whistsite.asgi import application

from .conftest import HOST, ORIGIN, session_headers
from .helpers import Communicator, closed_with, state, table, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def connect(path: str, user: Any = None) -> Communicator:
    headers = await db(session_headers)(user)
    communicator = Communicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def german(make_user: Any) -> tuple[Any, Any, Any]:
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    created = await db(services.table_create)(ann, "german")
    await db(services.seat_take)(bob, created.pk, 1)
    return await db(services.table_start)(ann, created.pk), ann, bob


async def test_a_player_gets_their_seat_view_then_the_chat(make_user):
    t, ann, _ = await german(make_user)
    ws = await connect(f"/ws/table/{t.pk}/", ann)

    first = await ws.receive_json_from(timeout=5)
    assert first["type"] == "state" and first["seat"] == 0
    assert None not in first["view"]["hands"][0] and set(first["view"]["hands"][1]) == {None}
    assert (await ws.receive_json_from(timeout=5)) == {"type": "chat", "messages": []}
    await ws.disconnect()


async def test_malformed_and_oversized_frames_get_an_error_and_the_socket_stays(make_user):
    t, ann, _ = await german(make_user)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")

    for frame, code in [
        ("{not json", "bad_json"),
        ("x" * 5000, "too_large"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"type": "dance"}), "bad_message"),
        (json.dumps({"type": "act", "action": {"action": "play"}}), "bad_message"),
    ]:
        await ws.send_to(text_data=frame)
        assert (await until(ws, "error"))["code"] == code

    await ws.send_json_to({"type": "resync"})
    assert (await until(ws, "state"))["seat"] == 0
    await ws.disconnect()


async def test_an_illegal_move_gets_a_named_error_and_the_state_only_when_asked(make_user):
    t, ann, bob = await german(make_user)
    s = await db(state)(t.pk)
    waiting = bob if s.to_act == 0 else ann
    ws = await connect(f"/ws/table/{t.pk}/", waiting)
    await until(ws, "chat")
    shown = await until(ws, "state")  # their `connected`, published a moment after the connect

    await ws.send_json_to(
        {"type": "act", "version": shown["version"], "action": {"action": "play", "card": "ZZ"}}
    )
    assert (await until(ws, "error"))["code"] == "malformed"
    await ws.send_json_to(
        {"type": "act", "version": shown["version"], "action": {"action": "knock"}}
    )
    assert (await until(ws, "error"))["code"] in ("not_your_turn", "wrong_phase")
    assert await ws.receive_nothing(timeout=0.5)
    await ws.send_json_to({"type": "resync"})
    assert (await until(ws, "state"))["version"] == shown["version"]
    await ws.disconnect()


async def test_a_client_reconnecting_mid_trick_gets_the_same_view_back(make_user):
    t, ann, bob = await german(make_user)
    users = {0: ann, 1: bob}
    leader = (await db(state)(t.pk)).to_act
    ws = await connect(f"/ws/table/{t.pk}/", users[leader])
    shown = await until(ws, "state")
    card = shown["view"]["legal"][0]["card"]
    await ws.send_json_to(
        {"type": "act", "version": shown["version"], "action": {"action": "play", "card": card}}
    )
    mid_trick = await until(ws, "state")
    while mid_trick["view"]["trick"] != [[leader, card]]:
        mid_trick = await until(ws, "state")
    await ws.disconnect()

    again = await connect(f"/ws/table/{t.pk}/", users[leader])
    back = await until(again, "state")
    assert back["view"] == mid_trick["view"]
    assert back["view"]["trick"] == [[leader, card]]
    await again.disconnect()


async def test_spectators_private_tables_and_anonymous_acting(make_user):
    t, ann, _ = await german(make_user)
    watcher = await connect(f"/ws/table/{t.pk}/")
    seen = await until(watcher, "state")
    assert seen["seat"] is None and seen["view"]["viewer"] is None
    assert all(set(hand) == {None} for hand in seen["view"]["hands"])
    await watcher.send_json_to({"type": "act", "version": seen["version"], "action": {}})
    assert (await until(watcher, "error"))["code"] == "not_seated"
    await watcher.send_json_to({"type": "chat", "text": "hi"})
    assert (await until(watcher, "error"))["code"] == "login_required"
    await watcher.disconnect()

    hidden = await db(services.table_create)(ann, "german", private=True)
    ws = Communicator(application, f"/ws/table/{hidden.pk}/", headers=[HOST, ORIGIN])
    await ws.connect()
    assert (await ws.receive_output(timeout=5))["code"] == 4403
    missing = Communicator(application, "/ws/table/999999/", headers=[HOST, ORIGIN])
    await missing.connect()
    assert (await missing.receive_output(timeout=5))["code"] == 4404


async def test_chat_is_stored_raw_length_limited_and_rate_limited(make_user):
    t, ann, bob = await german(make_user)
    ws_ann = await connect(f"/ws/table/{t.pk}/", ann)
    ws_bob = await connect(f"/ws/table/{t.pk}/", bob)
    await until(ws_ann, "chat")
    await until(ws_bob, "chat")

    await ws_ann.send_json_to({"type": "chat", "text": "  <script>alert(1)</script>  "})
    got = await until(ws_bob, "chat")
    assert got["messages"][0]["text"] == "<script>alert(1)</script>"
    assert got["messages"][0]["name"] == "Ann"
    await ws_ann.send_json_to({"type": "chat", "text": "x" * 301})
    assert (await until(ws_ann, "error"))["code"] == "chat_too_long"
    for n in range(4):
        await ws_ann.send_json_to({"type": "chat", "text": f"line {n}"})
    await ws_ann.send_json_to({"type": "chat", "text": "one too many"})
    assert (await until(ws_ann, "error"))["code"] == "rate_limited"
    texts = await db(lambda: list(ChatMessage.objects.values_list("text", flat=True)))()
    assert texts == ["<script>alert(1)</script>", "line 0", "line 1", "line 2", "line 3"]
    await ws_ann.disconnect()
    await ws_bob.disconnect()


async def test_the_lobby_pushes_a_row_when_a_table_opens(make_user):
    ann = await db(make_user)("ann")
    lobby = await connect("/ws/lobby/")
    first = await lobby.receive_json_from(timeout=5)
    assert (first["type"], first["tables"]) == ("tables", [])

    created = await db(services.table_create)(ann, "knockout", 3)
    pushed = await until(lobby, "row")
    assert (pushed["op"], pushed["id"], pushed["since"]) == ("added", created.pk, first["version"])
    await lobby.disconnect()


async def test_logout_closes_the_users_open_sockets(make_user):
    t, ann, _ = await german(make_user)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")

    from games.broadcast import user_revoke

    await db(user_revoke)(ann.pk)
    assert await closed_with(ws) == 4401
    await ws.disconnect()  # the server's close handshake completes
    assert await db(lambda: table(t.pk).seats.get(index=0).connections)() == 0


async def test_the_lobby_sends_a_player_their_own_tables_and_how_many_play(make_user):
    ann = await db(make_user)("ann")
    private = await db(services.table_create)(ann, "german", private=True)
    lobby = await connect("/ws/lobby/", ann)

    tables = await until(lobby, "tables")
    assert tables["tables"] == [] and tables["online"] == {"players": 0, "games": 0}
    mine = await until(lobby, "mine")
    assert [t["id"] for t in mine["tables"]] == [private.pk]
    await lobby.disconnect()
