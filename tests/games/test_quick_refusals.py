"""Refusals that need no lock (docs/protocol.md §"Client → server", act): answered while
another transaction holds the table's row lock, so they cannot have waited for it, and
without a state."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connections, transaction

from games.models import Table

from .test_consumers import connect, db, german, until

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def row_locked(table_id: int) -> Iterator[None]:
    """Hold `SELECT ... FOR UPDATE` on the table row in a thread of its own until the end."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Table.objects.select_for_update().get(pk=table_id)
                locked.set()
                release.wait(30)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(10)
    try:
        yield
    finally:
        release.set()
        holder.join(10)


async def settled(ws: Any, shown: dict[str, Any]) -> dict[str, Any]:
    """The socket's newest state once no frame has come for 0.6 s: a seat's first socket
    publishes its `connected` a moment after the connect (games/sockets/table_opening.py),
    and that publish, waiting for the row lock, would follow the refusal."""
    while not await ws.receive_nothing(timeout=0.6):
        frame = await ws.receive_json_from()
        if frame["type"] == "state":
            shown = frame
    return shown


async def refused_while_locked(ws: Any, table_id: int, act: dict[str, Any]) -> dict[str, Any]:
    with row_locked(table_id):
        await ws.send_json_to({"type": "act", **act})
        error = await until(ws, "error")
    assert await ws.receive_nothing(timeout=0.3)  # no state unless the client asks
    return error


async def test_not_seated_is_refused_without_the_row_lock(make_user):
    t, _ann, _bob = await german(make_user)
    watcher = await db(make_user)("cy")
    ws = await connect(f"/ws/table/{t.pk}/", watcher)
    shown = await until(ws, "state")
    play = {"version": shown["version"], "action": {"action": "play", "card": "AS"}}
    assert (await refused_while_locked(ws, t.pk, play))["code"] == "not_seated"
    await ws.disconnect()


async def test_stale_is_refused_without_the_row_lock(make_user):
    t, ann, _bob = await german(make_user)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    shown = await settled(ws, await until(ws, "state"))
    old = {"version": t.game_version - 1, "action": {"action": "play", "card": "AS"}}
    assert shown["version"] >= t.game_version
    assert (await refused_while_locked(ws, t.pk, old))["code"] == "stale"
    await ws.disconnect()


async def test_not_your_turn_is_refused_without_the_row_lock(make_user):
    t, ann, bob = await german(make_user)
    ws0 = await connect(f"/ws/table/{t.pk}/", ann)
    first = await until(ws0, "state")
    waiting = bob if first["view"]["to_act"] == 0 else ann
    ws = ws0 if waiting is ann else await connect(f"/ws/table/{t.pk}/", bob)
    shown = await settled(ws, first if waiting is ann else await until(ws, "state"))
    play = {"version": shown["version"], "action": {"action": "play", "card": "AS"}}
    assert (await refused_while_locked(ws, t.pk, play))["code"] == "not_your_turn"
    for socket in {ws0, ws}:
        await socket.disconnect()


async def test_a_move_the_socket_cannot_judge_still_waits_for_the_service(make_user):
    t, ann, _bob = await german(make_user)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    shown = await until(ws, "state")
    await until(ws, "chat")
    play = {"type": "act", "version": shown["version"], "action": {"action": "play", "card": "ZZ"}}
    with row_locked(t.pk):
        await ws.send_json_to(play)
        assert await ws.receive_nothing(timeout=0.5)  # waiting for the lock
    assert (await until(ws, "error"))["code"] == "malformed"
    await ws.disconnect()
