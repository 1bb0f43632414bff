"""Blocked pairs kept apart in event seating where the format allows it, and the event
page saying where it does not: docs/rules.md §5.1 and docs/rules.md §5.9."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.services import block_add
from tests.staff import staff_client
from tests.tournaments.conftest import all_present, event_with
from tournaments import services
from tournaments.models import Event, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def tables_of(event: Any) -> list[set[int]]:
    tables: dict[int, set[int]] = defaultdict(set)
    for p in Placement.objects.filter(round__event=event, entry__isnull=False):
        tables[p.table_id].add(p.entry.user_id)
    return list(tables.values())


def test_swiss_tables_part_blocked_pairs(staff: Any, players: Any) -> None:
    users = players(8)
    for other in users[1:4]:
        block_add(users[0], other)
    block_add(users[5], users[6])
    event = event_with(staff, users, table_size=4)
    all_present(event)
    services.event_tick()
    for ids in tables_of(event):
        if users[0].pk in ids:
            assert not ids & {u.pk for u in users[1:4]}
        assert not {users[5].pk, users[6].pk} <= ids


def test_the_page_says_where_a_blocked_pair_sits_together(
    staff: Any, players: Any, client: Any
) -> None:
    users = players(4)
    block_add(users[0], users[1])
    event = event_with(staff, users, kind="elimination", table_size=4, through=2)
    all_present(event)
    services.event_tick()
    client.force_login(staff)  # the organiser
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="blocked-together-1"' in page
    assert "no other seating parted them" in page
    assert 'data-testid="blocks-rule"' in page


def test_only_the_organiser_and_staff_hear_that_a_blocked_pair_sits_together(
    staff: Any, players: Any, client: Any
) -> None:
    """Block lists are private: with one table, saying so would name the pair."""
    users = players(5)
    block_add(users[0], users[1])
    event = services.event_create(users[4], name="Mine", game="knockout", table_size=4,
                                  rounds=2, kind="elimination", through=2, private=True,
                                  starts_at=timezone.now() + timedelta(minutes=5))  # fmt: skip
    for user in users[:4]:
        services.entry_join(user, event.pk, event.invite_token)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    all_present(event)
    services.event_tick()
    url = f"/events/{event.pk}/?invite={event.invite_token}"
    assert 'data-testid="blocked-together-1"' not in client.get(url).content.decode()
    for viewer, told in ((users[2], False), (users[0], False), (users[4], True), (staff, True)):
        page = staff_client(viewer, client).get(url).content.decode()
        assert ('data-testid="blocked-together-1"' in page) is told, viewer


def test_the_page_says_a_drive_does_not_part_blocked_pairs(
    staff: Any, players: Any, client: Any
) -> None:
    event = event_with(staff, players(4), kind="drive", game="whist", movement="progressive",
                       rounds=2)  # fmt: skip
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "The drive&#x27;s movement seats everyone" in page or "The drive's movement" in page
