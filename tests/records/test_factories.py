"""The factories' rows written by COPY (tests/records/factories.py insert_like) are the rows
Django's bulk_create writes of the same instances, column for column."""

from __future__ import annotations

import copy
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.models import Model
from django.utils import timezone

from games.engine import make_rules
from games.engine.simulate import random_game
from games.models import Seat, Table
from rankings.models import GameScore, SeatResult
from records.models import GamePlayer, GameRecord
from tests.records.factories import _players, _record, insert_like, score_many, store_many

pytestmark = pytest.mark.django_db

RECORD = random_game(make_rules("german"), seed=3)
# Set at the insert's moment (auto_now_add) or drawn from a sequence: not the same twice.
OWN = {"id", "created"}


def both(model: type[Model], proto: Model, varying: tuple[str, ...], rows: list[tuple]
         ) -> tuple[dict[str, Any], dict[str, Any]]:  # fmt: skip
    """The first of `rows` made by insert_like and the second by bulk_create, read back."""
    (copied,) = insert_like(model, proto, varying, rows[:1])
    made = copy.copy(proto)
    for name, value in zip(varying, rows[1], strict=True):
        setattr(made, name, value)
    (created,) = model._default_manager.bulk_create([made])
    first, second = (model._default_manager.filter(pk=pk).values().get()
                     for pk in (copied, created.pk))  # fmt: skip
    return first, second


def same_but(first: dict[str, Any], second: dict[str, Any], *names: str) -> None:
    assert first.keys() == second.keys()
    differ = {k for k in first if first[k] != second[k]} - OWN - set(names)
    assert not differ, {k: (first[k], second[k]) for k in differ}


def test_each_kind_of_row_is_written_as_bulk_create_writes_it(make_user: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("insert_like writes by COPY on PostgreSQL only (elsewhere bulk_create)")
    ann = make_user("ann")
    now = timezone.now()
    table = Table(game="german", players=2, status=Table.Status.FINISHED, record=None,
                  seed=0, finished=now)  # fmt: skip
    first, second = both(Table, table, ("seed", "finished"),
                         [(7, now), (8, now - timedelta(minutes=1))])  # fmt: skip
    same_but(first, second, "seed", "finished")
    assert (first["seed"], second["seed"]) == (7, 8)
    t1, t2 = first["id"], second["id"]

    seat = Seat(table=table, index=0, user=ann, bot="")
    same_but(*both(Seat, seat, ("table_id",), [(t1,), (t2,)]), "table_id")

    stored = _record(table, ann, RECORD)
    varying = ("table_id", "rated", "started", "finished")
    first, second = both(GameRecord, stored, varying, [(t1, True, now, now), (t2, True, now, now)])
    same_but(first, second, "table_id")
    assert first["record"] == RECORD and first["seats"][0]["user"] == ann.pk

    for player in _players(stored, ann):
        same_but(*both(GamePlayer, player, ("record_id",), [(t1,), (t2,)]), "record_id")

    score = GameScore(table_id=t1, game="german", rated=True, finished=now)
    first, second = both(GameScore, score, ("table_id",), [(t1,), (t2,)])
    same_but(first, second, "table_id")
    result = SeatResult(score_id=first["id"], table_id=t1, seat=0, user=ann, bot="",
                        game="german", finished=now, place=1, won=True, resigned=False,
                        counted=True, rated=True, rating_before=1200,
                        rating_after=1212)  # fmt: skip
    same_but(*both(SeatResult, result, ("score_id", "table_id"),
                   [(first["id"], t1), (second["id"], t2)]), "score_id", "table_id")  # fmt: skip


def test_store_many_and_score_many_make_every_row(make_user: Any) -> None:
    ann = make_user("ann")
    ids = store_many(ann, 5, RECORD)
    assert (
        list(Table.objects.filter(pk__in=ids).order_by("finished").values_list("pk", flat=True))
        == ids
    )
    assert Seat.objects.filter(table__in=ids).count() == 10
    assert Seat.objects.filter(table__in=ids, user=ann, index=0).count() == 5
    rated = [t for t in ids if t % 2 == 0]
    assert sorted(GameRecord.objects.filter(rated=True).values_list("pk", flat=True)) == rated
    assert GamePlayer.objects.filter(record__in=ids, user=ann, seat=0).count() == 5
    assert score_many(ann, ids) == len(rated)
    assert SeatResult.objects.filter(table__in=rated, user=ann).count() == len(rated)
    changes = SeatResult.objects.filter(user=ann).values_list("table_id", "rating_before")
    assert all(before == 1200 + t % 50 for t, before in changes)
