"""URL routes of the records pages: history, game pages, replays, downloads, uploads, and
annulling a game (moderators)."""

from django.urls import path

from . import annul_views, practice_views, views

urlpatterns = [
    path("my/games/", views.my_games, name="my_games"),
    path("players/<str:username>/games/", views.history, name="history"),
    path("players/<str:username>/games.jsonl", views.export, name="history_export"),
    path("games/upload/", views.upload, name="record_upload"),
    path("games/upload/<str:token>/", views.upload_replay, name="upload_replay"),
    path(
        "games/upload/<str:token>/analysis/",
        views.upload_analysis_start,
        name="upload_analysis_start",
    ),
    path(
        "games/upload/<str:token>/analysis.json",
        views.upload_analysis_status,
        name="upload_analysis",
    ),
    path("games/<int:table_id>/", views.game, name="game_record"),
    path("games/<int:table_id>/replay/", views.replay, name="game_replay"),
    path("games/<int:table_id>/record.json", views.download, name="game_download"),
    path("games/<int:table_id>/practice/", practice_views.practice, name="game_practice"),
    path("games/<int:table_id>/annul/", annul_views.annul, name="game_annul"),
    path("games/<int:table_id>/analysis/", views.analysis_start, name="game_analysis_start"),
    path("games/<int:table_id>/analysis.json", views.analysis_status, name="game_analysis"),
]
