"""ASGI entry point: Django for HTTP, Channels consumers for WebSockets."""

import os

from django.core.asgi import get_asgi_application

from whistsite import daphne_options

daphne_options.install()  # over-limit frames close with 1009, not a silent drop

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")
# Set up Django before importing anything that touches models (auth, routing).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from games.scheduling import register_loop  # noqa: E402
from whistsite import serving  # noqa: E402
from whistsite.websocket_origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# The embedded watchdog starts with the server (a bot's turn left by a restart goes on).
serving.when_serving(register_loop)
