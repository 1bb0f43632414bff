"""ASGI entry point: Django for HTTP, Channels consumers for WebSockets."""

import asyncio
import os
from typing import Any

from django.core.asgi import get_asgi_application

from whistsite.patches import autobahn_close_codes, daphne_close_frames

daphne_close_frames.install()  # over-limit frames close with 1009, not a silent drop
autobahn_close_codes.install()  # a forbidden close code gets 1002, not a TCP reset

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")
# Set up Django before importing anything that touches models (auth, routing).
django_asgi_app = get_asgi_application()

from django.conf import settings  # noqa: E402
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware  # noqa: E402

from games.routing import websocket_urlpatterns as games_routes  # noqa: E402
from games.sockets import shutdown  # noqa: E402
from runtime import collector  # noqa: E402
from runtime.scheduling import register_loop  # noqa: E402
from social.routing import websocket_urlpatterns as social_routes  # noqa: E402
from whistsite.body_limit import BodyLimit  # noqa: E402
from whistsite.client_gone import ClientGone  # noqa: E402
from whistsite.health import HealthEndpoints  # noqa: E402
from whistsite.metrics_endpoint import MetricsEndpoint  # noqa: E402
from whistsite.patches import (  # noqa: E402
    autobahn_log_args,
    autobahn_options,
    daphne_frame_guard,
    daphne_handshake,
    daphne_inbox,
    daphne_loop,
)
from whistsite.patches.daphne_body_limit import limit_daphne_bodies  # noqa: E402
from whistsite.socket_entry import SocketEntry  # noqa: E402

# A socket that floods frames is cut as they arrive, in Daphne's protocol, before the
# application queues them (whistsite/patches/daphne_frame_guard.py).
daphne_frame_guard.install(lambda: settings.WHIST_WS_RATE)
# A body over WHIST_MAX_BODY is refused with 413 as it arrives, by Daphne and by the app
# (whistsite/body_limit.py), whatever the proxy in front does.
limit_daphne_bodies(settings.WHIST_MAX_BODY)
# A socket's events and its channel's messages in one inbox (whistsite/patches/daphne_inbox.py).
daphne_inbox.install()
# An open socket keeps nothing of its handshake (whistsite/patches/daphne_handshake.py).
daphne_handshake.install()
# Its protocol reads the server's options from its class (whistsite/patches/autobahn_options.py).
autobahn_options.install()
# Its debug lines about each frame styled only if written (whistsite/patches/autobahn_log_args.py).
autobahn_log_args.install()


# The social app's sockets first: the card room's routes end with a catch-all (4404).
websocket_urlpatterns = [*social_routes, *games_routes]


class Site:
    """The site's ASGI application: HTTP to `http`, WebSockets to `websocket`; and the one
    place the serving event loop is registered (runtime.scheduling times the embedded tasks
    and the watchdog on it): every connection names the loop it runs on, so a test's loop, or
    a server's, is the one used from its first socket or request on. One class, not
    channels' ProtocolTypeRouter under a middleware: each level stays in an open socket's
    call chain (whistsite/socket_entry.py)."""

    def __init__(self, http: Any, websocket: Any) -> None:
        self.http, self.websocket = http, websocket

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "websocket":
            register_loop(asyncio.get_running_loop())
            await self.websocket(scope, receive, send)
        elif kind == "http":
            register_loop(asyncio.get_running_loop())
            await self.http(scope, receive, send)
        else:
            raise ValueError(f"No application configured for scope type {kind!r}")


application = Site(
    # /healthz and /readyz before anything else (whistsite/health.py), then /metrics to the
    # token's holder (whistsite/metrics_endpoint.py); Django hears a client gone only once its
    # response has started (whistsite/client_gone.py).
    http=HealthEndpoints(
        MetricsEndpoint(BodyLimit(ClientGone(django_asgi_app), settings.WHIST_MAX_BODY)),
        shutdown.stopping,
    ),
    # Refused while stopping, while cooling after a flood, from another origin; then the
    # session, the user and the route's consumer (whistsite/socket_entry.py).
    websocket=SocketEntry(websocket_urlpatterns),
)
if settings.WHIST_TRUSTED_PROXIES:
    # The client address and scheme the proxy names, believed only from the proxy itself
    # (docs/deployment.md §"Environment", "Trusted proxies").
    application = ProxyHeadersMiddleware(  # type: ignore[assignment]
        application,  # type: ignore[arg-type]
        trusted_hosts=settings.WHIST_TRUSTED_PROXIES,
    )

# Under Daphne the loop is registered as it starts serving, before any connection: the
# embedded watchdog starts with the server (a bot's turn left by a restart goes on).
daphne_loop.when_serving(register_loop)
# SIGTERM drains from the start, socket or not: /readyz answers not ready at once. So does
# SIGINT, `make run`'s Ctrl-C, which then skips the interpreter's teardown as SIGTERM does.
daphne_loop.when_serving(lambda loop: shutdown.watch_sigterm(interrupt=True))

# Everything loaded now lives as long as the process: frozen, so that no full collection of
# the cycle collector walks it again while sockets wait (runtime/collector.py).
collector.settle()
