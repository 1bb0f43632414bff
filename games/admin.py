"""Admin pages of the card room: tables with their seats, the read-only move log, and chat
moderation (hiding is audited). No page shows what a player could not see: never a table's
seed or invite token, and no move of a game in play; a running table is read-only and each
view of it is audited, as is every change and deletion of a table (accounts.admin_audit)."""

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.admin_audit import AuditedAdmin
from accounts.models import AuditEntry
from accounts.services import audit_record
from games.models import ChatMessage, Move, Seat, Table
from games.services import chat_hide


def in_play(table: Table | None) -> bool:
    return table is not None and table.status == Table.Status.PLAYING


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["user"]

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return not in_play(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return not in_play(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return not in_play(obj) and super().has_delete_permission(request, obj)


@admin.register(Table)
class TableAdmin(AuditedAdmin):
    """Tables: the seed (which, with the deal secret, gives every hand) and the invite token
    never appear; a table in play cannot be changed, and opening it writes an audit row."""

    list_display = ["id", "game", "players", "status", "private", "rated", "moves", "created"]
    list_filter = ["game", "status", "private", "rated"]
    exclude = ["seed", "seed_keyed", "invite_token"]
    readonly_fields = ["version", "game_version", "moves", "record", "turn_deadline"]
    raw_id_fields = ["created_by", "rematch_of"]
    inlines = [SeatInline]

    def audit_target(self, obj: Table) -> tuple[Any, str]:
        return None, f"table {obj.pk}"

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return not in_play(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return not in_play(obj) and super().has_delete_permission(request, obj)

    def change_view(self, request: HttpRequest, object_id: str, *args: Any, **kwargs: Any):
        response = super().change_view(request, object_id, *args, **kwargs)
        table = self.get_object(request, object_id) if response.status_code == 200 else None
        if in_play(table):
            audit_record(
                request.user, AuditEntry.Action.VIEWED, target=f"table {table.pk}",
                details={"moves": table.moves},
            )  # fmt: skip
        return response


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

    list_display = ["table", "number", "seat", "by", "shown_event", "created"]
    list_filter = ["by"]
    list_select_related = ["table"]
    fields = ["table", "number", "seat", "by", "shown_event", "created"]
    readonly_fields = fields

    @admin.display(description=_("event"))
    def shown_event(self, obj: Move) -> Any:
        """A move of a game in play stays hidden (an exchange names cards nobody else saw)."""
        if obj.table.status != Table.Status.FINISHED:
            return _("hidden until the game is over")
        return obj.event


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
