"""A socket speaks its page's language: the language menu's cookie, else the browser's
Accept-Language; refusals from the socket, the services and the engine alike."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games import services
from games.engine.views import seat_view
from games.services import ServiceError
from whistsite.asgi import application

from .conftest import session_headers
from .helpers import Communicator, state
from .test_consumers import db, german, until

pytestmark = pytest.mark.django_db(transaction=True)


async def open_socket(path: str, user: Any, cookie: str = "", accept: str = "") -> Any:
    headers = []
    for name, value in await db(session_headers)(user):
        if name == b"cookie" and cookie:
            value += b"; " + cookie.encode()
        headers.append((name, value))
    if accept:
        headers.append((b"accept-language", accept.encode()))
    communicator = Communicator(application, path, headers=headers)
    assert (await communicator.connect())[0]
    return communicator


async def refusals(ws: Any, table_id: int, seat: int) -> list[str]:
    """The messages of a frame that is not JSON and of a card the player does not hold."""
    shown = await until(ws, "state")
    await ws.send_to(text_data="{not json")
    first = (await until(ws, "error"))["message"]
    s = await db(state)(table_id)
    held = set(seat_view(s, seat)["hands"][seat])
    card = next(c for c in ("AS", "AH", "AD", "AC", "KS", "KH") if c not in held)
    act = {"action": "play", "card": card}
    await ws.send_json_to({"type": "act", "version": shown["version"], "action": act})
    refused = await until(ws, "error")
    return [first, refused["message"], refused["code"]]


@pytest.mark.parametrize(
    ("cookie", "accept", "words"),
    [
        ("django_language=de", "", ["kein JSON", "nicht auf der Hand"]),
        ("", "nl-NL,nl;q=0.9,en;q=0.5", ["geen JSON", "zit niet in de hand"]),
        ("django_language=de", "nl", ["kein JSON", "nicht auf der Hand"]),  # the menu decides
        ("", "", ["not JSON", "is not in seat"]),
    ],
)
async def test_socket_refusals_come_in_the_pages_language(make_user, cookie, accept, words):
    t, ann, bob = await german(make_user)
    s = await db(state)(t.pk)
    mover = ann if s.to_act == 0 else bob
    ws = await open_socket(f"/ws/table/{t.pk}/", mover, cookie, accept)

    not_json, not_held, code = await refusals(ws, t.pk, s.to_act)
    assert words[0] in not_json
    assert words[1] in not_held and code == "card_not_in_hand"
    await ws.disconnect()


def test_a_service_refusal_is_in_the_active_language(make_user):
    ann = make_user("ann")
    with translation.override("nl"), pytest.raises(ServiceError) as refused:
        services.table_create(ann, "knockout", 7, options={"start_cards": 8})
    assert refused.value.message == (
        "7 spelers met elk 8 kaarten (start_cards) passen niet in één spel: 7 × 8 + 1 = 57 > 52"
    )
    with translation.override("de"), pytest.raises(ServiceError) as refused:
        services.table_create(ann, "german", time_limit=3)
    assert "Sekunden pro Zug" in refused.value.message
