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
    # Past what a wait can take: "the broker did not answer (OverflowError)", exit 1.
    ("ready", "worker", "turns@nowhere", "--timeout", "1e308"),
    # A name beat has not: it was dropped, and beat's own state said (exit 1 or 0).
    ("ready", "beat", "turns@nowhere"),
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


def run_command(*args: str | bytes) -> subprocess.CompletedProcess:
    """The command line as a person types it, in a UTF-8 terminal."""
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1", "LANG": "C.UTF-8"},
    )  # fmt: skip


def one_line_and_2(run: subprocess.CompletedProcess) -> bool:
    text = run.stderr.decode("utf-8", "replace")
    return run.returncode == 2 and len(text.strip().splitlines()) == 1 and "Traceback" not in text


# Bytes a shell passes that are not UTF-8 (a name typed in a Latin-1 terminal): the hash of
# a text the site never saw (its forms are UTF-8) has no use; encoding it was a traceback.
@pytest.mark.parametrize("value", [b"caf\xe9", b"\xff\xfe"])
def test_log_hash_refuses_a_value_that_is_not_utf8(value: bytes) -> None:
    run = run_command("log_hash", value)
    assert one_line_and_2(run), run.stderr
    assert b"UTF-8" in run.stderr


def test_legal_import_refuses_a_folder_named_as_a_page(tmp_path: Path) -> None:
    (tmp_path / "imprint.en.txt").mkdir()
    run = run_command("legal_import", str(tmp_path))
    assert one_line_and_2(run), run.stderr
    assert b"imprint.en.txt: not a file" in run.stderr


def test_legal_import_refuses_a_link_to_nothing(tmp_path: Path) -> None:
    (tmp_path / "terms.de.txt").symlink_to(tmp_path / "gone.txt")
    run = run_command("legal_import", str(tmp_path))
    assert one_line_and_2(run), run.stderr
    assert b"terms.de.txt: not a file" in run.stderr


def test_legal_import_refuses_a_text_with_a_nul_character(tmp_path: Path) -> None:
    """UTF-8 all the same, but PostgreSQL's text holds no NUL: it failed at the database."""
    (tmp_path / "privacy.nl.txt").write_bytes(b"Privacy\x00verklaring\n")
    run = run_command("legal_import", str(tmp_path))
    assert one_line_and_2(run), run.stderr
    assert b"privacy.nl.txt: " in run.stderr
