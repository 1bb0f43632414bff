"""A virtual clock for a test's event loop: no speed in tests (docs/development.md).

Inside `virtual_time()` the running loop does not wait for its next timer: its clock jumps
to it. A test of when things happen (a socket's heartbeats every so many seconds) sees them
exactly when they are due, however loaded the machine, and takes no wall time to wait.
Only for code that waits on timers and on the loop's own tasks: a thread's result or a
socket's bytes would arrive after the clock had jumped past them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def virtual_time() -> Iterator[None]:
    loop: Any = asyncio.get_running_loop()
    now = [loop.time()]
    select = loop._selector.select

    def jump(timeout: float | None = None) -> Any:
        if timeout is None:  # no timer: nothing to jump to
            return select(None)
        now[0] += max(timeout, 0.0)
        return select(0)

    loop.time, loop._selector.select = (lambda: now[0]), jump
    try:
        yield
    finally:
        del loop.time, loop._selector.select
