"""Floods cut off: a socket that goes on sending past its rate is closed
with 4008 after a short grace, and the frames it still queued are dropped unanswered."""

from __future__ import annotations

import asyncio
import json

import pytest

from games.sockets import frames
from tests.games.helpers import Communicator
from whistsite.asgi import application

from .conftest import HOST, ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_flood_is_cut_off_with_4008_and_its_backlog_dropped(settings):
    settings.WHIST_WS_RATE = (5, 10.0)
    ws = Communicator(application, "/ws/lobby/", headers=[HOST, ORIGIN])
    assert (await ws.connect())[0]
    assert (await ws.receive_json_from(timeout=5))["type"] == "tables"
    before = dict(getattr(frames, "refusals", {})).get("dropped", 0)
    for _ in range(100):
        await ws.send_json_to({"type": "ping"})
    answers = []
    while (output := await ws.receive_output(timeout=5))["type"] != "websocket.close":
        answers.append(output)
    assert output["code"] == 4008
    kinds = [json.loads(a["text"]).get("code") or "pong" for a in answers]
    assert kinds == ["pong"] * 5 + ["rate_limited"] * 5 + ["flood"]
    await ws.send_input({"type": "websocket.disconnect", "code": 4008})
    await ws.wait(timeout=5)
    assert frames.refusals["dropped"] - before == 100 - 11  # the backlog, unanswered


async def test_a_socket_at_its_rate_is_never_cut_off(settings):
    settings.WHIST_WS_RATE = (5, 0.5)
    ws = Communicator(application, "/ws/lobby/", headers=[HOST, ORIGIN])
    assert (await ws.connect())[0]
    await ws.receive_json_from(timeout=5)

    for _ in range(4):
        for _ in range(5):
            await ws.send_json_to({"type": "ping"})
        for _ in range(5):
            assert (await ws.receive_json_from(timeout=5))["type"] == "pong"
        await asyncio.sleep(0.6)
    await ws.disconnect()
