"""Every finished game is stored once, in its finishing move's transaction, with each seat's
result; games that finished before the records app are stored by the backfill."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from games import services, signals
from games.models import Table
from records.models import GamePlayer, GameRecord, ImmutableRecordError
from records.services import record_backfill
from records.signals import game_recorded
from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_game_played_through_the_services_appears_once_in_each_players_history(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, "german", bot_levels=[None, None])
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)
    finished = play_to_end(table.pk, {0: ann, 1: bob})

    stored = GameRecord.objects.get(pk=table.pk)
    assert stored.record == finished.record and stored.status == GameRecord.Status.FINISHED
    winners = finished.record["result"]["winners"]
    for user, seat in ((ann, 0), (bob, 1)):
        rows = GamePlayer.objects.filter(user=user)
        assert rows.count() == 1
        row = rows.get()
        assert row.seat == seat and row.record_id == table.pk
        expected = "drawn" if not winners else "won" if seat in winners else "lost"
        assert row.result == expected and row.won == (seat in winners)


def test_the_record_exists_before_the_game_over_state_leaves_the_transaction(make_user):
    seen: list[bool] = []

    def receiver(sender: Any, table: Any, **kwargs: Any) -> None:
        seen.append(transaction.get_connection().in_atomic_block)

    signals.game_finished.connect(receiver, dispatch_uid="test_records_order")
    try:
        ann = make_user("ann")
        table = services.table_play_now(ann, "german", 2, "beginner")
        with transaction.atomic():
            services.move_play(table.pk, {"action": "resign"}, user=ann)
            assert GameRecord.objects.filter(pk=table.pk).exists()  # same transaction
    finally:
        signals.game_finished.disconnect(dispatch_uid="test_records_order")
    assert seen == [True]


def test_records_announces_the_stored_game_once_inside_the_moves_transaction(make_user):
    """records.signals.game_recorded: the one signal the apps above hear (rankings,
    tournaments, fair play), sent after the stored game and its players are written."""
    seen: list[tuple[int, bool, int]] = []

    def receiver(sender: Any, record: GameRecord, **kwargs: Any) -> None:
        in_block = transaction.get_connection().in_atomic_block
        seen.append((record.pk, in_block, GamePlayer.objects.filter(record=record).count()))

    game_recorded.connect(receiver, dispatch_uid="test_records_recorded")
    try:
        ann = make_user("ann")
        table = services.table_play_now(ann, "german", 2, "beginner")
        with transaction.atomic():
            services.move_play(table.pk, {"action": "resign"}, user=ann)
    finally:
        game_recorded.disconnect(dispatch_uid="test_records_recorded")
    assert seen == [(table.pk, True, 2)]


def test_a_resignation_is_stored_as_resigned_with_the_resigner_last(make_user):
    ann = make_user("ann")
    table = services.table_play_now(ann, "whist", 4, "beginner")
    services.move_play(table.pk, {"action": "resign"}, user=ann)
    stored = GameRecord.objects.get(pk=table.pk)
    assert stored.status == GameRecord.Status.RESIGNED
    row = GamePlayer.objects.get(user=ann)
    assert row.result == "resigned" and row.resigned and not row.won and row.place == 3
    bots = GamePlayer.objects.filter(record=stored, user=None).order_by("seat")
    assert [(r.seat, r.bot, r.result) for r in bots] == [
        (1, "beginner", "won"),
        (2, "beginner", "lost"),
        (3, "beginner", "won"),
    ]


def test_a_stored_game_cannot_be_changed_only_annulled(finished_german):
    table, _ann = finished_german
    stored = GameRecord.objects.get(pk=table.pk)
    stored.result = {"winners": []}
    with pytest.raises(ImmutableRecordError):
        stored.save()
    stored.annulled = True
    stored.save(update_fields=["annulled"])
    assert GameRecord.objects.get(pk=table.pk).annulled


def test_the_backfill_stores_games_finished_before_the_app_once(finished_german):
    table, ann = finished_german
    GameRecord.objects.all().delete()
    assert record_backfill() == 1
    assert record_backfill() == 0
    assert GamePlayer.objects.filter(user=ann).count() == 1
    assert GameRecord.objects.get(pk=table.pk).record == Table.objects.get(pk=table.pk).record
