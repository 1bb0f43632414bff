"""The embedded server's own timers start when Daphne starts serving, not at its first socket.

After a restart of `make run`, a table whose next move was a bot's must go on even if no
player has connected yet: the watchdog, which runs on the server's event loop, has to start
with the server. Daphne makes that loop when its module is imported (`daphne.server`, as
`twisted_loop`) and runs it once it serves; a callback put on it now runs then. This reads
one name of Daphne's (tests/games/test_embedded_restart.py fails if it goes).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

PINNED = {("daphne.server", "twisted_loop"): "14334b159f76189f"}  # the loop Daphne serves on


def daphne_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop Daphne will serve on, if this process is a Daphne server."""
    server = sys.modules.get("daphne.server")
    loop = getattr(server, "twisted_loop", None)
    return loop if isinstance(loop, asyncio.AbstractEventLoop) else None


def when_serving(callback: Callable[[asyncio.AbstractEventLoop], None]) -> bool:
    """Call `callback(loop)` on Daphne's loop once it runs; False outside Daphne."""
    loop = daphne_loop()
    if loop is None:
        return False
    loop.call_soon_threadsafe(callback, loop)
    return True
