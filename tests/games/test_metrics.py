"""Each metric of runtime/metrics.py and whistsite/metrics_endpoint.py moves when its event
happens, and /metrics answers only the token's holder (docs/deployment.md §"Metrics")."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone
from prometheus_client import REGISTRY

from games import broadcast, services
from games.models import Table
from records.models import UploadAnalysis, UploadedRecord
from tests.servers import free_port
from whistsite import metrics_endpoint
from whistsite.asgi import application

from .conftest import HOST, ORIGIN
from .helpers import Communicator, german_table, play_first_legal, state, table
from .test_consumers import connect, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async
TOKEN = "metrics-token-of-the-tests"


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


class Moved:
    """A sample's value before; `by()` says how much it moved since."""

    def __init__(self, name: str, **labels: str) -> None:
        self.name, self.labels, self.before = name, labels, value(name, **labels)

    def by(self) -> float:
        return value(self.name, **self.labels) - self.before


def test_a_human_move_counts_as_human(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    moved = Moved("whist_moves_applied_total", kind="human")
    play_first_legal(t.pk, [ann, bob][state(t.pk).to_act], state(t.pk).to_act)
    assert moved.by() == 1


def test_a_bot_move_counts_as_bot_and_times_the_bots_decision(make_user, queued):
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, "club", "club"])
    services.table_start(ann, t.pk)
    while state(t.pk).to_act == 0:
        play_first_legal(t.pk, ann, 0)
    moved = Moved("whist_moves_applied_total", kind="bot")
    timed = Moved("whist_bot_decision_seconds_count", level="club")
    assert services.bot_play(t.pk, table(t.pk).moves)
    assert (moved.by(), timed.by()) == (1, 1)


def test_a_time_out_counts_as_timeout(make_user, queued):
    t = german_table(make_user("ann"), make_user("bob"))
    Table.objects.filter(pk=t.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    moved = Moved("whist_moves_applied_total", kind="timeout")
    assert services.timeout_play(t.pk, 0)
    assert moved.by() == 1


def test_the_watchdog_counts_a_lost_turn_it_queues_again(make_user, queued, settings):
    t = german_table(make_user("ann"), make_user("bob"))
    late = timezone.now() - timedelta(seconds=settings.WHIST_WATCHDOG_SLACK + 5)
    Table.objects.filter(pk=t.pk).update(turn_deadline=late)
    repaired = Moved("whist_watchdog_repairs_total", kind="requeued")
    services.watchdog_run()
    assert repaired.by() == 1


def test_the_watchdog_counts_a_timer_it_restores(make_user, queued):
    t = german_table(make_user("ann"), make_user("bob"))
    Table.objects.filter(pk=t.pk).update(time_limit=30, turn_deadline=None, timer_due=None)
    repaired = Moved("whist_watchdog_repairs_total", kind="timer")
    services.watchdog_run()
    assert repaired.by() == 1


def test_a_table_past_its_deadline_is_counted_stalled(make_user, queued, settings):
    t = german_table(make_user("ann"), make_user("bob"))
    metrics_endpoint.refresh_site_gauges()
    before = value("whist_tables_stalled")
    late = timezone.now() - timedelta(seconds=settings.WHIST_WATCHDOG_SLACK + 5)
    Table.objects.filter(pk=t.pk).update(turn_deadline=late)
    metrics_endpoint.refresh_site_gauges()
    assert value("whist_tables_stalled") == before + 1


def test_a_queued_analysis_is_counted_waiting(make_user):
    upload = UploadedRecord.objects.create(token="m" * 24, game="german", record={})
    metrics_endpoint.refresh_site_gauges()
    before = value("whist_analyses_waiting", state="queued")
    UploadAnalysis.objects.create(upload=upload)
    metrics_endpoint.refresh_site_gauges()
    assert value("whist_analyses_waiting", state="queued") == before + 1


def test_a_player_waiting_in_the_pool_is_counted(make_user):
    metrics_endpoint.refresh_site_gauges()
    before = value("whist_pool_waiting_players", game="german")
    services.pool_join(make_user("ann"), "lobby-channel", "german", match=False)
    metrics_endpoint.refresh_site_gauges()
    assert value("whist_pool_waiting_players", game="german") == before + 1


def test_a_task_in_a_lanes_queue_is_counted(settings):
    from celery import current_app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    queue = metrics_endpoint.queue_name("analysis")
    with current_app.connection_for_write() as connection:
        connection.default_channel.client.delete(queue)
        metrics_endpoint.refresh_site_gauges()
        assert value("whist_celery_queue_length", lane="analysis") == 0
        current_app.send_task("records.tasks.analyse", args=(0,), queue=queue)
        metrics_endpoint.refresh_site_gauges()
        assert value("whist_celery_queue_length", lane="analysis") == 1
        connection.default_channel.client.delete(queue)


def test_a_failed_publish_is_counted(settings):
    port = free_port()  # nothing listens there
    layer = {"hosts": [f"redis://127.0.0.1:{port}"]}
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": layer}
    }
    failed = Moved("whist_channel_layer_publish_errors_total")
    broadcast.send("table-1", {"type": "table.state"})
    assert failed.by() == 1


