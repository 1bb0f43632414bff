"""Django's admin app with the site whose list pages refuse lookups on hidden fields
(accounts.admin_lookups); named in INSTALLED_APPS in place of "django.contrib.admin"."""

from django.contrib.admin.apps import AdminConfig


class GuardedAdminConfig(AdminConfig):
    default_site = "accounts.admin_lookups.GuardedAdminSite"
