"""A socket's handshake is answered before its session and user are read (games/sockets/
socket_user.py), on a real Daphne started as `python -m daphne` starts it (its connect timeout
5 s, checked every 2 s). Read before, a session read that waited in the pool (a connect storm
queues hundreds of them) past that timeout had the handshake refused with HTTP 403 or dropped
(this test: dropped after 4.7 s, "did not receive a valid HTTP response"). Here the read
waits on a lock another connection holds on the sessions' table, for longer than the timeout:
the socket opens at once and gets its state once the read is done."""

from __future__ import annotations

import asyncio
import json
import os
import time

import psycopg
import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from websockets.asyncio.client import connect

from games import services
from tests.servers import PATIENCE, daphne

pytestmark = pytest.mark.django_db(transaction=True)
# Daphne's command line: --websocket_connect_timeout 5 (its server checks every 2 s), given
# to autobahn as the opening handshake's timeout too.
CONNECT_TIMEOUT = 5.0
CHECKED_EVERY = 2.0


@pytest.fixture
def server(django_db_setup, server_log) -> str:
    with daphne("tests.e2e.server_settings", dict(os.environ), server_log("daphne")) as url:
        yield url


def sessions_locked() -> psycopg.Connection:
    """A connection of its own holding the sessions' table locked against reads (until it
    is closed): a socket's session read waits for it."""
    db = connection.settings_dict
    locker = psycopg.connect(host=db["HOST"] or None, port=db["PORT"] or None, user=db["USER"],
                             password=db["PASSWORD"], dbname=db["NAME"])  # fmt: skip
    locker.execute("LOCK TABLE django_session IN ACCESS EXCLUSIVE MODE")
    return locker


def seated_cookie() -> tuple[int, str]:
    """A started German Whist table of Ann and Pat; Pat's session cookie."""
    make = get_user_model().objects.create_user
    ann, pat = make("ann", password="pw"), make("pat", password="pw")
    table = services.table_create(ann, "german")
    services.seat_take(pat, table.pk, 1)
    services.table_start(ann, table.pk)
    client = Client()
    client.force_login(pat)
    return table.pk, f"sessionid={client.session.session_key}"


async def test_a_handshake_is_answered_while_its_session_read_waits_past_the_connect_timeout(
    server: str,
) -> None:
    table_id, cookie = await sync_to_async(seated_cookie)()
    url = server.replace("http://", "ws://") + f"/ws/table/{table_id}/"
    locker = await sync_to_async(sessions_locked)()
    try:
        opened = time.monotonic()
        # Before: HTTP 403 (Daphne's check) or a dropped connection (autobahn's), after 4-7 s.
        ws = await connect(url, origin=server, additional_headers={"Cookie": cookie},
                           open_timeout=PATIENCE)  # fmt: skip
        # The read still waits: held past the timeout and the check after it, the socket stays.
        await asyncio.sleep(CONNECT_TIMEOUT + CHECKED_EVERY + 1 - (time.monotonic() - opened))
    finally:
        await sync_to_async(locker.close)()
    async with ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), PATIENCE))
        assert (first["type"], first["seat"]) == ("state", 1)  # Pat's own view: the user read
