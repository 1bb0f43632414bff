"""One heartbeat loop per event loop (games/sockets/heartbeats.py): each socket beats every
WHIST_PRESENCE_BEAT seconds from when it started, a slow beat holds up no other socket,
and a stopped socket beats no more. Their loop's clock is virtual (tests/virtual_time.py): on
the real one, at a load average of 28, a beat came 62 ms late and the test failed."""

from __future__ import annotations

import asyncio

import pytest

from games.sockets import heartbeats
from tests.virtual_time import virtual_time


class Socket:
    """What the loop asks of a consumer: a name and a `beat()`."""

    def __init__(self, name: str, takes: float = 0.0) -> None:
        self.channel_name, self.takes, self.beats = name, takes, []

    async def beat(self) -> None:
        self.beats.append(asyncio.get_running_loop().time())
        await asyncio.sleep(self.takes)


async def test_each_socket_beats_every_period_counted_from_when_it_started(settings):
    settings.WHIST_PRESENCE_BEAT = 0.2
    with virtual_time():
        early, late = Socket("early"), Socket("late")
        start = asyncio.get_running_loop().time()
        heartbeats.start(early)
        await asyncio.sleep(0.1)
        heartbeats.start(late)
        await asyncio.sleep(0.65)
        heartbeats.stop(early)
        heartbeats.stop(late)

        assert early.beats == pytest.approx([start + 0.2 * n for n in (1, 2, 3)])
        # its own phase: the beats stay spread
        assert late.beats == pytest.approx([start + 0.1 + 0.2 * n for n in (1, 2, 3)])


async def test_a_slow_beat_holds_up_no_other_socket(settings):
    settings.WHIST_PRESENCE_BEAT = 0.1
    with virtual_time():
        slow, quick = Socket("slow", takes=1.0), Socket("quick")
        heartbeats.start(slow)
        heartbeats.start(quick)
        await asyncio.sleep(0.35)
        heartbeats.stop(slow)
        heartbeats.stop(quick)

        assert len(quick.beats) == 3
        assert len(slow.beats) == 1  # a beat still running is not started again


async def test_a_stopped_socket_beats_no_more(settings):
    settings.WHIST_PRESENCE_BEAT = 0.05
    with virtual_time():
        gone, open_ = Socket("gone"), Socket("open")
        heartbeats.start(gone)
        heartbeats.start(open_)
        await asyncio.sleep(0.12)
        heartbeats.stop(gone)
        seen = len(gone.beats)
        await asyncio.sleep(0.15)

        assert heartbeats.beating() == 1
        assert len(gone.beats) == seen and len(open_.beats) == 5
        heartbeats.stop(open_)
        assert heartbeats.beating() == 0


async def test_table_sockets_beating_within_a_window_reach_the_database_together(monkeypatch):
    """A table socket's beat (its presence row) waits up to beat_batch.WAIT for the others
    of its process: one statement for them all, not a thread hop and a commit each."""
    from games import services
    from games.sockets import beat_batch

    calls: list[list] = []
    monkeypatch.setattr(services, "seats_heartbeat", lambda beats: calls.append(list(beats)))
    monkeypatch.setattr(beat_batch, "WAIT", 0.05)
    await asyncio.gather(*(beat_batch.beat(1, None, f"c{i}") for i in range(5)))
    await beat_batch.beat(2, None, "later")

    assert calls == [[(1, None, f"c{i}") for i in range(5)], [(2, None, "later")]]
