"""Run the tables' background work later: Celery with a countdown, or, embedded, in this process.

With a broker (REDIS_URL), tasks go to Celery workers. In the embedded default the
in-memory channel layer does not cross processes and eager Celery ignores countdowns,
so tasks run on the server's own event loop (`loop.call_later`, then a worker thread
through asgiref, whose broadcasts come back to that loop). Without any running loop (a
shell, a synchronous test) they run at once, one after another, never nested.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, sync_to_async
from celery import current_app
from django.conf import settings

log = logging.getLogger(__name__)
WATCHDOG_EVERY = 10.0
TASKS = "games.tasks."  # the registered names of games/tasks.py's tasks start so

_registered: asyncio.AbstractEventLoop | None = None
_watched: set[int] = set()
_local = threading.local()


def run_later(task_name: str, args: tuple[Any, ...], delay: float = 0.0) -> None:
    """Run the task `games.tasks.<task_name>` (by its registered name) with `args` after
    `delay` seconds, wherever this mode runs tasks. Tests that deliver tasks by hand replace
    this one function (tests/games/conftest.py `queued`)."""
    name = TASKS + task_name
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        current_app.send_task(name, args=args, countdown=max(delay, 0.0))
        return
    run = registered(name).run
    loop = server_loop()
    if loop is not None:
        # A fresh context: the caller's says asgiref's single thread is busy (it is: ours).
        loop.call_soon_threadsafe(
            _call_later, loop, delay, run, args, context=contextvars.Context()
        )
    elif delay <= 0:
        _run_now(run, args)
    elif getattr(settings, "WHIST_THREAD_TIMERS", True):
        timer = threading.Timer(delay, _run_now, (run, args))
        timer.daemon = True
        timer.start()


def registered(name: str) -> Any:
    """The Celery task registered as `name`. Each app's `ready()` imports its tasks, so they
    are registered before anything looks one up: no discovery here (Celery's skips its work
    while another thread discovers, and runs Django's checks, which touch the database)."""
    return current_app.tasks[name]


def register_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the server's loop (consumers call this) and start the embedded watchdog on it."""
    global _registered
    _registered = loop
    if settings.CELERY_TASK_ALWAYS_EAGER and id(loop) not in _watched:
        _watched.add(id(loop))
        # Soon after a (re)start: turns that were due when the process stopped go on.
        loop.call_later(1.0, _watchdog_tick, loop, context=contextvars.Context())


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop this thread's sync code was called from, else the registered one."""
    for loop in (getattr(SyncToAsync.threadlocal, "main_event_loop", None), _registered):
        if loop is not None and loop.is_running() and not loop.is_closed():
            return loop
    return None


def _call_later(loop: asyncio.AbstractEventLoop, delay: float, fn: Callable, args: tuple) -> None:
    loop.call_later(max(delay, 0.0), lambda: loop.create_task(_run_async(fn, args)))


async def _run_async(fn: Callable, args: tuple) -> None:
    try:
        await sync_to_async(fn, thread_sensitive=True)(*args)
    except Exception:
        log.exception("background task %s%r failed", getattr(fn, "__name__", fn), args)


def _run_now(fn: Callable, args: tuple) -> None:
    """Run at once, but queue calls made from inside a running one (a bot answering a bot)."""
    queue: deque = _local.__dict__.setdefault("queue", deque())
    queue.append((fn, args))
    if getattr(_local, "draining", False):
        return
    _local.draining = True
    try:
        while queue:
            call, call_args = queue.popleft()
            try:
                call(*call_args)
            except Exception:
                log.exception("background task %r%r failed", call, call_args)
    finally:
        _local.draining = False


def _watchdog_tick(loop: asyncio.AbstractEventLoop) -> None:
    if loop.is_closed():
        return
    loop.create_task(_run_async(registered(TASKS + "watchdog").run, ()))
    loop.call_later(WATCHDOG_EVERY, _watchdog_tick, loop, context=contextvars.Context())
