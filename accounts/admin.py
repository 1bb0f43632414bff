"""Admin registration of the user model."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    """Django's user admin with the display name added."""

    fieldsets = (*BaseUserAdmin.fieldsets, (_("Profile"), {"fields": ("display_name",)}))
    list_display = ("username", "display_name", "email", "is_staff", "is_active")
    search_fields = ("username", "display_name", "email")
