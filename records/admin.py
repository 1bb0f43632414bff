"""Admin of game records: everything read-only, for everyone (stored games are immutable);
moderators annul games with an action (records.services.game_annul)."""

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from accounts.admin_read_only import ReadOnlyAdmin
from games.reads.sight import cards_open
from records.forms import AnnulForm
from records.models import GamePlayer, GameRecord, RecordAnalysis, UploadedRecord
from records.services import game_annul


class GamePlayerInline(admin.TabularInline):
    model = GamePlayer
    extra = 0
    can_delete = False
    fields = ("seat", "name", "user", "bot", "place", "result")
    readonly_fields = fields

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(GameRecord)
class GameRecordAdmin(ReadOnlyAdmin):
    list_display = ("table", "game", "players", "preset", "rated", "status", "finished", "annulled")
    list_filter = ("game", "status", "rated", "annulled")
    date_hierarchy = "finished"
    inlines = [GamePlayerInline]
    actions = ["annul"]

    def get_exclude(self, request: HttpRequest, obj: Any = None) -> list[str]:
        """A held board's record stays hidden (games.reads.sight)."""
        return [] if obj is None or cards_open(obj.table, request.user) else ["record"]

    def has_annul_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("records.annul_gamerecord")

    @admin.action(description=_("Annul the selected games…"), permissions=["annul"])
    def annul(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """First a page that asks for the reason; then each game annulled (and audited)."""
        form = AnnulForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            reason = form.cleaned_data["reason"]
            done = sum(game_annul(stored.pk, request.user, reason) for stored in queryset)
            skipped = len(queryset) - done
            self.message_user(request, _("%(done)d annulled, %(skipped)d annulled already.")
                              % {"done": done, "skipped": skipped}, messages.SUCCESS)  # fmt: skip
            return None
        context = {
            **self.admin_site.each_context(request), "title": _("Annul games"),
            "opts": self.model._meta, "queryset": queryset, "form": form,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }  # fmt: skip
        return TemplateResponse(request, "admin/records/gamerecord/annul.html", context)


@admin.register(RecordAnalysis)
class RecordAnalysisAdmin(ReadOnlyAdmin):
    list_display = ("record", "status", "done", "total", "requested", "finished")
    list_filter = ("status",)

    def get_exclude(self, request: HttpRequest, obj: Any = None) -> list[str]:
        """A held board's analysis (it names every hand) stays hidden (games.reads.sight)."""
        return [] if obj is None or cards_open(obj.record.table, request.user) else ["result"]


@admin.register(UploadedRecord)
class UploadedRecordAdmin(ReadOnlyAdmin):
    list_display = ("pk", "game", "created")
    exclude = ("token",)
