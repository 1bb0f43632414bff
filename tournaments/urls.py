"""URLs of the event pages."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("events/", views.events_list, name="events"),
    path("events/new/", views.event_create, name="event_create"),
    path("events/after.json", views.table_after, name="table_after"),
    path("events/<int:event_id>/", views.event_page, name="event"),
    path("events/<int:event_id>/live.json", views.event_live, name="event_live"),
    path("events/<int:event_id>/join/", views.event_join, name="event_join"),
    path("events/<int:event_id>/leave/", views.event_leave, name="event_leave"),
    path("events/<int:event_id>/partner/", views.event_partner, name="event_partner"),
    path("events/<int:event_id>/cancel/", views.event_cancel, name="event_cancel"),
    path("events/<int:event_id>/reschedule/", views.event_reschedule, name="event_reschedule"),
    path("daily/<str:game>/", views.daily, name="daily"),
    path("daily/<str:game>/<int:board>/play/", views.daily_play, name="daily_play"),
]
