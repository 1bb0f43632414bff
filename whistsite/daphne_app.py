"""Daphne's app, for its `runserver` (which replaces Django's), without importing Daphne's
server when Django starts.

daphne.apps imports daphne.server, which installs Twisted's asyncio reactor and imports
Twisted and Autobahn, "in case other packages import twisted.internet.reactor" first: about
0.35 of the 1.2 CPU-s that every Django process of the site took to start (each manage.py
command, Celery worker, pytest process and the tests' own), though only a Daphne serves
with it. A Daphne imports its server itself before the site (daphne.cli), and so does
Daphne's runserver (its command module imports daphne.server), and nothing of the site
imports Twisted's reactor. The app keeps the name `daphne`, so Django finds Daphne's
runserver as before; daphne.E001 (Daphne listed before django.contrib.staticfiles) is
checked by an isinstance of daphne.apps' own config, which this is not, so it is left
unregistered: the order is the settings' own (whistsite/settings/core.py).
"""

from __future__ import annotations

from django.apps import AppConfig


class DaphneConfig(AppConfig):
    name = "daphne"
    verbose_name = "Daphne"
