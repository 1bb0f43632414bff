"""Top-level URL routes of the site."""

from django.contrib import admin
from django.urls import include, path

from games import views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
