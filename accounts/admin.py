"""Admin registration of the user model (and, from moderation_admin, of moderation). Every
change here writes an audit row (accounts.admin_audit); moderators see no e-mail address and
rename an offensive display name with the action "Change the display name…" (audited, and
the player is told)."""

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from . import (
    moderation_admin,  # noqa: F401  (registers bans, mutes, reports, the audit log)
    otp_admin,  # noqa: F401  (django-otp's device pages in the reader's language)
)
from .admin_audit import AuditedAdmin
from .deletion import deletion_schedule
from .forms import AdminLoginForm, RenameForm
from .models import User
from .services import ModerationError, display_name_set, sessions_revoke

# The admin's login explains a ban as the site's does; django-axes throttles both.
admin.site.login_form = AdminLoginForm
# The admin carries the card room's name, not "Django administration".
admin.site.site_header = _("Whist card room")
admin.site.site_title = _("Whist card room")
admin.site.index_title = _("Card room administration")


@admin.register(User)
class UserAdmin(AuditedAdmin, BaseUserAdmin):
    """Django's user admin with the display name added; e-mail addresses for superusers only."""

    fieldsets = (*BaseUserAdmin.fieldsets, (_("Profile"), {"fields": ("display_name",)}))
    list_display = ("username", "display_name", "email", "is_staff", "is_active")
    search_fields = ("username", "display_name", "email")
    actions = ["rename", "schedule_deletion"]

    @admin.action(
        description=_("Delete the account (after the grace period; the player may log in "
                      "to keep it)"),
        permissions=["delete"],
    )  # fmt: skip
    def schedule_deletion(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        """A player's deletion asked for by staff (by mail, say): as the player's own, audited
        with the staff member's name."""
        count = 0
        for user in queryset.filter(deletion_due__isnull=True).exclude(pk=request.user.pk):
            deletion_schedule(user, actor=request.user, reason="asked for in the admin")
            count += 1
        self.message_user(request, _("Accounts closed, to be deleted: %(count)d.") % {
            "count": count})  # fmt: skip

    def audit_target(self, obj: User) -> tuple[Any, str]:
        return obj, f"player {obj.username}"

    def get_list_display(self, request: HttpRequest) -> Any:
        shown = super().get_list_display(request)
        return shown if request.user.is_superuser else [f for f in shown if f != "email"]

    def get_search_fields(self, request: HttpRequest) -> Any:
        fields = super().get_search_fields(request)
        return fields if request.user.is_superuser else [f for f in fields if f != "email"]

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        fieldsets = super().get_fieldsets(request, obj)
        if request.user.is_superuser:
            return fieldsets
        return [
            (name, {**opts, "fields": [f for f in opts["fields"] if f != "email"]})
            for name, opts in fieldsets
        ]

    def user_change_password(self, request, id, form_url=""):
        """A password set here also closes the player's open sockets."""
        response = super().user_change_password(request, id, form_url)
        if request.method == "POST" and response.status_code == 302:
            sessions_revoke(self.get_object(request, id))
        return response

    def has_rename_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.rename_user")

    @admin.action(description=_("Change the display name…"), permissions=["rename"])
    def rename(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """A page that asks for the new name and the reason; then the change (audited)."""
        if queryset.count() != 1:
            self.message_user(request, _("Choose one player."), messages.ERROR)
            return None
        player = queryset.get()
        form = RenameForm(player, request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            data = form.cleaned_data
            try:
                display_name_set(request.user, player, data["display_name"], data["reason"])
            except ModerationError as error:
                self.message_user(request, str(error), messages.ERROR)
                return None
            self.message_user(request, _("Display name changed."), messages.SUCCESS)
            return None
        context = {
            **self.admin_site.each_context(request), "title": _("Change the display name"),
            "opts": self.model._meta, "player": player, "form": form,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }  # fmt: skip
        return TemplateResponse(request, "admin/accounts/user/rename.html", context)
