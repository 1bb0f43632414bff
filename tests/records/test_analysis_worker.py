"""The analysis runs as a Celery task in a real worker process, shows progress, is stored,
and a second request or a second delivery does not run it again."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from records.analysis_service import analysis_request, analysis_run
from records.models import GameRecord, RecordAnalysis
from tests.celery_worker import stop
from tests.games.test_celery_worker import queue, start_worker, wait_for  # noqa: F401

pytestmark = pytest.mark.skipif(
    not settings.REDIS_URL or connection.vendor != "postgresql",
    reason="needs the PostgreSQL and Redis that `make test` uses",
)


def test_a_game_is_analysed_once_by_a_real_worker(finished_german: Any, queue: str) -> None:  # noqa: F811
    table, _ann = finished_german  # played in this process, before the queue is switched on
    stored = GameRecord.objects.get(pk=table.pk)
    analysis_request(stored)
    assert RecordAnalysis.objects.get(pk=table.pk).status == "queued"  # no worker yet
    process = start_worker(queue)
    try:
        wait_for(lambda: RecordAnalysis.objects.get(pk=table.pk).status == "done", 120)
    finally:
        stop(process)
    row = RecordAnalysis.objects.get(pk=table.pk)
    assert row.done == row.total == len(row.result["positions"]) > 0
    assert analysis_run(table.pk) is False  # a second delivery finds it done
    analysis_request(stored)
    assert RecordAnalysis.objects.get(pk=table.pk).finished == row.finished
