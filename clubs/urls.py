"""URLs of the club pages. A club's address is its name's slug in any script
(clubs.services.clubs); "new" is none (clubs.services.clubs.RESERVED_SLUGS)."""

from django.urls import path, register_converter

from clubs import views


class ClubSlug:
    """A slug of letters of any script, digits, hyphens and underscores."""

    regex = r"[-\w]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ClubSlug, "club")

urlpatterns = [
    path("clubs/", views.clubs_list, name="clubs"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<club:slug>/", views.club_page, name="club"),
    path("clubs/<club:slug>/edit/", views.club_edit, name="club_edit"),
    path("clubs/<club:slug>/do/<str:action>/", views.club_action, name="club_action"),
    path(
        "clubs/<club:slug>/wall/<int:post_id>/report/", views.wall_report, name="club_wall_report"
    ),
    path(
        "clubs/<club:slug>/leaderboard/<str:game>/",
        views.club_leaderboard,
        name="club_leaderboard",
    ),
]
