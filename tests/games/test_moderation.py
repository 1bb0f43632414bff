"""Moderation at the table: mutes and bans refuse chat and close sockets (seats go to bots),
players-only chat, block lists, the per-user socket limit, a password change closing the
user's sockets, and reporting a chat line."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from accounts import services as accounts
from accounts.models import Mute, Report
from accounts.selectors import when
from games import services
from games.models import Seat, Table
from whistsite.asgi import application

from .conftest import HOST, ORIGIN, session_headers
from .helpers import Communicator, closed_with, german_table
from .test_consumers import connect, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def test_a_muted_players_chat_is_refused_naming_the_end_until_it_ends(make_user):
    ann, bob, mod = (
        await db(make_user)("ann"),
        await db(make_user)("bob"),
        await db(make_user)("mod"),
    )
    t = await db(german_table)(ann, bob)
    end = timezone.now() + timedelta(hours=2)
    mute = await db(accounts.mute_create)(mod, bob, end, "cool down")
    ws = await connect(f"/ws/table/{t.pk}/", bob)
    await until(ws, "chat")

    await ws.send_json_to({"type": "chat", "text": "hello"})
    refusal = await until(ws, "error")
    assert refusal["code"] == "muted"
    assert refusal["message"] == f"You are muted until {when(end)}: cool down"
    assert str(end.year) in refusal["message"]
    await db(Mute.objects.filter(pk=mute.pk).update)(until=timezone.now() - timedelta(seconds=1))
    await ws.send_json_to({"type": "chat", "text": "hello again"})
    assert (await until(ws, "chat"))["messages"][0]["text"] == "hello again"
    await ws.disconnect()


async def test_a_ban_closes_the_players_sockets_and_a_bot_takes_the_seat(make_user, queued):
    ann, bob, mod = (
        await db(make_user)("ann"),
        await db(make_user)("bob"),
        await db(make_user)("mod"),
    )
    t = await db(german_table)(ann, bob)
    open_table = await db(services.table_create)(ann, "german")
    await db(services.seat_take)(bob, open_table.pk, 1)
    table_ws = await connect(f"/ws/table/{t.pk}/", bob)
    lobby_ws = await connect("/ws/lobby/", bob)
    await until(table_ws, "chat")

    await db(accounts.ban_create)(mod, bob, "abuse")
    told = await until(table_ws, "error")
    assert told["code"] == "banned" and "abuse" in told["message"]
    assert await closed_with(table_ws) == 4401
    assert await closed_with(lobby_ws) == 4401

    seat = await db(Seat.objects.get)(table=t, user=bob)
    assert seat.away  # the stand-in bot plays it
    assert await db(Seat.objects.filter(table=open_table, user=bob).exists)() is False
    again = Communicator(application, f"/ws/table/{t.pk}/", headers=await db(session_headers)(bob))
    await again.connect()
    assert (await again.receive_json_from(timeout=5))["code"] == "banned"
    assert await closed_with(again) == 4401
    for ws in (table_ws, lobby_ws, again):
        await ws.disconnect()


async def test_spectators_read_but_do_not_write_at_a_players_only_table(make_user):
    ann, cy = await db(make_user)("ann"), await db(make_user)("cy")
    t = await db(services.table_create)(ann, "german", chat_players_only=True)
    player = await connect(f"/ws/table/{t.pk}/", ann)
    watcher = await connect(f"/ws/table/{t.pk}/", cy)
    state = await until(watcher, "state")
    assert state["table"]["chat_players_only"] is True
    await until(watcher, "chat")

    await watcher.send_json_to({"type": "chat", "text": "hi from the rail"})
    assert (await until(watcher, "error"))["code"] == "players_only"
    await player.send_json_to({"type": "chat", "text": "hi from the table"})
    assert (await until(watcher, "chat"))["messages"][0]["text"] == "hi from the table"
    for ws in (player, watcher):
        await ws.disconnect()


async def test_a_blocked_players_lines_do_not_reach_the_player_who_blocked_them(make_user):
    ann, bob, cy = await db(make_user)("ann"), await db(make_user)("bob"), await db(make_user)("cy")
    t = await db(german_table)(ann, bob)
    await db(services.chat_post)(t.pk, bob, "old line of bob")
    await db(accounts.block_add)(ann, bob)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    assert (await until(ws, "chat"))["messages"] == []  # the history leaves bob out

    await db(services.chat_post)(t.pk, bob, "new line of bob")
    await db(services.chat_post)(t.pk, cy, "line of cy")
    got = await until(ws, "chat")
    assert [m["text"] for m in got["messages"]] == ["line of cy"]
    assert "uid" not in got["messages"][0]  # writers' ids stay on the server
    await ws.disconnect()


async def test_blocking_from_elsewhere_hides_the_lines_already_shown(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    line = await db(services.chat_post)(t.pk, bob, "annoying")
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    assert (await until(ws, "chat"))["messages"][0]["id"] == line["id"]

    await db(accounts.block_add)(ann, bob)
    assert (await until(ws, "chat_hidden"))["ids"] == [line["id"]]
    await ws.disconnect()


async def test_a_user_has_at_most_a_few_open_sockets(make_user, settings):
    settings.WHIST_MAX_SOCKETS = 2
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    first = await connect(f"/ws/table/{t.pk}/", ann)
    second = await connect("/ws/lobby/", ann)
    third = await connect(f"/ws/table/{t.pk}/", ann)
    assert (await third.receive_json_from(timeout=5))["code"] == "too_many_sockets"
    assert await closed_with(third) == 4429

    await first.disconnect()
    fourth = await connect(f"/ws/table/{t.pk}/", ann)
    assert (await fourth.receive_json_from(timeout=5))["type"] == "state"
    for ws in (second, third, fourth):
        await ws.disconnect()


async def test_a_password_change_closes_the_sockets_of_the_users_other_sessions(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    here, elsewhere = await db(Client)(), await db(Client)()
    await db(here.force_login)(ann)
    await db(elsewhere.force_login)(ann)
    other = Communicator(
        application, f"/ws/table/{t.pk}/",
        headers=[HOST, ORIGIN, (b"cookie", f"sessionid={elsewhere.session.session_key}".encode())],
    )  # fmt: skip
    await other.connect()
    assert (await until(other, "state"))["seat"] == 0

    new = "another-Long-pass-99"
    answer = await db(here.post)(
        "/accounts/password_change/",
        {"old_password": "pw", "new_password1": new, "new_password2": new},
    )
    assert answer.status_code == 302
    assert await closed_with(other) == 4000
    # Opening again with the other session's cookie: no longer Ann, only a spectator.
    reopened = Communicator(
        application, f"/ws/table/{t.pk}/",
        headers=[HOST, ORIGIN, (b"cookie", f"sessionid={elsewhere.session.session_key}".encode())],
    )  # fmt: skip
    await reopened.connect()
    assert (await until(reopened, "state"))["seat"] is None
    for ws in (other, reopened):
        await ws.disconnect()


def test_a_player_reports_a_chat_line_with_the_chat_around_it(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    for text in ("hi", "gl", "you cheat!", "no", "bye"):
        line = services.chat_post(t.pk, bob if text == "you cheat!" else ann, text)
        if text == "you cheat!":
            reported = line
    client = Client()
    client.force_login(ann)
    url = f"/tables/{t.pk}/chat/{reported['id']}/report/"
    assert "you cheat!" in client.get(url).content.decode()
    response = client.post(url, {"reason": "abuse", "text": "insult", "block": "on"})

    assert response.status_code == 302 and response.url == f"/tables/{t.pk}/"
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason) == (ann, bob, "abuse")
    assert report.context["line"]["text"] == "you cheat!"
    assert [m["text"] for m in report.context["chat"]] == ["hi", "gl", "you cheat!", "no", "bye"]
    assert report.context["table"] == {"id": t.pk, "game": "german", "status": "playing"}
    assert list(ann.blocks.values_list("blocked", flat=True)) == [bob.pk]
    assert client.get(f"/tables/{t.pk}/chat/999999/report/").status_code == 404
    assert Table.objects.count() == 1


async def test_a_password_reset_closes_every_socket_of_the_user(make_user):
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")
    uid = urlsafe_base64_encode(force_bytes(ann.pk))
    token = await db(default_token_generator.make_token)(ann)
    client = await db(Client)()
    form_url = (await db(client.get)(f"/accounts/reset/{uid}/{token}/")).url
    new = "another-Long-pass-99"
    answer = await db(client.post)(form_url, {"new_password1": new, "new_password2": new})

    assert answer.status_code == 302
    assert await closed_with(ws) == 4000
    await ws.disconnect()


def test_a_chat_line_a_moderator_hid_is_gone_from_its_report_page(make_user):
    """It stayed readable at /tables/<id>/chat/<line>/report/."""
    ann, bob, mod = make_user("ann"), make_user("bob"), make_user("mod")
    table = services.table_create(ann, "german")
    line = services.chat_post(table.pk, bob, "something vile")
    url = f"/tables/{table.pk}/chat/{line['id']}/report/"
    client = Client()
    client.force_login(ann)
    assert "something vile" in client.get(url).content.decode()
    services.chat_hide([line["id"]], moderator=mod)
    page = client.get(url)
    assert page.status_code == 404 and "something vile" not in page.content.decode()
