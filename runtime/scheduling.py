"""Run background work later, for every app, in the lane that keeps urgent work apart from bulk.

Three lanes, named by the task's module (docs/deployment.md §"Queues and workers"):

- `turns`: games.tasks (bot moves, time limits, away checks, the watchdog). Nothing else may
  delay them.
- `bookkeeping`: rankings.tasks (a finished game's scores, XP and awards) and
  tournaments.tasks (rounds on time, an event table's end and the standings).
- `analysis`: records.tasks (the solver's analysis of a stored game: seconds of CPU each) and
  fairplay.tasks (a stored game's fair-play figures, the same solver) and learning.tasks
  (puzzles cut from stored games, the same solver).

With a broker (REDIS_URL) each lane is a Celery queue of its own, and a worker serves each.
In the embedded default (`make run`) the in-memory channel layer does not cross processes
and eager Celery ignores countdowns, so the server's own event loop times the tasks
(`loop.call_later`) and each lane runs them apart: turns and bookkeeping in worker threads
of their own (through asgiref, so their broadcasts come back to that loop), analysis in a
child process at a lower CPU priority, so that no analysis can hold up a turn. A task that
meets a transient database error (SQLite's "database is locked", a dropped connection) is
tried again. Without any running loop (a shell, a synchronous test) tasks run at once, one
after another, never nested.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from celery import current_app
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, transaction

from whistsite.patches.asgiref_loop import caller_loop

log = logging.getLogger(__name__)
TASKS = "games.tasks."  # the registered names of games/tasks.py's tasks start so
LANES = {
    "games.tasks.": "turns", "rankings.tasks.": "bookkeeping", "records.tasks.": "analysis",
    # Events (tournaments.tasks): seating a round and recounting standings is bulk work.
    "tournaments.tasks.": "bookkeeping",
    # Mail (accounts.tasks), players' data exports and the hourly sweep (privacy.tasks).
    "accounts.tasks.": "bookkeeping", "privacy.tasks.": "bookkeeping",
    # Notifications by mail and push (social.tasks).
    "social.tasks.": "bookkeeping",
    # Fair play (fairplay.tasks): the solver over a stored game, as the analysis is.
    "fairplay.tasks.": "analysis",
    # Puzzles (learning.tasks): the solver cutting stored games.
    "learning.tasks.": "analysis",
}  # fmt: skip
TRANSIENT = (OperationalError, InterfaceError)  # a locked SQLite, a dropped connection
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0)  # seconds before each new try of a failed task
# The same for Celery's tasks (their decorators take it): each task re-checks the world under
# its lock, so a second try does its work at most once.
RETRY = {"autoretry_for": TRANSIENT, "retry_backoff": 0.5, "retry_backoff_max": 4, "max_retries": 5}

_registered: asyncio.AbstractEventLoop | None = None
_watched: set[int] = set()
_local = threading.local()
_executors: dict[str, Executor] = {}
_executors_lock = threading.Lock()
_generation = 0  # stop_lanes() moves it on: what was timed before then never starts
_running = threading.Condition()  # notified as each task in a lane's thread ends
_running_count = 0


def on_commit_all(after: list[Callable[[], object]]) -> list[Callable[[], object]]:
    """`after` run in order after the commit, asked for as one `on_commit` callback (each
    one asked for costs a connection lookup; a move asked for four or five). Returns an
    empty list, for what follows."""
    if after:
        transaction.on_commit(after[0] if len(after) == 1 else partial(_each, tuple(after)))
    return []


def _each(callbacks: tuple[Callable[[], object], ...]) -> None:
    for callback in callbacks:
        callback()


def run_later(task_name: str, args: tuple[Any, ...], delay: float = 0.0) -> None:
    """Run the task registered as `task_name` (a games task may be named without its
    `games.tasks.` prefix) with `args` after `delay` seconds, in its lane, wherever this
    mode runs tasks. Tests that deliver tasks by hand replace this one function
    (tests/games/conftest.py `queued`)."""
    name = task_name if "." in task_name else TASKS + task_name
    log.debug("queued %s%r in %.2f s", name, args, delay)
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        queue = queue_name(lane_of(name))
        try:
            current_app.send_task(name, args=args, countdown=max(delay, 0.0), queue=queue)
        except Exception:
            # The broker is away (Redis restarting): called after a commit, this must not
            # turn a committed move into an error for its sender; a lost turn is queued
            # again by the watchdog (games.tasks.watchdog), as a lost task is.
            log.exception("could not queue %s%r; left to the watchdog", name, args)
        return
    loop = server_loop()
    if loop is not None:
        # A fresh context: the caller's says asgiref's single thread is busy (it is: ours).
        # Work timed by a lane's task belongs to that task's generation: a task still
        # running when the lanes stop cannot start new work after the stop.
        generation = getattr(_local, "generation", _generation)
        loop.call_soon_threadsafe(
            _call_later, loop, delay, name, args, 0, generation, context=contextvars.Context()
        )
    elif delay <= 0:
        _run_now(name, args)
    elif getattr(settings, "WHIST_THREAD_TIMERS", True):
        timer = threading.Timer(delay, _run_timed, (name, args, _generation))
        timer.daemon = True
        timer.start()


def _run_timed(name: str, args: tuple, generation: int) -> None:
    """A thread timer's task, unless the lanes stopped since it was timed (stop_lanes: what
    was timed before never starts, as on the loop)."""
    if generation == _generation:
        _run_now(name, args)


def lane_of(name: str) -> str:
    """The lane of the task registered as `name`: turns, bookkeeping or analysis."""
    for prefix, lane in LANES.items():
        if name.startswith(prefix):
            return lane
    raise ValueError(f"no lane for task {name!r}")


def queue_name(lane: str) -> str:
    """The Celery queue of a lane: the default queue (WHIST_CELERY_QUEUE) for turns, and
    `<it>.bookkeeping`, `<it>.analysis` for the others (whistsite.settings routes them)."""
    base = current_app.conf.task_default_queue
    return base if lane == "turns" else f"{base}.{lane}"


def registered(name: str) -> Any:
    """The Celery task registered as `name`. Each app's `ready()` imports its tasks, so they
    are registered before anything looks one up: no discovery here (Celery's skips its work
    while another thread discovers, and runs Django's checks, which touch the database)."""
    return current_app.tasks[name]


def register_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the server's loop (whistsite/asgi.py calls this); start the embedded watchdog
    on it."""
    global _registered
    _registered = loop
    if settings.CELERY_TASK_ALWAYS_EAGER and id(loop) not in _watched:
        _watched.add(id(loop))
        # Soon after a (re)start: turns that were due when the process stopped go on.
        loop.call_later(1.0, _watchdog_tick, loop, _generation, context=contextvars.Context())


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop this thread's sync code was called from, else the registered one."""
    for loop in (caller_loop(), _registered):
        if loop is not None and loop.is_running() and not loop.is_closed():
            return loop
    return None


def stop_lanes(wait: float = 30.0) -> bool:
    """Stop the embedded lanes: nothing timed or queued before this call starts after it (the
    watchdog's ticks included), and the tasks running in the lanes' threads get up to `wait`
    seconds to finish. A server stopping calls it (games/sockets/shutdown.py), and so does each
    test's teardown before its database is emptied, which a move half-done in a lane's thread
    would otherwise deadlock. Tasks timed after it run in new lanes. True when none still runs."""
    global _generation
    with _executors_lock:
        _generation += 1
        executors = list(_executors.values())
        _executors.clear()
        _watched.clear()
    for executor in executors:
        executor.shutdown(wait=False, cancel_futures=True)
    with _running:
        idle = _running.wait_for(lambda: _running_count == 0, timeout=wait)
    if not idle:
        log.warning("lanes stopped with %d tasks still running after %s s", _running_count, wait)
    return idle


def _call_later(
    loop: asyncio.AbstractEventLoop,
    delay: float,
    name: str,
    args: tuple,
    attempt: int,
    generation: int | None = None,
) -> None:
    generation = _generation if generation is None else generation

    def start() -> None:
        loop.create_task(_run_in_lane(loop, name, args, attempt, generation))

    loop.call_later(max(delay, 0.0), start, context=contextvars.Context())


async def _run_in_lane(
    loop: asyncio.AbstractEventLoop, name: str, args: tuple, attempt: int, generation: int
) -> None:
    if generation != _generation:
        return  # timed before the lanes stopped
    lane = lane_of(name)
    try:
        if lane == "analysis":
            await loop.run_in_executor(_executor(lane), _run_task, name, args, generation)
        else:
            threads = _executor(lane)
            assert isinstance(threads, ThreadPoolExecutor)  # every lane but analysis's
            await sync_to_async(_run_task, thread_sensitive=False, executor=threads)(
                name, args, generation
            )
    except TRANSIENT as exc:
        if attempt < len(RETRY_DELAYS):
            log.warning("task %s%r met %r; trying again", name, args, exc)
            _call_later(loop, RETRY_DELAYS[attempt], name, args, attempt + 1, generation)
        else:
            log.exception("task %s%r failed %d times", name, args, attempt + 1)
    except Exception:
        log.exception("background task %s%r failed", name, args)


def _run_task(name: str, args: tuple, generation: int | None = None) -> Any:
    """Run a registered task here; its database connection is closed when it is old or
    broken, as after a request (a lane's thread keeps no broken one for the next task).
    What it times (run_later) belongs to its `generation`."""
    global _running_count
    with _running:
        _running_count += 1
    _local.generation = _generation if generation is None else generation
    try:
        close_old_connections()
        return registered(name).run(*args)
    finally:
        del _local.generation
        close_old_connections()
        with _running:
            _running_count -= 1
            _running.notify_all()


def _executor(lane: str) -> Executor:
    """The lane's executor, made at its first use: threads for turns (a few: a table waiting
    for its row lock holds up no other) and bookkeeping (one), a process for analysis."""
    with _executors_lock:
        if lane not in _executors:
            _executors[lane] = _new_executor(lane)
        return _executors[lane]


def _new_executor(lane: str) -> Executor:
    if lane == "analysis":
        spawn = multiprocessing.get_context("spawn")  # no copy of the server's threads
        nice = settings.WHIST_ANALYSIS_NICE
        return ProcessPoolExecutor(
            1, mp_context=spawn, initializer=_analysis_process_setup, initargs=(nice, os.getpid())
        )
    workers = settings.WHIST_TURN_THREADS if lane == "turns" else 1
    return ThreadPoolExecutor(workers, thread_name_prefix=f"lane-{lane}")


def _analysis_process_setup(nice: int, server: int) -> None:
    """The embedded analysis process: a lower CPU priority than the server (process id
    `server`), ends with it. A server gone before this process got here (stopped within the
    second a process takes to start) sent no signal: it ends now, instead of waiting for work
    forever (browser runs left such orphans)."""
    import signal

    os.nice(nice)
    # Ctrl-C in `make run`'s terminal reaches this process too: it ends with the server (its
    # goodbye: games/sockets/shutdown.py), not at once with a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:  # Linux: the kernel stops this process when the server's ends (no orphan run)
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != server:
        os._exit(0)
    import django

    django.setup()


def _run_now(name: str, args: tuple) -> None:
    """Run at once, but queue calls made from inside a running one (a bot answering a bot)."""
    queue: deque = _local.__dict__.setdefault("queue", deque())
    queue.append((name, args))
    if getattr(_local, "draining", False):
        return
    _local.draining = True
    try:
        while queue:
            call, call_args = queue.popleft()
            try:
                registered(call).run(*call_args)
            except Exception:
                log.exception("background task %s%r failed", call, call_args)
    finally:
        _local.draining = False


def _watchdog_tick(loop: asyncio.AbstractEventLoop, generation: int | None = None) -> None:
    """Every WHIST_WATCHDOG_EVERY seconds until the lanes stop; the next tick is set before
    this one's work, so nothing the work raises can stop the watchdog."""
    generation = _generation if generation is None else generation
    if loop.is_closed() or generation != _generation:
        return
    every = settings.WHIST_WATCHDOG_EVERY
    loop.call_later(every, _watchdog_tick, loop, generation, context=contextvars.Context())
    loop.create_task(_run_in_lane(loop, TASKS + "watchdog", (), 0, generation))
