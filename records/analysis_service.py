"""Writes of a game's analysis: ask for it once, run it (a Celery task), re-queue lost runs."""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

from games.engine.analysis import analyse
from games.engine.record_check import check
from games.scheduling import server_loop
from records.models import GameRecord, RecordAnalysis

log = logging.getLogger(__name__)
STALE = timedelta(seconds=120)  # a run without progress for this long died with its worker
PROGRESS_EVERY = 1.0  # seconds between progress writes


def analysis_request(stored: GameRecord) -> RecordAnalysis:
    """Queue the analysis of a stored game unless it is done or under way; the row."""
    with transaction.atomic():
        row, created = RecordAnalysis.objects.select_for_update().get_or_create(record=stored)
        if created or row.status == RecordAnalysis.Status.FAILED or _lost(row):
            row.status, row.done, row.heartbeat = RecordAnalysis.Status.QUEUED, 0, timezone.now()
            row.save(update_fields=["status", "done", "heartbeat"])
            transaction.on_commit(lambda: queue(stored.pk))
    return row


ANALYSE_TASK = "records.tasks.analyse_game"


def _lost(row: RecordAnalysis) -> bool:
    """Queued or running, but with no sign of life for STALE: its task was lost."""
    if row.status not in (RecordAnalysis.Status.QUEUED, RecordAnalysis.Status.RUNNING):
        return False
    return row.heartbeat is None or row.heartbeat < timezone.now() - STALE


def queue(record_id: int) -> None:
    """Send the task to a worker. Embedded (eager, as games.scheduling decides by the same
    setting): under a running server, in a thread of this process; else at once."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        # By its registered name (records/tasks.py), so this module need not import the tasks
        # that import it.
        current_app.send_task(ANALYSE_TASK, args=(record_id,))
    elif server_loop() is not None:
        threading.Thread(target=_in_thread, args=(record_id,), daemon=True).start()
    else:
        analysis_run(record_id)


def _in_thread(record_id: int) -> None:
    try:
        analysis_run(record_id)
    finally:
        close_old_connections()


def analysis_run(record_id: int) -> bool:
    """Analyse a stored game unless another run has it or it is done; True if it ran.

    Safe to run twice: the row is claimed under its lock, and a finished one is left alone.
    """
    with transaction.atomic():
        row = RecordAnalysis.objects.select_for_update().filter(pk=record_id).first()
        if row is None or row.status == RecordAnalysis.Status.DONE:
            return False
        if row.status == RecordAnalysis.Status.RUNNING and not _lost(row):
            return False
        row.status, row.done, row.heartbeat = RecordAnalysis.Status.RUNNING, 0, timezone.now()
        row.save(update_fields=["status", "done", "heartbeat"])
    try:
        stored = GameRecord.objects.get(pk=record_id)
        result = analyse(check(stored.record), _progress(record_id), seed=record_id)
    except Exception:
        log.exception("analysis of game %s failed", record_id)
        RecordAnalysis.objects.filter(pk=record_id).update(status=RecordAnalysis.Status.FAILED)
        return False
    RecordAnalysis.objects.filter(pk=record_id).update(
        status=RecordAnalysis.Status.DONE, result=result, finished=timezone.now(),
        done=len(result["positions"]), heartbeat=timezone.now(),
    )  # fmt: skip
    return True


def _progress(record_id: int) -> Any:
    last = [0.0]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY or done == total:
            last[0] = now
            RecordAnalysis.objects.filter(pk=record_id).update(
                done=done, total=total, heartbeat=timezone.now()
            )

    return report


def analysis_requeue() -> int:
    """Queue again every analysis whose task was lost (the watchdog calls this); how many."""
    cutoff = timezone.now() - STALE
    lost = RecordAnalysis.objects.filter(
        status__in=[RecordAnalysis.Status.QUEUED, RecordAnalysis.Status.RUNNING],
        heartbeat__lt=cutoff,
    ).values_list("pk", flat=True)
    ids = list(lost)
    RecordAnalysis.objects.filter(pk__in=ids).update(heartbeat=timezone.now())
    for record_id in ids:
        queue(record_id)
    return len(ids)
