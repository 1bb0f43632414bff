"""The club's wall (its chat, issue 44 item 5): members write, the site's mute holds there,
and the club's owners and moderators hide lines of their own club's wall only."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Mute
from clubs import selectors, services

from .conftest import club_of

pytestmark = pytest.mark.django_db


def test_only_members_write_on_the_wall(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann)
    services.post_add(ann, club.pk, "  Drive on   Friday ")
    with pytest.raises(services.ServiceError) as refused:
        services.post_add(bob, club.pk, "Spam")
    assert refused.value.code == "not_member"
    assert [p.text for p in selectors.wall(club)] == ["Drive on Friday"]


def test_a_player_muted_by_the_site_cannot_write_on_the_wall(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    Mute.objects.create(user=bob, reason="rude", until=timezone.now() + timedelta(hours=1))
    with pytest.raises(services.ServiceError) as refused:
        services.post_add(bob, club.pk, "Hello")
    assert refused.value.code == "muted"


def test_a_wall_post_has_one_to_five_hundred_characters(people: Any) -> None:
    (ann,) = people("ann")
    club = club_of(ann)
    for text in ("   ", "x" * 501):
        with pytest.raises(services.ServiceError) as refused:
            services.post_add(ann, club.pk, text)
        assert refused.value.code == "bad_text"


def test_a_clubs_moderator_hides_a_post_of_its_wall(people: Any) -> None:
    ann, mo, bob = people("ann", "mo", "bob")
    club = club_of(ann, moderators=[mo], members=[bob])
    post = services.post_add(bob, club.pk, "Rude words")
    with pytest.raises(services.ServiceError):  # a member does not hide
        services.post_hide(bob, club.pk, post.pk)
    services.post_hide(mo, club.pk, post.pk)
    assert selectors.wall(club) == []


def test_wall_lines_are_limited_per_player(people: Any, settings: Any) -> None:
    settings.WHIST_RATE_WALL = "2/h"
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    client = Client()
    client.force_login(bob)
    for text in ("one", "two", "three"):
        page = client.post(f"/clubs/{club.slug}/do/post/", {"text": text}, follow=True)
    assert sorted(p.text for p in selectors.wall(club)) == ["one", "two"]
    assert "many lines on walls" in page.content.decode()
