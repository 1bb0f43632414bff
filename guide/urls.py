"""URL routes of the how-to-play guide."""

from django.urls import path

from . import views

urlpatterns = [
    path("learn/<str:game>/", views.learn, name="learn"),
]
