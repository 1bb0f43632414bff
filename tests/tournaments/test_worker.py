"""An event run by a real Celery worker and beat on Redis: the beat's watchdog starts the
round on time, stand-ins play the absent players, the worker scores the tables and ends
the event (docs/rules.md §5)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from tests.celery_worker import stop
from tests.games.test_celery_worker import queue, start_worker, wait_for  # noqa: F401
from tests.tournaments.conftest import event_with
from tournaments.models import Entry, Event, Placement

pytestmark = pytest.mark.skipif(
    not settings.REDIS_URL or connection.vendor != "postgresql",
    reason="needs the PostgreSQL and Redis that `make test` uses",
)


@pytest.fixture
def worker_and_beat(queue: str, tmp_path: Path) -> Iterator[None]:  # noqa: F811
    worker = start_worker(queue)
    beat = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "whistsite", "beat", "-l", "warning",
         "-s", str(tmp_path / "beat-schedule")],
        env=_env_of(queue),
    )  # fmt: skip
    yield
    for process in (beat, worker):
        stop(process)


def _env_of(name: str) -> dict[str, str]:
    import os

    db = connection.settings_dict
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.site_settings",
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/"
        f"{db['NAME']}",
        "WHIST_CELERY_QUEUE": name,
        "WHIST_WATCHDOG_EVERY": "1",
    }


def test_beat_starts_the_round_on_time_bots_play_the_absent_and_the_worker_scores_it(
    staff: Any, players: Any, worker_and_beat: None
) -> None:
    users = players(5)
    event = event_with(staff, users, rounds=1, table_size=3)
    # Nobody came (no socket on the event page): all absent.
    wait_for(lambda: Event.objects.get(pk=event.pk).status == Event.Status.FINISHED, 240)
    seats = Placement.objects.filter(round__event=event)
    assert all(p.absent for p in seats if p.entry_id)
    assert sum(p.entry_id is None for p in seats) == 1  # 5 people at two tables of 3
    entries = Entry.objects.filter(event=event)
    assert all(e.games == 1 for e in entries)
    total = sum(p.points for p in seats)
    assert total == pytest.approx(3.0)  # two tables of 3 give 1.5 points each
