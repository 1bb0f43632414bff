"""Friends: ask and accept (or decline), the friends list with who is
online and who sits at a table, and the block list working against all of it."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from friendship.models import Friend, FriendshipRequest

from accounts.services import block_add
from games import services as games
from games.sockets import limits
from social import selectors, services
from social.models import Kind, Notification
from social.services import ServiceError

pytestmark = pytest.mark.django_db


def befriend(a, b) -> None:
    request = services.friend_request(a, b)
    services.friend_accept(b, request.pk)


def test_a_request_waits_for_the_other_players_answer(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    request = services.friend_request(ann, bob)
    assert not selectors.are_friends(ann.pk, bob.pk)
    assert Notification.objects.get(user=bob).kind == Kind.FRIEND_REQUEST
    services.friend_accept(bob, request.pk)
    assert selectors.are_friends(ann.pk, bob.pk) and selectors.are_friends(bob.pk, ann.pk)
    accepted = Notification.objects.filter(user=ann, kind=Kind.FRIEND_REQUEST).get()
    assert accepted.data["accepted"] is True


def test_a_declined_request_makes_no_friends(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    request = services.friend_request(ann, bob)
    services.friend_decline(bob, request.pk)
    assert not selectors.are_friends(ann.pk, bob.pk)
    assert selectors.requests_received(bob) == []


def test_asking_someone_who_asked_you_accepts_their_request(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    services.friend_request(ann, bob)
    assert services.friend_request(bob, ann) is None
    assert selectors.are_friends(ann.pk, bob.pk)


def test_only_the_asked_player_may_accept(make_user):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    request = services.friend_request(ann, bob)
    with pytest.raises(ServiceError):
        services.friend_accept(cat, request.pk)
    with pytest.raises(ServiceError):
        services.friend_accept(ann, request.pk)


def test_asking_twice_or_oneself_is_refused(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    services.friend_request(ann, bob)
    with pytest.raises(ServiceError) as twice:
        services.friend_request(ann, bob)
    assert twice.value.code == "already_asked"
    with pytest.raises(ServiceError):
        services.friend_request(ann, ann)


@pytest.mark.parametrize("who_blocks", ["asker", "asked"])
def test_a_blocked_or_blocking_player_cannot_be_asked(make_user, who_blocks):
    ann, bob = make_user("ann"), make_user("bob")
    block_add(*((ann, bob) if who_blocks == "asker" else (bob, ann)))
    with pytest.raises(ServiceError) as refused:
        services.friend_request(ann, bob)
    assert refused.value.code == "blocked"


def test_a_block_ends_the_friendship(make_user, django_capture_on_commit_callbacks):
    ann, bob = make_user("ann"), make_user("bob")
    befriend(ann, bob)
    with django_capture_on_commit_callbacks(execute=True):
        block_add(bob, ann)
    assert not Friend.objects.filter(from_user__in=[ann, bob]).exists()
    assert selectors.friends_of(ann) == []


def test_a_blocked_friend_is_hidden_even_before_the_friendship_ends(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    befriend(ann, bob)
    block_add(ann, bob)  # its after-commit receiver never runs in this test's transaction
    assert selectors.friends_of(ann) == [] and selectors.friends_of(bob) == []


def test_a_blocked_players_request_is_not_shown(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    services.friend_request(ann, bob)
    block_add(bob, ann)
    assert selectors.requests_received(bob) == []
    assert FriendshipRequest.objects.count() == 1


def test_a_player_between_two_pages_stays_online_for_the_grace_then_goes_offline(
    make_user, settings
):
    """The old page's socket closes before the next page's opens: no "offline" in between."""
    ann, bob = make_user("ann"), make_user("bob")
    befriend(ann, bob)
    settings.WHIST_ONLINE_GRACE = 1  # whole seconds: the Redis cache drops a fraction
    limits.socket_open(bob.pk, "bob-first-page")
    limits.socket_close(bob.pk, "bob-first-page")
    assert limits.online([bob.pk]) == {bob.pk}
    assert [r.online for r in selectors.friends_of(ann)] == [True]
    time.sleep(1.2)
    assert limits.online([bob.pk]) == set()
    assert [r.online for r in selectors.friends_of(ann)] == [False]


def test_the_friends_list_says_who_is_online_and_at_which_table(make_user):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    befriend(ann, bob)
    befriend(ann, cat)
    limits.socket_open(bob.pk, "channel-of-bob")
    table = games.table_play_now(bob, "german", 2)
    rows = {r.user.username: r for r in selectors.friends_of(ann)}
    assert rows["bob"].online and rows["bob"].table.pk == table.pk
    assert not rows["cat"].online and rows["cat"].table is None
    assert [r.user.username for r in selectors.friends_of(ann)] == ["bob", "cat"]
    client = Client()
    client.force_login(ann)
    page = client.get("/friends/").content.decode()
    assert f'href="/tables/{table.pk}/" data-testid="watch-bob"' in page


def test_a_friend_at_a_private_table_is_not_linked(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    befriend(ann, bob)
    games.table_create(bob, "german", private=True)
    (row,) = selectors.friends_of(ann)
    assert row.table is None and row.private_table


def test_friends_hear_that_a_public_game_started(make_user, django_capture_on_commit_callbacks):
    ann, bob = make_user("ann"), make_user("bob")
    befriend(ann, bob)
    Notification.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        table = games.table_play_now(bob, "german", 2)
    note = Notification.objects.get(user=ann)
    assert note.kind == Kind.TABLE_STARTED and note.data["table_id"] == table.pk
    assert not Notification.objects.filter(user=bob).exists()


def test_asking_from_the_players_page(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    client = Client()
    client.force_login(ann)
    assert 'data-testid="friend-ask"' in client.get("/accounts/players/bob/").content.decode()
    client.post("/friends/ask/bob/")
    assert FriendshipRequest.objects.filter(from_user=ann, to_user=bob).exists()
    page = client.get("/accounts/players/bob/").content.decode()
    assert 'data-testid="friend-asked"' in page


def test_friend_requests_are_limited_per_recipient_counting_withdrawn_ones(make_user, settings):
    ann, bob = make_user("ann"), make_user("bob")
    for _ in range(settings.WHIST_FRIEND_REQUESTS_PER_RECIPIENT):
        services.friend_request(ann, bob)
        services.friend_remove(ann, bob)  # withdrawn
    with pytest.raises(ServiceError) as refused:
        services.friend_request(ann, bob)
    assert refused.value.code == "asked_often"
    services.friend_request(bob, ann)  # the other way is bob's own count
