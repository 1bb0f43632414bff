"""WebSocket URL routes of the card room, mounted by whistsite.asgi."""

from django.urls import URLPattern, URLResolver, path, re_path

from games.pages import converters  # noqa: F401  (registers <id:...>)
from games.sockets.consumers import LobbyConsumer, NoRouteConsumer, TableConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/table/<id:table_id>/", TableConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    re_path(r"", NoRouteConsumer.as_asgi()),  # any other path: closed with 4404, never a 500
]
