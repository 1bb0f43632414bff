"""Top-level URL routes of the site."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from games.pages import views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("", include("games.urls")),
    path("", include("records.urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("rankings.urls")),
    path("", include("social.urls")),
    path("", include("tournaments.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/", admin.site.urls),
]
