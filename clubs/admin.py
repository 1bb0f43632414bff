"""Clubs in the admin: staff see clubs, their members and wall posts."""

from django.contrib import admin

from clubs.models import Club, Membership, Post


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
    list_display = ("club", "author", "created", "hidden_by")
    raw_id_fields = ("author", "hidden_by")
