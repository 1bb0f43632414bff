"""The legal pages: imprint, privacy notice (the operator's text, then what the site stores
and for how long, and its cookies), terms and rules of conduct."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

from legal import inventory
from legal.models import Kind
from legal.selectors import page
from legal.text import to_html


def retention_values() -> dict[str, int]:
    """The numbers the inventory's texts name, from the settings that set them."""
    return {
        "grace": settings.WHIST_DELETION_GRACE_DAYS,
        "session": settings.SESSION_COOKIE_AGE // 86400,
        "export": settings.WHIST_EXPORT_DAYS,
        "reserved": settings.WHIST_NAME_RESERVED_DAYS,
    }


def _kept(text: Any, values: dict[str, int]) -> str:
    """The item's "how long", its number filled in (and its plural chosen)."""
    return text % values if "%(" in str(text) else str(text)


def legal_page(request: HttpRequest, kind: str) -> HttpResponse:
    if kind not in Kind.values:
        raise Http404(kind)
    shown = page(kind, translation.get_language() or settings.LANGUAGE_CODE)
    context = {"page": shown, "title": Kind(kind).label, "body": to_html(shown.body)}
    if kind == Kind.PRIVACY:
        values = retention_values()
        context["items"] = [
            {"what": i.what, "why": i.why, "kept": _kept(i.kept, values)}
            for i in inventory.ITEMS
        ]  # fmt: skip
        context["cookies"] = inventory.COOKIES
        context["storage"] = inventory.BROWSER_STORAGE
    return render(request, "legal/page.html", context)
