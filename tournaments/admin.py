"""Events in the admin: staff see and fix events and their entries."""

from django.contrib import admin

from tournaments.models import Entry, Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    exclude = ("invite_token",)  # what lets anyone in to a private event
    list_display = ("name", "kind", "game", "status", "starts_at", "current_round", "rounds")
    list_filter = ("kind", "game", "status", "private")
    search_fields = ("name",)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("event", "user", "points", "games", "withdrawn")
    raw_id_fields = ("event", "user")
