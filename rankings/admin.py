"""Admin pages of rankings: ratings, scored games with their seats, progress, achievements.
Everything here is written by the bookkeeping; the admin only reads it, superusers included:
a deleted score would be scored again by the watchdog (twice the XP); a game that should not
count is annulled (records), which is audited."""

from django.contrib import admin

from accounts.admin_read_only import ReadOnlyAdmin
from rankings.models import Achievement, GameScore, Progress, Rating, SeatResult


class SeatResultInline(admin.TabularInline):
    model = SeatResult
    extra = 0
    can_delete = False
    fields = ["seat", "user", "bot", "place", "won", "resigned", "counted", "xp",
              "rating_before", "rating_after", "achievements", "unlocks", "annulled"]  # fmt: skip
    readonly_fields = fields


@admin.register(GameScore)
class GameScoreAdmin(ReadOnlyAdmin):
    list_display = ["table", "game", "rated", "casual_reason", "finished", "created", "annulled"]
    list_filter = ["game", "rated", "casual_reason", "annulled"]
    inlines = [SeatResultInline]


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["game", "user", "bot", "display", "mu", "sigma", "games", "wins", "last_played"]
    list_filter = ["game"]
    search_fields = ["user__username"]


@admin.register(Progress)
class ProgressAdmin(ReadOnlyAdmin):
    list_display = ["user", "level", "xp", "games", "wins", "rated_wins"]
    search_fields = ["user__username"]


@admin.register(Achievement)
class AchievementAdmin(ReadOnlyAdmin):
    list_display = ["user", "code", "earned", "table"]
    list_filter = ["code"]
    search_fields = ["user__username"]
