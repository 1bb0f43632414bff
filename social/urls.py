"""URLs of the social app: friends, invitations, notifications, player search and pages."""

from django.urls import path, register_converter
from django.views.generic import RedirectView

from social import views


class AnswerConverter:
    """An answer to a request or an invitation: accept or decline, nothing else (404)."""

    regex = "accept|decline"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(AnswerConverter, "answer")

urlpatterns = [
    path("friends/", views.friends, name="social_friends"),
    path("friends/ask/<str:username>/", views.friend_ask, name="social_friend_ask"),
    path("friends/remove/<str:username>/", views.friend_remove, name="social_friend_remove"),
    path(
        "friends/requests/<int:request_id>/<answer:answer>/",
        views.friend_answer,
        name="social_friend_answer",
    ),  # fmt: skip
    path("invitations/send/", views.invite, name="social_invite"),
    path("invitations/to/<str:username>/", views.invite_player, name="social_invite_player"),
    path(
        "invitations/<int:invitation_id>/<answer:answer>/",
        views.invitation_answer,
        name="social_invitation_answer",
    ),  # fmt: skip
    path("notifications/", views.notifications, name="social_notifications"),
    path("notifications/read/", views.notifications_read, name="social_notifications_read"),
    path(
        "notifications/settings/",
        views.notification_settings,
        name="social_notification_settings",
    ),  # fmt: skip
    path("notifications/push/allow/", views.push_subscribe, name="social_push_allow"),
    path("notifications/push/stop/", views.push_unsubscribe, name="social_push_stop"),
    path("notifications/unsubscribe/<str:token>/", views.unsubscribe, name="social_unsubscribe"),
    path("players/", views.search, name="social_search"),
    # A player's page is the profile (accounts); its per-game pages are here, under it.
    path(
        "players/<str:username>/",
        RedirectView.as_view(pattern_name="profile"),
        name="social_player",
    ),
    path("players/<str:username>/<str:game>/", views.player_game, name="social_player_game"),
]
