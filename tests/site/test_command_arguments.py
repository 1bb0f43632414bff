"""Every management command of the project's own apps answers bad arguments with one line
and exit status 2 (docs/development.md, bad input), through runtime.command_errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = sorted(
    path.stem
    for path in ROOT.glob("*/management/commands/*.py")
    if not path.stem.startswith("_") and ".venv" not in path.parts
)


def test_the_project_has_commands_to_check() -> None:
    assert {"legal_import", "fairplay_scan", "ready", "vapid_key"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_refuses_an_unknown_option_with_one_line_and_status_2(
    command: str,
) -> None:
    run = subprocess.run(
        [sys.executable, "manage.py", command, "--no-such-option"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1"},
    )  # fmt: skip
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{command}: "), run.stderr


# Values argparse takes but the command cannot use: each one line and status 2, never a
# traceback nor a wait for ever (a timeout of nan waited on the broker with no end).
BAD_VALUES = [
    ("ready", "worker", "turns@nowhere", "--timeout", "nan"),
    ("ready", "worker", "turns@nowhere", "--timeout", "inf"),
    ("fairplay_scan", "--limit", "²"),
    ("legal_import", "manage.py"),
]


@pytest.mark.parametrize("args", BAD_VALUES, ids=" ".join)
def test_every_command_refuses_a_bad_value_with_one_line_and_status_2(args: tuple) -> None:
    run = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True,
        timeout=120, env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1"},
    )  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
