"""URL routes of the card room's pages."""

from django.urls import path

from games.pages import (
    converters,  # noqa: F401  (registers <id:...>)
    guide_views,
    moderation_views,
    views,
)

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("tables/new/", views.table_create, name="table_create"),
    path("tables/play-now/", views.play_now, name="play_now"),
    path("tables/<id:table_id>/", views.table, name="table"),
    path("tables/<id:table_id>/invite/<str:token>/", views.table_invite, name="table_invite"),
    path("tables/<id:table_id>/sit/", views.seat_take, name="seat_take"),
    path("tables/<id:table_id>/leave/", views.seat_leave, name="seat_leave"),
    path("tables/<id:table_id>/start/", views.table_start, name="table_start"),
    path("tables/<id:table_id>/rematch/", views.table_rematch, name="table_rematch"),
    path(
        "tables/<id:table_id>/chat/<id:message_id>/report/",
        moderation_views.report_chat,
        name="report_chat",
    ),
    path("rules/<str:game>/", views.rules, name="rules"),
    path("learn/<str:game>/", guide_views.learn, name="learn"),
]
