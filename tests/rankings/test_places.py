"""One place per seat: the profile (rankings' result rows) and the game page
(records) show the same place for every seat of a Knockout game whose round ended in a tie,
standard competition ranking (docs/rules.md §0.6)."""

from __future__ import annotations

import re
from importlib import import_module

import pytest
from django.apps import apps
from django.test import Client

from games.engine import make_rules, new_game, places
from games.models import Seat
from rankings.models import SeatResult
from records.models import GamePlayer
from records.services import record_store
from tests.engine.helpers import finish_game
from tests.rankings.helpers import store

pytestmark = pytest.mark.django_db


def tied_knockout() -> dict:
    """The first seeded four-player Knockout game with a tied place that has seats after it."""
    for seed in range(1, 200):
        state = finish_game(new_game(make_rules("knockout", 4), seed=seed))
        if any(len(group) > 1 for group in state.result["ranking"][:-1]):
            return state
    raise AssertionError("no tied Knockout round up to seed 200")


def test_the_profile_and_the_game_page_agree_on_each_seats_place_after_a_tie(make_user, score):
    users = [make_user(name) for name in ("ann", "bob", "cy", "dan")]
    state = tied_knockout()
    table = store(state, users)
    record_store(table, list(Seat.objects.filter(table=table).order_by("index")))
    rows = score(table)
    expected = places(state.result["ranking"], 4)
    assert expected[state.result["ranking"][-1][0]] == 4  # 1, 2, 2, 4: the last is fourth

    stored = {p.seat: p.place for p in GamePlayer.objects.filter(record_id=table.pk)}
    assert [rows[seat].place for seat in range(4)] == expected  # the profile's
    assert [stored[seat] for seat in range(4)] == expected  # the history's
    game_page = Client().get(f"/games/{table.pk}/").content.decode()
    shown = re.findall(r'<span class="place">(\d+)\.</span>\s*<a [^>]*>(\w+)</a>', game_page)
    assert {name: int(place) for place, name in shown} == {
        users[seat].username: expected[seat] for seat in range(4)
    }
    for seat in state.result["ranking"][-1]:
        profile = Client().get(f"/accounts/players/{users[seat].username}/").content.decode()
        assert f'<td data-label="Place">{expected[seat]}</td>' in profile


def test_rows_scored_with_the_old_places_get_the_engines_places(make_user, score):
    users = [make_user(name) for name in ("ann", "bob", "cy", "dan")]
    state = tied_knockout()
    table = store(state, users)
    rows = score(table)
    dense = {seat: rank + 1 for rank, group in enumerate(state.result["ranking"]) for seat in group}
    for seat, row in rows.items():  # as the bookkeeping stored them before (1, 2, 2, 3)
        SeatResult.objects.filter(pk=row.pk).update(place=dense[seat])

    migration = import_module("rankings.migrations.0003_competition_places")
    migration.competition_places(apps, None)

    after = {r.seat: r.place for r in SeatResult.objects.filter(table=table)}
    assert [after[seat] for seat in range(4)] == places(state.result["ranking"], 4)