async def test_a_reconnect_of_the_layers_subscription_is_counted():
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "hello"})
    assert (await layer.receive(channel))["type"] == "hello"
    shard = layer._get_layer()._get_shard(channel)
    reconnected = Moved("whist_channel_layer_reconnects_total")
    await shard._pubsub.connection.disconnect()
    await layer.send(channel, {"type": "again"})
    message = await layer.receive(channel)
    while message["type"] != "layer.reconnected":
        message = await layer.receive(channel)
    assert reconnected.by() == 1
    await layer.flush()


async def test_sockets_are_counted_open_by_kind_while_they_are():
    opened = Moved("whist_sockets_open", kind="lobby")
    ws = await connect("/ws/lobby/")
    await until(ws, "tables")
    assert opened.by() == 1
    await ws.disconnect()
    assert opened.by() == 0


async def test_a_refused_handshake_is_counted_by_its_code():
    refused = Moved("whist_handshakes_refused_total", code="4404")
    ws = Communicator(application, "/ws/table/999999/", headers=[HOST, ORIGIN])
    await ws.connect()
    assert (await ws.receive_output(timeout=5))["type"] == "websocket.close"
    assert refused.by() == 1


async def test_an_act_is_timed_to_its_broadcast(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    t = await db(german_table)(ann, bob)
    seat = (await db(state)(t.pk)).to_act
    ws = await connect(f"/ws/table/{t.pk}/", [ann, bob][seat])
    first = await until(ws, "state")
    timed = Moved("whist_act_to_broadcast_seconds_count")
    legal = {k: v for k, v in first["view"]["legal"][0].items() if k != "seat"}
    await ws.send_json_to({"type": "act", "version": first["version"], "action": legal})
    await until(ws, "state")
    assert timed.by() == 1
    await ws.disconnect()


async def call(path: str, headers: list[tuple[bytes, bytes]]) -> tuple[int, bytes]:
    sent: list[dict] = []

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "path": path, "method": "GET", "headers": headers}
    await metrics_endpoint.MetricsEndpoint(None)(scope, None, send)
    return sent[0]["status"], sent[1]["body"]


async def test_metrics_answer_only_the_tokens_holder(settings):
    settings.WHIST_METRICS_TOKEN = ""
    assert (await call("/metrics", [(b"authorization", f"Bearer {TOKEN}".encode())]))[0] == 404
    settings.WHIST_METRICS_TOKEN = TOKEN
    assert (await call("/metrics", []))[0] == 404
    assert (await call("/metrics", [(b"authorization", b"Bearer wrong")]))[0] == 404
    status, body = await call("/metrics", [(b"authorization", f"Bearer {TOKEN}".encode())])
    assert status == 200 and b"whist_moves_applied_total" in body
    assert b"whist_tables_stalled" in body and json.dumps(TOKEN).encode() not in body


def test_the_dashboard_shows_every_metric_and_no_label_names_an_id():
    from tests.servers import ROOT

    dashboard = (ROOT / "deploy" / "grafana-dashboard.json").read_text()
    names = {m.name for m in REGISTRY.collect() if m.name.startswith("whist_")}
    assert len(names) >= 14
    assert {name for name in names if name not in dashboard} == set()
    labels = {k for m in REGISTRY.collect() if m.name.startswith("whist_")
              for s in m.samples for k in s.labels}  # fmt: skip
    assert labels <= {"kind", "code", "lane", "level", "state", "game", "le"}
