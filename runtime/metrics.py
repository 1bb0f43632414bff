"""The site's Prometheus metrics, one registry per process (docs/deployment.md §"Metrics").

Names follow Prometheus' conventions (`whist_` prefix, the unit in the name, `_total` for
counters); every label has a small, fixed set of values (a move's kind, a socket's kind, a
close code, a lane, a bot level): never a table, user or channel id. The apps count here;
whistsite/metrics_endpoint.py serves them and adds the site-wide gauges read at each scrape.
In a Celery worker (prefork) these live in prometheus_client's multiprocess mode
(whistsite/celery_metrics.py).
"""

from __future__ import annotations

import contextvars
import time

from prometheus_client import Counter, Gauge, Histogram

# Seconds, for the latencies of a move's path (tens of ms) up to a bot's slow think.
FAST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# Seconds a task waited in its queue, up to minutes behind.
DELAY_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)

MOVES = Counter("whist_moves_applied_total", "Moves applied, by who made them",
                ["kind"])  # fmt: skip  # human, bot, timeout, claim
ACT_TO_BROADCAST = Histogram(
    "whist_act_to_broadcast_seconds",
    "From a player's act frame arriving to its new state published to the table",
    buckets=FAST_BUCKETS,
)
SOCKETS_OPEN = Gauge("whist_sockets_open", "Sockets open in this process, by kind", ["kind"])
HANDSHAKES_REFUSED = Counter(
    "whist_handshakes_refused_total", "Socket handshakes refused, by close code", ["code"]
)
PUBLISH_ERRORS = Counter(
    "whist_channel_layer_publish_errors_total", "Channel-layer sends that failed"
)
TASK_DELAY = Histogram(
    "whist_celery_task_delay_seconds",
    "From when a task was due (queued, or its countdown over) to when a worker started it",
    ["lane"], buckets=DELAY_BUCKETS,
)  # fmt: skip
BOT_DECISION = Histogram(
    "whist_bot_decision_seconds", "A bot's time to choose its action, by level", ["level"],
    buckets=FAST_BUCKETS,
)  # fmt: skip
WATCHDOG_REPAIRS = Counter(
    "whist_watchdog_repairs_total",
    "Turns the watchdog put right: a lost task queued again, a missing timer restored",
    ["kind"],
)  # requeued, timer
EVENT_ROUNDS_LATE = Counter(
    "whist_event_rounds_late_total", "Event rounds started more than a minute after due"
)
EVENT_ROUND_DELAY = Histogram(
    "whist_event_round_start_delay_seconds", "From an event round's due time to its start",
    buckets=(1, 5, 15, 60, 300, 900, 3600),
)  # fmt: skip
ROUND_LATE_AFTER = 60.0  # seconds past due that make a round late

# When the act frame that led to the change in hand arrived (time.perf_counter()), for
# ACT_TO_BROADCAST; the context follows the move into its database thread.
ACT_STARTED: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "whist_act_started", default=None
)


def act_started() -> contextvars.Token:
    """The act frame in hand arrived now; reset with the token once it is handled."""
    return ACT_STARTED.set(time.perf_counter())


def broadcast_done(started: float | None) -> None:
    if started is not None:
        ACT_TO_BROADCAST.observe(time.perf_counter() - started)
