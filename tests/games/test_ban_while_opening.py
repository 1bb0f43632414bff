"""A ban committed while a socket opens, just after its connect read that there was none,
still closes the socket: the user's groups are joined before the ban is read (a race seen
on a fresh clone's CI: the lobby socket stayed open after the ban)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from accounts import services as accounts
from accounts.selectors import ban_active
from games.sockets import admission, table_opening

from .helpers import closed_with, german_table
from .test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def _ban_after(read, mod, player):
    """`read` as it is, then the ban committed (once), as if the moderator's came just after."""
    done = []

    def read_then_ban(*args, **kwargs):
        found = read(*args, **kwargs)
        if not done:
            done.append(accounts.ban_create(mod, player, "abuse"))
        return found

    return read_then_ban


async def test_a_ban_just_after_the_lobby_socket_read_none_closes_it(make_user, monkeypatch):
    bob, mod = await db(make_user)("bob"), await db(make_user)("mod")
    monkeypatch.setattr(admission, "ban_active", _ban_after(ban_active, mod, bob))
    lobby_ws = await connect("/ws/lobby/", bob)
    assert await closed_with(lobby_ws) == 4401


async def test_a_ban_just_after_the_table_socket_read_none_closes_it(make_user, monkeypatch):
    ann, bob, mod = [await db(make_user)(n) for n in ("ann", "bob", "mod")]
    t = await db(german_table)(ann, bob)
    read = table_opening.read_opening
    monkeypatch.setattr(table_opening, "read_opening", _ban_after(read, mod, bob))
    table_ws = await connect(f"/ws/table/{t.pk}/", bob)
    assert await closed_with(table_ws) == 4401
