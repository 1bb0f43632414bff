"""After a restart of the embedded server (`make run`), a table whose next move was a bot's
goes on before any player connects: the watchdog starts with Daphne
(whistsite/patches/daphne_loop.py)."""

from __future__ import annotations

import asyncio
import os
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Table
from tests.games.helpers import play_first_legal, state
from tests.servers import daphne
from whistsite.patches import daphne_loop as serving

pytestmark = pytest.mark.django_db(transaction=True)


def test_daphne_keeps_the_loop_it_will_serve_on_where_serving_looks():
    import daphne.server  # noqa: F401  (what `daphne` does first)

    assert isinstance(serving.daphne_loop(), asyncio.AbstractEventLoop)


def test_a_bots_turn_left_by_a_restart_goes_on_before_anyone_connects(
    make_user, queued, server_log
):
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, "club", "club"])
    services.table_start(ann, t.pk)
    while state(t.pk).to_act == 0:
        play_first_legal(t.pk, ann, 0)
    moves = Table.objects.get(pk=t.pk).moves
    # What a stopped server leaves: the bot's deadline, and no task (`queued` kept it).
    Table.objects.filter(pk=t.pk).update(turn_deadline=timezone.now() - timedelta(minutes=1))
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["WHIST_WATCHDOG_EVERY"] = "0.5"
    with daphne("tests.e2e.server_settings", env, server_log("daphne")):
        deadline = time.monotonic() + 30
        while Table.objects.get(pk=t.pk).moves == moves:
            assert time.monotonic() < deadline, "the bot's turn did not go on"
            time.sleep(0.2)
