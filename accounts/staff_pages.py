"""Staff pages outside the admin (the fair-play queue): the app that has one names it here
with the permission it needs, and the admin's index and side menu (accounts.admin_lookups'
site) and the site's header (the context processor `header`) list those a staff member may
use, by the one rule of staff powers (accounts.staff_powers: past the second factor, holding
the permission). A player's page asks nothing more: `is_staff` is false."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext_lazy as _

from accounts.staff_powers import acts_as_staff, staff_may


@dataclass(frozen=True)
class StaffPage:
    name: Any  # a lazily translated text
    url_name: str
    permission: str  # "app.codename"

    @property
    def url(self) -> str:
        return reverse(self.url_name)


_PAGES: dict[str, StaffPage] = {}


def page_add(name: Any, url_name: str, permission: str) -> None:
    """Name a staff page (from an app's `ready`; once per URL name)."""
    _PAGES[url_name] = StaffPage(name, url_name, permission)


def pages_for(user: Any) -> list[StaffPage]:
    """The staff pages `user` may use now (none for a player, or before the second factor)."""
    if not acts_as_staff(user):
        return []
    return [page for page in _PAGES.values() if staff_may(user, page.permission)]


def admin_section(user: Any) -> list[dict[str, Any]]:
    """The admin's app list entry of the pages `user` may use (none: no entry), drawn by its
    app_list template as an app's models are."""
    pages = pages_for(user)
    if not pages:
        return []
    rows = [{"name": p.name, "object_name": p.url_name, "admin_url": p.url, "add_url": None,
             "view_only": True, "perms": {"view": True}} for p in pages]  # fmt: skip
    return [{"name": _("Moderation pages"), "app_label": "staff_pages",
             "app_url": pages[0].url, "has_module_perms": True, "models": rows}]  # fmt: skip


def header(request: HttpRequest) -> dict[str, Any]:
    """Template context of every page: the staff pages for the header, read only if shown."""
    user = getattr(request, "user", None)
    return {"staff_pages": SimpleLazyObject(lambda: pages_for(user))}
