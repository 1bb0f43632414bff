"""Beat on every app host (runtime/beat.py): each entry of the schedule is sent by the first
beat of the site to claim it in the shared Redis within most of its period, so a cut host's
beat leaves the watchdog to the others and two beats do not sweep twice; `manage.py ready
beat` answers for its own host's beat. Real Redis (the tests' cache); what a beat sends is
noted instead of queued."""

from __future__ import annotations

import socket
import time
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from celery.beat import ScheduleEntry
from django.core.cache import cache
from django.core.management import CommandError, call_command

from runtime import beat
from tests.servers import PATIENCE
from whistsite.celery import app


class Beat(beat.PulsingScheduler):
    """One host's beat; what it would send is noted in `sent`."""

    def __init__(self, folder: Any, name: str) -> None:
        super().__init__(app, lazy=True, schedule_filename=str(folder / name))
        self.sent: list[str] = []

    def apply_async(self, entry: Any, producer: Any = None, advance: bool = True, **_: Any) -> Any:
        self.sent.append(entry.name)


def watchdog_every(seconds: float) -> ScheduleEntry:
    return ScheduleEntry(name="games-watchdog", task="games.tasks.watchdog",
                         schedule=timedelta(seconds=seconds), app=app)  # fmt: skip


@pytest.fixture
def beats(tmp_path) -> tuple[Beat, Beat]:
    cache.clear()
    return Beat(tmp_path, "one"), Beat(tmp_path, "two")


def test_an_entry_due_at_every_hosts_beat_is_sent_by_one_of_them(beats):
    one, two = beats
    entry = watchdog_every(5)
    one.apply_entry(entry)
    two.apply_entry(entry)
    one.apply_entry(entry)
    assert (one.sent, two.sent) == (["games-watchdog"], [])


def test_the_next_period_is_sent_by_the_beat_left_when_the_senders_host_is_gone(beats):
    one, two = beats
    entry = watchdog_every(0.5)  # claimed for 0.4 s
    one.apply_entry(entry)  # then its host is cut
    deadline = time.monotonic() + PATIENCE
    while not two.sent and time.monotonic() < deadline:
        two.apply_entry(entry)
        time.sleep(0.05)
    assert (one.sent, two.sent) == (["games-watchdog"], ["games-watchdog"])


def test_a_beat_whose_cache_cannot_answer_sends_every_entry(beats, settings):
    one, two = beats
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": "redis://127.0.0.1:1/0"}}  # fmt: skip
    entry = watchdog_every(5)
    one.apply_entry(entry)
    two.apply_entry(entry)
    assert (one.sent, two.sent) == (["games-watchdog"], ["games-watchdog"])


def test_ready_beat_answers_for_this_hosts_beat_not_another_hosts(beats):
    cache.set(f"{beat.PULSE_KEY}elsewhere", time.time())  # another host's beat ticks
    with pytest.raises(CommandError) as refused:
        call_command("ready", "beat")
    assert refused.value.returncode == 1
    assert str(refused.value) == f"beat: no tick noted on this host ({socket.gethostname()})"
    beat.pulse()  # this host's beat ticks
    out = StringIO()
    call_command("ready", "beat", stdout=out)
    assert out.getvalue().strip() == "ready"
