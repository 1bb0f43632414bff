"""Urgent work apart from bulk work (runtime/scheduling.py): each app's tasks run in a lane of
their own, and with a broker each lane is a Celery queue that no other work can fill."""

from __future__ import annotations

import time

import pytest
import redis
from celery import current_app

from runtime import scheduling
from tests.games.test_celery_worker import queue  # noqa: F401
from whistsite.celery import app


def test_each_apps_tasks_run_in_a_lane_of_their_own():
    apps = ("games", "records", "rankings", "fairplay", "learning")
    lanes = {name: scheduling.lane_of(name) for name in current_app.tasks if "." in name
             and name.split(".")[0] in apps}  # fmt: skip
    assert lanes == {
        "games.tasks.bot_move": "turns", "games.tasks.turn_timeout": "turns",
        "games.tasks.away_check": "turns", "games.tasks.watchdog": "turns",
        "games.tasks.pool_match": "turns",
        "rankings.tasks.bookkeeping": "bookkeeping", "records.tasks.analyse_game": "analysis",
        "records.tasks.analyse_upload": "analysis", "fairplay.tasks.game_signals": "analysis",
        "learning.tasks.puzzles_sweep": "analysis",
    }  # fmt: skip


def test_a_task_of_no_known_app_has_no_lane():
    with pytest.raises(ValueError, match="no lane"):
        scheduling.lane_of("nowhere.tasks.anything")


def test_each_lane_is_a_celery_queue_of_its_own(queue):  # noqa: F811
    scheduling.run_later("bot_move", (1, 0))
    scheduling.run_later("rankings.tasks.bookkeeping", (1,))
    scheduling.run_later("records.tasks.analyse_game", (1,))
    broker = redis.Redis.from_url(app.conf.broker_url)
    lengths = [broker.llen(name) for name in (queue, f"{queue}.bookkeeping", f"{queue}.analysis")]
    assert lengths == [1, 1, 1]


def test_beat_and_direct_sends_follow_the_same_routes(settings):
    base = settings.CELERY_TASK_DEFAULT_QUEUE
    routes = settings.CELERY_TASK_ROUTES
    assert routes["games.tasks.*"]["queue"] == base
    assert routes["rankings.tasks.*"]["queue"] == f"{base}.bookkeeping"
    assert routes["records.tasks.*"]["queue"] == f"{base}.analysis"


def test_a_thread_timer_set_before_the_lanes_stop_never_runs(settings, monkeypatch):
    """Without an event loop (a test's own process, a shell) a delayed task waits in a thread
    timer; stop_lanes holds for it as for the loop's: timed before the stop, it never starts."""
    settings.WHIST_THREAD_TIMERS = True
    settings.CELERY_TASK_ALWAYS_EAGER = True
    ran: list[tuple] = []
    monkeypatch.setattr(scheduling, "_run_now", lambda name, args: ran.append((name, args)))
    scheduling.run_later("bot_move", (1, 0), delay=0.2)
    scheduling.stop_lanes(wait=0)
    scheduling.run_later("bot_move", (2, 0), delay=0.2)  # timed after the stop: it runs
    time.sleep(0.6)
    assert ran == [("games.tasks.bot_move", (2, 0))]
