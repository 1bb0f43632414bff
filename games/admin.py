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
from accounts.admin_read_only import ReadOnlyAdmin
from accounts.models import AuditEntry
from accounts.services import audit_record
from games.models import ChatMessage, Move, Seat, Table
from games.reads.sight import cards_open
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

    def get_exclude(self, request: Any, obj: Any = None) -> list[str]:
        """A held board's record stays hidden (games.reads.sight)."""
        hidden = [] if obj is None or cards_open(obj, request.user) else ["record"]
        return [*self.exclude, *hidden]

    def get_readonly_fields(self, request: Any, obj: Any = None) -> list[str]:
        shown = obj is None or cards_open(obj, request.user)
        return [f for f in self.readonly_fields if shown or f != "record"]

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return not in_play(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return not in_play(obj) and super().has_delete_permission(request, obj)

    def change_view(self, request: HttpRequest, object_id: str, *args: Any, **kwargs: Any):
        response = super().change_view(request, object_id, *args, **kwargs)
        table = self.get_object(request, object_id) if response.status_code == 200 else None
        if table is not None and in_play(table):
            audit_record(
                request.user, AuditEntry.Action.VIEWED, target=f"table {table.pk}",
                details={"moves": table.moves},
            )  # fmt: skip
        return response


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    """The move log: replaying it rebuilds every game, so it is read-only for everyone."""

    list_filter = ["by"]
    list_select_related = ["table"]

    def get_list_display(self, request: HttpRequest) -> list[Any]:
        return self.get_fields(request)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        # One column per request: the form's fields and its read-only ones are the same.
        if not hasattr(request, "move_event_column"):
            request.move_event_column = shown_event(request.user)
        return ["table", "number", "seat", "by", request.move_event_column, "created"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        return self.get_fields(request, obj)


def shown_event(user: Any) -> Any:
    """The move log's event column for `user`: a move of a game in play stays hidden (an
    exchange names cards nobody else saw), and so does a held board's (games.reads.sight)."""

    @admin.display(description=_("event"))
    def event(obj: Move) -> Any:
        if obj.table.status != Table.Status.FINISHED:
            return _("hidden until the game is over")
        if not cards_open(obj.table, user):
            return _("hidden until the round ends")
        return obj.event

    return event


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
