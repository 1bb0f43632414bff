"""URL routes of player accounts (Django's auth views plus sign up, profiles, reports)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import email_views, moderation_views, session_views, two_factor_views, views

urlpatterns = [
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="home"), name="logout"),
    path("signup/", views.signup, name="signup"),
    path("password_change/", views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("email/confirm/<str:token>/", email_views.email_confirm, name="email_confirm"),
    path("email/resend/", email_views.email_resend, name="email_resend"),
    path("sessions/end/", session_views.session_end, name="session_end"),
    path("two-factor/", two_factor_views.two_factor, name="two_factor"),
    path("profile/", views.my_profile, name="my_profile"),
    path("profile/edit/", views.profile_edit, name="profile_edit"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("players/<str:username>/report/", moderation_views.report_player, name="report_player"),
    path("players/<str:username>/block/", moderation_views.block_player, name="block_player"),
    path(
        "players/<str:username>/unblock/",
        moderation_views.unblock_player,
        name="unblock_player",
    ),
]
