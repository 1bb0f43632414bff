"""The language of a WebSocket connection, chosen as Django's LocaleMiddleware chooses a
page's: the language cookie the language menu sets, else the browser's Accept-Language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language_from_request


class _Handshake:
    """The parts of a request that the language choice reads, taken from a socket's scope."""

    def __init__(self, scope: dict[str, Any]) -> None:
        headers = dict(scope.get("headers") or [])
        self.COOKIES = scope.get("cookies") or {}
        self.META = {"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", b"").decode("latin-1")}
        self.path_info = scope.get("path", "/")


def scope_language(scope: dict[str, Any]) -> str:
    """The language code (one of settings.LANGUAGES) for the socket of `scope`."""
    return get_language_from_request(_Handshake(scope))
