"""Optional error reports to Sentry (sentry-sdk), only when WHIST_SENTRY_DSN is set, and
without personal data (docs/deployment.md §"Logs").

The SDK adds no users, cookies or addresses by default (its deprecated `send_default_pii`
is left unset, and no `data_collection` is given); `scrub`, its `before_send`, drops what
could still carry them: the user, the request's cookies, headers, body and query string,
the frames' local variables, and the breadcrumbs (earlier log lines, which name players:
the security log's lines do). What is left: the exception,
its stack, the path, the method, and the log context's ids (request, user hash, table).
"""

from __future__ import annotations

from typing import Any

KEPT_HEADERS = {"user-agent", "content-type", "content-length", "x-request-id"}


def install(dsn: str, transport: Any = None) -> bool:
    """Start reporting to `dsn` (nothing if empty); `transport` replaces the network (tests)."""
    if not dsn:
        return False
    import sentry_sdk

    options: dict[str, Any] = {"transport": transport} if transport is not None else {}
    sentry_sdk.init(
        dsn=dsn,
        include_local_variables=False,
        max_breadcrumbs=0,
        before_send=scrub,
        traces_sample_rate=0.0,
        **options,
    )
    return True


def scrub(event: Any, hint: dict[str, Any]) -> Any:
    """The event without personal data; the log context's ids as tags."""
    from runtime import log_context

    event.pop("user", None)
    event.pop("breadcrumbs", None)
    event.pop("server_name", None)
    request = event.get("request")
    if isinstance(request, dict):
        for key in ("cookies", "data", "query_string", "env"):
            request.pop(key, None)
        headers = request.get("headers") or {}
        request["headers"] = {k: v for k, v in headers.items() if k.lower() in KEPT_HEADERS}
        if isinstance(request.get("url"), str):
            request["url"] = request["url"].split("?", 1)[0]
    for exception in (event.get("exception") or {}).get("values", []):
        for frame in (exception.get("stacktrace") or {}).get("frames", []):
            frame.pop("vars", None)
    event.setdefault("tags", {}).update(log_context.current())
    return event
