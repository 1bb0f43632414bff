"""django-friendship's rows in the admin, in the staff member's language: friend requests
and friendships with their columns and fields named here (its models' fields have English
names, and changing them would change its migrations). Its following and blocking models
are not offered: the site uses neither (a block is accounts.Block, in the accounts' admin)."""

from __future__ import annotations

from typing import Any

import friendship.admin  # noqa: F401  (registers its admins first, to be replaced here)
from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop
from friendship.models import Block, Follow, Friend, FriendshipRequest

# django-friendship's own model names, translated in locale/ (marked so makemessages keeps them).
MODEL_NAMES = (
    gettext_noop("Friendship Request"), gettext_noop("Friendship Requests"),
    gettext_noop("Friend"), gettext_noop("Friends"),
)  # fmt: skip

LABELS = {
    "from_user": _("From"), "to_user": _("To"), "message": _("Message"),
    "created": _("Sent"), "rejected": _("Declined"), "viewed": _("Seen"),
}  # fmt: skip
SINCE = _("Since")  # a friendship's "created"


class Labelled(admin.ModelAdmin):
    """The form's fields under `labels`' names."""

    labels: dict[str, Any] = LABELS

    def formfield_for_dbfield(self, db_field: Any, request: Any, **kwargs: Any) -> Any:
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if field is not None and db_field.name in self.labels:
            field.label = self.labels[db_field.name]
        return field


@admin.display(description=LABELS["from_user"], ordering="from_user")
def _from(row: Any) -> Any:
    return row.from_user


@admin.display(description=LABELS["to_user"], ordering="to_user")
def _to(row: Any) -> Any:
    return row.to_user


@admin.display(description=LABELS["created"], ordering="created")
def _sent(row: Any) -> Any:
    return row.created


@admin.display(description=SINCE, ordering="created")
def _since(row: Any) -> Any:
    return row.created


class FriendshipRequestAdmin(Labelled):
    list_display = (_from, _to, _sent)
    raw_id_fields = ("from_user", "to_user")


class FriendAdmin(Labelled):
    labels = {**LABELS, "created": SINCE}
    list_display = (_from, _to, _since)
    raw_id_fields = ("from_user", "to_user")


for model in (Block, Follow, Friend, FriendshipRequest):
    admin.site.unregister(model)
admin.site.register(FriendshipRequest, FriendshipRequestAdmin)
admin.site.register(Friend, FriendAdmin)
