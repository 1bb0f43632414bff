"""ASGI entry point: Django for HTTP, Channels consumers for WebSockets."""

import os

from django.core.asgi import get_asgi_application

from whistsite.patches import daphne_close_frames

daphne_close_frames.install()  # over-limit frames close with 1009, not a silent drop

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")
# Set up Django before importing anything that touches models (auth, routing).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddleware, get_user  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware, SessionMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware  # noqa: E402

from games.routing import websocket_urlpatterns as games_routes  # noqa: E402
from games.sockets.shutdown import RefuseWhileStopping  # noqa: E402
from runtime.scheduling import register_loop  # noqa: E402
from social.routing import websocket_urlpatterns as social_routes  # noqa: E402
from whistsite.body_limit import BodyLimit, limit_daphne_bodies  # noqa: E402
from whistsite.patches import daphne_loop as serving  # noqa: E402
from whistsite.websocket_origin import SameOriginValidator  # noqa: E402

# A body over WHIST_MAX_BODY is refused with 413 as it arrives, by Daphne and by the app
# (whistsite/body_limit.py), whatever the proxy in front does.
limit_daphne_bodies(settings.WHIST_MAX_BODY)


# The social app's sockets first: the card room's routes end with a catch-all (4404).
websocket_urlpatterns = [*social_routes, *games_routes]


class PooledAuthMiddleware(AuthMiddleware):
    """Channels' AuthMiddleware, but on PostgreSQL the session and user are read in any thread
    of the pool (as games.sockets.frames.db_call does), not in the one shared thread: in a
    reconnect wave hundreds of handshakes queued there, each behind the others' reads, until
    autobahn's handshake timeout dropped them (bench/load_reconnect.py)."""

    async def resolve_scope(self, scope: dict) -> None:
        read = database_sync_to_async(get_user.func, thread_sensitive=not settings.WHIST_DB_THREADS)
        scope["user"]._wrapped = await read(scope)


def auth_stack(inner: object) -> object:
    return CookieMiddleware(SessionMiddleware(PooledAuthMiddleware(inner)))


application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_asgi_app, settings.WHIST_MAX_BODY),
        "websocket": RefuseWhileStopping(
            SameOriginValidator(auth_stack(URLRouter(websocket_urlpatterns)))
        ),
    }
)
if settings.WHIST_TRUSTED_PROXIES:
    # The client address and scheme the proxy names, believed only from the proxy itself
    # (docs/deployment.md §"Environment", "Trusted proxies").
    application = ProxyHeadersMiddleware(application, trusted_hosts=settings.WHIST_TRUSTED_PROXIES)

# The embedded watchdog starts with the server (a bot's turn left by a restart goes on).
serving.when_serving(register_loop)
