"""Blocked pairs kept apart in event seating where the format allows it, and the event
page saying where it does not: docs/rules.md §5.1 and docs/rules.md §5.9."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from accounts.services import block_add
from tests.tournaments.conftest import all_present, event_with
from tournaments import services
from tournaments.models import Placement

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
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="blocked-together-1"' in page
    assert "no other seating parted them" in page
    assert 'data-testid="blocks-rule"' in page


def test_the_page_says_a_drive_does_not_part_blocked_pairs(
    staff: Any, players: Any, client: Any
) -> None:
    event = event_with(staff, players(4), kind="drive", game="whist", movement="progressive",
                       rounds=2)  # fmt: skip
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "The drive&#x27;s movement seats everyone" in page or "The drive's movement" in page
