"""An event's start, told to its entrants (games.signals.event_news, which the notifications
app hears): 10 minutes before it (once per start time), and when it starts."""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.urls import reverse

from games import signals as games_signals
from runtime.process_cache import cache  # its tasks run each in a context of their own
from tournaments.models import Entry, Event

SOON = timedelta(minutes=10)


def events_remind(now: datetime) -> int:
    """Tell the entrants of each event starting within 10 minutes, once; how many events."""
    coming = Event.objects.filter(
        status=Event.Status.COMING, starts_at__gt=now, starts_at__lte=now + SOON
    ).exclude(kind=Event.Kind.DAILY)
    told = 0
    for event in coming:
        key = f"event-soon:{event.pk}:{int(event.starts_at.timestamp())}"
        if cache.add(key, 1, int(SOON.total_seconds()) * 2):
            event_tell(event, "starting_soon", starts_at=event.starts_at.isoformat())
            told += 1
    return told


def event_tell(event: Event, what: str, **more: str) -> None:
    """After the commit, each entrant still in hears `what` ("starting_soon", "started")."""
    users = Entry.objects.filter(event=event, withdrawn=False).values_list("user_id", flat=True)
    data = {"what": what, "title": event.name, "event_id": event.pk,
            "url": reverse("event", args=[event.pk]), **more}  # fmt: skip
    notices = [(user, data) for user in users if user is not None]
    if notices:
        send = partial(games_signals.event_news.send, sender=Event, notices=notices)
        transaction.on_commit(send, robust=True)
