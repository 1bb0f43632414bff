"""Sockets cut off for flooding, and their addresses kept out for a while after.

A socket that sends past its frame rate is cut with the `flood` error and 4008, by the
consumer itself (games/sockets/frames.py) or, as the frames arrive, by Daphne's protocol
(whistsite/patches/daphne_frame_guard.py). A flooder that reconnects at once would make the
server do a whole handshake (session, user, table, first state) before each next cut: for
COOLDOWN seconds after a cut (twice as long after each further cut of that address, up to
LONGEST), a new socket from the same client address (as the proxy names it) is held for the
rest of the cooldown (HOLD seconds at most, within Daphne's handshake timeout), then
accepted and closed with 4008, before the session or anything else is read. Held, a flooder
that reconnects at once costs a sleeping coroutine, not a handshake every few milliseconds.
The page backs off after 4008 (docs/protocol.md), so a page that shares the address waits a
few seconds at most. Per server process: a flooder is cut on each process it reaches.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from runtime import metrics

CLOSE_FLOOD = 4008
COOLDOWN = 10.0  # seconds after a first cut
LONGEST = 300.0  # seconds: each cut within FORGET of the last doubles the cooldown up to this
FORGET = 600.0  # seconds after which an address's earlier cuts no longer count
HOLD = 3.0  # seconds a socket from a cooling address waits before its close
HELD = 16  # sockets held per address at once; more are closed at once
MOST = 10_000  # addresses remembered at once; the oldest go first past it

_cuts: dict[str, tuple[float, int]] = {}  # address: (kept out until, cuts in a row)
_held: dict[str, int] = {}


def cool(address: str | None) -> float:
    """Keep `address` out: COOLDOWN seconds after a first cut, twice as long after each cut
    within FORGET of the one before (LONGEST at most), and up to a quarter longer at random,
    so that flooders cut together do not all come back together. The seconds."""
    if address is None:
        return 0.0
    now = time.monotonic()
    if len(_cuts) >= MOST:
        old = [k for k, (until, _) in _cuts.items() if until + FORGET <= now]
        for key in old or list(_cuts)[: MOST // 10]:
            _cuts.pop(key, None)
    until, strikes = _cuts.pop(address, (0.0, 0))  # re-inserted last: kept in order of time
    strikes = strikes + 1 if until + FORGET > now else 1
    seconds = min(COOLDOWN * 2 ** (strikes - 1), LONGEST) * random.uniform(1.0, 1.25)
    _cuts[address] = (now + seconds, strikes)
    return seconds


def cooling(address: str | None) -> float:
    """The seconds `address` stays out for flooding (0: it may come in)."""
    until = _cuts.get(address, (0.0, 0))[0] if address is not None else 0.0
    return max(until - time.monotonic(), 0.0)


def clear() -> None:
    """Forget every cut (tests)."""
    _cuts.clear()
    _held.clear()


async def refused_while_cooling(scope: dict, receive: Any, send: Any) -> bool:
    """Before the session and the user (whistsite/socket_entry.py): a socket from an address
    that is cooling down is held for the rest of it (HOLD seconds at most), then accepted and
    closed with 4008. Whether it was."""
    address = (scope.get("client") or [None])[0]
    left = cooling(address)
    if not left:
        return False
    if _held.get(address, 0) < HELD:
        _held[address] = _held.get(address, 0) + 1
        try:
            await asyncio.sleep(min(left, HOLD))
        finally:
            _held[address] -= 1
            if not _held[address]:
                del _held[address]
    message = await receive()
    if message.get("type") == "websocket.connect":
        metrics.HANDSHAKES_REFUSED.labels(code=str(CLOSE_FLOOD)).inc()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": CLOSE_FLOOD})
    return True
