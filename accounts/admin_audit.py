"""Audit rows for staff changes made in the admin: every addition, change (inline rows and
password changes included) and deletion through an admin that mixes in `AuditedAdmin` writes
one `AuditEntry` (who, what, which fields), as moderator actions do (accounts.services)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from accounts.models import AuditEntry
from accounts.services import audit_record

# Fields whose values stay out of the audit log (moderators read it): only their names go in.
PRIVATE_FIELDS = {"password", "password1", "password2", "email", "invite_token", "seed", "record"}


def _value(name: str, value: Any) -> Any:
    if name in PRIVATE_FIELDS:
        return "(not shown)"
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if hasattr(value, "all"):  # a many-to-many field's queryset
        return sorted(str(v) for v in value.all())
    if isinstance(value, list | tuple | set):
        return sorted(str(v) for v in value)
    return str(value)


def form_changes(form: Any) -> dict[str, list[Any]]:
    """{field: [before, after]} of a bound admin form's changed fields."""
    changes = {}
    for name in form.changed_data:
        before = form.initial.get(name)
        changes[name] = [_value(name, before), _value(name, form.cleaned_data.get(name))]
    return changes


class AuditedAdmin(admin.ModelAdmin):
    """A ModelAdmin whose every saved change and deletion writes an audit row."""

    def audit_target(self, obj: Any) -> tuple[Any, str]:
        """(the player concerned or None, the object's name in the log)."""
        return None, f"{obj._meta.verbose_name} {obj.pk}"

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        request._audit = {"fields": form_changes(form), "rows": []}
        super().save_model(request, obj, form, change)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        super().save_formset(request, form, formset, change)
        rows = getattr(request, "_audit", {}).setdefault("rows", [])
        label = formset.model._meta.verbose_name
        rows += [f"{label} {o} added" for o in formset.new_objects]
        rows += [f"{label} {o}: {', '.join(f)}" for o, f in formset.changed_objects]
        rows += [f"{label} {o} deleted" for o in formset.deleted_objects]

    def log_addition(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        self._audit(request, obj, AuditEntry.Action.ADDED)
        return super().log_addition(request, obj, message)

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        self._audit(request, obj, AuditEntry.Action.CHANGED, message)
        return super().log_change(request, obj, message)

    def log_deletions(self, request: HttpRequest, queryset: Any) -> Any:
        for obj in queryset:
            self._audit(request, obj, AuditEntry.Action.DELETED)
        return super().log_deletions(request, queryset)

    def _audit(self, request: HttpRequest, obj: Any, action: str, message: Any = None) -> None:
        details = getattr(request, "_audit", None)
        if details is None and action == AuditEntry.Action.CHANGED:
            # Django's own changes without a model form (the password form): field names only.
            fields = [f for m in message or [] for f in m.get("changed", {}).get("fields", [])]
            details = {"fields": {str(f): ["(not shown)"] * 2 for f in fields}, "rows": []}
        player, target = self.audit_target(obj)
        audit_record(request.user, action, target_user=player, target=target, details=details or {})
