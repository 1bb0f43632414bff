"""manage.py fairplay_scan judges the stored games not judged yet, once; bad input exits 2
with one line (docs/deployment.md §"Fair play")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from fairplay.models import GameSignal
from tests.fairplay.conftest import seer_game, stored

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_the_scan_judges_each_stored_game_once(make_user, capsys) -> None:
    ann = make_user("ann")
    table = stored(seer_game(2), [ann, "club", "club", "club"])
    call_command("fairplay_scan")
    assert "1 games judged (1 players' figures)" in capsys.readouterr().out
    assert GameSignal.objects.filter(record_id=table.pk, user=ann).count() == 1
    call_command("fairplay_scan")
    assert "0 games judged" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["--since", "yesterday"], ["--limit", "-3"]])
def test_bad_input_exits_2_with_one_line(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "fairplay_scan", *args], cwd=ROOT, capture_output=True,
        text=True, env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1"},
    )  # fmt: skip
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


@pytest.mark.django_db
def test_a_limit_beyond_any_count_judges_them_all(make_user, capsys) -> None:
    """A limit past the database's LIMIT (a bigint) was a traceback: "bigint out of range"."""
    stored(seer_game(2), [make_user("ann"), "club", "club", "club"])
    call_command("fairplay_scan", "--limit", "9" * 25)
    assert "1 games judged" in capsys.readouterr().out
