"""The liveness rule (docs/architecture.md): every table in play whose next actor is a bot or
a timed human has a pending timer, and the watchdog restores a lost one. Each test breaks one
step of a bot move or a timeout (a raised error, a locked database, a lost task, a dead
watchdog tick) and shows the game going on."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from games import services, tasks
from games.models import Table
from runtime import scheduling
from tests.games.helpers import german_table, play_first_legal, state, table

pytestmark = pytest.mark.django_db(transaction=True)


def _bot_to_act(make_user) -> Table:
    """A Knockout table of a human and two bots, at a bot's turn."""
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, "club", "club"])
    services.table_start(ann, t.pk)
    while state(t.pk).to_act == 0:
        play_first_legal(t.pk, ann, 0)
    return t


def test_a_bots_turn_without_a_timer_gets_one_from_the_watchdog(make_user, queued, caplog):
    t = _bot_to_act(make_user)
    Table.objects.filter(pk=t.pk).update(turn_deadline=None)  # a lost write, a bug
    queued.clear()

    assert tasks.watchdog.run() == 1
    restored = [r for r in caplog.records if "had no timer" in r.getMessage()]
    assert [r.name for r in restored] == ["games.services.liveness"]  # its module's logger

    assert table(t.pk).turn_deadline is not None
    assert [name for name, _args in queued] == ["bot_move"]


