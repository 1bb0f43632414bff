"""An erased account and its clubs (privacy.erasure): a club it alone owned passes to its
longest-standing moderator, else its longest-standing member; a club left with nobody is
gone; the account's wall lines go with it, as its table chat does."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs import selectors, services
from clubs.models import Club, Membership, Post
from privacy.erasure import erase

from .conftest import club_of

pytestmark = pytest.mark.django_db


def joined_days_ago(club: Club, user: Any, days: int, role: str = "member") -> None:
    Membership.objects.create(
        club=club, user=user, role=role, since=timezone.now() - timedelta(days=days)
    )


def test_an_erased_owners_club_passes_to_its_longest_standing_moderator(people: Any) -> None:
    ann, old, mo1, mo2 = people("ann", "old", "mo1", "mo2")
    club = club_of(ann)
    joined_days_ago(club, old, 30)  # a member for longer, but not a moderator
    joined_days_ago(club, mo2, 5, "moderator")
    joined_days_ago(club, mo1, 10, "moderator")
    assert erase(ann)
    assert selectors.membership_of(club, mo1).role == Membership.Role.OWNER
    assert selectors.membership_of(club, mo2).role == Membership.Role.MODERATOR


def test_an_erased_owners_club_without_moderators_passes_to_its_longest_standing_member(
    people: Any,
) -> None:
    ann, new, old = people("ann", "new", "old")
    club = club_of(ann)
    joined_days_ago(club, new, 1)
    joined_days_ago(club, old, 9)
    assert erase(ann)
    assert selectors.membership_of(club, old).role == Membership.Role.OWNER


def test_a_club_with_another_owner_keeps_its_roles_when_one_owner_is_erased(
    people: Any,
) -> None:
    ann, zed, bob = people("ann", "zed", "bob")
    club = club_of(ann, members=[bob])
    joined_days_ago(club, zed, 3, "owner")
    assert erase(ann)
    assert selectors.membership_of(club, bob).role == Membership.Role.MEMBER


def test_a_club_left_with_nobody_by_an_erasure_is_gone(people: Any) -> None:
    (ann,) = people("ann")
    club_of(ann)
    assert erase(ann)
    assert not Club.objects.exists()


def test_an_erased_players_wall_lines_go_with_them(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    services.post_add(bob, club.pk, "Bob was here")
    services.post_add(ann, club.pk, "Welcome")
    assert erase(bob)
    assert list(Post.objects.values_list("text", flat=True)) == ["Welcome"]
