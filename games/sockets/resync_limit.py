"""The resync limit: a socket may ask for the whole current state (`resync`, and the lobby's
`list`) at most WHIST_WS_RESYNC_RATE = (frames, seconds) times, apart from the general frame
limit, and all sockets of one client address on one server process together at most
WHIST_WS_RESYNC_RATE_PER_ADDRESS times (docs/protocol.md). A page asks only when it saw a
gap, so the limits are low; beyond them the answer is an `error` with code `rate_limited`,
and nothing is built."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from typing import Any

from django.conf import settings

ADDRESSES_KEPT = 10_000
_by_address: OrderedDict[str, deque] = OrderedDict()


def allowed(consumer: Any) -> bool:
    """Whether `consumer` may have one more resync now (and count it if so)."""
    stamps: deque = consumer.__dict__.setdefault("_resync_stamps", deque())
    if not _room(stamps, settings.WHIST_WS_RESYNC_RATE):
        return False
    address = consumer.address
    if address is None:
        stamps.append(time.monotonic())
        return True
    shared = _by_address.get(address)
    if shared is None:
        shared = _by_address[address] = deque()
        while len(_by_address) > ADDRESSES_KEPT:
            _by_address.popitem(last=False)
    _by_address.move_to_end(address)
    if not _room(shared, settings.WHIST_WS_RESYNC_RATE_PER_ADDRESS):
        return False
    now = time.monotonic()
    stamps.append(now)
    shared.append(now)
    return True


def _room(stamps: deque, rate: tuple[int, float]) -> bool:
    frames, seconds = rate
    now = time.monotonic()
    while stamps and now - stamps[0] > seconds:
        stamps.popleft()
    return len(stamps) < frames


def clear() -> None:
    _by_address.clear()
