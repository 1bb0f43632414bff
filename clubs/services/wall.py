"""The club's wall: members write on it, its owners and moderators hide lines, a member
reports a line to the site's moderators, who may hide it too."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import AuditEntry, Report, User
from accounts.selectors import mute_active
from accounts.services import ModerationError, audit_record, report_create
from accounts.text import clean_text
from clubs.models import Club, Post
from clubs.selectors import is_club_staff, is_member
from games.services.errors import ServiceError

POST_LENGTH = 500
AROUND = (8, 4)  # a reported line's context: the lines written just before and after it


def post_add(user: User, club_id: int, text: str) -> Post:
    """A member writes a line; a player the site muted cannot (the site's mute holds here)."""
    club = Club.objects.filter(pk=club_id).first()
    if club is None or not is_member(club_id, user):
        raise ServiceError("not_member", _("Only the club's members write on its wall."))
    if mute_active(user):
        raise ServiceError("muted", _("You are muted and cannot write for now."))
    text = " ".join(clean_text(str(text or "")).split())
    if not text or len(text) > POST_LENGTH:
        raise ServiceError("bad_text", ngettext(
            "Write at least one and at most %(most)s character.",
            "Write at least one and at most %(most)s characters.",
            POST_LENGTH,
        ) % {"most": POST_LENGTH})  # fmt: skip
    return Post.objects.create(club=club, author=user, text=text)


def post_hide(user: User, club_id: int, post_id: int) -> None:
    """An owner or moderator of this club hides a line of its wall (no other club's)."""
    if not is_club_staff(club_id, user):
        raise ServiceError("forbidden", _("Only the club's owners and moderators hide posts."))
    if not Post.objects.filter(pk=post_id, club_id=club_id).update(hidden_by=user):
        raise ServiceError("no_post", _("There is no such post on this club's wall."))


def post_shown(club_id: int, post_id: int) -> Post:
    """A line of the club's wall that is still shown, with its writer and club: a hidden
    line is gone, its report page included."""
    post = (
        Post.objects.select_related("author", "club")
        .filter(pk=post_id, club_id=club_id, hidden_by__isnull=True)
        .first()
    )
    if post is None:
        raise ServiceError("no_post", _("There is no such post on this club's wall."))
    return post


def post_report(user: User, post: Post, reason: str, text: str = "") -> Report:
    """A member of the club reports the writer of a line of its wall to the site's
    moderators; the report keeps the line, the lines around it and the club as they were."""
    if not is_member(post.club_id, user):
        raise ServiceError("not_member", _("Only the club's members report lines of its wall."))
    club = post.club
    context = {
        "club": {"id": club.pk, "name": club.name, "slug": club.slug},
        "line": _line(post),
        "wall": _around(post),
    }
    try:
        return report_create(user, post.author, reason, text, wall_post_id=post.pk, context=context)
    except ModerationError as error:
        raise ServiceError("bad_report", str(error)) from error


def posts_remove(moderator: User, post_ids: list[int], reason: str = "") -> int:
    """The site's moderators hide wall lines (from a report); one audit row per line hidden.
    The count hidden."""
    with transaction.atomic():
        rows = list(Post.objects.select_for_update().filter(pk__in=post_ids,
                                                            hidden_by__isnull=True))  # fmt: skip
        Post.objects.filter(pk__in=[p.pk for p in rows]).update(hidden_by=moderator)
        for post in rows:
            audit_record(
                moderator, AuditEntry.Action.WALL_HIDE, target_user=post.author,
                target=f"wall post {post.pk} in club {post.club_id}", reason=reason,
                details={"post": post.pk, "club": post.club_id, "text": post.text},
            )  # fmt: skip
    return len(rows)


def _line(post: Post) -> dict[str, Any]:
    return {"id": post.pk, "name": str(post.author), "username": post.author.username,
            "text": post.text, "at": post.created.isoformat()}  # fmt: skip


def _around(post: Post) -> list[dict[str, Any]]:
    """The line with the lines written just before and after it on its wall, hidden ones
    included (what a moderator needs to judge a report)."""
    rows = Post.objects.filter(club_id=post.club_id).select_related("author")
    before, after = AROUND
    earlier = rows.filter(pk__lt=post.pk).order_by("-pk")[:before]
    later = rows.filter(pk__gte=post.pk).order_by("pk")[: after + 1]
    return [{**_line(p), "hidden": p.hidden_by_id is not None}
            for p in [*reversed(earlier), *later]]  # fmt: skip
