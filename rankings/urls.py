"""URL routes of rankings (included at the site's root)."""

from django.urls import path

from . import views

urlpatterns = [
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", views.leaderboard, name="leaderboard"),
    path("rankings/cards/", views.cards_choose, name="cards_choose"),
    path("rankings/awards/<int:table_id>/", views.awards, name="awards"),
]
