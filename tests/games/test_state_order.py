"""Every state once, in version order (games/sockets/table_states.py): two publishes that
cross on the way (two processes committing versions v + 1 and v + 2 milliseconds apart) reach
a socket as v + 2, then v + 1; it sends both, in order, where it dropped v + 1 as older."""

from __future__ import annotations

import pytest
from channels.layers import get_channel_layer

from games import broadcast
from games.reads import queries
from games.sockets import table_states

from .helpers import german_table
from .test_consumers import connect, db, until

pytestmark = pytest.mark.django_db(transaction=True)


def event_at(table_id: int, version: int) -> dict:
    """The table's state event as it would be at `version` (the texts say so too)."""
    event = broadcast.state_event(queries.table_get(table_id))
    was = event["version"]
    event["spectator"] = event["spectator"].replace(f'"version": {was},', f'"version": {version},')
    return {**event, "version": version}


async def versions(ws, count: int) -> list[int]:
    return [(await until(ws, "state"))["version"] for _ in range(count)]


async def test_a_state_that_arrives_before_an_older_one_waits_for_it(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table = await db(german_table)(ann, bob)
    watcher = await connect(f"/ws/table/{table.pk}/")
    first = (await until(watcher, "state"))["version"]
    layer = get_channel_layer()
    later, sooner = await db(event_at)(table.pk, first + 2), await db(event_at)(table.pk, first + 1)
    await layer.group_send(broadcast.table_group(table.pk), later)
    await layer.group_send(broadcast.table_group(table.pk), sooner)
    assert await versions(watcher, 2) == [first + 1, first + 2]
    await watcher.disconnect()


async def test_a_state_whose_older_one_never_comes_is_sent_after_a_moment(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table = await db(german_table)(ann, bob)
    watcher = await connect(f"/ws/table/{table.pk}/")
    first = (await until(watcher, "state"))["version"]
    gaps = table_states.counts["gaps"]
    later = await db(event_at)(table.pk, first + 2)
    await get_channel_layer().group_send(broadcast.table_group(table.pk), later)
    assert await versions(watcher, 1) == [first + 2]
    assert table_states.counts["gaps"] == gaps + 1
    await watcher.disconnect()
