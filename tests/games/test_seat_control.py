"""Honest seat control (docs/protocol.md §"Time, presence, bots"): a bot stands in after a
timeout until the player says they are back; a resigned Knockout player is resigned, never
away; a waiting table outlives its last player's short absence (unless its creator left it
to nobody: tests/games/test_table_slots.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, tasks
from games.engine.views import seat_view
from games.models import Seat, Table
from games.reads import lobby, messages

from .helpers import german_table, state, table

pytestmark = pytest.mark.django_db(transaction=True)


def _time_out(table_id: int, moves: int) -> None:
    Table.objects.filter(pk=table_id).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert tasks.turn_timeout.run(table_id, moves)


def test_i_am_back_returns_the_seat_and_its_turn_to_the_player(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    first = state(t.pk).to_act
    player = [ann, bob][first]
    _time_out(t.pk, 0)
    other = [ann, bob][1 - first]
    # Play the other seat until the away player is to act again (the bot would play it).
    while state(t.pk).to_act != first:
        card = _legal_card(t.pk, 1 - first)
        services.move_play(t.pk, {"action": "play", "card": card}, table(t.pk).version, user=other)
    assert Seat.objects.get(table=t, index=first).away
    assert queued[-1][0] == "bot_move"  # a bot plays the away seat's turn, on no clock
    assert messages.table_payload(table(t.pk), player)["table"]["deadline"] is None

    services.seat_back(t.pk, player)

    assert not Seat.objects.get(table=t, index=first).away
    # The player's own clock again, not the bot: the table's timer is due by the deadline.
    back = table(t.pk)
    assert queued[-1][0] == "bot_move" and back.turn_deadline is not None
    assert timezone.now() < back.timer_due <= back.turn_deadline
    payload = messages.table_payload(table(t.pk), player)
    assert payload["table"]["deadline"] is not None
    assert payload["view"]["legal"]


def test_a_resigned_knockout_player_is_shown_resigned_not_away(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, None, "beginner"])
    services.seat_take(bob, t.pk, 1)
    services.table_start(ann, t.pk)
    services.move_play(t.pk, {"action": "resign"}, table(t.pk).version, user=bob)

    payload = messages.table_payload(table(t.pk), ann)
    assert payload["table"]["status"] == "playing"
    assert payload["view"]["resigned"] == [1]
    assert payload["table"]["seats"][1]["away"] is False


def test_a_resigned_player_who_leaves_the_page_does_not_become_away(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, None, "beginner"])
    services.seat_take(bob, t.pk, 1)
    services.table_start(ann, t.pk)
    services.seat_connect(t.pk, bob, "bob-1")
    services.move_play(t.pk, {"action": "resign"}, table(t.pk).version, user=bob)
    services.seat_disconnect(t.pk, "bob-1")
    name, args = queued[-1]
    assert name == "away_check"

    assert not tasks.away_check.run(*args)
    assert not Seat.objects.get(table=t, index=1).away


def _left_empty(ann, bob, private: bool = False) -> Table:
    """A table `ann` made and stood up from while `bob` sat there, then `bob` stood up too:
    empty, and not closed at once (only its creator leaving it to nobody closes it)."""
    t = services.table_create(ann, "german", private=private)
    session: dict = {}
    assert not private or services.table_invite_accept(session, t.pk, t.invite_token)
    services.seat_take(bob, t.pk, 1, session=session)
    assert not services.seat_leave(ann, t.pk)
    assert not services.seat_leave(bob, t.pk)
    return t


def test_a_waiting_table_stays_open_when_its_last_player_leaves(make_user):
    t = _left_empty(make_user("ann"), make_user("bob"), private=True)

    assert services.table_close_abandoned() == 0
    assert table(t.pk).status == Table.Status.OPEN


def test_an_invited_guest_can_sit_down_while_the_table_is_empty(make_user):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    t = _left_empty(ann, bob, private=True)
    session: dict = {}
    assert services.table_invite_accept(session, t.pk, t.invite_token)

    services.seat_take(cy, t.pk, 1, session=session)
    _age(t.pk, 3600)  # long after the grace period: a player sits there now
    Seat.objects.filter(table=t, user=cy).update(last_seen=timezone.now())

    assert services.table_close_abandoned() == 0
    assert table(t.pk).status == Table.Status.OPEN


def test_a_table_left_empty_closes_after_the_grace_period(make_user, settings):
    t = _left_empty(make_user("ann"), make_user("bob"))
    _age(t.pk, settings.WHIST_OPEN_EMPTY_GRACE + 5)

    assert services.table_close_abandoned() == 1
    assert table(t.pk).status == Table.Status.ABORTED
    assert t.pk not in [entry["id"] for entry in lobby.page_tables(lobby.ListFilter())[0]]


def test_the_creator_coming_back_within_the_grace_period_keeps_the_table(make_user, settings):
    ann = make_user("ann")
    t = _left_empty(ann, make_user("bob"))
    services.seat_take(ann, t.pk, 0)
    _age(t.pk, settings.WHIST_OPEN_EMPTY_GRACE + 5)
    Seat.objects.filter(table=t, user=ann).update(last_seen=timezone.now())

    assert services.table_close_abandoned() == 0
    assert table(t.pk).status == Table.Status.OPEN


def _age(table_id: int, seconds: float) -> None:
    """The table was made, and its seats last used, `seconds` ago."""
    then = timezone.now() - timedelta(seconds=seconds)
    Table.objects.filter(pk=table_id).update(created=then)
    Seat.objects.filter(table_id=table_id).update(last_seen=then)


def _legal_card(table_id: int, seat: int) -> str:
    view = seat_view(state(table_id), seat)
    return next(a["card"] for a in view["legal"] if a["action"] == "play")
