"""The site as an app to install: its web app manifest, its service worker (the static
shell cached, the site's own offline page, pushed notices shown and opened) and that
offline page."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

THEME = "#17432a"  # the header's green
BACKGROUND = "#1f5f3a"  # the felt
ICONS = (
    ("img/icon-192.png", "192x192", "any"),
    ("img/icon-512.png", "512x512", "any"),
    ("img/icon-maskable-512.png", "512x512", "maskable"),
)


@require_safe
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest, in the page's language."""
    data = {
        "id": "/",
        "name": _("Whist card room"),
        "short_name": _("Whist"),
        "description": _("Knockout Whist, Whist and German Whist, live against people and bots."),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("lobby"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
        "categories": ["games"],
    }
    body = json.dumps(data, ensure_ascii=False)
    return HttpResponse(body, content_type="application/manifest+json; charset=utf-8")


@require_safe
@cache_control(max_age=86400)
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers and the admin's pages ask for unbidden: the app's icon
    (the manifest's first), where its static file is (a temporary redirect: its address
    changes with its content)."""
    return HttpResponseRedirect(static(ICONS[0][0]))


@lru_cache(maxsize=1)
def shell() -> tuple[list[str], str]:
    """The static files every page may need offline (styles, scripts, icons), and a version
    that changes with any of them (a new worker replaces the old one's cache)."""
    root = Path(settings.STATICFILES_DIRS[0])
    files = sorted([*root.glob("css/*.css"), *root.glob("js/*.js"), root / "favicon.svg",
                    *(root / path for path, _s, _p in ICONS)])  # fmt: skip
    return [static(str(p.relative_to(root))) for p in files], digest(files)


def digest(files: list[Path]) -> str:
    """A short hash of the files' contents."""
    made = hashlib.sha256()
    for path in files:
        made.update(path.read_bytes())
    return made.hexdigest()[:12]


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that it controls every page."""
    urls, version = shell()
    context = {"version": version, "shell": json.dumps([reverse("offline"), *urls]),
               "offline": json.dumps(reverse("offline")),
               "icon": json.dumps(static("img/icon-192.png"))}  # fmt: skip
    response = render(request, "site/sw.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """The page the service worker shows when the site cannot be reached: the same for
    everyone (it is cached), with a button to try again."""
    return render(request, "site/offline.html")
