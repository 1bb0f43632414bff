"""A compare-and-set move and the table's turn timer (games/services/move_cas.py): the
statement takes the timer's due time from the table's row, not from the held values, so a
timer that set itself again without a new version (games/services/moves.py `timeout_play`)
does not send the next move down the locked path, and the statement arms a new timer
exactly when the locked path would (`_arm_timer`: none pending by the new deadline)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import held
from games.models import Table

from .helpers import german_table, play_first_legal, state, table
from .test_move_cas import _hold, _statements
from .test_moves import seated

pytestmark = pytest.mark.django_db(transaction=True)


def _first_move(make_user, monkeypatch):  # noqa: ANN001, ANN202
    """A German Whist table of two humans (a time limit), its first move by the statement:
    the table, its players, and the list of the writers used so far."""
    ann, bob = make_user("ann"), make_user("bob")
    made = german_table(ann, bob)
    players = seated(made, [ann, bob])
    _hold(made.pk)
    used = _statements(monkeypatch)
    seat = state(made.pk).to_act
    play_first_legal(made.pk, players[seat], seat)
    assert used == ["cas"]
    return made, players, used


def _next_move(made: Table, players: dict) -> None:
    seat = state(made.pk).to_act
    play_first_legal(made.pk, players[seat], seat)


def test_a_move_after_the_timer_set_itself_again_is_one_statement(make_user, monkeypatch, queued):
    made, players, used = _first_move(make_user, monkeypatch)
    rearmed = table(made.pk).turn_deadline  # timeout_play's: due at the deadline it found
    Table.objects.filter(pk=made.pk).update(timer_due=rearmed)  # no new version
    _next_move(made, players)
    assert used == ["cas", "cas"]


def test_the_statement_keeps_the_rows_pending_timer(make_user, monkeypatch, queued):
    made, players, _used = _first_move(make_user, monkeypatch)
    rearmed = table(made.pk).turn_deadline
    Table.objects.filter(pk=made.pk).update(timer_due=rearmed)
    timers = len(queued)
    _next_move(made, players)
    after = table(made.pk)
    assert after.timer_due == rearmed < after.turn_deadline
    assert len(queued) == timers  # the pending timer sets itself again when it runs
    assert held.take(made.pk)[0].timer_due == rearmed  # the next move's check


def test_the_statement_arms_a_timer_when_the_rows_is_not_pending(make_user, monkeypatch, queued):
    made, players, used = _first_move(make_user, monkeypatch)
    lost = timezone.now() - timedelta(seconds=30)
    Table.objects.filter(pk=made.pk).update(timer_due=lost)  # due long ago, never ran
    before = timezone.now()
    _next_move(made, players)
    after = table(made.pk)
    assert used == ["cas", "cas"]
    assert after.timer_due == after.turn_deadline
    assert queued[-1] == ("turn_timeout", (made.pk, after.moves))
    assert queued.delays[-1] <= (after.turn_deadline - before).total_seconds()
    assert held.take(made.pk)[0].timer_due == after.turn_deadline
