"""Moderation in the admin: the open-reports queue with its context, mutes and bans (made
and lifted through the services, so each writes its audit row), and the read-only audit log."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from .models import AuditEntry, Ban, Mute, Report
from .services import (
    ModerationError,
    ban_create,
    ban_lift,
    mute_create,
    mute_lift,
    report_close,
    sanction_check,
)

HOUR, DAY = 3600, 86400
MUTE_CHOICES = [
    (900, _("15 minutes")), (HOUR, _("1 hour")), (DAY, _("1 day")), (7 * DAY, _("7 days")),
]  # fmt: skip
BAN_CHOICES = [(0, _("Until lifted")), (DAY, _("1 day")), (7 * DAY, _("7 days")),
               (30 * DAY, _("30 days"))]  # fmt: skip


class SanctionForm(forms.ModelForm):
    """A new ban or mute: the player, how long, why."""

    duration = forms.TypedChoiceField(label=_("Duration"), coerce=int)
    actor: Any = None  # the moderator (SanctionAdmin.get_form sets it)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("user") is not None:
            try:
                sanction_check(self.actor, data["user"])
            except ModerationError as error:
                self.add_error("user", str(error))
        return data

    def until(self) -> Any:
        seconds = self.cleaned_data["duration"]
        return timezone.now() + timedelta(seconds=seconds) if seconds else None


class SanctionAdmin(admin.ModelAdmin):
    """Bans and mutes: added through the services; afterwards read-only, lifted by action."""

    list_display = ["user", "reason", "until", "created", "created_by", "in_force_now"]
    list_filter = ["created"]
    search_fields = ["user__username", "user__display_name", "reason"]
    raw_id_fields = ["user"]
    actions = ["lift"]
    form = SanctionForm
    choices: list = []

    @admin.display(boolean=True, description=_("in force"))
    def in_force_now(self, obj: Any) -> bool:
        return obj.in_force

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return ["user", "duration", "reason"]
        return ["user", "reason", "until", "created", "created_by", "lifted_at", "lifted_by"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [] if obj is None else self.get_fields(request, obj)

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, **kwargs)
        if obj is None:
            form.base_fields["duration"].choices = self.choices
            form.actor = request.user
        return form

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change:
            return
        made = self.create(request.user, form.cleaned_data, form.until())
        obj.pk = made.pk

    def response_add(self, request: HttpRequest, obj: Any, post_url_continue: Any = None):
        """Back to the report the moderator came from (`?report=<id>`), if any."""
        report = request.GET.get("report", "")
        if report.isdecimal() and Report.objects.filter(pk=report).exists():
            self.message_user(request, _("Done: %(what)s.") % {"what": obj}, messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:accounts_report_change", args=[report]))
        return super().response_add(request, obj, post_url_continue)

    @admin.action(description=_("Lift the selected sanctions now"), permissions=["change"])
    def lift(self, request: HttpRequest, queryset: QuerySet) -> None:
        count = 0
        for obj in queryset:
            try:
                count += self.lift_one(request.user, obj)
            except ModerationError as error:
                self.message_user(request, f"{obj.user}: {error}", messages.ERROR)
        self.message_user(request, _("%(count)d lifted.") % {"count": count})


@admin.register(Ban)
class BanAdmin(SanctionAdmin):
    choices = BAN_CHOICES

    def create(self, actor: Any, data: dict, until: Any) -> Ban:
        return ban_create(actor, data["user"], data["reason"], until)

    def lift_one(self, actor: Any, ban: Ban) -> bool:
        return ban_lift(actor, ban)


@admin.register(Mute)
class MuteAdmin(SanctionAdmin):
    choices = MUTE_CHOICES

    def create(self, actor: Any, data: dict, until: Any) -> Mute:
        return mute_create(actor, data["user"], until, data["reason"])

    def lift_one(self, actor: Any, mute: Mute) -> bool:
        return mute_lift(actor, mute)


class ReportForm(forms.ModelForm):
    """Closing a report: an outcome is required."""

    class Meta:
        model = Report
        fields = ["outcome", "note"]

    def clean_outcome(self) -> str:
        outcome = self.cleaned_data.get("outcome")
        if not outcome:
            raise forms.ValidationError(_("Choose an outcome to close the report."))
        return outcome


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    """The reports queue: open ones first; a report shows the chat around the line and the
    table (a wall line's: the wall around it and the club), and links to mute or ban the
    player; saving it with an outcome closes it."""

    list_display = ["created", "status", "reason", "reported", "reporter", "excerpt"]
    list_filter = ["status", "reason"]
    list_select_related = ["reported", "reporter"]
    search_fields = ["reported__username", "reporter__username", "text"]
    form = ReportForm
    readonly = ["status", "reported_player", "reporter", "reason", "text", "created",
                "table_link", "chat_context", "closed_at", "closed_by"]  # fmt: skip

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).order_by("-status", "-created")

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [*self._shown(obj), "outcome", "note"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        closed = obj is not None and obj.status == Report.Status.CLOSED
        return [*self._shown(obj), "outcome", "note"] if closed else self._shown(obj)

    def _shown(self, obj: Report | None) -> list[str]:
        """A wall line's report shows its club and wall where a chat line's shows its table
        and chat."""
        if obj is None or obj.wall_post_id is None:
            return self.readonly
        wall = {"table_link": "club_link", "chat_context": "wall_context"}
        return [wall.get(name, name) for name in self.readonly]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Report, form: Any, change: bool) -> None:
        data = form.cleaned_data
        report_close(request.user, obj, data["outcome"], data.get("note") or "")

    @admin.display(description=_("text"))
    def excerpt(self, obj: Report) -> str:
        line = (obj.context or {}).get("line") or {}
        return (line.get("text") or obj.text or "")[:80]

    @admin.display(description=_("reported player"))
    def reported_player(self, obj: Report) -> Any:
        if obj.reported is None:
            return "-"
        query = f"?user={obj.reported_id}&report={obj.pk}"
        links = [
            (reverse("admin:accounts_mute_add") + query, _("Mute player"), "mute"),
            (reverse("admin:accounts_ban_add") + query, _("Ban player"), "ban"),
        ]
        buttons = format_html_join(
            " ", '<a class="button" href="{}" data-action="{}">{}</a>',
            ((url, action, label) for url, label, action in links),
        )  # fmt: skip
        return format_html("{} ({}) {}", obj.reported, obj.reported.username, buttons)

    @admin.display(description=_("table"))
    def table_link(self, obj: Report) -> Any:
        if obj.table_id is None:
            return "-"
        table = (obj.context or {}).get("table") or {}
        label = f"#{obj.table_id} {table.get('game', '')} ({table.get('status', '')})"
        return format_html('<a href="{}">{}</a>', reverse("table", args=[obj.table_id]), label)

    @admin.display(description=_("chat at the time"))
    def chat_context(self, obj: Report) -> Any:
        lines = (obj.context or {}).get("chat") or []
        if not lines:
            return "-"
        rows = format_html_join("", "{}", ((self._line(obj, line),) for line in lines))
        link = reverse("admin:games_chatmessage_changelist") + f"?id={obj.chat_message_id}"
        hide = format_html('<a href="{}">{}</a>', link, _("Open the line in the chat admin"))
        return format_html('<ul class="chat-context">{}</ul>{}', rows, hide)

    @admin.display(description=_("club"))
    def club_link(self, obj: Report) -> Any:
        club = (obj.context or {}).get("club") or {}
        if not club.get("slug"):
            return "-"
        return format_html('<a href="{}">{}</a>', reverse("club", args=[club["slug"]]),
                           club.get("name", ""))  # fmt: skip

    @admin.display(description=_("wall at the time"))
    def wall_context(self, obj: Report) -> Any:
        lines = (obj.context or {}).get("wall") or []
        if not lines:
            return "-"
        rows = format_html_join(
            "", "{}", ((self._line(obj, line, obj.wall_post_id),) for line in lines)
        )
        link = reverse("admin:clubs_post_changelist") + f"?id={obj.wall_post_id}"
        hide = format_html('<a href="{}">{}</a>', link, _("Open the line in the wall admin"))
        return format_html('<ul class="chat-context">{}</ul>{}', rows, hide)

    def _line(self, obj: Report, line: dict[str, Any], reported: int | None = None) -> Any:
        text = format_html("<b>{}</b>: {}", line.get("name", ""), line.get("text", ""))
        if line.get("id") == (reported or obj.chat_message_id):
            text = format_html("<mark>{}</mark>", text)
        return format_html('<li data-chat-id="{}">{}</li>', line.get("id", ""), text)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The audit log: read by moderators, written only by the services, edited by no one."""

    list_display = ["created", "actor_name", "action", "target", "target_user", "reason"]
    list_filter = ["action", "created"]
    search_fields = ["actor_name", "target", "reason", "target_user__username"]
    list_select_related = ["target_user"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
