"""Every write of the social app: friends, invitations, notifications, settings."""

from games.services.errors import ServiceError
from social.services.friends import (
    friend_accept,
    friend_decline,
    friend_remove,
    friend_request,
    friends_told,
)
from social.services.invitations import (
    invitation_accept,
    invitation_decline,
    invitation_send,
    invitations_expire,
    table_create_and_invite,
)
from social.services.notifications import (
    notifications_read,
    notify,
    notify_many,
    settings_save,
)
from social.services.turns import turn_notify

__all__ = [
    "ServiceError", "friend_accept", "friend_decline", "friend_remove", "friend_request",
    "friends_told",
    "invitation_accept", "invitation_decline", "invitation_send", "invitations_expire",
    "table_create_and_invite", "notifications_read", "notify", "notify_many",
    "settings_save", "turn_notify",
]  # fmt: skip
