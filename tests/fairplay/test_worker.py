"""A game the card room finishes is judged by a real Celery worker, in the analysis lane."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from fairplay.models import GameSignal
from fairplay.receivers import queue_signals
from tests.celery_worker import stop
from tests.fairplay.conftest import seer_game, stored
from tests.games.test_celery_worker import queue, start_worker, wait_for  # noqa: F401

pytestmark = pytest.mark.skipif(
    not settings.REDIS_URL or connection.vendor != "postgresql",
    reason="needs the PostgreSQL and Redis that `make test` uses",
)


def test_a_finished_game_is_judged_by_a_real_worker(make_user: Any, queue: str) -> None:  # noqa: F811
    ann = make_user("ann")
    table = stored(seer_game(2), [ann, "club", "club", "club"])
    queue_signals(table.pk)
    assert not GameSignal.objects.exists()  # queued, no worker yet
    process = start_worker(queue)
    try:
        wait_for(lambda: GameSignal.objects.filter(record_id=table.pk).exists(), 120)
    finally:
        stop(process)
    row = GameSignal.objects.get(record_id=table.pk)
    assert row.user_id == ann.pk and row.positions > 0 and row.nodes > 0
