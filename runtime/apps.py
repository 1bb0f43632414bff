"""App configuration for the process-level helpers."""

from django.apps import AppConfig


class RuntimeConfig(AppConfig):
    """The runtime app: its command `ready`, and the 404 page under DEBUG."""

    name = "runtime"

    def ready(self) -> None:
        from whistsite.patches import debug_404

        # Under DEBUG (`make run`) a missing page shows the site's 404 page, not Django's
        # technical one, unless WHIST_DEBUG_404 asks (whistsite/patches/debug_404.py).
        debug_404.install()
