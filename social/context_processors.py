"""Template context of every page: the logged-in player's unread notification count for the
header (one query, only when a page shows it)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from social.selectors import unread_count


def notices(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": SimpleLazyObject(lambda: unread_count(user.pk))}
