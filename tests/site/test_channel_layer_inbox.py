"""A channel's inbox in the PubSub layer (whistsite/patches/channel_layer.py `Inbox`): messages
come out in the order they went in, a waiting receiver wakes on the next one, and a
receiver cancelled while waiting (a socket closing) leaves the inbox usable."""

from __future__ import annotations

import asyncio

import pytest

from whistsite.patches.channel_layer import Inbox


async def test_messages_come_out_in_the_order_they_went_in():
    inbox = Inbox()
    for n in range(3):
        inbox.put_nowait(n)
    assert [await inbox.get() for _ in range(3)] == [0, 1, 2]


async def test_a_waiting_receiver_wakes_on_the_next_message():
    inbox = Inbox()
    waiting = asyncio.create_task(inbox.get())
    await asyncio.sleep(0.01)
    assert not waiting.done()
    inbox.put_nowait("state")
    assert await asyncio.wait_for(waiting, 1) == "state"


async def test_a_receiver_cancelled_while_waiting_leaves_the_inbox_usable():
    inbox = Inbox()
    waiting = asyncio.create_task(inbox.get())
    await asyncio.sleep(0.01)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    inbox.put_nowait("later")
    assert await asyncio.wait_for(inbox.get(), 1) == "later"
