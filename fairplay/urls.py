"""The moderators' fair-play pages."""

from django.urls import path

from fairplay import views

urlpatterns = [
    path("moderation/fair-play/", views.queue, name="fairplay_queue"),
    path("moderation/fair-play/<int:flag_id>/", views.flag, name="fairplay_flag"),
]
