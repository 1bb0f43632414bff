"""Admin registration of the user model (and, from moderation_admin, of moderation)."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from . import moderation_admin  # noqa: F401  (registers bans, mutes, reports, the audit log)
from .forms import AdminLoginForm
from .models import User
from .services import sessions_revoke

# The admin's login explains a ban as the site's does; django-axes throttles both.
admin.site.login_form = AdminLoginForm


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    """Django's user admin with the display name added."""

    fieldsets = (*BaseUserAdmin.fieldsets, (_("Profile"), {"fields": ("display_name",)}))
    list_display = ("username", "display_name", "email", "is_staff", "is_active")
    search_fields = ("username", "display_name", "email")

    def user_change_password(self, request, id, form_url=""):
        """A password set here also closes the player's open sockets."""
        response = super().user_change_password(request, id, form_url)
        if request.method == "POST" and response.status_code == 302:
            sessions_revoke(self.get_object(request, id))
        return response
