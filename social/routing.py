"""WebSocket URL routes of the social app, mounted by whistsite.asgi before the card room's."""

from django.urls import URLPattern, path

from social.consumers import NoticeConsumer

websocket_urlpatterns: list[URLPattern] = [path("ws/notices/", NoticeConsumer.as_asgi())]
