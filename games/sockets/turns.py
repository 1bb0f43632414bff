"""A process's turns for work that may wait (`async with turn("kind", size): ...`): at most
`size` of one kind at once on the event loop's thread pool, so that a burst of it (lobby
lists asked on one beat, every socket opening after a restart) leaves threads free for the
moves, which take none."""

from __future__ import annotations

import asyncio

_turns: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Semaphore]] = {}


def turn(kind: str, size: int) -> asyncio.Semaphore:
    """This event loop's turn for `kind`. A semaphore belongs to one loop: a server has one,
    and each test a loop of its own, which gets a new turn."""
    loop = asyncio.get_running_loop()
    held = _turns.get(kind)
    if held is None or held[0] is not loop:
        held = _turns[kind] = (loop, asyncio.Semaphore(size))
    return held[1]
