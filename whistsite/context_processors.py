"""Template context of every page: whether the site runs as a development setup."""

from typing import Any

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, Any]:
    """`development_setup`: DEBUG is on, and every page says so (see templates/base.html)."""
    return {"development_setup": settings.DEBUG}
