"""docs/rules.md §5.5, presence: a player is present at a round's start if the event page's
socket (its notices socket, `?page=event-<id>`) is open or closed less than
WHIST_EVENT_PRESENT seconds ago; the page's GET and its live poll write nothing. The same
socket hears the event's changes, so a player's page does not poll."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.social.test_live import connect, next_of
from tests.tournaments.conftest import due_now, event_with
from tournaments import services
from tournaments.models import Event, Placement

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def absent(event: Event) -> dict[str, bool]:
    rows = Placement.objects.filter(round__event=event).select_related("entry__user")
    return {p.entry.user.username: p.absent for p in rows if p.entry is not None}


def start(event: Event) -> dict[str, bool]:
    due_now(event)
    services.event_tick()
    return absent(event)


async def test_a_player_with_the_event_pages_socket_open_is_present_the_others_absent(
    staff: Any, players: Any
) -> None:
    users = await db(players)(2)
    event = await db(event_with)(staff, users, rounds=1, table_size=2)
    page = await connect(f"/ws/notices/?page=event-{event.pk}", users[0])
    await next_of(page, "notices_ready", 5)
    elsewhere = await connect(f"/ws/notices/?page=event-{event.pk + 1}", users[1])
    await next_of(elsewhere, "notices_ready", 5)
    assert await db(start)(event) == {"p00": False, "p01": True}
    await page.disconnect()
    await elsewhere.disconnect()


async def test_a_page_closed_a_moment_ago_still_counts(staff: Any, players: Any, settings) -> None:
    settings.WHIST_EVENT_PRESENT = 60
    users = await db(players)(2)
    event = await db(event_with)(staff, users, rounds=1, table_size=2)
    for user in users:
        page = await connect(f"/ws/notices/?page=event-{event.pk}", user)
        await next_of(page, "notices_ready", 5)
        await page.disconnect()
    assert await db(start)(event) == {"p00": False, "p01": False}


def test_the_event_page_and_its_poll_write_nothing(staff: Any, players: Any) -> None:
    users = players(2)
    event = event_with(staff, users, rounds=1, table_size=2)
    client = Client()
    client.force_login(users[0])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("event", args=[event.pk])).status_code == 200
        assert client.get(reverse("event_live", args=[event.pk])).status_code == 200
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    assert writes == []
    assert start(event) == {"p00": True, "p01": True}  # the page was read; no socket said so


async def test_the_event_pages_socket_hears_each_change_of_its_event(
    staff: Any, players: Any
) -> None:
    """The page refreshes its live part on a `page_changed` (static/js/event.js) instead of
    polling; another event's page hears nothing of it."""
    users = await db(players)(3)
    event = await db(event_with)(staff, users[:2], rounds=1, table_size=2)
    page = await connect(f"/ws/notices/?page=event-{event.pk}", users[0])
    await next_of(page, "notices_ready", 5)
    other = await connect(f"/ws/notices/?page=event-{event.pk + 1}", users[1])
    await next_of(other, "notices_ready", 5)
    await db(services.entry_join)(users[2], event.pk)
    version = (await db(Event.objects.get)(pk=event.pk)).version
    assert await next_of(page, "page_changed", 2) == {"type": "page_changed", "version": version}
    assert await other.receive_nothing(timeout=0.5)
    await page.disconnect()
    await other.disconnect()


async def test_the_socket_joins_only_the_page_of_an_event_its_player_may_see(
    staff: Any, players: Any
) -> None:
    """docs/protocol.md: `?page=event-<id>` only, and only an event the player may see (a
    private event's changes would tell its version); any other page is refused with an
    error, and the socket stays for the notices."""
    from tests.tournaments.test_event_limits import private_event

    owner, outsider = await db(players)(2)
    event = await db(private_event)(owner)
    for page in (f"event-{event.pk}", "table-1", "event-x", f"event-{event.pk + 99}"):
        socket = await connect(f"/ws/notices/?page={page}", outsider)
        error = await next_of(socket, "error", 5)
        assert error["code"] == "bad_page" and "event" in error["message"]
        ready = await next_of(socket, "notices_ready", 5)
        assert ready["page"] is None
        await socket.send_json_to({"type": "ping"})
        await next_of(socket, "pong", 5)  # still open
        await socket.disconnect()
    mine = await connect(f"/ws/notices/?page=event-{event.pk}", owner)
    assert (await next_of(mine, "notices_ready", 5))["page"] == f"event-{event.pk}"
    await mine.disconnect()
