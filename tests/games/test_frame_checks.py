"""A frame's checks cost what the frame needs: one that cannot nest too deeply (no more
opening brackets than MAX_DEPTH) is not walked for its depth; one that can still is."""

from __future__ import annotations

import json

import pytest

from games.sockets import frames

from .test_consumers import connect, german, until

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_frame_with_few_brackets_is_not_walked_for_its_depth(make_user, monkeypatch):
    t, ann, _ = await german(make_user)
    ws = await connect(f"/ws/table/{t.pk}/", ann)
    await until(ws, "chat")
    walked: list[object] = []
    walk = frames.too_deep
    monkeypatch.setattr(frames, "too_deep", lambda value: walked.append(value) or walk(value))

    await ws.send_to(text_data=json.dumps({"type": "ping", "pad": [[{"a": "{[" * 5}]]}))
    assert (await until(ws, "pong")) == {"type": "pong"}
    assert walked == []

    deep = {"type": "ping", "x": json.loads("[" * frames.MAX_DEPTH + "]" * frames.MAX_DEPTH)}
    await ws.send_to(text_data=json.dumps(deep))
    assert (await until(ws, "error"))["code"] == "bad_json"
    assert len(walked) == 1
    await ws.disconnect()
