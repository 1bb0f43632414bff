"""Partners in the quick-play pool through the lobby socket (docs/protocol.md, "Lobby
socket"): an invitation reaches the partner's lobby page (at once, or when they open it), an
answer seats the pair, a bad frame is answered with an error and the socket stays, and a
partner's page closing ends the other's wait."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from games.models import PoolEntry, Table
from tests.games.helpers import Communicator
from tests.games.test_consumers import until
from tests.games.test_pool import lobby
from whistsite.asgi import application

from .conftest import session_headers

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def invite(socket: Communicator, partner: str, **wish: Any) -> None:
    await socket.send_json_to({"type": "pool_pair_invite", "partner": partner,
                               "game": "whist", **wish})  # fmt: skip


async def still_open(socket: Communicator) -> None:
    await socket.send_json_to({"type": "ping"})
    assert await until(socket, "pong") == {"type": "pong"}


async def test_an_invitation_accepted_seats_the_pair_as_partners(make_user):
    ann, bob, cy, dee = [await db(make_user)(n) for n in ("ann", "bob", "cy", "dee")]
    a, b, c, d = [await lobby(u) for u in (ann, bob, cy, dee)]
    await invite(a, "bob")
    pending = await until(a, "pool_pair_pending")
    assert pending["partner"] == "Bob" and "Bob" in pending["text"]
    invited = await until(b, "pool_pair_invited")
    assert invited["inviter"] == ann.pk and invited["name"] == "Ann" and "Ann" in invited["text"]
    await b.send_json_to({"type": "pool_pair_accept", "inviter": ann.pk})
    assert (await until(b, "pool_waiting"))["partner"] == "Ann"
    assert (await until(a, "pool_waiting"))["partner"] == "Bob"
    for socket in (c, d):
        await socket.send_json_to({"type": "pool_join", "game": "whist"})
    seated = await until(a, "pool_seated")
    assert (await until(b, "pool_seated")) == seated == (await until(c, "pool_seated"))
    table = await db(Table.objects.get)(pk=seated["table_id"])
    assert table.game == "whist"
    for socket in (a, b, c, d):
        await socket.disconnect()


async def test_an_invitation_waits_for_the_partner_to_open_the_lobby(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    a = await lobby(ann)
    await invite(a, "bob")
    await until(a, "pool_pair_pending")
    b = Communicator(application, "/ws/lobby/?pool=1",
                              headers=await db(session_headers)(bob))  # fmt: skip
    assert (await b.connect())[0]
    assert (await until(b, "pool_pair_invited"))["inviter"] == ann.pk
    await a.disconnect()  # the inviter's page closes: the invitation is withdrawn
    assert (await until(b, "pool_pair_withdrawn"))["inviter"] == ann.pk
    await b.disconnect()


async def test_a_declined_invitation_ends_the_inviters_wait(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    a, b = await lobby(ann), await lobby(bob)
    await invite(a, "bob")
    await until(b, "pool_pair_invited")
    await b.send_json_to({"type": "pool_pair_decline", "inviter": ann.pk})
    left = await until(a, "pool_left")
    assert left["code"] == "declined" and left["message"]
    assert (await until(b, "pool_pair_withdrawn"))["inviter"] == ann.pk
    assert not await db(PoolEntry.objects.exists)()
    await a.disconnect()
    await b.disconnect()


async def test_a_partners_page_closing_ends_the_others_wait(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    a, b = await lobby(ann), await lobby(bob)
    await invite(a, "bob")
    await until(b, "pool_pair_invited")
    await b.send_json_to({"type": "pool_pair_accept", "inviter": ann.pk})
    await until(a, "pool_waiting")
    await b.disconnect()
    left = await until(a, "pool_left")
    assert left["code"] == "partner_left" and left["message"]
    assert not await db(PoolEntry.objects.exists)()
    await still_open(a)
    await a.disconnect()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"type": "pool_pair_invite", "game": "whist"}, "bad_message"),
        ({"type": "pool_pair_invite", "game": "whist", "partner": 7}, "bad_message"),
        ({"type": "pool_pair_invite", "game": "whist", "partner": "bob", "seat": 1}, "bad_message"),
        ({"type": "pool_pair_invite", "game": "knockout", "partner": "bob"}, "no_partners"),
        ({"type": "pool_pair_invite", "game": "whist", "partner": "zed"}, "bad_partner"),
        ({"type": "pool_pair_invite", "game": "whist", "partner": "ann"}, "bad_partner"),
        ({"type": "pool_pair_accept"}, "bad_message"),
        ({"type": "pool_pair_accept", "inviter": "bob"}, "bad_message"),
        ({"type": "pool_pair_accept", "inviter": True}, "bad_message"),
        ({"type": "pool_pair_accept", "inviter": 99999}, "no_invitation"),
        ({"type": "pool_pair_decline", "inviter": 99999}, "no_invitation"),
        ({"type": "pool_pair_decline", "inviter": 1, "why": "no"}, "bad_message"),
    ],
)
async def test_a_bad_pair_frame_gets_an_error_and_the_socket_stays(make_user, frame, code):
    ann, _bob = await db(make_user)("ann"), await db(make_user)("bob")
    a = await lobby(ann)
    await a.send_json_to(frame)
    error = await until(a, "error")
    assert error["code"] == code and error["message"]
    await still_open(a)
    assert not await db(PoolEntry.objects.exists)()
    await a.disconnect()


async def test_an_anonymous_visitor_cannot_invite_nor_answer(make_user):
    await db(make_user)("bob")
    a = await lobby(None)
    for frame in ({"type": "pool_pair_invite", "game": "whist", "partner": "bob"},
                  {"type": "pool_pair_accept", "inviter": 1},
                  {"type": "pool_pair_decline", "inviter": 1}):  # fmt: skip
        await a.send_json_to(frame)
        assert (await until(a, "error"))["code"] == "login_required"
    await still_open(a)
    await a.disconnect()


async def test_only_a_page_that_shows_the_pool_hears_of_invitations(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    plain = Communicator(application, "/ws/lobby/", headers=await db(session_headers)(bob))
    assert (await plain.connect())[0]
    a = await lobby(ann)
    await invite(a, "bob")
    await until(a, "pool_pair_pending")
    await a.disconnect()
    await plain.send_json_to({"type": "ping"})
    while (message := await plain.receive_json_from(timeout=5))["type"] != "pong":
        assert not message["type"].startswith("pool_pair")
    await plain.disconnect()
