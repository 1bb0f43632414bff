"""Fixtures of the card-room tests: instant bots, no stray timers, users and a way to log in."""

from __future__ import annotations

from typing import Any

import pytest
from channels.layers import channel_layers
from django.contrib.auth import get_user_model
from django.test import Client

from games import held
from games.gamestate import cache_clear
from games.sockets import floods, lobby_lists, resync_limit, state_cache
from runtime import scheduling

# What a browser on the site sends: its Host and its page's Origin (whistsite.websocket_origin).
HOST = (b"host", b"127.0.0.1")
ORIGIN = (b"origin", b"http://127.0.0.1")


@pytest.fixture(autouse=True)
def _live_play_settings(settings: Any) -> None:
    """Bots act at once; delayed timers (turn limits, grace) never fire on their own."""
    settings.WHIST_BOT_DELAY = (0.0, 0.0)
    settings.WHIST_TRICK_PAUSE = 0.0
    settings.WHIST_THREAD_TIMERS = False
    settings.WHIST_WS_RATE = (1000, 10.0)  # test clients answer bots at machine speed
    cache_clear()
    held.clear()
    state_cache.clear()
    resync_limit.clear()
    floods.clear()
    lobby_lists.pages_clear()
    # A Redis layer keeps asyncio locks bound to the loop that made them; each test has its own.
    channel_layers.backends.clear()


@pytest.fixture
def make_user(db: Any) -> Any:
    def make(name: str) -> Any:
        return get_user_model().objects.create_user(name, password="pw", display_name=name.title())

    return make


def session_headers(user: Any) -> list[tuple[bytes, bytes]]:
    """Headers of a WebSocket handshake from a browser logged in as `user` (None: anonymous)."""
    if user is None:
        return [HOST, ORIGIN]
    client = Client()
    client.force_login(user)
    return [HOST, ORIGIN, (b"cookie", f"sessionid={client.session.session_key}".encode())]


class Queued(list):
    """Background tasks recorded as (name, args), in order; `delays` says when each was due."""

    def __init__(self) -> None:
        super().__init__()
        self.delays: list[float] = []


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Queued:
    """Record background tasks instead of running them (to deliver them by hand)."""
    calls = Queued()

    def record(name: str, args: tuple, delay: float = 0.0) -> None:
        calls.append((name, args))
        calls.delays.append(delay)

    monkeypatch.setattr(scheduling, "run_later", record)  # the one seam: every caller uses it
    return calls
