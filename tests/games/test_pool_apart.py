"""The quick-play pool never seats two accounts from one network address or one browser at a
rated table (docs/rules.md §4.3); a casual table may."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from accounts.devices import cookie_value
from accounts.models import SessionInfo
from games import services
from games.models import PoolEntry, Seat, Table
from tests.games.helpers import Communicator
from tests.games.test_consumers import until
from whistsite.asgi import application

from .conftest import session_headers

KEY = "k" * 22


def tables() -> list[set[int]]:
    return [{s.user_id for s in Seat.objects.filter(table=t)} for t in Table.objects.all()]


def four(make_user) -> list[Any]:
    return [make_user(name) for name in ("ann", "bob", "cy", "dee")]


@pytest.mark.django_db
def test_the_rated_pool_never_seats_two_accounts_from_one_address(make_user):
    ann, bob, cy, dee = four(make_user)
    places = {ann: "203.0.113.5", bob: "203.0.113.5", cy: "198.51.100.1", dee: "198.51.100.2"}
    for user, address in places.items():  # one rating: ann and bob are each other's nearest
        services.pool_join(user, f"c-{user.username}", "german", rated=True, address=address)
    seated = tables()
    assert len(seated) == 2 and {ann.pk, bob.pk} not in seated


@pytest.mark.django_db
def test_the_rated_pool_never_seats_two_accounts_from_one_browser(make_user):
    ann, bob, cy, dee = four(make_user)
    for user in (ann, bob, cy, dee):
        device = KEY if user in (ann, bob) else ""
        services.pool_join(user, f"c-{user.username}", "german", rated=True, device=device)
    seated = tables()
    assert len(seated) == 2 and {ann.pk, bob.pk} not in seated


@pytest.mark.django_db
def test_accounts_once_used_on_one_browser_never_sit_at_one_rated_table(make_user):
    ann, bob, cy, dee = four(make_user)
    for n, user in enumerate((ann, bob)):
        SessionInfo.objects.create(session_key=f"s{n}", user=user, device_key=KEY)
    for user in (ann, bob, cy, dee):
        services.pool_join(user, f"c-{user.username}", "german", rated=True)
    seated = tables()
    assert len(seated) == 2 and {ann.pk, bob.pk} not in seated


@pytest.mark.django_db
def test_the_casual_pool_may_seat_two_accounts_from_one_address(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    for user in (ann, bob):
        services.pool_join(user, f"c-{user.username}", "german", address="203.0.113.5")
    assert tables() == [{ann.pk, bob.pk}]


@pytest.mark.django_db(transaction=True)
async def test_a_join_from_the_lobby_socket_carries_its_address_and_browser_key(make_user):
    ann = await database_sync_to_async(make_user)("ann")
    headers = await database_sync_to_async(session_headers)(ann)
    cookie = f"; whist_device={cookie_value(KEY, [ann.pk])}".encode()
    headers = [(k, v + cookie) if k == b"cookie" else (k, v) for k, v in headers]
    socket = Communicator(application, "/ws/lobby/?pool=1", headers=headers)
    socket.scope["client"] = ("2001:db8::1:2:3:4", 50000)
    assert (await socket.connect())[0]
    await socket.send_json_to({"type": "pool_join", "game": "german", "rated": True})
    await until(socket, "pool_waiting")
    entry = await database_sync_to_async(PoolEntry.objects.get)(user=ann)
    assert (entry.address, entry.device) == ("2001:db8::/64", KEY)
    await socket.disconnect()
