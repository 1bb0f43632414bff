"""Reporting a club's wall line (docs/guide.md, "Clubs" and "Moderation"): a member reports
another's line as a chat line is reported (the same form, the same hourly limit of reports);
the site's moderators see the line with the wall around it in the reports queue and may
hide it, which takes it off the wall."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from accounts.models import AuditEntry, Report
from accounts.moderators import ACCOUNTS_PERMISSIONS
from clubs import selectors, services
from clubs.apps import MODERATOR_PERMISSIONS as CLUBS_PERMISSIONS
from tests.staff import made_moderator, staff_client

from .conftest import club_of

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def report_url(club: Any, post: Any) -> str:
    return f"/clubs/{club.slug}/wall/{post.pk}/report/"


@pytest.fixture
def moderator(people: Any) -> Any:
    """A site moderator: staff in the Moderators group (made as the migrations make it)."""
    (mod,) = people("mod")
    return made_moderator(mod, {"accounts": ACCOUNTS_PERMISSIONS, "clubs": CLUBS_PERMISSIONS})


def test_a_member_reports_a_wall_line_and_moderators_see_it(people: Any, moderator: Any) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    club = club_of(ann, members=[bob, cy])
    services.post_add(ann, club.pk, "Drive on Friday")
    rude = services.post_add(bob, club.pk, "you are all idiots")
    services.post_add(cy, club.pk, "please be nice")
    page = client_of(cy).get(f"/clubs/{club.slug}/").content.decode()
    assert report_url(club, rude) in page  # the line's report link
    answer = client_of(cy).post(report_url(club, rude), {"reason": "abuse", "text": "rude"})
    assert answer.status_code == 302 and answer["Location"] == f"/clubs/{club.slug}/"
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.wall_post_id) == (cy, bob, rude.pk)

    mod = staff_client(moderator)
    queue = mod.get("/admin/accounts/report/?status__exact=open").content.decode()
    assert "you are all idiots" in queue
    shown = mod.get(f"/admin/accounts/report/{report.pk}/change/").content.decode()
    for text in ("Drive on Friday", "<mark><b>Bob</b>: you are all idiots</mark>",
                 "please be nice", "Hearts Club", f"/admin/clubs/post/?id={rude.pk}"):  # fmt: skip
        assert text in shown


def test_a_line_shows_a_report_link_to_members_on_others_lines_only(people: Any) -> None:
    ann, bob, dan = people("ann", "bob", "dan")
    club = club_of(ann, members=[bob])
    own = services.post_add(bob, club.pk, "mine")
    other = services.post_add(ann, club.pk, "theirs")
    page = client_of(bob).get(f"/clubs/{club.slug}/").content.decode()
    assert report_url(club, other) in page and report_url(club, own) not in page
    outside = client_of(dan).get(f"/clubs/{club.slug}/").content.decode()
    assert 'data-testid="report-post"' not in outside


def test_only_the_clubs_members_report_its_wall_lines(people: Any) -> None:
    ann, dan = people("ann", "dan")
    club = club_of(ann)
    post = services.post_add(ann, club.pk, "Members only")
    answer = client_of(dan).post(report_url(club, post), {"reason": "abuse"})
    assert answer.status_code == 403 and not Report.objects.exists()
    with pytest.raises(services.ServiceError) as refused:
        services.post_report(dan, post, "abuse")
    assert refused.value.code == "not_member"


def test_a_player_cannot_report_their_own_wall_line(people: Any) -> None:
    (ann,) = people("ann")
    club = club_of(ann)
    post = services.post_add(ann, club.pk, "Hello")
    page = client_of(ann).post(report_url(club, post), {"reason": "abuse"}).content.decode()
    assert "You cannot report yourself." in page and not Report.objects.exists()


def test_wall_reports_count_against_the_hourly_limit_of_reports(people: Any, settings: Any) -> None:
    settings.WHIST_RATE_REPORTS = "2/h"
    ann, bob, cy = people("ann", "bob", "cy")
    club = club_of(ann, members=[bob, cy])
    lines = [services.post_add(bob, club.pk, f"line {i}") for i in range(2)]
    client = client_of(cy)
    elsewhere = client.post(reverse("report_player", args=[ann.username]), {"reason": "name"})
    assert elsewhere.status_code == 302  # a report of a player
    client.post(report_url(club, lines[0]), {"reason": "spam"})
    page = client.post(report_url(club, lines[1]), {"reason": "spam"}).content.decode()
    assert "many reports" in page
    assert list(Report.objects.values_list("wall_post_id", flat=True)) == [lines[0].pk, None]


def test_a_moderator_hides_a_reported_line_and_it_leaves_the_wall(
    people: Any, moderator: Any
) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    rude = services.post_add(bob, club.pk, "you are all idiots")
    services.post_report(ann, rude, "abuse")
    mod = staff_client(moderator)
    mod.post("/admin/clubs/post/", {"action": "hide", "_selected_action": [rude.pk]})
    assert selectors.wall(club) == []
    assert "you are all idiots" not in client_of(ann).get(f"/clubs/{club.slug}/").content.decode()
    assert client_of(ann).get(report_url(club, rude)).status_code == 404
    hidden = AuditEntry.objects.get(action=AuditEntry.Action.WALL_HIDE)
    assert (hidden.actor, hidden.target_user) == (moderator, bob)


@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "club wall line hidden"), ("de", "Pinnwand-Eintrag eines Clubs ausgeblendet"),
     ("nl", "prikbordbericht van een club verborgen")],
)  # fmt: skip
def test_the_audit_log_says_a_wall_line_was_hidden_not_a_chat_line(
    people: Any, moderator: Any, language: str, label: str
) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    rude = services.post_add(bob, club.pk, "you are all idiots")
    mod = staff_client(moderator)
    mod.post("/admin/clubs/post/", {"action": "hide", "_selected_action": [rude.pk]})
    log = mod.get("/admin/accounts/auditentry/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert label in log
    chat = {"en": "chat hidden", "de": "Chat ausgeblendet", "nl": "chat verborgen"}[language]
    assert chat not in log.split("<tbody>", 1)[1]  # the filter's list names every action


def test_the_migration_relabels_the_wall_lines_hidden_before_it(
    people: Any, moderator: Any
) -> None:
    from importlib import import_module

    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    rude = services.post_add(bob, club.pk, "you are all idiots")
    services.posts_remove(moderator, [rude.pk])
    AuditEntry.objects.update(action=AuditEntry.Action.HIDE)  # as written before the fix
    chat = AuditEntry.objects.create(actor=moderator, actor_name="mod", action="hide",
                                     target="chat message 7 at table 3",
                                     details={"message": 7, "table": 3})  # fmt: skip
    import_module("accounts.migrations.0016_audit_wall_hide").relabel(apps, None)
    assert AuditEntry.objects.get(details__post=rude.pk).action == "wall_hide"
    assert AuditEntry.objects.get(pk=chat.pk).action == "hide"
