"""Fixtures of the events tests: the card-room fixtures, and events driven through services."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.sockets.limits import page_close
from tests.games.conftest import _live_play_settings, make_user  # noqa: F401
from tests.games.helpers import play_to_end
from tests.staff import second_factor
from tournaments import services
from tournaments.models import Event, Placement
from tournaments.services.live import event_page


@pytest.fixture
def staff(db: Any) -> Any:
    return second_factor(  # staff organise public events after the second factor
        get_user_model().objects.create_user(
            "director", password="pw", display_name="Director", is_staff=True
        )
    )


@pytest.fixture
def players(db: Any) -> Any:
    def make(count: int, prefix: str = "p") -> list[Any]:
        model = get_user_model()
        return [
            model.objects.create_user(f"{prefix}{i:02d}", password="pw", display_name=f"P{i}")
            for i in range(count)
        ]

    return make


def event_with(staff: Any, users: list[Any], **kwargs: Any) -> Event:
    """A public event the users signed up for, due now (its start moved into the past)."""
    fields = {"name": "Test event", "game": "knockout", "rounds": 4, "table_size": 4}
    fields.update(kwargs)
    if fields["game"] == "knockout":  # short games: three rounds of 3, 2 and 1 cards
        fields.setdefault("options", {"start_cards": 3})
    event = services.event_create(staff, starts_at=timezone.now() + timedelta(minutes=5), **fields)
    for user in users:
        services.entry_join(user, event.pk)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    event.refresh_from_db()
    return event


def play_round(event: Event, number: int) -> None:
    """Every human of the round plays their first legal action until each table ends (bots
    and stand-ins answer at once: tasks run in the test's process)."""
    seats = Placement.objects.filter(round__event=event, round__number=number)
    tables: dict[int, dict[int, Any]] = {}
    for p in seats.select_related("entry__user"):
        tables.setdefault(p.table_id, {})
        if p.entry is not None:
            tables[p.table_id][p.seat] = p.entry.user
    for table_id, humans in tables.items():
        play_to_end(table_id, humans)


def all_present(event: Event, but: Any = None) -> None:
    """Every player (`but` one) just had the event page open, as its socket says when it
    closes (games.sockets.limits.page_close), and the next round is due."""
    from tournaments.models import Entry

    for user_id in Entry.objects.filter(event=event).values_list("user_id", flat=True):
        if but is None or user_id != but.pk:
            page_close(event_page(event.pk), user_id, "test-socket")
    due_now(event)


def due_now(event: Event) -> None:
    """Move the start back so that the next round is due now (rounds on time: round n is
    due a round's minutes after round n - 1)."""
    event.refresh_from_db()
    back = timedelta(minutes=event.round_minutes * event.current_round, seconds=1)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - back)
