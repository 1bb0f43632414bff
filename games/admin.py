"""Admin pages of the card room: tables with their seats, the read-only move log, and chat
moderation (hiding is audited)."""

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.models import ChatMessage, Move, Seat, Table
from games.services import chat_hide


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "players", "status", "private", "rated", "moves", "created"]
    list_filter = ["game", "status", "private", "rated"]
    readonly_fields = ["seed", "version", "game_version", "moves", "record", "turn_deadline"]
    raw_id_fields = ["created_by", "rematch_of"]
    inlines = [SeatInline]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows nobody edits in the admin, superusers included: they are history."""

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    """The move log: replaying it rebuilds every game, so it is read-only for everyone."""

    list_display = ["table", "number", "seat", "by", "event", "created"]
    list_filter = ["by"]
    raw_id_fields = ["table"]


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Chat lines: read-only; moderators hide them with the action (one audit row each)."""

    list_display = ["id", "table", "name", "text", "created", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["name", "text"]
    readonly_fields = ["table", "user", "name", "text", "created", "hidden"]
    actions = ["hide"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    @admin.action(description=_("Hide the selected messages"), permissions=["change"])
    def hide(self, request: Any, queryset: QuerySet[ChatMessage]) -> None:
        count = chat_hide(list(queryset.values_list("pk", flat=True)), moderator=request.user)
        self.message_user(request, _("%(count)d messages hidden.") % {"count": count})
