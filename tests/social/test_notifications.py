"""The notification centre: what it holds (awards and level-ups from the
bookkeeping, moderators' notices, handled reports), the unread count in the header, and
each kind turned off in the profile."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import Report
from accounts.services import report_close, report_create
from rankings.models import SeatResult
from rankings.services import game_score_create
from social import services
from social.models import Kind, Notification
from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db


def test_awards_and_level_ups_of_a_scored_game_are_notified(
    make_user, django_capture_on_commit_callbacks
):
    ann = make_user("ann")
    table = store(winning("german", 2, 0), [ann, "beginner"])
    with django_capture_on_commit_callbacks(execute=True):
        game_score_create(table.pk)
    result = SeatResult.objects.get(table=table, user=ann)
    kinds = set(Notification.objects.filter(user=ann).values_list("kind", flat=True))
    assert result.achievements, "a first win earns an achievement"
    assert Kind.AWARD in kinds
    assert (Kind.LEVEL_UP in kinds) == (result.level_after > result.level_before)
    award = Notification.objects.get(user=ann, kind=Kind.AWARD)
    assert award.data["achievements"] == list(result.achievements)


def test_a_warning_and_a_handled_report_are_notified(make_user, django_capture_on_commit_callbacks):
    ann, bob = make_user("ann"), make_user("bob")
    mod = make_user("mod")
    report = report_create(ann, bob, Report.Reason.ABUSE, "rude")
    with django_capture_on_commit_callbacks(execute=True):
        report_close(mod, report, Report.Outcome.WARNED)
    warned = Notification.objects.get(user=bob)
    assert warned.kind == Kind.MODERATION and warned.data["what"] == "warned"
    handled = Notification.objects.get(user=ann)
    assert handled.kind == Kind.MODERATION and handled.data == {
        "what": "report_handled", "name": "Bob",
    }  # fmt: skip


def test_a_kind_turned_off_is_not_kept(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    services.settings_save(bob, [Kind.FRIEND_REQUEST])
    services.friend_request(ann, bob)
    assert not Notification.objects.filter(user=bob).exists()
    services.notify(bob.pk, Kind.LEVEL_UP, {"level": 3})
    assert Notification.objects.filter(user=bob, kind=Kind.LEVEL_UP).exists()


def test_the_profile_turns_kinds_off(make_user):
    bob = make_user("bob")
    client = Client()
    client.force_login(bob)
    page = client.get("/accounts/players/bob/").content.decode()
    assert 'data-testid="notification-settings"' in page
    kept = [k for k in Kind.values if k != Kind.TABLE_STARTED]
    client.post("/notifications/settings/", {"kind": kept})
    services.notify(bob.pk, Kind.TABLE_STARTED, {"name": "Ann", "table_id": 1, "game": "german"})
    assert not Notification.objects.filter(user=bob).exists()


def test_the_header_counts_unread_and_the_centre_reads_them(make_user):
    bob = make_user("bob")
    for level in (2, 3):
        services.notify(bob.pk, Kind.LEVEL_UP, {"level": level, "username": "bob"})
    client = Client()
    client.force_login(bob)
    home = client.get("/").content.decode()
    assert 'data-testid="notice-count">2</span>' in home
    centre = client.get("/notifications/").content.decode()
    assert "You reached level 3." in centre and centre.count('class="notification unread"') == 2
    assert 'data-testid="notice-count" hidden>0</span>' in client.get("/").content.decode()


def test_a_page_without_a_socket_opens_the_notices_socket_and_one_with_one_does_not(make_user):
    bob = make_user("bob")
    client = Client()
    client.force_login(bob)
    assert 'data-own-socket="0"' in client.get("/").content.decode()
    assert 'data-own-socket="1"' in client.get("/lobby/").content.decode()
    assert 'data-testid="notice-toasts"' not in Client().get("/").content.decode()


def test_the_centre_dates_a_notice_in_24_hours_year_first_in_english(make_user):
    """Django's English dates read "12/06/2026 5 p.m." (the 12th of June to most readers,
    no minutes), where the site's other times read "2026-12-06 17:03"."""
    from datetime import UTC, datetime

    bob = make_user("bob")
    services.notify(bob.pk, Kind.LEVEL_UP, {"level": 3, "username": "bob"})
    when = datetime(2026, 12, 6, 17, 4, tzinfo=UTC)
    Notification.objects.filter(user=bob).update(created=when)
    client = Client()
    client.force_login(bob)
    centre = client.get("/notifications/").content.decode()
    assert '<span class="help">2026-12-06 17:04</span>' in centre
