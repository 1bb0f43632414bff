"""WebSocket URL routes of the card room, mounted by whistsite.asgi."""

from django.urls import URLPattern, URLResolver

websocket_urlpatterns: list[URLPattern | URLResolver] = []
