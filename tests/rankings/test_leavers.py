"""Leavers (docs/rules.md §4.4): leaving rated games, repeated, earns a growing wait before the
next rated game, told in the player's language, never a 500; the pool can be told to skip
players below a completion rate."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from games import services
from games.models import Move, PoolEntry, Table
from rankings import leavers
from rankings.models import SeatResult
from tests.rankings.helpers import store, winning

pytestmark = pytest.mark.django_db


def leave(user, score, minutes_ago: float = 0) -> None:
    """A rated game `user` left to the stand-in after two decisions, scored, ended
    `minutes_ago`."""
    gone = lambda seat, n: Move.By.TIMEOUT if seat == 0 and n >= 2 else None  # noqa: E731
    table = store(winning("german", 2, 0), [user, "club"], by=gone)
    score(table)
    ended = timezone.now() - timedelta(minutes=minutes_ago)
    SeatResult.objects.filter(table=table).update(finished=ended)


def test_the_wait_grows_with_each_leave_of_the_week_up_to_a_day():
    assert [leavers.wait_minutes(n) for n in range(1, 8)] == [0, 10, 30, 90, 270, 810, 1440]


def test_the_first_leave_in_a_week_earns_no_wait(make_user, score):
    ann = make_user("ann")
    leave(ann, score)
    assert leavers.rated_wait(ann.pk) is None


def test_a_second_leave_in_a_week_earns_ten_minutes(make_user, score):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=60 * 24 * 3)
    leave(ann, score, minutes_ago=1)
    wait = leavers.rated_wait(ann.pk)
    assert wait.leaves == 2
    assert timedelta(minutes=8) < wait.until - timezone.now() < timedelta(minutes=10)


def test_the_wait_ends_and_leaves_older_than_a_week_no_longer_count(make_user, score):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=60 * 24 * 8)
    leave(ann, score, minutes_ago=12)
    assert leavers.rated_wait(ann.pk) is None  # the one of 8 days ago does not count
    leave(ann, score, minutes_ago=11)
    assert leavers.rated_wait(ann.pk) is None  # two leaves: ten minutes from the last, over


def test_an_early_resignation_counts_as_a_leave(make_user, score):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=5)
    table = services.table_play_now(ann, "german", 2, "club")
    Table.objects.filter(pk=table.pk).update(rated=True)
    services.move_play(table.pk, {"action": "resign"}, user=ann)
    score(Table.objects.get(pk=table.pk))
    assert leavers.rated_wait(ann.pk).leaves == 2


def test_a_waiting_player_is_refused_by_the_rated_pool_with_the_wait(make_user, score):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=2)
    leave(ann, score, minutes_ago=1)
    with pytest.raises(services.ServiceError) as refused:
        services.pool_join(ann, "c-ann", "german", rated=True)
    assert refused.value.code == "rated_wait" and "UTC" in refused.value.message
    assert "2 rated games" in refused.value.message
    assert not PoolEntry.objects.exists()
    services.pool_join(ann, "c-ann", "german")  # casual: open now


def test_a_waiting_player_may_not_create_or_join_a_rated_table(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    leave(ann, score, minutes_ago=2)
    leave(ann, score, minutes_ago=1)
    with pytest.raises(services.ServiceError):
        services.table_create(ann, "german", 2, rated=True)
    table = services.table_create(bob, "german", 2, rated=True)
    with pytest.raises(services.ServiceError):
        services.seat_take(ann, table.pk)
    casual = services.table_create(bob, "german", 2)
    assert services.seat_take(ann, casual.pk)


@pytest.mark.parametrize("language,word", [("de", "gewertete"), ("nl", "gewaardeerd")])
def test_the_wait_is_told_in_the_players_language(make_user, score, language, word):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=2)
    leave(ann, score, minutes_ago=1)
    with translation.override(language):
        assert word in leavers.rated_bar_text(ann.pk)


def test_the_wait_ends_at_a_time_in_the_players_zone(make_user, score):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=2)
    leave(ann, score, minutes_ago=1)
    until = leavers.rated_wait(ann.pk, timezone.now()).until
    with timezone.override(zoneinfo.ZoneInfo("Europe/Berlin")):
        local = timezone.localtime(until)
        text = leavers.rated_bar_text(ann.pk)
    assert f"at {local:%H:%M} {local.tzname()})" in text and "UTC" not in text
    assert f"at {until:%H:%M} UTC)" in leavers.rated_bar_text(ann.pk)  # no zone chosen


def test_the_lobby_shows_a_waiting_player_their_wait(make_user, score):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=2)
    leave(ann, score, minutes_ago=1)
    client = Client()
    client.force_login(ann)
    page = client.get("/lobby/")
    assert page.status_code == 200
    assert 'data-testid="rated-wait"' in page.content.decode()
    assert "your next rated game can start in" in page.content.decode()


def test_the_pool_skips_players_below_the_completion_rate_it_is_set_to(make_user, score, settings):
    settings.WHIST_POOL_MIN_COMPLETION = (80, 4)
    ann, bob = make_user("ann"), make_user("bob")
    for _ in range(3):
        score(store(winning("german", 2, 0), [ann, "club"]))
    leave(ann, score, minutes_ago=60 * 24 * 8)  # too old for a wait, not for the rate
    with pytest.raises(services.ServiceError) as refused:
        services.pool_join(ann, "c-ann", "german", rated=True)
    assert "75%" in refused.value.message and "80%" in refused.value.message
    for _ in range(4):
        score(store(winning("german", 2, 0), [bob, "club"]))
    services.pool_join(bob, "c-bob", "german", rated=True)  # 100%


def test_practice_games_left_do_not_lower_the_completion_rate(make_user, score, settings):
    settings.WHIST_POOL_MIN_COMPLETION = (80, 4)
    ann = make_user("ann")
    original = store(winning("german", 2, 0), [ann, "club"], rated=False)
    for _ in range(3):
        score(store(winning("german", 2, 0), [ann, "club"]))
    gone = lambda seat, n: Move.By.TIMEOUT if seat == 0 and n >= 2 else None  # noqa: E731
    for _ in range(2):
        score(store(winning("german", 2, 0), [ann, "club"], rated=False, by=gone,
                    practice_of=original))  # fmt: skip
    assert leavers.completion(ann.pk, 4) == (4, 4)
    services.pool_join(ann, "c-ann", "german", rated=True)


def test_the_completion_rate_is_not_asked_by_default(make_user, score):
    ann = make_user("ann")
    for minutes in (60 * 24 * 9, 60 * 24 * 8):
        leave(ann, score, minutes_ago=minutes)
    services.pool_join(ann, "c-ann", "german", rated=True)
    assert PoolEntry.objects.filter(user=ann).exists()


def test_the_game_over_awards_of_a_leave_say_when_the_next_rated_game_can_start(make_user, score):
    ann = make_user("ann")
    leave(ann, score, minutes_ago=2)
    leave(ann, score, minutes_ago=1)
    last = SeatResult.objects.filter(user=ann).latest("finished")
    client = Client()
    client.force_login(ann)
    awards = client.get(f"/rankings/awards/{last.table_id}/").json()["awards"]
    assert awards["left"] and awards["wait_until"] == leavers.rated_wait(ann.pk).until.isoformat()


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_tells_a_waiting_player_and_stays_open(make_user, score):
    from channels.db import database_sync_to_async as db

    from tests.games.conftest import session_headers
    from tests.games.helpers import Communicator
    from tests.games.test_consumers import until
    from whistsite.asgi import application

    ann = await db(make_user)("ann")
    await db(leave)(ann, score, 2)
    await db(leave)(ann, score, 1)
    headers = await db(session_headers)(ann)
    socket = Communicator(application, "/ws/lobby/?pool=1", headers=headers)
    assert (await socket.connect())[0]
    await socket.send_json_to({"type": "pool_join", "game": "german", "rated": True})
    error = await until(socket, "error")
    assert error["code"] == "rated_wait" and "UTC" in error["message"]
    await socket.send_json_to({"type": "ping"})
    await until(socket, "pong")
    await socket.disconnect()


def test_a_wait_that_began_in_the_pool_drops_the_player_and_the_line_still_matches(
    make_user, score
):
    ann, bob = make_user("ann"), make_user("bob")
    services.pool_join(ann, "c-ann", "german", rated=True)
    leave(ann, score, minutes_ago=2)
    leave(ann, score, minutes_ago=1)
    services.pool_join(bob, "c-bob", "german", rated=True, bots_after=15)
    assert not PoolEntry.objects.filter(user=ann).exists()
    assert PoolEntry.objects.filter(user=bob).exists()  # not seated with a waiting player
