"""The engine is a pure library: importing it loads no Django, Channels or Celery."""

import subprocess
import sys


def test_importing_the_engine_loads_no_django_channels_or_celery():
    code = (
        "import sys, games.engine, games.engine.views, games.engine.record, games.engine.cli;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'django', 'channels', 'celery'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
