"""An event's live page: every change bumps `Event.version` here, and after the commit the
event page's sockets hear the new version (they joined the page's group: social's notices
socket, `?page=event-<id>`), so the page refreshes its live part at once; a page without a
socket (a visitor not logged in) polls `/events/<id>/live.json` for it."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from games import broadcast
from tournaments.models import Event


def event_page(event_id: int) -> str:
    """The name the event page's socket gives its page (templates/tournaments/event.html):
    its group hears the event's changes, and a player with it open is present for the next
    round (games.sockets.limits.on_page)."""
    return f"event-{event_id}"


def version_bump(event: Event, *fields: str) -> None:
    """Save `fields` of the event (its row locked by the caller) with the next version; its
    open pages hear the version after the commit."""
    event.version += 1
    event.save(update_fields=["version", *fields])
    message = {"type": "page.changed", "page": event_page(event.pk), "version": event.version}
    send = partial(broadcast.send, broadcast.page_group(event_page(event.pk)), message)
    transaction.on_commit(send, robust=True)
