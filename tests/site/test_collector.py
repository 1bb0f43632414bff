"""A serving process freezes what the site's imports made, so that the cycle collector's full
collections do not walk it while sockets wait (runtime/collector.py); WHIST_GC_FREEZE=false
leaves Python's collector as it is."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.servers import ROOT

# Loaded as Daphne loads it (`daphne whistsite.asgi:application`), then how many objects the
# collector holds frozen.
CODE = "import gc, whistsite.asgi; print(gc.get_freeze_count())"


def frozen(**env: str) -> int:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings", **env}
    done = subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return int(done.stdout.strip().splitlines()[-1])


def test_the_asgi_application_freezes_what_the_sites_imports_made() -> None:
    assert frozen() > 50_000  # about 140,000 on Python 3.13


def test_whist_gc_freeze_false_leaves_the_collector_as_it_is() -> None:
    assert frozen(WHIST_GC_FREEZE="false") == 0
