"""Error reports to Sentry (whistsite/error_reports.py): off unless WHIST_SENTRY_DSN is set,
and what is sent carries no personal data. A transport that records replaces the network."""

from __future__ import annotations

import json
import logging
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
import sentry_sdk
from django.conf import settings
from sentry_sdk.transport import Transport

from runtime import log_context
from whistsite.error_reports import install

DSN = "https://public@sentry.example.invalid/1"


class Recorder(Transport):
    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.events: list[dict] = []

    def capture_envelope(self, envelope: Any) -> None:
        for item in envelope.items:
            if item.type == "event":
                self.events.append(json.loads(item.payload.get_bytes()))


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    recording = Recorder()
    assert install(DSN, transport=recording)
    try:
        yield recording
    finally:
        sentry_sdk.get_client().close()
        sentry_sdk.init()  # no DSN: off again


def test_reports_are_off_unless_a_dsn_is_set() -> None:
    assert settings.WHIST_SENTRY_DSN == ""
    assert not sentry_sdk.get_client().is_active()
    assert install("") is False


def test_a_report_carries_no_personal_data(recorder: Recorder) -> None:
    def as_django_would(event: dict, hint: dict) -> dict:
        event["request"] = {
            "url": "https://whist.example.org/accounts/profile/?email=ann@example.org",
            "method": "POST", "query_string": "email=ann@example.org",
            "cookies": {"sessionid": "s3cret"}, "data": {"password": "hunter2"},
            "headers": {"Cookie": "sessionid=s3cret", "Authorization": "Bearer t0ken",
                        "X-Forwarded-For": "203.0.113.9", "User-Agent": "Firefox"},
            "env": {"REMOTE_ADDR": "203.0.113.9"},
        }  # fmt: skip
        return event

    token = log_context.bind(request="r-1", table=7, user=log_context.user_hash(3))
    with sentry_sdk.new_scope() as scope:
        scope.set_user({"id": 3, "username": "ann", "email": "ann@example.org"})
        scope.add_event_processor(as_django_would)
        logging.getLogger("accounts.security").warning("event=login user=ann")
        try:
            password = "hunter2"  # noqa: F841 - a local the report must not carry
            raise ValueError("the failure")
        except ValueError as exc:
            sentry_sdk.capture_exception(exc)
    log_context.unbind(token)
    sentry_sdk.flush()

    [event] = recorder.events
    frames = event["exception"]["values"][0]["stacktrace"]["frames"]
    assert all("vars" not in frame for frame in frames)
    for frame in frames:  # the source lines around a frame are code (this test's own text)
        for key in ("pre_context", "context_line", "post_context"):
            frame.pop(key, None)
    text = json.dumps(event)
    for personal in ("ann@example.org", "s3cret", "hunter2", "t0ken", "203.0.113.9", '"ann"'):
        assert personal not in text, personal
    assert "user" not in event and not event.get("breadcrumbs", {}).get("values")
    assert event["request"]["url"] == "https://whist.example.org/accounts/profile/"
    assert event["request"]["headers"] == {"User-Agent": "Firefox"}
    assert event["exception"]["values"][0]["value"] == "the failure"
    assert event["tags"]["request"] == "r-1" and event["tags"]["table"] == "7"


def test_reports_start_without_the_sdks_deprecation_warnings() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert install(DSN, transport=Recorder())
    sentry_sdk.get_client().close()
    sentry_sdk.init()
    assert [str(w.message) for w in caught if w.category is DeprecationWarning] == []
