"""What each log line says it belongs to: the request or socket id, a hash of the user id and
the table id, kept in context variables (docs/deployment.md §"Logs").

An HTTP request (whistsite/request_ids.py), a socket (games/sockets/frames.py) and a Celery
task (whistsite/celery_metrics.py passes the ids in the task's headers) each bind their ids
for the code they run; `ContextFilter` copies them onto every log record, and
`JsonFormatter` writes one JSON object per line (WHIST_LOG_FORMAT=json). A move can then be
followed from its frame through its broadcast to the tasks it queued, by its `request` id.
"""

from __future__ import annotations

import contextvars
import json
import logging
import time
import uuid
from typing import Any

from django.conf import settings
from django.utils.crypto import salted_hmac

FIELDS = ("request", "user", "table")
_current: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "whist_log_context", default=None
)


def new_id() -> str:
    return uuid.uuid4().hex[:16]


def user_hash(user_id: Any) -> str | None:
    """A keyed hash of a user id (WHIST_LOG_KEY, else the secret key): lines of one player
    can be followed without the logs naming them."""
    if user_id is None:
        return None
    key = settings.WHIST_LOG_KEY or settings.SECRET_KEY
    return salted_hmac("whist.log-user", str(user_id), secret=key, algorithm="sha256").hexdigest()[
        :12
    ]


def bind(**fields: Any) -> contextvars.Token:
    """Add `fields` (request, user, table) to this context's; `unbind(token)` undoes it."""
    merged = {**(_current.get() or {}), **{k: v for k, v in fields.items() if v is not None}}
    return _current.set(merged)


def unbind(token: contextvars.Token) -> None:
    _current.reset(token)


def current() -> dict[str, str]:
    """The bound ids as text (a request's user hash is worked out now), for a task's headers."""
    found = {name: str(value) for name, value in (_current.get() or {}).items()}
    return {name: value for name, value in found.items() if value != "-"}


class ContextFilter(logging.Filter):
    """Puts the context's ids on each record (None where there is none)."""

    def filter(self, record: logging.LogRecord) -> bool:
        bound = _current.get() or {}
        for name in FIELDS:
            if not hasattr(record, name):
                setattr(record, name, bound.get(name))
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the context's ids, and the
    traceback if any. Written out: json.dumps of a record's fields needs no library."""

    converter = staticmethod(time.gmtime)  # UTC, as the "Z" says

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            value = value if value is None or isinstance(value, int | str) else str(value)
            if value not in (None, "-"):
                line[name] = value
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)
