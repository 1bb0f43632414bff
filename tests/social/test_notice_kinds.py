"""The new notice kinds (issue 45 item 3), each with its switches: your turn at a timed
table you are not looking at; a friend came online (off by default); an event of yours
starting in 10 minutes, and started."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from games import services as games
from games import signals as games_signals
from games.models import Presence, Seat, Table
from games.sockets.limits import page_close
from social import receivers, services
from social.models import Kind, Notification
from social.texts import text
from tests.games.helpers import german_table, play_first_legal, state
from tests.staff import second_factor
from tournaments import services as events
from tournaments.models import Event
from tournaments.services.live import event_page

pytestmark = pytest.mark.django_db


def kinds_of(user) -> list[str]:
    return list(
        Notification.objects.filter(user=user).order_by("pk").values_list("kind", flat=True)
    )


def test_your_turn_at_a_timed_table_you_are_not_at_is_told_once_until_read(
    make_user, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(receivers, "TURN_NOTICE_AFTER", 0)  # looked at again at once
    ann, bob = make_user("ann"), make_user("bob")
    with django_capture_on_commit_callbacks(execute=True):
        table = german_table(ann, bob)
    first = state(table.pk).to_act
    player = (ann, bob)[first]
    (note,) = Notification.objects.filter(kind=Kind.TURN)
    assert note.user == player and note.data == {"table_id": table.pk, "game": "german"}
    # Each further turn of theirs adds nothing while that notice is unread.
    for _ in range(6):
        to_act = state(table.pk).to_act
        with django_capture_on_commit_callbacks(execute=True):
            play_first_legal(table.pk, (ann, bob)[to_act], to_act)
    assert Notification.objects.filter(kind=Kind.TURN, user=player).count() == 1


def test_a_turn_played_or_a_table_opened_meanwhile_is_not_told(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    seat = state(table.pk).to_act
    player = (ann, bob)[seat]
    moves = Table.objects.get(pk=table.pk).moves
    Presence.objects.create(
        seat=Seat.objects.get(table=table, index=seat), channel="c", seen=timezone.now()
    )
    assert services.turn_notify(table.pk, player.pk, moves) is None  # they opened it
    Presence.objects.all().delete()
    play_first_legal(table.pk, player, seat)
    assert services.turn_notify(table.pk, player.pk, moves) is None  # they played
    assert not Notification.objects.filter(kind=Kind.TURN).exists()


def test_no_turn_notice_at_the_table_you_are_at_or_without_a_time_limit(
    make_user, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(receivers, "TURN_NOTICE_AFTER", 0)
    ann, bob = make_user("ann"), make_user("bob")
    with django_capture_on_commit_callbacks(execute=True):
        table = games.table_create(ann, "german", time_limit=0)
        games.seat_take(bob, table.pk)
        games.table_start(ann, table.pk)
    assert not Notification.objects.filter(kind=Kind.TURN).exists()

    timed = games.table_create(ann, "german")
    games.seat_take(bob, timed.pk)
    for seat in Seat.objects.filter(table=timed):
        Presence.objects.create(seat=seat, channel=f"c{seat.index}", seen=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        games.table_start(ann, timed.pk)
    assert Table.objects.get(pk=timed.pk).status == Table.Status.PLAYING
    assert not Notification.objects.filter(kind=Kind.TURN).exists()


def friends(a, b) -> None:
    services.friend_request(a, b)
    services.friend_accept(b, b.friendship_requests_received.get().pk)


def test_a_friend_coming_online_is_told_only_to_friends_who_turned_it_on(make_user):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    friends(ann, bob)
    friends(ann, cy)
    services.settings_save(bob, [])  # every box ticked: friend_online turned on
    cache.delete(f"social-came-online:{ann.pk}")
    games_signals.came_online.send(sender=None, user_id=ann.pk)
    (note,) = Notification.objects.filter(kind=Kind.FRIEND_ONLINE)
    assert note.user == bob and note.data["name"] == "Ann"
    assert Kind.FRIEND_ONLINE not in kinds_of(cy)  # off by default
    games_signals.came_online.send(sender=None, user_id=ann.pk)  # back after a blip
    assert Notification.objects.filter(kind=Kind.FRIEND_ONLINE).count() == 1


def test_the_profile_shows_friend_online_off_until_turned_on(make_user):
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)
    page = client.get("/accounts/profile/", follow=True).content.decode()
    assert 'value="friend_online" aria-labelledby="kind-friend_online">' in page
    assert 'value="invitation" aria-labelledby="kind-invitation" checked>' in page


def test_an_event_starting_in_ten_minutes_and_its_start_are_told(
    make_user, django_capture_on_commit_callbacks
):
    staff = make_user("director")
    staff.is_staff = True
    staff.save()
    second_factor(staff)
    ann, bob = make_user("ann"), make_user("bob")
    start = timezone.now() + timedelta(minutes=8)
    event = events.event_create(staff, name="Friday cup", game="german", rounds=1,
                                table_size=2, starts_at=start)  # fmt: skip
    for user in (ann, bob):
        events.entry_join(user, event.pk)
    cache.clear()
    with django_capture_on_commit_callbacks(execute=True):
        events.event_tick(timezone.now())
        events.event_tick(timezone.now())  # once per start time
    soon = Notification.objects.filter(kind=Kind.EVENT_START)
    assert sorted(n.user.username for n in soon) == ["ann", "bob"]
    assert soon[0].data["what"] == "starting_soon"
    assert soon[0].data["url"] == f"/events/{event.pk}/"
    # It says when, as it may come sooner than in 10 minutes (at a late sign-up, say).
    assert text(Kind.EVENT_START, soon[0].data) == (
        f"Friday cup starts at {start.strftime('%Y-%m-%d %H:%M')} UTC."
    )

    for user in (ann, bob):  # both on the event page (its socket says so as it closes)
        page_close(event_page(event.pk), user.pk, "test-socket")
    with django_capture_on_commit_callbacks(execute=True):
        events.event_tick(start + timedelta(seconds=1))
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    started = Notification.objects.filter(kind=Kind.EVENT_START, data__what="started")
    assert started.count() == 2
    assert Kind.EVENT in kinds_of(ann)  # and the table dealt, as events tell it


def test_an_event_start_switched_off_is_not_told(make_user, django_capture_on_commit_callbacks):
    staff = make_user("director")
    staff.is_staff = True
    staff.save()
    second_factor(staff)
    ann = make_user("ann")
    services.settings_save(ann, [Kind.EVENT_START])
    event = events.event_create(staff, name="Cup", game="german", rounds=1, table_size=2,
                                starts_at=timezone.now() + timedelta(minutes=5))  # fmt: skip
    events.entry_join(ann, event.pk)
    cache.clear()
    with django_capture_on_commit_callbacks(execute=True):
        events.event_tick(timezone.now())
    assert not Notification.objects.filter(kind=Kind.EVENT_START).exists()
