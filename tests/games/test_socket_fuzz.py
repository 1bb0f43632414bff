"""Sockets never die silently: 1,000 random and adversarial frames to each consumer on the
Redis channel layer; every socket stays open and answers every frame, a handler that fails
answers `server_error`, and no socket beats after its consumer ended."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.broadcast import table_group
from games.sockets import heartbeats
from games.sockets.consumers import too_deep

from .helpers import Communicator, german_table
from .test_consumers import connect, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async
FRAMES = 1000
KINDS = ["act", "chat", "resync", "ping", "back", "dance", "", "ACT", "act\x00", "é"]


def deep(rng: random.Random, depth: int) -> Any:
    value: Any = rng.choice([1, "x", None])
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def any_value(rng: random.Random) -> Any:
    return rng.choice([
        rng.randint(-(2**70), 2**70), 10**300, -1, 0, rng.random() * 1e308, True, None,
        "".join(chr(rng.randint(1, 0x2FFFF)) for _ in range(rng.randint(0, 40))),
        "\u202e\u200b", [1, [2, [3]]], {"action": "play", "card": rng.choice(["KS", "ZZ", 5])},
        deep(rng, rng.randint(1, 200)), [], {},
    ])  # fmt: skip


def well_shaped(rng: random.Random) -> dict[str, Any]:
    """Fields of the right types with values that are mostly wrong (and sometimes right)."""
    action = {
        "action": rng.choice(["play", "knock", "trump", "vote", "exchange", "resign", "jump"]),
        "card": rng.choice(["KS", "2H", "TD", "AC", "ZZ", "", "K♠"]),
        "suit": rng.choice(["S", "H", "NT", "X"]),
        "discard": rng.sample(["2H", "7C", "KS", "AS"], rng.randint(0, 4)),
    }
    text = "".join(chr(rng.randint(1, 0x2FFFF)) for _ in range(rng.randint(0, 320)))
    return {"version": rng.randint(-2, 30), "action": action, "text": text}


def adversarial_text(rng: random.Random) -> str:
    """A frame as a string: mostly JSON objects of the wrong shapes, some not JSON at all."""
    roll = rng.random()
    if roll < 0.08:
        return rng.choice(["{not json", " ", "null", "[]", "1e999", "NaN", '"\\ud800"', "9" * 4000,
                           "[" * 2000 + "]" * 2000, '{"type": ' + "[" * 1900, "x" * 5000,
                           '{"type": "ping"' + ", " * 1000 + "}"])  # fmt: skip
    if roll < 0.15:
        return json.dumps(deep(rng, rng.randint(100, 1500)))[:4096]
    frame: dict[str, Any] = {"type": rng.choice(KINDS) if rng.random() < 0.9 else any_value(rng)}
    for field in rng.sample(["version", "action", "text", "seat", "type2"], rng.randint(0, 4)):
        frame[field] = any_value(rng)
    if frame["type"] in ("act", "chat") and rng.random() < 0.5:
        frame |= well_shaped(rng)
    text = json.dumps(frame, ensure_ascii=rng.random() < 0.5)
    return text if len(text) <= 4096 or rng.random() < 0.5 else text[:4096]


async def answered(ws: Communicator, frame: str) -> list[dict[str, Any]]:
    """Send a frame, then a ping as a fence; what came back for the frame (at least one
    message: a direct answer before the fence, or a broadcast a moment later)."""
    await ws.send_to(text_data=frame)
    await ws.send_json_to({"type": "ping"})
    fences = 2 if is_ping(frame) else 1  # a ping frame's own answer is a pong too
    got: list[dict[str, Any]] = []
    while fences:
        message = await next_message(ws, frame)
        if message == {"type": "pong"}:
            fences -= 1
        if fences or message != {"type": "pong"}:
            got.append(message)
    return got or [await next_message(ws, frame)]


async def next_message(ws: Communicator, frame: str) -> dict[str, Any]:
    try:
        output = await ws.receive_output(timeout=10)
    except TimeoutError:
        raise AssertionError(f"no answer to {frame[:200]!r}") from None
    assert output["type"] == "websocket.send", f"socket closed after {frame[:200]!r}"
    return json.loads(output["text"])


def is_ping(frame: str) -> bool:
    try:
        content = json.loads(frame)
    except (ValueError, RecursionError):
        return False
    ping = isinstance(content, dict) and content.get("type") == "ping"
    return ping and len(frame) <= 4096 and not too_deep(content)


async def fuzz(ws: Communicator, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    codes: dict[str, int] = {}
    for _ in range(FRAMES):
        for message in await answered(ws, adversarial_text(rng)):
            key = message.get("code") or message["type"]
            codes[key] = codes.get(key, 0) + 1
    return codes


async def test_a_thousand_adversarial_frames_to_each_consumer_keep_every_socket_open(
    make_user, settings
):
    settings.WHIST_WS_RATE = (10**6, 10.0)
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    table_ws = await connect(f"/ws/table/{t.pk}/", ann)
    lobby_ws = await connect("/ws/lobby/", ann)
    await until(table_ws, "chat")
    await until(lobby_ws, "tables")
    assert heartbeats.beating() == 1  # the table socket (its presence); a lobby socket never beats

    table_codes = await fuzz(table_ws, seed=11)
    lobby_codes = await fuzz(lobby_ws, seed=12)
    print("table socket answers:", table_codes, "lobby socket answers:", lobby_codes)

    assert {"bad_json", "bad_message", "too_large"} <= set(table_codes) & set(lobby_codes)
    assert "server_error" not in table_codes and "server_error" not in lobby_codes
    for ws in (table_ws, lobby_ws):
        await ws.send_json_to({"type": "ping"})
        assert (await until(ws, "pong")) == {"type": "pong"}
        await ws.disconnect()
    assert heartbeats.beating() == 0


async def test_deeply_nested_json_gets_an_error_and_the_socket_stays(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")

    await ws.send_to(text_data="[" * 2000 + "]" * 2000)
    error = await until(ws, "error")
    assert error["code"] == "bad_json" and "nested" in error["message"]
    await ws.send_json_to({"type": "resync"})
    assert (await until(ws, "state"))["seat"] == 0
    await ws.disconnect()


async def test_a_handler_that_fails_answers_server_error_and_keeps_the_socket(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")

    # A malformed event on the table's group (no "messages"): the chat handler fails.
    await get_channel_layer().group_send(table_group(t.pk), {"type": "chat.message"})
    assert (await until(ws, "error"))["code"] == "server_error"
    await ws.send_json_to({"type": "ping"})
    assert (await until(ws, "pong")) == {"type": "pong"}
    await ws.disconnect()


async def test_the_heartbeat_ends_when_the_consumer_ends_without_a_disconnect(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")
    assert heartbeats.beating() == 1

    ws.future.cancel()  # the server's task ends: shutdown, a crash
    await asyncio.sleep(0.1)
    assert heartbeats.beating() == 0
