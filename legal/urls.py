"""URL routes of the legal pages."""

from django.urls import path

from legal import views

urlpatterns = [
    path("imprint/", views.legal_page, {"kind": "imprint"}, name="imprint"),
    path("privacy/", views.legal_page, {"kind": "privacy"}, name="privacy"),
    path("terms/", views.legal_page, {"kind": "terms"}, name="terms"),
]
