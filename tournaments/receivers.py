"""Receivers of records' signal: an event table's stored game is scored after the commit of
the move that ended it; the watchdog starts due rounds."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver
from django.utils import timezone

from records.signals import game_recorded
from runtime import scheduling
from tournaments.models import Event, Placement
from tournaments.services.reminders import SOON


@receiver(game_recorded, dispatch_uid="tournaments_table_done")
def table_recorded(sender: Any, record: Any, **kwargs: Any) -> None:
    if Placement.objects.filter(table_id=record.pk).exists():
        transaction.on_commit(
            partial(scheduling.run_later, "tournaments.tasks.table_done", (record.pk,))
        )


def tick() -> int:
    """Beat (Celery) or the server's loop (embedded) runs the watchdog every few seconds:
    a tick is queued when an event is due to start or is running (one query otherwise)."""
    now = timezone.now()
    due = Event.objects.filter(
        Q(status=Event.Status.COMING, starts_at__lte=now + SOON) | Q(status=Event.Status.RUNNING)
    ).exclude(kind=Event.Kind.DAILY)
    if not due.exists():
        return 0
    scheduling.run_later("tournaments.tasks.tick", ())
    return 1
