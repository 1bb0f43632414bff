"""URLs of the lessons and the puzzles."""

from django.urls import path

from learning import puzzle_views, views

urlpatterns = [
    path("lessons/<str:game>/", views.course, name="lessons"),
    path("lessons/<str:game>/<slug:slug>/", views.lesson, name="lesson"),
    path("lessons/<str:game>/<slug:slug>/done/", views.lesson_done, name="lesson_done"),
    path("puzzles/", puzzle_views.puzzles, name="puzzles"),
    path("puzzles/daily/", puzzle_views.daily, name="puzzle_daily"),
    path("puzzles/streak/", puzzle_views.streak, name="puzzle_streak"),
    path("puzzles/<int:pk>/", puzzle_views.puzzle, name="puzzle"),
    path("puzzles/<int:pk>/answer/", puzzle_views.answer, name="puzzle_answer"),
]
