"""The resync limit: a socket may ask for the whole current state (`resync`, and the lobby's
`list`) at most WHIST_WS_RESYNC_RATE = (frames, seconds) times, apart from the general frame
limit (docs/protocol.md). A page asks only when it saw a gap, so the limit is low; beyond it
the answer is an `error` with code `rate_limited`, and nothing is built."""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from django.conf import settings


def allowed(consumer: Any) -> bool:
    """Whether `consumer` may have one more resync now (and count it if so)."""
    frames, seconds = settings.WHIST_WS_RESYNC_RATE
    stamps: deque = consumer.__dict__.setdefault("_resync_stamps", deque())
    now = time.monotonic()
    while stamps and now - stamps[0] > seconds:
        stamps.popleft()
    if len(stamps) >= frames:
        return False
    stamps.append(now)
    return True
