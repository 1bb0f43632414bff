"""Setup that names no machine's path: `make help` lists every target, `make setup` says
what to install when it finds no Python 3.12 or newer, and the README names no one
machine's folders."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKE = shutil.which("make") or "make"


def targets() -> list[str]:
    """The Makefile's own targets (not files such as $(STAMP), not .PHONY)."""
    text = (ROOT / "Makefile").read_text()
    return re.findall(r"^([a-z][\w-]*):(?!=)", text, re.MULTILINE)


def test_make_help_lists_every_target():
    shown = subprocess.run(
        [MAKE, "-s", "help"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    listed = set(re.findall(r"^\s+([a-z][\w-]*):", shown, re.MULTILINE))
    assert len(targets()) >= 10
    assert set(targets()) <= listed, f"not in make help: {set(targets()) - listed}"


def test_setup_without_a_python_312_says_what_to_install(tmp_path: Path):
    # A machine with no Python at all on PATH and no pyenv: only the tools the search uses.
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("ls", "sort"):
        (tools / tool).symlink_to(shutil.which(tool))
    env = {"PATH": str(tools), "HOME": str(tmp_path / "home"), "LANG": "C"}
    done = subprocess.run(
        [MAKE, "setup"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    assert "no Python 3.12 or newer found" in done.stderr
    assert "pyenv install 3.12" in done.stderr and "PYTHON=" in done.stderr
    assert not (tmp_path / ".venv").exists()


def test_the_readme_names_no_machine_path():
    text = (ROOT / "README.md").read_text()
    home = os.path.expanduser("~")
    found = re.findall(r"(?<![\w.])/(?:root|home|work|tmp|Users|opt)/\S*", text)
    assert not found and (home == "/" or home not in text), found
