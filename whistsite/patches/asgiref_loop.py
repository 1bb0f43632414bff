"""What the site reads of asgiref's internals: the event loop a synchronous caller runs for,
and the executors that hold a stopping server's queued work.

- `caller_loop()`: code that runs in a thread of `sync_to_async` has no running loop of its
  own; asgiref keeps the loop that called it in `SyncToAsync.threadlocal` (set by
  `thread_handler`, for `async_to_sync` to find its way back). runtime/scheduling.py times
  embedded tasks on that loop, so that each test's (or server's) loop runs its own.
- `queued_work_executors(loop)`: the executors whose queued items a stopping server cancels
  (games/sockets/shutdown.py): the loop's default one and asgiref's one shared thread;
  `cancel_queued(executor)` cancels them and leaves the pool open.

Both names are checked when this module is imported, so an asgiref that renamed them stops
the process at once instead of timing tasks on a stale loop.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from asgiref.sync import SyncToAsync

PINNED = {
    ("asgiref.sync", "SyncToAsync.thread_handler"): "4bfb076b9dff6f63",
    ("asgiref.sync", "SyncToAsync.__call__"): "6be2159829627e15",
    # cancel_queued does what its cancel_futures branch does, without the shutdown.
    ("concurrent.futures.thread", "ThreadPoolExecutor.shutdown"): "586112fd95d27409",
}

for _name in ("threadlocal", "single_thread_executor"):
    if not hasattr(SyncToAsync, _name):
        raise RuntimeError(
            f"asgiref.sync.SyncToAsync has no {_name} any more: re-read asgiref's code and "
            "whistsite/patches/asgiref_loop.py"
        )


def caller_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop whose `sync_to_async` call this thread is running, if any."""
    return getattr(SyncToAsync.threadlocal, "main_event_loop", None)


def queued_work_executors(loop: asyncio.AbstractEventLoop) -> list[Executor]:
    """The loop's default executor (if it made one) and asgiref's one shared thread."""
    found = [getattr(loop, "_default_executor", None), SyncToAsync.single_thread_executor]
    return [executor for executor in found if executor is not None]


def cancel_queued(executor: Executor) -> int:
    """Cancel the work items queued in a thread pool (the running ones finish), as
    `shutdown(cancel_futures=True)` does, but leave the pool open: work submitted later still
    runs. A stopping server's sockets keep ending after its goodbye, and Channels'
    `websocket_disconnect` hops to asgiref's one shared thread for each
    (`aclose_old_connections`); on a pool that was shut down that hop raised `RuntimeError:
    cannot schedule new futures after shutdown`, and asgiref's deadlock guard stayed set in
    that socket's context. How many were cancelled."""
    queue = getattr(executor, "_work_queue", None)
    cancelled = 0
    while queue is not None:
        try:
            item = queue.get_nowait()
        except Exception:  # queue.Empty
            break
        if item is None:  # a wake-up for an idle thread: keep it for the thread
            queue.put(None)
            break
        cancelled += item.future.cancel()
    return cancelled
