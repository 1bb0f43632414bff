"""Admin of game records: everything read-only, for everyone (stored games are immutable)."""

from typing import Any

from django.contrib import admin

from records.models import GamePlayer, GameRecord, RecordAnalysis, UploadedRecord


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and shows rows; nobody adds, changes or deletes them here."""

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


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


@admin.register(RecordAnalysis)
class RecordAnalysisAdmin(ReadOnlyAdmin):
    list_display = ("record", "status", "done", "total", "requested", "finished")
    list_filter = ("status",)


@admin.register(UploadedRecord)
class UploadedRecordAdmin(ReadOnlyAdmin):
    list_display = ("pk", "game", "created")
    exclude = ("token",)
