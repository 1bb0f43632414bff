"""URLs of the lessons."""

from django.urls import path

from learning import views

urlpatterns = [
    path("lessons/<str:game>/", views.course, name="lessons"),
    path("lessons/<str:game>/<slug:slug>/", views.lesson, name="lesson"),
    path("lessons/<str:game>/<slug:slug>/done/", views.lesson_done, name="lesson_done"),
]
