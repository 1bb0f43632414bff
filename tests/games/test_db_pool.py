"""The sockets' database threads (games/sockets/db_pool.py): what a call hands back, what it
carries into the thread, what a cancelled caller and a stopping server leave, and SQLite's
one thread (games/sockets/threads.py)."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time

import pytest
from asgiref.sync import SyncToAsync
from django.db import connection
from django.utils import translation

from games.sockets import shutdown
from games.sockets.db_pool import DbPool, pool
from games.sockets.threads import db_call
from runtime.scheduling import server_loop

language: contextvars.ContextVar[str] = contextvars.ContextVar("language", default="en")


def add(a: int, b: int = 0) -> int:
    return a + b


def refuse() -> None:
    raise LookupError("no such table")


def seen_language() -> str:
    return language.get()


def thread_name() -> str:
    return threading.current_thread().name


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@pytest.fixture
def one_worker():
    own = DbPool(workers=1, name="test-db")
    yield own
    own.stop()


async def test_the_result_reaches_the_caller():
    assert await db_call(add)(2, b=3) == 5


async def test_an_exception_reaches_the_caller():
    with pytest.raises(LookupError, match="no such table"):
        await db_call(refuse)()


async def test_the_callers_context_vars_are_carried_into_the_thread():
    language.set("nl")
    assert await db_call(seen_language)() == "nl"


async def test_the_thread_names_the_callers_loop():
    assert await db_call(server_loop)() is asyncio.get_running_loop()


async def test_calls_run_in_the_pools_threads_not_the_loops():
    names = await asyncio.gather(*(db_call(thread_name)() for _ in range(4)))
    assert all(name.startswith(pool.name) for name in names)


async def test_with_sqlite_every_call_runs_in_asgirefs_one_thread(settings):
    settings.WHIST_DB_THREADS = False
    names = await asyncio.gather(*(db_call(thread_name)() for _ in range(4)))
    one = SyncToAsync.single_thread_executor.submit(thread_name).result(5)
    assert set(names) == {one}


async def test_a_caller_cancelled_while_its_call_runs_leaves_the_worker_free(one_worker):
    started, release = threading.Event(), threading.Event()

    def held() -> str:
        started.set()
        release.wait(5)
        return "held"

    waiting = asyncio.ensure_future(one_worker.call(held, (), {}))
    await asyncio.to_thread(started.wait, 5)
    waiting.cancel()
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await asyncio.wait_for(one_worker.call(add, (1, 1), {}), 5) == 2


async def test_a_caller_cancelled_before_its_call_runs_skips_the_call(one_worker):
    release, ran = threading.Event(), []
    first = one_worker.call(release.wait, (5,), {})
    second = asyncio.ensure_future(one_worker.call(ran.append, ("ran",), {}))
    await asyncio.sleep(0)
    second.cancel()
    release.set()
    assert await first is True
    assert await asyncio.wait_for(one_worker.call(add, (1,), {}), 5) == 1
    assert ran == []


async def test_queued_calls_are_cancelled_and_the_pool_still_takes_work(one_worker):
    release = threading.Event()
    running = one_worker.call(release.wait, (5,), {})
    queued = [one_worker.call(add, (n,), {}) for n in range(3)]
    assert one_worker.cancel_queued() == 3
    release.set()
    assert await running is True
    for future in queued:
        with pytest.raises(asyncio.CancelledError):
            await future
    assert await asyncio.wait_for(one_worker.call(add, (7,), {}), 5) == 7


async def test_a_stopping_server_cancels_the_pools_queued_calls(monkeypatch):
    monkeypatch.setattr(shutdown, "db_pool", own := DbPool(workers=1, name="test-db"))
    release = threading.Event()
    running = own.call(release.wait, (5,), {})
    queued = own.call(add, (1,), {})
    shutdown._cancel_queued_work(asyncio.get_running_loop())
    release.set()
    assert await running is True
    with pytest.raises(asyncio.CancelledError):
        await queued
    own.stop()


@pytest.mark.django_db(transaction=True)
async def test_a_worker_keeps_its_connection_between_calls(one_worker, monkeypatch):
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 600)
    first = await one_worker.call(backend_pid, (), {})
    assert await one_worker.call(backend_pid, (), {}) == first


@pytest.mark.django_db(transaction=True)
async def test_a_connection_past_its_age_is_closed_after_the_call(one_worker):
    pid = await one_worker.call(backend_pid, (), {})  # the tests' CONN_MAX_AGE is 0

    def alive() -> bool:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
            return cursor.fetchone()[0] == 1

    deadline = time.monotonic() + 5
    while await asyncio.to_thread(alive) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not await asyncio.to_thread(alive)


async def test_a_pool_is_quiet_once_its_calls_have_run(one_worker):
    release = threading.Event()
    running = one_worker.call(release.wait, (5,), {})
    await asyncio.sleep(0.05)
    assert not await asyncio.to_thread(one_worker.wait_quiet, 0.05)
    release.set()
    assert await running is True
    assert await asyncio.to_thread(one_worker.wait_quiet, 5)


async def test_the_callers_active_language_is_the_threads():
    with translation.override("nl"):
        assert await db_call(translation.get_language)() == "nl"
