"""The club's wall: members write on it, its owners and moderators hide lines."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from accounts.selectors import mute_active
from accounts.text import clean_text
from clubs.models import Club, Post
from clubs.selectors import is_club_staff, is_member
from games.services.errors import ServiceError

POST_LENGTH = 500


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
