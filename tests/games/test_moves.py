"""The one door for every move: locking, versions, bots, timeouts, resignation and restarts."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games import services, tasks
from games.engine.views import seat_view
from games.gamestate import cache_clear
from games.models import Move, Seat, Table
from games.reads import messages
from games.services import ServiceError

from .helpers import german_table, play_first_legal, play_turns, state, table

pytestmark = pytest.mark.django_db(transaction=True)


def seated(t: Table, users: list[Any]) -> dict[int, Any]:
    return {s.index: s.user for s in Seat.objects.filter(table=t).select_related("user")}


def test_two_moves_for_the_same_turn_at_the_same_moment_one_is_applied(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    s = state(t.pk)
    mover = seated(t, [ann, bob])[s.to_act]
    cards = [e["card"] for e in seat_view(s, s.to_act)["legal"][:2]]
    version = table(t.pk).version
    barrier, outcomes = threading.Barrier(2), []

    def send(card: str) -> None:
        barrier.wait()
        try:
            services.move_play(t.pk, {"action": "play", "card": card}, version, user=mover)
            outcomes.append("applied")
        except ServiceError as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(c,)) for c in cards]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["applied", "stale"]
    assert Move.objects.filter(table=t).count() == 1


def test_a_user_cannot_act_for_another_seat(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    s = state(t.pk)
    users = seated(t, [ann, bob])
    waiting, card = users[1 - s.to_act], seat_view(s, s.to_act)["legal"][0]["card"]

    with pytest.raises(ServiceError) as refused:
        services.move_play(
            t.pk, {"action": "play", "card": card, "seat": s.to_act}, table(t.pk).version,
            user=waiting,
        )  # fmt: skip
    assert refused.value.code in ("not_your_turn", "card_not_in_hand")
    with pytest.raises(ServiceError) as refused:
        services.move_play(t.pk, {"action": "play", "card": card}, 0, user=make_user("eve"))
    assert refused.value.code == "not_seated"
    assert Move.objects.filter(table=t).count() == 0


def test_a_move_against_an_old_version_is_stale_but_presence_changes_are_not(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    s = state(t.pk)
    mover = seated(t, [ann, bob])[s.to_act]
    seen = table(t.pk).version
    services.seat_connect(t.pk, ann, "ann-1")  # a change that is not a move

    play_card = seat_view(s, s.to_act)["legal"][0]["card"]
    services.move_play(t.pk, {"action": "play", "card": play_card}, seen, user=mover)
    with pytest.raises(ServiceError) as refused:
        services.move_play(t.pk, {"action": "play", "card": play_card}, seen, user=mover)
    assert refused.value.code == "stale"


def test_a_bot_task_delivered_twice_plays_once(make_user, queued):
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, "club", "club"])
    services.table_start(ann, t.pk)
    while state(t.pk).to_act == 0:
        play_first_legal(t.pk, ann, 0)
    name, args = queued[-1]
    assert name == "bot_move" and args == (t.pk, table(t.pk).moves)

    tasks.bot_move.apply(args=args)
    tasks.bot_move.apply(args=args)

    assert Move.objects.filter(table=t).count() == args[1] + 1
    assert Move.objects.filter(table=t).last().by == Move.By.BOT


def test_bots_play_a_whole_game_to_the_stored_record(make_user):
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 4, bot_levels=[None, "beginner", "club", "expert"])
    services.table_start(ann, t.pk)
    while table(t.pk).status == Table.Status.PLAYING:
        assert state(t.pk).to_act == 0  # the bots have played up to the human's turn
        play_first_legal(t.pk, ann, 0)

    done = table(t.pk)
    assert done.status == Table.Status.FINISHED and done.record["result"]
    assert done.record["seats"][1] == {"name": "Bot (Beginner)", "bot": "beginner"}
    assert (
        done.moves
        == Move.objects.filter(table=t).count()
        == sum(len(d["events"]) for d in done.record["deals"])
    )


def test_knockout_resign_lets_a_bot_play_the_seat_to_the_end(make_user):
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, "beginner", "beginner"])
    services.table_start(ann, t.pk)
    services.move_play(t.pk, {"action": "resign"}, table(t.pk).version, user=ann)

    done = table(t.pk)
    assert done.status == Table.Status.FINISHED
    # Resigned, which is not away (docs/protocol.md §"Time, presence, bots").
    assert not done.seats.get(index=0).away
    assert done.record["result"]["ranking"][-1] == [0]  # docs/rules.md §1: resigned last
    assert Move.objects.filter(table=t, seat=0, by=Move.By.BOT).exists()


def test_whist_resign_ends_the_match(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.move_play(t.pk, {"action": "resign"}, table(t.pk).version, user=bob)

    assert table(t.pk).status == Table.Status.FINISHED


def test_time_running_out_makes_the_seat_away_and_a_bot_plays(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    s = state(t.pk)
    assert queued[-1] == ("turn_timeout", (t.pk, 0))
    assert not tasks.turn_timeout.run(t.pk, 0)  # not yet: the deadline is in the future
    Table.objects.filter(pk=t.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))

    assert tasks.turn_timeout.run(t.pk, 0)
    assert not tasks.turn_timeout.run(t.pk, 0)
    assert Move.objects.get(table=t).by == Move.By.TIMEOUT
    assert Seat.objects.get(table=t, index=s.to_act).away
    payload = messages.table_payload(table(t.pk), ann)
    assert payload["table"]["seats"][s.to_act]["away"]

    services.seat_back(t.pk, seated(t, [ann, bob])[s.to_act])
    assert not Seat.objects.get(table=t, index=s.to_act).away


def test_a_tables_human_turns_share_one_pending_timer(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    play_turns(t.pk, seated(t, [ann, bob]), 6)

    assert [name for name, _args in queued] == ["turn_timeout"]  # set at the deal, once
    current = table(t.pk)
    assert timezone.now() < current.timer_due < current.turn_deadline


def test_a_timer_that_finds_the_deadline_later_sets_itself_again_for_it(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    players = seated(t, [ann, bob])
    seat = state(t.pk).to_act
    play_first_legal(t.pk, players[seat], seat)
    Table.objects.filter(pk=t.pk).update(timer_due=timezone.now())  # the first timer's time

    before = timezone.now()
    assert not tasks.turn_timeout.run(t.pk, 0)  # the turn moved on: nobody is timed out
    after = timezone.now()

    current = table(t.pk)
    assert queued[-1] == ("turn_timeout", (t.pk, current.moves))
    assert current.timer_due == current.turn_deadline
    # The delay runs from when the task looked at the clock, between `before` and `after`
    # (a loaded machine put more than a second between the task and a later reading).
    deadline = current.turn_deadline
    assert (deadline - after).total_seconds() <= queued.delays[-1]
    assert queued.delays[-1] <= (deadline - before).total_seconds()
    assert not tasks.turn_timeout.run(t.pk, 0)  # early again: the pending timer stays
    assert len(queued) == 2


def test_a_lost_timer_is_replaced_at_the_next_turn(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    players = seated(t, [ann, bob])
    lost = timezone.now() - timedelta(seconds=30)
    Table.objects.filter(pk=t.pk).update(timer_due=lost)  # due long ago, never ran
    seat = state(t.pk).to_act
    play_first_legal(t.pk, players[seat], seat)

    assert [name for name, _args in queued] == ["turn_timeout", "turn_timeout"]
    assert table(t.pk).timer_due == table(t.pk).turn_deadline


def test_a_player_disconnected_past_the_grace_period_is_away(make_user, queued):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.seat_connect(t.pk, ann, "ann-1")
    services.seat_disconnect(t.pk, "ann-1")
    name, args = queued[-1]
    assert name == "away_check"

    assert tasks.away_check.run(*args)
    assert Seat.objects.get(table=t, user=ann).away
    services.seat_connect(t.pk, ann, "ann-2")
    assert not Seat.objects.get(table=t, user=ann).away


def test_the_watchdog_queues_an_overdue_bot_turn_again(make_user, queued):
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, "club", "club"])
    services.table_start(ann, t.pk)
    while state(t.pk).to_act == 0:
        play_first_legal(t.pk, ann, 0)
    queued.clear()
    assert tasks.watchdog.run() == 0
    Table.objects.filter(pk=t.pk).update(turn_deadline=timezone.now() - timedelta(minutes=1))

    assert tasks.watchdog.run() == 1
    assert queued == [("bot_move", (t.pk, table(t.pk).moves))]


def test_a_restarted_process_continues_from_the_stored_move_log(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    users = seated(t, [ann, bob])
    play_turns(t.pk, users, 5)
    before = [messages.table_payload(table(t.pk), u) for u in (ann, bob, None)]

    cache_clear()  # what a restart loses

    after = [messages.table_payload(table(t.pk), u) for u in (ann, bob, None)]
    assert after == before
    to_act = state(t.pk).to_act
    play_first_legal(t.pk, users[to_act], to_act)
    assert table(t.pk).moves == 6
