"""Times away from the page (mail, push, a live notice) in the reader's chosen time zone,
named, never the sender's nor a "(UTC)" written after a local time."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail as outbox
from django.utils import timezone

from accounts import mail
from games import broadcast
from social.models import Kind, Notification
from social.services import notifications, pushing

pytestmark = pytest.mark.django_db

START = datetime(2027, 1, 15, 18, 0, tzinfo=UTC)  # winter: Amsterdam is UTC+1
MOVED = {"what": "moved", "title": "Winter cup", "starts_at": START.isoformat(),
         "url": "/events/1/"}  # fmt: skip


@pytest.fixture
def bob(db: Any) -> Any:
    return get_user_model().objects.create_user(
        "bob", password="pw", display_name="Bob", email="bob@example.org",
        time_zone="Europe/Amsterdam",
    )  # fmt: skip


@pytest.mark.parametrize(("name", "field"), [("deletion_scheduled", "due"),
                                             ("export_ready", "expires")])  # fmt: skip
def test_a_mails_times_are_in_its_readers_zone_named(
    bob: Any, name: str, field: str, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        mail.send(bob, name, {field: START, "link": "https://example.org/x"}, to=bob.email)
    (sent,) = outbox.outbox
    assert "19:00 (CET)" in sent.body and "(UTC)" not in sent.body


def test_a_mail_to_a_player_without_a_zone_names_utc(bob: Any) -> None:
    text = mail.render("deletion_scheduled", {"user": bob, "due": START}, "en")["text"]
    assert "18:00 (UTC)" in text


def test_a_push_is_worded_in_its_readers_zone(bob: Any) -> None:
    note = Notification.objects.create(user=bob, kind=Kind.EVENT, data=MOVED)
    note = Notification.objects.select_related("user").get(pk=note.pk)
    assert "2027-01-15 19:00 CET" in pushing.payload(note)["body"]


def test_a_live_notice_is_worded_in_its_readers_zone_not_the_senders(
    bob: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(broadcast, "user_send", lambda user_id, msg: sent.append(msg))
    with (
        timezone.override("America/New_York"),
        django_capture_on_commit_callbacks(execute=True),
    ):  # the organiser's request
        notifications.notify(bob.pk, Kind.EVENT, MOVED)
        notifications.notify_many(Kind.EVENT, [(bob.pk, MOVED)])
    words = [str(m["message"]["texts"]) for m in sent if m["message"].get("type") == "notice"]
    assert len(words) == 2 and all("19:00 CET" in w and "EST" not in w for w in words)
