"""Events in the admin: staff see and fix events and their entries; every change, deletion
and cancellation writes an audit row (accounts.admin_audit), as moderator actions do."""

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.admin_audit import AuditedAdmin
from accounts.models import AuditEntry
from accounts.services import audit_record
from tournaments import services
from tournaments.models import Entry, Event


@admin.register(Event)
class EventAdmin(AuditedAdmin):
    list_display = ("name", "kind", "game", "status", "starts_at", "current_round", "rounds")
    list_filter = ("kind", "game", "status", "private")
    search_fields = ("name",)
    exclude = ("invite_token",)  # what lets anyone in to a private event
    actions = ["cancel_events"]

    def audit_target(self, obj: Event) -> tuple[Any, str]:
        return None, f"event {obj.pk} {obj.name}"

    @admin.action(description=_("Cancel the chosen events that have not started"))
    def cancel_events(self, request: HttpRequest, queryset: Any) -> None:
        done = 0
        for event in queryset:
            try:
                services.event_cancel(request.user, event.pk)
            except services.ServiceError as exc:
                messages.error(request, f"{event.name}: {exc.message}")
                continue
            audit_record(request.user, AuditEntry.Action.CHANGED, target=f"event {event.pk}",
                         details={"fields": {"status": [event.status, "cancelled"]}})  # fmt: skip
            done += 1
        if done:
            messages.success(request, _("Events cancelled: %(n)s") % {"n": done})


@admin.register(Entry)
class EntryAdmin(AuditedAdmin):
    list_display = ("event", "user", "points", "games", "withdrawn")
    raw_id_fields = ("event", "user")

    def audit_target(self, obj: Entry) -> tuple[Any, str]:
        return obj.user, f"entry of event {obj.event_id}"
