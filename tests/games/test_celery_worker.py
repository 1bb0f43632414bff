"""Bots through a real Celery worker process on Redis: a whole game, and a lost bot turn re-queued.

The worker is a separate process (`celery -A whistsite worker`) on the test database, with
a queue of its own; the test process plays the human seat through the services.
"""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from games import services, tasks
from games.models import Move, Table
from tests.celery_worker import stop, worker_command
from tests.games.helpers import play_first_legal, state, table
from whistsite.celery import app

pytestmark = pytest.mark.skipif(
    not settings.REDIS_URL or connection.vendor != "postgresql",
    reason="needs the PostgreSQL and Redis that `make test` uses",
)


@pytest.fixture
def queue(transactional_db: Any, settings: Any) -> Iterator[str]:
    """Tasks from this test go to a fresh queue on the real broker, not run in-process."""
    name = f"test-{uuid.uuid4().hex[:8]}"
    saved = app.conf.task_always_eager, app.conf.task_default_queue  # before Celery reads False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager, app.conf.task_default_queue = False, name
    yield name
    app.conf.task_always_eager, app.conf.task_default_queue = saved
    redis.Redis.from_url(app.conf.broker_url).delete(
        name, f"{name}.bookkeeping", f"{name}.analysis"
    )


def start_worker(queue: str) -> subprocess.Popen[bytes]:
    db = connection.settings_dict
    env = {
        **os.environ,
        # The site's settings, on this xdist worker's Redis databases (tests/redis_databases.py).
        "DJANGO_SETTINGS_MODULE": "tests.site_settings",
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/"
        f"{db['NAME']}",
        "WHIST_CELERY_QUEUE": queue,
        "WHIST_BOT_DELAY": "0,0",
        "WHIST_TRICK_PAUSE": "0",
    }
    return subprocess.Popen(worker_command(queue), env=env)


@pytest.fixture
def worker(queue: str) -> Iterator[subprocess.Popen[bytes]]:
    process = start_worker(queue)
    yield process
    stop(process)


def wait_for(condition: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the worker did not act in time"
        time.sleep(0.05)


GAMES = {
    "knockout": (4, {"exchange": True, "no_trump_allowed": True, "dogs_life": "once_per_player"}),
    "whist": (4, {"honours": True, "target": 3}),
    "german": (2, {"games": 2}),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_bots_play_a_whole_game_through_a_celery_worker(make_user, worker, game):
    """Every game, house rules on, Beginner, Club and Expert seats (German Whist: Expert)."""
    ann = make_user("ann")
    players, options = GAMES[game]
    levels = [None, "club", "expert", "beginner"] if players == 4 else [None, "expert"]
    t = services.table_create(ann, game, players, options=options, bot_levels=levels)
    services.table_start(ann, t.pk)
    while table(t.pk).status == Table.Status.PLAYING:
        wait_for(lambda: table(t.pk).status != Table.Status.PLAYING or state(t.pk).to_act == 0)
        if table(t.pk).status == Table.Status.PLAYING:
            play_first_legal(t.pk, ann, 0)
    finished = table(t.pk)
    assert finished.status == Table.Status.FINISHED
    result = finished.record["result"]
    assert sorted(s for group in result["ranking"] for s in group) == list(range(players))
    assert result["winners"] or result["ranking"] == [[0, 1]]  # only German Whist draws
    bot_seats = set(Move.objects.filter(table=t, by=Move.By.BOT).values_list("seat", flat=True))
    assert bot_seats == set(range(1, players))  # every bot plays in round 1 at least


def test_a_lost_bot_task_is_queued_again_by_the_watchdog(make_user, queue):
    ann = make_user("ann")
    t = services.table_create(ann, "whist", 4, bot_levels=[None, "club", "club", "club"])
    services.table_start(ann, t.pk)
    broker = redis.Redis.from_url(app.conf.broker_url)
    while state(t.pk).to_act == 0:
        play_first_legal(t.pk, ann, 0)
    moves = table(t.pk).moves
    assert broker.llen(queue) >= 1  # the bot's turn is queued, and no worker runs yet
    broker.delete(queue)  # ... and now it is lost, as with a worker killed holding it
    Table.objects.filter(pk=t.pk).update(turn_deadline=timezone.now() - timedelta(minutes=1))

    assert tasks.watchdog.run() == 1
    process = start_worker(queue)
    try:
        wait_for(lambda: table(t.pk).moves > moves)
    finally:
        stop(process)
    assert Move.objects.filter(table=t, number__gte=moves, by=Move.By.BOT).exists()
