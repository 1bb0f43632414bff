"""The sockets' database threads on PostgreSQL: a pool of the site's own (`db_call`).

Channels' `database_sync_to_async` over asgiref's `SyncToAsync` put each call through a
`ThreadPoolExecutor`: a concurrent future with its condition, the loop's future chained to
it both ways, a third future for `shield`, and a copy of the context made back into the
caller's. A call here is one item on a queue and one asyncio future; the worker hands the
result back with one `call_soon_threadsafe` (346,748 against 132,061 instructions a hop
in the ninth session's script; bench/db_hop.py). What it keeps of asgiref's and Channels':

- the caller's context vars are carried into the worker (`copy_context().run`: the
  language a frame activated, the log context, the act's start), and asgiref's `Local`
  values (Django's active language) re-homed to the worker's thread, as asgiref's
  `_restore_context` does: a `Local` shows a thread only the values moved there on purpose.
  Changes the function makes to them stay in the worker's copy: asgiref copied them back
  into the caller's context, and no function the sockets call sets one;
- `close_old_connections()` before and after each call, as Channels' `DatabaseSyncToAsync`
  does: each worker thread keeps its persistent connection while it is usable and younger
  than `CONN_MAX_AGE`;
- the worker thread names its caller's loop where asgiref's does
  (`SyncToAsync.threadlocal.main_event_loop`): `async_to_sync` in a worker and
  runtime/scheduling.py's `server_loop()` find the loop as before;
- an exception reaches the awaiting coroutine; a coroutine cancelled before its item runs
  leaves the item skipped, one cancelled while it runs leaves the result dropped, and the
  worker goes on;
- a stopping server cancels the queued items (`cancel_queued`, games/sockets/shutdown.py),
  as it does those of asgiref's pools, and the pool still takes work after.

As many threads as the loop's default executor had (min(32, cores + 4)), each made when an
item finds no idle one, as `ThreadPoolExecutor` does; daemon threads, so an exiting process
never waits for a queued item.
"""

from __future__ import annotations

import asyncio
import os
import queue
import threading
import time
from collections.abc import Callable
from contextvars import Context, copy_context
from typing import Any

from asgiref.local import _Storage  # re-homed as asgiref.sync._restore_context does
from asgiref.sync import SyncToAsync
from django.db import close_old_connections

WORKERS = min(32, (os.cpu_count() or 1) + 4)

# An item: the caller's future and loop, its context, the function and its arguments.
_Item = tuple[asyncio.Future, asyncio.AbstractEventLoop, Context, Callable[..., Any], tuple, dict]


class DbPool:
    """Worker threads that run ORM functions for event loops (any number of loops)."""

    def __init__(self, workers: int = WORKERS, name: str = "whist-db") -> None:
        self.workers = workers
        self.name = name
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._idle: list[None] = []  # one entry per idle worker; list.append/pop are atomic
        self._lock = threading.Lock()

    def call(self, fn: Callable[..., Any], args: tuple, kwargs: dict) -> asyncio.Future:
        """`fn(*args, **kwargs)` in a worker, in a copy of the caller's context: the future
        of its result, on the running loop."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._queue.put((future, loop, copy_context(), fn, args, kwargs))
        if self._idle:
            try:
                self._idle.pop()
                return future
            except IndexError:  # another loop's call took the last idle worker
                pass
        if len(self._threads) < self.workers:
            self._start()
        return future

    def cancel_queued(self) -> int:
        """Cancel the items not yet taken by a worker (the running ones finish); the pool
        still takes work after. How many were cancelled."""
        cancelled = 0
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return cancelled
            if item is None:  # a worker's stop: keep it for the worker
                self._queue.put(None)
                return cancelled
            future, loop = item[0], item[1]
            try:
                loop.call_soon_threadsafe(_cancel, future)
            except RuntimeError:  # its loop has closed
                continue
            cancelled += 1

    def stop(self, wait: float = 5.0) -> None:
        """Let every worker end once the items queued before have run, each closing its
        database connections (the tests' end, before their database is dropped)."""
        with self._lock:
            threads, self._threads = self._threads, []
        for _ in threads:
            self._queue.put(None)
        for thread in threads:
            thread.join(wait)
        self._idle.clear()

    def wait_quiet(self, seconds: float) -> bool:
        """Wait up to `seconds` for every worker to be idle with nothing queued (a test's end,
        before its database is emptied). Whether it is."""
        deadline = time.monotonic() + seconds
        while not (self._queue.empty() and len(self._idle) >= len(self._threads)):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.005)
        return True

    def _start(self) -> None:
        with self._lock:
            if len(self._threads) >= self.workers:
                return
            thread = threading.Thread(
                target=self._work, name=f"{self.name}_{len(self._threads)}", daemon=True
            )
            self._threads.append(thread)
        thread.start()

    def _work(self) -> None:
        local = SyncToAsync.threadlocal
        local.main_event_loop_pid = os.getpid()
        take, idle = self._queue.get, self._idle
        while True:
            item = take()
            if item is None:
                break
            future, loop, context, fn, args, kwargs = item
            del item
            if not future.cancelled():  # else its caller has gone, or the server is stopping
                local.main_event_loop = loop
                try:
                    result = context.run(_checked, context, fn, args, kwargs)
                except BaseException as exc:  # as concurrent.futures hands back any exception
                    _hand_back(loop, _fail, future, exc)
                    del exc
                else:
                    _hand_back(loop, _succeed, future, result)
                    del result
            del future, context, fn, args, kwargs
            idle.append(None)  # as ThreadPoolExecutor's worker: idle once its item is done
        _close_connections()


def _checked(context: Context, fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
    """In the worker, in the caller's copied `context`: its `Local` values made this
    thread's (`asgiref.local._rehome`), the old connections closed before and after."""
    here = threading.get_ident()
    for cvar, value in context.items():
        if value.__class__ is _Storage:
            cvar.set(_Storage(here, value.data))
    close_old_connections()
    try:
        return fn(*args, **kwargs)
    finally:
        close_old_connections()


def _hand_back(loop: asyncio.AbstractEventLoop, settle: Any, future: Any, value: Any) -> None:
    try:
        loop.call_soon_threadsafe(settle, future, value)
    except RuntimeError:  # the loop has closed: nobody waits for it
        pass


def _succeed(future: asyncio.Future, result: Any) -> None:
    if not future.done():
        future.set_result(result)


def _fail(future: asyncio.Future, exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


def _cancel(future: asyncio.Future) -> None:
    future.cancel()


def _close_connections() -> None:
    from django.db import connections

    connections.close_all()


pool = DbPool()


def run_in_pool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` as a coroutine function whose calls run in the pool."""

    async def in_pool(*args: Any, **kwargs: Any) -> Any:
        return await pool.call(fn, args, kwargs)

    in_pool.__name__ = getattr(fn, "__name__", "in_pool")
    in_pool.__qualname__ = getattr(fn, "__qualname__", "in_pool")
    in_pool.__wrapped__ = fn  # type: ignore[attr-defined]
    return in_pool
