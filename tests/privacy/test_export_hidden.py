"""The export shows no card a player may not see yet: neither a practice table's deals while it
is played (games.Table.start) nor a duplicate board's record while the board is held
(games.reads.sight), in the games file or in the table rows the player created."""

from __future__ import annotations

import json

import pytest

from games.models import Table
from privacy.export import games, holdings
from records.practice import practice_start
from tests.rankings.helpers import seeded, store

pytestmark = pytest.mark.django_db


def test_an_export_during_a_practice_game_holds_none_of_its_deals(make_user) -> None:
    ann = make_user("ann")
    original = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    table = practice_start(ann, original.pk, 6, 0, True, "beginner")
    hidden = Table.objects.get(pk=table.pk).start["deals"][0]["hands"][1]
    rows = [r for r in holdings(ann)["games.Table"] if r["id"] == table.pk]
    assert rows and "start" not in rows[0]
    assert not [c for c in hidden if f'"{c}"' in json.dumps(rows)]


def test_an_export_holds_no_record_of_a_board_still_held(make_user) -> None:
    ann = make_user("ann")
    held = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    shown = store(seeded("german", 2, 6, games=1), [ann, "club"], rated=False)
    Table.objects.filter(pk__in=[held.pk, shown.pk]).update(created_by=ann)
    Table.objects.filter(pk=held.pk).update(board_held=True)
    by_id = {g["game_id"]: g for g in games(ann)}
    assert by_id[held.pk]["record"] is None and by_id[shown.pk]["record"]
    tables = {r["id"]: r for r in holdings(ann)["games.Table"]}
    assert "record" not in tables[held.pk]
