"""Receivers of the card room's signals: an event table's end is scored after its commit
(records has stored it in the same transaction); the watchdog starts due rounds."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver
from django.utils import timezone

from games.signals import game_finished
from runtime import scheduling
from tournaments.models import Event, Placement
from tournaments.services.reminders import SOON


@receiver(game_finished, dispatch_uid="tournaments_table_done")
def table_finished(sender: Any, table: Any, **kwargs: Any) -> None:
    if Placement.objects.filter(table_id=table.pk).exists():
        transaction.on_commit(
            partial(scheduling.run_later, "tournaments.tasks.table_done", (table.pk,))
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
