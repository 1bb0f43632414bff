"""URLs of the club pages."""

from django.urls import path

from clubs import views

urlpatterns = [
    path("clubs/", views.clubs_list, name="clubs"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<slug:slug>/", views.club_page, name="club"),
    path("clubs/<slug:slug>/edit/", views.club_edit, name="club_edit"),
    path("clubs/<slug:slug>/do/<str:action>/", views.club_action, name="club_action"),
    path(
        "clubs/<slug:slug>/leaderboard/<str:game>/",
        views.club_leaderboard,
        name="club_leaderboard",
    ),
]
