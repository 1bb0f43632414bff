"""Writes of an analysis, of a stored game or an uploaded record: ask for it once, run it (a
Celery task), re-queue lost runs. The two kinds share the line and each player's limits."""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.analysis import analyse
from games.engine.record_check import check
from records.models import AnalysisRow, GameRecord, RecordAnalysis, UploadAnalysis, UploadedRecord
from runtime import scheduling

log = logging.getLogger(__name__)
STALE = timedelta(seconds=120)  # a run without progress for this long died with its worker
PROGRESS_EVERY = 1.0  # seconds between progress writes


class AnalysisRefused(Exception):
    """A player asked for more analyses than the limits allow; the message says which."""


# What is analysed: a stored game (its row's pk is the game's) or an uploaded record.
GAME, UPLOAD = "game", "upload"
MODELS: dict[str, type[AnalysisRow]] = {GAME: RecordAnalysis, UPLOAD: UploadAnalysis}
SOURCES: dict[str, Any] = {GAME: GameRecord, UPLOAD: UploadedRecord}


def analysis_request(
    stored: GameRecord | UploadedRecord, user: Any = None, kind: str = GAME
) -> AnalysisRow:
    """Queue the analysis of a stored game (or an uploaded record, `kind` UPLOAD) unless it
    is done or under way; the row. A player (`user`) may have WHIST_ANALYSIS_ACTIVE of theirs
    in the line or running at once, and ask for WHIST_ANALYSIS_HOURLY an hour
    (AnalysisRefused): one player's requests must not fill the line every other player
    waits in."""
    model = MODELS[kind]
    with transaction.atomic():
        row, created = model.objects.select_for_update().get_or_create(pk=stored.pk)
        if created or row.status == RecordAnalysis.Status.FAILED or _lost(row):
            if user is not None:
                _check_limits(user)
            now = timezone.now()
            row.status, row.done, row.heartbeat, row.requested = _QUEUED, 0, now, now
            row.requested_by = user
            row.save(update_fields=["status", "done", "heartbeat", "requested", "requested_by"])
            transaction.on_commit(lambda: queue(stored.pk, kind))
    return row


_QUEUED, _RUNNING = RecordAnalysis.Status.QUEUED, RecordAnalysis.Status.RUNNING


def _check_limits(user: Any) -> None:
    mine = [model.objects.filter(requested_by=user) for model in MODELS.values()]
    active = settings.WHIST_ANALYSIS_ACTIVE
    if sum(q.filter(status__in=[_QUEUED, _RUNNING]).count() for q in mine) >= active:
        raise AnalysisRefused(
            ngettext(
                "You have %(count)d analysis in the line: ask for another when it is done.",
                "You have %(count)d analyses in the line: ask for another when one is done.",
                active,
            )
            % {"count": active}
        )
    hourly = settings.WHIST_ANALYSIS_HOURLY
    since = timezone.now() - timedelta(hours=1)
    if sum(q.filter(requested__gte=since).count() for q in mine) >= hourly:
        raise AnalysisRefused(
            _("You asked for %(count)d analyses in the last hour: please wait a while.")
            % {"count": hourly}
        )


def analysis_place(row: AnalysisRow) -> int:
    """How many queued analyses (of either kind) are ahead of this queued one in the line."""
    return sum(
        model.objects.filter(status=_QUEUED, requested__lt=row.requested).count()
        for model in MODELS.values()
    )


ANALYSE_TASK = "records.tasks.analyse_game"
ANALYSE_TASKS = {GAME: ANALYSE_TASK, UPLOAD: "records.tasks.analyse_upload"}


def _lost(row: AnalysisRow) -> bool:
    """Queued or running, but with no sign of life for STALE: its task was lost."""
    if row.status not in (RecordAnalysis.Status.QUEUED, RecordAnalysis.Status.RUNNING):
        return False
    return row.heartbeat is None or row.heartbeat < timezone.now() - STALE


def queue(record_id: int, kind: str = GAME) -> None:
    """Run the analysis in its own lane (runtime.scheduling: a Celery queue of its own, or the
    embedded server's analysis process), by its registered name (records/tasks.py), so this
    module need not import the tasks that import it."""
    scheduling.run_later(ANALYSE_TASKS[kind], (record_id,))


def analysis_run(record_id: int, kind: str = GAME) -> bool:
    """Analyse a stored game (or an uploaded record) unless another run has it or it is
    done; True if it ran.

    Safe to run twice: the row is claimed under its lock, and a finished one is left alone.
    """
    model = MODELS[kind]
    with transaction.atomic():
        row = model.objects.select_for_update().filter(pk=record_id).first()
        if row is None or row.status == model.Status.DONE:
            return False
        if row.status == model.Status.RUNNING and not _lost(row):
            return False
        row.status, row.done, row.heartbeat = model.Status.RUNNING, 0, timezone.now()
        row.save(update_fields=["status", "done", "heartbeat"])
    try:
        stored = SOURCES[kind].objects.get(pk=record_id)
        result = analyse(check(stored.record), _progress(model, record_id), seed=record_id)
    except Exception:
        log.exception("analysis of %s %s failed", kind, record_id)
        model.objects.filter(pk=record_id).update(status=model.Status.FAILED)
        return False
    model.objects.filter(pk=record_id).update(
        status=model.Status.DONE, result=result, finished=timezone.now(),
        done=len(result["positions"]), heartbeat=timezone.now(),
    )  # fmt: skip
    return True


def _progress(model: type[AnalysisRow], record_id: int) -> Any:
    last = [0.0]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY or done == total:
            last[0] = now
            model.objects.filter(pk=record_id).update(
                done=done, total=total, heartbeat=timezone.now()
            )

    return report


def analysis_requeue() -> int:
    """Queue again every analysis whose task was lost (the watchdog calls this); how many."""
    cutoff = timezone.now() - STALE
    count = 0
    for kind, model in MODELS.items():
        lost = model.objects.filter(
            status__in=[model.Status.QUEUED, model.Status.RUNNING], heartbeat__lt=cutoff
        ).values_list("pk", flat=True)
        ids = list(lost)
        model.objects.filter(pk__in=ids).update(heartbeat=timezone.now())
        for record_id in ids:
            queue(record_id, kind)
        count += len(ids)
    return count
