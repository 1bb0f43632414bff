"""URL routes of a player's data: export and deletion (under accounts/)."""

from django.urls import path

from privacy import views

urlpatterns = [
    path("data/", views.data_page, name="privacy_data"),
    path("data/export/", views.export_ask, name="privacy_export"),
    path("data/export/<str:token>/", views.export_download, name="privacy_download"),
    path("delete/", views.delete_account, name="privacy_delete"),
]
