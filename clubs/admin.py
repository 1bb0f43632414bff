"""Clubs in the admin: staff see clubs and their members; wall lines are read-only and the
site's moderators hide them with the action (one audit row each), as chat lines."""

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from clubs.models import Club, Membership, Post
from clubs.services import posts_remove


class MembershipInline(admin.TabularInline):
    model = Membership
    fk_name = "club"
    extra = 0
    raw_id_fields = ("user", "invited_by")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "joining", "created")
    search_fields = ("name",)
    inlines = [MembershipInline]
    raw_id_fields = ("created_by",)


@admin.register(Post)
class PostAdmin(admin.ModelAdmin):
    list_display = ("id", "club", "author", "text", "created", "hidden_by")
    list_filter = [("hidden_by", admin.EmptyFieldListFilter)]
    search_fields = ("text",)
    readonly_fields = ("club", "author", "text", "created", "hidden_by")
    actions = ["hide"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    @admin.action(description=_("Hide the selected wall lines"), permissions=["change"])
    def hide(self, request: Any, queryset: QuerySet[Post]) -> None:
        count = posts_remove(request.user, list(queryset.values_list("pk", flat=True)))
        text = ngettext("%(count)d wall line hidden.", "%(count)d wall lines hidden.", count)
        self.message_user(request, text % {"count": count})
