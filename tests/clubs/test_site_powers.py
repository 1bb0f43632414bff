"""A club's owners and moderators never get site-wide powers (issue 44 item 5): not the
admin, not the site moderators' permissions, not another club's wall or members, not a
public event, not another organiser's event."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts.moderators import ACCOUNTS_PERMISSIONS
from clubs import services
from tournaments import services as events

from .conftest import club_of

pytestmark = pytest.mark.django_db


def test_a_club_moderator_is_not_staff_and_has_no_moderator_permission(people: Any) -> None:
    ann, mo = people("ann", "mo")
    club = club_of(ann, moderators=[mo])
    services.member_role(ann, club.pk, mo.pk, "owner")
    mo.refresh_from_db()
    assert not mo.is_staff and not mo.is_superuser and not mo.groups.exists()
    assert not any(mo.has_perm(f"accounts.{code}") for code in ACCOUNTS_PERMISSIONS)
    assert not mo.has_perm("games.change_chatmessage")


def test_a_club_moderator_is_turned_away_from_the_admin(people: Any) -> None:
    ann, mo = people("ann", "mo")
    club_of(ann, moderators=[mo])
    client = Client()
    client.force_login(mo)
    for url in ("/admin/", "/admin/games/chatmessage/", "/admin/clubs/club/"):
        response = client.get(url)
        assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_club_moderator_has_no_power_over_another_clubs_wall_or_members(people: Any) -> None:
    ann, mo, zed, bob = people("ann", "mo", "zed", "bob")
    club_of(ann, moderators=[mo])
    other = club_of(zed, name="Spades Club", members=[bob])
    post = services.post_add(bob, other.pk, "Hello")
    with pytest.raises(services.ServiceError) as refused:
        services.post_hide(mo, other.pk, post.pk)
    assert refused.value.code == "forbidden"
    with pytest.raises(services.ServiceError) as refused:
        services.member_remove(mo, other.pk, bob.pk)
    assert refused.value.code == "forbidden"


def test_a_club_moderator_cannot_hide_a_post_of_another_club_through_their_own(
    people: Any,
) -> None:
    ann, mo, zed, bob = people("ann", "mo", "zed", "bob")
    mine = club_of(ann, moderators=[mo])
    other = club_of(zed, name="Spades Club", members=[bob])
    post = services.post_add(bob, other.pk, "Hello")
    with pytest.raises(services.ServiceError) as refused:
        services.post_hide(mo, mine.pk, post.pk)
    assert refused.value.code == "no_post"


def test_a_club_owner_creates_no_public_event_and_moves_no_one_elses(people: Any) -> None:
    ann, zed = people("ann", "zed")
    club = club_of(ann)
    start = timezone.now() + timedelta(hours=1)
    with pytest.raises(events.ServiceError) as refused:
        events.event_create(ann, name="Open", game="whist", starts_at=start, rounds=2,
                            club=club, private=False)  # fmt: skip
    assert refused.value.code == "forbidden"
    theirs = events.event_create(zed, name="Zed's", game="whist", starts_at=start, rounds=2,
                                 private=True)  # fmt: skip
    with pytest.raises(events.ServiceError) as refused:
        events.event_cancel(ann, theirs.pk)
    assert refused.value.code == "forbidden"
