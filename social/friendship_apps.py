"""django-friendship's app under names staff read in the admin (INSTALLED_APPS names it in
place of "friendship"; its label and migrations are unchanged): its index showed the bare
"Friendship", and its rows named themselves in English ("User #4 friendship requested #5").
Its models' names are django-friendship's own words, translated in locale/ (social.admin marks
them for makemessages)."""

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from friendship.apps import FriendshipConfig


def _request_name(row: Any) -> str:
    return gettext("Friend request from player #%(from)s to player #%(to)s") % {
        "from": row.from_user_id, "to": row.to_user_id}  # fmt: skip


def _friend_name(row: Any) -> str:
    return gettext("Player #%(to)s is friends with player #%(from)s") % {
        "from": row.from_user_id, "to": row.to_user_id}  # fmt: skip


class FriendshipsConfig(FriendshipConfig):
    verbose_name = _("Friendships")

    def ready(self) -> None:
        super().ready()
        # By their ids, as django-friendship's own names: a list of rows reads no user.
        self.get_model("FriendshipRequest").__str__ = _request_name
        self.get_model("Friend").__str__ = _friend_name
