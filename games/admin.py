"""Admin pages of the card room: tables with their seats and moves, and chat moderation."""

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


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "seat", "by", "event", "created"]
    list_filter = ["by"]
    raw_id_fields = ["table"]


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["table", "name", "text", "created", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["name", "text"]
    raw_id_fields = ["table", "user"]
    actions = ["hide"]

    @admin.action(description=_("Hide the selected messages"))
    def hide(self, request: Any, queryset: QuerySet[ChatMessage]) -> None:
        count = chat_hide(list(queryset.values_list("pk", flat=True)))
        self.message_user(request, _("%(count)d messages hidden.") % {"count": count})
