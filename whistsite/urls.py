"""Top-level URL routes of the site."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from accounts import email_views
from games.pages import views as game_views
from whistsite import webapp

urlpatterns = [
    path("", game_views.home, name="home"),
    path("manifest.webmanifest", webapp.manifest, name="webapp_manifest"),
    path("favicon.ico", webapp.favicon, name="favicon"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("offline/", webapp.offline, name="offline"),
    path("", include("games.urls")),
    path("", include("records.urls")),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("privacy.urls")),
    path("", include("legal.urls")),
    path("", include("rankings.urls")),
    path("", include("social.urls")),
    path("", include("clubs.urls")),
    path("", include("learning.urls")),
    path("", include("tournaments.urls")),
    path("", include("fairplay.urls")),
    # The language menu (before Django's own): a player's choice is their mail's language too.
    path("i18n/setlang/", email_views.set_language, name="set_language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/", admin.site.urls),
]
