"""Live delivery: a notification reaches every open page of its
player at once, through the socket each page has (the notices socket, the lobby's, a
table's), in that page's language; the header's count follows."""

from __future__ import annotations

import time
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.core.cache import cache

from games import broadcast
from games import services as games
from games.broadcast import user_group
from social import services
from tests.games.conftest import session_headers
from tests.games.helpers import Communicator, closed_with
from whistsite.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def connect(path: str, user: Any, language: str | None = None) -> Communicator:
    headers = await db(session_headers)(user)
    if language:
        headers.append((b"accept-language", language.encode()))
    communicator = Communicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def next_of(communicator: Communicator, kind: str, timeout: float) -> dict:
    """The next message of `kind`, skipping others, within `timeout` seconds in all."""
    end = time.monotonic() + timeout
    while True:
        message = await communicator.receive_json_from(timeout=max(end - time.monotonic(), 0.01))
        if message["type"] == kind:
            return message


async def test_an_invitation_reaches_the_invitees_other_open_pages_within_a_second(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table = await db(games.table_create)(ann, "german")
    notices = await connect("/ws/notices/", bob)
    await next_of(notices, "notices_ready", 5)
    lobby = await connect("/ws/lobby/", bob)
    await next_of(lobby, "mine", 5)
    invitation = await db(services.invitation_send)(ann, bob, table.pk)
    for page in (notices, lobby):
        message = await next_of(page, "notice", 1.0)
        assert message["kind"] == "invitation" and message["data"]["invitation"] == invitation.pk
        assert message["unread"] == 1 and "Ann invites you" in message["text"]
        assert message["url"] == f"/tables/{table.pk}/"
    await notices.disconnect()
    await lobby.disconnect()


async def test_a_table_page_shows_the_notice_in_its_own_language(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    cat = await db(make_user)("cat")
    watched = await db(games.table_create)(cat, "german")
    at_table = await connect(f"/ws/table/{watched.pk}/", bob, language="de")
    await next_of(at_table, "state", 5)
    table = await db(games.table_create)(ann, "whist")
    await db(services.invitation_send)(ann, bob, table.pk)
    message = await next_of(at_table, "notice", 1.0)
    assert "lädt dich" in message["text"], message["text"]
    await at_table.disconnect()


async def test_reading_the_notifications_sends_the_new_count(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table = await db(games.table_create)(ann, "german")
    notices = await connect("/ws/notices/", bob)
    await next_of(notices, "notices_ready", 5)
    await db(services.invitation_send)(ann, bob, table.pk)
    await next_of(notices, "notice", 1.0)
    await db(services.notifications_read)(bob)
    assert (await next_of(notices, "notice_count", 1.0))["unread"] == 0
    await notices.disconnect()


async def test_the_notices_socket_refuses_an_anonymous_page():
    communicator = Communicator(application, "/ws/notices/", headers=session_headers(None))
    connected, _ = await communicator.connect()
    assert connected
    closed = await communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4403}


async def test_the_notices_socket_hears_no_other_kind_of_sockets_events(make_user):
    """Each kind of socket has its own group of the user's (games.broadcast.user_group): the
    notices socket has no handler for a table's block lists or the lobby's own tables."""
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    notices = await connect("/ws/notices/", bob)
    await next_of(notices, "notices_ready", 5)
    await db(broadcast.user_blocks)(bob.pk)
    await db(broadcast.user_send)(bob.pk, {"type": "lobby.mine"}, "lobby")
    table = await db(games.table_create)(ann, "german")
    await db(services.invitation_send)(ann, bob, table.pk)
    message = await notices.receive_json_from(timeout=2)
    assert message["type"] == "notice"  # nothing sent for the others, no error
    await notices.disconnect()


async def test_a_notice_and_a_revoke_are_one_publish_each_to_every_socket_kind(
    make_user, monkeypatch
):
    """Every kind of socket handles a notice and a revoke: one publish to the user's group
    reaches a table's, the lobby's and the notices socket (games.broadcast.user_group)."""
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table = await db(games.table_create)(ann, "german")
    pages = [
        await connect(p, bob) for p in ("/ws/notices/", "/ws/lobby/", f"/ws/table/{table.pk}/")
    ]
    await next_of(pages[0], "notices_ready", 5)
    await next_of(pages[1], "mine", 5)
    await next_of(pages[2], "chat", 5)
    layer, published = get_channel_layer(), []
    real = layer.group_send

    async def counted(group: str, message: dict) -> None:
        published.append(group)
        await real(group, message)

    monkeypatch.setattr(layer, "group_send", counted)
    await db(services.invitation_send)(ann, bob, table.pk)
    for page in pages:
        assert (await next_of(page, "notice", 2))["kind"] == "invitation"
    await db(broadcast.user_revoke)(bob.pk)
    for page in pages:
        assert await closed_with(page) == 4401
        await page.disconnect()
    assert [g for g in published if g.startswith(f"user-{bob.pk}")] == [user_group(bob.pk)] * 2


async def test_the_notices_socket_sends_the_unread_count_again_after_redis_came_back(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    notices = await connect("/ws/notices/", bob)
    await next_of(notices, "notices_ready", 5)
    table = await db(games.table_create)(ann, "german")
    await db(services.invitation_send)(ann, bob, table.pk)
    assert (await notices.receive_json_from(timeout=2))["type"] == "notice"
    await get_channel_layer().group_send(user_group(bob.pk), {"type": "layer.reconnected"})
    assert await notices.receive_json_from(timeout=2) == {"type": "notice_count", "unread": 1}
    await notices.disconnect()


async def test_a_friend_who_opens_a_page_comes_online_for_those_who_asked(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    await db(services.friend_request)(ann, bob)
    await db(services.friend_accept)(bob, (await db(bob.friendship_requests_received.get)()).pk)
    await db(services.settings_save)(bob, [])  # every kind on, friend_online too
    await db(cache.delete)(f"social-came-online:{ann.pk}")
    notices = await connect("/ws/notices/", bob)
    await next_of(notices, "notices_ready", 5)
    page = await connect("/ws/notices/", ann)
    message = await next_of(notices, "notice", 5.0)
    assert message["kind"] == "friend_online" and "Ann" in message["text"]
    await page.disconnect()
    await notices.disconnect()
