"""Reads of clubs: the list, a club's members, requests and wall, a player's clubs and
role, and a club's leaderboard of one game."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, Count, Q, QuerySet, When

from accounts.selectors import blocked_ids
from clubs.models import Club, Membership, Post
from rankings.models import Rating
from rankings.selectors import leaderboard as site_leaderboard

MEMBER = Membership.Status.MEMBER
STAFF_ROLES = (Membership.Role.OWNER, Membership.Role.MODERATOR)
WALL_LINES = 50


def clubs_listed() -> QuerySet[Club]:
    """Every club with its number of members, the biggest first."""
    members = Count("memberships", filter=Q(memberships__status=MEMBER))
    return Club.objects.annotate(members=members).order_by("-members", "name")


def membership_of(club: Club | int, user: Any) -> Membership | None:
    """The viewer's row in the club (a member's, a request's or an invitation's), or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    club_id = club if isinstance(club, int) else club.pk
    return Membership.objects.filter(club_id=club_id, user_id=user.pk).first()


def is_member(club_id: int, user: Any) -> bool:
    row = membership_of(club_id, user)
    return row is not None and row.status == MEMBER


def is_club_staff(club_id: int, user: Any) -> bool:
    """An owner or moderator of this club (the powers end at the club's page)."""
    row = membership_of(club_id, user)
    return row is not None and row.status == MEMBER and row.role in STAFF_ROLES


def member_ids(club_id: int) -> list[int]:
    rows = Membership.objects.filter(club_id=club_id, status=MEMBER)
    return list(rows.values_list("user_id", flat=True))


def members(club: Club) -> QuerySet[Membership]:
    """The members, owners first, then moderators, then by the time they joined (the page
    shows them a page at a time)."""
    rows = Membership.objects.filter(club=club, status=MEMBER).select_related("user")
    rank = Case(When(role=Membership.Role.OWNER, then=0),
                When(role=Membership.Role.MODERATOR, then=1), default=2)  # fmt: skip
    return rows.order_by(rank, "since", "pk")


def pending(club: Club, status: str) -> list[Membership]:
    """The requests to join (REQUESTED) or the invitations out (INVITED)."""
    rows = Membership.objects.filter(club=club, status=status).select_related("user")
    return list(rows.order_by("since", "pk"))


def clubs_of(user: Any) -> list[Membership]:
    """The clubs a player is a member of, with their role, by name."""
    rows = Membership.objects.filter(user_id=user.pk, status=MEMBER).select_related("club")
    return list(rows.order_by("club__name"))


def invitations_of(user: Any) -> list[Membership]:
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    rows = Membership.objects.filter(user_id=user.pk, status=Membership.Status.INVITED)
    return list(rows.select_related("club", "invited_by"))


def wall(club: Club, viewer: Any = None, limit: int = WALL_LINES) -> list[Post]:
    """The newest posts not hidden by the club's owners or moderators, without the lines
    of players the viewer blocked (as the table chat hides them)."""
    rows = Post.objects.filter(club=club, hidden_by__isnull=True).select_related("author")
    hidden = blocked_ids(viewer)
    if hidden:
        rows = rows.exclude(author_id__in=hidden)
    return list(rows[:limit])


def leaderboard(club: Club, game: str) -> QuerySet[Rating]:
    """The site's leaderboard of one game (established players only, docs/rules.md §4.3)
    narrowed to the club's members."""
    return site_leaderboard(game).filter(
        user__club_memberships__club=club, user__club_memberships__status=MEMBER
    )
