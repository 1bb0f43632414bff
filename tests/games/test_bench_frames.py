"""bench/load.py's players read each frame through bench/load_clients.py's `Frame`, which keeps
only the fields a player acts on and skips the rest: those fields must read as JSON reads them
in what the site sends, or the bench's players sit idle (a renamed field) or fail (a retyped
one) and the figures measure nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench.load_clients import read_frame
from games import services
from games.reads.messages import state_message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2)])
def test_a_player_reads_of_a_state_what_json_reads(make_user: Any, game: str, players: int):
    users = [make_user(f"frames{i}") for i in range(players)]
    created = services.table_create(users[0], game)
    for index, user in enumerate(users[1:], start=1):
        services.seat_take(user, created.pk, index)
    table = services.table_start(users[0], created.pk)
    seats = list(table.seats.all())
    acting = 0
    for seat in range(players):
        text = json.dumps(state_message(table, seat, seats))
        full, read = json.loads(text), read_frame(text)
        assert (read.type, read.version, read.table.status) == (
            "state", full["version"], full["table"]["status"]
        )  # fmt: skip
        view = full["view"]
        assert (read.view.to_act, read.view.legal) == (view["to_act"], view["legal"])
        acting += bool(read.view.legal)
    assert read.table.status == "playing" and acting == 1


def test_a_player_reads_an_error_code_and_skips_other_frames():
    error = read_frame(json.dumps({"type": "error", "code": "stale", "message": "Too late"}))
    assert (error.type, error.code, error.table) == ("error", "stale", None)
    chat = read_frame(json.dumps({"type": "chat", "messages": [{"id": 1, "text": "hi"}]}))
    assert (chat.type, chat.version, chat.view) == ("chat", None, None)
