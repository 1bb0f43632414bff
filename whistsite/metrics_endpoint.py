"""`GET /metrics` of a Daphne process: its own metrics (runtime/metrics.py) and the site-wide
gauges read at each scrape (docs/deployment.md §"Metrics").

Protected by a token: Prometheus sends `Authorization: Bearer <WHIST_METRICS_TOKEN>`; any
other request gets 404, as does every request while no token is set. nginx's template
answers 404 for /metrics too, so only a scraper on the private network that knows the token
reads it. Each Daphne process answers for itself (scrape every one); the site-wide gauges
(queues, stalled tables, analyses, the pool) are the same from every process: take their max.
"""

from __future__ import annotations

import hmac
from datetime import timedelta
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db.models import Count
from django.utils import timezone
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, Gauge, generate_latest

from runtime.scheduling import LANES, queue_name

QUEUE_LENGTH = Gauge("whist_celery_queue_length", "Tasks waiting in a lane's queue", ["lane"])
STALLED = Gauge(
    "whist_tables_stalled",
    "Tables in play whose turn is past its deadline by more than the watchdog's slack",
)
ANALYSES = Gauge("whist_analyses_waiting", "Game and upload analyses not done yet", ["state"])
POOL_WAITING = Gauge("whist_pool_waiting_players", "Players waiting in the quick-play pool",
                     ["game"])  # fmt: skip
# kombu's Redis transport keeps a queue's messages in lists: its name, and one per priority
# step beyond the first (name + "\x06\x16" + step).
PRIORITY_STEPS = ("", "\x06\x163", "\x06\x166", "\x06\x169")


class MetricsEndpoint:
    """ASGI middleware: answers /metrics to the token's holder, passes everything else on."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"] != "/metrics":
            await self.inner(scope, receive, send)
            return
        if not _authorised(scope):
            await _answer(send, 404, b"not found\n", b"text/plain")
            return
        await database_sync_to_async(refresh_site_gauges)()
        await _answer(send, 200, generate_latest(REGISTRY), CONTENT_TYPE_LATEST.encode())


def _authorised(scope: dict) -> bool:
    token = settings.WHIST_METRICS_TOKEN
    if not token:
        return False
    sent = dict(scope.get("headers") or []).get(b"authorization", b"")
    return hmac.compare_digest(sent, f"Bearer {token}".encode())


async def _answer(send: Any, status: int, body: bytes, kind: bytes) -> None:
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"no-store")]  # fmt: skip
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def refresh_site_gauges() -> None:
    """Read what the whole site shares: each a failure of its own, left at its last value."""
    for refresh in (_queues, _stalled, _analyses, _pool):
        try:
            refresh()
        except Exception:  # noqa: BLE001 - a service away: the scrape still answers
            continue


def _queues() -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    from celery import current_app

    with current_app.connection_for_read() as connection:
        client = connection.default_channel.client
        for lane in sorted(set(LANES.values())):
            name = queue_name(lane)
            QUEUE_LENGTH.labels(lane=lane).set(
                sum(client.llen(name + step) for step in PRIORITY_STEPS)
            )


def _stalled() -> None:
    from games.models import Table

    slack = timedelta(seconds=settings.WHIST_WATCHDOG_SLACK)
    STALLED.set(
        Table.objects.filter(
            status=Table.Status.PLAYING, turn_deadline__lt=timezone.now() - slack
        ).count()
    )


def _analyses() -> None:
    from records.models import AnalysisRow, RecordAnalysis, UploadAnalysis

    for state in (AnalysisRow.Status.QUEUED, AnalysisRow.Status.RUNNING):
        ANALYSES.labels(state=state).set(
            RecordAnalysis.objects.filter(status=state).count()
            + UploadAnalysis.objects.filter(status=state).count()
        )


def _pool() -> None:
    from games.engine.descriptors import GAMES_BY_NAME
    from games.models import PoolEntry

    counts = dict(
        PoolEntry.objects.values_list("line__game")
        .annotate(n=Count("pk"))
        .values_list("line__game", "n")
    )
    for game in GAMES_BY_NAME:
        POOL_WAITING.labels(game=game).set(counts.get(game, 0))
