"""WSGI entry point, for plain-HTTP tools; the site itself is served over ASGI by Daphne."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")

application = get_wsgi_application()
