"""A Django process of the site starts without Daphne's server (whistsite/daphne_app.py), and
`manage.py runserver` is still Daphne's."""

from __future__ import annotations

import subprocess
import sys

from tests.servers import ROOT

PROBE = """
import sys
import django
django.setup()
from django.core.management import get_commands
print(sorted(m for m in sys.modules if m.split(".")[0] in ("twisted", "autobahn")
             or m == "daphne.server"))
print(get_commands()["runserver"])
"""


def test_django_starts_without_daphnes_server_and_runserver_stays_daphnes() -> None:
    run = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1",
             "DJANGO_SETTINGS_MODULE": "whistsite.settings"},
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["[]", "daphne"], run.stdout
