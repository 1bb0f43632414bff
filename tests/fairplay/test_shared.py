"""Opponents from one browser or one network at a rated table raise a pair flag for moderators
(docs/fairplay.md §3, fairplay.shared); a casual table, a loopback address and opponents from
different places raise none; a seated player's socket notes where it comes from."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from accounts.devices import cookie_value, origin_note, table_shared
from accounts.models import SessionInfo
from fairplay.models import Flag
from fairplay.services import game_signals_compute
from games import services
from games.engine import make_rules, new_game
from games.engine.actions import action_from_event
from games.engine.bots import choose_action
from games.engine.engine import apply
from games.engine.views import seat_view
from tests.fairplay.conftest import stored
from tests.games.conftest import session_headers
from tests.games.helpers import Communicator
from whistsite.asgi import application

KEY, OTHER = "k" * 22, "o" * 22


def german(seed: int = 1) -> Any:
    """A whole German Whist game between two Club bots (fair play's other signals skip it)."""
    state = new_game(make_rules("german", 2), seed=seed)
    while not state.over:
        view = seat_view(state, state.to_act)
        state = apply(state, action_from_event(choose_action(view, "club")))
    return state


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    from django.core.cache import cache

    cache.clear()


@pytest.mark.django_db
def test_opponents_from_one_browser_at_a_rated_table_are_flagged(make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    table = stored(german(), [ann, bob])
    origin_note(table.pk, ann.pk, "203.0.113.5", KEY)
    origin_note(table.pk, bob.pk, "198.51.100.7", KEY)
    game_signals_compute(table.pk)
    game_signals_compute(table.pk)  # a second delivery counts the game once
    flag = Flag.objects.get(kind=Flag.Kind.SHARED)
    assert (flag.user_id, flag.partner_id) == (ann.pk, bob.pk)
    assert flag.figures == {"meetings": 1, "device": 1, "network": 0}
    assert flag.games == [table.pk]


@pytest.mark.django_db
def test_opponents_from_one_browser_at_a_practice_game_are_not_flagged(make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    original = stored(german(), [ann, bob])
    table = stored(german(), [ann, bob], practice_of=original)  # even a table marked rated
    origin_note(table.pk, ann.pk, "203.0.113.5", KEY)
    origin_note(table.pk, bob.pk, "198.51.100.7", KEY)
    game_signals_compute(table.pk)
    assert not Flag.objects.filter(kind=Flag.Kind.SHARED).exists()


@pytest.mark.django_db
def test_opponents_once_on_one_browser_are_flagged_at_a_rated_table(make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    for n, user in enumerate((ann, bob)):
        SessionInfo.objects.create(session_key=f"s{n}", user=user, device_key=KEY)
    tables = [stored(german(s), [ann, bob]) for s in (1, 2)]
    for table in tables:
        game_signals_compute(table.pk)
    flag = Flag.objects.get(kind=Flag.Kind.SHARED)
    assert flag.figures == {"meetings": 2, "device": 2, "network": 0}
    assert sorted(flag.games) == sorted(t.pk for t in tables)


@pytest.mark.django_db
def test_opponents_from_one_network_at_a_rated_table_are_flagged(make_user) -> None:
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    table = stored(german(), [ann, bob])
    origin_note(table.pk, ann.pk, "2001:db8::/64", KEY)
    origin_note(table.pk, bob.pk, "2001:db8::/64", OTHER)
    origin_note(table.pk, cy.pk, "198.51.100.7", "")  # not at the table: not asked
    game_signals_compute(table.pk)
    flag = Flag.objects.get(kind=Flag.Kind.SHARED)
    assert flag.figures == {"meetings": 1, "device": 0, "network": 1}


@pytest.mark.django_db
def test_opponents_from_different_places_a_loopback_or_a_casual_table_are_not(make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    apart = stored(german(1), [ann, bob])
    origin_note(apart.pk, ann.pk, "203.0.113.5", KEY)
    origin_note(apart.pk, bob.pk, "198.51.100.7", OTHER)
    local = stored(german(2), [ann, bob])
    for user in (ann, bob):  # a proxy the site does not trust names no client
        origin_note(local.pk, user.pk, "127.0.0.1", "")
    casual = stored(german(3), [ann, bob], rated=False)
    for user in (ann, bob):
        origin_note(casual.pk, user.pk, "203.0.113.5", KEY)
    for table in (apart, local, casual):
        game_signals_compute(table.pk)
    assert not Flag.objects.exists()


@pytest.mark.django_db(transaction=True)
async def test_a_seated_players_socket_notes_its_network_and_browser(make_user) -> None:
    db = database_sync_to_async
    ann, bob, cy = [await db(make_user)(n) for n in ("ann", "bob", "cy")]
    table = await db(services.table_create)(ann, "german")
    await db(services.seat_take)(bob, table.pk, 1)
    sockets = []
    for user, device in ((ann, KEY), (bob, KEY), (cy, KEY)):  # cy only watches
        cookie = f"; whist_device={cookie_value(device, [user.pk])}".encode()
        headers = [(k, v + cookie) if k == b"cookie" else (k, v)
                   for k, v in await db(session_headers)(user)]  # fmt: skip
        socket = Communicator(application, f"/ws/table/{table.pk}/", headers=headers)
        socket.scope["client"] = ("2001:db8::1:2:3:4", 50000)
        assert (await socket.connect())[0]
        await socket.receive_json_from(timeout=5)
        sockets.append(socket)
    shared = await db(table_shared)(table.pk, [ann.pk, bob.pk, cy.pk])
    assert shared == {frozenset((ann.pk, bob.pk)): {"network", "device"}}
    for socket in sockets:
        await socket.disconnect()
