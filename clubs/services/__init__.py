"""Writes of the clubs app, one function per `<entity>_<action>`."""

from clubs.services.clubs import club_close, club_create, club_edit
from clubs.services.members import (
    invitation_answer,
    member_erase,
    member_invite,
    member_join,
    member_leave,
    member_remove,
    member_role,
    request_answer,
)
from clubs.services.wall import post_add, post_hide, post_report, post_shown, posts_remove
from games.services.errors import ServiceError

__all__ = [
    "ServiceError", "club_close", "club_create", "club_edit", "invitation_answer", "member_erase",
    "member_invite", "member_join", "member_leave", "member_remove", "member_role", "post_add",
    "post_hide", "post_report", "post_shown", "posts_remove", "request_answer",
]  # fmt: skip
