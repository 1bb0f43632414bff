"""The bookkeeping writes each row once: run twice, run concurrently from two processes on
PostgreSQL, run by a real Celery worker after the game's last move, and queued again by the
watchdog when it did not happen within a minute."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from games import services, tasks
from games.models import Table
from rankings.models import Achievement, GameScore, LevelUp, Progress, Rating, SeatResult
from rankings.services import game_score_create
from records.models import GameRecord
from tests.celery_worker import stop
from tests.games.test_celery_worker import queue, start_worker, wait_for, worker  # noqa: F401
from tests.rankings.helpers import store, winning

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs the PostgreSQL that `make test` uses"
)


def rows() -> dict[str, int]:
    return {
        "scores": GameScore.objects.count(),
        "results": SeatResult.objects.count(),
        "ratings": Rating.objects.count(),
        "rated games": sum(Rating.objects.values_list("games", flat=True)),
        "xp": sum(Progress.objects.values_list("xp", flat=True)),
        "games": sum(Progress.objects.values_list("games", flat=True)),
        "achievements": Achievement.objects.count(),
        "levels": LevelUp.objects.count(),
    }


@pytest.mark.django_db
def test_running_twice_changes_nothing_the_second_time(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = store(winning("whist", 4, 0), [ann, "club", bob, "expert"])
    assert game_score_create(table.pk) is not None
    once = rows()
    assert game_score_create(table.pk) is None
    assert rows() == once
    assert once["results"] == 4 and once["rated games"] == 4


def run_processes(*table_lists: list[int]) -> list[list[str]]:
    """Each list of tables scored by a process of its own, all starting at the same moment."""
    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/"
        f"{db['NAME']}",
    }
    start = str(time.time() + 3.0)
    command = [sys.executable, "-m", "tests.rankings.score_process", start]
    processes = [
        subprocess.Popen(command + [str(t) for t in tables], cwd=ROOT, env=env, text=True,
                         stdout=subprocess.PIPE)
        for tables in table_lists
    ]  # fmt: skip
    outputs = [p.communicate(timeout=60)[0].split() for p in processes]
    assert [p.returncode for p in processes] == [0] * len(processes)
    return outputs


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_processes_at_once_write_each_row_once(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = store(winning("whist", 4, 0), [ann, "club", bob, "expert"])
    outputs = run_processes([table.pk], [table.pk])
    assert sorted(o[0] for o in outputs) == ["scored", "skipped"]
    counts = rows()
    assert counts["scores"] == 1 and counts["results"] == 4 and counts["rated games"] == 4
    assert counts["games"] == 2  # ann and bob, once each
    assert SeatResult.objects.filter(table=table, user=ann).count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_games_finishing_at_once_with_the_same_players_do_not_deadlock(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    state = winning("german", 2, 0)
    tables = [store(state, [ann, bob] if i % 2 else [bob, ann]).pk for i in range(6)]
    outputs = run_processes(tables[0::2], tables[1::2])
    assert outputs == [["scored"] * 3, ["scored"] * 3]
    assert Rating.objects.get(game="german", user=ann).games == 6
    assert Progress.objects.get(user=ann).games == 6


needs_worker = pytest.mark.skipif(
    not settings.REDIS_URL or connection.vendor != "postgresql",
    reason="needs the PostgreSQL and Redis that `make test` uses",
)


@needs_worker
def test_a_celery_worker_scores_the_game_after_its_last_move(make_user, worker):  # noqa: F811
    ann = make_user("ann")
    table = services.table_create(ann, "german", 2, bot_levels=[None, "club"], rated=True)
    services.table_start(ann, table.pk)
    services.move_play(table.pk, {"action": "resign"}, user=ann)
    wait_for(lambda: GameScore.objects.filter(table=table).exists())
    score = GameScore.objects.get(table=table)
    assert score.rated and SeatResult.objects.filter(table=table).count() == 2
    assert Rating.objects.get(game="german", user=ann).games == 1


@needs_worker
def test_the_watchdog_queues_bookkeeping_a_minute_overdue(make_user, queue):  # noqa: F811
    ann = make_user("ann")
    late = store(winning("german", 2, 0), [ann, "club"])
    recent = store(winning("german", 2, 0), [ann, "club"])
    ago = timezone.now() - timedelta(seconds=61)
    Table.objects.filter(pk=late.pk).update(finished=ago)
    GameRecord.objects.filter(pk=late.pk).update(finished=ago)  # as stored
    assert tasks.watchdog.run() == 1  # the late one only; the recent one still has time
    process = start_worker(queue)
    try:
        wait_for(lambda: GameScore.objects.filter(table=late).exists())
    finally:
        stop(process)
    assert not GameScore.objects.filter(table=recent).exists()
    assert tasks.watchdog.run() == 0
