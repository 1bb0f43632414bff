"""WebSocket URL routes of the card room, mounted by whistsite.asgi."""

from django.urls import URLPattern, URLResolver, path

from games import converters  # noqa: F401  (registers <id:...>)
from games.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/table/<id:table_id>/", TableConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
