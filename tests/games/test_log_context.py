"""One move can be followed in the logs (runtime/log_context.py): the lines of its frame, its
commit and its broadcast carry the socket's id, the user's hash and the table; a task it
queues carries them in its headers; WHIST_LOG_FORMAT=json writes them as JSON lines."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

import pytest
from celery import current_app
from channels.db import database_sync_to_async
from kombu.utils.json import loads

from runtime import log_context
from runtime.scheduling import queue_name
from tests.servers import ROOT

from .helpers import german_table, state
from .test_consumers import connect, until

db = database_sync_to_async


@pytest.mark.django_db(transaction=True)
async def test_a_moves_frame_commit_and_broadcast_share_the_sockets_ids(make_user, caplog):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    seat = (await db(state)(t.pk)).to_act
    player = [ann, bob][seat]
    ws = await connect(f"/ws/table/{t.pk}/", player)
    first = await until(ws, "state")
    legal = {k: v for k, v in first["view"]["legal"][0].items() if k != "seat"}
    caplog.set_level(logging.DEBUG, logger="games")
    await ws.send_json_to({"type": "act", "version": first["version"], "action": legal})
    await until(ws, "state")
    await ws.disconnect()

    lines = {r.getMessage().split(" ")[0]: r for r in caplog.records if r.name.startswith("games")}
    frame, move, sent = lines["frame"], lines["move"], lines["state"]
    assert frame.getMessage() == "frame act" and move.getMessage().endswith("by human")
    ids = {(r.request, r.user, r.table) for r in (frame, move, sent)}
    assert ids == {(frame.request, log_context.user_hash(player.pk), t.pk)}
    assert frame.request and len(frame.request) == 16


def test_a_queued_task_carries_the_ids_in_its_headers(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    queue = queue_name("analysis")
    token = log_context.bind(request="r-42", table=9, user="u-hash")
    with current_app.connection_for_write() as connection:
        client = connection.default_channel.client
        client.delete(queue)
        try:
            current_app.send_task("records.tasks.analyse", args=(0,), queue=queue)
            message = loads(client.lindex(queue, -1))
        finally:
            client.delete(queue)
            log_context.unbind(token)
    assert message["headers"]["whist_log"] == {"request": "r-42", "table": "9", "user": "u-hash"}
    assert isinstance(message["headers"]["whist_queued"], float)


def test_json_log_lines_carry_the_ids() -> None:
    code = (
        "import django, logging; django.setup()\n"
        "from runtime import log_context\n"
        "log_context.bind(request='abc', table=5, user='h1')\n"
        "logging.getLogger('games.x').warning('hello %s', 1)\n"
    )
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "whistsite.settings",
           "DJANGO_DEBUG": "true", "WHIST_LOG_FORMAT": "json"}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True, timeout=60)  # fmt: skip
    line = json.loads(done.stderr.strip().splitlines()[-1])
    assert {k: line[k] for k in ("level", "logger", "message", "request", "user", "table")} == {
        "level": "WARNING", "logger": "games.x", "message": "hello 1", "request": "abc",
        "user": "h1", "table": 5,
    }  # fmt: skip


@pytest.mark.django_db
def test_a_page_says_its_request_id_and_keeps_a_proxys(client) -> None:
    given = client.get("/")["X-Request-ID"]
    assert len(given) == 16 and int(given, 16) >= 0
    assert client.get("/", headers={"X-Request-ID": "nginx-id-0123"})["X-Request-ID"] == (
        "nginx-id-0123"
    )
    assert client.get("/", headers={"X-Request-ID": "bad id!"})["X-Request-ID"] != "bad id!"


def test_a_worker_binds_a_tasks_ids_from_its_headers_while_it_runs() -> None:
    from celery import current_app

    from whistsite import celery_context

    task = current_app.tasks["games.tasks.watchdog"]
    task.push_request(whist_log={"request": "r-7", "table": "3", "user": "h"})
    try:
        celery_context._bind(task_id="t-1", task=task)
        assert log_context.current() == {"request": "r-7", "table": "3", "user": "h"}
        celery_context._unbind(task_id="t-1")
        assert log_context.current() == {}
        task.push_request(whist_log={"table": "4"})  # queued outside a request: a new id
        celery_context._bind(task_id="t-2", task=task)
        assert len(log_context.current()["request"]) == 16
        assert log_context.current()["table"] == "4"
        celery_context._unbind(task_id="t-2")
    finally:
        task.pop_request()
        task.pop_request()
