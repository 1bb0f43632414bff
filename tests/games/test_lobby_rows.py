"""The lobby row is the server's: the first page load and every lobby socket message carry
the same HTML from one template (games/sockets/lobby_rows.py), in the viewer's language."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import services
from whistsite.asgi import application

from .conftest import session_headers
from .helpers import Communicator, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def lobby_socket(user: Any, language: str) -> Communicator:
    browser = await db(session_headers)(user)
    headers = [(k, v) for k, v in browser if k != b"cookie"]
    cookies = dict(browser).get(b"cookie", b"").decode()
    headers.append((b"cookie", f"{cookies}; django_language={language}".encode()))
    socket = Communicator(application, "/ws/lobby/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


def page(user: Any, language: str) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = language
    return client.get("/lobby/").content.decode()


def row_of(message: dict[str, Any], table_id: int) -> str:
    return next(t["html"] for t in message["tables"] if t["id"] == table_id)


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_page_and_a_socket_update_show_the_same_row(make_user, language) -> None:
    ann, bob, cy = [await db(make_user)(name) for name in ("ann", "bob", "cy")]
    table = await db(services.table_create)(bob, "knockout", 4, {"start_cards": 5}, None,
                                            [None, "club", None, None], False, 30)  # fmt: skip
    socket = await lobby_socket(ann, language)
    await until(socket, "tables")

    await db(services.seat_take)(cy, table.pk, 2)  # a change the lobby hears of
    pushed = await until(socket, "row", lambda m: "Cy" in m.get("html", ""))
    html = pushed["html"]

    assert html in await db(page)(ann, language)
    assert pushed["online_text"] in await db(page)(ann, language)
    bot, sit = {
        "en": ("Bot (Club player)", "Sit down"),
        "de": ("Bot (Vereinsspieler)", "Hinsetzen"),
    }[language]
    assert bot in html and sit in html
    await socket.disconnect()


async def test_my_own_tables_row_is_the_same_on_the_page_and_the_socket(make_user, queued) -> None:
    # No bot moves (`queued`): a move between the socket's row and the page's changes the row.
    ann = await db(make_user)("ann")
    table = await db(services.table_play_now)(ann, "german", None, "expert")
    socket = await lobby_socket(ann, "en")

    mine = await until(socket, "mine")
    html = row_of(mine, table.pk)
    assert html in await db(page)(ann, "en")
    assert "Back to the table" in html and "Bot (Expert)" in html
    await socket.disconnect()


async def test_only_a_logged_in_viewer_gets_a_sit_down_button(make_user) -> None:
    bob = await db(make_user)("bob")
    table = await db(services.table_create)(bob, "whist")
    anonymous, ann = (
        await lobby_socket(None, "en"),
        await lobby_socket(await db(make_user)("ann"), "en"),
    )

    for_anonymous = row_of(await until(anonymous, "tables"), table.pk)
    for_ann = row_of(await until(ann, "tables"), table.pk)
    assert "Sit down" not in for_anonymous and for_anonymous in await db(page)(None, "en")
    assert f'form="sit-form" formaction="/tables/{table.pk}/sit/"' in for_ann
    await anonymous.disconnect()
    await ann.disconnect()


async def test_a_full_open_table_offers_no_seat(make_user) -> None:
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table = await db(services.table_create)(bob, "german", 2, {}, None, [None, "beginner"])
    socket = await lobby_socket(ann, "en")

    html = row_of(await until(socket, "tables"), table.pk)
    assert "Sit down" not in html and "Watch" in html
    await socket.disconnect()
