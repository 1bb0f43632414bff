"""One rule for every list page of the admin: a lookup in the URL (`?email__regex=^r`) may
name only fields that this admin shows this user, and never a secret (a password, a seed, an
invite or download token, a session key, a one-time-password key), on the model or across a
relation. Django allows any local field, so a moderator could read, one character a request,
what the admin hides from them. A refused lookup answers 400 and writes an audit row.

`GuardedAdminSite` (the site every `admin.register` uses: accounts.apps.GuardedAdminConfig)
mixes `GuardedLookups` into each ModelAdmin registered on it, third-party ones included, and
lists the staff pages outside the admin (accounts.staff_pages) on its index and side menu."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin import widgets
from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.core.exceptions import FieldDoesNotExist
from django.db.models.constants import LOOKUP_SEP
from django.http import HttpRequest

from accounts.models import AuditEntry
from accounts.services import audit_record
from accounts.staff_pages import admin_section

# Names of fields no list page filters on, for anyone: what they hold must not be guessed.
SECRET_FIELDS = frozenset({
    "password", "seed", "seed_keyed", "invite_token", "token", "key", "session_key",
    "session_data", "secret", "bin_key", "email_pending", "username_key", "name_key",
})  # fmt: skip


def _first_name(item: Any) -> str | None:
    """The model field an admin option names first (`user__username` names `user`)."""
    if isinstance(item, list | tuple):
        item = item[0] if item else None
    if not isinstance(item, str):
        return None
    return item.lstrip("^=@").split(LOOKUP_SEP)[0] or None


class GuardedLookups(admin.ModelAdmin):
    """A ModelAdmin whose list page refuses, and audits, lookups on fields it does not show."""

    def shown_fields(self, request: HttpRequest) -> set[str]:
        """The fields this admin shows `request.user`: its columns, filters, searches, date
        drill-down and form (what `get_exclude` and the role's fieldsets leave)."""
        items = [
            *self.get_list_display(request), *self.get_list_filter(request),
            *self.get_search_fields(request), self.date_hierarchy, *self.get_fields(request),
        ]  # fmt: skip
        return {name for name in map(_first_name, items) if name} - set(
            self.get_exclude(request) or ()
        )

    def lookup_refused_because(self, lookup: str, value: Any, request: HttpRequest) -> str:
        """Why `lookup` is refused, or "" if this rule lets it through."""
        for fk_lookup in self.model._meta.related_fkey_lookups:  # raw-id popups (Django's)
            fk_lookup = fk_lookup() if callable(fk_lookup) else fk_lookup
            if (lookup, value) in widgets.url_params_from_lookup_dict(fk_lookup).items():
                return ""
        model, first = self.model, True
        for part in lookup.split(LOOKUP_SEP):
            try:
                field = model._meta.get_field(part)
            except FieldDoesNotExist:
                return ""  # a transform or comparison (`regex`), or no field: Django's to judge
            if field.name in SECRET_FIELDS:
                return "secret"
            if first and not field.primary_key and field.name not in self.shown_fields(request):
                return "not shown"
            first = False
            if not getattr(field, "path_infos", None):
                return ""
            model = field.path_infos[-1].to_opts.model
        return ""

    def lookup_allowed(self, lookup: str, value: Any, request: HttpRequest) -> bool:
        reason = self.lookup_refused_because(lookup, value, request)
        if not reason and super().lookup_allowed(lookup, value, request):
            return True
        opts = self.model._meta
        audit_record(
            request.user, AuditEntry.Action.LOOKUP_REFUSED,
            target=f"{opts.app_label}.{opts.model_name} list",
            details={"lookup": lookup, "why": reason or "not a list filter"},
        )  # fmt: skip
        raise DisallowedModelAdminLookup(f"Filtering by {lookup} not allowed")


class GuardedAdminSite(admin.AdminSite):
    """The admin site: every ModelAdmin registered on it gets `GuardedLookups`."""

    def register(self, model_or_iterable: Any, admin_class: Any = None, **options: Any) -> None:
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, GuardedLookups):
            admin_class = type(admin_class.__name__, (GuardedLookups, admin_class), {
                "__module__": admin_class.__module__, "__doc__": admin_class.__doc__})  # fmt: skip
        super().register(model_or_iterable, admin_class, **options)

    def get_app_list(self, request: Any, app_label: str | None = None) -> list[dict[str, Any]]:
        """The apps, and on the index and side menu the staff pages the reader may use
        (accounts.staff_pages), in the same order by name."""
        found = super().get_app_list(request, app_label)
        if app_label is not None:
            return found
        return sorted(found + admin_section(request.user), key=lambda app: str(app["name"]).lower())
