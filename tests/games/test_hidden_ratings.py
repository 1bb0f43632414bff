"""Hidden ratings: a table option and a profile setting hide the other
players' levels (and ratings) in the state each receiver gets while the game is on; the game
over, everyone sees them again (docs/protocol.md `table.hide_ratings`)."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Table
from games.reads import messages, queries
from games.reads.queries import table_seats

from .test_consumers import connect, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def players(make_user: Any, ann_hides: bool = False) -> tuple[Any, Any]:
    ann, bob = make_user("ann"), make_user("bob")
    ann.level, ann.hide_ratings = 5, ann_hides
    ann.save()
    bob.level = 3
    bob.save()
    return ann, bob


def start(ann: Any, bob: Any, hide: bool) -> Table:
    created = services.table_create(ann, "german", hide_ratings=hide)
    services.seat_take(bob, created.pk, 1)
    return services.table_start(ann, created.pk)


def levels(message: dict[str, Any]) -> list[int | None]:
    return [s["level"] for s in message["table"]["seats"]]


def received(table_id: int) -> tuple[list, dict[str, list]]:
    """The levels in the spectator's state and in each player's (by username), as a change's
    broadcast builds them."""
    table = Table.objects.get(pk=table_id)
    spectator, seated = messages.state_messages(table, table_seats(table_id))
    return levels(spectator), {seat.user.username: levels(m) for seat, m in seated}


def test_table_option_hides_the_others_levels_from_every_receiver(make_user):
    ann, bob = players(make_user)
    table = start(ann, bob, hide=True)
    spectator, seated = received(table.pk)
    assert spectator == [None, None]
    assert seated == {"ann": [5, None], "bob": [None, 3]}


def test_without_the_option_or_the_setting_everyone_sees_the_levels(make_user):
    ann, bob = players(make_user)
    table = start(ann, bob, hide=False)
    assert received(table.pk) == ([5, 3], {"ann": [5, 3], "bob": [5, 3]})


def test_profile_setting_hides_the_levels_from_that_player_only(make_user):
    ann, bob = players(make_user, ann_hides=True)
    table = start(ann, bob, hide=False)
    spectator, seated = received(table.pk)
    assert spectator == [5, 3]
    assert seated == {"ann": [5, None], "bob": [5, 3]}


@pytest.mark.parametrize("hide", [True, False])
def test_levels_are_shown_again_once_the_game_is_over(make_user, hide):
    ann, bob = players(make_user, ann_hides=not hide)
    table = start(ann, bob, hide=hide)
    services.move_play(table.pk, {"action": "resign"}, user=bob)
    assert received(table.pk) == ([5, 3], {"ann": [5, 3], "bob": [5, 3]})


def test_the_page_and_a_new_socket_get_the_same_hidden_levels(make_user):
    ann, bob = players(make_user, ann_hides=True)
    table = start(ann, bob, hide=False)
    found = queries.table_get(table.pk)
    assert levels(messages.table_payload(found, ann)) == [5, None]
    assert levels(messages.table_payload(found, bob)) == [5, 3]
    assert levels(messages.table_payload(found, None)) == [5, 3]


async def test_the_socket_sends_each_player_its_own_hidden_state(make_user):
    ann, bob = await db(players)(make_user)
    table = await db(start)(ann, bob, True)
    for user, expected in ((ann, [5, None]), (bob, [None, 3]), (None, [None, None])):
        ws = await connect(f"/ws/table/{table.pk}/", user)
        message = await until(ws, "state")
        assert levels(message) == expected and message["table"]["hide_ratings"] is True
        await ws.disconnect()
