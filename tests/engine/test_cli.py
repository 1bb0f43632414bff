"""The engine's command line: simulate writes records, replay checks them, bad input exits 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "games.engine", *args]
    return subprocess.run(command, capture_output=True, text=True, input=stdin, timeout=60)


def test_simulate_writes_one_record_a_line_and_is_deterministic():
    args = ("simulate", "--game", "knockout", "--players", "5", "--seed", "40", "--count", "3")
    first, second = run(*args), run(*args)
    assert first.returncode == 0 and first.stdout == second.stdout
    records = [json.loads(line) for line in first.stdout.splitlines()]
    assert [r["seed"] for r in records] == [40, 41, 42]
    assert all(r["format"] == "whist-record/1" and len(r["seats"]) == 5 for r in records)


def test_simulate_game_i_uses_seed_s_plus_i():
    batch = run("simulate", "--game", "german", "--seed", "7", "--count", "2").stdout.splitlines()
    single = run("simulate", "--game", "german", "--seed", "8").stdout.splitlines()
    assert batch[1] == single[0]


def test_option_overrides_preset():
    out = run("simulate", "--game", "knockout", "--preset", "dutch", "--option", "sweep_wins=false")
    options = json.loads(out.stdout)["options"]
    assert options["lead"] == "trump_chooser" and options["sweep_wins"] is False


def test_option_values_true_false_integers_and_names():
    out = run(
        "simulate", "--game", "knockout", "--players", "3", "--option", "start_cards=5",
        "--option", "exchange=true", "--option", "dogs_life=off",
    )  # fmt: skip
    options = json.loads(out.stdout)["options"]
    assert (options["start_cards"], options["exchange"], options["dogs_life"]) == (5, True, "off")


@pytest.mark.parametrize(
    "args, words",
    [
        (("simulate", "--game", "bridge"), "invalid choice"),
        (("simulate", "--game", "whist", "--players", "3"), "whist is for 4 players"),
        (("simulate", "--game", "knockout", "--players", "7", "--option", "start_cards=8"),
         "7 × 8 + 1 = 57 > 52"),
        (("simulate", "--game", "knockout", "--option", "colour=red"), "no option 'colour'"),
        (("simulate", "--game", "knockout", "--option", "exchange"), "NAME=VALUE"),
        (("simulate", "--game", "knockout", "--option", "lead=right"), "lead is one of"),
        (("simulate", "--game", "whist", "--preset", "dutch"), "presets exist only for knockout"),
        (("simulate", "--game", "german", "--count", "-1"), "--count"),
        (("simulate", "--game", "german", "--seed", "x"), "invalid int value"),
        (("replay", "/nonexistent/records.jsonl"), "cannot read"),
        (("dance",), "invalid choice"),
        ((), "required"),
    ],
)  # fmt: skip
def test_bad_arguments_get_one_line_and_exit_status_2(args, words):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr


def test_replay_of_a_file_that_is_not_text_gets_one_line_and_exit_status_2(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00\xd0\xff\xfe")
    out = run("replay", str(path))
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "not UTF-8 text" in out.stderr


def test_replay_accepts_simulated_records(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(
        run("simulate", "--game", "whist", "--count", "3", "--option", "honours=true").stdout
    )
    out = run("replay", str(path))
    assert out.returncode == 0 and out.stdout.splitlines()[-1] == "3 records, 3 agree, 0 disagree"


def test_replay_reports_each_disagreement(tmp_path):
    lines = run("simulate", "--game", "knockout", "--count", "2").stdout.splitlines()
    record = json.loads(lines[1])
    record["deals"][0]["outcome"]["tricks"][0] += 1
    record["result"]["reason"] = "rainbow"
    path = tmp_path / "games.jsonl"
    path.write_text(lines[0] + "\n" + json.dumps(record) + "\nnot json\n")
    out = run("replay", str(path))
    assert out.returncode == 1
    report = out.stdout.splitlines()
    assert any(r.startswith("record 2: deal 0: outcome:") for r in report)
    assert any(r.startswith("record 2: result.reason:") for r in report)
    assert any(r.startswith("record 3: not JSON") for r in report)
    assert report[-1] == "3 records, 1 agree, 2 disagree"


def test_replay_reports_an_illegal_event(tmp_path):
    record = json.loads(run("simulate", "--game", "german").stdout)
    first = record["deals"][0]["events"][0]
    first["seat"] = 1 - first["seat"]
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(record) + "\n")
    out = run("replay", str(path))
    assert out.returncode == 1 and "refused by the rules" in out.stdout
