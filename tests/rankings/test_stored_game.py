"""One game-over fact: the records app stores a finished game once, each seat's
place and decisions with it, and the bookkeeping scores the game from that stored record
(records.models), never from the card room's table, seats and move log again."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps

from games.engine import game_result
from games.models import Move, Table
from rankings.models import GameScore
from records.models import GamePlayer
from tests.rankings.helpers import store, winning
from tests.rankings.test_places import tied_knockout

pytestmark = pytest.mark.django_db


def test_the_bookkeeping_scores_the_game_as_the_record_stored_it(make_user, score):
    users = [make_user(name) for name in ("ann", "bob", "cy", "dan")]
    state = tied_knockout()
    table = store(state, users)
    # The card room's copies go: the bookkeeping must not need them.
    Move.objects.filter(table=table).delete()
    Table.objects.filter(pk=table.pk).update(record=None, rated=False)
    rows = score(table)
    stored = {p.seat: p for p in GamePlayer.objects.filter(record_id=table.pk)}
    assert [rows[s].place for s in range(4)] == [stored[s].place for s in range(4)]
    assert [rows[s].place for s in range(4)] == list(game_result(table.game_record.record).places)
    assert GameScore.objects.get(table=table).rated  # as stored: a rated table
    assert all(rows[s].counted for s in range(4))  # the stored decisions: all their own


def test_a_finished_table_without_a_stored_record_is_not_scored(make_user, score):
    table = store(winning("german", 2, 0), [make_user("ann"), "club"])
    table.game_record.seat_rows.all().delete()
    table.game_record.delete()
    assert score(table) == {}
    assert not GameScore.objects.filter(table=table).exists()


def test_each_stored_seat_keeps_its_own_and_its_stand_ins_decisions(make_user, score):
    away = lambda seat, n: Move.By.TIMEOUT if seat == 1 and n % 3 else None  # noqa: E731
    table = store(winning("german", 2, 0), [make_user("ann"), make_user("bob")], by=away)
    moves = list(Move.objects.filter(table=table).values_list("seat", "by"))
    stored = {p.seat: p for p in GamePlayer.objects.filter(record_id=table.pk)}
    for seat in (0, 1):
        own = sum(1 for s, by in moves if s == seat and by == Move.By.HUMAN)
        other = sum(1 for s, by in moves if s == seat and by != Move.By.HUMAN)
        assert (stored[seat].own_decisions, stored[seat].stand_in_decisions) == (own, other)
    rows = score(table)
    assert rows[0].counted and not rows[1].counted  # bob's seat: mostly a stand-in's


def test_games_stored_before_get_their_decisions_from_the_move_log(make_user):
    away = lambda seat, n: Move.By.BOT if seat == 0 and n % 2 else None  # noqa: E731
    table = store(winning("german", 2, 0), [make_user("ann"), "club"], by=away)
    rows = GamePlayer.objects.filter(record_id=table.pk).order_by("seat")
    stored = [(p.own_decisions, p.stand_in_decisions) for p in rows]
    rows.update(own_decisions=0, stand_in_decisions=0)  # as migration 0006 found them

    migration = import_module("records.migrations.0006_seat_decisions")
    migration.fill_decisions(apps, None)

    assert [(p.own_decisions, p.stand_in_decisions) for p in rows.all()] == stored
    assert stored[0][0] > 0 and stored[0][1] > 0 and stored[1][0] == 0