def test_a_timed_humans_turn_without_a_timer_gets_one_from_the_watchdog(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    Table.objects.filter(pk=t.pk).update(time_limit=30, turn_deadline=None, timer_due=None)
    queued.clear()

    assert tasks.watchdog.run() == 1

    assert table(t.pk).turn_deadline is not None
    assert table(t.pk).timer_due == table(t.pk).turn_deadline
    assert [name for name, _args in queued] == ["turn_timeout"]


def test_an_untimed_humans_turn_needs_no_timer(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    Table.objects.filter(pk=t.pk).update(time_limit=0, turn_deadline=None, timer_due=None)
    queued.clear()

    assert tasks.watchdog.run() == 0
    assert table(t.pk).turn_deadline is None and queued == []


def test_an_untimed_humans_turn_is_looked_at_again_only_once_the_table_changes(
    make_user, queued, django_assert_num_queries
):
    """The watchdog does not lock a table at an untimed human's turn every tick: once found
    needing no timer, it is passed by until its version changes."""
    ann = make_user("ann")
    t = services.table_create(ann, "german", 2, bot_levels=[None, "club"])
    Table.objects.filter(pk=t.pk).update(time_limit=0)
    services.table_start(ann, t.pk)
    while state(t.pk).to_act != 0:
        services.bot_play(t.pk, table(t.pk).moves)
    assert table(t.pk).turn_deadline is None
    assert tasks.watchdog.run() == 0  # looked at once, under the lock

    with django_assert_num_queries(2):  # the overdue turns, the tables without a timer
        assert services.watchdog_run() == 0

    Table.objects.filter(pk=t.pk).update(version=table(t.pk).version + 1, time_limit=30)
    assert tasks.watchdog.run() == 1  # changed: looked at again, and now it needs a timer


def test_a_lost_bot_task_is_played_after_the_watchdog_queues_it_again(make_user, queued):
    t = _bot_to_act(make_user)
    moves = table(t.pk).moves
    Table.objects.filter(pk=t.pk).update(turn_deadline=timezone.now() - timedelta(minutes=1))
    queued.clear()  # the queued bot move is lost

    tasks.watchdog.run()
    (name, args), *_rest = queued
    assert name == "bot_move" and tasks.bot_move.run(*args)
    assert table(t.pk).moves == moves + 1


def _embedded(settings) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.WHIST_BOT_DELAY = (0.0, 0.0)


async def _until(check, seconds: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not await database_sync_to_async(check)():
        assert asyncio.get_running_loop().time() < deadline, "the game did not go on"
        await asyncio.sleep(0.05)


async def test_a_bot_move_that_meets_a_locked_database_is_tried_again(
    make_user, settings, monkeypatch, queued
):
    _embedded(settings)
    settings.WHIST_WATCHDOG_SLACK = 3600  # the retry, not the watchdog, must play it
    t = await database_sync_to_async(_bot_to_act)(make_user)
    moves = (await database_sync_to_async(table)(t.pk)).moves
    monkeypatch.undo()  # the bot's task queued by the setup is lost: only ours runs
    failures = _fails_once(monkeypatch, "bot_play", OperationalError("database is locked"))
    scheduling.register_loop(asyncio.get_running_loop())
    scheduling.run_later("bot_move", (t.pk, moves))

    await _until(lambda: table(t.pk).moves > moves)
    assert failures == [moves]


def _fails_once(monkeypatch, service: str, error: Exception) -> list:
    """The service raises `error` at its first call, then works; the list of failed calls'
    expected move counts."""
    real, failures = getattr(services, service), []

    def once(table_id: int, expected: int | None = None) -> bool:
        if not failures:
            failures.append(expected)
            raise error
        return real(table_id, expected)

    monkeypatch.setattr(services, service, once)
    return failures


async def test_the_embedded_watchdog_ticks_again_after_its_work_failed(settings, monkeypatch):
    _embedded(settings)
    settings.WHIST_WATCHDOG_EVERY = 0.05
    runs: list[int] = []

    def failing() -> int:
        runs.append(1)
        raise RuntimeError("the watchdog's work failed")

    monkeypatch.setattr(services, "watchdog_run", failing)
    loop = asyncio.get_running_loop()
    scheduling._watchdog_tick(loop)
    await asyncio.sleep(1.0)
    assert len(runs) >= 3


async def test_a_lost_bot_turn_goes_on_under_the_embedded_watchdog(
    make_user, settings, monkeypatch, queued
):
    _embedded(settings)
    settings.WHIST_WATCHDOG_EVERY, settings.WHIST_WATCHDOG_SLACK = 0.1, 0.0
    t = await database_sync_to_async(_bot_to_act)(make_user)
    moves = (await database_sync_to_async(table)(t.pk)).moves
    monkeypatch.undo()  # the bot's task queued by the setup is lost
    # The bot's task was lost (a restart): only its deadline, long past, is left.
    await database_sync_to_async(
        lambda: Table.objects.filter(pk=t.pk).update(
            turn_deadline=timezone.now() - timedelta(minutes=1)
        )
    )()
    scheduling._watchdog_tick(asyncio.get_running_loop())

    await _until(lambda: table(t.pk).moves > moves)


async def test_a_timeout_that_meets_a_dropped_connection_is_tried_again(
    make_user, settings, monkeypatch, queued
):
    _embedded(settings)
    settings.WHIST_WATCHDOG_SLACK = 3600  # the retry, not the watchdog, must play it
    ann = await database_sync_to_async(make_user)("ann")
    bob = await database_sync_to_async(make_user)("bob")
    t = await database_sync_to_async(german_table)(ann, bob)
    moves = (await database_sync_to_async(table)(t.pk)).moves
    await database_sync_to_async(
        lambda: Table.objects.filter(pk=t.pk).update(
            time_limit=30, turn_deadline=timezone.now() - timedelta(seconds=1)
        )
    )()
    monkeypatch.undo()
    failures = _fails_once(monkeypatch, "timeout_play", InterfaceError("connection closed"))
    scheduling.register_loop(asyncio.get_running_loop())
    scheduling.run_later("turn_timeout", (t.pk, moves))

    await _until(lambda: table(t.pk).moves > moves)
    assert failures == [moves]


async def test_a_task_timed_before_the_lanes_stop_never_starts(
    make_user, settings, monkeypatch, queued
):
    _embedded(settings)
    settings.WHIST_WATCHDOG_SLACK = 0.0  # the watchdog's first tick would play the turn too
    t = await database_sync_to_async(_bot_to_act)(make_user)
    moves = (await database_sync_to_async(table)(t.pk)).moves
    monkeypatch.undo()
    scheduling.register_loop(asyncio.get_running_loop())  # its watchdog ticks in 1 s
    scheduling.run_later("bot_move", (t.pk, moves), delay=0.3)

    assert scheduling.stop_lanes()
    await asyncio.sleep(1.5)

    assert (await database_sync_to_async(table)(t.pk)).moves == moves


async def test_stopping_the_lanes_waits_for_the_task_running_in_one(
    make_user, settings, monkeypatch, queued
):
    _embedded(settings)
    settings.WHIST_WATCHDOG_SLACK = 3600
    t = await database_sync_to_async(_bot_to_act)(make_user)
    moves = (await database_sync_to_async(table)(t.pk)).moves
    monkeypatch.undo()
    real, started = services.bot_play, asyncio.Event()
    loop = asyncio.get_running_loop()

    def slow(table_id: int, expected: int | None = None) -> bool:
        loop.call_soon_threadsafe(started.set)
        time.sleep(0.5)
        return real(table_id, expected)

    monkeypatch.setattr(services, "bot_play", slow)
    scheduling.register_loop(loop)
    scheduling.run_later("bot_move", (t.pk, moves))
    await asyncio.wait_for(started.wait(), 10)

    assert await asyncio.to_thread(scheduling.stop_lanes)  # the loop runs on meanwhile
    assert (await database_sync_to_async(table)(t.pk)).moves == moves + 1


async def test_work_timed_by_a_task_running_as_the_lanes_stop_never_starts(
    make_user, settings, monkeypatch, queued
):
    """A task that is running when the lanes stop times its follow-up (the next bot's turn,
    from its commit) after the stop: that follow-up belongs to the stopped lanes too (a
    test's teardown once met the next bot's move half-done while it emptied the database)."""
    _embedded(settings)
    settings.WHIST_WATCHDOG_SLACK = 3600
    t = await database_sync_to_async(_bot_to_act)(make_user)
    moves = (await database_sync_to_async(table)(t.pk)).moves
    monkeypatch.undo()
    calls, started = [], asyncio.Event()
    loop = asyncio.get_running_loop()

    def slow(table_id: int, expected: int | None = None) -> bool:
        calls.append(expected)
        loop.call_soon_threadsafe(started.set)
        time.sleep(0.5)
        scheduling.run_later("bot_move", (table_id, expected), delay=0.1)  # after the stop
        return False

    monkeypatch.setattr(services, "bot_play", slow)
    scheduling.register_loop(loop)
    scheduling.run_later("bot_move", (t.pk, moves))
    await asyncio.wait_for(started.wait(), 10)

    assert await asyncio.to_thread(scheduling.stop_lanes)
    await asyncio.sleep(0.6)

    assert calls == [moves]
